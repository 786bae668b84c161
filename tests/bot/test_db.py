"""Migrations: numbered, one transaction each, and a newer database is refused."""

from __future__ import annotations

from pathlib import Path

import aiosqlite
import pytest

from bot import db


async def test_fresh_database_is_migrated_to_latest(tmp_path: Path) -> None:
    conn = await db.connect(tmp_path / "t.sqlite3")
    try:
        assert await db.current_version(conn) == db.LATEST
        async with conn.execute("PRAGMA journal_mode") as cur:
            row = await cur.fetchone()
        assert row is not None and row[0] == "wal"
    finally:
        await conn.close()


async def test_migrating_twice_is_a_no_op(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    await (await db.connect(path)).close()
    conn = await db.connect(path)
    try:
        async with conn.execute("SELECT COUNT(*) FROM schema_version") as cur:
            row = await cur.fetchone()
        assert row is not None and row[0] == len(db.MIGRATIONS)
    finally:
        await conn.close()


async def test_newer_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    conn = await db.connect(path)
    await conn.execute("INSERT INTO schema_version (version) VALUES (?)", (db.LATEST + 1,))
    await conn.commit()
    await conn.close()
    with pytest.raises(db.DatabaseTooNew, match="newer version of the bot"):
        await db.connect(path)


async def test_a_failing_migration_leaves_the_previous_version(tmp_path: Path) -> None:
    conn = await aiosqlite.connect(str(tmp_path / "t.sqlite3"), isolation_level=None)
    steps = [
        (1, "one", "CREATE TABLE a (x INTEGER)"),
        (2, "two", "CREATE TABLE b (x INTEGER); CREATE TABLE a (y INTEGER)"),  # fails
    ]
    try:
        with pytest.raises(aiosqlite.OperationalError):
            await db.migrate(conn, steps)
        assert await db.current_version(conn) == 1
        async with conn.execute("SELECT name FROM sqlite_master WHERE name = 'b'") as cur:
            assert await cur.fetchone() is None  # rolled back with its version write
    finally:
        await conn.close()
