"""Storage on a real SQLite file: tables rebuild from the database with their feed's intents,
results count once, saves are group-committed, and a bad database is one plain sentence."""

from __future__ import annotations

import asyncio
import json
import os
import random
import sqlite3
from pathlib import Path
from typing import Any

import aiosqlite
import pytest

from bot import ratings
from bot.model import FINISHED, PLAYING, Seat, Table
from bot.storage import (
    HandCopyRow,
    OutboxRow,
    Shards,
    SlotRow,
    Storage,
    StorageError,
    StorageLost,
)
from bot.storage.database import SqliteDatabase, migrate_sqlite, sqlite_version
from bot.storage.errors import ChannelTaken, DatabaseTooNew
from bot.storage.schema import LATEST, MIGRATIONS, Migration
from engine.record import new_game, to_record


def _table(guild: int = 1, channel: int = 10) -> Table:
    return Table(
        id=0,
        guild_id=guild,
        channel_id=channel,
        game="smear",
        host_id=100,
        max_seats=3,
        options={"target": 3, "stuck_dealer": False},
        turn_timer=60,
        seed=1234,
        seats=[
            Seat(100, "alice"),
            Seat(200, "bob"),
            Seat(None, "Ada", level="easy"),
        ],
    )


def _modest(legal: list[int], rng: random.Random) -> int:
    """Bid 2 when nobody has, else pass; cards at random (random bidding rarely ends)."""
    for a in (54, 52):
        if a in legal:
            return a
    return rng.choice(legal)


def _finish(t: Table) -> None:
    t.state = new_game("smear", 3, t.seed, t.options)
    rng = random.Random(5)
    while t.state.outcome() is None:
        t.state.apply(_modest(t.state.legal_actions(), rng))
        t.version += 1
    t.status = FINISHED


@pytest.fixture
async def storage(database: str) -> Any:
    """The same tests on SQLite and on PostgreSQL."""
    s = await Storage.open(database)
    yield s
    await s.close()


# ---------------------------------------------------------------------- migrations


async def test_fresh_database_is_migrated_to_latest_in_wal(tmp_path: Path) -> None:
    db = await SqliteDatabase.open(tmp_path / "t.sqlite3")
    try:
        assert await sqlite_version(db.writer) == LATEST
        row = await db.fetchone("PRAGMA journal_mode")
        assert row is not None and row[0] == "wal"
    finally:
        await db.close()


