"""``python -m engine calibration``: is the Smear win model calibrated? A reliability plot.

Usage::

    python -m engine calibration --game smear --seats 3 --games 300 --seed 11 \\
        --iterations 100 --out docs/win-model-calibration.png

Plays whole games of the weighted search (``expert-v1``) against itself, every seat, at fixed
``--iterations`` deals a decision (deterministic, and the same on a busy machine). At each
decision with a choice it records the win model's chance (``win_model.win_chances`` from the
scores) that the seat to act wins the game, and at the end whether that seat did. The
predictions are put in ``--bins`` equal bins of predicted chance (tenths by default); a
calibrated model wins as often as it says in every bin. Prints the table (each bin's
decisions, mean predicted chance, observed share won with its Wilson 95% interval) and writes
the reliability plot as a PNG: observed against predicted, the diagonal, and each bin's count.

Decisions of one hand share the scores, so they share the prediction: the counts are
decisions, not independent trials; the games are the independent unit. A game stopped at
``--max-hands`` has no winner and is left out.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from engine.ai import make_player
from engine.ai.arena import wilson
from engine.ai.win_model import win_chances
from engine.record import new_game
from engine.smear import SmearState


@dataclass(frozen=True, slots=True)
class Prediction:
    """One decision: the win model's chance that the seat to act wins, and whether it did."""

    chance: float
    won: bool


@dataclass(frozen=True, slots=True)
class Bin:
    """The decisions whose predicted chance fell in ``[low, high)`` (the last bin takes 1)."""

    low: float
    high: float
    count: int
    mean_chance: float  # 0 for an empty bin
    wins: int

    @property
    def observed(self) -> float | None:
        """The share of these decisions whose seat won the game; None for an empty bin."""
        return self.wins / self.count if self.count else None


def bin_predictions(predictions: Sequence[Prediction], bins: int = 10) -> list[Bin]:
    """``bins`` equal bins of predicted chance over [0, 1], every bin listed (empty ones too)."""
    if bins < 1:
        raise ValueError("bins must be at least 1")
    counts = [0] * bins
    sums = [0.0] * bins
    wins = [0] * bins
    for p in predictions:
        if not 0.0 <= p.chance <= 1.0:
            raise ValueError(f"a chance is between 0 and 1, not {p.chance}")
        k = min(bins - 1, int(p.chance * bins))
        counts[k] += 1
        sums[k] += p.chance
        wins[k] += p.won
    return [
        Bin(k / bins, (k + 1) / bins, counts[k], sums[k] / counts[k] if counts[k] else 0.0, wins[k])
        for k in range(bins)
    ]


def self_play(
    seats: int, deal_seed: int, player_seed: int, iterations: int, max_hands: int
) -> list[Prediction]:
    """One game of ``expert-v1`` in every seat; its decisions' predictions, or none if the game
    was stopped at ``max_hands`` without a winner."""
    state = new_game("smear", seats, deal_seed)
    assert isinstance(state, SmearState)
    players = [make_player("smear", "expert-v1", iterations=iterations) for _ in range(seats)]
    rng = random.Random(player_seed)
    target = state.options.target
    made: list[tuple[int, float]] = []  # (seat, chance)
    while not state.is_over:
        if len(state.results) >= max_hands:
            return []
        seat = state.current_player
        if seat is None:  # pragma: no cover - a seeded game never waits for a deal
            raise RuntimeError("the game waits for a deal")
        view = state.view(seat)
        if len(view.legal) > 1:
            made.append((seat, win_chances(state.scores, target)[seat]))
        state.apply(players[seat].choose(view, rng), seat)
    winner = state.outcome_winner
    return [Prediction(chance, seat == winner) for seat, chance in made]


def table(bins: Sequence[Bin]) -> str:
    lines = ["predicted  decisions  mean predicted  observed  Wilson 95%"]
    for b in bins:
        if not b.count:
            lines.append(f"{b.low:.1f}-{b.high:.1f}  {0:>9}")
            continue
        lo, hi = wilson(b.wins, b.count)
        lines.append(
            f"{b.low:.1f}-{b.high:.1f}  {b.count:>9}  {b.mean_chance:>14.3f}"
            f"  {b.observed or 0.0:>8.3f}  {lo:.3f}-{hi:.3f}"
        )
    return "\n".join(lines)


