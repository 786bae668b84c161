"""Discord's rate limits: the global 50 requests/s of the bot token, the per-route buckets, the
way Discord reports them (headers, 429 bodies) and the real discord.py client waiting them out.

Exact counts come from a hand-driven clock given to the limiter (``emu.limiter``), never from
how fast this machine sends requests.
"""

from __future__ import annotations

import asyncio

import pytest

from sandbox import DiscordEmulator
from sandbox.ratelimits import (
    CREATE_MESSAGE,
    DELETE_MESSAGE,
    EDIT_MESSAGE,
    GLOBAL_LIMIT,
    INTERACTION_TOKEN,
    RateLimiter,
)
from tests.sandbox.conftest import BotApi, World, text_channel
from tests.sandbox.sandbox_bot import PlainBot


class HandClock:
    """A monotonic clock that moves only when told to."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _channel_params(channel_id: int) -> dict[str, str]:
    return {"channel_id": str(channel_id)}


# ----- the limiter on its own ----------------------------------------------------------------


def test_the_global_limit_counts_every_bot_token_route_together() -> None:
    clock = HandClock()
    limiter = RateLimiter(clock=clock)
    routes = ["/users/@me", "/gateway/bot", "/channels/{channel_id}", "/channels/{channel_id}"]
    verdicts = [limiter.check("GET", routes[i % 4], {"channel_id": str(i)}) for i in range(60)]
    refused = [v for v in verdicts if v is not None and v.refused]
    assert len(refused) == 60 - GLOBAL_LIMIT
    assert {v.refused for v in refused} == {"global"}
    assert limiter.exhausted == {"global": 1}
    clock.now += 0.25
    late = limiter.check("GET", "/users/@me", {})
    assert late is not None and late.refused == "global"
    assert late.retry_after == pytest.approx(0.75)
    clock.now += 0.75
    fresh = limiter.check("GET", "/users/@me", {})
    assert fresh is not None and fresh.refused is None


def test_interaction_routes_are_outside_the_global_limit() -> None:
    limiter = RateLimiter(clock=HandClock())
    for _ in range(GLOBAL_LIMIT):
        limiter.check("GET", "/users/@me", {})
    over = limiter.check("GET", "/users/@me", {})
    assert over is not None and over.refused == "global"
    callback = limiter.check("POST", "/interactions/{interaction_id}/{token}/callback", {})
    assert callback is None  # no limit of any kind
    for n in range(3):
        followup = limiter.check("POST", "/webhooks/{application_id}/{token}", {"token": f"t{n}"})
        assert followup is not None and followup.refused is None
        assert followup.rule is INTERACTION_TOKEN


def test_a_channel_bucket_is_per_channel_and_create_and_edit_count_apart() -> None:
    clock = HandClock()
    limiter = RateLimiter(clock=clock)
    posts = [limiter.check("POST", "/channels/{channel_id}/messages", _channel_params(1))]
    posts += [
        limiter.check("POST", "/channels/{channel_id}/messages", _channel_params(1))
        for _ in range(CREATE_MESSAGE.limit)
    ]
    assert [v.remaining for v in posts if v is not None] == [4, 3, 2, 1, 0, 0]
    sixth = posts[-1]
    assert sixth is not None and sixth.refused == "user"
    assert limiter.exhausted == {"create message": 1}
    assert sixth.rule is CREATE_MESSAGE and sixth.retry_after == pytest.approx(5.0)
    other = limiter.check("POST", "/channels/{channel_id}/messages", _channel_params(2))
    assert other is not None and other.refused is None
    edit = limiter.check(
        "PATCH", "/channels/{channel_id}/messages/{message_id}", {"channel_id": "1"}
    )
    assert edit is not None and edit.refused is None and edit.remaining == EDIT_MESSAGE.limit - 1
    # Discord reports creating and editing under one bucket id, though they count apart.
    assert EDIT_MESSAGE.bucket == CREATE_MESSAGE.bucket
    clock.now += 5.0
    again = limiter.check("POST", "/channels/{channel_id}/messages", _channel_params(1))
    assert again is not None and again.refused is None and again.remaining == 4


def test_deleting_has_its_own_bucket_of_five_a_second() -> None:
    clock = HandClock()
    limiter = RateLimiter(clock=clock)
    route = "/channels/{channel_id}/messages/{message_id}"
    verdicts = [limiter.check("DELETE", route, _channel_params(1)) for _ in range(6)]
    assert [v.refused for v in verdicts if v is not None] == [None] * 5 + ["user"]
    assert DELETE_MESSAGE.bucket != CREATE_MESSAGE.bucket
    clock.now += 1.0
    after = limiter.check("DELETE", route, _channel_params(1))
    assert after is not None and after.refused is None


def test_turned_off_nothing_is_limited() -> None:
    limiter = RateLimiter(enabled=False, clock=HandClock())
    assert all(limiter.check("GET", "/users/@me", {}) is None for _ in range(200))


# ----- the limits over HTTP, as a client sees them ---------------------------------------------


@pytest.fixture
def frozen(emu: DiscordEmulator) -> HandClock:
    """Stops the emulator's rate-limit clock: every request falls in one window."""
    clock = HandClock()
    emu.limiter = RateLimiter(clock=clock)
    return clock


