"""Whole games played with random legal moves: for ``simulate``, tests and examples."""

from __future__ import annotations

import random

from engine.core import PASS, Phase
from engine.record import GameState, new_game
from engine.smear import SmearState

# A game of uniformly random Smear bids often never ends: bidders who bid 4 at random are set
# again and again and every score drifts below zero. So the random bidder passes or makes the
# lowest legal bid, each half the time; cards are always uniformly random among the legal ones.
PASS_PROBABILITY = 0.5
MAX_HANDS = 10_000


def random_action(state: GameState, rng: random.Random) -> int:
    legal = state.legal_actions()
    if isinstance(state, SmearState) and state.phase == Phase.BID:
        bids = [a for a in legal if a != PASS]
        if not bids or (PASS in legal and rng.random() < PASS_PROBABILITY):
            return PASS
        return min(bids)
    return rng.choice(legal)


def simulate(
    game: str, seats: int, seed: int, options: dict[str, object] | None = None
) -> GameState:
    """Play a whole seeded game with random legal moves (G1: the same seed, the same game)."""
    state = new_game(game, seats, seed, options)
    rng = random.Random(seed ^ 0x5EED)
    while state.phase != Phase.OVER and len(state.results) < MAX_HANDS:
        state.apply(random_action(state, rng))
    return state
