"""The seconds after a crash (issue 18): nobody loses a turn, and nobody is told a lie.

- A SIGKILLed ``python -m bot`` is restarted and the very first click after it is connected is
  played: ownership dies with the process, so there is no lease to wait out.
- A turn timer killed with 2 seconds left runs out about 2 seconds after the restart.
- The last card of a game is answered as played (the hand shows the end), in every language.
- PostgreSQL stops mid-game and starts again: clicks meanwhile are told, at once, that nothing
  was played; the bot takes its tables back by itself and the game ends with nothing lost or
  doubled.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from sandbox import DiscordEmulator, run_bot
from sandbox.postgres import PostgresUnavailable, new_database, postgres_cluster
from tests.conftest import REQUIRED
from tests.e2e.harness import (
    PLAY_RE,
    Players,
    enabled_moves,
    is_hand,
    lobby_table_id,
    make_bot,
    make_world,
    text_of,
)
from tests.e2e.process import BotProcess, SeenPlayers


@pytest.mark.process  # starts python -m bot
async def test_the_first_click_after_a_kill_is_played(emu: DiscordEmulator, tmp_path: Path) -> None:
    w = make_world(emu)
    alice, bob, _ = w.users
    bot = BotProcess(emu, tmp_path / "db.sqlite3", tmp_path / "bot.log")
    await bot.start()
    try:
        lobby = await emu.invoke_and_wait(alice, w.channel, "smear start", {"seats": 2})
        tid = lobby_table_id(lobby)
        await emu.click_and_wait(bob, lobby, label="Join")
        people = SeenPlayers(emu, w.channel, tid, [alice, bob])
        await people.play_until(lambda: people.clicks >= 3)
        # The last move's messages are out: someone's hand offers them a move (on a loaded
        # machine that can take a while; the kill must fall mid-turn, not mid-publishing).
        offered = None
        for _ in range(500):
            offered = next(
                (
                    (user, hand)
                    for user in (alice, bob)
                    if (hand := people.hand_of(user)) is not None and enabled_moves(hand)
                ),
                None,
            )
            if offered is not None:
                break
            await asyncio.sleep(0.02)
        assert offered is not None, "nobody was offered a move before the bot was killed"
        bot.kill()
        await bot.wait()
        await bot.start(settle=0.0)  # connected: not a moment more
        user, hand = offered
        move = enabled_moves(hand)[0]
        m = PLAY_RE.fullmatch(move)
        assert m is not None
        click = await emu.click(user, hand, move)
        await click.wait_ack(timeout=3)
        # Answered at once, on the hand, with the move played (not deferred: nothing waits).
        assert click.response_type == 7 and click.response_data is not None, click
        said = str(click.response_data.get("content"))
        assert "closed" not in said and "starting up" not in said and "nothing was" not in said
        shown = [
            int(s[3])
            for row in click.response_data.get("components") or []
            for c in row.get("components") or []
            if (s := PLAY_RE.fullmatch(str(c.get("custom_id", ""))))
        ]
        assert shown and shown[0] > int(m[3]), "the hand shows the table after the move"
        await people.play_until(lambda: False, timeout=30)
        errors = [(r.method, r.path, r.status) for r in emu.requests if 400 <= r.status < 500]
        assert not errors, f"Discord answered client errors: {errors}"
    finally:
        await bot.stop()


@pytest.mark.process  # starts python -m bot
async def test_a_turn_timer_runs_out_on_time_after_a_kill(
    emu: DiscordEmulator, tmp_path: Path
) -> None:
    """A 30-second timer at a fifteenth of the time (2 s): killed with about a second left, it
    runs out about 2 s after the restart (the 30-second minimum), not after a lease."""
    w = make_world(emu)
    alice, bob, _ = w.users
    bot = BotProcess(
        emu, tmp_path / "db.sqlite3", tmp_path / "bot.log", {"TIME_SCALE": str(1 / 15)}
    )
    await bot.start()
    try:
        lobby = await emu.invoke_and_wait(
            alice, w.channel, "smear start", {"seats": 2, "turn_timer": 30}
        )
        await emu.click_and_wait(bob, lobby, label="Join")
        await asyncio.sleep(1.0)  # the first turn's 2 s are half gone
        bot.kill()
        await bot.wait()
        loop = asyncio.get_running_loop()
        await bot.start(settle=0.0)
        back = loop.time()
        note = await emu.wait_for_message(
            w.channel, lambda m: "time ran out" in m.content, timeout=10
        )
        late = loop.time() - back
        assert late < 5.0, f"the turn ran out {late:.1f} s after the restart (2 s was left)"
        assert note.content.count("time ran out") == 1
    finally:
        await bot.stop()


@pytest.mark.parametrize(
    ("locale", "over"),
    [
        ("en-US", "The game is over"),
        ("fi", "Peli on päättynyt"),
        ("it", "La partita è finita"),
    ],
)
async def test_the_last_card_is_answered_as_played(
    emu: DiscordEmulator, tmp_path: Path, locale: str, over: str
) -> None:
    w = make_world(emu)
    alice, bob, _ = w.users
    async with run_bot(emu, make_bot(tmp_path / "db.sqlite3")) as bot:
        lobby = await emu.invoke_and_wait(
            alice, w.channel, "smear start", {"seats": 2, "target": 1}
        )
        tid = lobby_table_id(lobby)
        await emu.click_and_wait(bob, lobby, label="Join")
        p = Players(emu, bot, tid, {alice.id: alice, bob.id: bob}, w.channel, locale=locale)
        last: tuple[int, int] | None = None
        while (uid := await p.wait_for_human_or_end()) is not None:
            last = (uid, p.table.version)
            assert await p.play_one()
        assert last is not None
        mover = p.users[last[0]]
        await p.settle()
        hands = [m for m in emu.visible_messages(w.channel, mover) if is_hand(m, tid)]
        told = [m for m in emu.visible_messages(w.channel, mover) if m.ephemeral]
        assert not any("closed" in text_of(m) or "suljettu" in text_of(m) for m in told)
        assert over in hands[-1].content, hands[-1].content
        emu.assert_no_violations()


@pytest.mark.postgres  # a cluster of its own, stopped and started again
async def test_postgresql_restarted_mid_game(emu: DiscordEmulator, tmp_path: Path) -> None:
    """The database stops for a few seconds mid-game and starts again."""
    try:
        cluster = postgres_cluster()
        server = cluster.__enter__()
    except PostgresUnavailable as e:
        if REQUIRED:
            pytest.fail(f"PostgreSQL is required here: {e}")
        pytest.skip(str(e))
    try:
        url = await new_database(server.url)
        w = make_world(emu)
        alice, bob, _ = w.users
        async with run_bot(emu, make_bot(url)) as bot:
            lobby = await emu.invoke_and_wait(
                alice, w.channel, "smear start", {"seats": 2, "target": 4}
            )
            tid = lobby_table_id(lobby)
            await emu.click_and_wait(bob, lobby, label="Join")
            p = Players(emu, bot, tid, {alice.id: alice, bob.id: bob}, w.channel)
            for _ in range(3):
                assert await p.play_one()
            uid = p.human_to_act()
            assert uid is not None
            hand = await p.my_turn_hand(uid)
            await asyncio.to_thread(server.stop)
            loop = asyncio.get_running_loop()
            clicked = loop.time()
            click = await emu.click(p.users[uid], hand, enabled_moves(hand)[0])
            await click.wait_ack(timeout=3)
            answer = await emu.wait_for_message(
                w.channel,
                lambda m: m.visible_to(uid) and "nothing was played" in m.content,
                timeout=3,
            )
            assert "database" in answer.content and loop.time() - clicked < 3.0
            await asyncio.sleep(2.0)  # down a while longer
            await asyncio.to_thread(server.start)
            await emu.wait_until(
                lambda: True if bot.tables.owned else None, timeout=10, what="tables back"
            )
            await p.play_to_end()
            found = await bot.storage.tables.record_of(tid)
            assert found is not None and found[2] is not None
            record = found[2]
            played = sum(len(h.get("bids", [])) + len(h["plays"]) for h in record["hands"])
            assert played == p.clicks, "every move told as played was stored, and no other"
            results = [
                m.content.split("**")[1]
                for m in emu.public_messages(w.channel)
                if m.content.startswith("**Hand ")
            ]
            assert results and len(results) == len(set(results)), "each result once"
            finals = [m for m in emu.public_messages(w.channel) if "final standings" in text_of(m)]
            assert len(finals) == 1
            emu.assert_no_violations()
    finally:
        cluster.__exit__(None, None, None)
