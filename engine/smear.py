"""Cutthroat Canadian Smear, exactly as RULES.md S1..S14 decide it.

Two ways in:
- the checked API (``apply``, ``legal_actions``, ``view``) for the bot and records: every
  illegal action raises IllegalAction naming the rule and leaves the state untouched;
- the fast path (``apply_fast``, ``legal_mask``, ``copy``, ``playout``) for the computer
  players' search: no validation, no history, hands as bitmasks.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from engine.cards import (
    ACE,
    BIT,
    FULL_DECK,
    JACK,
    RANK_OF,
    SUIT_MASK,
    SUIT_OF,
    SUITS,
    TWO,
    cards_of,
    cards_str,
)
from engine.core import (
    BID_OFFSET,
    PASS,
    Outcome,
    Phase,
    TrickView,
    action_str,
    actions_of_mask,
    bid_value,
    check_deal,
    check_seats,
    choose_first_dealer,
    is_card,
)
from engine.errors import GameOver, IllegalAction, InvalidOptions, NotYourTurn

HAND_SIZE = 6
TRICKS_PER_HAND = 6
MIN_SEATS, MAX_SEATS = 2, 3
TARGET_RANGE = (1, 99)  # the option ``target``

# S9: card values for Game, A=4 K=3 Q=2 J=1 T=10.
GAME_VALUE_BY_RANK = (0, 0, 0, 0, 0, 0, 0, 0, 10, 1, 2, 3, 4)
# Game points of any 13-bit set of one suit, so a seat's count is four lookups.
_SUIT_GAME_POINTS = tuple(
    sum(GAME_VALUE_BY_RANK[r] for r in range(13) if s >> r & 1) for s in range(1 << 13)
)
_BID_MASKS = (
    (1 << PASS) | (1 << (BID_OFFSET + 2)) | (1 << (BID_OFFSET + 3)) | (1 << (BID_OFFSET + 4)),
    (1 << PASS) | (1 << (BID_OFFSET + 3)) | (1 << (BID_OFFSET + 4)),
    (1 << PASS) | (1 << (BID_OFFSET + 4)),
)
_DEAL, _BID, _PLAY, _OVER = Phase.DEAL, Phase.BID, Phase.PLAY, Phase.OVER
_NEXT_SEAT = {n: tuple((i + 1) % n for i in range(n)) for n in (2, 3)}
_ALL_BIDS_MASK = (1 << (BID_OFFSET + 2)) | (1 << (BID_OFFSET + 3)) | (1 << (BID_OFFSET + 4))


def winning_card(trick_mask: int, led: int, trump: int) -> int:
    """S5: the card that wins a trick (a mask of its cards): the highest trump in it, else the
    highest card of the suit led. The one place the rule is written."""
    w = trick_mask & SUIT_MASK[trump] or trick_mask & SUIT_MASK[led]
    return w.bit_length() - 1


def made_bid_wins(score: int, bid: int, target: int) -> bool:
    """Whether a bidder standing at ``score`` below the target wins the game by making ``bid``:
    a made bid adds at least the bid (S10), so when the two reach the target (S12), and a made
    bid of 4 from 1 point or more (S13). (At or past the target any made bid wins.)"""
    return score + bid >= target or (bid == 4 and score >= 1)


def trick_winner(trick: Sequence[int], trump: int) -> int:
    """The index in ``trick`` (cards in order of play) of the card winning it so far (S5)."""
    tmask = 0
    for c in trick:
        tmask |= BIT[c]
    return trick.index(winning_card(tmask, SUIT_OF[trick[0]], trump))


def game_points_of(won: int) -> int:
    """S9's count of the cards in a set (a bitmask)."""
    sp = _SUIT_GAME_POINTS
    return (
        sp[won & 0x1FFF]
        + sp[(won >> 13) & 0x1FFF]
        + sp[(won >> 26) & 0x1FFF]
        + sp[(won >> 39) & 0x1FFF]
    )


