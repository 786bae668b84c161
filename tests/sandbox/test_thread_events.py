"""Threads with the real discord.py client: the gateway events it parses into ``discord.Thread``
objects, interactions from inside a thread, and what users can and cannot do there."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import discord
import pytest

from sandbox import (
    MANAGE_THREADS,
    CommandNotPermitted,
    ComponentNotClickable,
    DiscordEmulator,
    EmulatorError,
    InteractionFailed,
    Thread,
    User,
    run_bot,
)
from tests.sandbox.conftest import World, text_channel
from tests.sandbox.sandbox_bot import ContentBot, PlainBot

INTERACTION_ROUTES = ("/interactions/", "/webhooks/")


@pytest.fixture
async def content_bot(emu: DiscordEmulator, world: World) -> AsyncIterator[ContentBot]:
    async with run_bot(emu, ContentBot()) as client:
        yield client


async def _bot_thread(emu: DiscordEmulator, world: World, bot: PlainBot) -> discord.Thread:
    """A thread the bot started, through discord.py, from its own message in the table."""
    message = await text_channel(bot, world.channel).send("a new table")
    thread = await message.create_thread(name="table 1", auto_archive_duration=60)
    await emu.wait_until(lambda: bot.get_channel(thread.id) or None, what="THREAD_CREATE")
    return thread


async def _table_thread(emu: DiscordEmulator, world: World, bot: PlainBot) -> Thread:
    """The emulator's side of a thread the bot started in the table channel."""
    started = await _bot_thread(emu, world, bot)
    [thread] = emu.threads(world.channel)
    assert thread.id == started.id
    return thread


def _interaction_payload(emu: DiscordEmulator) -> dict[str, Any]:
    [session] = emu.gateway.live_sessions()
    frames = [f for f in session.buffer if f["t"] == "INTERACTION_CREATE"]
    return frames[-1]["d"]


def _recorded(bot: PlainBot, event: str) -> list[discord.Thread]:
    """Every thread the bot's ``event`` (``on_thread_create``, ...) is dispatched with."""
    seen: list[discord.Thread] = []

    async def listener(thread: discord.Thread) -> None:
        seen.append(thread)

    bot.add_listener(listener, event)
    return seen


def _cached_thread(bot: PlainBot, thread_id: int) -> discord.Thread | None:
    found = bot.get_channel(thread_id)
    return found if isinstance(found, discord.Thread) else None


def _moderator(emu: DiscordEmulator, world: World) -> User:
    return emu.add_member(world.guild, "moderator", permissions=MANAGE_THREADS)


async def test_discord_py_parses_a_new_thread(
    emu: DiscordEmulator, world: World, bot: PlainBot
) -> None:
    created = _recorded(bot, "on_thread_create")
    thread = await _bot_thread(emu, world, bot)
    cached = bot.get_channel(thread.id)
    assert isinstance(cached, discord.Thread)
    assert (cached.parent_id, cached.archived, cached.locked) == (world.channel.id, False, False)
    assert cached.owner_id == emu.bot_user.id and cached.auto_archive_duration == 60
    await emu.wait_until(lambda: cached.me or None, what="THREAD_MEMBERS_UPDATE")
    assert [t.id for t in created] == [thread.id]  # newly_created: on_thread_create
    [session] = emu.gateway.live_sessions()
    assert [e for e in session.dispatched if e.startswith("THREAD_")] == [
        "THREAD_CREATE",
        "THREAD_MEMBERS_UPDATE",
    ]
    starter = emu.message(thread.id)
    assert starter.thread_id == thread.id
    emu.assert_no_violations()


async def test_messages_in_a_thread_carry_its_id(
    emu: DiscordEmulator, world: World, content_bot: ContentBot
) -> None:
    thread = await _bot_thread(emu, world, content_bot)
    await thread.send("the bot deals")
    [emu_thread] = emu.threads(world.channel)
    await emu.send_message(world.alice, emu_thread, "alice bids")
    await emu.wait_until(
        lambda: "alice bids" in content_bot.seen_messages or None, what="MESSAGE_CREATE"
    )
    contents = [m.content for m in emu.visible_messages(emu_thread, world.bob)]
    assert contents == ["the bot deals", "alice bids"]
    assert all(m.channel_id == thread.id for m in emu.public_messages(emu_thread))
    assert emu.thread_members(emu_thread) == [emu.bot_user, world.alice]  # a message joins
    assert emu_thread.message_count == 2


