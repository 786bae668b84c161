"""Reading the table: how well a deal of the unseen cards explains what the others did.

The expert deals the unseen cards consistently with the hard facts (``determinize``: cards
played, shown voids) and then weighs each deal by the likelihood of every bid and every card
the other seats played this hand, under a measured model of how players act:

- Bids (Smear): a seat bids b when the measured bidding model (``bid_model``) gives its hand
  a fair chance of making b; a pass says the hand does not make the lowest open bid
  (``bid_likelihood``, a soft threshold floored at ``BID_FLOOR``: no deal is impossible).
- Cards (both games): a player plays the card the ``normal`` rules would play in its place
  with probability ``PLAY_AGREEMENT``, and any other legal card with the rest shared evenly
  (``play_likelihood``). Cards of equal worth with nothing between them in other hands count
  as the same card. ``PLAY_AGREEMENT`` is measured, not guessed: the share of the decisions
  of players other than ``normal`` (``hard`` and ``expert``) on which they chose the card the
  ``normal`` rules chose (``python -m engine.ai.fit_agreement``), so the model does not assume
  that everybody plays like ``normal``.
"""

from __future__ import annotations

import math

from engine.ai import salad_normal, smear_normal
from engine.ai.bid_model import make_probs
from engine.ai.determinize import Knowledge
from engine.ai.salad_policy import PENALTY
from engine.ai.smear_normal import GO_OUT_SHARE, MAKE_SHARE
from engine.ai.smear_policy import CARD_VALUE
from engine.cards import BIT, JACK, SUIT_MASK, SUIT_OF
from engine.core import TrickView
from engine.salad import DECK_MASK, HAND_SIZE, SaladView
from engine.smear import SmearView, made_bid_wins

# Bid inference: the logistic width says how sure we are that others bid that way, the floor
# that no deal is impossible.
BID_WIDTH = 0.08
BID_FLOOR = 0.05
# Card inference: the measured share of other players' decisions that agree with the
# ``normal`` rules, per game. ``python -m engine.ai.fit_agreement --game smear --seats 3
# --games 12 --iterations 20``: hard 637/893 = 71.3%, expert 652/870 = 74.9%, all 73.1%;
# ``--game salad --seats 4 --games 2 --iterations 20``: hard 68.5%, expert 69.3%, all 68.9%.
PLAY_AGREEMENT = {"smear": 0.73, "salad": 0.69}


def _soft(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x / BID_WIDTH))))


def bid_likelihood(view: SmearView, know: Knowledge, hands: list[int]) -> float:
    """How well a deal explains the others' bids: the product over their bids of the chance
    that a bidder like ``normal`` holding the dealt hand speaks so (floored at ``BID_FLOOR``):
    a bid that goes out needs less of a hand; the rarer stretch to stop a bidder is left out."""
    weight = 1.0
    high = 0
    for seat, bid in view.bids:
        if seat != view.seat:
            dealt = hands[seat] | know.played_by[seat]
            if bid and seat == view.bidder and view.trump is not None:
                # The bidder named trump: its hand is read for that suit.
                probs = make_probs(dealt, view.trump, view.seats)
            else:
                probs = max(
                    (
                        make_probs(dealt, s, view.seats)
                        for s in range(4)
                        if dealt >> 13 * s & 0x1FFF
                    ),
                    key=lambda p: p[1],
                )
            if bid:
                out = view.scores[seat] + bid >= view.options.target
                p = _soft(probs[bid - 1] - (GO_OUT_SHARE if out else MAKE_SHARE[bid]))
            else:
                # A pass says the hand does not make the lowest bid it could have made.
                lowest = max(high + 1, 2)
                p = 1.0 - _soft(probs[lowest - 1] - MAKE_SHARE[lowest])
            weight *= max(BID_FLOOR, p)
        high = max(high, bid)
    return weight


def _tricks(view: SmearView | SaladView) -> list[TrickView]:
    out = list(view.tricks)
    if view.trick is not None:
        out.append(view.trick)
    return out


