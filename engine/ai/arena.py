"""``python -m engine arena``: measure a computer player against a field on duplicate deals.

Usage::

    python -m engine arena --game smear --seats 3 --candidate hard --field normal \\
        --games 1000 --seed 1

The games come in sets of ``seats``: each set replays the same seeded deal sequence (RULES.md
G1) with the candidate in each seat in turn and the field in the others, so the luck of the
cards cancels. Games run on every core (multiprocessing). The report gives the candidate's
match win rate with its Wilson 95% interval next to the null rate (1/seats); for Smear the
candidate's share of the hands bid, how often it was set on its bids and the mean final scores;
for Salad the mean game total of the candidate and of a field seat; and the decision times
(p50/p95/max) of each level measured in the same run. ``--budget-ms``/``--iterations`` bound
every searching seat; ``--field-budget-ms``/``--field-iterations`` set the field's apart. A
Smear game still going after ``--max-hands`` hands is stopped and counted as won by nobody
(reported as capped). ``--cpu-time`` counts the budgets and the decision times in each
process's CPU time rather than wall time: what one free core would give, on a machine others
share. ``--progress N`` prints the report so far every N games, so a long run can be watched
(the games finish in any order, so a partial report is not on whole deal sets).
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine.ai import LEVELS, Player, budget, make_player, search_of
from engine.games import GAME_NAMES, game
from engine.record import new_game
from engine.smear import SmearHandResult, SmearState, made_bid_wins


@dataclass(frozen=True, slots=True)
class Task:
    game: str
    seats: int
    candidate: str
    field: str
    deal_seed: int
    cand_seat: int
    player_seed: int
    budget_ms: float | None  # the candidate's search budget
    iterations: int | None
    field_budget_ms: float | None  # the field's
    field_iterations: int | None
    max_hands: int
    cpu_time: bool = False  # budgets and decision times in CPU time, not wall time
    options: tuple[tuple[str, str], ...] = ()  # the candidate expert's keywords (ablations)
    field_options: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class GameResult:
    deal_seed: int
    cand_seat: int
    winners: tuple[int, ...]  # empty when capped
    scores: tuple[int, ...]
    hands: int
    capped: bool
    cand_times: tuple[float, ...]  # ms per decision
    field_times: tuple[float, ...]
    bid_hands: int = 0  # Smear: hands somebody bid (not passed out)
    cand_bids: int = 0  # ... of which the candidate was the bidder
    cand_sets: int = 0  # ... and was set (S10)
    field_sets: int = 0  # the field's seats' bids that were set (the rest are theirs)
    # The same counts for the bids made standing at or past the target, where every level bids
    # whatever its hand (docs/ai.md, "Going out"): a set costs little there.
    cand_out_bids: int = 0
    cand_out_sets: int = 0
    field_out_bids: int = 0
    field_out_sets: int = 0
    # And for the bids made below the target that win the game if made (``game_bids``).
    cand_game_bids: int = 0
    cand_game_sets: int = 0
    field_game_bids: int = 0
    field_game_sets: int = 0


def option_value(text: str) -> bool | int | float | str | None:
    """An ``--candidate-option`` value: true/false, none, a whole number, a number, or else
    the text itself (``value=margin``)."""
    low = text.lower()
    if low in ("true", "false"):
        return low == "true"
    if low == "none":
        return None
    for number in (int, float):
        try:
            return number(text)
        except ValueError:
            pass
    return text


def seat_player(
    game: str,
    level: str,
    budget_ms: float | None,
    iterations: int | None,
    options: tuple[tuple[str, str], ...],
) -> Player:
    """A seat's player; ``options`` are keywords of ``ExpertPlayer`` or ``HardPlayer``
    (ablations)."""
    keywords = {k: option_value(v) for k, v in options}
    return make_player(game, level, budget_ms=budget_ms, iterations=iterations, options=keywords)


def play_game(task: Task) -> GameResult:
    budget.use_cpu_time(task.cpu_time)
    state = new_game(task.game, task.seats, task.deal_seed)
    players: list[Player] = []
    for s in range(task.seats):
        if s == task.cand_seat:
            player = seat_player(
                task.game, task.candidate, task.budget_ms, task.iterations, task.options
            )
        else:
            player = seat_player(
                task.game,
                task.field,
                task.field_budget_ms,
                task.field_iterations,
                task.field_options,
            )
        players.append(player)
    if {search_of(task.candidate), search_of(task.field)} & {"expert-v1"}:
        from engine.ai.fast.warm import warm_up

        warm_up()  # loads (or compiles) the kernels before the first decision is timed
    rng = random.Random(task.player_seed)
    cand_times: list[float] = []
    field_times: list[float] = []
    capped = False
    while not state.is_over:
        if len(state.results) >= task.max_hands:
            capped = True
            break
        seat = state.current_player
        if seat is None:  # pragma: no cover - a seeded game never waits for a deal
            raise RuntimeError("the game waits for a deal")
        view = state.view(seat)
        t0 = budget.now()
        action = players[seat].choose(view, rng)
        dt = (budget.now() - t0) * 1000.0
        (cand_times if seat == task.cand_seat else field_times).append(dt)
        state.apply(action, seat)
    outcome = state.outcome()
    winners = outcome.winners if outcome is not None and not capped else ()
    bids = [r for r in state.results if isinstance(r, SmearHandResult) and r.bidder is not None]
    mine = [r for r in bids if r.bidder == task.cand_seat]
    target = state.options.target if isinstance(state, SmearState) else 0
    out = going_out_bids(state.results, task.seats, target)
    stakes = game_bids(state.results, task.seats, target)
    return GameResult(
        task.deal_seed,
        task.cand_seat,
        winners,
        tuple(state.scores),
        len(state.results),
        capped,
        tuple(cand_times),
        tuple(field_times),
        len(bids),
        len(mine),
        sum(1 for r in mine if r.made is False),
        sum(1 for r in bids if r.bidder != task.cand_seat and r.made is False),
        *_bids_and_sets(out, task.cand_seat),
        *_bids_and_sets(stakes, task.cand_seat),
    )


def _bids_and_sets(hands: list[SmearHandResult], seat: int) -> tuple[int, int, int, int]:
    """Of these hands: the bids ``seat`` made and was set on, then the same for the others."""
    mine = [r for r in hands if r.bidder == seat]
    theirs = [r for r in hands if r.bidder != seat]
    return (
        len(mine),
        sum(1 for r in mine if r.made is False),
        len(theirs),
        sum(1 for r in theirs if r.made is False),
    )


# The kinds of Smear bid the figures count apart: at or past the target, where every level
# bids whatever it holds (docs/ai.md, "Going out"); below it, one that wins the game if made
# (S12, S13), the bids the defenders have most reason to set; and the others.
GOING_OUT, GAME_BID, ORDINARY = "going out", "a made bid wins", "other"
BID_KINDS = (GOING_OUT, GAME_BID, ORDINARY)


def bid_kind(score: int, bid: int, target: int) -> str:
    """Which of ``BID_KINDS`` a bid of ``bid`` made from ``score`` is."""
    if score >= target:
        return GOING_OUT
    return GAME_BID if made_bid_wins(score, bid, target) else ORDINARY


def _bids_of_kind(
    results: Sequence[object], seats: int, target: int, kind: str
) -> list[SmearHandResult]:
    """The Smear hands whose bid, from the bidder's score when the hand was dealt (the scores
    after the hand before it; 0 before the first), is of ``kind``."""
    out: list[SmearHandResult] = []
    before: tuple[int, ...] = (0,) * seats
    for r in results:
        if not isinstance(r, SmearHandResult):
            continue
        bidder, bid = r.bidder, r.bid
        if bidder is not None and bid is not None and bid_kind(before[bidder], bid, target) == kind:
            out.append(r)
        before = r.scores
    return out


def going_out_bids(results: Sequence[object], seats: int, target: int) -> list[SmearHandResult]:
    """The Smear hands whose bidder stood at or past the target when the hand was dealt."""
    return _bids_of_kind(results, seats, target, GOING_OUT)


def game_bids(results: Sequence[object], seats: int, target: int) -> list[SmearHandResult]:
    """The Smear hands whose bidder stood below the target and would have won the game had the
    bid been made: a made bid adds at least the bid (S10), so the score and the bid reach the
    target (S12), or the bid is 4 from a score of 1 or more (S13)."""
    return _bids_of_kind(results, seats, target, GAME_BID)


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    v = sorted(values)
    k = (len(v) - 1) * q
    lo = math.floor(k)
    hi = min(lo + 1, len(v) - 1)
    return v[lo] + (v[hi] - v[lo]) * (k - lo)


def tasks_for(args: argparse.Namespace) -> list[Task]:
    sets = max(1, math.ceil(args.games / args.seats))
    return [t for j in range(sets) for t in deal_set(args, j)]


def deal_set(args: argparse.Namespace, j: int) -> list[Task]:
    """The ``j``-th duplicate deal set: one seeded deal sequence, the candidate in each seat
    in turn (the arena's and the sequential test's unit, ``engine.ai.sprt``)."""
    deal_seed = args.seed * 1_000_003 + j
    return [
        Task(
            args.game,
            args.seats,
            args.candidate,
            args.field,
            deal_seed,
            r,
            deal_seed * 31 + r + 7,
            args.budget_ms,
            args.iterations,
            args.budget_ms if args.field_budget_ms is None else args.field_budget_ms,
            args.iterations if args.field_iterations is None else args.field_iterations,
            args.max_hands,
            args.cpu_time,
            tuple(args.candidate_option),
            tuple(args.field_option),
        )
        for r in range(args.seats)
    ]


def run(
    tasks: list[Task], workers: int, on_result: Callable[[list[GameResult]], None] | None = None
) -> list[GameResult]:
    """Play every task; ``on_result`` sees the results so far after each game."""
    done: list[GameResult] = []
    if workers <= 1 or len(tasks) <= 1:
        for t in tasks:
            done.append(play_game(t))
            if on_result is not None:
                on_result(done)
        return done
    ctx = multiprocessing.get_context("fork" if sys.platform != "win32" else "spawn")
    with ctx.Pool(workers) as pool:
        for g in pool.imap_unordered(play_game, tasks, chunksize=1):
            done.append(g)
            if on_result is not None:
                on_result(done)
    return done


@dataclass(frozen=True, slots=True)
class Summary:
    games: int
    wins: float  # shared Salad wins count as 1/k
    outright: int
    capped: int
    rate: float
    low: float
    high: float
    null: float
    cand_mean: float
    field_mean: float
    seats_seen: tuple[int, ...]  # games per candidate seat


def summarize(results: list[GameResult], seats: int) -> Summary:
    wins = 0.0
    outright = 0
    capped = 0
    cand_total = 0.0
    field_total = 0.0
    per_seat = [0] * seats
    for g in results:
        per_seat[g.cand_seat] += 1
        if g.capped:
            capped += 1
        if g.cand_seat in g.winners:
            wins += 1.0 / len(g.winners)
            if len(g.winners) == 1:
                outright += 1
        cand_total += g.scores[g.cand_seat]
        field_total += sum(v for s, v in enumerate(g.scores) if s != g.cand_seat) / (seats - 1)
    n = len(results)
    low, high = wilson(wins, n)
    return Summary(
        n,
        wins,
        outright,
        capped,
        wins / n if n else 0.0,
        low,
        high,
        1.0 / seats,
        cand_total / n if n else 0.0,
        field_total / n if n else 0.0,
        tuple(per_seat),
    )


def _option(text: str) -> tuple[str, str]:
    key, sep, value = text.partition("=")
    if not sep or not key:
        raise argparse.ArgumentTypeError(f"{text!r}: an option is KEY=VALUE")
    return key, value


def parse_args(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m engine arena", description=__doc__.split("\n")[0])
    p.add_argument("--game", choices=GAME_NAMES, required=True)
    p.add_argument("--seats", type=int, required=True)
    p.add_argument("--candidate", choices=LEVELS, required=True)
    p.add_argument("--field", choices=LEVELS, required=True)
    p.add_argument("--games", type=int, default=300)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--budget-ms", type=float, default=None, help="search: ms per decision")
    p.add_argument("--iterations", type=int, default=None, help="search: deals per decision")
    p.add_argument("--field-budget-ms", type=float, default=None, help="the field's, if other")
    p.add_argument("--field-iterations", type=int, default=None, help="the field's, if other")
    p.add_argument("--workers", type=int, default=multiprocessing.cpu_count())
    p.add_argument("--max-hands", type=int, default=300, help="cap on a game's hands")
    p.add_argument(
        "--cpu-time",
        action="store_true",
        help="count budgets and decision times in CPU time (a busy machine)",
    )
    p.add_argument("--progress", type=int, default=0, help="print the report so far every N games")
    p.add_argument(
        "--candidate-option",
        action="append",
        default=[],
        type=_option,
        metavar="KEY=VALUE",
        help="a keyword of the candidate expert (engine.ai.expert.ExpertPlayer), for ablations",
    )
    p.add_argument(
        "--field-option",
        action="append",
        default=[],
        type=_option,
        metavar="KEY=VALUE",
        help="a keyword of the field's experts",
    )
    args = p.parse_args(argv)
    entry = game(args.game)
    if args.seats not in entry.seat_range:
        p.error(f"{args.game} is for {entry.min_seats} to {entry.max_seats} seats")
    if args.games < 1:
        p.error("--games must be at least 1")
    if args.progress < 0:
        p.error("--progress must be 0 (off) or a number of games")
    return args


def smear_lines(args: argparse.Namespace, results: list[GameResult], s: Summary) -> list[str]:
    """Smear's bidding figures: how often the candidate takes the bid and is set on it."""
    hands = [g.hands for g in results]
    bid_hands = sum(g.bid_hands for g in results)
    cand_bids = sum(g.cand_bids for g in results)
    sets = sum(g.cand_sets for g in results)
    field_bids = bid_hands - cand_bids
    field_sets = sum(g.field_sets for g in results)
    out_bids = sum(g.cand_out_bids for g in results)
    out_sets = sum(g.cand_out_sets for g in results)
    field_out_bids = sum(g.field_out_bids for g in results)
    field_out_sets = sum(g.field_out_sets for g in results)
    stake_bids = sum(g.cand_game_bids for g in results)
    stake_sets = sum(g.cand_game_sets for g in results)
    field_stake_bids = sum(g.field_game_bids for g in results)
    field_stake_sets = sum(g.field_game_sets for g in results)
    rest_bids, rest_sets = cand_bids - out_bids, sets - out_sets
    field_rest_bids, field_rest_sets = field_bids - field_out_bids, field_sets - field_out_sets
    return [
        f"capped games (over {args.max_hands} hands, no winner): {s.capped};"
        f"  mean hands dealt {sum(hands) / len(hands):.1f}",
        f"candidate bid-win share: {cand_bids}/{bid_hands} = {cand_bids / max(1, bid_hands):.1%}"
        f" of hands bid (null {s.null:.1%});  set on {sets}/{cand_bids}"
        f" = {sets / max(1, cand_bids):.1%} of its bids;"
        f"  the field set on {field_sets}/{field_bids} = {field_sets / max(1, field_bids):.1%}",
        f"  of those, bids at or past the target (going out): candidate set on"
        f" {out_sets}/{out_bids}, the field on {field_out_sets}/{field_out_bids};"
        f"  the other bids: candidate set on {rest_sets}/{rest_bids}"
        f" = {rest_sets / max(1, rest_bids):.1%}, the field on {field_rest_sets}/{field_rest_bids}"
        f" = {field_rest_sets / max(1, field_rest_bids):.1%}",
        f"  of the other bids, those a made bid would win the game from below the target:"
        f" candidate set on {stake_sets}/{stake_bids} = {stake_sets / max(1, stake_bids):.1%},"
        f" the field on {field_stake_sets}/{field_stake_bids}"
        f" = {field_stake_sets / max(1, field_stake_bids):.1%}",
        f"mean final score: candidate {s.cand_mean:.2f}, field {s.field_mean:.2f}",
    ]