async def test_commands_and_clicks_from_inside_a_thread(
    emu: DiscordEmulator, world: World, bot: PlainBot
) -> None:
    thread = await _table_thread(emu, world, bot)
    table = await emu.invoke_and_wait(world.alice, thread, "game table")
    payload = _interaction_payload(emu)
    assert payload["channel_id"] == str(thread.id)
    channel = payload["channel"]
    assert (channel["type"], channel["parent_id"]) == (11, str(world.channel.id))
    assert channel["thread_metadata"]["archived"] is False
    assert int(payload["app_permissions"]) == emu.permissions_for(world.guild, emu.bot_user)
    assert table.channel_id == thread.id
    hand = await emu.click_and_wait(world.bob, table, label="Show my hand")
    assert hand.channel_id == thread.id and hand.ephemeral
    assert hand in emu.visible_messages(thread, world.bob)
    assert hand not in emu.visible_messages(thread, world.alice)
    assert _interaction_payload(emu)["channel_id"] == str(thread.id)
    emu.assert_no_violations()


async def test_an_archive_reaches_the_bot_and_a_click_unarchives_first(
    emu: DiscordEmulator, world: World, bot: PlainBot
) -> None:
    discord_thread = await _bot_thread(emu, world, bot)
    [thread] = emu.threads(world.channel)
    counter = await emu.invoke_and_wait(world.alice, thread, "game counter")
    emu.clock.advance(61 * 60)
    assert thread.archived
    # discord.py keeps only active threads: an archive removes it from the cache.
    await emu.wait_until(lambda: bot.get_channel(thread.id) is None or None, what="archive")
    clicked = await emu.click_and_wait(world.bob, counter, "counter:0")
    assert clicked.content == "count 1" and not thread.archived
    cached = await emu.wait_until(lambda: bot.get_channel(thread.id), what="unarchive")
    assert isinstance(cached, discord.Thread) and not cached.archived
    assert discord_thread.id == cached.id
    # Unarchived, its members hear THREAD_MEMBER_UPDATE after THREAD_UPDATE (Discord, Threads).
    [session] = emu.gateway.live_sessions()
    events = [e for e in session.dispatched if e.startswith("THREAD_")]
    assert events[-2:] == ["THREAD_UPDATE", "THREAD_MEMBER_UPDATE"]
    await emu.wait_until(lambda: cached.me or None, what="the bot's thread member")
    emu.assert_no_violations()


async def test_a_locked_thread_as_users_and_the_bot_meet_it(
    emu: DiscordEmulator, world: World, bot: PlainBot
) -> None:
    thread = await _table_thread(emu, world, bot)
    counter = await emu.invoke_and_wait(world.alice, thread, "game counter")
    emu.lock_thread(thread, by=_moderator(emu, world))
    cached = await emu.wait_until(lambda: _cached_thread(bot, thread.id), what="a thread")
    await emu.wait_until(lambda: cached.locked or None, what="THREAD_UPDATE")
    with pytest.raises(CommandNotPermitted, match="locked"):
        await emu.invoke(world.alice, thread, "game table")
    with pytest.raises(EmulatorError, match="locked"):
        await emu.send_message(world.alice, thread, "let me in")
    # A click still reaches the bot, but its answer edits a message in a locked thread.
    handle = await emu.click(world.bob, counter, "counter:0")
    with pytest.raises(InteractionFailed):
        await handle.message(timeout=3.0)
    refused = [e for e in emu.client_errors() if e.route.startswith(INTERACTION_ROUTES)]
    assert [(e.status, e.code) for e in refused] == [(403, 50083)]
    assert emu.violations_of("interaction_timeout")


