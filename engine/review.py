"""The review of one hand: every seat's cards as dealt, the bidding, each trick in order with who
won it and why, and where each point came from.

Language-free like the coach (``engine.ai.coach``): every explanation is a ``Reason``, a stable
code with the number of the rule in RULES.md that decides it and integer details, so the bot can
word it in any language (``bot.render.review``), the command line in English (``describe``) and
the "learn to play" coach can ask the same questions one at a time (``trick_winner_reason``,
``smear_bidding``, ``smear_hand_points``, ``salad_hand_penalties``).

Details hold cards as ``engine.cards`` numbers (keys in ``CARD_KEYS``), suits 0..3 as C D H S
(``SUIT_KEYS``), seats (``SEAT_KEYS``) and plain counts (``trick`` is 1-based).

Reason codes, with their rule and details:

Tricks (RULES.md S5 in Smear, C3 in Salad, which has no trump)
- ``highest-trump`` (S5) {card, trump}: the highest of two or more trumps in the trick.
- ``only-trump`` (S5) {card, trump}: the only trump in the trick.
- ``highest-of-led`` (C3) {card, led}: the highest card of the suit led.
- ``only-of-led`` (C3) {card, led}: nobody else followed suit: the card led wins.
- ``highest-of-led-no-trump`` (S5) {card, led, trump}: no trump in the trick: the highest card
  of the suit led.
- ``only-of-led-no-trump`` (S5) {card, led, trump}: nobody else followed suit or trumped: the
  card led wins.

Bidding (Smear)
- ``highest-bid`` (S3) {seat, bid}: the highest bid makes its bidder the bidder of the hand.
- ``bid-four`` (S1) {seat, bid}: a bid of 4 ended the bidding at once; later seats had no turn.
- ``dealer-stuck`` (S2, option stuck_dealer) {seat, bid}: everyone else passed, so the dealer
  had to bid.
- ``passed-out`` (S2) {seat}: everyone passed; the same dealer (``seat``) deals again.
- ``trump-named`` (Play: "the suit of that first card is trump") {seat, card, suit}: the
  bidder's first lead named trump.

Points (Smear)
- ``high`` (S6) {seat, card}: the highest trump dealt, to the seat that played it.
- ``high-and-low`` (S7) {seat, card}: the only trump dealt earns both High and Low.
- ``low`` (S7) {seat, card}: the lowest trump dealt, to the seat that played it (and won it).
- ``low-not-taker`` (S7) {seat, card, winner}: the lowest trump dealt goes to the seat that
  played it, not to ``winner``, who won its trick.
- ``jack-kept`` (S8) {seat, card, trick}: the jack of trump won in its trick by who played it.
- ``jack-captured`` (S8) {seat, card, trick, owner}: ``seat`` won the trick in which ``owner``
  played the jack of trump.
- ``jack-not-dealt`` (S8) {card}: the jack of trump was not dealt: nobody earns Jack.
- ``game-highest`` (S9) {seat, count, next}: the single highest Game count (``next``: the
  second highest).
- ``game-tie`` (S9) {count}: two or more seats tie on the highest count: nobody earns Game.
- ``made`` (S10) {seat, bid, points}: the bidder took at least the bid and scores every point.
- ``set`` (S10) {seat, bid, points}: the bidder took fewer points than the bid and loses it.
- ``won-target`` (S12) {seat, score, target}: the bidder made the bid and reached the target.
- ``won-four`` (S13) {seat, before}: the bidder made a bid of 4 with at least 1 point before.

Penalties (Salad: the table of the six hands in RULES.md, cited as ``Hands``)
- ``trick-taken`` (Hands 1, 6) {seat, trick}: 10 for each trick taken.
- ``heart-taken`` (Hands 2, 6) {seat, card, trick}: 10 for each heart taken.
- ``queen-taken`` (Hands 3, 6) {seat, card, trick}: 25 for each queen taken.
- ``king-of-spades-taken`` (Hands 4, 6) {seat, card, trick}: 100 for taking the king of spades.
- ``last-trick-taken`` (Hands 5, 6) {seat, trick}: 100 for taking the last trick of the hand.
- ``ended-early`` (C4) {trick}: every penalty card of the hand was taken by trick ``trick``, so
  the hand stopped there and the rest of the cards were not played.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from engine.cards import (
    HEARTS,
    JACK,
    KING,
    QUEEN,
    RANK_OF,
    SPADES,
    SUIT_NAMES,
    SUIT_OF,
    SUITS,
    card,
    card_str,
    mask_of,
)
from engine.core import PASS, bid_value
from engine.errors import RecordError
from engine.record import AnyState, GameRecord, game_name, replay
from engine.salad import CONTRACT_NAMES, CONTRACT_RULES, SaladState
from engine.salad import HAND_SIZE as SALAD_HAND_SIZE
from engine.smear import GAME_VALUE_BY_RANK, SmearState, winning_card

CARD_KEYS = frozenset({"card"})
SUIT_KEYS = frozenset({"led", "trump", "suit"})
SEAT_KEYS = frozenset({"seat", "winner", "owner"})

# Salad: which penalties each of the six hands gives, and what each costs (RULES.md, the table
# of the six hands; hand 6 gives all five).
PENALTY_POINTS = {
    "trick-taken": 10,
    "heart-taken": 10,
    "queen-taken": 25,
    "king-of-spades-taken": 100,
    "last-trick-taken": 100,
}
_ALL_PENALTIES = tuple(PENALTY_POINTS)
CONTRACT_PENALTIES: dict[int, tuple[str, ...]] = {
    1: ("trick-taken",),
    2: ("heart-taken",),
    3: ("queen-taken",),
    4: ("king-of-spades-taken",),
    5: ("last-trick-taken",),
    6: _ALL_PENALTIES,
}
KING_OF_SPADES = card(KING, SPADES)


# ---------------------------------------------------------------------------- the data


@dataclass(frozen=True, slots=True)
class Reason:
    """Why something happened: a code of the module's list, its rule, its details."""

    code: str
    rule: str
    details: Mapping[str, int]


