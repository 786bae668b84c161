"""Throughput: random playouts of the engine's fast path, and the computer players' search
deals, compiled and interpreted (``engine.ai.fast``).

A benchmark prints numbers; nothing here asserts a time.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import time
from typing import Any

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


# ----------------------------------------------------------------------------- search deals
# The search's inner loop, per deal: deal the unseen cards, weigh the deal by the bids and the
# cards seen, play the hand out (the ``normal`` rules, then the exact endgame in Smear) and
# measure it; one arm, the ``normal`` rules' move. The positions are every decision with a
# choice in games of ``normal`` players, the same for both kernels.


def search_positions(game: str, seats: int, games: int, seed: int) -> list[Any]:
    """The views of every decision with more than one legal action in ``games`` games of
    ``normal`` players."""
    from engine.ai import make_player
    from engine.record import new_game

    views = []
    player = make_player(game, "normal")
    rng = random.Random(seed)
    for g in range(games):
        state = new_game(game, seats, seed + g)
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            view = state.view(seat)
            if len(view.legal) > 1:
                views.append(view)
            state.apply(player.choose(view, rng), seat)
    return views


def search_deals_per_second(game: str, seats: int, deals: int, seed: int) -> float:
    """Search deals per second of CPU on this process's kernels (compiled or not, as
    ``engine.ai.fast.jit.JIT`` says), ``deals`` deals at each position."""
    from engine.ai.fast.warm import play_deals

    views = search_positions(game, seats, 3, seed)
    rng = random.Random(seed)
    play_deals(views[0], deals, rng)  # untimed: compiles the kernels (or loads them)
    spent = 0.0
    for view in views:
        t0 = time.process_time()
        play_deals(view, deals, rng)
        spent += time.process_time() - t0
    return deals * len(views) / spent


def search_figures(deals: int, seed: int = 3) -> dict[str, float]:
    """Search deals per second of CPU for Smear (3 seats) and Salad (4 seats)."""
    return {
        "smear": search_deals_per_second("smear", 3, deals, seed),
        "salad": search_deals_per_second("salad", 4, deals, seed),
    }


def interpreted_search_figures(deals: int, seed: int = 3) -> dict[str, float]:
    """``search_figures`` with the kernels interpreted (``TRICKBOT_JIT=0``), in a child process,
    since a process compiles its kernels or not when it first imports them."""
    code = (
        "import json, sys; from engine.bench import search_figures;"
        f" print(json.dumps(search_figures({deals}, {seed})))"
    )
    env = {**os.environ, "TRICKBOT_JIT": "0"}
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    figures: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return figures
