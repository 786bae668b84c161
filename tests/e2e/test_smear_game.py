"""Whole Smear games through the emulator, clicks only."""

from __future__ import annotations

from pathlib import Path

from bot.sandbox import DiscordEmulator, run_bot
from tests.e2e.harness import Players, lobby_table_id, make_bot, make_world, text_of


async def test_three_people_play_smear_to_the_end(emu: DiscordEmulator, tmp_path: Path) -> None:
    w = make_world(emu)
    alice, bob, carol = w.users
    async with run_bot(emu, make_bot(tmp_path / "db.sqlite3")) as bot:
        lobby = await emu.invoke_and_wait(
            alice, w.channel, "smear start", {"seats": 3, "target": 3}
        )
        assert "table open" in text_of(lobby)
        tid = lobby_table_id(lobby)
        await emu.click_and_wait(bob, lobby, label="Join")
        lobby = await emu.click_and_wait(carol, lobby, label="Join")  # full: starts by itself
        assert "game started" in text_of(lobby)
        players = Players(emu, bot, tid, {u.id: u for u in w.users})
        await players.play_to_end()
        final = await emu.wait_for_message(w.channel, lambda m: "final standings" in text_of(m))
        assert "Game over" in text_of(final)
        board = await emu.invoke_and_wait(alice, w.channel, "leaderboard", {"game": "smear"})
        assert "alice" in board.content and "bob" in board.content and "carol" in board.content
        emu.assert_no_violations()