def report(args: argparse.Namespace, results: list[GameResult], elapsed: float) -> str:
    s = summarize(results, args.seats)
    clock = "CPU" if args.cpu_time else "wall"
    options = "".join(f" {k}={v}" for k, v in args.candidate_option)
    field_options = "".join(f" {k}={v}" for k, v in args.field_option)
    lines = [
        f"arena: {args.game}, {args.seats} seats, candidate {args.candidate}{options} vs field"
        f" {args.field}{field_options}, {s.games} games"
        f" ({s.games // args.seats} duplicate deal sets, games in each candidate seat"
        f" {list(s.seats_seen)}), seed {args.seed}, {elapsed:.0f}s",
        f"candidate wins: {s.wins:g}/{s.games} = {s.rate:.1%}"
        f"  (Wilson 95% {s.low:.1%}..{s.high:.1%});  null rate {s.null:.1%}"
        + (f";  outright {s.outright}" if args.game == "salad" else ""),
    ]
    if args.game == "smear":
        lines += smear_lines(args, results, s)
    else:
        ratio = s.cand_mean / s.field_mean if s.field_mean else float("nan")
        lines.append(
            f"mean total per game: candidate {s.cand_mean:.1f}, field {s.field_mean:.1f}"
            f"  (candidate/field = {ratio:.1%})"
        )
    cand = [t for g in results for t in g.cand_times]
    field = [t for g in results for t in g.field_times]
    for role, level, times in (("candidate", args.candidate, cand), ("field", args.field, field)):
        lines.append(
            f"decision time {role} {level}: n={len(times)}  p50 {percentile(times, 0.5):.2f} ms"
            f"  p95 {percentile(times, 0.95):.2f} ms  max {max(times, default=0.0):.2f} ms"
            f" ({clock} clock)"
        )
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    t0 = time.perf_counter()
    tasks = tasks_for(args)

    def progress(done: list[GameResult]) -> None:
        if args.progress and len(done) % args.progress == 0 and len(done) < len(tasks):
            so_far = sorted(done, key=lambda g: (g.deal_seed, g.cand_seat))
            print(f"-- progress: {len(done)}/{len(tasks)} games", flush=True)
            print(report(args, so_far, time.perf_counter() - t0), flush=True)

    results = run(tasks, args.workers, progress)
    results.sort(key=lambda g: (g.deal_seed, g.cand_seat))
    print(report(args, results, time.perf_counter() - t0))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
