"""Every 4xx answer is recorded (what Discord counts toward its invalid-request limit too), and an
interaction token reaches only the messages of its own interaction."""

from __future__ import annotations

from typing import Any

import aiohttp
import discord
import pytest

from sandbox import DiscordEmulator
from tests.sandbox.conftest import World, text_channel
from tests.sandbox.sandbox_bot import HandView, PlainBot


async def _kept_interaction(
    emu: DiscordEmulator, world: World, bot: PlainBot
) -> discord.Interaction[Any]:
    """An interaction the bot answered (ephemerally) and kept, to use its token afterwards."""
    await emu.invoke(world.alice, world.channel, "game later")
    await emu.wait_until(lambda: bot.saved or None, what="the kept interaction")
    return bot.saved[-1]


# ----- the client-error log ------------------------------------------------------------------


async def test_a_request_for_a_deleted_message_is_recorded(
    emu: DiscordEmulator, world: World, bot: PlainBot
) -> None:
    sent = await text_channel(bot, world.channel).send("soon gone")
    await sent.delete()
    emu.assert_no_client_errors()
    with pytest.raises(discord.NotFound):
        await sent.delete()
    with pytest.raises(discord.NotFound):
        await sent.edit(content="too late")
    errors = emu.client_errors()
    assert [(e.method, e.route, e.status, e.code, e.invalid) for e in errors] == [
        ("DELETE", "/channels/{channel_id}/messages/{message_id}", 404, 10008, False),
        ("PATCH", "/channels/{channel_id}/messages/{message_id}", 404, 10008, False),
    ]
    assert emu.invalid_request_count() == 0  # Discord does not count 404s as invalid
    with pytest.raises(AssertionError, match="2 client error"):
        emu.assert_no_client_errors()
    emu.assert_no_client_errors(allow=lambda e: e.status == 404 and e.code == 10008)


async def test_401_and_403_count_toward_the_invalid_request_limit(
    emu: DiscordEmulator, world: World
) -> None:
    assert emu.urls is not None
    auth = {"Authorization": f"Bot {emu.token}"}
    async with aiohttp.ClientSession() as session:
        async with session.get(f"{emu.urls.api}/users/@me") as resp:
            assert resp.status == 401
        commands = f"{emu.urls.api}/applications/{emu.application_id}/guilds/1/commands"
        async with session.get(commands, headers=auth) as resp:
            assert resp.status == 403
    assert [(e.status, e.code, e.invalid) for e in emu.client_errors()] == [
        (401, 0, True),
        (403, 50001, True),
    ]
    assert emu.invalid_request_count() == 2
    assert [e.route for e in emu.client_errors(status=403)] == [
        "/applications/{application_id}/guilds/{guild_id}/commands"
    ]


async def test_injected_429s_are_recorded_but_are_the_tests_own_doing(
    emu: DiscordEmulator, world: World, bot: PlainBot
) -> None:
    emu.rate_limit_burst(2, retry_after=0.01, route="/channels/{channel_id}/messages")
    await text_channel(bot, world.channel).send("after two 429s")
    injected = emu.client_errors(injected=True)
    assert [(e.status, e.invalid) for e in injected] == [(429, True), (429, True)]
    assert [h.injected for h in emu.rate_limit_hits] == [True, True]
    emu.assert_no_client_errors()  # injected ones are left out
    emu.assert_no_rate_limits()


# ----- what an interaction token reaches ---------------------------------------------------


async def test_a_token_cannot_edit_a_message_posted_with_the_bot_token(
    emu: DiscordEmulator, world: World, bot: PlainBot
) -> None:
    interaction = await _kept_interaction(emu, world, bot)
    posted = await text_channel(bot, world.channel).send("the table")
    with pytest.raises(discord.NotFound) as info:
        await interaction.followup.edit_message(posted.id, content="hijacked")
    assert info.value.code == 10008
    with pytest.raises(discord.NotFound):
        await interaction.followup.delete_message(posted.id)
    assert emu.message(posted.id).content == "the table" and not emu.message(posted.id).deleted
    assert [v.kind for v in emu.violations] == ["foreign_message", "foreign_message"]
    assert "bot token" in emu.violations[0].detail
    assert [e.status for e in emu.client_errors()] == [404, 404]


async def test_a_token_cannot_reach_another_interactions_public_message(
    emu: DiscordEmulator, world: World, bot: PlainBot
) -> None:
    table = await (await emu.invoke(world.bob, world.channel, "game table"))
    interaction = await _kept_interaction(emu, world, bot)
    with pytest.raises(discord.NotFound):
        await interaction.followup.edit_message(table.id, content="hijacked")
    assert emu.message(table.id).content == "the table"
    [violation] = emu.violations
    assert violation.kind == "foreign_message" and "another interaction" in violation.detail


async def test_a_token_reaches_its_own_response_and_followups(
    emu: DiscordEmulator, world: World, bot: PlainBot
) -> None:
    interaction = await _kept_interaction(emu, world, bot)
    public = await interaction.followup.send("for everyone", wait=True)
    secret = await interaction.followup.send("for alice", ephemeral=True, wait=True)
    await interaction.followup.edit_message(public.id, content="for everyone (edited)")
    await interaction.followup.edit_message(secret.id, content="for alice (edited)")
    await interaction.edit_original_response(content="ok (edited)")
    await interaction.followup.delete_message(secret.id)
    assert emu.message(public.id).content == "for everyone (edited)"
    assert emu.message(secret.id).deleted
    original = emu.interactions[interaction.id].original
    assert original is not None and original.content == "ok (edited)"
    emu.assert_no_violations()
    emu.assert_no_client_errors()


async def test_a_deferred_click_edits_the_bot_token_message_it_was_on(
    emu: DiscordEmulator, world: World, bot: PlainBot
) -> None:
    """Callback 6 on a component: "edit the original message later" is the clicked message,
    whoever posted it; the only way a token reaches a message the bot posted itself."""
    posted = await text_channel(bot, world.channel).send("your hand", view=HandView())
    click = await emu.click(world.alice, posted.id, "fold")
    assert await click.wait_ack() == 6
    folded = await click
    assert folded.id == posted.id and folded.content == "alice folded"
    assert folded.webhook_id is None  # posted with the bot token
    emu.assert_no_violations()
    emu.assert_no_client_errors()


async def test_a_public_followup_is_a_channel_message_everyone_sees(
    emu: DiscordEmulator, world: World, bot: PlainBot
) -> None:
    handle = await emu.invoke(world.alice, world.channel, "game chatter")
    await handle.wait_followups(2)
    second, third = handle.followups
    assert (second.content, second.ephemeral) == ("second", False)
    assert third.ephemeral and third.owner_id == world.alice.id
    for user in (world.alice, world.bob, world.mod):
        seen = [m.content for m in emu.visible_messages(world.channel, user)]
        assert "second" in seen
        assert ("third (secret)" in seen) == (user is world.alice)
    # The bot hears of it as of any channel message (MESSAGE_CREATE); not of the ephemeral one.
    await emu.wait_until(lambda: "second" in bot.seen_messages or None, what="MESSAGE_CREATE")
    assert "third (secret)" not in bot.seen_messages
    emu.assert_no_violations()
