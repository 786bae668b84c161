"""The one place the bot asks a computer player for a move.

``engine.ai.make_player`` may search for a while at the "hard" level, so that runs in a worker
thread and never blocks the event loop. The other levels answer in microseconds, far less than
a thread hop (and the GIL hand-offs it causes) costs, so they run inline; should one of them
ever take longer than ``INLINE_LIMIT``, that game and level move to the thread from then on.

Should a player fail or return an illegal action, a random legal action is played instead, so
a game never stalls.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time

from engine.ai import LEVELS, make_player
from engine.salad import SaladView
from engine.smear import SmearView

log = logging.getLogger("trickbot.ai")

__all__ = ["LEVELS", "choose"]

INLINE_LIMIT = 0.002  # seconds: slower than this and a level is moved to a worker thread
_threaded: set[tuple[str, str]] = {("smear", "hard"), ("salad", "hard")}


def _choose_sync(game: str, level: str, view: SmearView | SaladView, rng: random.Random) -> int:
    try:
        action = make_player(game, level).choose(view, rng)
    except Exception:
        log.exception("computer player %s/%s failed; playing a random legal action", game, level)
        return rng.choice(view.legal)
    if action not in view.legal:
        log.error("computer player %s/%s chose an illegal action; playing randomly", game, level)
        return rng.choice(view.legal)
    return action


async def choose(game: str, level: str, view: SmearView | SaladView, rng: random.Random) -> int:
    key = (game, level)
    if key in _threaded:
        return await asyncio.to_thread(_choose_sync, game, level, view, rng)
    started = time.perf_counter()
    action = _choose_sync(game, level, view, rng)
    if time.perf_counter() - started > INLINE_LIMIT:
        _threaded.add(key)
        log.info("computer player %s/%s is slow; it runs in a worker thread from now on", *key)
    return action
