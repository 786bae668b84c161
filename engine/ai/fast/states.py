"""Kernel states from the engine's: a Smear or Salad position as the flat int array the
kernels play on (``engine.ai.fast.smear``'s and ``engine.ai.fast.salad``'s slots), from a
whole state (tests, benchmarks) or from one seat's view with the hands left empty (the
search deals them).

A view gives only what the seat may see (RULES.md G2): the base state of a view holds no card
of another hand, and the history is the cards played in the open.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.ai.determinize import Knowledge
from engine.ai.fast import salad as ks
from engine.ai.fast import smear as km
from engine.ai.fast.deal import knowledge
from engine.ai.fast.jit import int_array
from engine.cards import BIT
from engine.core import TrickView
from engine.salad import SaladState, SaladView
from engine.smear import SmearState, SmearView


def smear_array(s: SmearState) -> Any:
    """The kernel state of a Smear position (a hand in bidding or play)."""
    st = [0] * km.S_SIZE
    n = s.n
    for seat in range(n):
        st[km.S_HANDS + seat] = s.hands[seat]
        st[km.S_DEALT + seat] = s.dealt_hands[seat]
        st[km.S_WON + seat] = s.won[seat]
        st[km.S_SCORES + seat] = s.scores[seat]
        st[km.S_BEFORE + seat] = s.scores[seat]
    for i, c in enumerate(s.trick):
        st[km.S_TRICK + i] = c
    st[km.S_TLEN] = len(s.trick)
    st[km.S_LEADER] = s.leader
    st[km.S_TO_ACT] = s.to_act
    st[km.S_TRUMP] = s.trump
    st[km.S_BIDDER] = s.bidder
    st[km.S_BID] = s.bid
    st[km.S_BIDS_MADE] = s.bids_made
    st[km.S_TRICKS_DONE] = s.tricks_done
    st[km.S_PHASE] = int(s.phase)
    st[km.S_N] = n
    st[km.S_TARGET] = s.options.target
    st[km.S_STUCK] = int(s.options.stuck_dealer)
    st[km.S_WINNER] = s.outcome_winner
    st[km.S_DEALER] = s.dealer
    return int_array(st)


def salad_array(s: SaladState) -> Any:
    """The kernel state of a Salad position (a hand in play)."""
    st = [0] * ks.S_SIZE
    n = s.n
    for seat in range(n):
        st[ks.S_HANDS + seat] = s.hands[seat]
        st[ks.S_WON + seat] = s.won[seat]
        st[ks.S_SCORES + seat] = s.scores[seat]
        st[ks.S_BEFORE + seat] = s.scores[seat]
        st[ks.S_COUNTS + seat] = s.trick_counts[seat]
    for i, c in enumerate(s.trick):
        st[ks.S_TRICK + i] = c
    st[ks.S_TLEN] = len(s.trick)
    st[ks.S_LEADER] = s.leader
    st[ks.S_TO_ACT] = s.to_act
    st[ks.S_TAKEN] = s.taken
    st[ks.S_TRICKS_DONE] = s.tricks_done
    st[ks.S_PHASE] = int(s.phase)
    st[ks.S_N] = n
    st[ks.S_HAND_INDEX] = s.hand_index
    st[ks.S_DEALER] = s.dealer
    return int_array(st)


def _tricks(view: SmearView | SaladView) -> list[TrickView]:
    return [*view.tricks, *([view.trick] if view.trick is not None else [])]


def history(view: SmearView | SaladView) -> tuple[Any, int]:
    """The cards played this hand in order as (card, seat) pairs, and how many."""
    flat: list[int] = []
    for t in _tricks(view):
        for seat, c in t.played_by(view.seats):
            flat += [c, seat]
    return int_array(flat or [0]), len(flat) // 2


def bids(view: SmearView) -> tuple[Any, int]:
    """The bids of this hand as (seat, bid) pairs (0 for a pass), and how many."""
    flat = [x for pair in view.bids for x in pair]
    return int_array(flat or [0]), len(view.bids)


def smear_base(view: SmearView) -> Any:
    """The kernel state of the view's position, every hand empty."""
    st = [0] * km.S_SIZE
    n = view.seats
    for t in view.tricks:
        if t.winner is not None:
            for c in t.cards:
                st[km.S_WON + t.winner] |= BIT[c]
    for seat in range(n):
        st[km.S_SCORES + seat] = view.scores[seat]
        st[km.S_BEFORE + seat] = view.scores[seat]
    if view.trick is not None:
        for i, c in enumerate(view.trick.cards):
            st[km.S_TRICK + i] = c
        st[km.S_TLEN] = len(view.trick.cards)
        st[km.S_LEADER] = view.trick.leader
    else:
        st[km.S_LEADER] = view.tricks[-1].leader if view.tricks else -1
    st[km.S_TO_ACT] = view.to_act if view.to_act is not None else -1
    st[km.S_TRUMP] = view.trump if view.trump is not None else -1
    st[km.S_BIDDER] = view.bidder if view.bidder is not None else -1
    st[km.S_BID] = view.bid
    st[km.S_BIDS_MADE] = len(view.bids)
    st[km.S_TRICKS_DONE] = len(view.tricks)
    st[km.S_PHASE] = int(view.phase)
    st[km.S_N] = n
    st[km.S_TARGET] = view.options.target
    st[km.S_STUCK] = int(view.options.stuck_dealer)
    st[km.S_WINNER] = -1
    st[km.S_DEALER] = view.dealer
    return int_array(st)


def salad_base(view: SaladView) -> Any:
    """The kernel state of the view's position, every hand empty."""
    st = [0] * ks.S_SIZE
    n = view.seats
    for t in view.tricks:
        m = 0
        for c in t.cards:
            m |= BIT[c]
        if t.winner is not None:
            st[ks.S_WON + t.winner] |= m
        st[ks.S_TAKEN] |= m
    for seat in range(n):
        st[ks.S_SCORES + seat] = view.scores[seat]
        st[ks.S_BEFORE + seat] = view.scores[seat]
        st[ks.S_COUNTS + seat] = view.tricks_taken[seat]
    if view.trick is not None:
        for i, c in enumerate(view.trick.cards):
            st[ks.S_TRICK + i] = c
        st[ks.S_TLEN] = len(view.trick.cards)
        st[ks.S_LEADER] = view.trick.leader
    else:
        st[ks.S_LEADER] = view.tricks[-1].leader if view.tricks else -1
    st[ks.S_TO_ACT] = view.to_act if view.to_act is not None else -1
    st[ks.S_TRICKS_DONE] = len(view.tricks)
    st[ks.S_PHASE] = int(view.phase)
    st[ks.S_N] = n
    st[ks.S_HAND_INDEX] = view.contract - 1
    st[ks.S_DEALER] = view.dealer
    return int_array(st)


@dataclass(frozen=True, slots=True)
class Position:
    """A decision's inputs to the search kernels, from the seat's view only."""

    game: str
    base: Any
    kn: Any
    bids: Any
    nbids: int
    hist: Any
    nhist: int


def position_of(view: SmearView | SaladView, know: Knowledge) -> Position:
    hist, nhist = history(view)
    if isinstance(view, SmearView):
        seen_bids, nbids = bids(view)
        return Position("smear", smear_base(view), knowledge(know), seen_bids, nbids, hist, nhist)
    return Position("salad", salad_base(view), knowledge(know), int_array([0]), 0, hist, nhist)


__all__ = [
    "Position",
    "bids",
    "history",
    "position_of",
    "salad_array",
    "salad_base",
    "smear_array",
    "smear_base",
]
