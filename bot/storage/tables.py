"""Tables and their games: created, saved after every change (with the change's public effects
and, at the end, the game's result), loaded again after a restart.

A table can always be rebuilt from its rows: the game record (RECORD.md) and the seed give the
engine state (``engine.record.restore``); its seats, message slots, outbox and hand copies give
the rest.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import orjson

from bot.clock import wall_time
from bot.daily import is_daily
from bot.model import CANCELLED, FINISHED, PLAYING, Place, Seat, Table, count_actions
from bot.storage.daily import DailyStore
from bot.storage.database import Database, Statement
from bot.storage.feed import INSERT_OUTBOX, HandCopyRow, OutboxRow, SlotRow
from bot.storage.ownership import Shards
from bot.storage.results import ResultStore
from engine.record import actions_of, rebuild, restore, to_record

LIVE_SQL = "('lobby', 'playing')"
UPDATE_GAME = (
    "UPDATE game_tables SET status = ?, record = ?, version = ?, deadline = ?, host_id = ?,"
    " settings = ?, thread_id = ?, updated_at = ? WHERE id = ?"
)
INSERT_MOVE = "INSERT INTO moves (table_id, seq, action) VALUES (?, ?, ?)"
TABLE_COLUMNS = (
    "id, guild_id, channel_id, game, host_id, max_seats, options, turn_timer, seed, status,"
    " record, version, deadline, settings, updated_at, thread_id"
)


@dataclass(frozen=True)
class LoadedTable:
    table: Table
    slots: list[SlotRow]
    outbox: list[OutboxRow]
    hand_copies: list[HandCopyRow]


class TableStore:
    def __init__(self, db: Database, results: ResultStore, daily: DailyStore) -> None:
        self.db = db
        self.results = results
        self.daily = daily

    async def create_table(self, t: Table) -> int:
        now = wall_time()
        async with self.db.transaction() as tx:
            row = await tx.fetchone(
                "INSERT INTO game_tables (guild_id, channel_id, game, host_id, max_seats,"
                " options, turn_timer, seed, status, settings, in_channel, created_at,"
                " updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                (
                    t.guild_id,
                    t.channel_id,
                    t.game,
                    t.host_id,
                    t.max_seats,
                    json.dumps(t.options),
                    t.turn_timer,
                    t.seed,
                    t.status,
                    json.dumps(t.settings),
                    0 if t.settings.get("thread") else 1,  # no thread wanted: the channel
                    now,
                    now,
                ),
            )
            assert row is not None
            t.id = int(row[0])
            for sql, params in self._seat_statements(t):
                await tx.execute(sql, params)
        t.idle_since = now
        return t.id

    async def claim_channel(self, t: Table) -> None:
        """The table's game plays in its channel itself after all (its thread was refused):
        ``ChannelTaken`` if another live game already does. A transaction of its own, so that
        the refusal is this table's alone (a group commit would fail its neighbours too)."""
        async with self.db.transaction() as tx:
            await tx.execute("UPDATE game_tables SET in_channel = 1 WHERE id = ?", (t.id,))

    def _seat_statements(self, t: Table) -> list[Statement]:
        out: list[Statement] = [("DELETE FROM seats WHERE table_id = ?", (t.id,))]
        out += [
            (
                "INSERT INTO seats (table_id, seat, user_id, name, level, autopilot, timeouts)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (t.id, i, s.user_id, s.name, s.level, int(s.autopilot), s.timeouts),
            )
            for i, s in enumerate(t.seats)
        ]
        return out

    def _table_statements(self, t: Table) -> list[Statement]:
        """The table's row, and the moves of its game the database does not have yet. A live
        game is kept move by move (a short row each, whatever its length); its whole record is
        written once, when it ends (finished or cancelled), for export, review and results."""
        record = None
        moves: list[Statement] = []
        if t.state is not None:
            if t.status in (FINISHED, CANCELLED):
                record = orjson.dumps(to_record(t.state)).decode()
            actions = actions_of(t.state)
            moves = [
                (INSERT_MOVE, (t.id, seq, action))
                for seq, action in enumerate(actions[t.saved_version :], start=t.saved_version)
            ]
        row = (
            UPDATE_GAME,
            (
                t.status,
                record,
                t.version,
                t.deadline,
                t.host_id,
                json.dumps(t.settings),
                t.thread_id,
                t.idle_since,
                t.id,
            ),
        )
        return [row, *moves]

    async def save(self, t: Table, rows: Sequence[OutboxRow] = (), *, seats: bool = False) -> None:
        """A table after a change, with the public effects it caused, in one transaction
        (group-committed). When the game is over, its result and the ratings (a daily deal's
        attempt) are written in that same transaction, exactly once."""
        statements = self._table_statements(t)
        if seats:
            statements += self._seat_statements(t)
        statements += [(INSERT_OUTBOX, (t.id, *r)) for r in rows]
        if t.status != FINISHED:
            await self.db.write(statements)
            t.saved_version = t.version
            return
        async with self.db.transaction() as tx:
            for sql, params in statements:
                await tx.execute(sql, params)
            if is_daily(t):  # unrated: the daily deal has its own boards
                await self.daily.record(tx, t)
            else:
                await self.results.record(tx, t)
        t.saved_version = t.version

    async def cancel(self, t: Table, rows: Sequence[OutboxRow] = ()) -> None:
        """A table closed without a result: its game's record is kept as it stood."""
        t.idle_since = wall_time()
        statements = self._table_statements(t)
        statements += [(INSERT_OUTBOX, (t.id, *r)) for r in rows]
        await self.db.write(statements)
        t.saved_version = t.version

    async def _load(self, row: tuple[Any, ...]) -> LoadedTable:
        t = Table(
            id=row[0],
            guild_id=row[1],
            channel_id=row[2],
            game=row[3],
            host_id=row[4],
            max_seats=row[5],
            options=json.loads(row[6]),
            turn_timer=row[7],
            seed=row[8],
            status=row[9],
            version=row[11],
            deadline=row[12],
            settings=json.loads(row[13] or "{}"),
            idle_since=float(row[14]),
            thread_id=None if row[15] is None else int(row[15]),
        )
        t.seats = await self._load_seats(t.id)
        await self._load_game(t, row[10])
        slots = [
            SlotRow(*r)
            for r in await self.db.fetchall(
                "SELECT slot, nonce, message_id, token, token_at, ref FROM slots"
                " WHERE table_id = ?",
                (t.id,),
            )
        ]
        outbox = [
            OutboxRow(*r)
            for r in await self.db.fetchall(
                "SELECT seq, op, slot, nonce, payload, revision FROM outbox WHERE table_id = ?"
                " ORDER BY seq",
                (t.id,),
            )
        ]
        t.next_seq = (outbox[-1].seq + 1) if outbox else 1
        copies = [
            HandCopyRow(*r)
            for r in await self.db.fetchall(
                "SELECT user_id, copy_token, copy_ref, copy_message_id, copy_at, fresh_token,"
                " fresh_at, locale FROM hand_copies WHERE table_id = ?",
                (t.id,),
            )
        ]
        return LoadedTable(t, slots, outbox, copies)

    async def _load_game(self, t: Table, record_text: str | None) -> None:
        """The game of a loaded table: from its moves while it is live, from its record once it
        ended (or from the record a live table was kept in before its moves were: its next save
        writes all of them)."""
        if t.status not in (PLAYING, FINISHED, CANCELLED):
            return
        moves = await self.db.fetchall(
            "SELECT action FROM moves WHERE table_id = ? ORDER BY seq", (t.id,)
        )
        if t.status == PLAYING and (moves or not record_text):
            actions = [int(m[0]) for m in moves]
            t.state = rebuild(t.game, len(t.seats), t.seed, t.options, actions)
            t.version = t.saved_version = len(actions)
        elif record_text:
            record = orjson.loads(record_text)
            t.state = restore(record, t.seed)
            t.version = count_actions(record)
            t.saved_version = len(moves)

    async def _load_seats(self, table_id: int) -> list[Seat]:
        rows = await self.db.fetchall(
            "SELECT user_id, name, level, autopilot, timeouts FROM seats WHERE table_id = ?"
            " ORDER BY seat",
            (table_id,),
        )
        return [
            Seat(user_id=r[0], name=r[1], level=r[2], autopilot=bool(r[3]), timeouts=r[4])
            for r in rows
        ]

    async def load_table(self, table_id: int) -> LoadedTable | None:
        """Any table, live or not (a rematch reads the finished game)."""
        row = await self.db.fetchone(
            f"SELECT {TABLE_COLUMNS} FROM game_tables WHERE id = ?", (table_id,)
        )
        return None if row is None else await self._load(row)

    async def load_tables(self, ids: Sequence[int]) -> list[LoadedTable]:
        if not ids:
            return []
        marks = ", ".join("?" for _ in ids)
        rows = await self.db.fetchall(
            f"SELECT {TABLE_COLUMNS} FROM game_tables WHERE id IN ({marks}) ORDER BY id",
            tuple(ids),
        )
        return [await self._load(row) for row in rows]

    async def load_owned(self, shards: Shards) -> list[LoadedTable]:
        """Every table of ``shards`` that is live or still has messages to send."""
        where, params = shards.sql()
        rows = await self.db.fetchall(
            f"SELECT {TABLE_COLUMNS} FROM game_tables WHERE (status IN {LIVE_SQL}"
            f" OR id IN (SELECT table_id FROM outbox)) AND {where} ORDER BY id",
            params,
        )
        return [await self._load(row) for row in rows]

    async def table_status(self, table_id: int) -> str | None:
        """A table's status as stored (None: no such table)."""
        row = await self.db.fetchone("SELECT status FROM game_tables WHERE id = ?", (table_id,))
        return None if row is None else str(row[0])

    async def live_table_in_channel(self, channel_id: int) -> int | None:
        """A live table opened in the channel, or playing in it (a thread)."""
        row = await self.db.fetchone(
            "SELECT id FROM game_tables WHERE (channel_id = ? OR thread_id = ?)"
            f" AND status IN {LIVE_SQL} LIMIT 1",
            (channel_id, channel_id),
        )
        return None if row is None else int(row[0])

    async def record_of(
        self, table_id: int
    ) -> tuple[str, tuple[Place, ...], dict[str, Any] | None] | None:
        """(status, the places it may be asked from: its channel and its thread, record or
        None before the game starts) of any table."""
        row = await self.db.fetchone(
            "SELECT status, guild_id, channel_id, record, thread_id FROM game_tables WHERE id = ?",
            (table_id,),
        )
        if row is None:
            return None
        status = str(row[0])
        place: tuple[Place, ...] = (Place(int(row[1]), int(row[2])),)
        if row[4] is not None:
            place += (Place(int(row[1]), int(row[4])),)
        if row[3]:
            return status, place, orjson.loads(row[3])
        if status != PLAYING:
            return status, place, None
        loaded = await self.load_table(table_id)  # a live game: its record from its moves
        state = None if loaded is None else loaded.table.state
        return status, place, None if state is None else to_record(state)

    async def last_record_in_channel(self, channel_id: int) -> tuple[int, dict[str, Any]] | None:
        row = await self.db.fetchone(
            "SELECT id, record FROM game_tables WHERE (channel_id = ? OR thread_id = ?)"
            " AND record IS NOT NULL AND status IN ('finished', 'cancelled')"
            " ORDER BY id DESC LIMIT 1",
            (channel_id, channel_id),
        )
        return None if row is None else (int(row[0]), json.loads(row[1]))
