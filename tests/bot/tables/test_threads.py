"""Games in threads (issue 26), bot/tables on its own against the fake Discord: a table moves
into a thread opened on its lobby message when it starts, a channel holds several, a command
typed in the channel finds the asker's own, a crash between opening the thread and saving the
start opens no second thread, and a deleted thread ends its table with one line in the
channel."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest

from bot.daily import day_of
from bot.model import Refusal
from bot.tables import NewTable
from tests.bot.tables.fakes import FakeMessage, asker, enabled
from tests.bot.tables.test_daily import world
from tests.bot.tables.test_tables import GUILD, World, _settle, _world

__all__ = ["world"]  # the daily deal's fixture (a Tables with few iterations per decision)

HOST, GUEST, BYSTANDER = 101, 102, 103


async def _lobby(w: World, host: int) -> tuple[int, FakeMessage]:
    """``host`` opens a 3-seat Smear table in the channel, where the bot may open threads."""
    who, answer = asker(
        w.discord, host, guild_id=GUILD, channel_id=w.channel, may_open_threads=True
    )
    await w.tables.lobby.open(who, answer, NewTable("smear", 3, {"target": 3}, 0))
    lobby = w.discord.messages[answer.posted[0]]
    tid = int(re.findall(r"tb:l:(\d+):", " ".join(enabled(lobby.payload)))[0])
    return tid, lobby


async def _fill(w: World, tid: int, lobby: FakeMessage, host: int, guest: int) -> None:
    """A guest joins and the host adds a computer: the table is full and starts."""
    who, answer = asker(w.discord, guest, guild_id=GUILD, channel_id=w.channel, clicked=lobby)
    await w.tables.lobby.press(who, answer, tid, "join")
    who, answer = asker(
        w.discord, host, guild_id=GUILD, channel_id=w.channel, clicked=lobby, selected=("easy",)
    )
    await w.tables.lobby.add_computer(who, answer, tid)


async def _ended(w: World, tid: int) -> None:
    """Until the table has ended and its feed sent what it had (a busy machine is slow)."""
    for _ in range(1000):
        if tid not in w.tables.live:
            break
        await asyncio.sleep(0.01)
    await _settle(w)


async def test_two_tables_in_one_channel_each_move_into_their_thread(tmp_path: Path) -> None:
    w = await _world(tmp_path)
    try:
        first, first_lobby = await _lobby(w, HOST)
        second, second_lobby = await _lobby(w, BYSTANDER)  # a second lobby in the channel
        await _fill(w, first, first_lobby, HOST, GUEST)
        await _settle(w)
        t = w.tables.live[first]
        assert t.thread_id == first_lobby.id, "the thread is opened on the lobby message"
        assert w.discord.threads == {t.thread_id: w.channel}
        assert w.discord.thread_names[t.thread_id] == "Smear · player101, player102, Ada"
        await _settle(w)
        assert w.discord.thread_members[t.thread_id] == [HOST, GUEST]
        line = w.discord.messages[first_lobby.id].payload
        assert f"<#{t.thread_id}>" in (line.content or "") and not enabled(line)
        # The game's messages are in the thread; the channel keeps the two lobbies only.
        assert len(w.discord.live(t.thread_id, ephemeral=False)) >= 1
        assert {m.id for m in w.discord.live(w.channel)} == {first_lobby.id, second_lobby.id}
        assert {x.id for x in w.tables.registry.in_channel(w.channel)} == {first, second}

        # A command typed in the channel: the asker's own table, else the list of them.
        who, answer = asker(w.discord, GUEST, guild_id=GUILD, channel_id=w.channel)
        assert (await w.tables.lobby.table_here(who)).id == first
        who, answer = asker(w.discord, 999, guild_id=GUILD, channel_id=w.channel)
        with pytest.raises(Refusal) as refused:
            await w.tables.lobby.table_here(who)
        assert refused.value.key == "refusal-which-table"
        assert f"<#{t.thread_id}>" in refused.value.message
        # /hand in the channel shows the way into the thread; typed there, the hand.
        who, answer = asker(w.discord, GUEST, guild_id=GUILD, channel_id=w.channel)
        with pytest.raises(Refusal) as refused:
            await w.tables.play.show_hand_here(who, answer)
        assert refused.value.key == "refusal-play-in-thread"
        who, answer = asker(w.discord, GUEST, guild_id=GUILD, channel_id=t.thread_id)
        await w.tables.play.show_hand_here(who, answer)
        (hand,) = [w.discord.messages[i] for i in answer.posted]
        assert hand.ephemeral and hand.channel_id == t.thread_id
    finally:
        await w.tables.stop()
        await w.storage.close()


async def test_a_crash_between_opening_the_thread_and_saving_the_start_opens_one_thread(
    tmp_path: Path,
) -> None:
    w = await _world(tmp_path)
    try:
        tid, lobby = await _lobby(w, HOST)
        w.discord.crash_on = ("create_thread", 1)
        starting = asyncio.create_task(_fill(w, tid, lobby, HOST, GUEST))
        await asyncio.wait_for(w.discord.crashed.wait(), 10)
        starting.cancel()
        await w.restart()
        assert w.tables.live[tid].status == "lobby", "the start was never saved"
        who, answer = asker(w.discord, HOST, guild_id=GUILD, channel_id=w.channel, clicked=lobby)
        await w.tables.lobby.press(who, answer, tid, "start")
        await _settle(w)
        assert w.tables.live[tid].thread_id == lobby.id
        assert list(w.discord.threads) == [lobby.id], "the thread the message already had"
    finally:
        await w.tables.stop()
        await w.storage.close()


async def test_a_deleted_thread_ends_its_table_with_a_line_in_the_channel(tmp_path: Path) -> None:
    w = await _world(tmp_path)
    try:
        tid, lobby = await _lobby(w, HOST)
        await _fill(w, tid, lobby, HOST, GUEST)
        await _settle(w)
        thread = w.tables.live[tid].thread_id
        assert thread is not None
        w.discord.deleted_threads.add(thread)
        before = len(w.discord.requests)
        w.tables.heard_thread_deleted(thread)
        await _ended(w, tid)
        assert tid not in w.tables.live
        found = await w.storage.tables.record_of(tid)
        assert found is not None and found[0] == "cancelled"
        said = [m.payload.content or "" for m in w.discord.live(w.channel, ephemeral=False)]
        assert [x for x in said if "deleted the thread" in x] != []
        asked = w.discord.requests[before:]
        assert asked == [("post", True)], "only the line in the channel"
    finally:
        await w.tables.stop()
        await w.storage.close()


async def test_a_daily_deal_whose_thread_is_deleted_ends_its_try(world: World) -> None:
    """A deleted thread ends a daily deal as its player leaving it would: its try is over
    (else the player would be told all day that they are playing it)."""
    w = world
    who, answer = asker(
        w.discord, HOST, guild_id=GUILD, channel_id=w.channel, may_open_threads=True
    )
    await w.tables.daily.play(who, answer, "smear")
    (t,) = w.tables.live.values()
    assert t.thread_id is not None and w.discord.threads == {t.thread_id: w.channel}
    w.tables.heard_thread_deleted(t.thread_id)
    await _ended(w, t.id)
    attempt = await w.storage.daily.attempt(GUILD, "smear", day_of(w.clock.time()), HOST)
    assert attempt is not None and attempt.finished
    said = [m.payload.content or "" for m in w.discord.live(w.channel, ephemeral=False)]
    assert [x for x in said if "deleted the thread" in x] != []
