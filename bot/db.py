"""SQLite through aiosqlite: the connection, WAL, and numbered migrations.

Each migration runs in one transaction together with the write of its version number
(mautrix-python's upgrade table), so a crash leaves the database at a whole version. A database
written by a newer version of the code is refused with a clear message.
"""

from __future__ import annotations

import logging
from pathlib import Path

import aiosqlite

log = logging.getLogger("trickbot.db")

MIGRATIONS: list[tuple[int, str, str]] = [
    (
        1,
        "tables, seats, results and ratings",
        """
        CREATE TABLE game_tables (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            guild_id INTEGER NOT NULL,
            channel_id INTEGER NOT NULL,
            game TEXT NOT NULL CHECK (game IN ('smear', 'salad')),
            host_id INTEGER NOT NULL,
            max_seats INTEGER NOT NULL,
            options TEXT NOT NULL,
            turn_timer INTEGER NOT NULL,
            seed INTEGER NOT NULL,
            status TEXT NOT NULL CHECK (status IN ('lobby', 'playing', 'finished', 'cancelled')),
            record TEXT,
            version INTEGER NOT NULL DEFAULT 0,
            deadline REAL,
            lobby_message_id INTEGER,
            table_message_id INTEGER,
            table_message_hand INTEGER NOT NULL DEFAULT 0,
            ping_message_id INTEGER,
            created_at REAL NOT NULL,
            updated_at REAL NOT NULL
        );
        CREATE UNIQUE INDEX game_tables_live_channel ON game_tables(channel_id)
            WHERE status IN ('lobby', 'playing');
        CREATE INDEX game_tables_status ON game_tables(status);
        CREATE TABLE seats (
            table_id INTEGER NOT NULL REFERENCES game_tables(id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            user_id INTEGER,
            name TEXT NOT NULL,
            level TEXT,
            autopilot INTEGER NOT NULL DEFAULT 0,
            timeouts INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (table_id, seat)
        );
        CREATE TABLE results (
            table_id INTEGER PRIMARY KEY REFERENCES game_tables(id),
            guild_id INTEGER NOT NULL,
            game TEXT NOT NULL,
            finished_at REAL NOT NULL,
            winners TEXT NOT NULL,
            scores TEXT NOT NULL
        );
        CREATE TABLE player_results (
            table_id INTEGER NOT NULL REFERENCES results(table_id),
            user_id INTEGER NOT NULL,
            guild_id INTEGER NOT NULL,
            game TEXT NOT NULL,
            seat INTEGER NOT NULL,
            won INTEGER NOT NULL,
            score INTEGER NOT NULL,
            bids INTEGER NOT NULL,
            bids_made INTEGER NOT NULL,
            PRIMARY KEY (table_id, user_id)
        );
        CREATE INDEX player_results_user ON player_results(guild_id, user_id, game);
        CREATE TABLE ratings (
            guild_id INTEGER NOT NULL,
            game TEXT NOT NULL,
            user_id INTEGER NOT NULL,
            name TEXT NOT NULL,
            mu REAL NOT NULL,
            sigma REAL NOT NULL,
            games INTEGER NOT NULL DEFAULT 0,
            wins INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (guild_id, game, user_id)
        );
        """,
    ),
]

LATEST = MIGRATIONS[-1][0]


class DatabaseTooNew(RuntimeError):
    """The database was written by a newer version of the bot."""


async def current_version(db: aiosqlite.Connection) -> int:
    await db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
    async with db.execute("SELECT MAX(version) FROM schema_version") as cur:
        row = await cur.fetchone()
    return int(row[0]) if row and row[0] is not None else 0


async def migrate(
    db: aiosqlite.Connection, migrations: list[tuple[int, str, str]] | None = None
) -> int:
    """Apply every migration newer than the database, each in its own transaction."""
    steps = MIGRATIONS if migrations is None else migrations
    latest = steps[-1][0] if steps else 0
    version = await current_version(db)
    if version > latest:
        raise DatabaseTooNew(
            f"the database is at schema version {version} but this bot only knows up to "
            f"{latest}: run a newer version of the bot, or restore a backup"
        )
    for number, description, sql in steps:
        if number <= version:
            continue
        await db.execute("BEGIN IMMEDIATE")
        try:
            for statement in _statements(sql):
                await db.execute(statement)
            await db.execute("INSERT INTO schema_version (version) VALUES (?)", (number,))
            await db.commit()
        except BaseException:
            await db.rollback()
            raise
        log.info("database migrated to version %d (%s)", number, description)
        version = number
    return version


def _statements(sql: str) -> list[str]:
    return [s.strip() for s in sql.split(";") if s.strip()]


async def connect(path: Path | str) -> aiosqlite.Connection:
    """Open the database (WAL, foreign keys) and bring it up to date."""
    if str(path) != ":memory:":
        Path(path).parent.mkdir(parents=True, exist_ok=True)
    db = await aiosqlite.connect(str(path), isolation_level=None)
    try:
        await db.execute("PRAGMA journal_mode=WAL")
        await db.execute("PRAGMA synchronous=NORMAL")  # WAL: durable across process crashes
        await db.execute("PRAGMA foreign_keys=ON")
        await db.execute("PRAGMA busy_timeout=5000")
        await migrate(db)
    except BaseException:
        await db.close()
        raise
    return db
