"""``python -m engine figures``: every figure the computer levels are held to, with its target.

Usage::

    python -m engine figures --games 600 --workers 1 --cpu-time
    python -m engine figures --only smear-expert-normal --games 150

Each figure is one arena run (``engine.ai.arena``: fixed seeds, duplicate deals, the candidate
in every seat) at the budgets the bot ships (``engine.levels.SEARCH_BUDGET_MS``: expert 250 ms,
hard 150 ms per decision). The arena's full report is printed for each, then one table: the
candidate's match win rate with its Wilson 95% interval, its set rate (Smear), its decision
time p95, and whether each target is met. A change that makes a level weaker shows here before
it ships.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass

from engine.ai import arena
from engine.levels import SEARCH_BUDGET_MS

DECISION_P95_MS = 300.0  # the most a searching level's decision may take, 95 times in 100


@dataclass(frozen=True, slots=True)
class Figure:
    name: str
    game: str
    seats: int
    candidate: str
    field: str
    min_win: float | None  # the least win rate; None: above the null rate (1 / seats)
    max_set: float | None = None  # Smear: the most share of its bids the candidate is set on


FIGURES = (
    Figure("smear-expert-normal", "smear", 3, "expert", "normal", 0.60, 0.15),
    Figure("smear-expert-hard", "smear", 3, "expert", "hard", 0.50, 0.15),
    Figure("smear-normal-v1", "smear", 3, "normal", "normal-v1", 0.43, 0.20),
    Figure("salad4-expert-normal", "salad", 4, "expert", "normal", 0.50),
    Figure("salad3-expert-normal", "salad", 3, "expert", "normal", None),
    Figure("salad5-expert-normal", "salad", 5, "expert", "normal", None),
    Figure("salad6-expert-normal", "salad", 6, "expert", "normal", None),
)


def arena_argv(f: Figure, args: argparse.Namespace) -> list[str]:
    """The arena command line that prints this figure."""
    argv = [
        "--game",
        f.game,
        "--seats",
        str(f.seats),
        "--candidate",
        f.candidate,
        "--field",
        f.field,
        "--games",
        str(args.games),
        "--seed",
        str(args.seed),
        "--workers",
        str(args.workers),
    ]
    if f.candidate in SEARCH_BUDGET_MS:
        argv += ["--budget-ms", f"{SEARCH_BUDGET_MS[f.candidate]:g}"]
    if f.field in SEARCH_BUDGET_MS:
        argv += ["--field-budget-ms", f"{SEARCH_BUDGET_MS[f.field]:g}"]
    if args.cpu_time:
        argv.append("--cpu-time")
    return argv


@dataclass(frozen=True, slots=True)
class Measured:
    figure: Figure
    rate: float
    low: float
    high: float
    set_rate: float | None
    p95_ms: float

    @property
    def met(self) -> bool:
        f = self.figure
        least = f.min_win if f.min_win is not None else 1.0 / f.seats
        ok = self.rate >= least if f.min_win is not None else self.rate > least
        if f.max_set is not None and self.set_rate is not None:
            ok = ok and self.set_rate <= f.max_set
        if f.candidate in SEARCH_BUDGET_MS:
            ok = ok and self.p95_ms <= DECISION_P95_MS
        return ok


def measure(f: Figure, results: list[arena.GameResult]) -> Measured:
    s = arena.summarize(results, f.seats)
    bids = sum(g.cand_bids for g in results)
    sets = sum(g.cand_sets for g in results)
    times = [t for g in results for t in g.cand_times]
    return Measured(
        f,
        s.rate,
        s.low,
        s.high,
        sets / bids if f.game == "smear" and bids else None,
        arena.percentile(times, 0.95),
    )


def target_text(f: Figure) -> str:
    win = f">= {f.min_win:.0%}" if f.min_win is not None else f"> {1 / f.seats:.1%} (null)"
    return win + (f", set <= {f.max_set:.0%}" if f.max_set is not None else "")


def table(rows: list[Measured]) -> str:
    lines = [
        "| figure | wins | Wilson 95% | set | p95 ms | target | met |",
        "|---|---|---|---|---|---|---|",
    ]
    for m in rows:
        set_text = "" if m.set_rate is None else f"{m.set_rate:.1%}"
        lines.append(
            f"| {m.figure.name} | {m.rate:.1%} | {m.low:.1%}-{m.high:.1%} | {set_text}"
            f" | {m.p95_ms:.0f} | {target_text(m.figure)} | {'yes' if m.met else 'NO'} |"
        )
    return "\n".join(lines)


def parse_args(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m engine figures", description=__doc__.split("\n")[0])
    p.add_argument("--games", type=int, default=600, help="games per figure")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--cpu-time", action="store_true", help="budgets in CPU time (a busy machine)")
    p.add_argument("--progress", type=int, default=0, help="a line so far every N games")
    p.add_argument(
        "--only", action="append", choices=[f.name for f in FIGURES], help="one figure (repeat)"
    )
    args = p.parse_args(argv)
    if args.games < 1:
        p.error("--games must be at least 1")
    if args.progress < 0:
        p.error("--progress must be 0 (off) or a number of games")
    if args.workers < 1:
        p.error("--workers must be at least 1")
    return args


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    rows = []
    for f in FIGURES:
        if args.only and f.name not in args.only:
            continue
        argv_f = arena_argv(f, args)
        print(f"== {f.name}: python -m engine arena {' '.join(argv_f)}", flush=True)
        a = arena.parse_args(argv_f)
        t0 = time.perf_counter()

        def progress(done: list[arena.GameResult], f: Figure = f) -> None:
            if args.progress and len(done) % args.progress == 0:
                print(
                    f"-- {len(done)} games: {table([measure(f, done)]).splitlines()[-1]}",
                    flush=True,
                )

        results = arena.run(arena.tasks_for(a), a.workers, progress)
        results.sort(key=lambda g: (g.deal_seed, g.cand_seat))
        print(arena.report(a, results, time.perf_counter() - t0), flush=True)
        rows.append(measure(f, results))
    print(table(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
