"""The live tables in memory, and the one way to act on a table: ``locked``.

``locked`` finds the table, takes its lock, checks it again (it may have closed while we
waited), checks that the click came from the table's own server and channel, and that the
table is in an expected state. If anything inside fails (a refusal, a failed save), the table
is put back exactly as it was, seats and all.

A table that is not here is not necessarily closed: this process may be starting up (or waiting
to own its tables), or the table belongs to another process. The database says which, and the
person is told the truth: closed only if it is.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator
from typing import Protocol

from bot.model import LIVE, LOBBY, PLAYING, Place, Refusal, Table, TableSnapshot
from bot.storage import OwnershipLost, StorageError, StorageLost, StorageUnavailable

log = logging.getLogger("trickbot.tables")

STARTING_UP = "refusal-starting-up"
DATABASE_BUSY = "refusal-database-busy"


# What a table in another state than an action expects says.
UNEXPECTED = {PLAYING: "refusal-already-started", LOBBY: "refusal-not-started"}


def _not_saved(t: Table, e: StorageError) -> Refusal:
    """What the person is told when their change could not be saved (it was undone)."""
    if isinstance(e, StorageLost):
        log.error("table=%s %s", t.id, e)
        return Refusal("refusal-storage-lost")
    if isinstance(e, OwnershipLost):
        return Refusal(STARTING_UP)
    if isinstance(e, StorageUnavailable):
        log.warning("table=%s not saved: %s", t.id, e)
        return Refusal(DATABASE_BUSY)
    log.error("table=%s could not save: %s", t.id, e)
    return Refusal("refusal-not-saved")


class Stored(Protocol):
    """What the registry asks the database about tables it does not hold
    (``bot.storage.tables.TableStore``)."""

    async def table_status(self, table_id: int) -> str | None: ...

    async def live_table_in_channel(self, channel_id: int) -> int | None: ...


class Registry:
    def __init__(self, stored: Stored) -> None:
        self.tables: dict[int, Table] = {}
        self.stopping = False  # a graceful stop is under way: no new actions
        # Why no table can be acted on now (a refusal's key), e.g. while this process loads
        # its tables or waits to own them; None once they are driven here.
        self.unavailable: str | None = None
        self._stored = stored
        self._snapshots: dict[int, TableSnapshot] = {}  # of tables being changed, as last saved

    def add(self, t: Table) -> None:
        self.tables[t.id] = t

    def remove(self, t: Table) -> None:
        self.tables.pop(t.id, None)

    def clear(self) -> None:
        self.tables.clear()

    def get(self, table_id: int) -> Table | None:
        t = self.tables.get(table_id)
        return t if t is not None and t.live else None

    def in_channel(self, channel_id: int) -> list[Table]:
        """The live tables opened in a channel or playing in it (a thread), oldest first. A
        channel holds several when each plays in its own thread. (A scan: commands are rare
        next to clicks, and a click names its table.)"""
        return [
            t for t in self.tables.values() if t.live and channel_id in (t.channel_id, t.thread_id)
        ]

    def playing_in(self, channel_id: int) -> Table | None:
        """The live table whose game is (or will be) played in the channel itself: one at
        most, as messages of two games in one channel would mix."""
        for t in self.in_channel(channel_id):
            if t.play_channel_id == channel_id and not t.settings.get("thread"):
                return t
        return None

    def of_thread(self, thread_id: int) -> Table | None:
        for t in self.tables.values():
            if t.live and t.thread_id == thread_id:
                return t
        return None

    def threads_in_guild(self, guild_id: int) -> int:
        """How many live games of the server play in a thread of their own (each an active
        thread: a finished game's is archived)."""
        return sum(1 for t in self.in_guild(guild_id) if t.thread_id is not None)

    def in_guild(self, guild_id: int) -> list[Table]:
        return [t for t in self.tables.values() if t.guild_id == guild_id and t.live]

    def _found(self, table_id: int, place: Place | None) -> Table | None:
        """The table if it is driven here (None if not: ask ``missing`` why)."""
        if self.stopping:
            raise Refusal("refusal-restarting")
        if self.unavailable is not None:
            raise Refusal(self.unavailable)
        t = self.get(table_id)
        if t is not None and place is not None and not t.reached_from(place):
            raise Refusal("refusal-wrong-channel")
        return t

    async def missing(self, table_id: int) -> Refusal:
        """Why a table is not here: closed only if the database says so."""
        try:
            status = await self._stored.table_status(table_id)
        except StorageError:
            return Refusal(DATABASE_BUSY)
        if status in LIVE:
            return Refusal(STARTING_UP)  # not (yet) driven by this process
        return Refusal("refusal-table-closed")

    async def missing_in_channel(self, channel_id: int) -> Refusal:
        """Why a channel has no table here: none at all, or one not (yet) driven here."""
        try:
            elsewhere = await self._stored.live_table_in_channel(channel_id)
        except StorageError:
            return Refusal(DATABASE_BUSY)
        return Refusal("refusal-no-table" if elsewhere is None else STARTING_UP)

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
        t = await self._checked(table_id, place)
        async with t.lock:
            t = await self._checked(table_id, place)
            if statuses and t.status not in statuses:
                raise Refusal(UNEXPECTED.get(t.status, "refusal-table-closed"))
            if mutate:
                self._snapshots[t.id] = t.snapshot()
            try:
                yield t
            except BaseException as e:
                snapshot = self._snapshots.get(t.id)
                if snapshot is not None:
                    t.restore(snapshot)
                if isinstance(e, StorageError):
                    raise _not_saved(t, e) from None
                raise
            finally:
                self._snapshots.pop(t.id, None)

    async def _checked(self, table_id: int, place: Place | None) -> Table:
        t = self._found(table_id, place)
        if t is None:
            raise await self.missing(table_id)
        return t

    def committed(self, t: Table) -> None:
        """A change inside ``locked`` was saved: a later failure goes back to here, not to
        before it."""
        if t.id in self._snapshots:
            self._snapshots[t.id] = t.snapshot()