@dataclass(frozen=True, slots=True)
class TrickWin:
    """Which card of a trick wins it and why."""

    index: int  # in order of play
    card: int
    reason: Reason


@dataclass(frozen=True, slots=True)
class TrickReview:
    number: int  # 1-based
    leader: int
    cards: tuple[int, ...]  # in order of play
    seats: tuple[int, ...]  # who played each card
    winner: int
    reason: Reason

    @property
    def plays(self) -> tuple[tuple[int, int], ...]:
        """(seat, card) in order of play."""
        return tuple(zip(self.seats, self.cards, strict=True))


@dataclass(frozen=True, slots=True)
class Bid:
    seat: int
    bid: int  # 0 for a pass
    forced: bool = False  # the stuck dealer's bid (S2 option)


@dataclass(frozen=True, slots=True)
class Bidding:
    """Smear's bidding, in order, and its outcome."""

    bids: tuple[Bid, ...]
    skipped: tuple[int, ...]  # seats that got no turn after a bid of 4 (S1)
    bidder: int | None  # None: everyone passed (S2)
    bid: int  # 0 when everyone passed
    reason: Reason


@dataclass(frozen=True, slots=True)
class Award:
    """One of Smear's four points: who earned it (None: nobody) and why."""

    point: str  # "high", "low", "jack" or "game"
    seat: int | None
    reason: Reason


@dataclass(frozen=True, slots=True)
class SmearPoints:
    awards: tuple[Award, ...]  # High, Low, Jack, Game, in that order
    game_counts: tuple[int, ...]  # S9, by seat
    counting_cards: tuple[tuple[int, ...], ...]  # the cards each seat won that count for Game
    points: tuple[int, ...]  # points taken, by seat
    verdict: Reason  # made or set (S10)
    changes: tuple[int, ...]  # what the hand did to each score (S10, S11)


@dataclass(frozen=True, slots=True)
class Penalty:
    seat: int
    points: int
    reason: Reason


