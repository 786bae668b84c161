"""Records over time, on SQLite and PostgreSQL: the week's and the month's boards (their
boundaries in UTC), streaks, bids set, Salad's penalty per hand, the rating after each game in
order, and forgetting all of it."""

from __future__ import annotations

import datetime
import random
from pathlib import Path
from typing import Any

import aiosqlite
import pytest

from bot import ratings
from bot.model import FINISHED, Seat, Table
from bot.periods import MONTH, WEEK, period_of
from bot.storage import Storage
from bot.storage.database import migrate_sqlite
from bot.storage.schema import MIGRATIONS
from engine.games import game
from engine.record import new_game

ALICE, BOB, CAROL = 100, 200, 300


def utc(*args: int) -> float:
    return datetime.datetime(*args, tzinfo=datetime.UTC).timestamp()  # type: ignore[misc]


def _legal(legal: list[int], rng: random.Random) -> int:
    """Bid 2 when nobody has, else pass; cards at random (random bidding rarely ends)."""
    for a in (54, 52):
        if a in legal:
            return a
    return rng.choice(legal)


def played(kind: str, seats: list[Seat], seed: int) -> Table:
    """A finished game between these seats (not yet in any database)."""
    options: dict[str, object] = {"target": 3, "stuck_dealer": False} if kind == "smear" else {}
    t = Table(
        id=0,
        guild_id=1,
        channel_id=10,
        game=kind,
        host_id=seats[0].user_id or 0,
        max_seats=len(seats),
        options=options,
        turn_timer=60,
        seed=seed,
        seats=seats,
    )
    t.state = new_game(kind, len(seats), seed, options)
    rng = random.Random(seed)
    while t.state.outcome() is None:
        t.state.apply(_legal(t.state.legal_actions(), rng))
    t.status = FINISHED
    return t


async def record(storage: Storage, t: Table, at: float, channel: int) -> None:
    """``t``'s result as if it ended at ``at`` (each table in its own channel)."""
    t.channel_id = channel
    await storage.tables.create_table(t)
    async with storage.db.transaction() as tx:
        assert await storage.results.record(tx, t, at=at)


def duel(seed: int) -> Table:
    return played("smear", [Seat(ALICE, "alice"), Seat(BOB, "bob")], seed)


def duels_won_by(seat: int, count: int) -> list[Table]:
    """``count`` two-person Smear games that seat ``seat`` won."""
    out = []
    seed = 0
    while len(out) < count:
        t = duel(seed)
        outcome = t.state.outcome() if t.state else None
        assert outcome is not None
        if outcome.winners == (seat,) or list(outcome.winners) == [seat]:
            out.append(t)
        seed += 1
    return out


@pytest.fixture
async def storage(database: str) -> Any:
    s = await Storage.open(database)
    yield s
    await s.close()


# ---------------------------------------------------------------------- periods


def test_a_week_runs_from_monday_to_monday_utc() -> None:
    sunday_night = utc(2026, 11, 29, 23, 59)
    week = period_of(WEEK, sunday_night)
    assert week.start == utc(2026, 11, 23) and week.end == utc(2026, 11, 30)
    assert (week.first_day, week.last_day) == ("2026-11-23", "2026-11-29")
    assert period_of(WEEK, utc(2026, 11, 30)).start == utc(2026, 11, 30)
    month = period_of(MONTH, utc(2026, 12, 31, 23, 59, 59))
    assert month.start == utc(2026, 12, 1) and month.end == utc(2027, 1, 1)
    assert (month.first_day, month.last_day) == ("2026-12-01", "2026-12-31")
    with pytest.raises(ValueError):
        period_of("year", 0.0)


async def test_week_and_month_boards_keep_their_boundaries(storage: Storage) -> None:
    alice_wins = duels_won_by(0, 3)
    bob_wins = duels_won_by(1, 1)
    # Sunday 23:59 UTC is in its week; Monday 00:00 is in the next one.
    await record(storage, alice_wins[0], utc(2026, 11, 29, 23, 59), 11)
    await record(storage, alice_wins[1], utc(2026, 11, 30, 0, 0), 12)
    # The last minute of November, the first moment of December.
    await record(storage, alice_wins[2], utc(2026, 11, 30, 23, 59), 13)
    await record(storage, bob_wins[0], utc(2026, 12, 1, 0, 0), 14)
    results = storage.results

    def board(kind: str, at: float) -> Any:
        p = period_of(kind, at)
        return results.period_board(1, "smear", p.start, p.end)

    last_week = await board(WEEK, utc(2026, 11, 29, 12))
    assert [(r.user_id, r.games, r.wins) for r in last_week] == [(ALICE, 1, 1), (BOB, 1, 0)]
    this_week = await board(WEEK, utc(2026, 12, 2, 12))
    assert [(r.user_id, r.games, r.wins) for r in this_week] == [(ALICE, 3, 2), (BOB, 3, 1)]
    assert [r.rank for r in this_week] == [1, 2] and this_week[0].name == "alice"
    november = await board(MONTH, utc(2026, 11, 15))
    assert [(r.user_id, r.wins) for r in november] == [(ALICE, 3), (BOB, 0)]
    december = await board(MONTH, utc(2026, 12, 1, 0, 0))
    assert [(r.user_id, r.wins) for r in december] == [(BOB, 1), (ALICE, 0)]
    assert await board(WEEK, utc(2026, 12, 9)) == []
    assert await results.period_board(2, "smear", 0, utc(2030, 1, 1)) == []


