"""Canadian Salad, exactly as RULES.md C1..C6 decide it.

The same two ways in as Smear: a checked API (``apply``, ``legal_actions``, ``view``) and a fast
path (``apply_fast``, ``legal_mask``, ``copy``, ``playout_hand``) for search.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import NamedTuple

from engine.cards import (
    BIT,
    FULL_DECK,
    HEARTS,
    KING,
    QUEEN,
    SPADES,
    SUIT_MASK,
    SUIT_OF,
    SUITS,
    cards_of,
    cards_str,
    parse_card,
)
from engine.cards import card as make_card
from engine.core import (
    Outcome,
    Phase,
    TrickView,
    action_str,
    actions_of_mask,
    check_deal,
    check_seats,
    choose_first_dealer,
    is_card,
)
from engine.errors import GameOver, IllegalAction, NotYourTurn

MIN_SEATS, MAX_SEATS = 3, 6
HANDS_PER_GAME = 6

# The deck table of RULES.md: cards removed so the deal comes out even.
REMOVED_CARDS: dict[int, tuple[str, ...]] = {
    3: ("2C",),
    4: (),
    5: ("2C", "2D"),
    6: ("2C", "3C", "2D", "3D"),
}
DECK_MASK = {
    n: FULL_DECK & ~sum(1 << parse_card(c) for c in removed) for n, removed in REMOVED_CARDS.items()
}
HAND_SIZE = {n: (52 - len(removed)) // n for n, removed in REMOVED_CARDS.items()}

CONTRACT_NAMES = (
    "",
    "no tricks",
    "no hearts",
    "no queens",
    "no king of spades",
    "no last trick",
    "salad: all of them",
)
CONTRACT_RULES = (
    "",
    "10 for each trick taken",
    "10 for each heart taken",
    "25 for each queen taken",
    "100 for taking the king of spades",
    "100 for taking the last trick",
    "all five penalties at once",
)

KING_OF_SPADES = make_card(KING, SPADES)
_KS_BIT = 1 << KING_OF_SPADES
_HEARTS_MASK = SUIT_MASK[HEARTS]
_QUEENS_MASK = sum(1 << make_card(QUEEN, s) for s in range(4))
# C4: hands 2, 3 and 4 end once every penalty card of the hand has been taken.
_EARLY_END_MASK = {2: _HEARTS_MASK, 3: _QUEENS_MASK, 4: _KS_BIT}
_DEAL, _PLAY, _OVER = Phase.DEAL, Phase.PLAY, Phase.OVER


def hand_total(contract: int, seats: int) -> int:
    """C5: the points a hand hands out in total."""
    tricks = HAND_SIZE[seats]
    totals = {1: 10 * tricks, 2: 130, 3: 100, 4: 100, 5: 100}
    if contract == 6:
        return sum(totals.values())
    return totals[contract]


def game_total(seats: int) -> int:
    """C5: the points a whole game hands out."""
    return sum(hand_total(c, seats) for c in range(1, HANDS_PER_GAME + 1))


class SaladHandResult(NamedTuple):
    dealer: int
    contract: int
    penalties: tuple[int, ...]
    scores: tuple[int, ...]
    tricks: tuple[int, ...]  # tricks each seat took

    def to_json(self) -> dict[str, object]:
        return {
            "dealer": self.dealer,
            "contract": self.contract,
            "penalties": list(self.penalties),
            "scores": list(self.scores),
        }


@dataclass(slots=True)
class SaladHandLog:
    deal: list[list[int]]
    plays: list[int] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class SaladView:
    """Everything one seat may know (RULES.md G2), and nothing more."""

    seat: int
    seats: int
    phase: Phase
    to_act: int | None
    hand: tuple[int, ...]
    dealer: int
    hand_number: int  # 1..6
    contract: int  # 1..6
    trick: TrickView | None
    tricks: tuple[TrickView, ...]
    tricks_taken: tuple[int, ...]
    penalties: tuple[int, ...]  # this hand so far
    scores: tuple[int, ...]
    legal: tuple[int, ...]
    results: tuple[SaladHandResult, ...]
    outcome: Outcome | None
    voids: frozenset[tuple[int, int]]

    def restriction(self) -> tuple[str, dict[str, int]] | None:
        """Why some cards of this seat's hand may not be played now (C3), as a reason code and
        its details, or None: not this seat's turn, or every card is playable."""
        if self.phase != Phase.PLAY or self.to_act != self.seat or self.trick is None:
            return None
        if len(self.legal) == len(self.hand):
            return None
        return "follow-suit", {"led": SUIT_OF[self.trick.cards[0]]}


