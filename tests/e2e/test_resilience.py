"""Restarts, a slow network, 429 bursts and the turn timer: nothing is lost, nothing goes back
in time, and every person's hand keeps following them by itself."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import pytest

from sandbox import DiscordEmulator, run_bot, start_bot, stop_bot
from sandbox.interactions import InteractionFailed
from tests.e2e.harness import (
    E2EBot,
    Players,
    World,
    assert_no_going_back,
    lobby_table_id,
    make_bot,
    make_world,
    text_of,
)


async def test_after_a_restart_hands_update_by_themselves(
    emu: DiscordEmulator, database: str
) -> None:
    w = make_world(emu)
    alice, bob, carol = w.users
    db = database
    first = make_bot(db)
    await start_bot(emu, first)
    lobby = await emu.invoke_and_wait(alice, w.channel, "smear start", {"target": 2})
    tid = lobby_table_id(lobby)
    await emu.click_and_wait(bob, lobby, label="Join")
    await emu.click_and_wait(carol, lobby, label="Join")
    p = Players(emu, first, tid, {u.id: u for u in w.users}, w.channel)
    for _ in range(5):
        assert await p.play_one()
    t = first.tables.live[tid]
    version, hand_no = t.version, t.hand_no
    table_msg = first.tables.feed.table_message_id(t)
    await stop_bot(first)

    second = make_bot(db)
    await start_bot(emu, second)
    try:
        t2 = second.tables.live[tid]
        assert (t2.version, t2.hand_no) == (version, hand_no)
        assert second.tables.feed.table_message_id(t2) == table_msg
        p.bot = second
        # Nobody clicks Refresh: each person's hand shows their turn by itself (Players fails
        # otherwise), the buttons of before the restart still work, and the game ends.
        await p.play_to_end()
        await emu.wait_for_message(w.channel, lambda m: "final standings" in text_of(m))
        assert await second.storage.results.finished_count() == 1
        assert_no_going_back(emu, w.channel, tid)
        emu.assert_no_violations()
    finally:
        await stop_bot(second)


async def test_the_same_person_acting_twice_never_sees_the_past(
    emu: DiscordEmulator, tmp_path: Path
) -> None:
    """A slow network handles requests out of order; the hand a person sees never shows an
    older state than it showed before (when they win a trick and lead, or end a hand and bid
    first)."""
    w = make_world(emu)
    alice, bob, _ = w.users
    emu.slow_down(0.12, seed=3)
    async with run_bot(emu, make_bot(tmp_path / "db.sqlite3")) as bot:
        twice = 0
        # A game's deal decides how often one person acts twice: play on until it was often.
        for channel in (w.channel, w.guild.channel("other")):
            lobby = await emu.invoke_and_wait(alice, channel, "smear start", {"seats": 2})
            tid = lobby_table_id(lobby)
            await emu.click_and_wait(bob, lobby, label="Join")
            p = Players(emu, bot, tid, {alice.id: alice, bob.id: bob}, channel)
            last: int | None = None
            while True:
                uid = await p.wait_for_human_or_end()
                if uid is None:
                    break
                twice += uid == last
                last = uid
                assert await p.play_one()
            await p.settle()
            assert_no_going_back(emu, channel, tid)
            if twice >= 10:
                break
        assert twice >= 10, twice
        emu.assert_no_violations()


async def _two_people_and_a_computer(
    emu: DiscordEmulator, bot: E2EBot, w: World, *, target: int
) -> Players:
    """A Smear table of alice and bob (who adds an easy computer), started, and its players."""
    alice, bob, _ = w.users
    lobby = await emu.invoke_and_wait(alice, w.channel, "smear start", {"target": target})
    tid = lobby_table_id(lobby)
    await emu.click_and_wait(bob, lobby, label="Join")
    await (await emu.select(bob, lobby, f"tb:ai:{tid}", ["easy"]))
    return Players(emu, bot, tid, {alice.id: alice, bob.id: bob}, w.channel)


async def test_429_burst_during_a_game(emu: DiscordEmulator, tmp_path: Path) -> None:
    w = make_world(emu)
    async with run_bot(emu, make_bot(tmp_path / "db.sqlite3")) as bot:
        p = await _two_people_and_a_computer(emu, bot, w, target=3)
        for _ in range(3):
            assert await p.play_one()
        emu.rate_limit_burst(6, retry_after=0.05, route="/channels/{channel_id}/messages")
        emu.rate_limit_burst(
            4,
            retry_after=0.05,
            method="PATCH",
            route="/channels/{channel_id}/messages/{message_id}",
        )
        emu.rate_limit_burst(
            2, retry_after=0.05, route="/interactions/{interaction_id}/{token}/callback"
        )
        await p.play_to_end()
        await emu.wait_for_message(w.channel, lambda m: "final standings" in text_of(m))
        assert emu.rate_limit_hits
        assert max(emu.latencies) < 3.0
        assert await bot.storage.results.finished_count() == 1
        emu.assert_no_violations()


async def test_turn_timer_and_autopilot(emu: DiscordEmulator, tmp_path: Path) -> None:
    w = make_world(emu)
    alice, bob, _ = w.users
    bot = make_bot(tmp_path / "db.sqlite3")  # on virtual time: the 30 s take no real time
    async with run_bot(emu, bot):
        lobby = await emu.invoke_and_wait(
            alice, w.channel, "smear start", {"seats": 2, "target": 2, "turn_timer": 30}
        )
        assert "Turn timer: 30 s" in text_of(lobby)
        tid = lobby_table_id(lobby)
        await emu.click_and_wait(bob, lobby, label="Join")  # full: starts
        timed_out = await emu.wait_for_message(
            w.channel, lambda m: "time ran out" in m.content, timeout=40
        )
        assert "the computer played" in timed_out.content
        await emu.wait_for_message(
            w.channel, lambda m: "until they click again" in m.content, timeout=100
        )
        t = bot.tables.live[tid]
        on_autopilot = [s for s in t.seats if s.autopilot]
        assert on_autopilot
        # The player clicks again: back in control.
        user = alice if on_autopilot[0].user_id == alice.id else bob
        table_msg = emu.message(bot.tables.feed.table_message_id(t) or 0)
        await emu.click_and_wait(user, table_msg, label="Show my hand")
        seat = t.seat_of(user.id)
        assert seat is not None and not t.seats[seat].autopilot
        emu.assert_no_violations()


async def test_a_click_whose_answer_meets_a_long_429_is_let_go_and_the_game_goes_on(
    emu: DiscordEmulator, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Discord answers a click's callback with a 429 longer than the click has left: the bot
    does not sleep it out (discord.py would, and answer after Discord's 3 s), it logs one
    warning and no traceback, and the move stands: the feed brings every hand up to it and
    the game goes on to its end."""
    w = make_world(emu)
    async with run_bot(emu, make_bot(tmp_path / "db.sqlite3")) as bot:
        p = await _two_people_and_a_computer(emu, bot, w, target=2)
        tid = p.table_id
        assert await p.play_one()
        version = bot.tables.live[tid].version
        emu.rate_limit_burst(
            1, retry_after=30.0, route="/interactions/{interaction_id}/{token}/callback"
        )
        clicked = asyncio.get_running_loop().time()
        with pytest.raises(InteractionFailed):  # what Discord shows the person
            await p.play_one()
        given_up = await emu.wait_until(
            lambda: next(
                (r.created for r in caplog.records if "could not be answered" in r.getMessage()),
                None,
            ),
            what="the answer given up",
        )
        # The person's thought and Discord's 3 s come first; a 429 slept out would take 30 s.
        assert asyncio.get_running_loop().time() - clicked < 10.0, "the 429 was slept out"
        assert given_up
        assert bot.tables.live[tid].version > version, "the move stands"
        assert [v.kind for v in emu.violations] == ["interaction_timeout"]  # as on Discord
        emu.clear_violations()
        await p.play_to_end()
        await emu.wait_for_message(w.channel, lambda m: "final standings" in text_of(m))
        assert await bot.storage.results.finished_count() == 1
        failed = [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]
        assert failed == [], [r.getMessage() for r in failed]
        emu.assert_no_violations()
