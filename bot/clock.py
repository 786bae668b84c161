"""The time of day the bot goes by: the system's, unless the running event loop keeps a wall
clock of its own (a test's loop on virtual time, ``sandbox.virtual_time``, where a game's hours
pass in milliseconds and turn timers, lobby expiry, the age of an interaction and the loop's
timers must all agree)."""

from __future__ import annotations

import asyncio
import time

# Whether a kind of event loop keeps its own wall clock, asked once per kind: looking for a
# missing attribute costs an exception each time, and the feed asks the time on every send.
_KEEPS_WALL: dict[type, bool] = {}


def wall_time() -> float:
    """Seconds since the epoch (see the module's docstring)."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return time.time()
    kind = type(loop)
    keeps = _KEEPS_WALL.get(kind)
    if keeps is None:
        keeps = _KEEPS_WALL[kind] = callable(getattr(loop, "wall", None))
    return float(loop.wall()) if keeps else time.time()  # type: ignore[attr-defined]
