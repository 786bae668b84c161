"""Search states built from a view and the real hands behave exactly as the real state."""

from __future__ import annotations

import random

import pytest

from engine.ai.determinize import knowledge_of, salad_state, sample_hands, smear_state
from engine.cards import SUIT_MASK
from engine.salad import SaladState
from engine.smear import SmearState
from tests.engine.ai.helpers import positions, twin


def _assert_same(real: SmearState | SaladState, built: SmearState | SaladState) -> None:
    assert built.legal_mask() == real.legal_mask()
    for k in range(3):
        a, b = real.copy(), built.copy()
        a.playout_hand(random.Random(k))
        b.playout_hand(random.Random(k))
        assert a.results == b.results
        assert a.scores == b.scores
        assert a.phase == b.phase
        assert a.hands == b.hands


@pytest.mark.parametrize("seats", [2, 3])
def test_smear_state_from_real_hands(seats: int) -> None:
    checked = 0
    for seed in range(4):
        for st in positions("smear", seats, seed, 300):
            assert isinstance(st, SmearState)
            seat = st.current_player
            assert seat is not None
            built = smear_state(st.view(seat), list(st.hands))
            for slot in ("dealt", "dealt_hands", "won", "trick", "bid", "bidder", "trump"):
                assert getattr(built, slot) == getattr(st, slot), slot
            _assert_same(st, built)
            checked += 1
    assert checked > 300


@pytest.mark.parametrize("seats", [3, 4, 5, 6])
def test_salad_state_from_real_hands(seats: int) -> None:
    for st in positions("salad", seats, seats, 200):
        assert isinstance(st, SaladState)
        seat = st.current_player
        assert seat is not None
        built = salad_state(st.view(seat), list(st.hands))
        assert built.won == st.won and built.taken == st.taken
        _assert_same(st, built)


@pytest.mark.parametrize("game,seats", [("smear", 2), ("smear", 3), ("salad", 3), ("salad", 6)])
def test_samples_respect_everything_public(game: str, seats: int) -> None:
    rng = random.Random(9)
    for st in positions(game, seats, 11, 250):
        seat = st.current_player
        assert seat is not None
        know = knowledge_of(st.view(seat))
        hands = sample_hands(know, rng)
        assert hands[seat] == know.hand
        union = 0
        for s in range(seats):
            assert hands[s].bit_count() == st.hands[s].bit_count()
            assert not hands[s] & union
            union |= hands[s]
            if s != seat:
                assert not hands[s] & ~know.unknown
                assert not hands[s] & know.void[s]
        if game == "salad":
            assert union == know.unknown | know.hand


def test_twin_games_look_the_same() -> None:
    for st in positions("smear", 3, 4, 60):
        seat = st.current_player
        other = twin(st, 1)
        if other is None:
            continue
        assert other.view(seat) == st.view(seat)  # type: ignore[arg-type]


def test_smear_voids_ignore_trumping_in() -> None:
    """S4: a trump played on a plain lead proves no void; the sampler may still deal the
    suit led to that seat."""
    for st in positions("smear", 3, 21, 300):
        assert isinstance(st, SmearState)
        seat = st.current_player
        assert seat is not None
        know = knowledge_of(st.view(seat))
        for s in range(3):
            if st.trump >= 0 and know.void[s] & SUIT_MASK[st.trump]:
                # A trump void is shown only by failing to follow a trump lead.
                assert not st.hands[s] & SUIT_MASK[st.trump]
