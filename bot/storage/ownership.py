"""Which process drives which tables: ownership that dies with its process.

A table is driven by exactly one process: the one that owns its server's shard. Ownership is a
lock the operating system or the database server releases by itself when the process dies, so a
restarted process takes its tables back at once instead of waiting for a lease to run out:

- SQLite: one process owns the database file (an exclusive ``flock`` on ``<file>.lock``, held
  for as long as the database is open). A second process started on the same file refuses to
  start with one sentence.
- PostgreSQL: the process's writing connection holds a session-level advisory lock per shard
  (the server releases it when that connection drops, with the process or otherwise). Every
  write goes through that connection, so a process that lost its locks cannot write a table
  another process now drives.

Each owner also writes a heartbeat (``heartbeats``: when it was last alive, and its status), so
the next owner knows how long its tables were left alone: a turn timer does not count the
downtime against the player.
"""

from __future__ import annotations

import contextlib
import os
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from bot.storage.errors import StorageError

# Advisory-lock keys (PostgreSQL's two-integer key space): one for "every server" and one per
# shard. An unsharded process takes the first exclusively; a sharded one takes it shared (so it
# never runs beside an unsharded one) and its own shards' keys exclusively.
LOCK_EVERYTHING = 0x7472_6B61  # "trka"
LOCK_SHARD = 0x7472_6B73  # "trks"
EVERYTHING = "all servers"


@dataclass(frozen=True)
class Shards:
    """The Discord shards a process serves: a server belongs to shard
    ``(guild_id >> 22) % count``. No count: every server."""

    count: int | None = None
    ids: tuple[int, ...] = ()

    def serves(self, guild_id: int) -> bool:
        return self.count is None or (guild_id >> 22) % self.count in self.ids

    def sql(self) -> tuple[str, tuple[int, ...]]:
        """An SQL condition on ``guild_id`` for our servers, and its parameters."""
        if self.count is None:
            return "1 = 1", ()
        marks = ", ".join("?" for _ in self.ids)
        return f"((guild_id / 4194304) % ?) IN ({marks})", (self.count, *self.ids)

    def owner_of(self, guild_id: int) -> str:
        """The name the owner of this server's tables beats its heart under."""
        if self.count is None:
            return EVERYTHING
        return shard_name((guild_id >> 22) % self.count, self.count)

    @property
    def owners(self) -> tuple[str, ...]:
        """Every name this process beats its heart under."""
        if self.count is None:
            return (EVERYTHING,)
        return tuple(shard_name(i, self.count) for i in self.ids)

    def advisory_locks(self) -> list[tuple[bool, int, int]]:
        """(shared, class, key) of every PostgreSQL advisory lock that makes us the owner."""
        if self.count is None:
            return [(False, LOCK_EVERYTHING, 0)]
        return [(True, LOCK_EVERYTHING, 0), *((False, LOCK_SHARD, i) for i in self.ids)]

    def describe(self) -> str:
        if self.count is None:
            return "every server"
        return ", ".join(shard_name(i, self.count) for i in self.ids)


def shard_name(shard: int, count: int) -> str:
    return f"shard {shard} of {count}"


class FileOwner:
    """One process owns a SQLite database file: an exclusive lock on ``<file>.lock`` that the
    operating system releases when the process ends, however it ends."""

    def __init__(self, database: Path) -> None:
        self.path = database.with_name(database.name + ".lock")
        self._file: IO[str] | None = None

    def take(self) -> None:
        """Own the file, or raise StorageError with one sentence saying who does."""
        try:
            import fcntl
        except ImportError:  # not a POSIX system: one process is the operator's promise
            return
        handle = self.path.open("a+", encoding="utf-8")
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            handle.seek(0)
            holder = handle.read().strip() or "another process"
            handle.close()
            raise StorageError(
                f"The database file {self.path.with_suffix('')} is in use by another bot "
                f"process ({holder}): stop it first. One process owns a SQLite file; to run "
                "several, use PostgreSQL (DATABASE_URL)."
            ) from None
        handle.seek(0)
        handle.truncate()
        handle.write(f"process {os.getpid()}")
        handle.flush()
        self._file = handle

    def release(self) -> None:
        if self._file is not None:
            with contextlib.suppress(OSError):
                self._file.close()  # closing the file releases the lock
            self._file = None
