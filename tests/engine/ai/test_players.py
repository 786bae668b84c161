"""Every level returns only legal actions, and decides from the seat's view alone."""

from __future__ import annotations

import random

import pytest

from engine.ai import LEVELS, Player, make_player
from tests.engine.ai.helpers import positions, twin

RULE_LEVELS = ("random", "easy", "normal-v1", "normal")
CASES = [("smear", 2), ("smear", 3), ("salad", 3), ("salad", 4), ("salad", 5), ("salad", 6)]


def _player(game: str, level: str) -> Player:
    # A tiny iteration budget keeps the search fast in tests (no timing is asserted).
    return make_player(game, level, iterations=2)


@pytest.mark.parametrize("game,seats", CASES)
def test_rule_levels_only_play_legal_actions(game: str, seats: int) -> None:
    players = {level: _player(game, level) for level in RULE_LEVELS}
    rng = random.Random(0)
    checked = 0
    for seed in range(8):
        for st in positions(game, seats, 100 + seed):
            seat = st.current_player
            assert seat is not None
            view = st.view(seat)
            legal = set(st.legal_actions())
            for player in players.values():
                assert player.choose(view, rng) in legal
            checked += 1
    assert checked >= 1000


@pytest.mark.parametrize("level", ["hard", "expert-v1", "expert"])
@pytest.mark.parametrize("game,seats", CASES)
def test_search_levels_only_play_legal_actions(game: str, seats: int, level: str) -> None:
    player = _player(game, level)
    rng = random.Random(1)
    checked = 0
    for seed in range(3):
        for i, st in enumerate(positions(game, seats, 200 + seed)):
            if i % 3:
                continue
            seat = st.current_player
            assert seat is not None
            assert player.choose(st.view(seat), rng) in set(st.legal_actions())
            checked += 1
    assert checked >= 100


def _players_whole_game(game: str, seats: int, level: str, seed: int) -> None:
    from engine.record import new_game

    st = new_game(game, seats, seed)
    players = [_player(game, level) for _ in range(seats)]
    rng = random.Random(seed)
    for _ in range(2000):
        if st.is_over:
            break
        seat = st.current_player
        assert seat is not None
        st.apply(players[seat].choose(st.view(seat), rng), seat)


@pytest.mark.parametrize("level", ["easy", "normal-v1", "normal"])
@pytest.mark.parametrize("game,seats", CASES)
def test_rule_levels_play_whole_games(game: str, seats: int, level: str) -> None:
    for seed in range(3):
        _players_whole_game(game, seats, level, seed)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("game,seats", [("smear", 3), ("smear", 2), ("salad", 4), ("salad", 3)])
def test_no_peeking(game: str, seats: int, level: str) -> None:
    """Two deals that look the same from the seat to act give the same decision with the
    same seed: the hidden cards cannot influence it (G2)."""
    player = _player(game, level)
    compared = 0
    for seed in range(3):
        for i, st in enumerate(positions(game, seats, 300 + seed, 150)):
            if i % 4:
                continue
            other = twin(st, seed * 1000 + i)
            if other is None:
                continue
            seat = st.current_player
            assert seat is not None
            view_a, view_b = st.view(seat), other.view(seat)
            assert view_a == view_b
            assert st.hands != other.hands or getattr(st, "dealt", 0) != getattr(other, "dealt", 0)
            a = player.choose(view_a, random.Random(i))
            b = player.choose(view_b, random.Random(i))
            assert a == b
            compared += 1
    assert compared >= 20
