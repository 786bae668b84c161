"""Storage on a real SQLite file: tables rebuild from the database; results count once."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bot import ratings
from bot.model import FINISHED, PLAYING, Seat, Table
from bot.storage import Storage
from engine.record import new_game


def _table(guild: int = 1, channel: int = 10) -> Table:
    return Table(
        id=0,
        guild_id=guild,
        channel_id=channel,
        game="smear",
        host_id=100,
        max_seats=3,
        options={"target": 3, "stuck_dealer": False},
        turn_timer=60,
        seed=1234,
        seats=[
            Seat(100, "alice"),
            Seat(200, "bob"),
            Seat(None, "Ada", level="easy"),
        ],
    )


def _modest(legal: list[int], rng: random.Random) -> int:
    """Bid 2 when nobody has, else pass; cards at random (random bidding rarely ends)."""
    for a in (54, 52):
        if a in legal:
            return a
    return rng.choice(legal)


def _finish(t: Table) -> None:
    t.state = new_game("smear", 3, t.seed, t.options)
    rng = random.Random(5)
    while t.state.outcome() is None:
        t.state.apply(_modest(t.state.legal_actions(), rng))
        t.version += 1
    t.status = FINISHED


async def test_a_table_is_rebuilt_from_the_database(tmp_path: Path) -> None:
    storage = await Storage.open(tmp_path / "t.sqlite3")
    t = _table()
    await storage.create_table(t)
    t.state = new_game("smear", 3, t.seed, t.options)
    t.status = PLAYING
    rng = random.Random(1)
    for _ in range(7):
        t.state.apply(rng.choice(t.state.legal_actions()))
        t.version += 1
    t.table_message_id = 555
    await storage.save_game(t)
    await storage.save_messages(t)
    await storage.close()

    storage = await Storage.open(tmp_path / "t.sqlite3")
    [back] = await storage.load_live()
    assert back.id == t.id and back.version == 7 and back.table_message_id == 555
    assert [s.name for s in back.seats] == ["alice", "bob", "Ada"]
    assert back.state is not None
    assert back.state.view(0) == t.state.view(0)
    assert back.state.legal_actions() == t.state.legal_actions()
    await storage.close()


async def test_one_live_table_per_channel(tmp_path: Path) -> None:
    from bot.model import Refusal

    storage = await Storage.open(tmp_path / "t.sqlite3")
    await storage.create_table(_table())
    with pytest.raises(Refusal):
        await storage.create_table(_table())
    await storage.create_table(_table(channel=11))
    await storage.close()


async def test_results_and_ratings_are_written_exactly_once(tmp_path: Path) -> None:
    storage = await Storage.open(tmp_path / "t.sqlite3")
    t = _table()
    await storage.create_table(t)
    _finish(t)
    await storage.save_game(t)
    await storage.save_game(t)  # a retry, or a resume after a crash: nothing more
    rows = await storage.leaderboard(1, "smear")
    assert {r.name for r in rows} == {"alice", "bob"}
    assert all(r.games == 1 for r in rows)
    assert await storage.finished_count() == 1
    stats = await storage.stats(1, 100)
    assert stats[0].games == 1
    await storage.close()


async def test_a_crash_while_rating_records_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    storage = await Storage.open(tmp_path / "t.sqlite3")
    t = _table()
    await storage.create_table(t)
    _finish(t)

    def boom(*args: object) -> object:
        raise RuntimeError("the process dies here")

    monkeypatch.setattr(ratings, "rate", boom)
    with pytest.raises(RuntimeError):
        await storage.save_game(t)
    assert await storage.finished_count() == 0
    assert await storage.leaderboard(1, "smear") == []
    [live] = await storage.load_live()  # still a live table: it resumes and finishes
    assert live.status == "lobby"
    monkeypatch.undo()
    await storage.save_game(t)
    assert await storage.finished_count() == 1
    assert len(await storage.leaderboard(1, "smear")) == 2
    await storage.close()


async def test_rank_of_someone_outside_the_top(tmp_path: Path) -> None:
    storage = await Storage.open(tmp_path / "t.sqlite3")
    for i in range(12):
        await storage.db.execute(
            "INSERT INTO ratings (guild_id, game, user_id, name, mu, sigma, games, wins)"
            " VALUES (1, 'smear', ?, ?, ?, 2.0, 3, 1)",
            (i, f"p{i}", 30.0 - i),
        )
    rows = await storage.leaderboard(1, "smear", 10)
    assert [r.user_id for r in rows] == list(range(10))
    mine = await storage.rank_of(1, "smear", 11)
    assert mine is not None and mine.rank == 12
    await storage.close()
