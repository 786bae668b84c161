"""What a Smear hand makes as bidder: a measured model, not a rule of thumb.

For a 6-card hand and a trump suit, ``make_probs`` gives P(the bidder takes at least k points)
for k = 1..4, from four logistic models on the features below. The fitted weights live in
``engine.ai.bid_model_data`` (generated: ``python -m engine.ai.fit_bidding`` plays many random
deals with the ``normal`` play policy for every seat, the bidder leading the given trump, and
fits the weights to the points the bidder actually took).
"""

from __future__ import annotations

import math

from engine.ai.bid_model_data import PASS_VALUE, TOTAL_POINTS, WEIGHTS
from engine.cards import ACE, JACK, KING, QUEEN, SUIT_BITS, TEN, TWO

THREE = TWO + 1

FEATURE_NAMES = (
    "bias",
    "top_ace",
    "top_king",
    "top_queen",
    "top_rank",
    "low_two",
    "low_three",
    "low_rank",
    "trumps",
    "single_trump",
    "jack",
    "jack_guarded",
    "ten",
    "honours_over_jack",
    "side_aces",
    "side_tens",
)


def features(hand: int, suit: int) -> tuple[float, ...]:
    """The model's inputs for ``hand`` (a mask) as bidder with ``suit`` trump (held)."""
    t = (hand >> (13 * suit)) & SUIT_BITS
    top = t.bit_length() - 1
    low = (t & -t).bit_length() - 1
    side_aces = 0
    side_tens = 0
    for s in range(4):
        if s != suit:
            side = (hand >> (13 * s)) & SUIT_BITS
            side_aces += side >> ACE & 1
            side_tens += side >> TEN & 1
    jack = t >> JACK & 1
    over_jack = (t >> (JACK + 1)).bit_count()
    return (
        1.0,
        float(top == ACE),
        float(top == KING),
        float(top == QUEEN),
        top / 12.0,
        float(low == TWO),
        float(low == THREE),
        low / 12.0,
        float(t.bit_count()),
        float(t.bit_count() == 1),
        float(jack),
        float(jack and (over_jack > 0 or t.bit_count() >= 3)),
        float(t >> TEN & 1),
        float(over_jack),
        float(side_aces),
        float(side_tens),
    )


def _logistic(z: float) -> float:
    if z < -30.0:
        return 0.0
    return 1.0 / (1.0 + math.exp(-z))


def make_probs(hand: int, suit: int, seats: int) -> tuple[float, float, float, float]:
    """P(points >= k) for k = 1, 2, 3, 4: the bidder with this hand and trump (monotone)."""
    x = features(hand, suit)
    out: list[float] = []
    prev = 1.0
    for w in WEIGHTS[seats]:
        p = min(prev, _logistic(sum(a * b for a, b in zip(w, x, strict=True))))
        out.append(p)
        prev = p
    return out[0], out[1], out[2], out[3]


def bid_values(probs: tuple[float, float, float, float], seats: int) -> tuple[float, float, float]:
    """The expected change of (our score minus the mean of the others') for bids 2, 3, 4.

    A made bid scores every point taken (S10); a set one loses the bid. The others share what
    the bidder does not take (``TOTAL_POINTS`` measured per seat count).
    """
    exact = [1.0 - probs[0]]
    exact += [probs[k] - probs[k + 1] for k in range(3)]
    exact.append(probs[3])
    mean_points = sum(k * p for k, p in enumerate(exact))
    others = (TOTAL_POINTS[seats] - mean_points) / (seats - 1)
    values = []
    for b in (2, 3, 4):
        made = sum(k * exact[k] for k in range(b, 5))
        values.append(made - b * (1.0 - probs[b - 1]) - others)
    return values[0], values[1], values[2]


def pass_value(seats: int) -> float:
    """A passing seat's mean relative change over a hand (it defends or the deal passes)."""
    return PASS_VALUE[seats]


__all__ = ["FEATURE_NAMES", "bid_values", "features", "make_probs", "pass_value"]
