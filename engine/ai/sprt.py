"""``python -m engine sprt``: does a change make a player stronger? A sequential test on
duplicate deals, as chess engines test their patches (Stockfish's fishtest: an SPRT on paired
games).

Usage::

    python -m engine sprt --game smear --candidate "expert[stop_early=false]" \\
        --baseline expert --iterations 200 --progress 30
    python -m engine sprt --candidate "expert[budget_ms=250]" --baseline "hard[budget_ms=150]"

The candidate plays one seat against the baseline in every other seat; each deal is played
once with the candidate in each seat (a duplicate deal set, ``arena.deal_set``), so both sides
hold the same cards and the luck of the deal cancels. A set's outcome is the candidate's share
of its games won (Salad's shared wins count 1/k). Under H0, "no gain", that share's mean is the
null rate 1/seats; under H1, "a gain of at least ``delta``", it is 1/seats + delta (delta in
match-win-rate points: 0.05 is five points). After each set the log-likelihood ratio of H1
against H0 (``llr``: the generalized SPRT on the sets' outcomes, a multinomial whose mean each
hypothesis fixes) is compared with Wald's bounds (``Bounds``): at or above the upper bound H1
is accepted, at or below the lower bound H0, in between another set is played. The error
rates are ``alpha`` (accepting H1 when H0 holds) and ``beta`` (accepting H0 when H1 holds).

A side is a level with options in brackets: the keywords of ``ExpertPlayer`` or ``HardPlayer``
(the ablations) and ``budget_ms``/``iterations`` for that side alone; ``--budget-ms`` and
``--iterations`` bound both sides otherwise. Fixed iterations are cheap and deterministic;
budgets count this process's CPU time, as the arena's ``--cpu-time`` does. One process plays
the sets one after another; ``--max-games`` and ``--max-minutes`` bound a run, which then ends
undecided with its LLR.
"""

from __future__ import annotations

import argparse
import math
import re
import sys
import time
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from engine.ai import LEVELS, arena
from engine.games import GAME_NAMES, game

# A category of outcome never seen yet counts this often in the likelihoods, so a stream of
# one outcome only still has a maximum-likelihood distribution under each hypothesis (as
# fishtest regularizes its pentanomial counts).
UNSEEN_COUNT = 1e-3
_BISECTIONS = 200


@dataclass(frozen=True, slots=True)
class Bounds:
    """Wald's stopping bounds on the log-likelihood ratio for error rates ``alpha`` (false
    gain) and ``beta`` (missed gain)."""

    alpha: float
    beta: float

    @property
    def lower(self) -> float:
        return math.log(self.beta / (1 - self.alpha))

    @property
    def upper(self) -> float:
        return math.log((1 - self.beta) / self.alpha)

    def decide(self, llr_value: float) -> str | None:
        """ "H1" at or above the upper bound, "H0" at or below the lower one, else None."""
        if llr_value >= self.upper:
            return "H1"
        if llr_value <= self.lower:
            return "H0"
        return None


def _tilted_log_likelihood(counts: Mapping[float, float], mean: float) -> float:
    """The most log-likelihood any distribution over the outcome values with this ``mean``
    gives the counts: the empirical distribution tilted to the mean, p_i = q_i / (1 + lam
    (a_i - mean)), lam the root of sum q_i (a_i - mean) / (1 + lam (a_i - mean)) = 0 (a
    Lagrange multiplier; the sum falls as lam grows, so bisection finds it)."""
    total = sum(counts.values())
    shifted = [(a - mean, n / total) for a, n in counts.items()]
    top = max(d for d, _ in shifted)
    bottom = min(d for d, _ in shifted)
    if top <= 0 or bottom >= 0:
        raise ValueError(f"the mean {mean} is not inside the outcomes' range")
    # 1 + lam * d > 0 for every outcome: lam in (-1 / top, -1 / bottom).
    lo, hi = -1.0 / top, -1.0 / bottom
    for _ in range(_BISECTIONS):
        lam = (lo + hi) / 2
        slope = sum(q * d / (1 + lam * d) for d, q in shifted)
        if slope > 0:
            lo = lam
        else:
            hi = lam
    lam = (lo + hi) / 2
    return sum(total * q * math.log(q / (1 + lam * d)) for d, q in shifted)