@dataclass(frozen=True, slots=True)
class SaladPoints:
    contract: int  # 1..6: which of the six hands
    items: tuple[Penalty, ...]  # in the order the tricks were taken
    penalties: tuple[int, ...]  # by seat: the hand's penalty points
    ended_early: Reason | None  # C4


@dataclass(frozen=True, slots=True)
class HandReview:
    """The full account of one finished hand."""

    game: str  # "smear" or "salad"
    hand: int  # 1-based, as in the record (a passed-out Smear hand counts)
    seats: int
    dealer: int
    deal: tuple[tuple[int, ...], ...]  # by seat, as dealt
    bidding: Bidding | None  # Smear
    trump: int | None  # Smear, once a card is led
    trump_reason: Reason | None
    tricks: tuple[TrickReview, ...]
    unplayed: tuple[tuple[int, ...], ...]  # by seat: cards left when a hand stops early (C4)
    # or is passed out (S2)
    points: SmearPoints | SaladPoints | None  # None: a passed-out Smear hand
    scores_before: tuple[int, ...]
    scores_after: tuple[int, ...]
    game_won: Reason | None  # Smear: this hand ended the game (S12, S13)

    @property
    def contract(self) -> int | None:
        return self.points.contract if isinstance(self.points, SaladPoints) else None


# ---------------------------------------------------------------------------- tricks


def trick_winner_reason(cards: Sequence[int], trump: int | None) -> TrickWin:
    """The card that wins a trick (cards in order of play; a trick still open: the card winning
    it so far) and why: RULES.md S5 in Smear, C3 in Salad (``trump`` None)."""
    led = SUIT_OF[cards[0]]
    win = winning_card(mask_of(cards), led, led if trump is None else trump)
    index = list(cards).index(win)
    if trump is not None and SUIT_OF[win] == trump:
        trumps = sum(1 for c in cards if SUIT_OF[c] == trump)
        code = "only-trump" if trumps == 1 else "highest-trump"
        return TrickWin(index, win, Reason(code, "S5", {"card": win, "trump": trump}))
    followers = sum(1 for c in cards if SUIT_OF[c] == led)
    code = "only-of-led" if followers == 1 else "highest-of-led"
    if trump is None:
        return TrickWin(index, win, Reason(code, "C3", {"card": win, "led": led}))
    details = {"card": win, "led": led, "trump": trump}
    return TrickWin(index, win, Reason(f"{code}-no-trump", "S5", details))


def review_tricks(
    plays: Sequence[int], first_leader: int, seats: int, trump: int | None
) -> tuple[TrickReview, ...]:
    """The complete tricks of a hand's plays: the first led by ``first_leader`` (Smear: the
    bidder, S3; Salad: left of the dealer, C2), each next one by the last one's winner."""
    out: list[TrickReview] = []
    leader = first_leader
    for start in range(0, len(plays) - seats + 1, seats):
        cards = tuple(plays[start : start + seats])
        who = tuple((leader + i) % seats for i in range(seats))
        win = trick_winner_reason(cards, trump)
        out.append(TrickReview(len(out) + 1, leader, cards, who, who[win.index], win.reason))
        leader = who[win.index]
    return tuple(out)


# ---------------------------------------------------------------------------- Smear


def smear_bidding(bids: Sequence[int], dealer: int, seats: int, stuck_dealer: bool) -> Bidding:
    """Smear's bidding (bids as values: 0 for a pass, else 2..4), starting left of the dealer,
    and who won it and why (S1-S3)."""
    first = (dealer + 1) % seats
    made: list[Bid] = []
    bidder: int | None = None
    high = 0
    for i, value in enumerate(bids):
        seat = (first + i) % seats
        forced = stuck_dealer and seat == dealer and high == 0 and value > 0
        made.append(Bid(seat, value, forced))
        if value > high:
            high, bidder = value, seat
    skipped = tuple((first + i) % seats for i in range(len(bids), seats))
    if bidder is None:
        reason = Reason("passed-out", "S2", {"seat": dealer})
    elif skipped:
        reason = Reason("bid-four", "S1", {"seat": bidder, "bid": high})
    elif made[-1].forced:
        reason = Reason("dealer-stuck", "S2", {"seat": bidder, "bid": high})
    else:
        reason = Reason("highest-bid", "S3", {"seat": bidder, "bid": high})
    return Bidding(tuple(made), skipped, bidder, high, reason)


