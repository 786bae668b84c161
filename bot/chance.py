"""The chance the bot goes by: new tables' deals are drawn from the system's secure source,
unless the running event loop draws a world's chance from a seed of its own (a simulated
game on virtual time, ``sandbox.virtual_time``, which one seed must replay exactly)."""

from __future__ import annotations

import asyncio
import random
import secrets

DEAL_SEED_BITS = 62  # a deal's seed fits a signed 64-bit column with room to spare


def deal_seed() -> int:
    """The seed of a new table's deals (see the module's docstring)."""
    try:
        seeded = getattr(asyncio.get_running_loop(), "chance", None)
    except RuntimeError:
        seeded = None
    if isinstance(seeded, random.Random):
        return seeded.getrandbits(DEAL_SEED_BITS)
    return secrets.randbits(DEAL_SEED_BITS)