def deal_masks(rng: random.Random, seats: int) -> list[int]:
    """Shuffle the trimmed deck from the game's random stream and deal it out."""
    deck = cards_of(DECK_MASK[seats])
    rng.shuffle(deck)
    size = HAND_SIZE[seats]
    masks = []
    for i in range(0, len(deck), size):
        m = 0
        for c in deck[i : i + size]:
            m |= 1 << c
        masks.append(m)
    return masks


def penalties_of(contract: int, won: list[int], tricks: list[int], last: int) -> list[int]:
    """Each seat's penalty for a hand: ``won`` cards, ``tricks`` counts, ``last`` trick winner.

    ``last`` is -1 when the last trick was not played (C4 ended the hand early).
    """
    out = []
    for s, w in enumerate(won):
        p = 0
        if contract in (1, 6):
            p += 10 * tricks[s]
        if contract in (2, 6):
            p += 10 * (w & _HEARTS_MASK).bit_count()
        if contract in (3, 6):
            p += 25 * (w & _QUEENS_MASK).bit_count()
        if contract in (4, 6) and w & _KS_BIT:
            p += 100
        if contract in (5, 6) and s == last:
            p += 100
        out.append(p)
    return out


class SaladState:
    """A game of Salad in progress. ``seed`` None means deals come from ``deal()`` (replay)."""

    __slots__ = (
        "dealer",
        "hand_index",
        "hands",
        "leader",
        "log",
        "n",
        "phase",
        "results",
        "rng",
        "scores",
        "seed",
        "taken",
        "to_act",
        "trick",
        "trick_counts",
        "tricks",
        "tricks_done",
        "won",
    )

    n: int
    seed: int | None
    rng: random.Random | None
    scores: list[int]
    dealer: int
    hand_index: int  # 0..5 for the hand being played; 6 once the game is over
    phase: int
    hands: list[int]
    to_act: int
    trick: list[int]
    leader: int
    tricks_done: int
    won: list[int]
    trick_counts: list[int]
    taken: int
    results: list[SaladHandResult]
    log: list[SaladHandLog] | None
    tricks: list[TrickView] | None

    def __init__(
        self,
        seats: int,
        *,
        seed: int | None = None,
        first_dealer: int | None = None,
        keep_log: bool = True,
    ) -> None:
        check_seats("salad", seats, MIN_SEATS, MAX_SEATS)
        self.n = seats
        self.seed = seed
        self.rng = None if seed is None else random.Random(seed)
        first_dealer = choose_first_dealer(self.rng, seats, first_dealer)  # C1
        self.scores = [0] * seats
        self.dealer = first_dealer
        self.hand_index = 0
        self.phase = _DEAL
        self.to_act = -1
        self._reset_hand([0] * seats)
        self.results = []
        self.log = [] if keep_log else None
        self.tricks = [] if keep_log else None
        if self.rng is not None:
            self._deal_masks(deal_masks(self.rng, seats))

    # ----------------------------------------------------------------- dealing

    def deal(self, hands: list[list[int]]) -> None:
        """Deal the given cards (a replay's chance move). Checked against the deck table."""
        if self.phase != _DEAL:
            raise IllegalAction("the cards are already dealt", "Deck", "already-dealt")
        n = self.n
        masks = check_deal(
            hands, n, HAND_SIZE[n], DECK_MASK[n], "Deck", deck_note=f" for {n} players"
        )
        self._deal_masks(masks, [list(h) for h in hands])

    def _deal_masks(self, masks: list[int], as_listed: list[list[int]] | None = None) -> None:
        """Start a hand with these hands; ``as_listed`` keeps a record's card order."""
        self._reset_hand(masks)
        self.phase = _PLAY
        self.to_act = (self.dealer + 1) % self.n  # C2
        if self.log is not None:
            self.log.append(SaladHandLog(as_listed or [cards_of(m) for m in masks]))
            self.tricks = []

    def _reset_hand(self, masks: list[int]) -> None:
        """Every per-hand field, for a hand holding ``masks`` (all empty before the first)."""
        n = self.n
        self.hands = masks
        self.trick = []
        self.leader = -1
        self.tricks_done = 0
        self.won = [0] * n
        self.trick_counts = [0] * n
        self.taken = 0

    # ----------------------------------------------------------------- queries

    @property
    def seats(self) -> int:
        return self.n

    @property
    def contract(self) -> int:
        return min(self.hand_index, HANDS_PER_GAME - 1) + 1

    @property
    def tricks_per_hand(self) -> int:
        return HAND_SIZE[self.n]

    @property
    def current_player(self) -> int | None:
        return self.to_act if self.phase == _PLAY else None

    @property
    def is_over(self) -> bool:
        return self.phase == _OVER

    def legal_mask(self) -> int:
        if self.phase != _PLAY:
            return 0
        h = self.hands[self.to_act]
        if self.trick:
            follow = h & SUIT_MASK[SUIT_OF[self.trick[0]]]
            if follow:
                return follow
        return h

    def legal_actions(self) -> list[int]:
        return actions_of_mask(self.legal_mask())

    def outcome(self) -> Outcome | None:
        if self.phase != _OVER:
            return None
        low = min(self.scores)
        return Outcome(
            tuple(s for s, v in enumerate(self.scores) if v == low),  # C6
            tuple(self.scores),
        )

    # ----------------------------------------------------------------- checked apply

    def check(self, action: int, seat: int | None = None) -> None:
        if self.phase == _OVER:
            raise GameOver("the game is over", "C6", "game-over")
        if self.phase == _DEAL:
            raise IllegalAction("the cards are not dealt yet", "C1", "not-dealt")
        if seat is not None and seat != self.to_act:
            raise NotYourTurn(
                f"not your turn: seat {self.to_act} is to act",
                "G3",
                "not-your-turn",
                {"seat": self.to_act},
            )
        if not is_card(action):
            raise IllegalAction("there is no bidding in salad: play a card", "C3", "no-bidding")
        if self.legal_mask() >> action & 1:
            return
        if not self.hands[self.to_act] >> action & 1:
            raise IllegalAction(
                f"{action_str(action)} is not in your hand", "G3", "not-in-hand", {"card": action}
            )
        led = SUIT_OF[self.trick[0]]
        raise IllegalAction(f"must follow suit {SUITS[led]}", "C3", "follow-suit", {"led": led})

    def apply(self, action: int, seat: int | None = None) -> None:
        self.check(action, seat)
        self.apply_fast(action)

    # ----------------------------------------------------------------- fast path

    def apply_fast(self, action: int) -> None:
        seat = self.to_act
        bit = BIT[action]
        self.hands[seat] ^= bit
        trick = self.trick
        if not trick:
            self.leader = seat
        trick.append(action)
        if self.log is not None:
            self.log[-1].plays.append(action)
        n = self.n
        if len(trick) < n:
            self.to_act = seat + 1 if seat + 1 < n else 0
            return
        # C3: no trump; the highest card of the suit led wins.
        led_mask = SUIT_MASK[SUIT_OF[trick[0]]]
        tm = 0
        for c in trick:
            tm |= BIT[c]
        w = tm & led_mask
        winner = (self.leader + trick.index(w.bit_length() - 1)) % n
        self.won[winner] |= tm
        self.trick_counts[winner] += 1
        self.taken |= tm
        if self.tricks is not None:
            self.tricks.append(TrickView(self.leader, tuple(trick), winner))
        self.trick = []
        self.tricks_done += 1
        self.to_act = winner
        contract = self.hand_index + 1
        if self.tricks_done == HAND_SIZE[n]:
            self._score_hand(winner)
        elif contract in _EARLY_END_MASK:
            need = _EARLY_END_MASK[contract]
            if self.taken & need == need:
                self._score_hand(-1)

    def _score_hand(self, last: int) -> None:
        contract = self.hand_index + 1
        pens = penalties_of(contract, self.won, self.trick_counts, last)
        scores = self.scores
        for s, p in enumerate(pens):
            scores[s] += p
        self.results.append(
            SaladHandResult(
                self.dealer, contract, tuple(pens), tuple(scores), tuple(self.trick_counts)
            )
        )
        self.hand_index += 1
        if self.hand_index == HANDS_PER_GAME:
            self.phase = _OVER
            self.to_act = -1
            return
        self.dealer = (self.dealer + 1) % self.n  # C1
        if self.rng is None:
            self.phase = _DEAL
            self.to_act = -1
        else:
            self._deal_masks(deal_masks(self.rng, self.n))

    def copy(self) -> SaladState:
        """A cheap copy for search: no history; it stops at the end of the hand (DEAL)."""
        c = SaladState.__new__(SaladState)
        c.n = self.n
        c.seed = self.seed
        c.rng = None
        c.scores = self.scores[:]
        c.dealer = self.dealer
        c.hand_index = self.hand_index
        c.phase = self.phase
        c.hands = self.hands[:]
        c.to_act = self.to_act
        c.trick = self.trick[:]
        c.leader = self.leader
        c.tricks_done = self.tricks_done
        c.won = self.won[:]
        c.trick_counts = self.trick_counts[:]
        c.taken = self.taken
        c.results = self.results[:]
        c.log = None
        c.tricks = None
        return c

    @classmethod
    def from_view(cls, view: SaladView, hands: list[int]) -> SaladState:
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
        s = cls.__new__(cls)
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

    def clone(self) -> SaladState:
        c = self.copy()
        if self.rng is not None:
            c.rng = random.Random(0)  # replaced at once: no need to read the OS entropy
            c.rng.setstate(self.rng.getstate())
        if self.log:
            # A finished hand's log is never changed again: only the hand in play is copied.
            x = self.log[-1]
            c.log = [*self.log[:-1], SaladHandLog([h[:] for h in x.deal], x.plays[:])]
        elif self.log is not None:
            c.log = []
        if self.tricks is not None:
            c.tricks = self.tricks[:]
        return c

    def playout_hand(self, rng: random.Random) -> None:
        """Finish the current hand with uniformly random legal cards (fast path)."""
        if self.phase != _PLAY:
            return
        bits = rng.getrandbits
        index = self.hand_index
        while self.phase == _PLAY and self.hand_index == index:
            h = self.hands[self.to_act]
            trick = self.trick
            if trick:
                follow = h & SUIT_MASK[SUIT_OF[trick[0]]]
                if follow:
                    h = follow
            k = bits(32) * h.bit_count() >> 32
            while k:
                h &= h - 1
                k -= 1
            self.apply_fast((h & -h).bit_length() - 1)

    # ----------------------------------------------------------------- views

    def view(self, seat: int) -> SaladView:
        if not 0 <= seat < self.n:
            raise ValueError(f"no seat {seat}")
        if self.log is None:
            # The bids, tricks and voids of a view come from the history, which a search copy
            # does not keep: a view of one would silently hide them from a player.
            raise ValueError("a state without history (keep_log=False or copy()) has no views")
        playing = self.phase == _PLAY
        contract = self.contract
        return SaladView(
            seat=seat,
            seats=self.n,
            phase=Phase(self.phase),
            to_act=self.current_player,
            hand=tuple(cards_of(self.hands[seat])) if playing else (),
            dealer=self.dealer,
            hand_number=contract,
            contract=contract,
            trick=TrickView(self.leader, tuple(self.trick), None) if self.trick else None,
            tricks=tuple(self.tricks or ()),
            tricks_taken=tuple(self.trick_counts),
            penalties=tuple(penalties_of(contract, self.won, self.trick_counts, -1))
            if playing
            else (0,) * self.n,
            scores=tuple(self.scores),
            legal=tuple(self.legal_actions()) if self.to_act == seat else (),
            results=tuple(self.results),
            outcome=self.outcome(),
            voids=frozenset(self._voids()),
        )

    def _voids(self) -> set[tuple[int, int]]:
        out: set[tuple[int, int]] = set()
        tricks = list(self.tricks or ())
        if self.trick:
            tricks.append(TrickView(self.leader, tuple(self.trick), None))
        for t in tricks:
            led = SUIT_OF[t.cards[0]]
            for seat, c in t.played_by(self.n)[1:]:
                if SUIT_OF[c] != led:
                    out.add((seat, led))
        return out

    def __repr__(self) -> str:
        hands = " | ".join(cards_str(h) for h in self.hands)
        return (
            f"SaladState(seats={self.n}, phase={Phase(self.phase).name}, hand={self.contract},"
            f" to_act={self.to_act}, dealer={self.dealer}, scores={self.scores}, hands=[{hands}])"
        )
