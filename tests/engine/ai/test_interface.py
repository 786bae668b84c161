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


def test_the_expert_is_the_weighted_search_with_hards_bids_in_smear() -> None:
    """Issue 33: Smear's weighted search lost to Hard at the shipped budgets and the loss was in
    its bids, so Smear's Expert is the weighted search at the Expert's budget with Hard's bid
    search (``hard_bids``); Salad's Expert is the weighted search, which leads Normal there."""
    from engine.ai.expert import ExpertPlayer
    from engine.levels import SEARCH_BUDGET_MS

    smear = make_player("smear", "expert", budget_ms=SEARCH_BUDGET_MS["expert"])
    assert isinstance(smear, ExpertPlayer) and smear.budget_ms == 250.0 and smear.hard_bids
    assert SEARCH_BUDGET_MS["expert"] > SEARCH_BUDGET_MS["hard"]
    salad = make_player("salad", "expert")
    assert isinstance(salad, ExpertPlayer) and not salad.hard_bids
    reference = make_player("smear", "expert-v1")
    assert isinstance(reference, ExpertPlayer) and not reference.hard_bids
