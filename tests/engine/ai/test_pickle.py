"""Views and players pickle, so the bot may run ``choose`` in a worker process: a round trip
through pickle gives the same view and the same decision."""

from __future__ import annotations

import pickle
import random

import pytest

from engine.ai import LEVELS, make_player
from tests.engine.ai.helpers import positions


@pytest.mark.parametrize("game,seats", [("smear", 3), ("salad", 4)])
@pytest.mark.parametrize("level", LEVELS)
def test_a_pickled_view_and_player_decide_the_same(game: str, seats: int, level: str) -> None:
    player = make_player(game, level, iterations=3)
    compared = 0
    for i, st in enumerate(positions(game, seats, 17, 60)):
        if i % 6:
            continue
        seat = st.current_player
        assert seat is not None
        view = st.view(seat)
        view_back = pickle.loads(pickle.dumps(view))
        player_back = pickle.loads(pickle.dumps(player))
        assert view_back == view
        rng = random.Random(i)
        rng_back = pickle.loads(pickle.dumps(rng))
        assert player_back.choose(view_back, rng_back) == player.choose(view, rng)
        compared += 1
    assert compared >= 5
