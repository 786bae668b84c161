"""What the daily deal costs: working out a day's par (an ``expert`` in every seat, each decision
searching a fixed number of deals), on one core.

    python -m benchmarks.bench_daily --iterations 100 --days 3

Prints, per game and day, par, the decisions made, the seconds it took, and the mean and the
slowest decision: the slowest is also the longest a daily table's computer may think (fixed
work has no time bound, so the same situation gets the same move on any machine). Not a test.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import time
from typing import Any

from bot.daily import ITERATIONS, Deal, day_seed, play_out
from engine.ai import make_player


async def measure(game: str, seed: int, iterations: int) -> str:
    player = make_player(game, "expert", iterations=iterations)
    times: list[float] = []

    async def choose(view: Any, generator: int) -> int:
        started = time.perf_counter()
        action = player.choose(view, random.Random(generator))
        times.append(time.perf_counter() - started)
        return action

    started = time.perf_counter()
    played = await play_out(Deal(1, game, 0, seed, iterations), choose)
    took = time.perf_counter() - started
    return (
        f"{game}: par {played.finish.result}, {played.finish.hands} hands, {len(times)} decisions"
        f" in {took:.1f} s; per decision mean {1000 * statistics.fmean(times):.0f} ms,"
        f" slowest {1000 * max(times):.0f} ms"
    )


async def main(iterations: int, days: int) -> None:
    print(f"expert with {iterations} deals per decision, one core")
    for day in range(days):
        for game in ("smear", "salad"):
            seed = day_seed("bench", 1, game, day)
            print(f"day {day + 1} " + await measure(game, seed, iterations))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(prog="python -m benchmarks.bench_daily")
    parser.add_argument("--iterations", type=int, default=ITERATIONS)
    parser.add_argument("--days", type=int, default=2)
    args = parser.parse_args()
    asyncio.run(main(args.iterations, args.days))