async def test_migrating_twice_is_a_no_op(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    await (await SqliteDatabase.open(path)).close()
    db = await SqliteDatabase.open(path)
    try:
        row = await db.fetchone("SELECT COUNT(*) FROM schema_version")
        assert row is not None and row[0] == len(MIGRATIONS)
    finally:
        await db.close()


async def test_newer_database_is_refused_in_one_sentence(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    await (await SqliteDatabase.open(path)).close()
    with sqlite3.connect(path) as conn:
        conn.execute("INSERT INTO schema_version (version) VALUES (?)", (LATEST + 1,))
    with pytest.raises(DatabaseTooNew, match="newer version of the bot"):
        await SqliteDatabase.open(path)


async def test_a_failing_migration_leaves_the_previous_version(tmp_path: Path) -> None:
    conn = await aiosqlite.connect(str(tmp_path / "t.sqlite3"), isolation_level=None)
    steps = [
        Migration(1, "one", "CREATE TABLE a (x INTEGER)"),
        Migration(2, "two", "CREATE TABLE b (x INTEGER); CREATE TABLE a (y INTEGER)"),  # fails
    ]
    try:
        with pytest.raises(sqlite3.OperationalError):
            await migrate_sqlite(conn, steps)
        assert await sqlite_version(conn) == 1
        async with conn.execute("SELECT name FROM sqlite_master WHERE name = 'b'") as cur:
            assert await cur.fetchone() is None  # rolled back with its version write
    finally:
        await conn.close()


async def test_a_version_one_database_keeps_its_message_ids(tmp_path: Path) -> None:
    """Migration 2 moves the message ids of live tables into the feed's slots."""
    path = tmp_path / "t.sqlite3"
    conn = await aiosqlite.connect(str(path), isolation_level=None)
    await migrate_sqlite(conn, MIGRATIONS[:1])
    await conn.execute(
        "INSERT INTO game_tables (guild_id, channel_id, game, host_id, max_seats, options,"
        " turn_timer, seed, status, table_message_id, table_message_hand, ping_message_id,"
        " created_at, updated_at) VALUES (1, 2, 'smear', 3, 3, '{}', 0, 5, 'playing', 77, 2,"
        " 88, 0, 0)"
    )
    await conn.close()
    storage = await Storage.open(path)
    try:
        assert await storage.feed.slot_of(1, "table:2") is not None
        ping = await storage.feed.slot_of(1, "ping")
        assert ping is not None and ping.message_id == 88
    finally:
        await storage.close()


async def test_migration_11_keeps_the_newest_live_game_of_a_channel_in_it(tmp_path: Path) -> None:
    """Migration 10 let a channel fill with several live games played in it (two starts at
    once): migration 11 still builds its unique index, the newest one keeping the channel."""
    path = tmp_path / "t.sqlite3"
    conn = await aiosqlite.connect(str(path), isolation_level=None)
    await migrate_sqlite(conn, [m for m in MIGRATIONS if m.version <= 10])
    for settings in ("{}", "{}", '{"thread": true}'):
        await conn.execute(
            "INSERT INTO game_tables (guild_id, channel_id, game, host_id, max_seats, options,"
            " turn_timer, seed, status, settings, created_at, updated_at)"
            " VALUES (1, 2, 'smear', 3, 3, '{}', 0, 5, 'lobby', ?, 0, 0)",
            (settings,),
        )
    await conn.close()
    storage = await Storage.open(path)
    try:
        rows = await storage.tables.db.fetchall("SELECT id, in_channel FROM game_tables")
        assert sorted(rows) == [(1, 0), (2, 1), (3, 0)]
        with pytest.raises(ChannelTaken):
            await storage.tables.create_table(_table(channel=2))
    finally:
        await storage.close()


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b"this is not a database, just text" * 100, "damaged or is not a database"),
        (b"SQLite format 3\x00" + b"\xff" * 4000, "damaged or is not a database"),
    ],
)
async def test_a_bad_database_file_is_one_sentence(
    tmp_path: Path, content: bytes, words: str
) -> None:
    path = tmp_path / "bad.sqlite3"
    path.write_bytes(content)
    with pytest.raises(StorageError, match=words) as caught:
        await SqliteDatabase.open(path)
    assert str(path) in str(caught.value) and "\n" not in str(caught.value)