def _owners(deal: Sequence[Sequence[int]]) -> dict[int, int]:
    return {c: seat for seat, cards in enumerate(deal) for c in cards}


def _high_and_low(
    trumps: list[int], owner: dict[int, int], taken_by: dict[int, int]
) -> tuple[Award, Award]:
    """S6, S7: the highest and the lowest trump dealt, to the seats that played them."""
    high, low = trumps[-1], trumps[0]
    if high == low:
        reason = Reason("high-and-low", "S7", {"seat": owner[high], "card": high})
        return Award("high", owner[high], reason), Award("low", owner[low], reason)
    high_award = Award(
        "high", owner[high], Reason("high", "S6", {"seat": owner[high], "card": high})
    )
    seat, winner = owner[low], taken_by[low]
    if winner == seat:
        low_reason = Reason("low", "S7", {"seat": seat, "card": low})
    else:
        low_reason = Reason("low-not-taker", "S7", {"seat": seat, "card": low, "winner": winner})
    return high_award, Award("low", seat, low_reason)


def _jack(trump: int, owner: dict[int, int], tricks: Sequence[TrickReview]) -> Award:
    """S8: the jack of trump, to the winner of the trick it fell in."""
    jack = card(JACK, trump)
    for t in tricks:
        if jack in t.cards:
            details = {"seat": t.winner, "card": jack, "trick": t.number}
            if owner[jack] == t.winner:
                return Award("jack", t.winner, Reason("jack-kept", "S8", details))
            details["owner"] = owner[jack]
            return Award("jack", t.winner, Reason("jack-captured", "S8", details))
    return Award("jack", None, Reason("jack-not-dealt", "S8", {"card": jack}))


def _game(counts: list[int]) -> Award:
    """S9: Game to the single highest count; a tie for highest gives it to nobody."""
    ranked = sorted(counts, reverse=True)
    top = ranked[0]
    if ranked[1] == top:
        return Award("game", None, Reason("game-tie", "S9", {"count": top}))
    seat = counts.index(top)
    return Award(
        "game", seat, Reason("game-highest", "S9", {"seat": seat, "count": top, "next": ranked[1]})
    )


def smear_hand_points(
    deal: Sequence[Sequence[int]],
    tricks: Sequence[TrickReview],
    trump: int,
    bidder: int,
    bid: int,
) -> SmearPoints:
    """Where each point of a played Smear hand came from (S6-S9) and what the hand did to each
    score (S10, S11)."""
    seats = len(deal)
    owner = _owners(deal)
    taken_by = {c: t.winner for t in tricks for c in t.cards}
    trumps = sorted(c for c in owner if SUIT_OF[c] == trump)
    high, low = _high_and_low(trumps, owner, taken_by)
    won: list[list[int]] = [[] for _ in range(seats)]
    for t in tricks:
        won[t.winner].extend(t.cards)
    counting = [sorted((c for c in w if GAME_VALUE_BY_RANK[RANK_OF[c]]), reverse=True) for w in won]
    counts = [sum(GAME_VALUE_BY_RANK[RANK_OF[c]] for c in cs) for cs in counting]
    awards = (high, low, _jack(trump, owner, tricks), _game(counts))
    points = [sum(1 for a in awards if a.seat == s) for s in range(seats)]
    taken = points[bidder]
    made = taken >= bid
    details = {"seat": bidder, "bid": bid, "points": taken}
    verdict = Reason("made" if made else "set", "S10", details)
    changes = list(points)
    if not made:
        changes[bidder] = -bid
    return SmearPoints(
        awards,
        tuple(counts),
        tuple(tuple(cs) for cs in counting),
        tuple(points),
        verdict,
        tuple(changes),
    )


