"""The public interface: make_player, LEVELS, and legal actions from a view."""

from __future__ import annotations

import random

import pytest

from engine.ai import LEVELS, TABLE_LEVELS, make_player
from engine.record import new_game


def test_levels() -> None:
    assert LEVELS == ("random", "easy", "normal-v1", "normal", "hard", "expert-v1", "expert")
    # normal-v1 and expert-v1 are the arena's references, never seated at a table.
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


def test_smears_expert_is_hards_search_and_salads_the_weighted_one() -> None:
    """Issue 33: Smear's weighted search lost to Hard at the shipped budgets, so the Expert
    name goes to Hard's search at the Expert's budget (a monotonic ladder); Salad's Expert is
    the weighted search, which leads Normal there."""
    from engine.ai.expert import ExpertPlayer
    from engine.ai.hard import HardPlayer
    from engine.levels import SEARCH_BUDGET_MS

    smear = make_player("smear", "expert", budget_ms=SEARCH_BUDGET_MS["expert"])
    assert isinstance(smear, HardPlayer) and smear.budget_ms == 250.0
    assert SEARCH_BUDGET_MS["expert"] > SEARCH_BUDGET_MS["hard"]
    assert isinstance(make_player("salad", "expert"), ExpertPlayer)
    assert isinstance(make_player("smear", "expert-v1"), ExpertPlayer)