def llr(
    outcomes: Iterable[float], mean0: float, mean1: float, values: Iterable[float] = ()
) -> float:
    """The generalized log-likelihood ratio of H1 (outcomes' mean ``mean1``) against H0
    (``mean0``) for independent outcomes: each hypothesis at its most likely distribution over
    the outcome values (those seen and ``values``, the possible ones not yet seen, which count
    ``UNSEEN_COUNT``). With two values this is the Bernoulli SPRT's
    wins * log(p1 / p0) + losses * log((1 - p1) / (1 - p0)); with the three outcomes of a pair
    of games, the trinomial one; in general a multinomial."""
    counts: Counter[float] = Counter(outcomes)
    if not counts:
        return 0.0
    table: dict[float, float] = {a: float(n) for a, n in counts.items()}
    for a in values:
        table.setdefault(a, UNSEEN_COUNT)
    return _tilted_log_likelihood(table, mean1) - _tilted_log_likelihood(table, mean0)


def set_share(results: list[arena.GameResult]) -> float:
    """A duplicate set's outcome: the candidate's share of its games won (a shared win counts
    1/k, a capped game nothing)."""
    wins = sum(1.0 / len(g.winners) for g in results if g.cand_seat in g.winners)
    return wins / len(results)


def set_values(seats: int) -> tuple[float, ...]:
    """The outcomes a set of ``seats`` games can have without shared wins: 0, 1/seats, ... 1."""
    return tuple(k / seats for k in range(seats + 1))


_SIDE = re.compile(r"^([a-z0-9-]+)(?:\[(.*)\])?$")


@dataclass(frozen=True, slots=True)
class Side:
    """A level, its budget and its player keywords (``arena.seat_player``'s options)."""

    level: str
    budget_ms: float | None
    iterations: int | None
    options: tuple[tuple[str, str], ...]

    def text(self) -> str:
        extra = [f"{k}={v}" for k, v in self.options]
        if self.budget_ms is not None:
            extra.append(f"budget_ms={self.budget_ms:g}")
        if self.iterations is not None:
            extra.append(f"iterations={self.iterations}")
        return self.level + (f"[{','.join(extra)}]" if extra else "")


def parse_side(text: str, budget_ms: float | None, iterations: int | None) -> Side:
    """``level`` or ``level[key=value,...]``; ``budget_ms`` and ``iterations`` in the brackets
    override the command's for this side."""
    m = _SIDE.match(text.strip())
    if m is None or m.group(1) not in LEVELS:
        raise ValueError(
            f"{text!r}: a side is LEVEL or LEVEL[KEY=VALUE,...], LEVEL one of {LEVELS}"
        )
    options: list[tuple[str, str]] = []
    for item in filter(None, (m.group(2) or "").split(",")):
        key, sep, value = item.partition("=")
        key = key.strip()
        if not sep or not key:
            raise ValueError(f"{item!r}: an option is KEY=VALUE")
        if key == "budget_ms":
            budget_ms = float(value)
        elif key == "iterations":
            iterations = int(value)
        else:
            options.append((key, value.strip()))
    return Side(m.group(1), budget_ms, iterations, tuple(options))


@dataclass(frozen=True, slots=True)
class Status:
    """The test after some sets: the outcomes so far, their LLR and its verdict (None while
    undecided)."""

    sets: int
    games: int
    mean: float
    llr: float
    verdict: str | None


class Sprt:
    """The running test: feed it each set's outcome (``add``) and read ``status``."""

    def __init__(self, seats: int, delta: float, bounds: Bounds) -> None:
        self.seats = seats
        self.mean0 = 1.0 / seats
        self.mean1 = self.mean0 + delta
        if not 0 < self.mean1 < 1:
            raise ValueError("delta must leave the H1 win rate between 0 and 1")
        self.bounds = bounds
        self.outcomes: list[float] = []

    def add(self, share: float) -> None:
        self.outcomes.append(share)

    def status(self) -> Status:
        value = llr(self.outcomes, self.mean0, self.mean1, set_values(self.seats))
        n = len(self.outcomes)
        return Status(
            n,
            n * self.seats,
            sum(self.outcomes) / n if n else 0.0,
            value,
            self.bounds.decide(value),
        )


