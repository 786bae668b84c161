"""The coach: hints are legal and carry documented codes; a review finds a costly move."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest

from engine.ai import budget, coach, make_player
from engine.ai.coach import Hint, explain, hint, review
from engine.record import to_record
from engine.smear import SmearState
from tests.engine.ai.helpers import positions
from tests.engine.conftest import act, cards, smear_hand

assert coach.__doc__ is not None
DOCUMENTED = set(re.findall(r"^- ``([a-z-]+)``:", coach.__doc__, re.MULTILINE))


def test_the_docstring_lists_the_codes() -> None:
    assert {
        "draw-trump",
        "take-jack",
        "save-ten",
        "duck",
        "dump-penalty",
        "bid-makes",
    } <= DOCUMENTED
    assert "pass-weak" in DOCUMENTED and "only-move" in DOCUMENTED


@pytest.mark.parametrize("game,seats", [("smear", 3), ("smear", 2), ("salad", 4), ("salad", 6)])
def test_every_legal_move_gets_a_documented_reason(game: str, seats: int) -> None:
    explained = 0
    for seed in range(3):
        for st in positions(game, seats, 40 + seed, 200):
            seat = st.current_player
            assert seat is not None
            view = st.view(seat)
            for action in view.legal:
                reason, details = explain(view, action)
                assert reason in DOCUMENTED, reason
                assert all(isinstance(v, int) for v in details.values())
                explained += 1
    assert explained > 300


@pytest.mark.parametrize("game,seats", [("smear", 3), ("salad", 4)])
def test_hints_are_legal(game: str, seats: int) -> None:
    rng = random.Random(2)
    for i, st in enumerate(positions(game, seats, 9, 80)):
        if i % 8:
            continue
        seat = st.current_player
        assert seat is not None
        view = st.view(seat)
        h = hint(game, view, rng, budget_ms=5)
        assert isinstance(h, Hint)
        assert h.action in view.legal and h.reason in DOCUMENTED
        if game == "salad":
            assert h.expected >= 0  # a penalty


def test_hint_refuses_a_view_of_the_other_game() -> None:
    st = next(iter(positions("smear", 3, 1)))
    with pytest.raises(ValueError):
        hint("salad", st.view(st.current_player or 0), random.Random(1), 5)


def _jack_spot_game() -> SmearState:
    """Seat 2 had the ace of trump over the led jack with only the king to come, and played
    the three: the king took the jack. The rest is played by ``normal``."""
    st = smear_hand(
        ["KS 2C 3C 4C 5C 6C", "QS JS 7D 8D 9D TD", "AS 3S 7H 8H 9H TH"], dealer=0, target=30
    )
    act(st, "2", "pass", "pass", "JS", "3S")
    player = make_player("smear", "normal")
    rng = random.Random(1)
    while not st.results:  # to the end of the hand
        seat = st.current_player
        assert seat is not None
        st.apply(player.choose(st.view(seat), rng), seat)
    return st


@pytest.fixture
def cpu_budgets() -> Iterator[None]:
    """The searches' budgets counted in this process's CPU time: a busy machine (the suite's
    other workers) then buys a review what a free core would. On wall time the review found
    nothing in one run of ten while an arena ran beside the suite."""
    budget.use_cpu_time(True)
    try:
        yield
    finally:
        budget.use_cpu_time(False)


@pytest.mark.usefixtures("cpu_budgets")
def test_review_finds_the_lost_jack() -> None:
    st = _jack_spot_game()
    mistakes = review(to_record(st), 2, budget_ms_total=3000)
    assert 1 <= len(mistakes) <= 3
    assert [m.loss for m in mistakes] == sorted((m.loss for m in mistakes), reverse=True)
    assert all(m.loss > 0 and m.hand >= 1 and m.decision >= 1 for m in mistakes)
    assert all(m.reason in DOCUMENTED for m in mistakes)
    jack = [m for m in mistakes if m.chosen == cards("3S")[0]]
    assert jack and jack[0].better == cards("AS")[0] and jack[0].hand == 1
    assert jack[0].decision == 2  # the pass, then this card


def test_review_refuses_a_seat_not_at_the_table() -> None:
    st = _jack_spot_game()
    with pytest.raises(ValueError):
        review(to_record(st), 5, budget_ms_total=100)
