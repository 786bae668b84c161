"""Reading the table in the compiled search: how well a deal explains what the others did.

A port of ``engine.ai.inference`` (the reference, which the tests hold this to): a deal is
weighed by the likelihood of every bid (Smear, from the measured bidding model) and every card
the other seats played this hand (the ``normal`` rules' card with the measured agreement, the
rest shared by the other legal cards).

The history comes as a flat int array: (card, seat) for each card played this hand in order;
the bids as (seat, bid value) pairs, 0 for a pass.
"""

from __future__ import annotations

import math

from engine.ai.fast import salad as ks
from engine.ai.fast import smear as km
from engine.ai.fast.deal import K_N, K_PLAYED_BY, K_SEAT
from engine.ai.fast.jit import Ints, ints, kernel, popcount
from engine.ai.inference import BID_FLOOR, BID_WIDTH
from engine.ai.smear_normal import GO_OUT_SHARE
from engine.cards import JACK


@kernel
def soft(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x / BID_WIDTH))))


@kernel
def bid_weight(st: Ints, kn: Ints, hands: Ints, bids: Ints, nbids: int) -> float:
    """``inference.bid_likelihood``: the product over the others' bids of the chance that a
    bidder like ``normal`` holding the dealt hand speaks so (floored at ``BID_FLOOR``)."""
    me = kn[K_SEAT]
    n = kn[K_N]
    trump = st[km.S_TRUMP]
    target = st[km.S_TARGET]
    weight = 1.0
    high = 0
    for i in range(nbids):
        seat = bids[2 * i]
        bid = bids[2 * i + 1]
        if seat != me:
            dealt = hands[seat] | kn[K_PLAYED_BY + seat]
            if bid and seat == st[km.S_BIDDER] and trump >= 0:
                p1, p2, p3, p4 = km.make_probs(dealt, trump, n)
            else:
                p1 = p2 = p3 = p4 = -1.0
                for s in range(4):
                    if dealt >> (13 * s) & 0x1FFF:
                        q1, q2, q3, q4 = km.make_probs(dealt, s, n)
                        if p1 < 0.0 or q2 > p2:
                            p1, p2, p3, p4 = q1, q2, q3, q4
            probs = (p1, p2, p3, p4)
            if bid:
                out = st[km.S_SCORES + seat] + bid >= target
                p = soft(probs[bid - 1] - (GO_OUT_SHARE if out else km.MAKE[bid]))
            else:
                lowest = max(high + 1, 2)
                p = 1.0 - soft(probs[lowest - 1] - km.MAKE[lowest])
            weight *= max(BID_FLOOR, p)
        high = max(high, bid)
    return weight


@kernel
def rule_bid_weight(st: Ints, kn: Ints, hands: Ints, bids: Ints, nbids: int, miss: float) -> float:
    """How well a deal explains the others' bids if they bid exactly as the ``normal`` rules
    do (``smear_normal.choose_bid``): 1 for each bid the rules make with the dealt hand,
    ``miss`` for each they would not."""
    me = kn[K_SEAT]
    n = kn[K_N]
    weight = 1.0
    high = 0
    high_seat = -1
    for i in range(nbids):
        seat = bids[2 * i]
        bid = bids[2 * i + 1]
        if seat != me:
            dealt = hands[seat] | kn[K_PLAYED_BY + seat]
            want = km.wanted_bid(dealt, seat, n, st, high, high_seat, i)
            forced = st[km.S_STUCK] and seat == st[km.S_DEALER] and i == n - 1 and high == 0
            rule = want if want else (2 if forced else 0)
            if rule != bid:
                weight *= miss
        if bid > high:
            high = bid
            high_seat = seat
    return weight


@kernel
def card_weight(
    actual: int, rule: int, legal: int, agree: float, elsewhere: int, jack: int
) -> float:
    """The model's probability of ``actual`` when the rules play ``rule``: ``agree`` if the two
    do the same job (one suit, the same worth, no card elsewhere between them; the worth is
    the penalty table's row ``jack`` < 0 (Salad, row -jack - 1) or Smear's count and jack)."""
    if actual != rule and not same_worth(actual, rule, elsewhere, jack):
        k = popcount(legal) - 1
        return (1.0 - agree) / k if k else 1.0
    return agree