@dataclass(frozen=True, slots=True)
class SmearOptions:
    target: int = 11
    stuck_dealer: bool = False

    def __post_init__(self) -> None:
        if isinstance(self.target, bool) or not isinstance(self.target, int):
            raise InvalidOptions("target must be a whole number")
        low, high = TARGET_RANGE
        if not low <= self.target <= high:
            raise InvalidOptions(f"target must be between {low} and {high}")
        if not isinstance(self.stuck_dealer, bool):
            raise InvalidOptions("stuck_dealer must be true or false")

    @classmethod
    def from_dict(cls, raw: dict[str, object] | None) -> SmearOptions:
        raw = dict(raw or {})
        unknown = sorted(set(raw) - {"target", "stuck_dealer"})
        if unknown:
            raise InvalidOptions(f"unknown option {unknown[0]!r} for smear")
        return cls(**raw)  # type: ignore[arg-type]

    def to_dict(self) -> dict[str, object]:
        return {"target": self.target, "stuck_dealer": self.stuck_dealer}


class SmearHandResult(NamedTuple):
    """What one hand did (RECORD.md result fields). A passed-out hand has ``bidder`` None.

    A NamedTuple rather than a frozen dataclass: it is built once per hand in every playout.
    """

    dealer: int
    bidder: int | None
    bid: int | None
    trump: int | None
    high: int | None
    low: int | None
    jack: int | None
    game: int | None
    game_points: tuple[int, ...]
    points: tuple[int, ...]
    made: bool | None
    scores: tuple[int, ...]

    def to_json(self) -> dict[str, object]:
        if self.bidder is None:
            return {"dealer": self.dealer, "bidder": None, "scores": list(self.scores)}
        return {
            "dealer": self.dealer,
            "bidder": self.bidder,
            "bid": self.bid,
            "trump": None if self.trump is None else SUITS[self.trump],
            "high": self.high,
            "low": self.low,
            "jack": self.jack,
            "game": self.game,
            "game_points": list(self.game_points),
            "points": list(self.points),
            "made": self.made,
            "scores": list(self.scores),
        }


@dataclass(slots=True)
class HandLog:
    """One hand as the record keeps it: the deal by seat, the bids, the plays."""

    deal: list[list[int]]
    bids: list[int] = field(default_factory=list)  # actions: PASS or a bid action
    plays: list[int] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class SmearView:
    """Everything one seat may know (RULES.md G2), and nothing more."""

    seat: int
    seats: int
    phase: Phase
    to_act: int | None
    hand: tuple[int, ...]
    dealer: int
    hand_number: int
    bids: tuple[tuple[int, int], ...]  # (seat, bid value 0 for pass)
    bidder: int | None
    bid: int
    trump: int | None
    trick: TrickView | None
    tricks: tuple[TrickView, ...]  # completed tricks of this hand
    scores: tuple[int, ...]
    options: SmearOptions
    legal: tuple[int, ...]
    results: tuple[SmearHandResult, ...]
    outcome: Outcome | None
    # Seats that showed a void in a suit: (seat, suit led) when they neither followed nor
    # trumped. A trump played while able to follow proves nothing (S4).
    voids: frozenset[tuple[int, int]]

    def restriction(self) -> tuple[str, dict[str, int]] | None:
        """Why some cards of this seat's hand may not be played now (S4), as a reason code and
        its details, or None: not this seat's turn to play, or every card is playable."""
        if self.phase != Phase.PLAY or self.to_act != self.seat or self.trick is None:
            return None
        if len(self.legal) == len(self.hand) or self.trump is None:
            return None
        led = SUIT_OF[self.trick.cards[0]]
        if led == self.trump:
            return "follow-trump", {"suit": led}
        return "follow-or-trump", {"led": led, "trump": self.trump}


class SmearTally(NamedTuple):
    """The points of the hand in play that are already decided, from public facts only."""

    high: int | None  # the seat that played the ace of trump (S6: nothing can beat it)
    low: int | None  # the seat that played the two of trump (S7: nothing can be lower)
    jack: int | None  # the seat that won the trick holding the jack of trump (S8)
    game_points: tuple[int, ...]  # S9 counts of the cards each seat has won so far


def tally(view: SmearView) -> SmearTally:
    """What everybody can already tell about this hand's points (RULES.md S6-S9). High and Low
    are certain mid-hand only once the ace or the two of trump is played: any other trump may
    be beaten by one still in a hand or never dealt."""
    n = view.seats
    won = [0] * n
    high = low = jack = None
    trump = view.trump
    tricks = list(view.tricks) + ([view.trick] if view.trick is not None else [])
    for trick in tricks:
        mask = 0
        for seat, c in trick.played_by(n):
            mask |= BIT[c]
            if trump is not None and SUIT_OF[c] == trump:
                if RANK_OF[c] == ACE:
                    high = seat
                elif RANK_OF[c] == TWO:
                    low = seat
        if trick.winner is not None:
            won[trick.winner] |= mask
            if trump is not None and mask & BIT[trump * 13 + JACK]:
                jack = trick.winner
    return SmearTally(high, low, jack, tuple(game_points_of(m) for m in won))