def smear_game_won(
    points: SmearPoints, bidder: int, bid: int, before: int, target: int
) -> Reason | None:
    """Whether this hand ended the game: only the bidder can win, by making the bid and reaching
    the target (S12), or by making a bid of 4 with at least 1 point before the hand (S13)."""
    if points.verdict.code != "made":
        return None
    after = before + points.changes[bidder]
    if after >= target:
        return Reason("won-target", "S12", {"seat": bidder, "score": after, "target": target})
    if bid == 4 and before >= 1:
        return Reason("won-four", "S13", {"seat": bidder, "before": before})
    return None


# ---------------------------------------------------------------------------- Salad


_CARD_PENALTY_TEST: dict[str, Callable[[int], bool]] = {
    "heart-taken": lambda c: SUIT_OF[c] == HEARTS,
    "queen-taken": lambda c: RANK_OF[c] == QUEEN,
    "king-of-spades-taken": lambda c: c == KING_OF_SPADES,
}


def _card_penalties(kinds: tuple[str, ...], t: TrickReview) -> list[Penalty]:
    """The penalty cards of a trick; in hand 6 the queen of hearts is both a heart and a queen."""
    out: list[Penalty] = []
    for c in sorted(t.cards, reverse=True):
        for kind, applies in _CARD_PENALTY_TEST.items():
            if kind in kinds and applies(c):
                details = {"seat": t.winner, "card": c, "trick": t.number}
                out.append(Penalty(t.winner, PENALTY_POINTS[kind], Reason(kind, "Hands", details)))
    return out


def salad_hand_penalties(contract: int, tricks: Sequence[TrickReview], seats: int) -> SaladPoints:
    """Each penalty of a Salad hand (``contract`` 1..6, the hand's place among the six) with the
    trick that caused it, and each seat's total. The last trick counts only if it was played:
    hands 2, 3 and 4 stop once every penalty card is taken (C4)."""
    kinds = CONTRACT_PENALTIES[contract]
    per_hand = SALAD_HAND_SIZE[seats]
    items: list[Penalty] = []
    for t in tricks:
        details = {"seat": t.winner, "trick": t.number}
        if "trick-taken" in kinds:
            reason = Reason("trick-taken", "Hands", details)
            items.append(Penalty(t.winner, PENALTY_POINTS["trick-taken"], reason))
        items += _card_penalties(kinds, t)
        if "last-trick-taken" in kinds and t.number == per_hand:
            reason = Reason("last-trick-taken", "Hands", details)
            items.append(Penalty(t.winner, PENALTY_POINTS["last-trick-taken"], reason))
    totals = [0] * seats
    for p in items:
        totals[p.seat] += p.points
    early = None
    if len(tricks) < per_hand:
        early = Reason("ended-early", "C4", {"trick": len(tricks)})
    return SaladPoints(contract, tuple(items), tuple(totals), early)


# ---------------------------------------------------------------------------- a whole hand


def review_hand(record: str | bytes | dict[str, Any] | GameRecord, hand: int) -> HandReview:
    """The review of hand ``hand`` (1-based, as the record lists them) of a game record
    (RECORD.md). The whole record is checked first: RecordError, one line, for a record that
    breaks the format or a rule, or a hand that is not in it or not finished."""
    return review_state(replay(record), hand)


def review_state(state: AnyState, hand: int) -> HandReview:
    """The review of hand ``hand`` of a game that keeps its history (a replayed record or the
    bot's live state). RecordError for a hand that is not there or not finished."""
    if state.log is None:
        raise ValueError("this state keeps no history (a search copy): no review")
    hands = len(state.log)
    if isinstance(hand, bool) or not isinstance(hand, int) or not 1 <= hand <= hands:
        have = "no hands" if hands == 0 else f"hands 1 to {hands}" if hands > 1 else "hand 1 only"
        raise RecordError(f"hand {hand}: the record has {have}")
    if hand > len(state.results):
        raise RecordError(f"hand {hand}: the hand is not finished, so it has no review yet")
    before = tuple(state.results[hand - 2].scores) if hand > 1 else (0,) * state.n
    deal = tuple(tuple(cs) for cs in state.log[hand - 1].deal)
    # What every hand has; each game's review fills in the rest. Until then nothing is played.
    review = HandReview(
        game=game_name(state),
        hand=hand,
        seats=state.n,
        dealer=state.results[hand - 1].dealer,
        deal=deal,
        bidding=None,
        trump=None,
        trump_reason=None,
        tricks=(),
        unplayed=deal,
        points=None,
        scores_before=before,
        scores_after=before,
        game_won=None,
    )
    if isinstance(state, SmearState):
        return _review_smear(state, review)
    return _review_salad(state, review)