async def test_equal_wins_rank_by_win_rate_then_games(storage: Storage) -> None:
    # alice: 1 win of 1; bob: 1 win of 2 (a duel he lost to... carol); carol: 1 win of 3.
    at = utc(2026, 12, 2, 10)
    channel = 20
    seed = 0
    wanted = {ALICE: (1, 1), BOB: (1, 2), CAROL: (1, 3)}
    got: dict[int, list[int]] = {ALICE: [0, 0], BOB: [0, 0], CAROL: [0, 0]}
    # Games of each person against a computer until each has their wins and games.
    for uid, name in ((ALICE, "alice"), (BOB, "bob"), (CAROL, "carol")):
        while tuple(got[uid]) != wanted[uid]:
            a = played("smear", [Seat(uid, name), Seat(None, "Ada", level="easy")], seed)
            seed += 1
            outcome = a.state.outcome() if a.state else None
            assert outcome is not None
            won = 0 in outcome.winners
            wins, games = got[uid]
            if (won and wins < wanted[uid][0]) or (
                not won and games - wins < wanted[uid][1] - wanted[uid][0]
            ):
                await record(storage, a, at, channel)
                channel += 1
                got[uid] = [wins + int(won), games + 1]
    p = period_of(WEEK, at)
    board = await storage.results.period_board(1, "smear", p.start, p.end)
    assert [(r.user_id, r.wins, r.games) for r in board] == [
        (ALICE, 1, 1),
        (BOB, 1, 2),
        (CAROL, 1, 3),
    ]


async def test_coached_games_are_not_on_the_period_board(storage: Storage) -> None:
    t = duel(3)
    t.settings = {"coach": True}
    await record(storage, t, utc(2026, 12, 2), 11)
    p = period_of(WEEK, utc(2026, 12, 2))
    assert await storage.results.period_board(1, "smear", p.start, p.end) == []


# ---------------------------------------------------------------------- a person's stats


def streaks(won: list[bool]) -> tuple[int, int]:
    """What the database must count: the longest run of wins and the current one."""
    best = run = 0
    for w in won:
        run = run + 1 if w else 0
        best = max(best, run)
    return best, run


async def test_streaks_are_counted_by_the_database(storage: Storage) -> None:
    rng = random.Random(3)
    cases = [[], [True] * 3, [False, True, True, False, True], [True, True, False, True, True]]
    cases += [[rng.random() < 0.6 for _ in range(12)] for _ in range(3)]
    for case, won in enumerate(cases):
        uid = 10 + case
        statements: list[tuple[str, tuple[Any, ...]]] = []
        for i, w in enumerate(won):
            # Table ids go up while the games end earlier and earlier: the order is by end.
            tid, at = 1000 * (case + 1) + i, 5000.0 - i
            statements += [
                (
                    "INSERT INTO game_tables (id, guild_id, channel_id, game, host_id, max_seats,"
                    " options, turn_timer, seed, status, created_at, updated_at)"
                    " VALUES (?, 7, ?, 'smear', 1, 2, '{}', 0, 1, 'finished', 0, 0)",
                    (tid, tid),
                ),
                (
                    "INSERT INTO results (table_id, guild_id, game, finished_at, winners, scores)"
                    " VALUES (?, 7, 'smear', ?, '[0]', '[0, 0]')",
                    (tid, at),
                ),
                (
                    "INSERT INTO player_results (table_id, user_id, guild_id, game, seat, won,"
                    " score, bids, bids_made, finished_at) VALUES (?, ?, 7, 'smear', 0, ?, 0, 0,"
                    " 0, ?)",
                    (tid, uid, int(w), at),
                ),
            ]
        if statements:
            await storage.db.write(statements)
        expected = streaks(won[::-1])
        assert await storage.results._streaks(7, uid, "smear") == expected, won


async def test_streaks_and_form_follow_when_games_ended(storage: Storage) -> None:
    wins, losses = duels_won_by(0, 4), duels_won_by(1, 2)
    # Created in one order, finished in another: W W L W W L W... by finish time.
    order = [wins[0], wins[1], losses[0], wins[2], wins[3], losses[1]]
    base = utc(2026, 12, 1, 12)
    for i, t in reversed(list(enumerate(order))):
        await record(storage, t, base + 60 * i, 30 + i)
    (row,) = await storage.results.stats(1, ALICE)
    assert (row.games, row.wins, row.best_streak, row.current_streak) == (6, 4, 2, 0)
    assert row.recent == (False, True, True, False, True)  # newest first
    (bob,) = await storage.results.stats(1, BOB)
    assert (bob.best_streak, bob.current_streak) == (1, 1)