@kernel
def worth(c: int, jack: int) -> int:
    if jack >= 0:
        return km.CARD_VALUE[c] + (100 if c == jack else 0)
    return ks.PENALTY[(-jack - 1) * 52 + c]


@kernel
def same_worth(a: int, b: int, elsewhere: int, jack: int) -> bool:
    if a // 13 != b // 13 or worth(a, jack) != worth(b, jack):
        return False
    lo = min(a, b)
    hi = max(a, b)
    between = ((1 << hi) - 1) & ~((2 << lo) - 1)
    return not between & elsewhere


@kernel
def smear_play_weight(
    st: Ints, kn: Ints, hands: Ints, hist: Ints, nhist: int, agree: float
) -> float:
    """``inference.smear_play_likelihood``: how well the deal explains the cards the other
    seats played this hand (the first card, naming trump, says nothing here)."""
    trump = st[km.S_TRUMP]
    if trump < 0:
        return 1.0
    n = kn[K_N]
    me = kn[K_SEAT]
    held = ints(km.MAX_SEATS)
    in_play = 0
    for s in range(n):
        held[s] = hands[s] | kn[K_PLAYED_BY + s]
        in_play |= held[s]
    jack = trump * 13 + JACK
    bidder = st[km.S_BIDDER]
    threat = km.threatens(st)
    trick = ints(km.S_SIZE)
    played = 0
    weight = 1.0
    tlen = 0
    for k in range(nhist):
        c = hist[2 * k]
        seat = hist[2 * k + 1]
        hand = held[seat]
        if seat != me and k > 0:
            legal = hand
            if tlen:
                follow = hand & km.SUIT_MASK[trick[km.S_TRICK] // 13]
                if follow:
                    legal = follow | (hand & km.SUIT_MASK[trump])
            if legal & (legal - 1):
                danger = threat and seat != bidder
                rule = km.choose_card(hand, legal, trick, seat, n, trump, bidder, played, danger)
                elsewhere = in_play & ~hand & ~played
                weight *= card_weight(c, rule, legal, agree, elsewhere, jack)
        held[seat] = hand & ~(1 << c)
        trick[km.S_TRICK + tlen] = c
        tlen = tlen + 1 if tlen + 1 < n else 0
        trick[km.S_TLEN] = tlen
        played |= 1 << c
    return weight


@kernel
def salad_play_weight(
    st: Ints, kn: Ints, hands: Ints, hist: Ints, nhist: int, agree: float
) -> float:
    """``inference.salad_play_likelihood``: how well the deal explains the cards the other
    seats played this hand."""
    n = kn[K_N]
    me = kn[K_SEAT]
    contract = st[ks.S_HAND_INDEX] + 1
    deck = ks.DECK_MASK[n]
    size = ks.HAND_SIZE[n]
    held = ints(ks.MAX_SEATS)
    for s in range(n):
        held[s] = hands[s] | kn[K_PLAYED_BY + s]
    trick = ints(ks.S_SIZE)
    played = 0
    weight = 1.0
    tlen = 0
    for k in range(nhist):
        c = hist[2 * k]
        seat = hist[2 * k + 1]
        hand = held[seat]
        if seat != me:
            legal = hand
            if tlen:
                follow = hand & ks.SUIT_MASK[trick[ks.S_TRICK] // 13]
                if follow:
                    legal = follow
            if legal & (legal - 1):
                left = size - k // n
                rule = ks.choose_card(hand, legal, trick, seat, n, contract, played, deck, left)
                elsewhere = deck & ~hand & ~played
                weight *= card_weight(c, rule, legal, agree, elsewhere, -contract - 1)
        held[seat] = hand & ~(1 << c)
        trick[ks.S_TRICK + tlen] = c
        tlen = tlen + 1 if tlen + 1 < n else 0
        trick[ks.S_TLEN] = tlen
        played |= 1 << c
    return weight


__all__ = ["bid_weight", "rule_bid_weight", "salad_play_weight", "smear_play_weight"]
