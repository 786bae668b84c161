"""The one place the bot asks a computer player for a move.

``engine.ai.make_player`` may search for a while at the "hard" level, so it runs in a worker
thread and never blocks the event loop. Should a player fail or return an illegal action, a
random legal action is played instead, so a game never stalls.
"""

from __future__ import annotations

import asyncio
import logging
import random

from engine.ai import LEVELS, make_player
from engine.salad import SaladView
from engine.smear import SmearView

log = logging.getLogger("trickbot.ai")

__all__ = ["LEVELS", "choose"]


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
    if level == "random":  # instant: no thread hop needed
        return _choose_sync(game, level, view, rng)
    return await asyncio.to_thread(_choose_sync, game, level, view, rng)
