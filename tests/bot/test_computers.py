"""The computer players' pool: searches never stand between a click and its answer."""

from __future__ import annotations

import os

import pytest

from bot.computers import WORKER_NICENESS, ComputerPlayers
from engine.record import new_game


@pytest.mark.skipif(not hasattr(os, "nice"), reason="no process priorities on this system")
async def test_searches_run_below_the_bots_own_priority() -> None:
    players = ComputerPlayers(workers=1)
    try:
        mine = os.nice(0)
        worker = await players._in_pool(os.nice, 0)
        assert worker >= min(19, mine + WORKER_NICENESS), (mine, worker)
    finally:
        players.close()


async def test_a_searching_level_moves_legally_from_the_pool() -> None:
    players = ComputerPlayers(workers=1)
    try:
        state = new_game("smear", 3, 5)
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        action = await players.choose("smear", "expert", view, seed=1)
        assert action in view.legal
    finally:
        players.close()
