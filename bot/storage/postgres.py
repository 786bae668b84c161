"""PostgreSQL through asyncpg: what several bot processes share.

The same SQL as SQLite (written with ``?`` placeholders, numbered here as asyncpg wants), the
same numbered migrations (run under an advisory lock, so processes starting together migrate
once), and the same group commit: the writes queued while a transaction commits go out together
in the next one.
"""

from __future__ import annotations

import contextlib
import functools
import logging
from collections.abc import AsyncIterator, Sequence
from typing import Any
from urllib.parse import urlsplit

import asyncpg

from bot.storage.database import Database, Row, Statement, Transaction, merge
from bot.storage.errors import StorageError, too_new
from bot.storage.schema import MIGRATIONS, Migration

log = logging.getLogger("trickbot.storage")

MIGRATION_LOCK = 0x7472_6B62  # pg_advisory_xact_lock key: one migrating process at a time


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


def _sentence(error: BaseException, where: str) -> str:
    if isinstance(error, OSError | asyncpg.CannotConnectNowError):
        return (
            f"The PostgreSQL server at {where} cannot be reached: check that it runs and that "
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


class PostgresDatabase(Database):
    dialect = "postgresql"

    def __init__(self, pool: asyncpg.Pool, where: str) -> None:
        super().__init__()
        self.pool = pool
        self.where = where

    @classmethod
    async def open(cls, url: str, *, pool_size: int = 10) -> PostgresDatabase:
        where = safe_where(url)
        try:
            pool = await asyncpg.create_pool(url, min_size=1, max_size=pool_size, timeout=10)
        except Exception as e:
            raise StorageError(_sentence(e, where)) from None
        assert pool is not None
        try:
            async with pool.acquire() as conn:
                await migrate_postgres(conn)
        except BaseException as e:
            await pool.close()
            if isinstance(e, asyncpg.PostgresError | OSError):
                raise StorageError(_sentence(e, where)) from None
            raise
        return cls(pool, where)

    async def fetchall(self, sql: str, params: tuple[Any, ...] = ()) -> list[Row]:
        try:
            return [tuple(r) for r in await self.pool.fetch(numbered(sql), *params)]
        except (asyncpg.PostgresError, OSError) as e:
            raise StorageError(_sentence(e, self.where)) from e

    async def _commit(self, statements: Sequence[Statement]) -> None:
        try:
            async with self.pool.acquire() as conn, conn.transaction():
                for sql, many in merge(statements):
                    if len(many) == 1:
                        await conn.execute(numbered(sql), *many[0])
                    else:
                        await conn.executemany(numbered(sql), many)
        except (asyncpg.PostgresError, OSError) as e:
            raise StorageError(_sentence(e, self.where)) from e

    @contextlib.asynccontextmanager
    async def transaction(self) -> AsyncIterator[Transaction]:
        try:
            async with self.pool.acquire() as conn, conn.transaction():
                yield _PgTransaction(conn)
        except (asyncpg.PostgresError, OSError) as e:
            raise StorageError(_sentence(e, self.where)) from e

    async def close(self) -> None:
        await self._drain()
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