def parse_args(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m engine sprt", description=__doc__.split("\n")[0])
    p.add_argument("--game", choices=GAME_NAMES, default="smear")
    p.add_argument("--seats", type=int, default=3)
    p.add_argument("--candidate", required=True, help="LEVEL[KEY=VALUE,...]")
    p.add_argument("--baseline", required=True, help="LEVEL[KEY=VALUE,...]")
    p.add_argument("--delta", type=float, default=0.05, help="H1's gain in match win rate")
    p.add_argument("--alpha", type=float, default=0.05)
    p.add_argument("--beta", type=float, default=0.05)
    p.add_argument("--iterations", type=int, default=None, help="search deals, both sides")
    p.add_argument("--budget-ms", type=float, default=None, help="CPU ms a decision, both sides")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--max-games", type=int, default=3000, help="undecided after this many")
    p.add_argument("--max-minutes", type=float, default=None, help="undecided after this long")
    p.add_argument("--max-hands", type=int, default=300, help="cap on a game's hands")
    p.add_argument("--progress", type=int, default=0, help="a report every N games (whole sets)")
    args = p.parse_args(argv)
    entry = game(args.game)
    if args.seats not in entry.seat_range:
        p.error(f"{args.game} is for {entry.min_seats} to {entry.max_seats} seats")
    if not (0 < args.alpha < 0.5 and 0 < args.beta < 0.5):
        p.error("--alpha and --beta must be between 0 and 0.5")
    if args.progress < 0 or args.max_games < 1:
        p.error("--progress must be 0 (off) or a number of games; --max-games at least 1")
    try:
        args.candidate_side = parse_side(args.candidate, args.budget_ms, args.iterations)
        args.baseline_side = parse_side(args.baseline, args.budget_ms, args.iterations)
        Sprt(args.seats, args.delta, Bounds(args.alpha, args.beta))
    except ValueError as e:
        p.error(str(e))
    return args


def arena_args(args: argparse.Namespace) -> argparse.Namespace:
    """The arena's settings for these sides: its deal sets and its report."""
    cand: Side = args.candidate_side
    base: Side = args.baseline_side
    return argparse.Namespace(
        game=args.game,
        seats=args.seats,
        candidate=cand.level,
        field=base.level,
        seed=args.seed,
        budget_ms=cand.budget_ms,
        iterations=cand.iterations,
        field_budget_ms=base.budget_ms,
        field_iterations=base.iterations,
        max_hands=args.max_hands,
        cpu_time=True,
        candidate_option=list(cand.options),
        field_option=list(base.options),
    )


def status_line(args: argparse.Namespace, test: Sprt, st: Status) -> str:
    verdict = {"H1": "H1 accepted (a gain)", "H0": "H0 accepted (no gain)"}.get(
        st.verdict or "", "undecided"
    )
    return (
        f"sprt: {args.candidate_side.text()} vs {args.baseline_side.text()}, {st.games} games"
        f" ({st.sets} deal sets): LLR {st.llr:.3f} (bounds {test.bounds.lower:.3f},"
        f" {test.bounds.upper:.3f}); candidate win rate {st.mean:.1%} (H0 {test.mean0:.1%},"
        f" H1 {test.mean1:.1%}); {verdict}"
    )


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    test = Sprt(args.seats, args.delta, Bounds(args.alpha, args.beta))
    a = arena_args(args)
    t0 = time.perf_counter()
    deadline = None if args.max_minutes is None else t0 + 60.0 * args.max_minutes
    results: list[arena.GameResult] = []
    st = test.status()
    j = 0
    while st.verdict is None and st.games + args.seats <= args.max_games:
        if deadline is not None and time.perf_counter() >= deadline:
            break
        played = [arena.play_game(task) for task in arena.deal_set(a, j)]
        results += played
        test.add(set_share(played))
        st = test.status()
        j += 1
        if args.progress and st.verdict is None and st.games % args.progress < args.seats:
            print(status_line(args, test, st), flush=True)
    print(status_line(args, test, st))
    if results:
        print(arena.report(a, results, time.perf_counter() - t0))
    return 0


__all__ = ["Bounds", "Side", "Sprt", "Status", "llr", "parse_side", "set_share", "set_values"]


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
