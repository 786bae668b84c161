"""What Discord's users report but Discord does not document, as switches that are off by
default: the hidden per-channel limit on webhook messages, and interaction tokens whose webhook
requests all answer 404 "Unknown Webhook" while their callback works.

Windows are driven by the emulator's clock (``emu.clock.advance``), never by sleeping.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import discord
import pytest

from sandbox import DiscordEmulator, run_bot
from sandbox.ratelimits import INTERACTION_TOKEN, HiddenLimit, RateLimiter
from tests.sandbox.conftest import World
from tests.sandbox.sandbox_bot import PlainBot

FOLLOWUP = "/webhooks/{application_id}/{token}"
CALLBACK = "/interactions/{interaction_id}/{token}/callback"

Answer = tuple[int, dict[str, str], Any]
STANDARD_HEADERS = (
    "X-RateLimit-Limit",
    "X-RateLimit-Remaining",
    "X-RateLimit-Reset",
    "X-RateLimit-Reset-After",
    "X-RateLimit-Bucket",
)


class HandClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class Webhooks:
    """Raw requests through interaction tokens, as a bot's webhook adapter makes them."""

    def __init__(self, emu: DiscordEmulator, session: aiohttp.ClientSession) -> None:
        assert emu.urls is not None
        self.base = f"{emu.urls.api}/webhooks/{emu.application_id}"
        self.session = session

    async def __call__(self, method: str, token: str, tail: str = "", json: Any = None) -> Answer:
        url = f"{self.base}/{token}{tail}"
        async with self.session.request(method, url, json=json) as resp:
            return resp.status, dict(resp.headers), await resp.json(content_type=None)

    async def followup(self, token: str, content: str, *, ephemeral: bool = True) -> Answer:
        body = {"content": content, "flags": 64 if ephemeral else 0}
        return await self("POST", token, "?wait=true", body)


@pytest.fixture
async def hooks(emu: DiscordEmulator) -> AsyncIterator[Webhooks]:
    async with aiohttp.ClientSession() as session:
        yield Webhooks(emu, session)


async def _kept(emu: DiscordEmulator, world: World, bot: PlainBot, n: int = 1) -> list[str]:
    """Tokens of ``n`` interactions in the table channel, each answered (ephemerally)."""
    before = len(bot.saved)
    for _ in range(n):
        await emu.invoke(world.alice, world.channel, "game later")
    await emu.wait_until(lambda: len(bot.saved) >= before + n or None, what="kept interactions")
    return [i.token for i in bot.saved[before:]]


# ----- the hidden per-channel webhook limit, on its own ----------------------------------------


def test_the_hidden_limit_counts_webhook_messages_per_channel_across_tokens() -> None:
    clock = HandClock()
    limiter = RateLimiter(clock=clock, hidden=HiddenLimit(30, 60.0))
    verdicts = []
    for n in range(31):  # seven tokens in one channel, each within its own 5 / 2 s bucket
        params = {"token": f"t{n // 5}", "channel_id": "1"}
        verdicts.append(limiter.check("POST", FOLLOWUP, params))
    assert all(v is not None and v.refused is None for v in verdicts[:30])
    over = verdicts[30]
    assert over is not None and over.refused == "shared"
    assert over.retry_after == pytest.approx(60.0)
    # Its answer reports the token's bucket, which still has requests left: no warning.
    assert over.rule is INTERACTION_TOKEN and over.remaining == 4
    other_channel = limiter.check("POST", FOLLOWUP, {"token": "t9", "channel_id": "2"})
    assert other_channel is not None and other_channel.refused is None
    # Callbacks and edits are not webhook message creates.
    assert limiter.check("POST", CALLBACK, {"token": "t10"}) is None
    clock.now += 60.0
    fresh = limiter.check("POST", FOLLOWUP, {"token": "t11", "channel_id": "1"})
    assert fresh is not None and fresh.refused is None


def test_the_hidden_limit_is_off_unless_asked_for() -> None:
    limiter = RateLimiter(clock=HandClock())
    verdicts = [
        limiter.check("POST", FOLLOWUP, {"token": f"t{n}", "channel_id": "1"}) for n in range(40)
    ]
    assert all(v is not None and v.refused is None for v in verdicts)


# ----- the hidden limit over HTTP ------------------------------------------------------------