async def test_an_unopenable_database_is_one_sentence(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(StorageError, match="cannot be opened"):
        await SqliteDatabase.open(blocker / "sub" / "t.sqlite3")


# ---------------------------------------------------------------------- tables and the feed


async def test_a_table_is_rebuilt_with_its_outbox_slots_and_hands(storage: Storage) -> None:
    t = _table()
    await storage.tables.create_table(t)
    t.state = new_game("smear", 3, t.seed, t.options)
    t.status = PLAYING
    rng = random.Random(1)
    for _ in range(7):
        t.state.apply(_modest(t.state.legal_actions(), rng))
        t.version += 1
    rows = [OutboxRow(1, "post", "note:1", "n1", '{"content": "x"}', 3)]
    await storage.tables.save(t, rows, seats=True)
    await storage.feed.set_slot(t.id, SlotRow("table:1", "nonce", None, "tok", 4.0))
    await storage.feed.set_slot(t.id, SlotRow("table:1", "nonce", 555, "tok", 4.0, "555"))
    await storage.feed.save_hand_copies(
        [(t.id, HandCopyRow(100, "tok", "@original", 9, 1.0, "fresh", 2.0, "fi"))]
    )
    [loaded] = await storage.tables.load_owned(Shards())
    again = loaded.table
    assert again.state is not None
    assert again.version == 7 and again.hand_no == t.hand_no
    assert again.state.view(0) == t.state.view(0)
    assert [s.name for s in again.seats] == ["alice", "bob", "Ada"]
    assert loaded.outbox == rows and again.next_seq == 2
    assert loaded.slots == [SlotRow("table:1", "nonce", 555, "tok", 4.0, "555")]
    assert loaded.hand_copies[0].locale == "fi"
    await storage.feed.outbox_done(t.id, rows[0], 777)
    [loaded] = await storage.tables.load_owned(Shards())
    assert loaded.outbox == [] and {s.slot for s in loaded.slots} == {"table:1", "note:1"}


async def test_a_live_game_is_kept_move_by_move_and_its_record_when_it_ends(
    storage: Storage,
) -> None:
    t = _table()
    await storage.tables.create_table(t)
    t.state = new_game("smear", 3, t.seed, t.options)
    t.status = PLAYING
    rng = random.Random(2)
    for moves in (3, 1, 4):  # saves after a few moves each
        for _ in range(moves):
            t.state.apply(_modest(t.state.legal_actions(), rng))
            t.version += 1
        await storage.tables.save(t)
    count = await storage.db.fetchone("SELECT COUNT(*) FROM moves WHERE table_id = ?", (t.id,))
    record = await storage.db.fetchone("SELECT record FROM game_tables WHERE id = ?", (t.id,))
    assert count is not None and count[0] == 8, "each move once"
    assert record is not None and record[0] is None, "no whole record while it is live"
    [loaded] = await storage.tables.load_owned(Shards())
    assert loaded.table.version == 8 and loaded.table.state is not None
    assert loaded.table.state.view(1) == t.state.view(1)
    found = await storage.tables.record_of(t.id)
    assert found is not None and found[2] == to_record(t.state), "a live game's record, rebuilt"
    _finish(t)
    await storage.tables.save(t)
    record = await storage.db.fetchone("SELECT record FROM game_tables WHERE id = ?", (t.id,))
    assert record is not None and record[0] is not None
    found = await storage.tables.record_of(t.id)
    assert found is not None and found[2] == to_record(t.state)


async def test_a_live_table_kept_as_a_whole_record_loads_and_gains_its_moves(
    storage: Storage,
) -> None:
    """A table saved before moves were kept one by one (its record only) still loads, and its
    next save writes every move."""
    t = _table()
    await storage.tables.create_table(t)
    t.state = new_game("smear", 3, t.seed, t.options)
    t.status = PLAYING
    rng = random.Random(3)
    for _ in range(6):
        t.state.apply(_modest(t.state.legal_actions(), rng))
        t.version += 1
    await storage.db.write(
        [
            (
                "UPDATE game_tables SET status = ?, record = ?, version = ? WHERE id = ?",
                (PLAYING, json.dumps(to_record(t.state)), 6, t.id),
            )
        ]
    )
    [loaded] = await storage.tables.load_owned(Shards())
    again = loaded.table
    assert again.state is not None and again.version == 6
    assert again.state.view(0) == t.state.view(0)
    again.state.apply(_modest(again.state.legal_actions(), rng))
    again.version += 1
    await storage.tables.save(again)
    count = await storage.db.fetchone("SELECT COUNT(*) FROM moves WHERE table_id = ?", (t.id,))
    assert count is not None and count[0] == 7
    [loaded] = await storage.tables.load_owned(Shards())
    assert loaded.table.state is not None and loaded.table.version == 7
    assert loaded.table.state.view(2) == again.state.view(2)


async def test_a_channel_holds_several_live_tables_each_with_its_thread(
    storage: Storage,
) -> None:
    """Issue 26: games play in threads of their channel, so the database no longer allows
    one live table per channel only; a table's thread is saved and loaded with it."""
    first, second = _table(), _table()
    first.settings["thread"] = True  # its game will move into a thread: not in the channel
    await storage.tables.create_table(first)
    await storage.tables.create_table(second)
    first.settings.pop("thread")
    first.thread_id = 555
    await storage.tables.save(first)
    loaded = {x.table.id: x.table for x in await storage.tables.load_owned(Shards())}
    assert loaded[first.id].thread_id == 555 and loaded[second.id].thread_id is None
    assert await storage.tables.live_table_in_channel(555) == first.id
    found = await storage.tables.record_of(first.id)
    assert found is not None and [p.channel_id for p in found[1]] == [10, 555]


async def test_one_live_game_in_a_channel_itself_is_the_databases_rule(storage: Storage) -> None:
    """Issue 34: two tables that would play in the channel itself, created at the same
    instant, and a lobby whose thread was refused at its start: the database lets one in."""
    results = await asyncio.gather(
        storage.tables.create_table(_table()),
        storage.tables.create_table(_table()),
        return_exceptions=True,
    )
    assert sorted(type(r).__name__ for r in results) == ["ChannelTaken", "int"], results
    waiting = _table()
    waiting.settings["thread"] = True
    await storage.tables.create_table(waiting)  # a lobby whose game wants a thread
    with pytest.raises(ChannelTaken):
        await storage.tables.claim_channel(waiting)  # its thread refused: the channel is taken
    elsewhere = _table(channel=11)
    elsewhere.settings["thread"] = True
    await storage.tables.create_table(elsewhere)
    await storage.tables.claim_channel(elsewhere)  # a free channel: it plays there


async def test_results_and_ratings_are_written_exactly_once(storage: Storage) -> None:
    t = _table()
    await storage.tables.create_table(t)
    _finish(t)
    await storage.tables.save(t)
    await storage.tables.save(t)  # again, e.g. after a restart: nothing more is counted
    assert await storage.results.finished_count() == 1
    board = await storage.results.leaderboard(1, "smear")
    assert {r.user_id for r in board} == {100, 200}
    assert all(r.games == 1 for r in board)
    stats = await storage.results.stats(1, 100)
    assert stats[0].games == 1 and len(stats[0].recent) == 1


async def test_a_crash_while_rating_records_nothing(
    storage: Storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    t = _table()
    await storage.tables.create_table(t)
    _finish(t)

    def broken(*args: object) -> object:
        raise RuntimeError("rating failed")

    monkeypatch.setattr(ratings, "rate", broken)
    with pytest.raises(RuntimeError):
        await storage.tables.save(t)
    assert await storage.results.finished_count() == 0
    row = await storage.db.fetchone("SELECT status FROM game_tables WHERE id = ?", (t.id,))
    assert row is not None and row[0] == "lobby"  # the whole transaction was rolled back


async def test_rank_of_someone_outside_the_top(storage: Storage) -> None:
    for i in range(5):
        t = _table(channel=20 + i)
        t.seats = [Seat(1000 + i, f"p{i}"), Seat(None, "Ada", level="easy")]
        t.max_seats = 2
        t.options = {"target": 3, "stuck_dealer": False}
        await storage.tables.create_table(t)
        t.state = new_game("smear", 2, t.seed + i, t.options)
        rng = random.Random(i)
        while t.state.outcome() is None:
            t.state.apply(_modest(t.state.legal_actions(), rng))
        t.status = FINISHED
        await storage.tables.save(t)
    top = await storage.results.leaderboard(1, "smear", limit=2)
    outside = next(i for i in range(5) if all(r.user_id != 1000 + i for r in top))
    mine = await storage.results.rank_of(1, "smear", 1000 + outside)
    assert mine is not None and mine.rank > 2


# ---------------------------------------------------------------------- group commit


async def test_saves_of_many_tables_are_group_committed(tmp_path: Path) -> None:
    storage = await Storage.open(tmp_path / "t.sqlite3")
    try:
        await _group_committed(storage)
    finally:
        await storage.close()


async def _group_committed(storage: Storage) -> None:
    tables = []
    for i in range(6):
        t = _table(i, channel=10 + i)
        await storage.tables.create_table(t)
        t.state = new_game("smear", 3, t.seed, t.options)
        t.status = PLAYING
        await storage.tables.save(t)
        tables.append(t)
    for t in tables:
        assert t.state is not None
        t.state.apply(t.state.legal_actions()[0])
        t.version = 1
    db = storage.db
    assert isinstance(db, SqliteDatabase)
    commits = 0
    real = db.writer.commit

    async def counting() -> None:
        nonlocal commits
        commits += 1
        await real()

    db.writer.commit = counting  # type: ignore[method-assign]
    await asyncio.gather(*(storage.tables.save(t) for t in tables))
    assert commits <= 2  # the first alone, the rest queued meanwhile together
    rebuilt = {x.table.id: x.table for x in await storage.tables.load_owned(Shards())}
    assert all(rebuilt[t.id].version == 1 for t in tables)


async def test_a_failed_group_commit_fails_only_its_own_write(tmp_path: Path) -> None:
    storage = await Storage.open(tmp_path / "t.sqlite3")
    try:
        await _one_bad_write(storage)
    finally:
        await storage.close()


async def _one_bad_write(storage: Storage) -> None:
    good, bad = _table(1, channel=11), _table(2, channel=12)
    for t in (good, bad):
        await storage.tables.create_table(t)
    db = storage.db
    assert isinstance(db, SqliteDatabase)
    await db.writer.execute(
        f"CREATE TRIGGER no_bad BEFORE UPDATE ON game_tables WHEN NEW.id = {bad.id}"
        " BEGIN SELECT RAISE(ABORT, 'refused'); END"
    )
    good.host_id = bad.host_id = 999
    results = await asyncio.gather(
        storage.tables.save(good), storage.tables.save(bad), return_exceptions=True
    )
    assert results[0] is None and isinstance(results[1], StorageError)
    row = await db.fetchone("SELECT host_id FROM game_tables WHERE id = ?", (good.id,))
    assert row is not None and row[0] == 999


async def test_a_database_file_removed_while_running_stops_saves(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    storage = await Storage.open(path)
    try:
        t = _table()
        await storage.tables.create_table(t)
        os.remove(path)
        with pytest.raises(StorageLost, match="removed or replaced"):
            await storage.tables.save(t)
    finally:
        await storage.close()


# ---------------------------------------------------------------------- forgetting


async def test_a_person_and_a_server_can_be_forgotten(storage: Storage) -> None:
    t = _table()
    await storage.tables.create_table(t)
    _finish(t)
    await storage.tables.save(t)
    other = _table(guild=2, channel=30)
    await storage.tables.create_table(other)
    _finish(other)
    await storage.tables.save(other)
    done = await storage.people.forget_user(100)
    assert done.games == 2 and done.ratings == 2
    assert await storage.results.rank_of(1, "smear", 100) is None
    assert await storage.results.rank_of(1, "smear", 200) is not None
    names = await storage.db.fetchall("SELECT name FROM seats WHERE user_id = 100")
    assert names == []
    done = await storage.people.forget_guild(1)
    assert done.games == 1
    assert await storage.results.leaderboard(1, "smear") == []
    assert await storage.results.leaderboard(2, "smear") != []
    assert await storage.db.fetchall("SELECT id FROM game_tables WHERE guild_id = 1") == []


async def test_postgres_migrates_once_when_processes_start_together(postgres: str) -> None:
    from sandbox.postgres import new_database

    url = await new_database(postgres)
    opened = await asyncio.gather(*(Storage.open(url) for _ in range(4)))
    try:
        rows = await opened[0].db.fetchall("SELECT version FROM schema_version ORDER BY version")
        assert [r[0] for r in rows] == [m.version for m in MIGRATIONS]
    finally:
        for s in opened:
            await s.close()


async def test_a_postgres_server_that_is_not_there_is_one_sentence() -> None:
    with pytest.raises(StorageError, match="not answering") as caught:
        await Storage.open("postgresql://someone:secret@127.0.0.1:1/nothing")
    assert "secret" not in str(caught.value)


async def test_one_process_owns_a_sqlite_file(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    first = await Storage.open(path)
    try:
        with pytest.raises(StorageError, match="in use by another bot process") as caught:
            await Storage.open(path)
        assert f"process {os.getpid()}" in str(caught.value)
        assert await first.db.take(Shards())  # the file's owner owns every table in it
    finally:
        await first.close()
    again = await Storage.open(path)  # closing let go of it
    await again.close()


async def test_postgres_shards_are_owned_by_one_process_at_a_time(postgres: str) -> None:
    """Advisory locks held by each process's writing connection: one owner per shard, an
    unsharded process excludes every sharded one, and a closed process lets go at once."""
    from sandbox.postgres import new_database

    url = await new_database(postgres)
    a, b, c = [await Storage.open(url) for _ in range(3)]
    try:
        assert await a.db.take(Shards(2, (0,)))
        assert await b.db.take(Shards(2, (1,)))  # another shard: no conflict
        assert not await c.db.take(Shards(2, (0, 1)))  # both are owned
        assert not await c.db.take(Shards())  # every server: nobody may own a shard
        await a.close()
        assert await c.db.take(Shards(2, (0,)))  # let go with its connection
        assert not await b.db.take(Shards(2, (0,)))  # c has it now
        with pytest.raises(StorageError, match="Another process owns shard 0 of 2"):
            await b.heartbeats.beat(
                ["shard 0 of 2"], 1.0, "{}"
            )  # and b may write nothing meanwhile
    finally:
        for s in (b, c):
            await s.close()


async def test_postgres_ownership_lost_with_the_connection_is_told_and_taken_back(
    postgres: str,
) -> None:
    """The writing connection is cut (as when the server restarts): the owner is told at
    once, its next write connects again and takes its locks back."""
    import asyncpg

    from sandbox.postgres import new_database

    url = await new_database(postgres)
    s = await Storage.open(url)
    told: list[bool] = []
    s.db.on_ownership(told.append)
    try:
        assert await s.db.take(Shards(3, (2,)))
        admin = await asyncpg.connect(url)
        try:
            await admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory'"
                " AND objid = 2 AND pid <> pg_backend_pid()"
            )
        finally:
            await admin.close()
        for _ in range(50):
            if told:
                break
            await asyncio.sleep(0.02)
        assert told == [False]
        await s.heartbeats.beat(["shard 2 of 3"], 1.0, "{}")  # connects again, with the locks
        assert told == [False, True]
    finally:
        await s.close()


def test_sqlite_urls_name_files() -> None:
    from bot.storage import sqlite_path

    assert sqlite_path("sqlite:///data/x.sqlite3") == "data/x.sqlite3"
    assert sqlite_path("sqlite:////abs/x.sqlite3") == "/abs/x.sqlite3"
    assert sqlite_path("data/y.sqlite3") == "data/y.sqlite3"


async def test_moving_house_copies_everything_and_checks_the_counts(
    tmp_path: Path, postgres: str
) -> None:
    import subprocess
    import sys

    from sandbox.postgres import new_database

    source = tmp_path / "old.sqlite3"
    old = await Storage.open(source)
    t = _table()
    await old.tables.create_table(t)
    _finish(t)
    await old.tables.save(t, [OutboxRow(1, "post", "standings", "n", '{"content": "x"}', 1)])
    live = _table(channel=99)
    await old.tables.create_table(live)
    await old.people.set_language("guild", 1, "fi")
    await old.close()
    url = await new_database(postgres)
    run = subprocess.run(
        [sys.executable, "-m", "bot", "migrate-db", "--from", f"sqlite:///{source}", "--to", url],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    assert "game_tables: 2 rows copied, counts match" in run.stdout
    new = await Storage.open(url)
    try:
        assert await new.results.finished_count() == 1
        assert (await new.people.languages())[0] == {1: "fi"}
        board = await new.results.leaderboard(1, "smear")
        assert {r.user_id for r in board} == {100, 200}
        history = await new.results.rating_history(1, 100, "smear")
        assert len(history) == 1 and history[0].finished_at > 0, "records over time move too"
        (stats,) = await new.results.stats(1, 100)
        assert stats.hands > 0
        found = await new.tables.record_of(t.id)
        assert found is not None and found[0] == "finished"
        fresh = _table(channel=123)
        await new.tables.create_table(fresh)
        assert fresh.id > live.id, "new tables do not reuse copied ids"
    finally:
        await new.close()
    again = subprocess.run(
        [sys.executable, "-m", "bot", "migrate-db", "--from", f"sqlite:///{source}", "--to", url],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert again.returncode == 2 and "already has data" in again.stderr
