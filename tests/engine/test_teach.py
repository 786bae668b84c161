"""The "learn to play" coach (engine/teach.py) against the engine, over many random games.

Each lesson is checked against what the engine itself does: a card said to be greyed out is
refused by the engine for the very reason the lesson gives, and every other card is accepted; the
trick's winner named is the engine's; the points named are the engine's score of the hand; a bid
lesson agrees with the legal bids. Whole games with computers in every seat show that every bid,
every greyed hand, every trick and every hand the learner lives through gets its lesson.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.ai import make_player
from engine.cards import SUIT_OF, cards_of
from engine.core import PASS, Phase, bid_value
from engine.errors import IllegalAction
from engine.record import AnyState, new_game
from engine.salad import SaladState
from engine.simulate import random_action
from engine.smear import SmearState
from engine.teach import (
    NOBODY,
    POINTS,
    Lesson,
    bid_lesson,
    greyed_cards,
    greyed_lesson,
    lessons,
    recent_lessons,
)

GAMES = [("smear", 3), ("smear", 2), ("salad", 4), ("salad", 3), ("salad", 6)]


def check_turn(state: AnyState, seat: int) -> list[Lesson]:
    """The lessons of ``seat``'s turn, each checked against the engine."""
    found = []
    greyed = greyed_cards(state, seat)
    lesson = greyed_lesson(state, seat)
    if state.phase == Phase.PLAY and state.to_act == seat:
        hand = cards_of(state.hands[seat])
        legal = set(state.legal_actions())
        assert set(greyed) == set(hand) - legal
        assert (lesson is None) == (not greyed)
        for c in hand:
            if c in legal:
                state.check(c, seat)  # accepted: not greyed
                continue
            with pytest.raises(IllegalAction) as refused:
                state.check(c, seat)
            assert lesson is not None
            assert (refused.value.code, refused.value.rule) == (lesson.code, lesson.rule)
            assert {**refused.value.details, "greyed": len(greyed)} == dict(lesson.details)
            # The same reason the hand shows greyed cards with today.
            why = state.view(seat).restriction()
            assert why is not None and why[0] == lesson.code
        if lesson is not None:
            assert lesson.rule in ("S4", "C3") and lesson.details["greyed"] == len(greyed)
            found.append(lesson)
    else:
        assert lesson is None and greyed == []
    bid = bid_lesson(state, seat)
    if isinstance(state, SmearState) and state.phase == Phase.BID and state.to_act == seat:
        assert bid is not None
        legal = state.legal_actions()
        bids = sorted(bid_value(a) for a in legal if a != PASS)
        assert bid.details["lowest"] == bids[0]
        assert (PASS in legal) == (bid.code != "bid-dealer-must")
        if bid.code == "bid-raise":
            assert bid.details["bid"] == state.bid and bids[0] == state.bid + 1
        found.append(bid)
    else:
        assert bid is None
    return found


def check_trick(state: AnyState, lesson: Lesson) -> None:
    """The trick named is a complete trick of the engine's, and its winner the engine's."""
    assert lesson.step == "trick"
    tricks = state.tricks or []
    number = lesson.details["trick"]
    if len(state.results) < len(state.log or []) and tricks:
        trick = tricks[number - 1]
        assert number == len(tricks)
        assert trick.winner == lesson.details["seat"]
        assert lesson.details["card"] in trick.cards
        who = trick.played_by(state.n)
        assert (lesson.details["seat"], lesson.details["card"]) in who
        if isinstance(state, SmearState):
            assert lesson.rule == "S5" and lesson.details["trump"] == state.trump
            if "trump" in lesson.code and "no-trump" not in lesson.code:
                assert SUIT_OF[lesson.details["card"]] == state.trump
        else:
            assert (
                lesson.rule == "C3" and SUIT_OF[lesson.details["card"]] == SUIT_OF[trick.cards[0]]
            )