def _same_card(a: int, b: int, worth: list[int] | tuple[int, ...], elsewhere: int) -> bool:
    """``a`` and ``b`` do the same job: one suit, equal worth, no card of another seat (or
    still to come) between them."""
    if a == b:
        return True
    if SUIT_OF[a] != SUIT_OF[b] or worth[a] != worth[b]:
        return False
    lo, hi = (a, b) if a < b else (b, a)
    between = ((1 << hi) - 1) & ~((2 << lo) - 1)
    return not between & elsewhere


def _card_weight(actual: int, rule: int, legal: int, agree: float, same: bool) -> float:
    """The model's probability of ``actual`` when the rules play ``rule`` (``same``: the two
    do the same job)."""
    if same:
        return agree
    k = legal.bit_count() - 1
    return (1.0 - agree) / k if k else 1.0


def smear_play_likelihood(view: SmearView, know: Knowledge, hands: list[int]) -> float:
    """How well a deal explains the cards the other seats played this hand (see the module)."""
    if view.trump is None:
        return 1.0
    n = view.seats
    me = view.seat
    trump = view.trump
    agree = PLAY_AGREEMENT["smear"]
    held = [hands[s] | know.played_by[s] for s in range(n)]
    in_play = 0
    for h in held:
        in_play |= h
    jack = trump * 13 + JACK
    worth = [CARD_VALUE[c] + (100 if c == jack else 0) for c in range(52)]
    bidder = view.bidder if view.bidder is not None else -1
    threat = bidder >= 0 and made_bid_wins(view.scores[bidder], view.bid, view.options.target)
    played = 0
    weight = 1.0
    first = True
    for t in _tricks(view):
        trick: list[int] = []
        for i, c in enumerate(t.cards):
            seat = (t.leader + i) % n
            hand = held[seat]
            if seat != me and not first:
                legal = hand
                if trick:
                    follow = hand & SUIT_MASK[SUIT_OF[trick[0]]]
                    if follow:
                        legal = follow | (hand & SUIT_MASK[trump])
                if legal & (legal - 1):
                    rule = smear_normal.choose_card(
                        hand,
                        legal,
                        trick,
                        seat,
                        n,
                        trump,
                        bidder,
                        played,
                        threat and seat != bidder,
                    )
                    elsewhere = in_play & ~hand & ~played
                    same = _same_card(c, rule, worth, elsewhere)
                    weight *= _card_weight(c, rule, legal, agree, same)
            first = False
            held[seat] = hand & ~BIT[c]
            trick.append(c)
            played |= BIT[c]
    return weight


def salad_play_likelihood(view: SaladView, know: Knowledge, hands: list[int]) -> float:
    """How well a deal explains the cards the other seats played this hand (see the module)."""
    n = view.seats
    me = view.seat
    agree = PLAY_AGREEMENT["salad"]
    held = [hands[s] | know.played_by[s] for s in range(n)]
    deck = DECK_MASK[n]
    size = HAND_SIZE[n]
    worth = PENALTY[view.contract]
    played = 0
    weight = 1.0
    for done, t in enumerate(_tricks(view)):
        trick: list[int] = []
        for i, c in enumerate(t.cards):
            seat = (t.leader + i) % n
            hand = held[seat]
            if seat != me:
                legal = hand
                if trick:
                    follow = hand & SUIT_MASK[SUIT_OF[trick[0]]]
                    if follow:
                        legal = follow
                if legal & (legal - 1):
                    rule = salad_normal.choose_card(
                        hand, legal, trick, seat, n, view.contract, played, deck, size - done
                    )
                    same = _same_card(c, rule, worth, deck & ~hand & ~played)
                    weight *= _card_weight(c, rule, legal, agree, same)
            held[seat] = hand & ~BIT[c]
            trick.append(c)
            played |= BIT[c]
    return weight


__all__ = ["bid_likelihood", "salad_play_likelihood", "smear_play_likelihood"]