def _review_smear(state: SmearState, review: HandReview) -> HandReview:
    assert state.log is not None
    log = state.log[review.hand - 1]
    n = review.seats
    bids = [bid_value(a) if a != PASS else 0 for a in log.bids]
    bidding = smear_bidding(bids, review.dealer, n, state.options.stuck_dealer)
    if bidding.bidder is None:
        return replace(review, bidding=bidding)  # S2: everyone passed, nothing was played
    bidder = bidding.bidder
    first = log.plays[0]
    trump = SUIT_OF[first]
    tricks = review_tricks(log.plays, bidder, n, trump)
    points = smear_hand_points(review.deal, tricks, trump, bidder, bidding.bid)
    before = review.scores_before
    return replace(
        review,
        bidding=bidding,
        trump=trump,
        trump_reason=Reason("trump-named", "Play", {"seat": bidder, "card": first, "suit": trump}),
        tricks=tricks,
        unplayed=tuple(() for _ in range(n)),  # S5: every card dealt is played
        points=points,
        scores_after=tuple(b + c for b, c in zip(before, points.changes, strict=True)),
        game_won=smear_game_won(points, bidder, bidding.bid, before[bidder], state.options.target),
    )


def _review_salad(state: SaladState, review: HandReview) -> HandReview:
    assert state.log is not None
    plays = state.log[review.hand - 1].plays
    n = review.seats
    tricks = review_tricks(plays, (review.dealer + 1) % n, n, None)  # C2
    played = set(plays)
    points = salad_hand_penalties(review.hand, tricks, n)  # the hands come in order
    return replace(
        review,
        tricks=tricks,
        unplayed=tuple(tuple(c for c in cs if c not in played) for cs in review.deal),  # C4
        points=points,
        scores_after=tuple(
            b + p for b, p in zip(review.scores_before, points.penalties, strict=True)
        ),
    )


# ---------------------------------------------------------------------------- JSON and English


def word_details(
    details: Mapping[str, int],
    card: Callable[[int], object],
    suit: Callable[[int], object],
    seat: Callable[[int], object],
) -> dict[str, object]:
    """A reason's details with each card, suit and seat written by the given functions (plain
    counts stay numbers): the one place that knows which detail is which kind."""
    out: dict[str, object] = {}
    for key, value in details.items():
        if key in CARD_KEYS:
            out[key] = card(value)
        elif key in SUIT_KEYS:
            out[key] = suit(value)
        elif key in SEAT_KEYS:
            out[key] = seat(value)
        else:
            out[key] = value
    return out


def details_json(details: Mapping[str, int]) -> dict[str, object]:
    """Details for people and other programs: cards as ``AS``, suits as ``S``."""
    return word_details(details, card_str, SUITS.__getitem__, int)


def _reason_json(r: Reason | None) -> dict[str, object] | None:
    if r is None:
        return None
    return {"code": r.code, "rule": r.rule, "details": details_json(r.details)}


def _cards_json(cards: Sequence[int]) -> list[str]:
    return [card_str(c) for c in cards]


def _points_json(points: SmearPoints | SaladPoints | None) -> dict[str, object] | None:
    if isinstance(points, SmearPoints):
        return {
            "awards": [
                {"point": a.point, "seat": a.seat, "reason": _reason_json(a.reason)}
                for a in points.awards
            ],
            "game_counts": list(points.game_counts),
            "counting_cards": [_cards_json(cs) for cs in points.counting_cards],
            "points": list(points.points),
            "verdict": _reason_json(points.verdict),
            "changes": list(points.changes),
        }
    if isinstance(points, SaladPoints):
        return {
            "contract": points.contract,
            "items": [
                {"seat": p.seat, "points": p.points, "reason": _reason_json(p.reason)}
                for p in points.items
            ],
            "penalties": list(points.penalties),
            "ended_early": _reason_json(points.ended_early),
        }
    return None


