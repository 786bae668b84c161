"""PostgreSQL through asyncpg: what several bot processes share.

The same SQL as SQLite (written with ``?`` placeholders, numbered here as asyncpg wants), the
same numbered migrations (run under an advisory lock, so processes starting together migrate
once), and the same group commit: the writes queued while a transaction commits go out together
in the next one.

Reads go through a pool. Every write goes through one connection, the **writer**, which also
holds this process's ownership locks (``bot.storage.ownership``): if that connection drops (the
server restarted, the network failed), the locks go with it, the process is told it no longer
owns its tables, and the next write first connects again and takes the locks back, or fails. So
a write can never land for a table another process has taken meanwhile.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
from collections.abc import AsyncIterator, Sequence
from typing import Any
from urllib.parse import urlsplit

import asyncpg

from bot.storage.database import Database, Row, Statement, Transaction, merge
from bot.storage.errors import (
    ONE_IN_CHANNEL_INDEX,
    ChannelTaken,
    OwnershipLost,
    StorageError,
    StorageUnavailable,
    too_new,
)
from bot.storage.ownership import Shards
from bot.storage.schema import MIGRATIONS, Migration

log = logging.getLogger("trickbot.storage")

MIGRATION_LOCK = 0x7472_6B62  # pg_advisory_xact_lock key: one migrating process at a time
# Seconds a connection attempt or a statement may take: a click is answered within 3 s, so a
# database that does not answer is told as such rather than waited for.
CONNECT_TIMEOUT = 2.0
COMMAND_TIMEOUT = 2.0
# A vanished peer (a machine that died without closing its connection) is noticed by the
# server after about idle + interval * count seconds, and its locks released.
KEEPALIVES = {"tcp_keepalives_idle": "10", "tcp_keepalives_interval": "5",
              "tcp_keepalives_count": "3"}  # fmt: skip


@functools.lru_cache(maxsize=512)
def numbered(sql: str) -> str:
    """``?`` placeholders as ``$1, $2, ...`` (the project's SQL has no ``?`` in a literal)."""
    parts = sql.split("?")
    out = [parts[0]]
    for i, part in enumerate(parts[1:], start=1):
        out.append(f"${i}{part}")
    return "".join(out)


def safe_where(url: str) -> str:
    """The server and database of a URL, for messages: never the password."""
    parts = urlsplit(url)
    host = parts.hostname or "localhost"
    port = f":{parts.port}" if parts.port else ""
    return f"postgresql://{host}{port}{parts.path}"


PASSING = (
    OSError,
    TimeoutError,
    asyncpg.CannotConnectNowError,
    asyncpg.ConnectionDoesNotExistError,
    asyncpg.InterfaceError,
    asyncpg.AdminShutdownError,
    asyncpg.QueryCanceledError,
)


def _failure(error: BaseException, where: str) -> StorageError:
    """The StorageError for a PostgreSQL failure: one of the server's absence is passing."""
    if (
        isinstance(error, asyncpg.UniqueViolationError)
        and getattr(error, "constraint_name", None) == ONE_IN_CHANNEL_INDEX
    ):
        return ChannelTaken()
    if isinstance(error, PASSING):
        return StorageUnavailable(_sentence(error, where))
    return StorageError(_sentence(error, where))


def _sentence(error: BaseException, where: str) -> str:
    if isinstance(error, PASSING):
        return (
            f"The PostgreSQL server at {where} is not answering: check that it runs and that "
            "DATABASE_URL names it."
        )
    if isinstance(
        error, asyncpg.InvalidPasswordError | asyncpg.InvalidAuthorizationSpecificationError
    ):
        return f"PostgreSQL at {where} refused the user or password in DATABASE_URL."
    if isinstance(error, asyncpg.InvalidCatalogNameError):
        return f"The database in DATABASE_URL does not exist at {where}: create it first."
    if isinstance(error, asyncpg.DiskFullError):
        return f"The PostgreSQL server at {where} is out of disk space."
    return f"The database {where} failed: {error}."


class _PgTransaction(Transaction):
    def __init__(self, conn: asyncpg.Connection) -> None:
        self.conn = conn

    async def execute(self, sql: str, params: tuple[Any, ...] = ()) -> None:
        await self.conn.execute(numbered(sql), *params)

    async def fetchall(self, sql: str, params: tuple[Any, ...] = ()) -> list[Row]:
        return [tuple(r) for r in await self.conn.fetch(numbered(sql), *params)]


FAILURES = (asyncpg.PostgresError, asyncpg.InterfaceError, OSError, TimeoutError)


class PostgresDatabase(Database):
    dialect = "postgresql"

    def __init__(self, pool: asyncpg.Pool, url: str) -> None:
        super().__init__()
        self.pool = pool
        self.url = url
        self.where = safe_where(url)
        self._writer: asyncpg.Connection | None = None
        self._lock = asyncio.Lock()  # one transaction at a time on the writer
        self._shards: Shards | None = None  # what we own (None: nothing claimed yet)
        self._closing = False

    @classmethod
    async def open(cls, url: str, *, pool_size: int = 10) -> PostgresDatabase:
        where = safe_where(url)
        try:
            pool = await asyncpg.create_pool(
                url,
                min_size=0,  # no floor to restore (and complain about) while the server is away
                max_size=pool_size,
                timeout=10,
                command_timeout=COMMAND_TIMEOUT,
            )
        except Exception as e:
            raise StorageError(_sentence(e, where)) from None
        assert pool is not None
        try:
            async with pool.acquire() as conn:
                await migrate_postgres(conn)
        except BaseException as e:
            await pool.close()
            if isinstance(e, FAILURES):
                raise StorageError(_sentence(e, where)) from None
            raise
        return cls(pool, url)

    async def fetchall(self, sql: str, params: tuple[Any, ...] = ()) -> list[Row]:
        try:
            return [tuple(r) for r in await self.pool.fetch(numbered(sql), *params)]
        except FAILURES as e:
            raise _failure(e, self.where) from e

    # ------------------------------------------------------------------ the writer

    async def take(self, shards: Shards) -> bool:
        """Own ``shards``: the writer holds their advisory locks (all of them, or none)."""
        async with self._lock:
            if shards != self._shards and self._writer is not None:
                await self._writer.close(timeout=CONNECT_TIMEOUT)  # let go of what we held
                self._writer = None
            self._shards = shards
            try:
                await self._connected()
            except OwnershipLost:
                return False
            except StorageError as e:
                log.warning("could not take ownership: %s", e)
                return False
            return True

    async def _connected(self) -> asyncpg.Connection:
        """The writer, connected and holding our locks (called with ``_lock`` held)."""
        conn = self._writer
        if conn is not None and not conn.is_closed():
            return conn
        self._writer = None
        try:
            conn = await asyncpg.connect(
                self.url,
                timeout=CONNECT_TIMEOUT,
                command_timeout=COMMAND_TIMEOUT,
                server_settings=KEEPALIVES,
            )
        except FAILURES as e:
            raise _failure(e, self.where) from e
        try:
            if self._shards is not None and not await self._lock_shards(conn, self._shards):
                await conn.close()
                self._owned(False)
                raise OwnershipLost(
                    f"Another process owns {self._shards.describe()} in {self.where}."
                )
        except FAILURES as e:
            conn.terminate()
            raise _failure(e, self.where) from e
        conn.add_termination_listener(self._writer_lost)
        self._writer = conn
        if self._shards is not None:
            self._owned(True)
        return conn

    @staticmethod
    async def _lock_shards(conn: asyncpg.Connection, shards: Shards) -> bool:
        """Take every lock of ``shards`` on ``conn``, or none (True if all were taken)."""
        taken: list[tuple[bool, int, int]] = []
        for shared, kind, key in shards.advisory_locks():
            fn = "pg_try_advisory_lock_shared" if shared else "pg_try_advisory_lock"
            if await conn.fetchval(f"SELECT {fn}($1::int, $2::int)", kind, key):
                taken.append((shared, kind, key))
                continue
            for was_shared, k, v in taken:
                unlock = "pg_advisory_unlock_shared" if was_shared else "pg_advisory_unlock"
                await conn.fetchval(f"SELECT {unlock}($1::int, $2::int)", k, v)
            return False
        return True

    def _writer_lost(self, conn: asyncpg.Connection) -> None:
        """The writer's connection closed (the server went away): our locks went with it."""
        if conn is self._writer:
            self._writer = None
        if self._shards is not None and not self._closing:
            log.warning("lost the database connection that held %s", self._shards.describe())
            self._owned(False)

    async def _commit(self, statements: Sequence[Statement]) -> None:
        async with self._lock:
            conn = await self._connected()
            try:
                async with conn.transaction():
                    for sql, many in merge(statements):
                        if len(many) == 1:
                            await conn.execute(numbered(sql), *many[0])
                        else:
                            await conn.executemany(numbered(sql), many)
            except FAILURES as e:
                raise _failure(e, self.where) from e

    @contextlib.asynccontextmanager
    async def transaction(self) -> AsyncIterator[Transaction]:
        async with self._lock:
            conn = await self._connected()
            try:
                async with conn.transaction():
                    yield _PgTransaction(conn)
            except FAILURES as e:
                raise _failure(e, self.where) from e

    async def close(self) -> None:
        await self._drain()
        self._closing = True
        async with self._lock:
            if self._writer is not None:
                with contextlib.suppress(*FAILURES):
                    await self._writer.close(timeout=CONNECT_TIMEOUT)
                self._writer = None
        await self.pool.close()


async def postgres_version(conn: asyncpg.Connection) -> int:
    await conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
    value = await conn.fetchval("SELECT MAX(version) FROM schema_version")
    return int(value) if value is not None else 0


async def migrate_postgres(
    conn: asyncpg.Connection, migrations: Sequence[Migration] = MIGRATIONS
) -> int:
    """Apply every migration newer than the database, each in its own transaction, under an
    advisory lock (several processes may start at once)."""
    latest = migrations[-1].version if migrations else 0
    async with conn.transaction():
        await conn.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
        await postgres_version(conn)
    version = 0
    for m in migrations:
        async with conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
            version = await postgres_version(conn)
            if version > latest:
                raise too_new(version, latest)
            if m.version <= version:
                continue
            for statement in m.statements("postgresql"):
                await conn.execute(statement)
            await conn.execute("INSERT INTO schema_version (version) VALUES ($1)", m.version)
        log.info("database migrated to version %d (%s)", m.version, m.description)
        version = m.version
    return version
