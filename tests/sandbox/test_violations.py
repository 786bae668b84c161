"""Every limit Discord enforces is recorded as a violation and refused like Discord does."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import discord
import pytest
from discord.http import Route
from discord.webhook.async_ import async_context, interaction_response_params

from sandbox import DiscordEmulator, InteractionFailed, run_bot
from sandbox.limits import check_message
from tests.sandbox.conftest import World
from tests.sandbox.sandbox_bot import PlainBot


def _button(custom_id: str, label: str = "b", **extra: Any) -> dict[str, Any]:
    return {"type": 2, "style": 1, "custom_id": custom_id, "label": label, **extra}


def _row(*components: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(components)}


def _select(n_options: int) -> dict[str, Any]:
    options = [{"label": f"o{i}", "value": f"o{i}"} for i in range(n_options)]
    return {"type": 3, "custom_id": "sel", "options": options}


# (payload, expected violation kind)
BAD_MESSAGES: list[tuple[str, dict[str, Any], str]] = [
    ("content 2001", {"content": "x" * 2001}, "content_too_long"),
    ("11 embeds", {"embeds": [{"title": "t"}] * 11}, "embed_limits"),
    ("embed title 257", {"embeds": [{"title": "t" * 257}]}, "embed_limits"),
    ("embed description", {"embeds": [{"description": "d" * 4097}]}, "embed_limits"),
    (
        "26 fields",
        {"embeds": [{"fields": [{"name": "n", "value": "v"}] * 26}]},
        "embed_limits",
    ),
    ("field name", {"embeds": [{"fields": [{"name": "n" * 257, "value": "v"}]}]}, "embed_limits"),
    (
        "field value",
        {"embeds": [{"fields": [{"name": "n", "value": "v" * 1025}]}]},
        "embed_limits",
    ),
    ("footer", {"embeds": [{"footer": {"text": "f" * 2049}}]}, "embed_limits"),
    ("author", {"embeds": [{"author": {"name": "a" * 257}}]}, "embed_limits"),
    (
        "embed total 6000",
        {"embeds": [{"description": "d" * 4000}, {"description": "d" * 2001}]},
        "embed_limits",
    ),
    (
        "6 action rows",
        {"content": "c", "components": [_row(_button(f"b{i}")) for i in range(6)]},
        "component_limits",
    ),
    (
        "6 buttons in a row",
        {"content": "c", "components": [_row(*[_button(f"b{i}") for i in range(6)])]},
        "component_limits",
    ),
    ("26 select options", {"content": "c", "components": [_row(_select(26))]}, "component_limits"),
    (
        "custom_id 101",
        {"content": "c", "components": [_row(_button("x" * 101))]},
        "component_limits",
    ),
    (
        "duplicate custom_id",
        {"content": "c", "components": [_row(_button("same")), _row(_button("same"))]},
        "component_limits",
    ),
    (
        "label 81",
        {"content": "c", "components": [_row(_button("ok", label="l" * 81))]},
        "component_limits",
    ),
    ("empty message", {"content": ""}, "empty_message"),
]

GOOD_MESSAGE: dict[str, Any] = {
    "content": "x" * 2000,
    "embeds": [
        {
            "title": "t" * 256,
            "description": "d" * 3000,
            "fields": [{"name": "n", "value": "v" * 100}] * 25,
            "footer": {"text": "f" * 100},
        }
    ],
    "components": [_row(*[_button(f"r{r}b{b}", "l" * 80) for b in range(5)]) for r in range(4)]
    + [_row(_select(25))],
}


@pytest.mark.parametrize(
    ("name", "payload", "kind"), BAD_MESSAGES, ids=[c[0] for c in BAD_MESSAGES]
)
def test_limit_checks(name: str, payload: dict[str, Any], kind: str) -> None:
    assert [k for k, _ in check_message(payload)] == [kind]


def test_message_at_every_limit_passes() -> None:
    assert check_message(GOOD_MESSAGE) == []


async def test_limits_refused_through_the_real_client(
    emu: DiscordEmulator, world: World, bot: PlainBot
) -> None:
    route = Route("POST", "/channels/{channel_id}/messages", channel_id=world.channel.id)
    for name, payload, kind in BAD_MESSAGES:
        emu.clear_violations()
        with pytest.raises(discord.HTTPException) as info:
            await bot.http.request(route, json=payload)
        assert info.value.status == 400, name
        assert info.value.code == 50035, name
        assert [v.kind for v in emu.violations] == [kind], name
    emu.clear_violations()
    await bot.http.request(route, json=GOOD_MESSAGE)
    assert emu.public_messages(world.channel)[-1].content == "x" * 2000
    emu.assert_no_violations()


async def test_ephemeral_flag_on_channel_message(
    emu: DiscordEmulator, world: World, bot: PlainBot
) -> None:
    route = Route("POST", "/channels/{channel_id}/messages", channel_id=world.channel.id)
    with pytest.raises(discord.HTTPException) as info:
        await bot.http.request(route, json={"content": "secret", "flags": 64})
    assert info.value.status == 400
    assert [v.kind for v in emu.violations] == ["ephemeral_channel_message"]
    assert emu.channel_messages(world.channel) == []
    with pytest.raises(AssertionError, match="ephemeral_channel_message"):
        emu.assert_no_violations()


async def test_oversized_interaction_response_fails_the_interaction() -> None:
    async with DiscordEmulator(interaction_timeout=0.2) as emu:
        guild = emu.add_guild("g")
        channel = next(iter(guild.channels.values()))
        alice = emu.add_member(guild, "alice")
        bot = PlainBot()
        async with run_bot(emu, bot):
            handle = await emu.invoke(alice, channel, "game rant")
            with pytest.raises(InteractionFailed):
                await handle
            assert [v.kind for v in emu.violations] == ["content_too_long", "interaction_timeout"]
            [error] = bot.errors
            assert isinstance(error, discord.HTTPException) and error.code == 50035


@pytest.fixture
async def quick_emu() -> AsyncIterator[tuple[DiscordEmulator, World, PlainBot]]:
    """An emulator whose 3 s interaction deadline is 0.2 s, so timeouts are fast to test."""
    async with DiscordEmulator(interaction_timeout=0.2) as emu:
        guild = emu.add_guild("g", channels=["a", "b"])
        a, b = guild.channels.values()
        world = World(
            guild,
            a,
            b,
            emu.add_member(guild, "alice"),
            emu.add_member(guild, "bob"),
            emu.add_member(guild, "mod"),
        )
        async with run_bot(emu, PlainBot()) as bot:
            yield emu, world, bot


async def test_unanswered_interaction_fails(
    quick_emu: tuple[DiscordEmulator, World, PlainBot],
) -> None:
    emu, world, _bot = quick_emu
    handle = await emu.invoke(world.alice, world.channel, "game silent")
    with pytest.raises(InteractionFailed, match="This interaction failed"):
        await handle
    [violation] = emu.violations
    assert violation.kind == "interaction_timeout"
    assert violation.interaction_id == handle.id
    assert emu.latencies == []


async def test_late_answer_is_refused(quick_emu: tuple[DiscordEmulator, World, PlainBot]) -> None:
    emu, world, bot = quick_emu
    bot.slow_delay = 0.4
    handle = await emu.invoke(world.alice, world.channel, "game slow")
    with pytest.raises(InteractionFailed):
        await handle
    await emu.wait_until(lambda: bot.errors or None, what="the bot's late callback")
    assert isinstance(bot.errors[0], discord.NotFound)
    assert [v.kind for v in emu.violations] == ["interaction_timeout", "late_callback"]
    assert emu.visible_messages(world.channel, world.alice) == []


async def test_double_answer(emu: DiscordEmulator, world: World, bot: PlainBot) -> None:
    msg = await (await emu.invoke(world.alice, world.channel, "game twice"))
    assert msg.content == "once"
    await emu.wait_until(lambda: bot.errors or None, what="second callback")
    [error] = bot.errors
    assert isinstance(error, discord.HTTPException)
    assert error.status == 400 and error.code == 40060
    assert [v.kind for v in emu.violations] == ["double_ack"]
    assert [m.content for m in emu.channel_messages(world.channel)] == ["once"]


async def test_token_expires_after_15_minutes(
    emu: DiscordEmulator, world: World, bot: PlainBot
) -> None:
    handle = await emu.invoke(world.alice, world.channel, "game later")
    await handle
    await emu.wait_until(lambda: bot.saved or None, what="the bot to keep the interaction")
    [interaction] = bot.saved
    await interaction.followup.send("still fresh", ephemeral=True)
    emu.clock.advance(14 * 60)
    await interaction.edit_original_response(content="edited at 14 min")
    assert handle.original is not None and handle.original.content == "edited at 14 min"
    emu.assert_no_violations()
    emu.clock.advance(2 * 60)
    with pytest.raises(discord.HTTPException) as info:
        await interaction.edit_original_response(content="too late")
    assert info.value.status == 401 and info.value.code == 50027
    assert [v.kind for v in emu.violations] == ["token_expired"]
    assert handle.original.content == "edited at 14 min"


async def test_json_content_type_and_unknown_routes(emu: DiscordEmulator) -> None:
    assert emu.urls is not None
    auth = {"Authorization": f"Bot {emu.token}"}
    async with aiohttp.ClientSession() as session:
        async with session.get(f"{emu.urls.api}/users/@me", headers=auth) as resp:
            assert resp.status == 200
            assert resp.headers["Content-Type"] == "application/json"
            assert (await resp.json())["id"] == str(emu.bot_user.id)
        async with session.get(f"{emu.urls.api}/users/@me") as resp:
            assert resp.status == 401
        async with session.get(f"{emu.urls.api}/guilds/1/audit-logs", headers=auth) as resp:
            assert resp.status == 404
            assert resp.headers["Content-Type"] == "application/json"
            assert (await resp.json())["message"] == "404: Not Found"
    assert emu.unhandled == [("GET", "/api/v10/guilds/1/audit-logs")]


async def test_token_misuse(emu: DiscordEmulator, world: World, bot: PlainBot) -> None:
    await emu.invoke(world.alice, world.channel, "game silent")
    await emu.wait_until(lambda: bot.saved or None, what="the silent interaction")
    [unanswered] = bot.saved
    # A followup before the initial response.
    with pytest.raises(discord.NotFound):
        await unanswered.followup.send("too early")
    # A callback type that does not fit a slash command (7 = update the clicked message).
    with pytest.raises(discord.HTTPException) as info:
        await async_context.get().create_interaction_response(
            unanswered.id,
            unanswered.token,
            session=unanswered._session,
            params=interaction_response_params(7, {"content": "no message to update"}),
        )
    assert info.value.status == 400
    await unanswered.response.send_message("now answered", ephemeral=True)
    # Someone else's ephemeral message is out of reach of this token.
    bob_secret = await (await emu.invoke(world.bob, world.channel, "game start"))
    with pytest.raises(discord.NotFound):
        await unanswered.followup.edit_message(bob_secret.id, content="hijacked")
    assert bob_secret.content == "table with 4 seats"
    assert [v.kind for v in emu.violations] == [
        "not_acknowledged",
        "invalid_callback",
        "foreign_ephemeral",
    ]
