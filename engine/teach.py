"""The coach of "learn to play": which rule explains what a newcomer is looking at, step by step.

Language-free like ``engine.review``: each explanation is a ``Lesson``, a stable code with the
number of the rule in RULES.md that decides it and integer details, which the bot words in the
reader's language (``bot.render.learn``). Nothing here decides a rule again: every lesson is
read off the engine's own answers.

- ``bid`` (Smear): the learner's turn to bid. From the legal bids (``SmearState.legal_mask``):
  ``bid-open`` (S10) {lowest}: nobody has bid yet; ``bid-raise`` (S1) {bid, lowest}: a bid must
  beat ``bid``; ``bid-last`` (S2) {lowest}: everyone else passed, a pass deals again;
  ``bid-dealer-must`` (S2) {lowest}: the stuck dealer may not pass.
- ``greyed``: some cards of the learner's hand may not be played. The code, rule and details are
  those of the ``IllegalAction`` the engine raises for a greyed card (``follow-or-trump`` S4,
  ``follow-trump`` S4, ``follow-suit`` C3), plus {greyed}: how many cards are greyed.
- ``trick``: the last complete trick. The code and rule are ``engine.review``'s
  (``trick_winner_reason``: ``highest-trump``, ``only-trump``... S5 or C3), plus {seat, trick}:
  the engine's winner of the trick and its number in the hand.
- ``hand``: the last finished hand. Smear: ``made`` or ``set`` (S10) {high, low, jack, game,
  bidder, bid, points}, a seat for each point (``NOBODY`` when nobody earns it), from
  ``engine.review``'s account of the hand; ``passed-out`` (S2) {seat}. Salad: ``penalties``
  (C5) {contract}, with each seat's penalty points in ``per_seat``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from engine.cards import cards_of
from engine.core import PASS, Phase, TrickView, actions_of_mask, bid_value
from engine.errors import IllegalAction
from engine.review import (
    HandReview,
    SaladPoints,
    SmearPoints,
    review_state,
    trick_winner_reason,
)
from engine.salad import SaladState
from engine.smear import SmearState

AnyState = SmearState | SaladState
NOBODY = -1  # a point nobody earns (S8: no jack dealt, S9: a tie)
POINTS = ("high", "low", "jack", "game")


@dataclass(frozen=True, slots=True)
class Lesson:
    """One explanation: its step (``bid``, ``greyed``, ``trick``, ``hand``), a code, the rule
    of RULES.md that decides it, its details and (Salad's hand) each seat's points."""

    step: str
    code: str
    rule: str
    details: Mapping[str, int]
    per_seat: tuple[int, ...] = ()


# ---------------------------------------------------------------------------- the turn at hand


def bid_lesson(state: AnyState, seat: int) -> Lesson | None:
    """What a bid means, when it is ``seat``'s turn to bid (Smear; Salad has no bidding)."""
    if not isinstance(state, SmearState) or state.phase != Phase.BID or state.to_act != seat:
        return None
    legal = actions_of_mask(state.legal_mask())
    bids = [bid_value(a) for a in legal if a != PASS]
    lowest = min(bids) if bids else 0
    if PASS not in legal:
        return Lesson("bid", "bid-dealer-must", "S2", {"lowest": lowest})
    if state.bid:
        return Lesson("bid", "bid-raise", "S1", {"bid": state.bid, "lowest": lowest})
    if seat == state.dealer:
        return Lesson("bid", "bid-last", "S2", {"lowest": lowest})
    return Lesson("bid", "bid-open", "S10", {"lowest": lowest})


def greyed_cards(state: AnyState, seat: int) -> list[int]:
    """The cards of ``seat``'s hand it may not play now (none unless it is its turn to play)."""
    if state.phase != Phase.PLAY or state.to_act != seat:
        return []
    return cards_of(state.hands[seat] & ~state.legal_mask())


def greyed_lesson(state: AnyState, seat: int) -> Lesson | None:
    """Why cards are greyed out on ``seat``'s hand: the engine's own refusal of one of them."""
    greyed = greyed_cards(state, seat)
    if not greyed:
        return None
    try:
        state.check(greyed[0], seat)
    except IllegalAction as e:
        return Lesson("greyed", e.code, e.rule, {**e.details, "greyed": len(greyed)})
    raise AssertionError(f"the engine accepts {greyed[0]}, a card it does not list as legal")


# ---------------------------------------------------------------------------- what just happened


def trick_lesson_of(trick: TrickView, number: int, seats: int, trump: int | None) -> Lesson:
    """Who won a complete trick and why (S5, C3), the winner being the engine's."""
    assert trick.winner is not None, "an open trick has no winner yet"
    why = trick_winner_reason(trick.cards, trump)
    details = {**why.reason.details, "seat": trick.winner, "trick": number}
    return Lesson("trick", why.reason.code, why.reason.rule, details)


def hand_lesson_of(review: HandReview) -> Lesson:
    """How a finished hand was scored, from ``engine.review``'s account of it."""
    points = review.points
    if isinstance(points, SaladPoints):
        return Lesson(
            "hand", "penalties", "C5", {"contract": points.contract}, tuple(points.penalties)
        )
    bidding = review.bidding
    assert bidding is not None
    if not isinstance(points, SmearPoints):  # S2: everyone passed
        return Lesson(
            "hand", bidding.reason.code, bidding.reason.rule, dict(bidding.reason.details)
        )
    details = {a.point: NOBODY if a.seat is None else a.seat for a in points.awards}
    details.update(points.verdict.details)
    details["bidder"] = details.pop("seat")
    return Lesson("hand", points.verdict.code, points.verdict.rule, details)


def _trump_now(state: AnyState) -> int | None:
    if isinstance(state, SmearState) and state.trump >= 0:
        return state.trump
    return None


def recent_lessons(state: AnyState) -> list[Lesson]:
    """The last complete trick and, once a hand is over and the next has no trick yet, how that
    hand was scored. Every trick is followed by a turn of each seat (or the end of the game), so
    a learner reading these at each of their turns reads every trick and every hand."""
    log = state.log
    if log is None:
        raise ValueError("a state without history (a search copy) has no lessons")
    tricks = state.tricks or []
    hand_over = len(state.results) == len(log)
    if tricks and not hand_over:
        return [trick_lesson_of(tricks[-1], len(tricks), state.n, _trump_now(state))]
    if not state.results:
        return []
    review = review_state(state, len(state.results))
    out = []
    if review.tricks:
        last = review.tricks[-1]
        view = TrickView(last.leader, last.cards, last.winner)
        out.append(trick_lesson_of(view, last.number, state.n, review.trump))
    out.append(hand_lesson_of(review))
    return out


def lessons(state: AnyState, seat: int) -> list[Lesson]:
    """Everything the learner in ``seat`` should read now, in order: what just happened (the
    last trick, the last hand), then what their turn asks (a bid, the greyed cards)."""
    out = recent_lessons(state)
    for now in (bid_lesson(state, seat), greyed_lesson(state, seat)):
        if now is not None:
            out.append(now)
    return out


__all__ = [
    "NOBODY",
    "POINTS",
    "Lesson",
    "bid_lesson",
    "greyed_cards",
    "greyed_lesson",
    "hand_lesson_of",
    "lessons",
    "recent_lessons",
    "trick_lesson_of",
]