async def test_a_burst_over_50_a_second_is_answered_429_global(
    emu: DiscordEmulator, frozen: HandClock, api: BotApi
) -> None:
    answers = await asyncio.gather(*(api("GET", "/users/@me") for _ in range(80)))
    statuses = [status for status, _, _ in answers]
    assert statuses.count(200) == GLOBAL_LIMIT and statuses.count(429) == 30
    _, headers, body = next(a for a in answers if a[0] == 429)
    assert headers["X-RateLimit-Scope"] == "global"
    assert headers["X-RateLimit-Global"] == "true"
    assert headers["Via"]  # discord.py takes a 429 without Via for a Cloudflare ban
    assert headers["Retry-After"] == "1"
    assert headers["Content-Type"] == "application/json"
    assert "X-RateLimit-Bucket" not in headers  # as in Discord's example of a global 429
    assert body == {
        "message": "You are being rate limited.",
        "retry_after": 1.0,
        "global": True,
        "code": 0,
    }
    assert emu.rate_limit_counts(scope="global") == {"GET /users/@me": 30}
    assert emu.invalid_request_count() == 30  # Discord counts global 429s as invalid requests
    with pytest.raises(AssertionError, match="30 global 429"):
        emu.assert_no_rate_limits(scope="global")


async def test_a_channel_bucket_is_enforced_and_reported_with_its_id(
    emu: DiscordEmulator, world: World, frozen: HandClock, api: BotApi
) -> None:
    table = f"/channels/{world.channel.id}/messages"
    lobby = f"/channels/{world.other_channel.id}/messages"
    posts = [await api("POST", table, json={"content": str(n)}) for n in range(6)]
    elsewhere = await api("POST", lobby, json={"content": "lobby"})
    edit = await api("PATCH", f"{table}/{posts[0][2]['id']}", json={"content": "0!"})
    frozen.now += 5.0
    later = await api("POST", table, json={"content": "later"})
    assert [status for status, _, _ in posts] == [200] * 5 + [429]
    assert [h["X-RateLimit-Remaining"] for _, h, _ in posts] == ["4", "3", "2", "1", "0", "0"]
    for _, headers, _ in posts:
        assert headers["X-RateLimit-Limit"] == "5"
        assert headers["X-RateLimit-Bucket"] == CREATE_MESSAGE.bucket
        assert float(headers["X-RateLimit-Reset-After"]) == pytest.approx(5.0)
        assert float(headers["X-RateLimit-Reset"]) > 0
    _, refused, body = posts[-1]
    assert refused["X-RateLimit-Scope"] == "user" and "X-RateLimit-Global" not in refused
    assert refused["Retry-After"] == "5" and refused["Via"]
    assert body["global"] is False and body["retry_after"] == pytest.approx(5.0)
    assert elsewhere[0] == 200 and elsewhere[1]["X-RateLimit-Remaining"] == "4"
    assert edit[0] == 200 and edit[1]["X-RateLimit-Bucket"] == CREATE_MESSAGE.bucket
    assert later[0] == 200
    [hit] = emu.rate_limits()
    assert (hit.scope, hit.bucket, hit.route, hit.injected) == (
        "user",
        CREATE_MESSAGE.bucket,
        "/channels/{channel_id}/messages",
        False,
    )
    contents = [m.content for m in emu.public_messages(world.channel)]
    assert contents == ["0!", "1", "2", "3", "4", "later"]


async def test_error_answers_on_a_bucketed_route_carry_its_headers(
    world: World, frozen: HandClock, api: BotApi
) -> None:
    status, headers, body = await api("DELETE", f"/channels/{world.channel.id}/messages/12345")
    assert (status, body["code"]) == (404, 10008)
    assert headers["X-RateLimit-Bucket"] == DELETE_MESSAGE.bucket
    assert headers["X-RateLimit-Remaining"] == "4"


async def test_a_body_refused_for_what_it_is_counts_in_its_bucket_and_carries_its_headers(
    emu: DiscordEmulator, world: World, frozen: HandClock, api: BotApi
) -> None:
    """Discord checks the rate limit before the body: a 400 uses one request of the bucket
    and says so in its headers (a client that keeps its own count, as discord.py does, would
    otherwise believe the bucket empty and sleep)."""
    table = f"/channels/{world.channel.id}/messages"
    emu.refuse_next("POST", "/channels/{channel_id}/messages", count=2, containing="bad")
    answers = [await api("POST", table, json={"content": c}) for c in ("ok", "bad", "bad", "ok")]
    assert [(status, body.get("code")) for status, _, body in answers] == [
        (200, None),
        (400, 50035),
        (400, 50035),
        (200, None),
    ]
    assert [h["X-RateLimit-Remaining"] for _, h, _ in answers] == ["4", "3", "2", "1"]
    assert answers[1][1]["X-RateLimit-Bucket"] == CREATE_MESSAGE.bucket
    assert [m.content for m in emu.public_messages(world.channel)] == ["ok", "ok"]


