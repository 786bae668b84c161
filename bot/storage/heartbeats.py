"""Heartbeats: each owner of tables says, every few seconds, that it is alive and how it is doing.

The next owner of a table reads when its last owner was last alive (a turn timer does not count
the downtime against the player), and ``python -m bot status`` shows an operator each owner's
status.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.storage.database import Database

# Seconds between two heartbeats of an owner. A turn resumed after a crash counts the time from
# its owner's last heartbeat as downtime, so a player may gain up to this much of a turn (which
# resumes with at least 30 s anyway). Losing the database is noticed at once without it (the
# writer's connection closing), and so is a click's failed save: a heartbeat a second would be a
# write a second per process for nothing else, and in simulated time a wake of the clock each.
BEAT_SECONDS = 5.0
# ``python -m bot status`` calls an owner running while its last heartbeat is younger than this
# (a busy process may beat late).
ALIVE_WITHIN = 3 * BEAT_SECONDS


class Heartbeats:
    """Each owner says when it was last alive, and its status (``python -m bot status``)."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def beat(self, owners: Sequence[str], now: float, status: str) -> None:
        """We are alive (``status``: what an operator sees with ``python -m bot status``)."""
        await self.db.write(
            [
                (
                    "INSERT INTO heartbeats (owner, alive_at, status) VALUES (?, ?, ?)"
                    " ON CONFLICT (owner) DO UPDATE SET alive_at = excluded.alive_at,"
                    " status = excluded.status",
                    (owner, now, status),
                )
                for owner in owners
            ]
        )

    async def all(self) -> dict[str, tuple[float, str]]:
        """Every owner's last heartbeat: (when, status)."""
        rows = await self.db.fetchall("SELECT owner, alive_at, status FROM heartbeats")
        return {str(r[0]): (float(r[1]), str(r[2])) for r in rows}
