"""Random-playout throughput of the fast path, the ceiling on the computer players' search.

A benchmark prints numbers; nothing here asserts a time.
"""

from __future__ import annotations

import random
import statistics
import time

from engine.core import Phase
from engine.salad import SaladState
from engine.smear import SmearState


def smear_hands_per_second(hands: int, seed: int) -> float:
    """Complete 3-seat Smear hands (deal, bid, play, score) per second, one core."""
    rng = random.Random(seed)
    game = seed
    state = SmearState(3, seed=game, keep_log=False)
    done = 0
    start = time.perf_counter()
    while done < hands:
        before = len(state.results)
        state.playout_hand(rng)
        # A passed-out deal is not a hand played; its time still counts.
        done += state.results[-1].bidder is not None if len(state.results) > before else 0
        if state.phase == Phase.OVER:
            game += 1
            state = SmearState(3, seed=game, keep_log=False)
    return hands / (time.perf_counter() - start)


def salad_hands_per_second(hands: int, seed: int) -> float:
    """Complete 4-seat Salad hands (deal, play, score) per second, one core."""
    rng = random.Random(seed)
    game = seed
    state = SaladState(4, seed=game, keep_log=False)
    start = time.perf_counter()
    for _ in range(hands):
        state.playout_hand(rng)
        if state.phase == Phase.OVER:
            game += 1
            state = SaladState(4, seed=game, keep_log=False)
    return hands / (time.perf_counter() - start)


def run(runs: int = 7, smear_hands: int = 20_000, salad_hands: int = 4_000) -> dict[str, float]:
    smear = [smear_hands_per_second(smear_hands, 1000 + r) for r in range(runs)]
    salad = [salad_hands_per_second(salad_hands, 2000 + r) for r in range(runs)]
    return {
        "smear_3_seat_hands_per_s": statistics.median(smear),
        "salad_4_seat_hands_per_s": statistics.median(salad),
        "smear_min": min(smear),
        "smear_max": max(smear),
        "salad_min": min(salad),
        "salad_max": max(salad),
        "runs": runs,
    }