async def test_smear_bids_set_are_bids_not_made(storage: Storage) -> None:
    games = [duel(s) for s in range(4)]
    for i, t in enumerate(games):
        await record(storage, t, utc(2026, 12, 1) + i, 40 + i)
    made = sum(game("smear").bids(t.state)[0][1] for t in games if t.state)
    bids = sum(game("smear").bids(t.state)[0][0] for t in games if t.state)
    (row,) = await storage.results.stats(1, ALICE)
    assert (row.bids, row.bids_made, row.bids_set) == (bids, made, bids - made)
    assert row.bids > 0


async def test_salad_average_penalty_per_hand(storage: Storage) -> None:
    seats = [Seat(ALICE, "alice"), Seat(BOB, "bob"), Seat(None, "Ada", level="easy")]
    games = [played("salad", list(seats), s) for s in (1, 2)]
    for i, t in enumerate(games):
        await record(storage, t, utc(2026, 12, 1) + i, 50 + i)
    total = sum(t.state.scores[0] for t in games if t.state)
    hands = sum(len(t.state.results) for t in games if t.state)
    (row,) = await storage.results.stats(1, ALICE)
    assert row.hands == hands == 12
    assert row.per_hand == pytest.approx(total / hands)
    assert row.bids_set == 0


async def test_rating_history_is_in_the_order_games_ended(storage: Storage) -> None:
    games = [duel(s) for s in range(5)]
    times = [utc(2026, 12, 1) + 3600 * k for k in (3, 0, 4, 1, 2)]
    for i, (t, at) in enumerate(zip(games, times, strict=True)):
        await record(storage, t, at, 60 + i)
    history = await storage.results.rating_history(1, ALICE, "smear")
    assert [h.finished_at for h in history] == sorted(times)
    # The games were rated in creation order here; each point is the rating right after its
    # own game, so the last one written (table 5, at 2:00) is the current rating.
    mine = await storage.results.rank_of(1, "smear", ALICE)
    assert mine is not None
    last = next(h for h in history if h.finished_at == times[-1])
    assert (last.mu, last.sigma) == pytest.approx((mine.mu, mine.sigma))
    assert len({(h.mu, h.sigma) for h in history}) == 5
    assert await storage.results.rating_history(1, ALICE, "salad") == []


async def test_forgetting_deletes_the_history(storage: Storage) -> None:
    for i in range(2):
        await record(storage, duel(i), utc(2026, 12, 1) + i, 70 + i)
    other = duel(5)
    other.guild_id = 2
    await record(storage, other, utc(2026, 12, 1), 80)
    await storage.people.forget_user(ALICE)
    assert await storage.results.rating_history(1, ALICE, "smear") == []
    assert await storage.results.rating_history(2, ALICE, "smear") == []
    assert len(await storage.results.rating_history(1, BOB, "smear")) == 2
    await storage.people.forget_guild(1)
    assert await storage.results.rating_history(1, BOB, "smear") == []
    assert len(await storage.results.rating_history(2, BOB, "smear")) == 1
    p = period_of(MONTH, utc(2026, 12, 1))
    assert await storage.results.period_board(1, "smear", p.start, p.end) == []


async def test_games_rated_before_the_history_keep_their_end_time(tmp_path: Path) -> None:
    """Migration 9 gives older results' rows their game's end time, and no rating history."""
    path = tmp_path / "t.sqlite3"
    conn = await aiosqlite.connect(str(path), isolation_level=None)
    await migrate_sqlite(conn, tuple(m for m in MIGRATIONS if m.version < 9))
    await conn.execute(
        "INSERT INTO game_tables (id, guild_id, channel_id, game, host_id, max_seats, options,"
        " turn_timer, seed, status, created_at, updated_at)"
        " VALUES (5, 1, 2, 'smear', 3, 2, '{}', 0, 5, 'finished', 0, 0)"
    )
    await conn.execute(
        "INSERT INTO results (table_id, guild_id, game, finished_at, winners, scores)"
        f" VALUES (5, 1, 'smear', {utc(2026, 12, 1, 9)}, '[0]', '[3, 1]')"
    )
    await conn.execute(
        "INSERT INTO player_results (table_id, user_id, guild_id, game, seat, won, score, bids,"
        " bids_made) VALUES (5, 100, 1, 'smear', 0, 1, 3, 1, 1)"
    )
    await conn.execute(
        "INSERT INTO ratings (guild_id, game, user_id, name, mu, sigma, games, wins)"
        f" VALUES (1, 'smear', 100, 'alice', {ratings.DEFAULT_MU}, 5.0, 1, 1)"
    )
    await conn.close()
    storage = await Storage.open(path)
    try:
        p = period_of(WEEK, utc(2026, 12, 1))
        board = await storage.results.period_board(1, "smear", p.start, p.end)
        assert [(r.user_id, r.wins) for r in board] == [(100, 1)]
        assert await storage.results.rating_history(1, 100, "smear") == []
        (row,) = await storage.results.stats(1, 100)
        assert row.per_hand is None and row.best_streak == 1
    finally:
        await storage.close()