def check_hand(state: AnyState, lesson: Lesson) -> None:
    """The points named are those the engine scored the last finished hand with."""
    result = state.results[-1]
    before = state.results[-2].scores if len(state.results) > 1 else (0,) * state.n
    change = [a - b for a, b in zip(result.scores, before, strict=True)]
    if isinstance(state, SaladState):
        assert lesson.code == "penalties" and lesson.rule == "C5"
        assert list(lesson.per_seat) == change
        assert lesson.details["contract"] == result.contract
        return
    assert isinstance(state, SmearState)
    if result.bidder is None:
        assert (lesson.code, lesson.rule) == ("passed-out", "S2")
        assert lesson.details["seat"] == result.dealer and change == [0] * state.n
        return
    assert lesson.rule == "S10" and lesson.code == ("made" if result.made else "set")
    for point in POINTS:
        engine_seat = getattr(result, point)
        assert lesson.details[point] == (NOBODY if engine_seat is None else engine_seat), point
    assert lesson.details["bidder"] == result.bidder and lesson.details["bid"] == result.bid
    assert lesson.details["points"] == result.points[result.bidder]
    if result.made:
        assert change[result.bidder] == result.points[result.bidder]
    else:
        assert change[result.bidder] == -lesson.details["bid"]


def check_recent(state: AnyState) -> list[Lesson]:
    found = recent_lessons(state)
    for lesson in found:
        if lesson.step == "trick":
            check_trick(state, lesson)
        elif lesson.step == "hand":
            check_hand(state, lesson)
        else:
            raise AssertionError(lesson)
    return found


@pytest.mark.parametrize(("game", "seats"), GAMES)
def test_every_lesson_agrees_with_the_engine_over_random_games(game: str, seats: int) -> None:
    codes: Counter[tuple[str, str]] = Counter()
    for seed in range(12):
        options = {"target": 5} if game == "smear" else None
        state = new_game(game, seats, seed, options)
        rng = random.Random(seed)
        while state.phase != Phase.OVER:
            seat = state.current_player
            assert seat is not None
            for lesson in check_turn(state, seat) + check_recent(state):
                codes[(lesson.step, lesson.code)] += 1
            # The other seats never get a lesson for a turn that is not theirs.
            for other in range(state.n):
                if other != seat:
                    assert check_turn(state, other) == []
            state.apply(random_action(state, rng))
        for lesson in check_recent(state):
            codes[(lesson.step, lesson.code)] += 1
    steps = {s for s, _ in codes}
    assert {"greyed", "trick", "hand"} <= steps
    assert ("bid" in steps) == (game == "smear")


def _about(state: AnyState, lesson: Lesson) -> tuple[int, int]:
    """(hand, trick) a trick or hand lesson read now is about (trick 0: the hand itself)."""
    log = state.log or []
    current = bool(state.tricks) and len(state.results) < len(log)
    hand = len(log) if lesson.step == "trick" and current else len(state.results)
    return hand, lesson.details["trick"] if lesson.step == "trick" else 0


def _learner_game(game: str, seats: int, seed: int) -> tuple[AnyState, set[tuple[int, int]], int]:
    """A whole game with ``normal`` computers in every seat, the learner in seat 0, reading
    their lessons at each of their turns (and at the end), as the hand message shows them.
    Returns the state, the (hand, trick) explained and how many turns had greyed cards."""
    state = new_game(game, seats, seed, None)
    player = make_player(game, "normal")
    rng = random.Random(seed)
    explained: set[tuple[int, int]] = set()
    greyed_turns = 0

    def read() -> list[Lesson]:
        now = lessons(state, 0)
        explained.update(_about(state, x) for x in now if x.step in ("trick", "hand"))
        return now

    while state.phase != Phase.OVER:
        seat = state.current_player
        assert seat is not None
        if seat == 0:
            now = read()
            if greyed_cards(state, 0):
                greyed_turns += 1
                assert [x for x in now if x.step == "greyed"], "greyed cards without a reason"
            if state.phase == Phase.BID:
                assert [x for x in now if x.step == "bid"], "a bid without its explanation"
        state.apply(player.choose(state.view(seat), rng))
    read()
    return state, explained, greyed_turns


@pytest.mark.parametrize(("game", "seats"), [("smear", 3), ("salad", 4)])
def test_a_learner_reads_every_trick_and_every_hand_of_a_whole_game(game: str, seats: int) -> None:
    greyed_total = 0
    for seed in range(4):
        state, explained, greyed_turns = _learner_game(game, seats, seed)
        greyed_total += greyed_turns
        assert state.log is not None
        every = set()
        for hand, log in enumerate(state.log, start=1):
            every.add((hand, 0))
            every.update((hand, t) for t in range(1, len(log.plays) // seats + 1))
        assert explained == every, sorted(every - explained)[:5]
    assert greyed_total > 0, "no greyed hand in four games: the check above never ran"
