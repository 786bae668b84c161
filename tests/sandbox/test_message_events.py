"""MESSAGE_CREATE / MESSAGE_UPDATE / MESSAGE_DELETE reach a bot that asked for the GUILD_MESSAGES
intent, for every public message whoever made it; without MESSAGE_CONTENT a user's words arrive
empty; ephemeral messages never arrive. And a public followup of a click records the message
clicked (Discord is reported to show it as a reply to it)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import discord
import pytest

from sandbox import MANAGE_MESSAGES, DiscordEmulator, EmulatorError, run_bot
from tests.sandbox.conftest import World, text_channel
from tests.sandbox.sandbox_bot import ContentBot, PlainBot


@pytest.fixture
async def content_bot(emu: DiscordEmulator, world: World) -> AsyncIterator[ContentBot]:
    async with run_bot(emu, ContentBot()) as client:
        yield client


def _dispatched(emu: DiscordEmulator, prefix: str = "MESSAGE_") -> list[str]:
    [session] = emu.gateway.live_sessions()
    return [e for e in session.dispatched if e.startswith(prefix)]


async def test_every_public_message_is_dispatched_and_no_ephemeral_one(
    emu: DiscordEmulator, world: World, content_bot: ContentBot
) -> None:
    await emu.send_message(world.alice, world.channel, "hello table")  # a user typing
    await text_channel(content_bot, world.channel).send("bot token post")
    chatter = await emu.invoke(world.alice, world.channel, "game chatter")  # type 4, followups
    await chatter.wait_followups(2)
    await emu.invoke_and_wait(world.alice, world.channel, "game start")  # ephemeral type 4
    await emu.wait_until(lambda: "second" in content_bot.seen_messages or None, what="followup")
    await emu.wait_until(
        lambda: "MESSAGE_UPDATE" in _dispatched(emu) or None, what="the response's edit"
    )
    seen = content_bot.seen_messages
    assert seen[:2] == ["hello table", "bot token post"]
    assert {"first", "second"} <= set(seen)
    assert not any(text.startswith(("table with", "third")) for text in seen)
    created = _dispatched(emu).count("MESSAGE_CREATE")
    assert created == 4  # the user's, the bot's post, the response and the public followup
    emu.assert_no_violations()


async def test_without_message_content_a_users_words_arrive_empty(
    emu: DiscordEmulator, world: World, bot: PlainBot
) -> None:
    await emu.send_message(world.alice, world.channel, "secret plan")
    await emu.send_message(world.alice, world.channel, f"hey <@{emu.bot_user.id}>")
    await text_channel(bot, world.channel).send("the bot's own words")
    await emu.wait_until(lambda: len(bot.seen_messages) == 3 or None, what="three messages")
    assert bot.seen_messages == ["", f"hey <@{emu.bot_user.id}>", "the bot's own words"]


async def test_a_moderator_deleting_a_message_reaches_the_bot(
    emu: DiscordEmulator, world: World, bot: PlainBot
) -> None:
    words = await emu.send_message(world.alice, world.channel, "rude words")
    table = await emu.invoke_and_wait(world.alice, world.channel, "game table")
    emu.delete_message(words, by=world.alice)  # the author may
    with pytest.raises(EmulatorError, match="Manage Messages"):
        emu.delete_message(table, by=world.bob)
    mod = emu.add_member(world.guild, "cleaner", permissions=MANAGE_MESSAGES)
    emu.delete_message(table, by=mod)
    await emu.wait_until(lambda: len(bot.deleted_ids) == 2 or None, what="MESSAGE_DELETEs")
    assert bot.deleted_ids == [words.id, table.id]
    assert emu.public_messages(world.channel) == []


async def test_a_bot_without_the_intent_hears_no_message_event(
    emu: DiscordEmulator, world: World
) -> None:
    intents = discord.Intents.none()
    intents.guilds = True
    async with run_bot(emu, PlainBot(intents)) as quiet:
        msg = await emu.send_message(world.alice, world.channel, "anyone?")
        emu.delete_message(msg, by=world.alice)
        await emu.invoke_and_wait(world.alice, world.channel, "game table")
        assert _dispatched(emu) == [] and quiet.seen_messages == []


async def test_a_public_followup_of_a_click_records_the_message_clicked(
    emu: DiscordEmulator, world: World, bot: PlainBot
) -> None:
    table = await emu.invoke_and_wait(world.alice, world.channel, "game table")
    hand = await emu.click_and_wait(world.bob, table, label="Show my hand")
    assert hand.ephemeral
    click = await emu.click(world.bob, hand, label="Announce")
    [announcement] = await click.wait_followups(1)
    assert not announcement.ephemeral and announcement.reply_to == hand.id
    # What a test of the bot asserts: no public followup answers a click on an ephemeral.
    replies_to_ephemerals = [
        m
        for m in emu.public_messages(world.channel)
        if m.reply_to is not None and emu.message(m.reply_to).ephemeral
    ]
    assert replies_to_ephemerals == [announcement]
    # Followups of slash commands, and ephemeral followups, reply to nothing.
    chatter = await emu.invoke(world.alice, world.channel, "game chatter")
    assert [m.reply_to for m in await chatter.wait_followups(2)] == [None, None]
