"""What a seat knows, and search states built from it.

``Knowledge`` gathers from one seat's view what the search needs as bitmasks: the own hand,
every card played this hand, how many cards each seat still holds, and the suits each seat has
shown it lacks. ``sample_hands`` deals the unseen cards to the other seats consistently with
all of that (RULES.md G2: the view is the only input), and ``smear_state``/``salad_state``
build a fast-path engine state from a view and such a deal, with every slot set as the real
game would have it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.cards import BIT, SUIT_MASK
from engine.core import Phase
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
    """A fast-path Smear state (no history, no deal stream) for the view's position, with
    ``hands`` as the cards each seat still holds."""
    if view.phase not in (Phase.BID, Phase.PLAY):
        raise ValueError("no hand in progress")
    n = view.seats
    know_played = [0] * n
    won = [0] * n
    for t in view.tricks:
        m = 0
        for i, c in enumerate(t.cards):
            know_played[(t.leader + i) % n] |= BIT[c]
            m |= BIT[c]
        if t.winner is not None:
            won[t.winner] |= m
    if view.trick is not None:
        for i, c in enumerate(view.trick.cards):
            know_played[(view.trick.leader + i) % n] |= BIT[c]
    dealt_hands = [hands[s] | know_played[s] for s in range(n)]
    dealt = 0
    for m in dealt_hands:
        dealt |= m
    s = SmearState.__new__(SmearState)
    s.n = n
    s.options = view.options
    s.seed = None
    s.rng = None
    s.scores = list(view.scores)
    s.dealer = view.dealer
    s.deals = view.hand_number
    s.phase = Phase.BID if view.phase == Phase.BID else Phase.PLAY
    s.hands = list(hands)
    s.dealt = dealt
    s.to_act = view.to_act if view.to_act is not None else -1
    s.bids_made = len(view.bids)
    s.bid = view.bid
    s.bidder = view.bidder if view.bidder is not None else -1
    s.trump = view.trump if view.trump is not None else -1
    if view.trick is not None:
        s.trick = list(view.trick.cards)
        s.leader = view.trick.leader
    else:
        s.trick = []
        s.leader = view.tricks[-1].leader if view.tricks else -1
    s.tricks_done = len(view.tricks)
    s.dealt_hands = dealt_hands
    s.won = won
    s.outcome_winner = -1
    s.results = list(view.results)
    s.log = None
    s.tricks = None
    return s


def salad_state(view: SaladView, hands: list[int]) -> SaladState:
    """A fast-path Salad state for the view's position with ``hands`` as the cards held."""
    if view.phase != Phase.PLAY:
        raise ValueError("no hand in progress")
    n = view.seats
    won = [0] * n
    taken = 0
    for t in view.tricks:
        m = 0
        for c in t.cards:
            m |= BIT[c]
        if t.winner is not None:
            won[t.winner] |= m
        taken |= m
    s = SaladState.__new__(SaladState)
    s.n = n
    s.seed = None
    s.rng = None
    s.scores = list(view.scores)
    s.dealer = view.dealer
    s.hand_index = view.contract - 1
    s.phase = Phase.PLAY
    s.hands = list(hands)
    s.to_act = view.to_act if view.to_act is not None else -1
    if view.trick is not None:
        s.trick = list(view.trick.cards)
        s.leader = view.trick.leader
    else:
        s.trick = []
        s.leader = view.tricks[-1].leader if view.tricks else -1
    s.tricks_done = len(view.tricks)
    s.won = won
    s.trick_counts = list(view.tricks_taken)
    s.taken = taken
    s.results = list(view.results)
    s.log = None
    s.tricks = None
    return s