def to_json(review: HandReview) -> dict[str, object]:
    """The review as JSON (what ``python -m engine review --json`` prints)."""
    bidding = review.bidding
    return {
        "game": review.game,
        "hand": review.hand,
        "seats": review.seats,
        "dealer": review.dealer,
        "deal": [_cards_json(cs) for cs in review.deal],
        "bidding": None
        if bidding is None
        else {
            "bids": [
                {"seat": b.seat, "bid": b.bid or "pass", "forced": b.forced} for b in bidding.bids
            ],
            "skipped": list(bidding.skipped),
            "bidder": bidding.bidder,
            "bid": bidding.bid or None,
            "reason": _reason_json(bidding.reason),
        },
        "trump": None if review.trump is None else SUITS[review.trump],
        "trump_reason": _reason_json(review.trump_reason),
        "contract": review.contract,
        "tricks": [
            {
                "number": t.number,
                "leader": t.leader,
                "plays": [{"seat": s, "card": card_str(c)} for s, c in t.plays],
                "winner": t.winner,
                "reason": _reason_json(t.reason),
            }
            for t in review.tricks
        ],
        "unplayed": [_cards_json(cs) for cs in review.unplayed],
        "points": _points_json(review.points),
        "scores_before": list(review.scores_before),
        "scores_after": list(review.scores_after),
        "game_won": _reason_json(review.game_won),
    }


# The English sentence of each reason code, for the command line (the bot has its own words in
# every language: bot/locales/*/review.ftl).
ENGLISH: dict[str, str] = {
    "highest-trump": "the highest trump, {card}",
    "only-trump": "the only trump, {card}",
    "highest-of-led": "the highest of the suit led ({led}), {card}",
    "only-of-led": "nobody else followed {led}: {card}",
    "highest-of-led-no-trump": "no trump ({trump}): the highest of the suit led ({led}), {card}",
    "only-of-led-no-trump": "nobody else followed {led} or trumped: {card}",
    "highest-bid": "{seat} bid highest ({bid})",
    "bid-four": "{seat} bid 4, which ends the bidding at once",
    "dealer-stuck": "everyone else passed, so {seat} as dealer had to bid ({bid})",
    "passed-out": "everyone passed: {seat} deals again",
    "trump-named": "{seat} led {card} first, so {suit} are trump",
    "high": "{seat} played {card}, the highest trump dealt",
    "high-and-low": "{seat} played {card}, the only trump dealt: both High and Low",
    "low": "{seat} played {card}, the lowest trump dealt",
    "low-not-taker": "{seat} played {card}, the lowest trump dealt"
    " (Low goes to who played it, not to {winner}, who won the trick)",
    "jack-kept": "{seat} won trick {trick} with {card} in it",
    "jack-captured": "{seat} won trick {trick}, where {owner} played {card}",
    "jack-not-dealt": "{card} was not dealt: nobody",
    "game-highest": "{seat} won the most Game points, {count} (next best {next})",
    "game-tie": "a tie for the most Game points ({count}): nobody",
    "made": "{seat} bid {bid} and took {points}: made, every point counts",
    "set": "{seat} bid {bid} and took {points}: set, the bid is lost",
    "won-target": "{seat} made the bid and reached {score} (target {target}): game won",
    "won-four": "{seat} made a bid of 4 with {before} before the hand: game won",
    "trick-taken": "{seat} took trick {trick}",
    "heart-taken": "{seat} took {card} in trick {trick}",
    "queen-taken": "{seat} took {card} in trick {trick}",
    "king-of-spades-taken": "{seat} took {card} in trick {trick}",
    "last-trick-taken": "{seat} took the last trick, {trick}",
    "ended-early": "every penalty card was taken by trick {trick}, so the hand stopped there",
}