async def test_the_31st_followup_in_a_minute_is_refused_without_warning(
    emu: DiscordEmulator, world: World, bot: PlainBot, hooks: Webhooks
) -> None:
    emu.limit_webhooks_per_channel()
    tokens = await _kept(emu, world, bot, 7)  # seven callbacks in the channel: they do not count
    answers = [await hooks.followup(tokens[n // 5], f"note {n}") for n in range(31)]
    assert [status for status, _, _ in answers] == [200] * 30 + [429]
    for _, headers, _ in answers[:30]:
        # Every answer describes the token's own bucket only: nothing warns of the 30 / 60 s.
        limits = {k for k in headers if k.lower().startswith("x-ratelimit")}
        assert limits == set(STANDARD_HEADERS)
        assert headers["X-RateLimit-Limit"] == "5"
        assert headers["X-RateLimit-Bucket"] == INTERACTION_TOKEN.bucket
        assert float(headers["X-RateLimit-Reset-After"]) <= 2.0
    _, refused, body = answers[30]
    assert refused["X-RateLimit-Scope"] == "shared"
    assert refused["Via"] and refused["Content-Type"] == "application/json"
    assert refused["X-RateLimit-Remaining"] == "4"  # the token's bucket, still not used up
    assert "X-RateLimit-Global" not in refused
    assert body == {
        "message": "You are being rate limited.",
        "retry_after": body["retry_after"],
        "global": False,
        "code": 0,
    }
    assert 59.0 < body["retry_after"] <= 60.0
    assert refused["Retry-After"] == "60"
    [hit] = emu.rate_limits(scope="shared")
    assert (hit.route, hit.injected, hit.bucket) == (FOLLOWUP, False, INTERACTION_TOKEN.bucket)
    # Discord does not count shared 429s toward the invalid-request limit.
    [error] = emu.client_errors(status=429)
    assert not error.invalid and emu.invalid_request_count() == 0
    with pytest.raises(AssertionError, match="1 shared 429"):
        emu.assert_no_rate_limits(scope="shared")
    emu.clock.advance(60.0)
    status, _, _ = await hooks.followup(tokens[6], "a minute later")
    assert status == 200


async def test_a_channel_next_door_has_its_own_minute(
    emu: DiscordEmulator, world: World, bot: PlainBot, hooks: Webhooks
) -> None:
    emu.limit_webhooks_per_channel(limit=2, period=60.0)
    [here] = await _kept(emu, world, bot)
    await emu.invoke(world.bob, world.other_channel, "game later")
    await emu.wait_until(lambda: len(bot.saved) == 2 or None, what="the second interaction")
    there = bot.saved[-1].token
    assert [(await hooks.followup(here, str(n)))[0] for n in range(3)] == [200, 200, 429]
    assert [(await hooks.followup(there, str(n)))[0] for n in range(2)] == [200, 200]


async def test_discord_py_waits_out_a_shared_429_and_the_followup_arrives(
    emu: DiscordEmulator, world: World, bot: PlainBot
) -> None:
    # A short window, so that the client's own sleep (real time) stays short.
    emu.limit_webhooks_per_channel(limit=3, period=0.3)
    await _kept(emu, world, bot)
    [interaction] = bot.saved
    for n in range(4):
        await interaction.followup.send(f"note {n}", ephemeral=True)
    handle = emu.interactions[interaction.id]
    assert [m.content for m in handle.followups] == [f"note {n}" for n in range(4)]
    assert len(emu.rate_limits(scope="shared")) == 1
    assert emu.invalid_request_count() == 0


async def test_the_reported_limits_switch_turns_both_on() -> None:
    async with DiscordEmulator(reported_limits=True) as emu:
        assert emu.limiter.hidden == HiddenLimit(30, 60.0)
        assert emu._failing_share == pytest.approx(0.05)
    async with DiscordEmulator(reported_limits=True, failing_tokens=0.0) as emu:
        assert emu.limiter.hidden is not None and emu._failing_share == 0.0
    async with DiscordEmulator(failing_tokens=0.2, failing_seed=3) as emu:
        assert emu.limiter.hidden is None and emu._failing_share == pytest.approx(0.2)
    async with DiscordEmulator() as emu:
        assert emu.limiter.hidden is None and emu._failing_share == 0.0


# ----- failing interaction tokens ------------------------------------------------------------


async def test_a_failing_token_answers_unknown_webhook_while_its_callback_works(
    emu: DiscordEmulator, world: World, bot: PlainBot, hooks: Webhooks
) -> None:
    handle = await emu.invoke(world.alice, world.channel, "game later")
    emu.fail_token(handle)
    await handle.wait_ack()  # the callback went through
    await emu.wait_until(lambda: bot.saved or None, what="the kept interaction")
    token = handle.token
    assert emu.failing_tokens == {token}
    first = await hooks.followup(token, "first")
    assert (first[0], first[2]) == (404, {"message": "Unknown Webhook", "code": 10015})
    assert emu.failed_tokens() == [token]
    # The bot should stop here; these two are what a careless bot does next.
    for method in ("GET", "PATCH"):
        status, _, body = await hooks(method, token, "/messages/@original", {"content": "x"})
        assert (status, body["code"]) == (404, 10015)
    after = emu.requests_after_unknown_webhook()
    assert [(r.method, r.route) for r in after] == [
        ("GET", "/webhooks/{application_id}/{token}/messages/{message_id}"),
        ("PATCH", "/webhooks/{application_id}/{token}/messages/{message_id}"),
    ]
    assert emu.requests_after_unknown_webhook_by_token() == {token: 2}
    errors = emu.client_errors(status=404)
    assert [(e.code, e.failing_token, e.invalid, e.injected) for e in errors] == [
        (10015, True, False, False)
    ] * 3
    emu.assert_no_client_errors(allow=lambda e: e.failing_token)
    emu.assert_no_violations()


async def test_a_request_already_on_its_way_when_the_token_failed_is_not_sent_after_it(
    emu: DiscordEmulator, world: World, bot: PlainBot, hooks: Webhooks
) -> None:
    handle = await emu.invoke(world.alice, world.channel, "game later")
    emu.fail_token(handle)
    await handle.wait_ack()
    await emu.wait_until(lambda: bot.saved or None, what="the kept interaction")
    emu.slow_down(0.3, seed=5)  # both are on the network when the first is answered
    both = await asyncio.gather(
        hooks.followup(handle.token, "one"), hooks.followup(handle.token, "two")
    )
    assert [answer[0] for answer in both] == [404, 404]
    assert emu.requests_after_unknown_webhook() == [], "neither was sent after an answer"
    await hooks.followup(handle.token, "three")  # sent once the 404 had come back
    after = emu.requests_after_unknown_webhook()
    assert [(r.method, r.route) for r in after] == [("POST", "/webhooks/{application_id}/{token}")]


async def test_a_failing_token_is_refused_as_expired_after_15_minutes(
    emu: DiscordEmulator, world: World, bot: PlainBot, hooks: Webhooks
) -> None:
    [token] = await _kept(emu, world, bot)
    emu.fail_token(token)
    emu.clock.advance(16 * 60)
    status, _, body = await hooks.followup(token, "late")
    assert (status, body["code"]) == (401, 50027)  # as #6851 reports: 404s, then 401
    assert emu.failed_tokens() == []


async def test_tokens_that_do_not_fail_are_not_tracked(
    emu: DiscordEmulator, world: World, bot: PlainBot, hooks: Webhooks
) -> None:
    [token] = await _kept(emu, world, bot)
    for n in range(3):
        assert (await hooks.followup(token, str(n)))[0] == 200
    assert emu.failed_tokens() == [] and emu.requests_after_unknown_webhook() == []


async def test_discord_py_raises_not_found_and_the_message_never_appears(
    emu: DiscordEmulator, world: World, bot: PlainBot
) -> None:
    handle = await emu.invoke(world.alice, world.channel, "game later")
    emu.fail_token(handle)
    await emu.wait_until(lambda: bot.saved or None, what="the kept interaction")
    with pytest.raises(discord.NotFound):
        await bot.saved[0].followup.send("lost")
    assert handle.followups == [] and emu.failed_tokens() == [handle.token]


async def _tokens_failed(share: float, seed: int, n: int) -> list[bool]:
    """Which of ``n`` interactions got a failing token, with a fresh emulator."""
    async with DiscordEmulator(failing_tokens=share, failing_seed=seed) as emu:
        guild = emu.add_guild("G", channels=["t"])
        alice = emu.add_member(guild, "alice")
        async with run_bot(emu, PlainBot()):
            handles = [await emu.invoke(alice, guild.channel("t"), "game later") for _ in range(n)]
            for handle in handles:
                await handle.wait_ack()  # callbacks work whatever the token
        return [h.token in emu.failing_tokens for h in handles]


async def test_the_failing_share_is_drawn_from_the_seed() -> None:
    first = await _tokens_failed(0.3, 7, 20)
    again = await _tokens_failed(0.3, 7, 20)
    other = await _tokens_failed(0.3, 8, 20)
    assert first == again and first != other
    assert 0 < sum(first) < 20
    assert not any(await _tokens_failed(0.0, 7, 5))
    assert all(await _tokens_failed(1.0, 7, 5))
    with pytest.raises(ValueError):
        DiscordEmulator(failing_tokens=1.5)