def deal_masks(rng: random.Random, seats: int) -> list[int]:
    """Draw one deal from a game's random stream: a mask of 6 cards for each seat.

    Rejection sampling on 6-bit draws: uniform, and twice as fast as ``rng.sample``.
    """
    getrandbits = rng.getrandbits
    taken = 0
    masks = []
    for _ in range(seats):
        m = 0
        k = 0
        while k < HAND_SIZE:
            c = getrandbits(6)
            if c < 52:
                b = 1 << c
                if not taken & b:
                    taken |= b
                    m |= b
                    k += 1
        masks.append(m)
    return masks


def _kth_bit(mask: int, bits: Callable[[int], int]) -> int:
    """A random set bit of ``mask``: the k-th for k = bits(32) * count >> 32."""
    k = bits(32) * mask.bit_count() >> 32
    while k:
        mask &= mask - 1
        k -= 1
    return (mask & -mask).bit_length() - 1


class SmearState:
    """A game of Smear in progress. ``seed`` None means deals come from ``deal()`` (replay)."""

    __slots__ = (
        "bid",
        "bidder",
        "bids_made",
        "dealer",
        "deals",
        "dealt",
        "dealt_hands",
        "hands",
        "leader",
        "log",
        "n",
        "options",
        "outcome_winner",
        "phase",
        "results",
        "rng",
        "scores",
        "seed",
        "to_act",
        "trick",
        "tricks",
        "tricks_done",
        "trump",
        "won",
    )

    n: int
    options: SmearOptions
    seed: int | None
    scores: list[int]
    dealer: int
    deals: int
    phase: int
    hands: list[int]
    dealt: int
    to_act: int
    bids_made: int
    bid: int
    bidder: int
    trump: int
    trick: list[int]
    leader: int
    tricks_done: int
    dealt_hands: list[int]  # as dealt; never mutated, so copies share it
    won: list[int]
    outcome_winner: int
    results: list[SmearHandResult]
    rng: random.Random | None
    log: list[HandLog] | None
    tricks: list[TrickView] | None

    def __init__(
        self,
        seats: int,
        options: SmearOptions | None = None,
        *,
        seed: int | None = None,
        first_dealer: int | None = None,
        keep_log: bool = True,
    ) -> None:
        check_seats("smear", seats, MIN_SEATS, MAX_SEATS)
        self.n = seats
        self.options = options or SmearOptions()
        self.seed = seed
        # G1: one random stream per game, from its seed: the first dealer, then every deal.
        self.rng = None if seed is None else random.Random(seed)
        first_dealer = choose_first_dealer(self.rng, seats, first_dealer)
        self.scores = [0] * seats
        self.dealer = first_dealer
        self.deals = 0
        self.phase = Phase.DEAL
        self.to_act = -1
        self._reset_hand([0] * seats)
        self.outcome_winner = -1
        self.results = []
        self.log = [] if keep_log else None
        self.tricks = [] if keep_log else None
        if self.rng is not None:
            self._deal_masks(deal_masks(self.rng, seats))

    # ----------------------------------------------------------------- dealing

    def deal(self, hands: list[list[int]]) -> None:
        """Deal the given cards (a replay's chance move). Checked: 6 each, no card twice."""
        if self.phase != Phase.DEAL:
            raise IllegalAction("the cards are already dealt", "Deal", "already-dealt")
        masks = check_deal(hands, self.n, HAND_SIZE, FULL_DECK, "Deal")
        self._deal_masks(masks, [list(h) for h in hands])

    def _deal_masks(self, masks: list[int], as_listed: list[list[int]] | None = None) -> None:
        """Start a hand with these hands; ``as_listed`` keeps a record's card order."""
        self._reset_hand(masks)
        self.phase = Phase.BID
        self.to_act = (self.dealer + 1) % self.n
        self.deals += 1
        if self.log is not None:
            self.log.append(HandLog(as_listed or [cards_of(m) for m in masks]))
            self.tricks = []

    def _reset_hand(self, masks: list[int]) -> None:
        """Every per-hand field, for a hand holding ``masks`` (all empty before the first)."""
        self.hands = masks
        dealt = 0
        for m in masks:
            dealt |= m
        self.dealt = dealt
        self.dealt_hands = masks[:]
        self.bids_made = 0
        self.bid = 0
        self.bidder = -1
        self.trump = -1
        self.trick = []
        self.leader = -1
        self.tricks_done = 0
        self.won = [0] * self.n

    def _next_deal(self) -> None:
        if self.rng is None:
            self.phase = Phase.DEAL
            self.to_act = -1
        else:
            self._deal_masks(deal_masks(self.rng, self.n))

    # ----------------------------------------------------------------- queries

    @property
    def seats(self) -> int:
        return self.n

    @property
    def current_player(self) -> int | None:
        return self.to_act if self.phase in (Phase.BID, Phase.PLAY) else None

    @property
    def is_over(self) -> bool:
        return self.phase == Phase.OVER

    def legal_mask(self) -> int:
        """The legal actions as a bitmask over action numbers (fast path)."""
        phase = self.phase
        if phase == Phase.PLAY:
            h = self.hands[self.to_act]
            trick = self.trick
            if trick:
                follow = h & SUIT_MASK[SUIT_OF[trick[0]]]
                if follow:
                    return follow | (h & SUIT_MASK[self.trump])
            return h
        if phase == Phase.BID:
            bid = self.bid
            if bid == 4:
                return 0
            mask = _BID_MASKS[bid - 1] if bid else _BID_MASKS[0]
            if (
                bid == 0
                and self.options.stuck_dealer
                and self.to_act == self.dealer
                and self.bids_made == self.n - 1
            ):
                mask &= _ALL_BIDS_MASK
            return mask
        return 0

    def legal_actions(self) -> list[int]:
        return actions_of_mask(self.legal_mask())

    def outcome(self) -> Outcome | None:
        if self.phase != Phase.OVER:
            return None
        return Outcome((self.outcome_winner,), tuple(self.scores))

    # ----------------------------------------------------------------- checked apply

    def check(self, action: int, seat: int | None = None) -> None:
        """Raise IllegalAction if ``action`` by ``seat`` is not legal now (G3)."""
        phase = self.phase
        if phase == Phase.OVER:
            raise GameOver("the game is over", "S12", "game-over")
        if phase == Phase.DEAL:
            raise IllegalAction("the cards are not dealt yet", "S2", "not-dealt")
        if seat is not None and seat != self.to_act:
            raise NotYourTurn(
                f"not your turn: seat {self.to_act} is to act",
                "G3",
                "not-your-turn",
                {"seat": self.to_act},
            )
        if self.legal_mask() >> action & 1 if 0 <= action < 57 else False:
            return
        if phase == Phase.BID:
            if is_card(action):
                raise IllegalAction(
                    "the bidding is not over: pass or bid 2, 3 or 4", "S1", "bidding-not-over"
                )
            if action == PASS:
                raise IllegalAction(
                    "the dealer may not pass when everyone else passed (stuck_dealer)",
                    "S2",
                    "dealer-must-bid",
                )
            if not BID_OFFSET + 2 <= action <= BID_OFFSET + 4:
                raise IllegalAction("a bid must be pass, 2, 3 or 4", "S1", "bid-values")
            raise IllegalAction(
                f"bid must exceed {self.bid}", "S1", "bid-too-low", {"bid": self.bid}
            )
        # play
        if not is_card(action):
            raise IllegalAction("the bidding is over: play a card", "S3", "bidding-over")
        if not self.hands[self.to_act] >> action & 1:
            raise IllegalAction(
                f"{action_str(action)} is not in your hand", "G3", "not-in-hand", {"card": action}
            )
        led, trump = SUIT_OF[self.trick[0]], self.trump
        if led == trump:
            raise IllegalAction(
                f"must follow suit {SUITS[led]} (trump)", "S4", "follow-trump", {"suit": led}
            )
        raise IllegalAction(
            f"must follow suit {SUITS[led]} or play trump {SUITS[trump]}",
            "S4",
            "follow-or-trump",
            {"led": led, "trump": trump},
        )

    def apply(self, action: int, seat: int | None = None) -> None:
        """Apply a legal action, or raise IllegalAction and change nothing."""
        self.check(action, seat)
        self.apply_fast(action)

    # ----------------------------------------------------------------- fast path

    def apply_fast(self, action: int) -> None:
        """Apply an action known to be legal. No checks."""
        if action >= 52:
            self._bid(action)
            return
        seat = self.to_act
        bit = BIT[action]
        self.hands[seat] ^= bit
        trick = self.trick
        if not trick:
            self.leader = seat
            if self.trump < 0:
                self.trump = SUIT_OF[action]
        trick.append(action)
        log = self.log
        if log is not None:
            log[-1].plays.append(action)
        n = self.n
        if len(trick) < n:
            self.to_act = seat + 1 if seat + 1 < n else 0
            return
        # The trick is complete.
        tmask = 0
        for c in trick:
            tmask |= BIT[c]
        winner = (self.leader + trick.index(winning_card(tmask, SUIT_OF[trick[0]], self.trump))) % n
        self.won[winner] |= tmask
        if self.tricks is not None:
            self.tricks.append(TrickView(self.leader, tuple(trick), winner))
        self.trick = []
        self.tricks_done += 1
        self.to_act = winner
        if self.tricks_done == TRICKS_PER_HAND:
            self._score_hand()

    def _bid(self, action: int) -> None:
        seat = self.to_act
        n = self.n
        if self.log is not None:
            self.log[-1].bids.append(action)
        self.bids_made += 1
        if action != PASS:
            self.bid = action - BID_OFFSET
            self.bidder = seat
        if self.bid == 4 or self.bids_made == n:
            if self.bidder < 0:
                self._pass_out()
                return
            # S3: the bidder leads the first trick.
            self.phase = Phase.PLAY
            self.to_act = self.bidder
        else:
            self.to_act = seat + 1 if seat + 1 < n else 0

    def _random_bidding(self, rng: random.Random) -> None:
        """The rest of the bidding with uniformly random legal bids, on locals (no log)."""
        n = self.n
        seat = self.to_act
        bid = self.bid
        bidder = self.bidder
        made = self.bids_made
        stuck = self.options.stuck_dealer
        bits = rng.getrandbits
        while made < n and bid < 4:
            lowest = bid + 1 if bid else 2
            if stuck and not bid and made == n - 1:
                # S2 stuck_dealer: the dealer must bid 2, 3 or 4.
                bid = 2 + (bits(32) * 3 >> 32)
                bidder = seat
            else:
                k = bits(32) * (6 - lowest) >> 32  # 0 is a pass, k > 0 bids lowest + k - 1
                if k:
                    bid = lowest + k - 1
                    bidder = seat
            made += 1
            seat = seat + 1 if seat + 1 < n else 0
        self.bid = bid
        self.bidder = bidder
        self.bids_made = made
        if bidder < 0:
            self._pass_out()
        else:
            self.phase = _PLAY
            self.to_act = bidder

    def _pass_out(self) -> None:
        # S2: the same dealer deals again.
        self.results.append(
            SmearHandResult(
                self.dealer,
                None,
                None,
                None,
                None,
                None,
                None,
                None,
                (0,) * self.n,
                (0,) * self.n,
                None,
                tuple(self.scores),
            )
        )
        self._next_deal()

    def _score_hand(self) -> None:
        n = self.n
        trump = self.trump
        trumps = self.dealt & SUIT_MASK[trump]
        dealt_hands = self.dealt_hands
        won = self.won
        points = [0] * n
        # S6, S7: High and Low go to whoever played the card (every dealt card is played, so
        # the seat it was dealt to); one trump earns both.
        high_bit = 1 << (trumps.bit_length() - 1)
        low_bit = trumps & -trumps
        high = low = jack = game = -1
        for s in range(n):
            p = dealt_hands[s]
            if p & high_bit:
                high = s
                points[s] += 1
            if p & low_bit:
                low = s
                points[s] += 1
        # S8: the jack of trump to the winner of its trick, if it was dealt.
        jack_bit = 1 << (trump * 13 + JACK)
        if trumps & jack_bit:
            for s in range(n):
                if won[s] & jack_bit:
                    jack = s
                    points[s] += 1
                    break
        # S9: Game to the single highest count; a tie gives it to nobody.
        sp = _SUIT_GAME_POINTS
        gp = [
            sp[w & 0x1FFF] + sp[(w >> 13) & 0x1FFF] + sp[(w >> 26) & 0x1FFF] + sp[w >> 39]
            for w in won
        ]
        top = max(gp)
        if gp.count(top) == 1:
            game = gp.index(top)
            points[game] += 1
        bidder = self.bidder
        bid = self.bid
        scores = self.scores
        before = scores[bidder]
        made = points[bidder] >= bid
        for s in range(n):
            if s == bidder:
                scores[s] += points[s] if made else -bid  # S10
            else:
                scores[s] += points[s]  # S11
        self.results.append(
            SmearHandResult(
                self.dealer,
                bidder,
                bid,
                self.trump,
                high,
                low,
                None if jack < 0 else jack,
                None if game < 0 else game,
                tuple(gp),
                tuple(points),
                made,
                tuple(scores),
            )
        )
        # S12, S13: only the bidder can win, and only by making the bid.
        if made and (scores[bidder] >= self.options.target or (bid == 4 and before >= 1)):
            self.outcome_winner = bidder
            self.phase = Phase.OVER
            self.to_act = -1
            return
        self.dealer = self.dealer + 1 if self.dealer + 1 < n else 0
        self._next_deal()

    def copy(self) -> SmearState:
        """A cheap copy for search: no history, no trick log."""
        c = SmearState.__new__(SmearState)
        c.n = self.n
        c.options = self.options
        c.seed = self.seed
        # A search copy stops at the end of the hand (phase DEAL) rather than share, and so
        # disturb, the real game's stream of deals.
        c.rng = None
        c.scores = self.scores[:]
        c.dealer = self.dealer
        c.deals = self.deals
        c.phase = self.phase
        c.hands = self.hands[:]
        c.dealt = self.dealt
        c.to_act = self.to_act
        c.bids_made = self.bids_made
        c.bid = self.bid
        c.bidder = self.bidder
        c.trump = self.trump
        c.trick = self.trick[:]
        c.leader = self.leader
        c.tricks_done = self.tricks_done
        c.dealt_hands = self.dealt_hands
        c.won = self.won[:]
        c.outcome_winner = self.outcome_winner
        c.results = self.results[:]
        c.log = None
        c.tricks = None
        return c

    @classmethod
    def from_view(cls, view: SmearView, hands: list[int]) -> SmearState:
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
        s = cls.__new__(cls)
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

    def clone(self) -> SmearState:
        """An independent copy, history included (finished hands shared: they never change)."""
        c = self.copy()
        if self.rng is not None:
            c.rng = random.Random(0)  # replaced at once: no need to read the OS entropy
            c.rng.setstate(self.rng.getstate())
        if self.log:
            # A finished hand's log is never changed again: only the hand in play is copied
            # (the bot copies a table twice an action, to put it back if its save fails).
            x = self.log[-1]
            c.log = [*self.log[:-1], HandLog([h[:] for h in x.deal], x.bids[:], x.plays[:])]
        elif self.log is not None:
            c.log = []
        if self.tricks is not None:
            c.tricks = self.tricks[:]
        return c

    def playout_hand(self, rng: random.Random) -> None:
        """Finish the current hand with uniformly random legal actions (fast path).

        Stops when the hand has been scored (or passed out) or the game is over. This is the
        rollout the computer players' search and ``python -m engine bench`` run; the play
        phase is inlined on locals because it is the engine's hottest loop.
        """
        # Every choice is the k-th legal action for k = bits(32) * count >> 32 (bias below
        # 2**-29), on the inlined loops and on the ordinary ones alike, so the two paths make
        # the same choices from the same generator and the tests can hold one to the other.
        bits = rng.getrandbits
        if self.phase == _BID:
            if self.log is None:
                self._random_bidding(rng)
            else:
                while self.phase == _BID:
                    self._bid(_kth_bit(self.legal_mask(), bits))
        if self.phase != _PLAY:
            return
        logged = self.log is not None or self.tricks is not None
        # A state that keeps history plays card by card; a search copy finishes an open trick
        # that way, then plays whole tricks on locals.
        while self.phase == _PLAY and (logged or self.trick):
            self.apply_fast(_kth_bit(self.legal_mask(), bits))
        if self.phase == _PLAY:
            self._play_out_tricks(bits)

    def _play_out_tricks(self, bits: Callable[[int], int]) -> None:
        """The rest of the hand's tricks (none open), at random, on locals: the hottest loop."""
        n = self.n
        hands = self.hands
        won = self.won
        seat = self.to_act
        trump = self.trump
        suit_mask = SUIT_MASK
        suit_of = SUIT_OF
        nxt = _NEXT_SEAT[n]
        dealt_hands = self.dealt_hands
        leader = seat
        tricks_left = TRICKS_PER_HAND - self.tricks_done
        while tricks_left:
            leader = seat
            h = hands[seat]
            k = bits(32) * h.bit_count() >> 32
            while k:
                h &= h - 1
                k -= 1
            bit = h & -h
            hands[seat] ^= bit
            if trump < 0:
                trump = suit_of[bit.bit_length() - 1]
            trump_mask = suit_mask[trump]
            led = suit_of[bit.bit_length() - 1]
            led_mask = suit_mask[led]
            tm = bit
            for _ in range(1, n):
                seat = nxt[seat]
                h = hands[seat]
                follow = h & led_mask
                if follow:
                    h = follow | (h & trump_mask)
                k = bits(32) * h.bit_count() >> 32
                while k:
                    h &= h - 1
                    k -= 1
                bit = h & -h
                hands[seat] ^= bit
                tm |= bit
            # The winning card's seat is the one it was dealt to.
            w = BIT[winning_card(tm, led, trump)]
            seat = 0
            while not dealt_hands[seat] & w:
                seat += 1
            won[seat] |= tm
            tricks_left -= 1
        self.to_act = seat
        self.trump = trump
        self.leader = leader
        self.tricks_done = TRICKS_PER_HAND
        self._score_hand()

    # ----------------------------------------------------------------- views

    def view(self, seat: int) -> SmearView:
        """What ``seat`` may see (G2): its own hand and everything public."""
        if not 0 <= seat < self.n:
            raise ValueError(f"no seat {seat}")
        if self.log is None:
            # The bids, tricks and voids of a view come from the history, which a search copy
            # does not keep: a view of one would silently hide them from a player.
            raise ValueError("a state without history (keep_log=False or copy()) has no views")
        log = self.log[-1] if self.log else None
        bids: tuple[tuple[int, int], ...] = ()
        if log is not None:
            first = (self.dealer + 1) % self.n
            bids = tuple(((first + i) % self.n, bid_value(a)) for i, a in enumerate(log.bids))
        in_hand = self.phase in (Phase.BID, Phase.PLAY)
        return SmearView(
            seat=seat,
            seats=self.n,
            phase=Phase(self.phase),
            to_act=self.current_player,
            hand=tuple(cards_of(self.hands[seat])) if in_hand else (),
            dealer=self.dealer,
            hand_number=self.deals,
            bids=bids,
            bidder=self.bidder if self.bidder >= 0 else None,
            bid=self.bid,
            trump=self.trump if self.trump >= 0 else None,
            trick=TrickView(self.leader, tuple(self.trick), None) if self.trick else None,
            tricks=tuple(self.tricks or ()),
            scores=tuple(self.scores),
            options=self.options,
            legal=tuple(self.legal_actions()) if self.to_act == seat else (),
            results=tuple(self.results),
            outcome=self.outcome(),
            voids=frozenset(self._voids()),
        )

    def _voids(self) -> set[tuple[int, int]]:
        """Suits each seat has shown it lacks this hand (from the trick log)."""
        out: set[tuple[int, int]] = set()
        tricks = list(self.tricks or ())
        if self.trick:
            tricks.append(TrickView(self.leader, tuple(self.trick), None))
        trump = self.trump
        for t in tricks:
            led = SUIT_OF[t.cards[0]]
            for seat, c in t.played_by(self.n)[1:]:
                s = SUIT_OF[c]
                # Off-suit and not trump proves a void in the suit led; a trump played
                # on a plain lead proves nothing, since trumping in is always allowed.
                if s != led and s != trump:
                    out.add((seat, led))
        return out

    def __repr__(self) -> str:
        hands = " | ".join(cards_str(h) for h in self.hands)
        return (
            f"SmearState(seats={self.n}, phase={Phase(self.phase).name}, to_act={self.to_act},"
            f" dealer={self.dealer}, scores={self.scores}, hands=[{hands}])"
        )


__all__ = [
    "GAME_VALUE_BY_RANK",
    "RANK_OF",
    "HandLog",
    "SmearHandResult",
    "SmearOptions",
    "SmearState",
    "SmearView",
    "deal_masks",
    "game_points_of",
    "made_bid_wins",
]
