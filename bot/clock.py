"""The time of day the bot goes by: the system's, unless the running event loop keeps a wall
clock of its own (a test's loop on virtual time, ``sandbox.virtual_time``, where a game's hours
pass in milliseconds and turn timers, lobby expiry, the age of an interaction and the loop's
timers must all agree)."""

from __future__ import annotations

import asyncio
import time


def wall_time() -> float:
    """Seconds since the epoch (see the module's docstring)."""
    try:
        own = getattr(asyncio.get_running_loop(), "wall", None)
    except RuntimeError:
        return time.time()
    return time.time() if own is None else float(own())