def plot(bins: Sequence[Bin], out: Path, title: str) -> None:
    """The reliability plot as a PNG: each non-empty bin's observed share won (Wilson 95%
    bars) at its mean predicted chance, the diagonal of a calibrated model, and under it each
    bin's count of decisions."""
    import matplotlib

    matplotlib.use("Agg")  # no screen: before pyplot is imported
    from matplotlib import pyplot as plt

    full = [b for b in bins if b.count]
    xs = [b.mean_chance for b in full]
    ys = [b.observed or 0.0 for b in full]
    intervals = [wilson(b.wins, b.count) for b in full]
    # Rounding can put Wilson's bound a hair past an observed 0 or 1; a bar is never negative.
    below = [max(0.0, y - lo) for y, (lo, _) in zip(ys, intervals, strict=True)]
    above = [max(0.0, hi - y) for y, (_, hi) in zip(ys, intervals, strict=True)]
    fig, (ax, counts) = plt.subplots(
        2, 1, figsize=(6.4, 7.2), dpi=110, height_ratios=(3, 1), sharex=True
    )
    try:
        ax.plot([0, 1], [0, 1], linestyle="--", color="#7f8c8d", label="calibrated")
        ax.errorbar(
            xs,
            ys,
            yerr=[below, above],
            marker="o",
            markersize=6,
            linewidth=2,
            capsize=4,
            color="#3498db",
            label="observed (Wilson 95%)",
        )
        ax.set_xlim(0, 1)
        ax.set_ylim(0, 1)
        ax.set_ylabel("share of those decisions whose seat won", fontsize=11)
        ax.set_title(title, fontsize=12)
        ax.grid(True, alpha=0.3)
        ax.legend(loc="upper left")
        # Under the plot, how many decisions each bin holds: a point on few is a rough one.
        width = [b.high - b.low for b in bins]
        bars = counts.bar(
            [b.low for b in bins],
            [b.count for b in bins],
            width=width,
            align="edge",
            color="#bdc3c7",
            edgecolor="#7f8c8d",
        )
        counts.bar_label(bars, fontsize=8)
        counts.set_ylabel("decisions", fontsize=11)
        counts.set_ylim(0, max(1, max(b.count for b in bins)) * 1.25)
        counts.set_xlabel("predicted chance to win the game", fontsize=11)
        counts.grid(True, axis="y", alpha=0.3)
        fig.tight_layout()
        fig.savefig(out, format="png")
    finally:
        plt.close(fig)


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m engine calibration", description=__doc__)
    p.add_argument("--game", choices=("smear",), default="smear", help="the win model is Smear's")
    p.add_argument("--seats", type=int, choices=(2, 3), default=3)
    p.add_argument("--games", type=int, required=True)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--iterations", type=int, default=100, help="search deals a decision")
    p.add_argument("--bins", type=int, default=10)
    p.add_argument("--max-hands", type=int, default=300, help="a game is stopped after this")
    p.add_argument("--max-minutes", type=float, default=None, help="stop after this long")
    p.add_argument("--progress", type=int, default=0, help="a line every N games")
    p.add_argument("--out", type=Path, required=True, help="the PNG to write")
    args = p.parse_args(list(argv))
    if args.games < 1 or args.iterations < 1 or args.bins < 1 or args.progress < 0:
        p.error("--games, --iterations and --bins are at least 1; --progress 0 or more")
    return args


def main(argv: Sequence[str]) -> int:
    args = parse_args(argv)
    t0 = time.perf_counter()
    deadline = None if args.max_minutes is None else t0 + 60.0 * args.max_minutes
    predictions: list[Prediction] = []
    played = capped = 0
    for j in range(args.games):
        if deadline is not None and time.perf_counter() >= deadline:
            break
        deal_seed = args.seed * 1_000_003 + j
        game = self_play(args.seats, deal_seed, deal_seed * 31 + 7, args.iterations, args.max_hands)
        played += 1
        capped += not game
        predictions += game
        if args.progress and played % args.progress == 0:
            print(f"calibration: {played} games, {len(predictions)} decisions", flush=True)
    bins = bin_predictions(predictions, args.bins)
    title = (
        f"Smear win model, {args.seats} seats: expert-v1 self-play\n"
        f"{played - capped} games, {len(predictions)} decisions, seed {args.seed}"
    )
    plot(bins, args.out, title)
    print(
        f"calibration: smear, {args.seats} seats, expert-v1 at {args.iterations} deals a decision,"
        f" seed {args.seed}: {played} games ({capped} stopped without a winner),"
        f" {len(predictions)} decisions, {time.perf_counter() - t0:.0f}s"
    )
    print(table(bins))
    print(f"plot: {args.out}")
    return 0


__all__ = ["Bin", "Prediction", "bin_predictions", "main", "plot", "self_play", "table"]


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
