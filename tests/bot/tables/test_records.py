"""The leaderboard's periods as the use case runs them, on the tables' own clock: a game of
last Sunday night is not this week's; a period or a game nobody offers is refused plainly."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.model import Refusal, Seat
from bot.storage import Storage
from bot.tables import Tables
from tests.bot.tables.fakes import FakeDiscord, HandClock, asker
from tests.bot.test_records_storage import played, utc

MONDAY = utc(2026, 11, 30, 0, 0)


async def test_the_week_follows_the_tables_clock(tmp_path: Path) -> None:
    clock = HandClock(start=MONDAY + 3600)
    discord = FakeDiscord(clock)
    storage = await Storage.open(tmp_path / "db.sqlite3")
    tables = Tables(storage, discord, clock=clock, ai_pause=0.0, table_edit_gap=0.0)
    try:
        for i, at in enumerate((MONDAY - 60, MONDAY + 60)):
            t = played("smear", [Seat(100, "alice"), Seat(200, "bob")], i)
            t.channel_id = 20 + i
            await storage.tables.create_table(t)
            async with storage.db.transaction() as tx:
                await storage.results.record(tx, t, at=at)
        who, answer = asker(discord, 100)
        await tables.people.leaderboard(who, answer, "smear", "week")
        (posted,) = [discord.messages[m] for m in answer.posted]
        text = posted.payload.content or ""
        assert "this week (2026-11-30 to 2026-12-06)" in text
        assert "1 game (" in text and "2 games" not in text, text
        who, answer = asker(discord, 100)
        await tables.people.leaderboard(who, answer, None, "month")
        text = discord.messages[answer.posted[0]].payload.content or ""
        assert "Smear leaderboard, this month (2026-11-01 to 2026-11-30)" in text
        assert "2 games" in text and "Salad leaderboard, this month" in text
        for game, period, words in (("smear", "year", "refusal-period"), ("poker", None, "game")):
            who, answer = asker(discord, 100)
            with pytest.raises(Refusal) as refused:
                await tables.people.leaderboard(who, answer, game, period)
            assert words in refused.value.key and answer.posted == []
    finally:
        await storage.close()
