"""What a seat knows, and search states built from it.

``Knowledge`` gathers from one seat's view what the search needs as bitmasks: the own hand,
every card played this hand, how many cards each seat still holds, and the suits each seat has
shown it lacks. ``sample_hands`` deals the unseen cards to the other seats consistently with
all of that (RULES.md G2: the view is the only input), and ``smear_state``/``salad_state``
build a fast-path engine state from a view and such a deal (the engine's ``from_view``, which
owns the states' slots).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.cards import BIT, SUIT_MASK
from engine.salad import DECK_MASK, HAND_SIZE, SaladState, SaladView
from engine.smear import HAND_SIZE as SMEAR_HAND_SIZE
from engine.smear import SmearState, SmearView

FULL = (1 << 52) - 1


@dataclass(frozen=True, slots=True)
class Knowledge:
    """One seat's knowledge of the current hand, as masks."""

    seat: int
    seats: int
    hand: int  # own cards still held
    played: int  # every card played this hand (completed tricks and the open one)
    played_by: tuple[int, ...]  # cards each seat played this hand
    counts: tuple[int, ...]  # cards each seat still holds
    unknown: int  # cards the seat cannot see: in other hands (or the Smear stock)
    void: tuple[int, ...]  # per seat, a mask of the suits it has shown it lacks
    won: tuple[int, ...]  # cards each seat has won in tricks this hand


def knowledge_of(view: SmearView | SaladView) -> Knowledge:
    n = view.seats
    hand = 0
    for c in view.hand:
        hand |= BIT[c]
    played_by = [0] * n
    won = [0] * n
    tricks = list(view.tricks)
    for t in tricks:
        m = 0
        for i, c in enumerate(t.cards):
            played_by[(t.leader + i) % n] |= BIT[c]
            m |= BIT[c]
        if t.winner is not None:
            won[t.winner] |= m
    if view.trick is not None:
        t = view.trick
        for i, c in enumerate(t.cards):
            played_by[(t.leader + i) % n] |= BIT[c]
    played = 0
    for m in played_by:
        played |= m
    if isinstance(view, SmearView):
        size = SMEAR_HAND_SIZE
        deck = FULL
    else:
        size = HAND_SIZE[n]
        deck = DECK_MASK[n]
    counts = [size - m.bit_count() for m in played_by]
    counts[view.seat] = hand.bit_count()
    void = [0] * n
    for seat, suit in view.voids:
        void[seat] |= SUIT_MASK[suit]
    return Knowledge(
        seat=view.seat,
        seats=n,
        hand=hand,
        played=played,
        played_by=tuple(played_by),
        counts=tuple(counts),
        unknown=deck & ~hand & ~played,
        void=tuple(void),
        won=tuple(won),
    )


def _pick(mask: int, k: int, rng: random.Random) -> int:
    """k cards drawn uniformly from a mask (k <= its count)."""
    cards: list[int] = []
    m = mask
    while m:
        low = m & -m
        cards.append(low)
        m ^= low
    out = 0
    for b in rng.sample(cards, k):
        out |= b
    return out


def sample_hands(know: Knowledge, rng: random.Random, tries: int = 50) -> list[int]:
    """A deal of the unseen cards: each other seat gets exactly its count, no card from a
    suit it showed void in; the rest (the Smear stock) is left out. The own hand is kept.

    Seats are filled most constrained first; after ``tries`` failures (hardly possible) the
    voids are relaxed so that the search still gets a deal.
    """
    n = know.seats
    others = [s for s in range(n) if s != know.seat and know.counts[s] > 0]
    for attempt in range(tries + 1):
        relax = attempt == tries
        hands = [0] * n
        hands[know.seat] = know.hand
        left = know.unknown
        # Most constrained (fewest allowed cards per needed card) first.
        order = sorted(
            others,
            key=lambda s: (left & ~know.void[s]).bit_count() - know.counts[s],
        )
        ok = True
        for i, s in enumerate(order):
            allowed = left if relax else left & ~know.void[s]
            need = know.counts[s]
            if allowed.bit_count() < need:
                ok = False
                break
            later = order[i + 1 :]
            if later and not relax:
                # Cards that no later seat may hold, and no stock exists to absorb (Salad),
                # must be taken here.
                later_allowed = 0
                for t in later:
                    later_allowed |= left & ~know.void[t]
                forced = allowed & ~later_allowed
                stock = left.bit_count() - sum(know.counts[t] for t in order[i:])
                if forced.bit_count() > need + stock:
                    ok = False
                    break
                must = max(0, forced.bit_count() - stock)
                take = _pick(forced, must, rng) if must else 0
                rest = allowed & ~take
                take |= _pick(rest, need - must, rng)
            else:
                take = _pick(allowed, need, rng)
            hands[s] = take
            left &= ~take
        if ok:
            return hands
    raise AssertionError("unreachable: the relaxed deal always succeeds")


def smear_state(view: SmearView, hands: list[int]) -> SmearState:
    """A fast-path Smear state for the view's position with ``hands`` as the cards held."""
    return SmearState.from_view(view, hands)


def salad_state(view: SaladView, hands: list[int]) -> SaladState:
    """A fast-path Salad state for the view's position with ``hands`` as the cards held."""
    return SaladState.from_view(view, hands)
