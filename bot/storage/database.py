"""The database connection behind ``Storage``: one interface, and SQLite through aiosqlite.

SQL is written once, with ``?`` placeholders, in the dialect SQLite and PostgreSQL share; a
backend runs it. Writes are group-committed: the writes queued while a transaction is being
committed go out together in the next one, so many tables' moves cost one commit. A write is
a list of statements that commit together or not at all; ``write`` returns once they are
committed and raises ``StorageError`` if they were not (a failed batch is retried write by
write, so one bad write never sinks the others).

Reads go through their own connection, so a write that waits for a lock (another program
holding the database, a slow disk) never holds up a leaderboard.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import logging
import os
import sqlite3
from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Callable, Sequence
from pathlib import Path
from typing import Any

import aiosqlite

from bot.storage.errors import (
    ChannelTaken,
    StorageError,
    StorageLost,
    StorageUnavailable,
    too_new,
)
from bot.storage.ownership import FileOwner, Shards
from bot.storage.schema import LATEST, MIGRATIONS, Migration

log = logging.getLogger("trickbot.storage")

Statement = tuple[str, tuple[Any, ...]]
Row = tuple[Any, ...]


class Transaction(ABC):
    """Statements inside one open transaction (reads see its own writes)."""

    @abstractmethod
    async def execute(self, sql: str, params: tuple[Any, ...] = ()) -> None: ...

    @abstractmethod
    async def fetchall(self, sql: str, params: tuple[Any, ...] = ()) -> list[Row]: ...

    async def fetchone(self, sql: str, params: tuple[Any, ...] = ()) -> Row | None:
        rows = await self.fetchall(sql, params)
        return rows[0] if rows else None


class Database(ABC):
    """What ``Storage`` needs of a database backend. Writes are group-committed here; a
    backend commits one batch (``_commit``)."""

    dialect: str
    where: str  # the file or server, for messages

    def __init__(self) -> None:
        self._batch: list[tuple[Sequence[Statement], asyncio.Future[None]]] = []
        self._flusher: asyncio.Task[None] | None = None
        self.owned = True  # this process may write its tables (see ``take``)
        self._ownership_listeners: list[Callable[[bool], None]] = []

    # ------------------------------------------------------------------ ownership

    async def take(self, shards: Shards) -> bool:
        """Become the one process that drives the tables of ``shards``; False if another
        process does (then try again later). A backend whose ownership cannot be lost while
        it is open (a SQLite file, owned since it was opened) always says True."""
        return True

    def on_ownership(self, listener: Callable[[bool], None]) -> None:
        """``listener(owned)`` is called when ownership is lost (the database went away, or
        our lock with it) and when it is taken again."""
        self._ownership_listeners.append(listener)

    def _owned(self, owned: bool) -> None:
        if owned == self.owned:
            return
        self.owned = owned
        for listener in list(self._ownership_listeners):
            listener(owned)

    @abstractmethod
    async def fetchall(self, sql: str, params: tuple[Any, ...] = ()) -> list[Row]: ...

    async def fetchone(self, sql: str, params: tuple[Any, ...] = ()) -> Row | None:
        rows = await self.fetchall(sql, params)
        return rows[0] if rows else None

    async def write(self, statements: Sequence[Statement]) -> None:
        """Commit these statements together (group-committed with other writes); raises
        StorageError if they were not committed."""
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._batch.append((statements, fut))
        if self._flusher is None:
            self._flusher = asyncio.create_task(self._flush())
        await fut

    async def _flush(self) -> None:
        try:
            while self._batch:
                batch, self._batch = self._batch, []
                try:
                    await self._commit([s for statements, _ in batch for s in statements])
                except StorageUnavailable as e:  # nothing can be written now: none of these
                    for _, fut in batch:
                        _settle(fut, e)
                except Exception:
                    for statements, fut in batch:  # one by one: only the bad write fails
                        try:
                            await self._commit(statements)
                        except Exception as e:
                            _settle(fut, e)
                        else:
                            _settle(fut, None)
                else:
                    for _, fut in batch:
                        _settle(fut, None)
        finally:
            self._flusher = None
            for _, fut in self._batch:  # cancelled meanwhile: nothing of these was written
                _settle(fut, StorageError("the database is closing"))
            self._batch = []

    @abstractmethod
    async def _commit(self, statements: Sequence[Statement]) -> None:
        """Run these statements in one transaction."""

    async def _drain(self) -> None:
        """The writes queued so far are done (before closing)."""
        if self._flusher is not None:
            with contextlib.suppress(Exception):
                await self._flusher

    @abstractmethod
    def transaction(self) -> contextlib.AbstractAsyncContextManager[Transaction]:
        """A transaction of its own, for a read-modify-write (a game's result and ratings)."""

    @abstractmethod
    async def close(self) -> None: ...


# ============================================================================ SQLite


def merge(statements: Sequence[Statement]) -> list[tuple[str, list[tuple[Any, ...]]]]:
    """The statements of a batch grouped by their SQL, each group run as one executemany (one
    trip to SQLite's thread, which under load is what a commit waits for most), groups in the
    order they first appear. Statements keep their order within a group; across groups they
    may run earlier than queued, which is safe because the only statements that depend on
    one another (a table's seats: DELETE then INSERT) always come in that order in every
    write, so their groups do too."""
    groups: dict[str, list[tuple[Any, ...]]] = {}
    for sql, params in statements:
        groups.setdefault(sql, []).append(params)
    return list(groups.items())


def _failure(error: sqlite3.Error, where: str) -> StorageError:
    """The StorageError for an SQLite error: a lock held by another program is passing."""
    text = str(error).lower()
    # SQLite names the index's columns, not the index: only it is unique on channel_id alone.
    if isinstance(error, sqlite3.IntegrityError) and "game_tables.channel_id" in text:
        return ChannelTaken()
    if "locked" in text or "busy" in text:
        return StorageUnavailable(_sentence(error, where))
    return StorageError(_sentence(error, where))


def _sentence(error: BaseException, where: str) -> str:
    """One plain sentence for an SQLite error: what is wrong with the file and what to do."""
    text = str(error).lower()
    if isinstance(error, OSError):
        if error.errno == errno.ENOSPC:
            text = "database or disk is full"
        elif error.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
            text = "readonly"
        else:
            text = "unable to open"
    if "not a database" in text or "malformed" in text or "corrupt" in text:
        return (
            f"The database file {where} is damaged or is not a database: restore it from a "
            "backup, or move it away to start with an empty one."
        )
    if "readonly" in text or "read-only" in text:
        return (
            f"The database file {where} is read-only: give the bot write access to the file "
            "and its folder."
        )
    if "unable to open" in text or "cannot open" in text:
        return (
            f"The database file {where} cannot be opened: check that its folder exists and "
            "that the bot may read and write there."
        )
    if "disk is full" in text or ("full" in text and "database" in text):
        return f"The disk holding the database {where} is full: free some space."
    if "locked" in text or "busy" in text:
        return (
            f"The database {where} is locked by another program: stop that program (only "
            "one bot process may use a SQLite file)."
        )
    return f"The database {where} failed: {error}."


class _SqliteTransaction(Transaction):
    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn

    async def execute(self, sql: str, params: tuple[Any, ...] = ()) -> None:
        await self.conn.execute(sql, params)

    async def fetchall(self, sql: str, params: tuple[Any, ...] = ()) -> list[Row]:
        async with self.conn.execute(sql, params) as cur:
            return [tuple(r) for r in await cur.fetchall()]


class SqliteDatabase(Database):
    dialect = "sqlite"

    def __init__(
        self,
        writer: aiosqlite.Connection,
        reader: aiosqlite.Connection,
        path: Path | None,
        owner: FileOwner | None = None,
    ) -> None:
        self.writer = writer
        self.reader = reader
        self.path = path
        self.owner = owner
        self.where = str(path) if path is not None else ":memory:"
        super().__init__()
        self._identity = self._file_identity()
        self._lock = asyncio.Lock()  # one transaction at a time on the writer

    @classmethod
    async def open(cls, path: Path | str, *, busy_timeout_ms: int = 15_000) -> SqliteDatabase:
        """Open (creating if needed), check and migrate; StorageError in one sentence if the
        file cannot be used."""
        memory = str(path) == ":memory:"
        file = None if memory else Path(path)
        where = str(path)
        owner = None if file is None else FileOwner(file)
        try:
            if file is not None:
                file.parent.mkdir(parents=True, exist_ok=True)
            if owner is not None:
                owner.take()  # before anything else: one process owns the file
            writer = await aiosqlite.connect(str(path), isolation_level=None)
        except (OSError, sqlite3.Error) as e:
            if owner is not None:
                owner.release()
            raise StorageError(_sentence(e, where)) from None
        reader: aiosqlite.Connection | None = None
        try:
            for pragma in (
                "PRAGMA journal_mode=WAL",
                "PRAGMA synchronous=NORMAL",  # WAL: durable across process crashes
                "PRAGMA foreign_keys=ON",
                f"PRAGMA busy_timeout={int(busy_timeout_ms)}",
            ):
                await writer.execute(pragma)
            async with writer.execute("PRAGMA quick_check") as cur:
                verdict = await cur.fetchone()
            if verdict is None or verdict[0] != "ok":
                raise sqlite3.DatabaseError("database disk image is malformed")
            await migrate_sqlite(writer)
            # From now on the first write of a batch opens its transaction itself (BEGIN
            # IMMEDIATE in the same trip to SQLite's thread as the write).
            writer.isolation_level = "IMMEDIATE"
            reader = await aiosqlite.connect(str(path), isolation_level=None)
            await reader.execute(f"PRAGMA busy_timeout={int(busy_timeout_ms)}")
            await reader.execute("PRAGMA query_only=ON")
        except BaseException as e:
            await writer.close()
            if reader is not None:
                await reader.close()
            if owner is not None:
                owner.release()
            if isinstance(e, sqlite3.Error):
                raise StorageError(_sentence(e, where)) from None
            raise
        if memory:  # a second connection to ":memory:" is another database: read the writer
            await reader.close()
            reader = writer
        return cls(writer, reader, file, owner)

    # ------------------------------------------------------------------ health

    def _file_identity(self) -> tuple[int, int] | None:
        if self.path is None:
            return None
        try:
            st = os.stat(self.path)
        except OSError:
            return None
        return st.st_dev, st.st_ino

    def _check_file(self) -> None:
        """Writing into a database file someone removed or replaced would go nowhere."""
        if self.path is None:
            return
        if self._file_identity() != self._identity:
            raise StorageLost(
                f"The database file {self.where} was removed or replaced while the bot was "
                "running: moves are not saved. Restart the bot."
            )

    # ------------------------------------------------------------------ reads

    async def fetchall(self, sql: str, params: tuple[Any, ...] = ()) -> list[Row]:
        try:
            async with self.reader.execute(sql, params) as cur:
                return [tuple(r) for r in await cur.fetchall()]
        except sqlite3.Error as e:
            raise _failure(e, self.where) from e

    # ------------------------------------------------------------------ writes

    async def _commit(self, statements: Sequence[Statement]) -> None:
        async with self._lock:
            self._check_file()
            try:
                for sql, many in merge(statements):
                    if len(many) == 1:
                        await self.writer.execute(sql, many[0])
                    else:
                        await self.writer.executemany(sql, many)
                await self.writer.commit()
            except BaseException as e:
                with contextlib.suppress(Exception):
                    await self.writer.rollback()
                if isinstance(e, sqlite3.Error):
                    raise _failure(e, self.where) from e
                raise

    @contextlib.asynccontextmanager
    async def transaction(self) -> AsyncIterator[Transaction]:
        async with self._lock:
            self._check_file()
            try:
                await self.writer.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as e:
                raise _failure(e, self.where) from e
            try:
                yield _SqliteTransaction(self.writer)
                await self.writer.commit()
            except BaseException as e:
                with contextlib.suppress(Exception):
                    await self.writer.rollback()
                if isinstance(e, sqlite3.Error):
                    raise _failure(e, self.where) from e
                raise

    async def close(self) -> None:
        await self._drain()
        if self.reader is not self.writer:
            await self.reader.close()
        await self.writer.close()
        if self.owner is not None:
            self.owner.release()


def _settle(fut: asyncio.Future[None], error: BaseException | None) -> None:
    if fut.done():
        return
    if error is None:
        fut.set_result(None)
    else:
        fut.set_exception(error)


# ============================================================================ migrations


async def sqlite_version(conn: aiosqlite.Connection) -> int:
    await conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
    async with conn.execute("SELECT MAX(version) FROM schema_version") as cur:
        row = await cur.fetchone()
    return int(row[0]) if row and row[0] is not None else 0


async def migrate_sqlite(
    conn: aiosqlite.Connection, migrations: Sequence[Migration] = MIGRATIONS
) -> int:
    """Apply every migration newer than the database, each in its own transaction."""
    latest = migrations[-1].version if migrations else 0
    version = await sqlite_version(conn)
    if version > latest:
        raise too_new(version, latest)
    for m in migrations:
        if m.version <= version:
            continue
        await conn.execute("BEGIN IMMEDIATE")
        try:
            for statement in m.statements("sqlite"):
                await conn.execute(statement)
            await conn.execute("INSERT INTO schema_version (version) VALUES (?)", (m.version,))
            await conn.commit()
        except BaseException:
            await conn.rollback()
            raise
        log.info("database migrated to version %d (%s)", m.version, m.description)
        version = m.version
    return version


__all__ = [
    "LATEST",
    "Database",
    "Row",
    "SqliteDatabase",
    "Statement",
    "StorageError",
    "StorageLost",
    "Transaction",
    "migrate_sqlite",
]
