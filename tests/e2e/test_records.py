"""Records over time through the emulator: games finished this week and long ago, then
``/leaderboard period:week`` counts only this week's wins, and ``/stats show`` answers with the
streaks, the bids set and a picture of the rating after each game."""

from __future__ import annotations

import time

from bot.model import Seat, Table
from bot.periods import WEEK, period_of
from engine.games import game
from sandbox import DiscordEmulator, run_bot
from tests.bot.test_records_storage import played
from tests.e2e.harness import make_bot, make_world, text_of


def duel(alice: int, bob: int, winner: int, start: int) -> tuple[Table, int]:
    """A two-person Smear game that ``winner`` (0 or 1) won, and the seed after it."""
    seed = start
    while True:
        t = played("smear", [Seat(alice, "alice"), Seat(bob, "bob")], seed)
        seed += 1
        outcome = t.state.outcome() if t.state else None
        if outcome is not None and list(outcome.winners) == [winner]:
            return t, seed


async def test_the_week_board_and_a_players_stats(emu: DiscordEmulator, database: str) -> None:
    w = make_world(emu)
    alice, bob, carol = w.users
    now = time.time()
    week = period_of(WEEK, now)
    async with run_bot(emu, make_bot(database)) as bot:
        storage = bot.storage
        seed = 0
        bids = made = 0
        # Long ago bob won twice; this week alice wins, bob wins, alice wins.
        plan = [(1, week.start - 40 * 86400), (1, week.start - 1)]
        plan += [(0, week.start + 1), (1, week.start + 2), (0, week.start + 3)]
        for i, (winner, at) in enumerate(plan):
            t, seed = duel(alice.id, bob.id, winner, seed)
            t.guild_id, t.channel_id = w.guild.id, 1000 + i
            assert t.state is not None
            bids += game("smear").bids(t.state)[0][0]
            made += game("smear").bids(t.state)[0][1]
            await storage.tables.create_table(t)
            async with storage.db.transaction() as tx:
                assert await storage.results.record(tx, t, at=at)

        board = await emu.invoke_and_wait(
            carol, w.channel, "leaderboard", {"game": "smear", "period": "week"}
        )
        text = text_of(board)
        assert not board.ephemeral
        assert f"Smear leaderboard, this week ({week.first_day} to {week.last_day})" in text
        assert "1. alice — **2 wins** · 3 games (67%)" in text, text
        assert "2. bob — **1 win** · 3 games (33%)" in text, text
        assert "You have no rated game in this period yet." in text
        assert "Weeks start on Monday 00:00 UTC" in text

        everything = await emu.invoke_and_wait(carol, w.channel, "leaderboard", {"game": "smear"})
        assert "5 games" in text_of(everything), "all time: every game, by rating"

        stats = await emu.invoke_and_wait(alice, w.channel, "stats show")
        text = text_of(stats)
        assert stats.ephemeral
        assert "Smear: 5 games, 2 wins (40%)" in text, text
        assert "best streak 1, current streak 1" in text, text
        assert f"bids made {made} of {bids}, set {bids - made}" in text, text
        assert stats.attachments and stats.attachments[0].filename == "ratings.png"
        assert stats.attachments[0].data.startswith(b"\x89PNG")

        nobody = await emu.invoke_and_wait(carol, w.channel, "stats show")
        assert "has not finished a game" in text_of(nobody) and not nobody.attachments
        emu.assert_no_violations()
