"""Moving house: copy everything from one database to another, then check the counts.

``python -m bot migrate-db --from sqlite:///data/trickbot.sqlite3 --to postgresql://...``
copies games, records, seats, results, ratings, settings, the daily deals and the feed's
pending messages, keeping every table's id (buttons on Discord carry them). The destination
must be empty.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Sequence

from bot.storage import Storage
from bot.storage.errors import StorageError

# Every table and its columns, parents before children (foreign keys).
TABLES: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "game_tables",
        (
            "id", "guild_id", "channel_id", "game", "host_id", "max_seats", "options",
            "turn_timer", "seed", "status", "record", "version", "deadline", "created_at",
            "updated_at", "settings", "thread_id", "in_channel",
        ),
    ),
    ("seats", ("table_id", "seat", "user_id", "name", "level", "autopilot", "timeouts")),
    ("results", ("table_id", "guild_id", "game", "finished_at", "winners", "scores")),
    (
        "player_results",
        (
            "table_id", "user_id", "guild_id", "game", "seat", "won", "score", "bids",
            "bids_made", "finished_at", "hands", "mu_after", "sigma_after",
        ),
    ),
    ("ratings", ("guild_id", "game", "user_id", "name", "mu", "sigma", "games", "wins")),
    ("moves", ("table_id", "seq", "action")),
    ("slots", ("table_id", "slot", "nonce", "message_id", "token", "token_at", "ref")),
    ("outbox", ("table_id", "seq", "op", "slot", "nonce", "payload", "revision")),
    (
        "hand_copies",
        (
            "table_id", "user_id", "copy_token", "copy_ref", "copy_message_id", "copy_at",
            "fresh_token", "fresh_at", "locale",
        ),
    ),
    ("guild_settings", ("guild_id", "language", "threads", "threads_explained")),
    ("user_settings", ("user_id", "language")),
    ("daily_secret", ("id", "secret")),
    (
        "daily_deals",
        ("guild_id", "game", "day", "seed", "iterations", "par", "par_record", "created_at"),
    ),
    (
        "daily_attempts",
        (
            "guild_id", "game", "day", "user_id", "name", "table_id", "status", "result",
            "hands", "complete", "started_at", "finished_at",
        ),
    ),
)  # fmt: skip
CHUNK = 500


async def copy_database(source: str, destination: str) -> dict[str, int]:
    """Copy every row; returns each table's count. StorageError if the destination is not
    empty or a count differs after the copy."""
    src = await Storage.open(source)
    dst = await Storage.open(destination)
    try:
        for table, _ in TABLES:
            row = await dst.db.fetchone(f"SELECT COUNT(*) FROM {table}")
            if row is not None and row[0]:
                raise StorageError(
                    f"The destination already has data ({table}): copy into an empty database."
                )
        counts: dict[str, int] = {}
        for table, columns in TABLES:
            rows = await src.db.fetchall(f"SELECT {', '.join(columns)} FROM {table}")
            insert = (
                f"INSERT INTO {table} ({', '.join(columns)})"
                f" VALUES ({', '.join('?' for _ in columns)})"
            )
            for i in range(0, len(rows), CHUNK):
                await dst.db.write([(insert, tuple(r)) for r in rows[i : i + CHUNK]])
            counts[table] = len(rows)
        if dst.db.dialect == "postgresql":  # new tables must not reuse the copied ids
            await dst.db.write(
                [
                    (
                        "SELECT setval(pg_get_serial_sequence('game_tables', 'id'),"
                        " COALESCE((SELECT MAX(id) FROM game_tables), 0) + 1, false)",
                        (),
                    )
                ]
            )
        for table, _ in TABLES:
            row = await dst.db.fetchone(f"SELECT COUNT(*) FROM {table}")
            copied = int(row[0]) if row else 0
            if copied != counts[table]:
                raise StorageError(
                    f"{table}: {counts[table]} rows in the source but {copied} in the destination."
                )
        return counts
    finally:
        await src.close()
        await dst.close()


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot migrate-db",
        description="Copy everything from one database to another (an empty one).",
    )
    parser.add_argument("--from", dest="source", required=True, help="sqlite:///... or a path")
    parser.add_argument("--to", dest="destination", required=True, help="postgresql://...")
    args = parser.parse_args(argv)
    try:
        counts = asyncio.run(copy_database(args.source, args.destination))
    except StorageError as e:
        print(e, file=sys.stderr)
        return 2
    for table, n in counts.items():
        print(f"{table}: {n} rows copied, counts match")
    return 0
