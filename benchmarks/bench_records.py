"""How fast records over time answer with many finished games: the all-time, week and month
leaderboards, a person's stats and their rating history.

    python -m benchmarks.bench_records [--games 100000] [--database sqlite|postgres|URL]

Fills a fresh database with ``--games`` finished, rated games (Smear and Salad, three people
each, spread over the last year across a few servers of a dozen people), then times each query
as ``/leaderboard`` and ``/stats show`` run it: the first run, and the median and slowest of the
next ones. The target is under 200 ms each. Not a test.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from benchmarks.people import bot_database
from bot import ratings
from bot.periods import MONTH, WEEK, period_of
from bot.storage import Storage

SERVERS = 4
PEOPLE = 12  # per server
YEAR = 365 * 86400.0
BATCH = 5000  # games per transaction while filling
RUNS = 7


def person(server: int, k: int) -> int:
    return 10_000 * (server + 1) + k


async def fill(storage: Storage, games: int, now: float, rng: random.Random) -> None:
    """``games`` finished games, in batches, as ``ResultStore.record`` writes them."""
    rating: dict[tuple[int, str, int], list[float]] = {}  # mu, sigma, games, wins
    ends = sorted(now - rng.random() * YEAR for _ in range(games))
    for first in range(0, games, BATCH):
        statements: list[tuple[str, tuple[Any, ...]]] = []
        for table_id in range(first + 1, min(games, first + BATCH) + 1):
            at = ends[table_id - 1]
            server = rng.randrange(SERVERS)
            guild = 1000 + server
            kind = "smear" if rng.random() < 0.7 else "salad"
            people = rng.sample(range(PEOPLE), 3)
            winner = rng.randrange(3)
            hands = rng.randint(4, 10) if kind == "smear" else 6
            scores = [rng.randint(0, 11) for _ in people]
            statements.append(
                (
                    "INSERT INTO game_tables (id, guild_id, channel_id, game, host_id, max_seats,"
                    " options, turn_timer, seed, status, created_at, updated_at)"
                    " VALUES (?, ?, ?, ?, ?, 3, '{}', 0, ?, 'finished', ?, ?)",
                    (table_id, guild, table_id, kind, person(server, people[0]), 1, at, at),
                )
            )
            statements.append(
                (
                    "INSERT INTO results (table_id, guild_id, game, finished_at, winners, scores)"
                    " VALUES (?, ?, ?, ?, ?, ?)",
                    (table_id, guild, kind, at, f"[{winner}]", str(scores)),
                )
            )
            for seat, k in enumerate(people):
                uid = person(server, k)
                mine = rating.setdefault(
                    (guild, kind, uid), [ratings.DEFAULT_MU, ratings.DEFAULT_SIGMA, 0, 0]
                )
                won = int(seat == winner)
                mine[0] += (1.0 if won else -0.5) * mine[1] / 10
                mine[1] = max(1.0, mine[1] * 0.99)
                mine[2] += 1
                mine[3] += won
                bids = rng.randint(0, 3) if kind == "smear" else 0
                statements.append(
                    (
                        "INSERT INTO player_results (table_id, user_id, guild_id, game, seat,"
                        " won, score, bids, bids_made, finished_at, hands, mu_after,"
                        " sigma_after) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        (
                            table_id,
                            uid,
                            guild,
                            kind,
                            seat,
                            won,
                            scores[seat],
                            bids,
                            rng.randint(0, bids),
                            at,
                            hands,
                            mine[0],
                            mine[1],
                        ),
                    )
                )
        await storage.db.write(statements)
    await storage.db.write(
        [
            (
                "INSERT INTO ratings (guild_id, game, user_id, name, mu, sigma, games, wins)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (g, kind, uid, f"player {uid}", r[0], r[1], int(r[2]), int(r[3])),
            )
            for (g, kind, uid), r in rating.items()
        ]
        + [("ANALYZE", ())]
    )


async def timed(work: Callable[[], Awaitable[object]]) -> tuple[float, float, float]:
    """Milliseconds: the first run, then the median and slowest of the next ones."""
    started = time.perf_counter()
    await work()
    first = 1000 * (time.perf_counter() - started)
    times = []
    for _ in range(RUNS):
        started = time.perf_counter()
        await work()
        times.append(1000 * (time.perf_counter() - started))
    return first, statistics.median(times), max(times)


async def main(games: int, kind: str) -> None:
    rng = random.Random(20)
    now = time.time()
    with tempfile.TemporaryDirectory() as folder:
        async with bot_database(kind, Path(folder)) as where:
            storage = await Storage.open(where)
            try:
                started = time.perf_counter()
                await fill(storage, games, now, rng)
                took = time.perf_counter() - started
                count = await storage.results.finished_count()
                print(f"{storage.db.dialect}: {count} finished games filled in {took:.1f} s")
                await measure(storage, now)
            finally:
                await storage.close()


async def measure(storage: Storage, now: float) -> None:
    results = storage.results
    guild = 1000
    busiest = await storage.db.fetchone(
        "SELECT user_id, COUNT(*) FROM player_results WHERE guild_id = ?"
        " GROUP BY user_id ORDER BY COUNT(*) DESC LIMIT 1",
        (guild,),
    )
    assert busiest is not None
    uid = int(busiest[0])
    print(f"asker: the busiest player of a server, {busiest[1]} rated games")
    week, month = period_of(WEEK, now), period_of(MONTH, now)
    # The current ones may have just begun: time full ones too (the previous week and month).
    full_week, full_month = period_of(WEEK, week.start - 1), period_of(MONTH, month.start - 1)
    for label, p in (("previous week", full_week), ("previous month", full_month)):
        rows = await results.period_board(guild, "smear", p.start, p.end)
        print(f"{label}: {sum(r.games for r in rows)} Smear results of this server on its board")

    async def board_all() -> None:
        for g in ("smear", "salad"):
            await results.leaderboard(guild, g, 10)
            await results.rank_of(guild, g, uid)

    async def board(start: float, end: float) -> None:
        for g in ("smear", "salad"):
            await results.period_board(guild, g, start, end)

    async def history() -> None:
        for g in ("smear", "salad"):
            await results.rating_history(guild, uid, g)

    queries: list[tuple[str, Callable[[], Awaitable[object]]]] = [
        ("leaderboard all time (both games)", board_all),
        ("leaderboard this week (both games)", lambda: board(week.start, week.end)),
        ("leaderboard this month (both games)", lambda: board(month.start, month.end)),
        ("leaderboard a full week (both games)", lambda: board(full_week.start, full_week.end)),
        ("leaderboard a full month (both games)", lambda: board(full_month.start, full_month.end)),
        ("stats show (both games)", lambda: results.stats(guild, uid)),
        ("rating history (both games)", history),
    ]
    for name, work in queries:
        first, median, slowest = await timed(work)
        verdict = "ok" if max(first, slowest) < 200 else "OVER 200 ms"
        print(
            f"{name:40} first {first:7.1f} ms, median {median:7.1f} ms,"
            f" slowest {slowest:7.1f} ms  {verdict}"
        )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(prog="python -m benchmarks.bench_records")
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument(
        "--database",
        default="sqlite",
        help="sqlite, postgres (a throwaway server) or a postgresql:// URL of an empty database",
    )
    args = parser.parse_args()
    asyncio.run(main(args.games, args.database))