def english(reason: Reason) -> str:
    """A reason as an English phrase, with its rule."""
    words = word_details(reason.details, card_str, SUIT_NAMES.__getitem__, "seat {}".format)
    return f"{ENGLISH[reason.code].format(**words)} ({reason.rule})"


def _sentence(phrase: str) -> str:
    return f"{phrase[:1].upper()}{phrase[1:]}."


def _cards_text(cards: Sequence[int]) -> str:
    return " ".join(card_str(c) for c in cards) or "-"


def _smear_lines(review: HandReview) -> list[str]:
    lines: list[str] = []
    bidding = review.bidding
    assert bidding is not None
    bids = ", ".join(f"seat {b.seat} {b.bid or 'pass'}" for b in bidding.bids)
    lines.append(f"Bidding: {bids}. {_sentence(english(bidding.reason))}")
    if bidding.skipped:
        lines.append(f"No turn after the 4: {', '.join(f'seat {s}' for s in bidding.skipped)}.")
    if review.trump_reason is not None:
        lines.append(f"Trump: {english(review.trump_reason)}.")
    return lines


def _points_lines(review: HandReview) -> list[str]:
    points = review.points
    if isinstance(points, SmearPoints):
        lines = [f"{a.point.capitalize()}: {english(a.reason)}." for a in points.awards]
        counts = ", ".join(
            f"seat {s} {n} ({_cards_text(cs)})"
            for s, (n, cs) in enumerate(zip(points.game_counts, points.counting_cards, strict=True))
        )
        lines.append(f"Game counts: {counts}.")
        lines.append(f"Result: {english(points.verdict)}.")
        return lines
    if isinstance(points, SaladPoints):
        totals = ", ".join(f"seat {s} {p}" for s, p in enumerate(points.penalties))
        lines = [f"Penalties: {totals}."]
        lines += [f"  +{p.points} {english(p.reason)}" for p in points.items]
        if points.ended_early is not None:
            lines.append(f"{_sentence(english(points.ended_early))}")
        return lines
    return []


def describe(review: HandReview) -> str:
    """The review as plain English text (what ``python -m engine review`` prints)."""
    head = f"{review.game.capitalize()}, hand {review.hand}"
    if review.contract is not None:
        c = review.contract
        head += f" of 6 ({CONTRACT_NAMES[c]}: {CONTRACT_RULES[c]})"
    lines = [f"{head}, dealer seat {review.dealer}.", "", "Dealt:"]
    lines += [f"  seat {s}: {_cards_text(cs)}" for s, cs in enumerate(review.deal)]
    if review.bidding is not None:
        lines += ["", *_smear_lines(review)]
    if review.tricks:
        lines += ["", "Tricks:"]
    for t in review.tricks:
        cards = ", ".join(f"seat {s} {card_str(c)}" for s, c in t.plays)
        lines.append(f"  {t.number}. {cards} -> seat {t.winner}: {english(t.reason)}")
    if review.tricks and any(review.unplayed):
        left = ", ".join(f"seat {s} {_cards_text(cs)}" for s, cs in enumerate(review.unplayed))
        lines.append(f"Not played: {left}")
    lines += ["", *_points_lines(review)]
    changes = ", ".join(
        f"seat {s} {b} -> {a}"
        for s, (b, a) in enumerate(zip(review.scores_before, review.scores_after, strict=True))
    )
    lines.append(f"Scores: {changes}.")
    if review.game_won is not None:
        lines.append(_sentence(english(review.game_won)))
    return "\n".join(lines)


__all__ = [
    "CARD_KEYS",
    "ENGLISH",
    "SEAT_KEYS",
    "SUIT_KEYS",
    "Award",
    "Bid",
    "Bidding",
    "HandReview",
    "Penalty",
    "Reason",
    "SaladPoints",
    "SmearPoints",
    "TrickReview",
    "TrickWin",
    "describe",
    "details_json",
    "english",
    "review_hand",
    "review_state",
    "review_tricks",
    "salad_hand_penalties",
    "smear_bidding",
    "smear_game_won",
    "smear_hand_points",
    "to_json",
    "trick_winner_reason",
    "word_details",
]
