"""The search's inner loop, compiled: deal the unseen cards, weigh the deal by what the others
did, play every candidate action out on it, and measure the result.

One call plays a batch of deals and writes, for each, its weight and every arm's outcome
(value, margin, points, set: ``OUTCOME`` floats). An arm is an action and, for a Smear bid, the
trump the searching seat names if it leads the hand (-1: the ``normal`` rules' trump), so the
search can value a bid for each trump it could name. The same deal serves every arm (common
random numbers).

Smear: the hand is played on by the ``normal`` rules for every seat (the bidding too) until
``endgame`` tricks are left, then solved exactly (``endgame.solve``); the value is the seat's
chance to win the game after the hand (``smear.measures``). Salad: played out by the
``normal`` rules; the value is ``salad.value``.
"""

from __future__ import annotations

from engine.ai.fast import salad as ks
from engine.ai.fast import smear as km
from engine.ai.fast.deal import K_PLAYED_BY, K_SEAT, sample_hands
from engine.ai.fast.endgame import solve
from engine.ai.fast.infer import bid_weight, rule_bid_weight, salad_play_weight, smear_play_weight
from engine.ai.fast.jit import Floats, Ints, floats, ints, kernel
from engine.smear import TRICKS_PER_HAND

OUTCOME = 4
READ_BIDS = 1
READ_PLAYS = 2
READ_BID_RULES = 4  # the bids read as the ``normal`` rules make them (``rule_bid_weight``)
RULE_MISS = 0.05


@kernel
def smear_outcome(st: Ints, seat: int, lead_suit: int, endgame: int, out: Floats, off: int) -> None:
    """Play the hand out from ``st`` (``normal`` rules, then the exact endgame) and write
    ``seat``'s value, margin, score change, and 1.0 if it was the bidder and was set."""
    km.play_hand(st, TRICKS_PER_HAND - endgame, seat, lead_suit)
    n = st[km.S_N]
    res = floats(3 * km.MAX_SEATS)
    if st[km.S_PHASE] == km.PLAY:
        solve(st, res, 0)
    else:
        km.hand_measures(st, res, 0)
    points = res[2 * n + seat]
    out[off] = res[seat]
    out[off + 1] = res[n + seat]
    out[off + 2] = points
    out[off + 3] = 1.0 if st[km.S_BIDDER] == seat and points < 0 else 0.0


@kernel
def smear_deals(
    base: Ints,
    kn: Ints,
    bids: Ints,
    nbids: int,
    hist: Ints,
    nhist: int,
    arms: Ints,
    narms: int,
    active: Ints,
    nactive: int,
    first: int,
    deals: int,
    rng: Ints,
    flags: int,
    agree: float,
    endgame: int,
    weights: Floats,
    outcomes: Floats,
) -> None:
    """Deals ``first`` to ``first + deals - 1`` from the position ``base`` (a kernel state
    whose hands are unknown): the deal's weight into ``weights[d]``, and the outcome of each
    arm ``a`` listed in ``active`` into ``outcomes[(d * narms + a) * OUTCOME:]``. ``arms``:
    (action, lead suit) pairs."""
    n = base[km.S_N]
    me = kn[K_SEAT]
    hands = ints(km.MAX_SEATS)
    st = ints(km.S_SIZE)
    for d in range(first, first + deals):
        sample_hands(kn, rng, hands)
        w = 1.0
        if flags & READ_BIDS:
            w *= bid_weight(base, kn, hands, bids, nbids)
        if flags & READ_BID_RULES:
            w *= rule_bid_weight(base, kn, hands, bids, nbids, RULE_MISS)
        if flags & READ_PLAYS:
            w *= smear_play_weight(base, kn, hands, hist, nhist, agree)
        weights[d] = w
        for j in range(nactive):
            a = active[j]
            for i in range(km.S_SIZE):
                st[i] = base[i]
            for s in range(n):
                st[km.S_HANDS + s] = hands[s]
                st[km.S_DEALT + s] = hands[s] | kn[K_PLAYED_BY + s]
            km.apply(st, arms[2 * a])
            smear_outcome(st, me, arms[2 * a + 1], endgame, outcomes, (d * narms + a) * OUTCOME)


@kernel
def salad_deals(
    base: Ints,
    kn: Ints,
    hist: Ints,
    nhist: int,
    arms: Ints,
    narms: int,
    active: Ints,
    nactive: int,
    first: int,
    deals: int,
    rng: Ints,
    flags: int,
    agree: float,
    weights: Floats,
    outcomes: Floats,
) -> None:
    """``smear_deals`` for Salad (arms are cards; the lead suit is unused). The outcome: value,
    value again as the margin, the seat's own penalty this hand, 0."""
    n = base[ks.S_N]
    me = kn[K_SEAT]
    hands = ints(ks.MAX_SEATS)
    st = ints(ks.S_SIZE)
    for d in range(first, first + deals):
        sample_hands(kn, rng, hands)
        w = 1.0
        if flags & READ_PLAYS:
            w *= salad_play_weight(base, kn, hands, hist, nhist, agree)
        weights[d] = w
        for j in range(nactive):
            a = active[j]
            for i in range(ks.S_SIZE):
                st[i] = base[i]
            for s in range(n):
                st[ks.S_HANDS + s] = hands[s]
            ks.apply(st, arms[2 * a])
            ks.play_out(st)
            off = (d * narms + a) * OUTCOME
            v = ks.value(st, me)
            outcomes[off] = v
            outcomes[off + 1] = v
            outcomes[off + 2] = float(st[ks.S_SCORES + me] - st[ks.S_BEFORE + me])
            outcomes[off + 3] = 0.0


__all__ = ["OUTCOME", "READ_BIDS", "READ_PLAYS", "salad_deals", "smear_deals"]
