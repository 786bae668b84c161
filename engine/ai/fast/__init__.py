"""The computer players' search, compiled: the Smear and Salad rules, the ``normal`` players'
moves, the deals of the unseen cards, the likelihoods of what the others did, the exact Smear
endgame and the search's inner loop, as kernels numba compiles (``jit``), or the same source
interpreted where it cannot. ``warm_up`` loads (or compiles) them ahead of a first decision.
"""

from __future__ import annotations

_warm: list[bool] = []


def warm_up() -> None:
    """Run each game's search once on a small position, so that every kernel is compiled (or
    loaded from the disk cache) now rather than in the middle of a timed decision. Once a
    process."""
    if _warm:
        return
    _warm.append(True)
    import random

    from engine.ai.expert import ExpertPlayer
    from engine.record import new_game

    for game, seats in (("smear", 3), ("salad", 4)):
        state = new_game(game, seats, 1)
        seat = state.current_player
        assert seat is not None
        ExpertPlayer(game, iterations=2).analyse(state.view(seat), random.Random(0))


__all__ = ["warm_up"]
