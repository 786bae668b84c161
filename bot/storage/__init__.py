"""Everything the bot keeps, by job, behind one ``Storage``:

- ``storage.tables`` (``bot.storage.tables``): tables and their games;
- ``storage.feed`` (``bot.storage.feed``): the feed's intents (outbox, message slots, hands);
- ``storage.results`` (``bot.storage.results``): finished games, ratings, leaderboards, stats;
- ``storage.people`` (``bot.storage.people``): languages chosen, and forgetting on request;
- ``storage.daily`` (``bot.storage.daily``): the daily deal's secret, deals, par and attempts;
- ``storage.heartbeats`` (``bot.storage.heartbeats``): when each owner of tables was last
  alive, and its status (who owns which tables: ``bot.storage.ownership``).

Each speaks SQL to one ``Database`` backend (``bot.storage.database``: SQLite, or
``bot.storage.postgres``). What people see is stored as intent before it is sent, in the same
transaction as the action that caused it, so a crash between the two loses nothing.
"""

from __future__ import annotations

from pathlib import Path

from bot.storage.daily import Attempt, DailyStore, Week, WeekRow
from bot.storage.database import Database, SqliteDatabase
from bot.storage.errors import (
    ChannelTaken,
    DatabaseTooNew,
    OwnershipLost,
    StorageError,
    StorageLost,
    StorageUnavailable,
)
from bot.storage.feed import FeedStore, HandCopyRow, OutboxRow, SlotRow
from bot.storage.heartbeats import Heartbeats
from bot.storage.ownership import Shards
from bot.storage.people import Forgotten, PeopleStore
from bot.storage.results import LeaderRow, PeriodRow, RatingPoint, ResultStore, StatRow
from bot.storage.tables import LoadedTable, TableStore


def sqlite_path(target: str) -> str:
    """The file of ``sqlite:///relative/path`` or ``sqlite:////absolute/path`` (or a path)."""
    if target.startswith("sqlite://"):
        rest = target.removeprefix("sqlite://")
        if not rest.startswith("/"):
            raise StorageError(f"{target} is not a SQLite URL: write sqlite:///path/to/file")
        return rest[1:] or ":memory:"
    return target


class Storage:
    def __init__(self, db: Database) -> None:
        self.db = db
        self.results = ResultStore(db)
        self.daily = DailyStore(db)
        self.tables = TableStore(db, self.results, self.daily)
        self.feed = FeedStore(db)
        self.people = PeopleStore(db)
        self.heartbeats = Heartbeats(db)

    @classmethod
    async def open(cls, target: Path | str, *, busy_timeout_ms: int = 2_000) -> Storage:
        """The database named by ``target``: a ``postgresql://`` URL, a ``sqlite:///path``
        URL, or a SQLite file's path."""
        text = str(target)
        if text.startswith(("postgresql://", "postgres://")):
            from bot.storage.postgres import PostgresDatabase

            return cls(await PostgresDatabase.open(text))
        path = sqlite_path(text)
        return cls(await SqliteDatabase.open(path, busy_timeout_ms=busy_timeout_ms))

    async def close(self) -> None:
        await self.db.close()


__all__ = [
    "Attempt",
    "ChannelTaken",
    "DailyStore",
    "DatabaseTooNew",
    "Forgotten",
    "HandCopyRow",
    "LeaderRow",
    "LoadedTable",
    "OutboxRow",
    "OwnershipLost",
    "PeriodRow",
    "RatingPoint",
    "Shards",
    "SlotRow",
    "StatRow",
    "Storage",
    "StorageError",
    "StorageLost",
    "StorageUnavailable",
    "Week",
    "WeekRow",
    "sqlite_path",
]
