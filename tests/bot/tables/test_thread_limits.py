"""Threads bounded and never waited for (issue 34), bot/tables against the fake Discord and a
clock moved by hand: a rate-limited thread sends the game to its channel at once and the next
game asks again only after ``retry_after``; at the server's cap a game plays in the channel; a
second game whose thread is refused waits in its lobby (one live game in the channel itself);
a finished game's thread is archived; a thread the bot may not reopen keeps its game."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.model import Refusal
from bot.tables.threads import CAP_RECHECK_SECONDS
from tests.bot.tables.test_tables import GUILD, World, _settle, _world
from tests.bot.tables.test_threads import _ended, _fill, _lobby

HOST, GUEST, OTHER, FOURTH = 101, 102, 103, 104


async def _until(w: World, done: Callable[[], object], patience: float = 30.0) -> None:
    """Until ``done()`` holds (the bot's background work on a busy machine), or fail."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + patience
    while not done():
        assert loop.time() < deadline, "the bot did not get there"
        await asyncio.sleep(0.005)


def _asked(w: World, what: str) -> int:
    """How many requests of this kind the bot made (``create_thread``, ``archive_thread``...)."""
    return sum(1 for request, _ in w.discord.requests if request == what)


async def test_a_rate_limited_thread_sends_the_game_to_the_channel_until_retry_after(
    tmp_path: Path,
) -> None:
    w = await _world(tmp_path)
    try:
        w.discord.threads_rate_limited = 219.0
        first, lobby = await _lobby(w, HOST)
        await _fill(w, first, lobby, HOST, GUEST)
        await _settle(w)
        t = w.tables.live[first]
        assert t.status == "playing" and t.thread_id is None, "played in the channel at once"
        assert _asked(w, "create_thread") == 1
        notes = [
            m.payload.content
            for m in w.discord.live(w.channel, ephemeral=False)
            if "wait before opening another thread" in (m.payload.content or "")
        ]
        assert len(notes) == 1, "the reason is said once"
        footers = [
            m.payload.embed.footer
            for m in w.discord.live(w.channel, ephemeral=False)
            if m.payload.embed is not None and "tb:s:" in str(m.payload.rows)  # the table's
        ]
        why = "in the channel: Discord asked the bot to wait before opening a thread"
        assert footers and all(why in f for f in footers), footers  # for whoever looks later
        await w.tables.commands.cancel(first, t.place, HOST, True)
        await _ended(w, first)

        # Within the retry_after: the next game does not ask Discord, it plays in the channel.
        w.discord.threads_rate_limited = None
        w.clock.advance(200)
        second, lobby = await _lobby(w, OTHER)
        await _fill(w, second, lobby, OTHER, FOURTH)
        await _settle(w)
        assert w.tables.live[second].thread_id is None
        assert _asked(w, "create_thread") == 1, "asked again before retry_after passed"
        await w.tables.commands.cancel(second, w.tables.live[second].place, OTHER, True)
        await _ended(w, second)

        # Once it has passed, the next game asks again and gets its thread.
        w.clock.advance(20)
        third, lobby = await _lobby(w, HOST)
        await _fill(w, third, lobby, HOST, GUEST)
        await _settle(w)
        assert w.tables.live[third].thread_id == lobby.id
        assert _asked(w, "create_thread") == 2
    finally:
        await w.tables.stop()
        await w.storage.close()


async def test_at_the_servers_thread_limit_a_game_plays_in_the_channel_and_the_next_waits(
    tmp_path: Path,
) -> None:
    w = await _world(tmp_path)
    try:
        w.tables.threads.per_guild = 1
        first, lobby = await _lobby(w, HOST)
        await _fill(w, first, lobby, HOST, GUEST)
        assert w.tables.live[first].thread_id == lobby.id
        second, lobby = await _lobby(w, OTHER)
        await _fill(w, second, lobby, OTHER, FOURTH)
        await _settle(w)
        assert w.tables.live[second].thread_id is None, "over the setting: in the channel"
        assert _asked(w, "create_thread") == 1, "no request for a thread past the setting"
        third, lobby = await _lobby(w, GUEST)
        place = w.tables.live[third].place
        await w.tables.commands.add_computer(third, place, GUEST, "easy", True)
        with pytest.raises(Refusal) as refused:
            await w.tables.commands.start(third, place, GUEST, True)
        assert refused.value.key == "refusal-thread-refused-channel-busy"
        assert w.tables.live[third].status == "lobby", "the lobby waits"
        saved = await w.storage.tables.load_table(third)
        assert saved is not None and saved.table.status == "lobby"
    finally:
        await w.tables.stop()
        await w.storage.close()


async def test_a_finished_games_thread_is_archived_once_its_standings_are_out(
    tmp_path: Path,
) -> None:
    w = await _world(tmp_path)
    try:
        tid, lobby = await _lobby(w, HOST)
        await _fill(w, tid, lobby, HOST, GUEST)
        t = w.tables.live[tid]
        thread_id = t.thread_id
        assert thread_id is not None
        await w.tables.commands.cancel(tid, t.place, HOST, True)
        await _ended(w, tid)
        await _settle(w)
        assert w.discord.archived_threads == [thread_id]
    finally:
        await w.tables.stop()
        await w.storage.close()


async def test_a_thread_the_bot_may_not_reopen_keeps_its_game_and_says_what_to_grant(
    tmp_path: Path,
) -> None:
    w = await _world(tmp_path)
    try:
        tid, lobby = await _lobby(w, HOST)
        await _fill(w, tid, lobby, HOST, GUEST)
        await _settle(w)
        t = w.tables.live[tid]
        assert t.thread_id is not None
        w.discord.blocked_threads.add(t.thread_id)
        w.tables.heard_thread(t.thread_id, archived=True, locked=False)
        await _until(w, lambda: w.tables.live[tid].settings.get("thread_blocked"))
        await _settle(w)
        assert w.tables.live[tid].status == "playing", "the game is kept"
        said = [m.payload.content or "" for m in w.discord.live(w.channel, ephemeral=False)]
        told = [x for x in said if "Send Messages in Threads" in x]
        assert len(told) == 1 and not [x for x in said if "locked" in x or "unrated" in x], said
        # Granted again: the next look reopens it and the table plays on in its thread.
        w.discord.blocked_threads.clear()
        w.tables.permissions_changed(GUILD)
        await _until(w, lambda: "thread_blocked" not in w.tables.live[tid].settings)
        assert "thread_blocked" not in w.tables.live[tid].settings
    finally:
        await w.tables.stop()
        await w.storage.close()


async def test_a_server_full_of_others_threads_is_asked_again_after_a_while(
    tmp_path: Path,
) -> None:
    """Discord said 160006 while the bot had no thread of its own there (other bots' and
    people's threads fill the cap): games play in the channel without asking, and after
    ``CAP_RECHECK_SECONDS`` a game asks again (the others' threads archive by themselves)."""
    w = await _world(tmp_path)
    try:
        w.discord.threads_at_cap = True
        first, lobby = await _lobby(w, HOST)
        await _fill(w, first, lobby, HOST, GUEST)
        assert w.tables.live[first].thread_id is None
        await w.tables.commands.cancel(first, w.tables.live[first].place, HOST, True)
        await _ended(w, first)
        w.discord.threads_at_cap = False
        w.clock.advance(CAP_RECHECK_SECONDS / 2)
        second, lobby = await _lobby(w, OTHER)
        await _fill(w, second, lobby, OTHER, FOURTH)
        assert w.tables.live[second].thread_id is None and _asked(w, "create_thread") == 1
        await w.tables.commands.cancel(second, w.tables.live[second].place, OTHER, True)
        await _ended(w, second)
        w.clock.advance(CAP_RECHECK_SECONDS)
        third, lobby = await _lobby(w, HOST)
        await _fill(w, third, lobby, HOST, GUEST)
        assert w.tables.live[third].thread_id == lobby.id and _asked(w, "create_thread") == 2
    finally:
        await w.tables.stop()
        await w.storage.close()


async def test_a_rate_limited_archive_or_reopen_is_asked_again_after_its_retry_after(
    tmp_path: Path,
) -> None:
    """Archiving a finished game's thread, and reopening a live game's thread Discord
    archived, answered 429 with 219 s: asked again once that has passed (the requests never
    sleep it out themselves), and the game is neither ended nor blocked by it."""
    w = await _world(tmp_path)
    try:
        tid, lobby = await _lobby(w, HOST)
        await _fill(w, tid, lobby, HOST, GUEST)
        await _settle(w)
        t = w.tables.live[tid]
        thread_id = t.thread_id
        assert thread_id is not None

        w.discord.thread_change_429s.append(219.0)
        before = w.clock.monotonic()
        w.tables.heard_thread(thread_id, archived=True, locked=False)
        await _until(w, lambda: _asked(w, "reopen_thread") == 2)
        await _settle(w)
        assert w.clock.monotonic() - before >= 219, "asked again before its retry_after"
        assert w.tables.live[tid].status == "playing"
        assert not w.tables.live[tid].settings.get("thread_blocked")

        w.discord.thread_change_429s.append(219.0)
        await w.tables.commands.cancel(tid, t.place, HOST, True)
        await _ended(w, tid)
        await _until(w, lambda: w.discord.archived_threads == [thread_id])
        assert _asked(w, "archive_thread") == 2
    finally:
        await w.tables.stop()
        await w.storage.close()


async def test_a_learn_game_refused_its_thread_beside_a_game_in_the_channel_leaves_nothing(
    tmp_path: Path,
) -> None:
    """A learn game starts at once or not at all: when its thread is refused and a game is
    already played in the channel itself, the person is told why and no lobby of it is left
    behind (in the bot or in the database) to block the channel or wait forever."""
    w = await _world(tmp_path)
    try:
        w.discord.threads_rate_limited = 219.0
        first, lobby = await _lobby(w, HOST)
        await _fill(w, first, lobby, HOST, GUEST)
        await _settle(w)
        place = w.tables.live[first].place
        assert w.tables.live[first].thread_id is None
        with pytest.raises(Refusal) as refused:
            await w.tables.commands.open_learn(place, OTHER, "other", "smear", thread=True)
        assert refused.value.key == "refusal-thread-refused-channel-busy"
        await _settle(w)
        assert list(w.tables.live) == [first], "a learn lobby was left behind"
        status = await w.storage.tables.table_status(first + 1)  # the learn game's
        assert status not in ("lobby", "playing"), f"its table is still {status}"
        said = [m.payload.content or "" for m in w.discord.live(w.channel, ephemeral=False)]
        assert not [x for x in said if "learn" in x.casefold()], said
    finally:
        await w.tables.stop()
        await w.storage.close()


async def test_the_table_says_what_to_grant_while_the_bot_may_not_post_in_its_thread(
    tmp_path: Path,
) -> None:
    """While the bot's posts in a game's thread are refused (Send Messages in Threads taken
    away), the table message (edited through people's tokens) says what to grant; once a
    role change gives it back, it stops saying it."""
    w = await _world(tmp_path)
    try:
        tid, lobby = await _lobby(w, HOST)
        await _fill(w, tid, lobby, HOST, GUEST)
        await _settle(w)
        thread_id = w.tables.live[tid].thread_id
        assert thread_id is not None
        grant = "grant it Send Messages in Threads"

        def footers() -> list[str]:
            return [
                m.payload.embed.footer or ""
                for m in w.discord.live(thread_id, ephemeral=False)
                if m.payload.embed is not None and "tb:s:" in str(m.payload.rows)
            ]

        assert footers() and not [f for f in footers() if grant in f]
        await w.tables.commands.thread_cannot_write(tid)
        await _settle(w)
        assert footers() and all(grant in f for f in footers()), footers()
        w.tables.permissions_changed(GUILD)  # the fake's bot may post everywhere again
        await _until(w, lambda: "thread_cannot_write" not in w.tables.live[tid].settings)
        await _settle(w)
        assert footers() and not [f for f in footers() if grant in f], footers()
    finally:
        await w.tables.stop()
        await w.storage.close()
