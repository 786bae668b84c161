"""Regenerate ``engine/ai/bid_model_data.py``: the measured Smear bidding model.

    python -m engine.ai.fit_bidding --deals 60000 --seed 1

For each seat count (2 and 3) it deals ``--deals`` random hands. Seat 0 is the bidder (bid 2,
the others pass: at scores of 0 the bid does not change anyone's play) and, for each suit it
holds, the hand is played out with that suit led as trump (``smear_normal.opening_lead``) and
every seat on the ``normal`` play policy; the points the bidder took are the label. Four
logistic models, P(points >= k) for k = 1..4, are fitted on ``bid_model.features`` by
Newton's method (a little ridge keeps rare features finite). ``TOTAL_POINTS`` is the mean of
the points a hand hands out; ``PASS_VALUE`` is a defender's mean relative change (its points
minus the mean of the two others' changes, the bidder's counted by S10) on the deals where
the bidder held a hand that the ``normal`` rule bids 2 on. The module is written whole.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections import defaultdict
from pathlib import Path

from engine.ai import smear_normal
from engine.ai.bid_model import features
from engine.cards import SUIT_MASK, cards_of
from engine.core import BID_OFFSET, PASS
from engine.smear import SmearState, deal_masks

OUT = Path(__file__).with_name("bid_model_data.py")
RIDGE = 0.01
NEWTON_STEPS = 12
Sample = tuple[tuple[float, ...], int, tuple[int, ...]]  # features, bidder's points, all points


def samples(seats: int, deals: int, rng: random.Random) -> list[Sample]:
    """(features, bidder points, every seat's points) for each suit of each bidder's deal."""
    out: list[Sample] = []
    for _ in range(deals):
        hands = deal_masks(rng, seats)
        state = SmearState(seats, first_dealer=seats - 1, keep_log=False)
        state.deal([cards_of(h) for h in hands])
        state.apply_fast(BID_OFFSET + 2)
        while state.bids_made < seats:
            state.apply_fast(PASS)
        for suit in range(4):
            if not hands[0] & SUIT_MASK[suit]:
                continue
            s = state.copy()
            s.apply_fast(smear_normal.opening_lead(hands[0], suit))
            smear_normal.play_hand(s)
            points = s.results[-1].points
            out.append((features(hands[0], suit), points[0], points))
    return out


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (a is small and positive definite)."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[piv] = m[piv], m[col]
        for r in range(col + 1, n):
            f = m[r][col] / m[col][col]
            if f:
                for c in range(col, n + 1):
                    m[r][c] -= f * m[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][c] * x[c] for c in range(r + 1, n))) / m[r][r]
    return x


def _logistic(z: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def fit_logistic(groups: list[tuple[tuple[float, ...], int, int]]) -> list[float]:
    """Weights of a logistic model from grouped data: (features, trials, successes)."""
    k = len(groups[0][0])
    w = [0.0] * k
    for _ in range(NEWTON_STEPS):
        grad = [-RIDGE * wi for wi in w]
        hess = [[RIDGE if i == j else 0.0 for j in range(k)] for i in range(k)]
        for x, trials, hits in groups:
            z = sum(a * b for a, b in zip(w, x, strict=True))
            p = _logistic(z)
            r = hits - trials * p
            v = trials * p * (1.0 - p)
            for i in range(k):
                if x[i]:
                    grad[i] += r * x[i]
                    vi = v * x[i]
                    row = hess[i]
                    for j in range(i, k):
                        if x[j]:
                            row[j] += vi * x[j]
        for i in range(k):
            for j in range(i):
                hess[i][j] = hess[j][i]
        step = _solve(hess, grad)
        w = [wi + si for wi, si in zip(w, step, strict=True)]
    return w


def fit(data: list[Sample]) -> list[list[float]]:
    counts: dict[tuple[float, ...], list[int]] = defaultdict(lambda: [0] * 5)
    for x, points, _ in data:
        counts[x][points] += 1
    models = []
    for k in range(1, 5):
        groups = [(x, sum(c), sum(c[k:])) for x, c in counts.items()]
        models.append(fit_logistic(groups))
    return models


def pass_value(data: list[Sample], seats: int, make_two: list[float]) -> float:
    """A defender's mean relative change when the bidder's hand is one ``normal`` bids 2 on
    (``make_two``: the weights of P(points >= 2))."""
    share = smear_normal.MAKE_SHARE[2]
    total, n = 0.0, 0
    for x, points, all_points in data:
        if _logistic(sum(a * b for a, b in zip(make_two, x, strict=True))) < share:
            continue
        change = [float(p) for p in all_points]
        change[0] = points if points >= 2 else -2.0
        for d in range(1, seats):
            others = sum(change[i] for i in range(seats) if i != d) / (seats - 1)
            total += change[d] - others
            n += 1
    return total / n if n else 0.0


def render(
    weights: dict[int, list[list[float]]],
    totals: dict[int, float],
    passes: dict[int, float],
    command: str,
) -> str:
    lines = [
        '"""Fitted numbers of the Smear bidding model (``engine.ai.bid_model``).',
        "",
        f"Generated by ``python -m engine.ai.fit_bidding {command}``; do not edit by",
        "hand: change the script or its options and run it again.",
        '"""',
        "",
        "# Per seat count, four weight vectors (P(points >= k), k = 1..4) over the features",
        "# in the order of bid_model.FEATURE_NAMES.",
        "WEIGHTS: dict[int, tuple[tuple[float, ...], ...]] = {",
    ]
    for seats, models in sorted(weights.items()):
        lines.append(f"    {seats}: (")
        for w in models:
            lines.append("        (")
            lines += [f"            {v:.4f}," for v in w]  # one a line, as ruff formats it
            lines.append("        ),")
        lines.append("    ),")
    lines.append("}")
    lines.append("# Mean points a hand hands out in all (S6-S9), per seat count.")
    lines.append(
        "TOTAL_POINTS: dict[int, float] = {"
        + ", ".join(f"{s}: {v:.4f}" for s, v in sorted(totals.items()))
        + "}"
    )
    lines.append("# A defender's mean relative change against a bidder that bids as normal does.")
    lines.append(
        "PASS_VALUE: dict[int, float] = {"
        + ", ".join(f"{s}: {v:.4f}" for s, v in sorted(passes.items()))
        + "}"
    )
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="python -m engine.ai.fit_bidding", description=__doc__)
    p.add_argument("--deals", type=int, default=60000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--out", type=Path, default=OUT, help="where to write the module")
    args = p.parse_args(argv)
    rng = random.Random(args.seed)
    weights: dict[int, list[list[float]]] = {}
    totals: dict[int, float] = {}
    passes: dict[int, float] = {}
    for seats in (2, 3):
        data = samples(seats, args.deals, rng)
        weights[seats] = fit(data)
        totals[seats] = sum(sum(pts) for _, _, pts in data) / len(data)
        passes[seats] = pass_value(data, seats, weights[seats][1])
        print(f"{seats} seats: {len(data)} samples", file=sys.stderr)
    command = f"--deals {args.deals} --seed {args.seed}"
    args.out.write_text(render(weights, totals, passes, command))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
