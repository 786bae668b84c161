"""``python -m engine bid-calibration``: does Hard's bid search know how often its bids are set?

Usage::

    python -m engine bid-calibration --games 150 --seed 11 --budget-ms 15 --progress 30

Plays Smear games of Hard players in every seat (``--seats``, target 11), each at
``--budget-ms`` of CPU a decision (or ``--iterations`` deals). At each bid a seat makes, its
search (``HardPlayer.analyse``, the decision exactly as the player makes it) also says on what
share of its deals that bid left the seat the bidder and set: the search's own estimate of the
bid's set rate, where the deals' defenders play the ``normal`` rules. When the bid ends the
bidding as the hand's bid, the hand says whether it was set. The bids are put in three kinds:
at or past the target (going out: every level bids whatever it holds, "Going out" in
``docs/ai.md``), below the target but won by a made bid (``smear.made_bid_wins``, S12, S13),
and the others. For each kind the command prints the bids, the mean estimate and the share
set with its Wilson 95% interval, and the same by bands of the estimate: a search that knows
its defenders is set as often as it says, in every band. (Every Smear Expert bids by this
search, ``levels.EXPERT_OPTIONS``, at its own budget.)

A bid outbid later in the bidding is not counted (the hand did not test it). A game stopped at
``--max-hands`` still counts its hands.
"""

from __future__ import annotations

import argparse
import itertools
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass

from engine.ai import budget
from engine.ai.arena import BID_KINDS, bid_kind, wilson
from engine.ai.hard import HardPlayer
from engine.core import BID_OFFSET, PASS, Phase
from engine.record import new_game
from engine.smear import SmearHandResult, SmearState

BANDS = (0.0, 0.2, 0.4, 0.6, 1.0)  # of the estimated set rate; the last band takes 1


@dataclass(frozen=True, slots=True)
class BidOutcome:
    """One bid that became the hand's bid: its kind (``arena.BID_KINDS``), the search's
    estimate that it is set, and whether it was."""

    kind: str
    estimate: float
    set: bool


def play(
    seats: int,
    deal_seed: int,
    player_seed: int,
    budget_ms: float | None,
    iterations: int | None,
    max_hands: int,
) -> list[BidOutcome]:
    """One game of Hard players in every seat; the outcome of every bid that became a hand's
    bid, with the estimate its search made of it."""
    state = new_game("smear", seats, deal_seed)
    assert isinstance(state, SmearState)
    players = [HardPlayer("smear", budget_ms, iterations) for _ in range(seats)]
    rng = random.Random(player_seed)
    target = state.options.target
    pending: dict[int, tuple[int, str, float]] = {}  # seat -> (bid, kind, estimate), this hand
    out: list[BidOutcome] = []
    hands = 0
    while not state.is_over and len(state.results) < max_hands:
        seat = state.current_player
        if seat is None:  # pragma: no cover - a seeded game never waits for a deal
            raise RuntimeError("the game waits for a deal")
        view = state.view(seat)
        if view.phase == Phase.BID and len(view.legal) > 1:
            with budget.gc_paused():
                analysis = players[seat].analyse(view, rng)
            action = analysis.best
            if action != PASS:
                i = analysis.actions.index(action)
                held = analysis.held[i]
                estimate = analysis.sets[i] / held if held else 0.0
                bid = action - BID_OFFSET
                pending[seat] = (bid, bid_kind(view.scores[seat], bid, target), estimate)
        else:
            action = players[seat].choose(view, rng)
        state.apply(action, seat)
        if len(state.results) != hands:
            hands = len(state.results)
            result = state.results[-1]
            if isinstance(result, SmearHandResult) and result.bidder in pending:
                bid, kind, estimate = pending[result.bidder]
                if bid == result.bid:
                    out.append(BidOutcome(kind, estimate, result.made is False))
            pending = {}
    return out


def report(outcomes: Sequence[BidOutcome]) -> str:
    """Per kind of bid, and by bands of the estimate: bids, mean estimate, share set."""
    lines = ["kind of bid         estimate band  bids  mean estimate  set    Wilson 95%"]
    for kind in BID_KINDS:
        mine = [o for o in outcomes if o.kind == kind]
        rows: list[tuple[str, list[BidOutcome]]] = [("all", mine)]
        for lo, hi in itertools.pairwise(BANDS):
            last = hi == BANDS[-1]
            band = [o for o in mine if lo <= o.estimate < hi or (last and o.estimate == hi)]
            rows.append((f"{lo:.1f}-{hi:.1f}", band))
        for label, group in rows:
            if not group:
                lines.append(f"{kind:<18}  {label:<13}  {0:>4}")
                continue
            sets = sum(o.set for o in group)
            mean = sum(o.estimate for o in group) / len(group)
            lo_, hi_ = wilson(sets, len(group))
            lines.append(
                f"{kind:<18}  {label:<13}  {len(group):>4}  {mean:>13.3f}"
                f"  {sets / len(group):.3f}  {lo_:.3f}-{hi_:.3f}"
            )
    return "\n".join(lines)


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m engine bid-calibration", description=__doc__)
    p.add_argument("--seats", type=int, choices=(2, 3), default=3)
    p.add_argument("--games", type=int, required=True)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--budget-ms", type=float, default=None, help="CPU ms a decision")
    p.add_argument("--iterations", type=int, default=None, help="search deals a decision")
    p.add_argument("--max-hands", type=int, default=300, help="a game is stopped after this")
    p.add_argument("--max-minutes", type=float, default=None, help="stop after this long")
    p.add_argument("--progress", type=int, default=0, help="the table so far every N games")
    args = p.parse_args(list(argv))
    if args.budget_ms is None and args.iterations is None:
        p.error("give --budget-ms or --iterations")
    if args.games < 1 or args.progress < 0:
        p.error("--games is at least 1; --progress 0 or more")
    return args


def main(argv: Sequence[str]) -> int:
    args = parse_args(argv)
    budget.use_cpu_time(True)  # the budgets are a free core's, on a shared machine
    t0 = time.perf_counter()
    deadline = None if args.max_minutes is None else t0 + 60.0 * args.max_minutes
    outcomes: list[BidOutcome] = []
    played = 0
    for j in range(args.games):
        if deadline is not None and time.perf_counter() >= deadline:
            break
        deal_seed = args.seed * 1_000_003 + j
        outcomes += play(
            args.seats,
            deal_seed,
            deal_seed * 31 + 7,
            args.budget_ms,
            args.iterations,
            args.max_hands,
        )
        played += 1
        if args.progress and played % args.progress == 0 and played < args.games:
            print(f"-- {played} games, {len(outcomes)} bids\n{report(outcomes)}", flush=True)
    bound = f"{args.budget_ms:g} ms of CPU" if args.budget_ms else f"{args.iterations} deals"
    print(
        f"bid-calibration: smear, {args.seats} seats, Hard in every seat at {bound} a decision,"
        f" seed {args.seed}: {played} games, {len(outcomes)} bids,"
        f" {time.perf_counter() - t0:.0f}s"
    )
    print(report(outcomes))
    return 0


__all__ = ["BidOutcome", "main", "play", "report"]


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
