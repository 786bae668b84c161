"""The public interface: make_player, LEVELS, and legal actions from a view."""

from __future__ import annotations

import random

import pytest

from engine.ai import LEVELS, TABLE_LEVELS, make_player
from engine.record import new_game


def test_levels() -> None:
    assert LEVELS == ("random", "easy", "normal-v1", "normal", "hard", "expert")
    # normal-v1 is the arena's fixed reference, never seated at a table.
    assert TABLE_LEVELS == ("random", "easy", "normal", "hard", "expert")


def test_unknown_game_or_level() -> None:
    with pytest.raises(ValueError):
        make_player("poker", "easy")
    with pytest.raises(ValueError):
        make_player("smear", "grandmaster")


@pytest.mark.parametrize("game,seats", [("smear", 3), ("salad", 4)])
def test_random_plays_a_whole_game(game: str, seats: int) -> None:
    state = new_game(game, seats, seed=5)
    player = make_player(game, "random")
    rng = random.Random(1)
    for _ in range(5000):
        if state.is_over:
            break
        seat = state.current_player
        assert seat is not None
        action = player.choose(state.view(seat), rng)
        state.apply(action, seat)
