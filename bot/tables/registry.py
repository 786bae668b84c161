"""The live tables in memory, and the one way to act on a table: ``locked``.

``locked`` finds the table, takes its lock, checks it again (it may have closed while we
waited), checks that the click came from the table's own server and channel, and that the
table is in an expected state. If anything inside fails (a refusal, a failed save), the table
is put back exactly as it was, seats and all.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator

from bot.model import LOBBY, PLAYING, Place, Refusal, Table, TableSnapshot
from bot.storage import StorageError, StorageLost

log = logging.getLogger("trickbot.tables")


class Registry:
    def __init__(self) -> None:
        self.tables: dict[int, Table] = {}
        self.by_channel: dict[int, int] = {}
        self.stopping = False  # a graceful stop is under way: no new actions
        self._snapshots: dict[int, TableSnapshot] = {}  # of tables being changed, as last saved

    def add(self, t: Table) -> None:
        self.tables[t.id] = t
        self.by_channel[t.channel_id] = t.id

    def remove(self, t: Table) -> None:
        self.tables.pop(t.id, None)
        if self.by_channel.get(t.channel_id) == t.id:
            del self.by_channel[t.channel_id]

    def get(self, table_id: int) -> Table | None:
        t = self.tables.get(table_id)
        return t if t is not None and t.live else None

    def in_channel(self, channel_id: int) -> Table | None:
        tid = self.by_channel.get(channel_id)
        return None if tid is None else self.get(tid)

    def in_guild(self, guild_id: int) -> list[Table]:
        return [t for t in self.tables.values() if t.guild_id == guild_id and t.live]

    def _found(self, table_id: int, place: Place | None) -> Table:
        if self.stopping:
            raise Refusal("refusal-restarting")
        t = self.get(table_id)
        if t is None:
            raise Refusal("refusal-table-closed")
        if place is not None and t.place != place:
            raise Refusal("refusal-wrong-channel")
        return t

    @contextlib.asynccontextmanager
    async def locked(
        self,
        table_id: int,
        place: Place | None,
        *statuses: str,
        mutate: bool = True,
    ) -> AsyncIterator[Table]:
        """The table, locked and checked. ``statuses``: the states the action expects
        (refused politely otherwise). ``mutate``: the action may change the table, so it is
        put back as it was if anything inside fails."""
        t = self._found(table_id, place)
        async with t.lock:
            t = self._found(table_id, place)
            if statuses and t.status not in statuses:
                if t.status == PLAYING:
                    raise Refusal("refusal-already-started")
                if t.status == LOBBY:
                    raise Refusal("refusal-not-started")
                raise Refusal("refusal-table-closed")
            if mutate:
                self._snapshots[t.id] = t.snapshot()
            try:
                yield t
            except BaseException as e:
                snapshot = self._snapshots.get(t.id)
                if snapshot is not None:
                    t.restore(snapshot)
                if isinstance(e, StorageLost):
                    log.error("table=%s %s", t.id, e)
                    raise Refusal("refusal-storage-lost") from None
                if isinstance(e, StorageError):
                    log.error("table=%s could not save: %s", t.id, e)
                    raise Refusal("refusal-not-saved") from None
                raise
            finally:
                self._snapshots.pop(t.id, None)

    def committed(self, t: Table) -> None:
        """A change inside ``locked`` was saved: a later failure goes back to here, not to
        before it."""
        if t.id in self._snapshots:
            self._snapshots[t.id] = t.snapshot()
