"""Everything the bot keeps in SQLite. Parameterized SQL only; one lock serializes transactions.

A table can always be rebuilt from its row: the game record (RECORD.md) and the seed give the
engine state (``engine.record.restore``); the row and its seats give the rest.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiosqlite

from bot import ratings
from bot.db import connect
from bot.model import CANCELLED, FINISHED, PLAYING, Refusal, Seat, Table, count_actions
from engine.record import restore, to_record
from engine.smear import SmearState


@dataclass(frozen=True)
class LeaderRow:
    rank: int
    user_id: int
    name: str
    rating: float
    games: int
    wins: int

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True)
class StatRow:
    game: str
    games: int
    wins: int
    bids: int
    bids_made: int
    average_score: float
    rating: float | None


UPDATE_GAME = (
    "UPDATE game_tables SET status = ?, record = ?, version = ?, deadline = ?, updated_at = ?"
    " WHERE id = ?"
)


def _settle(fut: asyncio.Future[None], error: BaseException | None) -> None:
    if fut.done():
        return
    if error is None:
        fut.set_result(None)
    else:
        fut.set_exception(error)


class Storage:
    def __init__(self, db: aiosqlite.Connection) -> None:
        self.db = db
        self._lock = asyncio.Lock()
        self._batch: list[tuple[tuple[Any, ...], asyncio.Future[None]]] = []
        self._flusher: asyncio.Task[None] | None = None

    @classmethod
    async def open(cls, path: Path | str) -> Storage:
        return cls(await connect(path))

    async def close(self) -> None:
        if self._flusher is not None:
            with contextlib.suppress(Exception):
                await self._flusher
        await self.db.close()

    @contextlib.asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        async with self._lock:
            await self.db.execute("BEGIN IMMEDIATE")
            try:
                yield self.db
            except BaseException:
                await self.db.rollback()
                raise
            await self.db.commit()

    # ------------------------------------------------------------------ tables

    async def create_table(self, t: Table) -> int:
        now = time.time()
        try:
            async with self.transaction() as db:
                cur = await db.execute(
                    "INSERT INTO game_tables (guild_id, channel_id, game, host_id, max_seats,"
                    " options, turn_timer, seed, status, created_at, updated_at)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
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
                        now,
                        now,
                    ),
                )
                assert cur.lastrowid is not None
                t.id = cur.lastrowid
                await self._write_seats(db, t)
        except sqlite3.IntegrityError:
            raise Refusal("There is already a table in this channel.") from None
        return t.id

    async def _write_seats(self, db: aiosqlite.Connection, t: Table) -> None:
        await db.execute("DELETE FROM seats WHERE table_id = ?", (t.id,))
        await db.executemany(
            "INSERT INTO seats (table_id, seat, user_id, name, level, autopilot, timeouts)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            [
                (t.id, i, s.user_id, s.name, s.level, int(s.autopilot), s.timeouts)
                for i, s in enumerate(t.seats)
            ],
        )

    async def save_seats(self, t: Table) -> None:
        """The lobby changed (join, leave, computer added or removed, new host)."""
        async with self.transaction() as db:
            await db.execute(
                "UPDATE game_tables SET host_id = ?, updated_at = ? WHERE id = ?",
                (t.host_id, time.time(), t.id),
            )
            await self._write_seats(db, t)

    async def save_game(self, t: Table) -> None:
        """The game state after an accepted action (or the start): committed before answering.

        When the game is over, the result and the ratings are written in this same transaction,
        exactly once (a second call finds the result row and writes nothing more).
        """
        assert t.state is not None
        record = json.dumps(to_record(t.state), separators=(",", ":"))
        if t.status != FINISHED and not t.seats_dirty:
            # The common case: one statement, atomic on its own, group-committed.
            await self._update_game((t.status, record, t.version, t.deadline, time.time(), t.id))
            return
        t.seats_dirty = False
        async with self.transaction() as db:
            await db.execute(
                "UPDATE game_tables SET status = ?, record = ?, version = ?, deadline = ?,"
                " updated_at = ? WHERE id = ?",
                (t.status, record, t.version, t.deadline, time.time(), t.id),
            )
            await self._write_seats(db, t)
            if t.status == FINISHED:
                await self._record_result(db, t)

    async def _update_game(self, params: tuple[Any, ...]) -> None:
        """Group commit of the one-statement saves: those queued while a batch is written go
        out together in the next, as one trip to SQLite's thread (``executemany``; each row is
        still its own atomic statement). Returns once this row is committed; raises if not."""
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._batch.append((params, fut))
        if self._flusher is None:
            self._flusher = asyncio.create_task(self._flush())
        await fut

    async def _flush(self) -> None:
        try:
            while self._batch:
                batch, self._batch = self._batch, []
                try:
                    async with self._lock:
                        await self.db.executemany(UPDATE_GAME, [p for p, _ in batch])
                except Exception:
                    # Rows before the failing one are committed; settle each row on its own
                    # (the same UPDATE again is harmless).
                    for params, fut in batch:
                        try:
                            async with self._lock:
                                await self.db.execute(UPDATE_GAME, params)
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
                _settle(fut, RuntimeError("storage closed"))
            self._batch = []

    async def _record_result(self, db: aiosqlite.Connection, t: Table) -> bool:
        assert t.state is not None
        outcome = t.state.outcome()
        assert outcome is not None
        cur = await db.execute(
            "INSERT OR IGNORE INTO results (table_id, guild_id, game, finished_at, winners, scores)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            (
                t.id,
                t.guild_id,
                t.game,
                time.time(),
                json.dumps(list(outcome.winners)),
                json.dumps(list(outcome.scores)),
            ),
        )
        if cur.rowcount == 0:
            return False  # already recorded
        bids = [0] * len(t.seats)
        made = [0] * len(t.seats)
        if isinstance(t.state, SmearState):
            for r in t.state.results:
                if r.bidder is not None:
                    bids[r.bidder] += 1
                    made[r.bidder] += int(bool(r.made))
        participants = [
            ratings.Participant(
                seat=i,
                user_id=s.user_id,
                level=s.level,
                score=outcome.scores[i],
                won=i in outcome.winners,
            )
            for i, s in enumerate(t.seats)
        ]
        people = [p for p in participants if p.user_id is not None]
        current: dict[int, tuple[float, float]] = {}
        for p in people:
            assert p.user_id is not None
            async with db.execute(
                "SELECT mu, sigma FROM ratings WHERE guild_id = ? AND game = ? AND user_id = ?",
                (t.guild_id, t.game, p.user_id),
            ) as c:
                row = await c.fetchone()
            if row is not None:
                current[p.user_id] = (float(row[0]), float(row[1]))
        new = ratings.rate(t.game, participants, current)
        for p in people:
            assert p.user_id is not None
            await db.execute(
                "INSERT INTO player_results (table_id, user_id, guild_id, game, seat, won, score,"
                " bids, bids_made) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    t.id,
                    p.user_id,
                    t.guild_id,
                    t.game,
                    p.seat,
                    int(p.won),
                    p.score,
                    bids[p.seat],
                    made[p.seat],
                ),
            )
            mu, sigma = new.get(p.user_id, current.get(p.user_id, (0.0, 0.0)))
            if p.user_id not in new and p.user_id not in current:
                mu, sigma = ratings.DEFAULT_MU, ratings.DEFAULT_SIGMA
            await db.execute(
                "INSERT INTO ratings (guild_id, game, user_id, name, mu, sigma, games, wins)"
                " VALUES (?, ?, ?, ?, ?, ?, 1, ?)"
                " ON CONFLICT (guild_id, game, user_id) DO UPDATE SET name = excluded.name,"
                " mu = excluded.mu, sigma = excluded.sigma, games = games + 1,"
                " wins = wins + excluded.wins",
                (t.guild_id, t.game, p.user_id, t.seats[p.seat].name, mu, sigma, int(p.won)),
            )
        return True

    async def save_messages(self, t: Table) -> None:
        # One statement: atomic on its own, one trip to SQLite's thread.
        async with self._lock:
            await self.db.execute(
                "UPDATE game_tables SET lobby_message_id = ?, table_message_id = ?,"
                " table_message_hand = ?, ping_message_id = ? WHERE id = ?",
                (
                    t.lobby_message_id,
                    t.table_message_id,
                    t.table_message_hand,
                    t.ping_message_id,
                    t.id,
                ),
            )

    async def cancel(self, t: Table) -> None:
        async with self.transaction() as db:
            await db.execute(
                "UPDATE game_tables SET status = ?, updated_at = ? WHERE id = ?",
                (CANCELLED, time.time(), t.id),
            )

    async def load_live(self) -> list[Table]:
        """Every table in a lobby or in play, rebuilt from its row, seats and record."""
        async with self.db.execute(
            "SELECT id, guild_id, channel_id, game, host_id, max_seats, options, turn_timer, seed,"
            " status, record, version, deadline, lobby_message_id, table_message_id,"
            " table_message_hand, ping_message_id FROM game_tables"
            " WHERE status IN ('lobby', 'playing') ORDER BY id"
        ) as cur:
            rows = list(await cur.fetchall())
        tables = []
        for row in rows:
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
                lobby_message_id=row[13],
                table_message_id=row[14],
                table_message_hand=row[15],
                ping_message_id=row[16],
            )
            t.seats = await self._load_seats(t.id)
            if t.status == PLAYING and row[10]:
                record = json.loads(row[10])
                t.state = restore(record, t.seed)
                t.version = count_actions(record)
            tables.append(t)
        return tables

    async def _load_seats(self, table_id: int) -> list[Seat]:
        async with self.db.execute(
            "SELECT user_id, name, level, autopilot, timeouts FROM seats WHERE table_id = ?"
            " ORDER BY seat",
            (table_id,),
        ) as cur:
            return [
                Seat(user_id=r[0], name=r[1], level=r[2], autopilot=bool(r[3]), timeouts=r[4])
                for r in await cur.fetchall()
            ]

    async def record_of(self, table_id: int) -> tuple[str, dict[str, Any]] | None:
        """(status, record) of any table that has a record, live or finished."""
        async with self.db.execute(
            "SELECT status, record FROM game_tables WHERE id = ?", (table_id,)
        ) as cur:
            row = await cur.fetchone()
        if row is None or not row[1]:
            return None
        return str(row[0]), json.loads(row[1])

    async def last_record_in_channel(self, channel_id: int) -> tuple[int, dict[str, Any]] | None:
        async with self.db.execute(
            "SELECT id, record FROM game_tables WHERE channel_id = ? AND record IS NOT NULL"
            " ORDER BY id DESC LIMIT 1",
            (channel_id,),
        ) as cur:
            row = await cur.fetchone()
        return None if row is None else (int(row[0]), json.loads(row[1]))

    async def finished_count(self) -> int:
        async with self.db.execute("SELECT COUNT(*) FROM results") as cur:
            row = await cur.fetchone()
        return int(row[0]) if row else 0

    # ------------------------------------------------------------------ ratings and stats

    async def leaderboard(self, guild_id: int, game: str, limit: int = 10) -> list[LeaderRow]:
        async with self.db.execute(
            "SELECT user_id, name, mu, sigma, games, wins FROM ratings"
            " WHERE guild_id = ? AND game = ? ORDER BY (mu - 3 * sigma) DESC, games DESC,"
            " user_id LIMIT ?",
            (guild_id, game, limit),
        ) as cur:
            rows = list(await cur.fetchall())
        return [
            LeaderRow(i + 1, r[0], r[1], ratings.ordinal(r[2], r[3]), r[4], r[5])
            for i, r in enumerate(rows)
        ]

    async def rank_of(self, guild_id: int, game: str, user_id: int) -> LeaderRow | None:
        async with self.db.execute(
            "SELECT name, mu, sigma, games, wins FROM ratings"
            " WHERE guild_id = ? AND game = ? AND user_id = ?",
            (guild_id, game, user_id),
        ) as cur:
            row = await cur.fetchone()
        if row is None:
            return None
        ordinal = ratings.ordinal(row[1], row[2])
        async with self.db.execute(
            "SELECT COUNT(*) FROM ratings WHERE guild_id = ? AND game = ?"
            " AND ((mu - 3 * sigma) > ? OR ((mu - 3 * sigma) = ? AND (games > ?"
            " OR (games = ? AND user_id < ?))))",
            (guild_id, game, ordinal, ordinal, row[3], row[3], user_id),
        ) as cur:
            above = await cur.fetchone()
        rank = (int(above[0]) if above else 0) + 1
        return LeaderRow(rank, user_id, row[0], ordinal, row[3], row[4])

    async def stats(self, guild_id: int, user_id: int) -> list[StatRow]:
        async with self.db.execute(
            "SELECT game, COUNT(*), SUM(won), SUM(bids), SUM(bids_made), AVG(score)"
            " FROM player_results WHERE guild_id = ? AND user_id = ? GROUP BY game ORDER BY game",
            (guild_id, user_id),
        ) as cur:
            rows = list(await cur.fetchall())
        out = []
        for r in rows:
            mine = await self.rank_of(guild_id, r[0], user_id)
            out.append(
                StatRow(
                    game=r[0],
                    games=r[1],
                    wins=r[2] or 0,
                    bids=r[3] or 0,
                    bids_made=r[4] or 0,
                    average_score=float(r[5] or 0.0),
                    rating=mine.rating if mine else None,
                )
            )
        return out


__all__ = ["FINISHED", "LeaderRow", "StatRow", "Storage"]