async def test_interaction_answers_go_through_while_the_bot_token_is_limited(
    emu: DiscordEmulator, world: World, bot: PlainBot, frozen: HandClock, api: BotApi
) -> None:
    for _ in range(GLOBAL_LIMIT):
        await api("GET", "/users/@me")
    status, _, _ = await api("GET", "/users/@me")
    assert status == 429  # the bot token is out of requests for this second
    # A command answered by callback, followups, an edit and deletes through its token.
    handle = await emu.invoke(world.alice, world.channel, "game cleanup")
    await handle.wait_followups(2)
    assert [m.content for m in emu.public_messages(world.channel)] == ["kept"]
    answered = [r for r in emu.requests if not r.global_limited]
    assert {r.route for r in answered} == {
        "/interactions/{interaction_id}/{token}/callback",
        "/webhooks/{application_id}/{token}",
        "/webhooks/{application_id}/{token}/messages/{message_id}",
    }
    assert all(r.status < 400 for r in answered)
    assert emu.request_counts(global_limited=False) == {
        "POST /interactions/{interaction_id}/{token}/callback": 1,
        "POST /webhooks/{application_id}/{token}": 2,
        "PATCH /webhooks/{application_id}/{token}/messages/{message_id}": 1,
        "DELETE /webhooks/{application_id}/{token}/messages/{message_id}": 2,
    }
    assert emu.rate_limit_counts(scope="global") == {"GET /users/@me": 1}
    emu.assert_no_violations()


# ----- the real discord.py client ----------------------------------------------------------


async def test_discord_py_waits_out_global_429s_and_every_message_arrives(
    emu: DiscordEmulator, world: World, bot: PlainBot
) -> None:
    channels = [emu.add_channel(world.guild, f"room-{n}") for n in range(100)]
    await emu.wait_until(
        lambda: all(bot.get_channel(c.id) for c in channels) or None, what="CHANNEL_CREATEs"
    )
    targets = [text_channel(bot, c) for c in channels]
    sent = await asyncio.gather(*(t.send(f"hello {n}") for n, t in enumerate(targets)))
    assert len(sent) == 100
    assert all(len(emu.public_messages(c)) == 1 for c in channels)
    hits = emu.rate_limits(injected=False)
    assert hits, "100 requests at once must go over 50 a second"
    assert {h.scope for h in hits} == {"global"}
    assert all(h.retry_after <= 1.0 for h in hits)
    emu.assert_no_violations()


async def test_discord_py_learns_the_channel_bucket_and_waits_for_its_reset(
    emu: DiscordEmulator, world: World, bot: PlainBot
) -> None:
    channel = text_channel(bot, world.channel)
    sent = await asyncio.gather(*(channel.send(f"card {n}") for n in range(6)))
    assert sorted(m.content for m in sent) == [f"card {n}" for n in range(6)]
    # discord.py kept the bucket id the emulator reported, as it does with Discord's...
    route_key = "POST /channels/{channel_id}/messages"
    assert bot.http._bucket_hashes[route_key] == CREATE_MESSAGE.bucket
    # ... and, told "0 remaining", held the sixth post until the reset instead of sending it
    # into a 429: six posts sent once each, none refused.
    assert emu.limiter.exhausted[CREATE_MESSAGE.name] == 1
    posts = [r for r in emu.requests if r.method == "POST" and r.route.endswith("/messages")]
    assert [r.status for r in posts] == [200] * 6
    assert emu.rate_limits() == []
    emu.assert_no_violations()


async def test_discord_py_paces_followups_by_the_interaction_bucket(
    emu: DiscordEmulator, world: World, bot: PlainBot
) -> None:
    await emu.invoke(world.alice, world.channel, "game later")
    await emu.wait_until(lambda: bot.saved or None, what="the kept interaction")
    [interaction] = bot.saved
    for n in range(7):
        await interaction.followup.send(f"note {n}", ephemeral=True)
    handle = emu.interactions[interaction.id]
    assert [m.content for m in handle.followups] == [f"note {n}" for n in range(7)]
    # Five per two seconds per token: the bucket was used up, and discord.py, told "0
    # remaining", waited for the reset instead of sending the sixth into a 429.
    assert emu.limiter.exhausted[INTERACTION_TOKEN.name] >= 1
    followups = [r for r in emu.requests if r.route == "/webhooks/{application_id}/{token}"]
    assert [r.status for r in followups] == [200] * 7
    assert emu.rate_limits() == []
    emu.assert_no_violations()