async def test_a_followup_after_a_lock_is_refused(
    emu: DiscordEmulator, world: World, bot: PlainBot
) -> None:
    thread = await _table_thread(emu, world, bot)
    await emu.invoke(world.alice, thread, "game later")
    await emu.wait_until(lambda: bot.saved or None, what="the kept interaction")
    emu.lock_thread(thread, by=_moderator(emu, world))
    with pytest.raises(discord.Forbidden) as raised:
        await bot.saved[0].followup.send("the result")  # as #6884 reports
    assert raised.value.code == 50083
    await bot.saved[0].followup.send("just for you", ephemeral=True)  # ephemeral ones go


async def test_users_may_not_unarchive_a_locked_thread(
    emu: DiscordEmulator, world: World, bot: PlainBot
) -> None:
    thread = await _table_thread(emu, world, bot)
    counter = await emu.invoke_and_wait(world.alice, thread, "game counter")
    moderator = _moderator(emu, world)
    emu.lock_thread(thread, by=moderator)
    emu.archive_thread(thread)
    with pytest.raises(ComponentNotClickable, match="archived and locked"):
        await emu.click(world.bob, counter, "counter:0")
    await emu.send_message(moderator, thread, "reopened by a moderator")
    assert not thread.archived and thread.locked


async def test_deleting_a_thread_reaches_the_bot(
    emu: DiscordEmulator, world: World, bot: PlainBot
) -> None:
    deleted = _recorded(bot, "on_thread_delete")
    discord_thread = await _bot_thread(emu, world, bot)
    emu.delete_thread(discord_thread.id, by=_moderator(emu, world))
    await emu.wait_until(lambda: deleted or None, what="THREAD_DELETE")
    assert bot.get_channel(discord_thread.id) is None
    with pytest.raises(discord.NotFound):
        await discord_thread.send("anyone?")
    with pytest.raises(EmulatorError):
        await emu.invoke(world.alice, discord_thread.id, "game table")


async def test_a_bot_that_connects_later_gets_the_active_threads(
    emu: DiscordEmulator, world: World
) -> None:
    async with run_bot(emu, PlainBot()) as first:
        started = await _bot_thread(emu, world, first)
        archived = await _bot_thread(emu, world, first)
    emu.archive_thread(archived.id)
    async with run_bot(emu, PlainBot()) as second:
        found = second.get_channel(started.id)
        assert isinstance(found, discord.Thread) and found.parent_id == world.channel.id
        assert found.me is not None  # GUILD_CREATE carries the bot's thread member
        assert second.get_channel(archived.id) is None  # only active threads come


async def test_a_user_starts_a_thread_from_the_bots_message(
    emu: DiscordEmulator, world: World, bot: PlainBot
) -> None:
    table = await emu.invoke_and_wait(world.alice, world.channel, "game table")
    with pytest.raises(EmulatorError, match="Create Public Threads"):
        emu.start_thread(world.alice, table, "chat")  # @everyone may not, in the emulator
    owner = world.guild.owner_id  # the owner has every permission
    thread = emu.start_thread(owner, table, "chat")
    assert isinstance(thread, Thread) and thread.owner_id == owner
    assert emu.message(table).thread_id == thread.id
    cached = await emu.wait_until(lambda: bot.get_channel(thread.id), what="THREAD_CREATE")
    assert isinstance(cached, discord.Thread)


async def test_the_hidden_webhook_limit_counts_a_thread_apart_from_its_parent(
    emu: DiscordEmulator, world: World, bot: PlainBot
) -> None:
    emu.limit_webhooks_per_channel(limit=1, period=0.5)  # short: a failure waits it out
    thread = await _table_thread(emu, world, bot)
    for where in (world.channel, thread):
        await emu.invoke(world.alice, where, "game later")
    await emu.wait_until(lambda: len(bot.saved) == 2 or None, what="kept interactions")
    for interaction in bot.saved:
        await interaction.followup.send("one each", ephemeral=True)
    assert emu.rate_limits(scope="shared") == []
