"""Everything the bot keeps: tables and their games, the feed's intents, ratings and settings.

``Storage`` speaks SQL to a ``Database`` backend (``bot.storage.database``). A table can always be
rebuilt from its row: the game record (RECORD.md) and the seed give the engine state
(``engine.record.restore``); its seats, message slots, outbox and hand copies give the rest.

What people see is stored as intent before it is sent (the feed's outbox and message slots), in
the same transaction as the action that caused it, so a crash between the two loses nothing.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from bot import ratings
from bot.model import CANCELLED, FINISHED, PLAYING, Place, Seat, Table, count_actions
from bot.storage.database import Database, SqliteDatabase, Statement, Transaction
from bot.storage.errors import (
    DatabaseTooNew,
    OwnershipLost,
    StorageError,
    StorageLost,
    StorageUnavailable,
)
from bot.storage.ownership import Shards
from engine.record import restore, to_record
from engine.smear import SmearState

LIVE_SQL = "('lobby', 'playing')"


class OutboxRow(NamedTuple):
    """One public effect of an action, stored with it: post, edit, close (edit a last time and
    forget) or delete the message of ``slot``. ``payload`` is the rendered message as JSON, and
    ``revision`` the table revision it shows (a click's answer may have shown it already)."""

    seq: int
    op: str
    slot: str
    nonce: str
    payload: str | None
    revision: int = 0


class SlotRow(NamedTuple):
    """A public message of a table: its id once Discord gave it, and the nonce it was (or will
    be) posted with, so a post repeated after a crash returns the first message."""

    slot: str
    nonce: str
    message_id: int | None


class HandCopyRow(NamedTuple):
    """A person's live hand message (ephemeral) and the freshest interaction token they gave."""

    user_id: int
    copy_token: str | None
    copy_ref: str | None  # "@original" or the message id, as the token reaches it
    copy_message_id: int | None
    copy_at: float | None  # wall-clock time the copy's token was issued
    fresh_token: str | None
    fresh_at: float | None
    locale: str | None


@dataclass(frozen=True)
class LoadedTable:
    table: Table
    slots: list[SlotRow]
    outbox: list[OutboxRow]
    hand_copies: list[HandCopyRow]


@dataclass(frozen=True)
class LeaderRow:
    rank: int
    user_id: int
    name: str
    mu: float
    sigma: float
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
    recent: tuple[bool, ...]  # the last few games, newest first: won or not
    rank: LeaderRow | None


UPDATE_GAME = (
    "UPDATE game_tables SET status = ?, record = ?, version = ?, deadline = ?, host_id = ?,"
    " settings = ?, updated_at = ? WHERE id = ?"
)
INSERT_OUTBOX = (
    "INSERT INTO outbox (table_id, seq, op, slot, nonce, payload, revision)"
    " VALUES (?, ?, ?, ?, ?, ?, ?)"
)
TABLE_COLUMNS = (
    "id, guild_id, channel_id, game, host_id, max_seats, options, turn_timer, seed, status,"
    " record, version, deadline, settings, updated_at"
)


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

    @classmethod
    async def open(cls, target: Path | str, *, busy_timeout_ms: int = 15_000) -> Storage:
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

    # ------------------------------------------------------------------ tables

    async def create_table(self, t: Table) -> int:
        now = time.time()
        async with self.db.transaction() as tx:
            row = await tx.fetchone(
                "INSERT INTO game_tables (guild_id, channel_id, game, host_id, max_seats,"
                " options, turn_timer, seed, status, settings, created_at, updated_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
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

    def _table_statement(self, t: Table) -> Statement:
        record = None
        if t.state is not None:
            record = json.dumps(to_record(t.state), separators=(",", ":"))
        return (
            UPDATE_GAME,
            (
                t.status,
                record,
                t.version,
                t.deadline,
                t.host_id,
                json.dumps(t.settings),
                t.idle_since,
                t.id,
            ),
        )

    async def save(self, t: Table, rows: Sequence[OutboxRow] = (), *, seats: bool = False) -> None:
        """A table after a change, with the public effects it caused, in one transaction
        (group-committed). When the game is over, its result and the ratings are written in
        that same transaction, exactly once."""
        statements = [self._table_statement(t)]
        if seats:
            statements += self._seat_statements(t)
        statements += [(INSERT_OUTBOX, (t.id, *r)) for r in rows]
        if t.status != FINISHED:
            await self.db.write(statements)
            return
        async with self.db.transaction() as tx:
            for sql, params in statements:
                await tx.execute(sql, params)
            await self._record_result(tx, t)

    async def cancel(self, t: Table, rows: Sequence[OutboxRow] = ()) -> None:
        statements: list[Statement] = [
            (
                "UPDATE game_tables SET status = ?, updated_at = ? WHERE id = ?",
                (CANCELLED, time.time(), t.id),
            ),
        ]
        statements += [(INSERT_OUTBOX, (t.id, *r)) for r in rows]
        await self.db.write(statements)

    async def _record_result(self, tx: Transaction, t: Table) -> bool:
        assert t.state is not None
        outcome = t.state.outcome()
        assert outcome is not None
        done = await tx.fetchone("SELECT 1 FROM results WHERE table_id = ?", (t.id,))
        if done is not None:
            return False  # already recorded
        await tx.execute(
            "INSERT INTO results (table_id, guild_id, game, finished_at, winners, scores)"
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
        if t.settings.get("coach"):
            return True  # a coached game is unrated
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
            row = await tx.fetchone(
                "SELECT mu, sigma FROM ratings WHERE guild_id = ? AND game = ? AND user_id = ?",
                (t.guild_id, t.game, p.user_id),
            )
            if row is not None:
                current[p.user_id] = (float(row[0]), float(row[1]))
        new = ratings.rate(t.rules, participants, current)
        for p in people:
            assert p.user_id is not None
            await tx.execute(
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
            mu, sigma = new.get(
                p.user_id, current.get(p.user_id, (ratings.DEFAULT_MU, ratings.DEFAULT_SIGMA))
            )
            await tx.execute(
                "INSERT INTO ratings (guild_id, game, user_id, name, mu, sigma, games, wins)"
                " VALUES (?, ?, ?, ?, ?, ?, 1, ?)"
                " ON CONFLICT (guild_id, game, user_id) DO UPDATE SET name = excluded.name,"
                " mu = excluded.mu, sigma = excluded.sigma, games = ratings.games + 1,"
                " wins = ratings.wins + excluded.wins",
                (t.guild_id, t.game, p.user_id, t.seats[p.seat].name, mu, sigma, int(p.won)),
            )
        return True

    # ------------------------------------------------------------------ the feed

    async def outbox_done(self, table_id: int, row: OutboxRow, message_id: int | None) -> None:
        """An outbox row was carried out: forget it, and keep the message id it made."""
        statements: list[Statement] = [
            ("DELETE FROM outbox WHERE table_id = ? AND seq = ?", (table_id, row.seq))
        ]
        if row.op == "post":
            statements.append(self._slot_upsert(table_id, row.slot, row.nonce, message_id))
        elif row.op in ("close", "delete"):
            statements.append(
                ("DELETE FROM slots WHERE table_id = ? AND slot = ?", (table_id, row.slot))
            )
        await self.db.write(statements)

    @staticmethod
    def _slot_upsert(table_id: int, slot: str, nonce: str, message_id: int | None) -> Statement:
        return (
            "INSERT INTO slots (table_id, slot, nonce, message_id) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (table_id, slot) DO UPDATE SET nonce = excluded.nonce,"
            " message_id = excluded.message_id",
            (table_id, slot, nonce, message_id),
        )

    async def set_slot(self, table_id: int, slot: str, nonce: str, message_id: int | None) -> None:
        """Before posting (id None: the intent) and as soon as Discord answers (the id)."""
        await self.db.write([self._slot_upsert(table_id, slot, nonce, message_id)])

    async def drop_slot(self, table_id: int, slot: str) -> None:
        await self.db.write(
            [("DELETE FROM slots WHERE table_id = ? AND slot = ?", (table_id, slot))]
        )

    async def save_hand_copies(self, rows: Sequence[tuple[int, HandCopyRow]]) -> None:
        """People's hand messages and freshest tokens (``(table id, row)`` each)."""
        await self.db.write(
            [
                (
                    "INSERT INTO hand_copies (table_id, user_id, copy_token, copy_ref,"
                    " copy_message_id, copy_at, fresh_token, fresh_at, locale)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
                    " ON CONFLICT (table_id, user_id) DO UPDATE SET"
                    " copy_token = excluded.copy_token, copy_ref = excluded.copy_ref,"
                    " copy_message_id = excluded.copy_message_id, copy_at = excluded.copy_at,"
                    " fresh_token = excluded.fresh_token, fresh_at = excluded.fresh_at,"
                    " locale = excluded.locale",
                    (table_id, *row),
                )
                for table_id, row in rows
            ]
        )

    async def forget_feed(self, table_id: int, *, keep: Sequence[str] = ()) -> None:
        """A closed table's feed is done: its hand copies and message slots go (but ``keep``)."""
        statements: list[Statement] = [
            ("DELETE FROM hand_copies WHERE table_id = ?", (table_id,)),
        ]
        if keep:
            marks = ", ".join("?" for _ in keep)
            statements.append(
                (
                    f"DELETE FROM slots WHERE table_id = ? AND slot NOT IN ({marks})",
                    (table_id, *keep),
                )
            )
        else:
            statements.append(("DELETE FROM slots WHERE table_id = ?", (table_id,)))
        await self.db.write(statements)

    async def slot_of(self, table_id: int, slot: str) -> SlotRow | None:
        row = await self.db.fetchone(
            "SELECT slot, nonce, message_id FROM slots WHERE table_id = ? AND slot = ?",
            (table_id, slot),
        )
        return None if row is None else SlotRow(row[0], row[1], row[2])

    # ------------------------------------------------------------------ loading

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
        )
        t.seats = await self._load_seats(t.id)
        if t.status in (PLAYING, FINISHED) and row[10]:
            record = json.loads(row[10])
            t.state = restore(record, t.seed)
            t.version = count_actions(record)
        slots = [
            SlotRow(*r)
            for r in await self.db.fetchall(
                "SELECT slot, nonce, message_id FROM slots WHERE table_id = ?", (t.id,)
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

    # ------------------------------------------------------------------ ownership

    async def load_owned(self, shards: Shards) -> list[LoadedTable]:
        """Every table of ``shards`` that is live or still has messages to send."""
        where, params = shards.sql()
        rows = await self.db.fetchall(
            f"SELECT {TABLE_COLUMNS} FROM game_tables WHERE (status IN {LIVE_SQL}"
            f" OR id IN (SELECT table_id FROM outbox)) AND {where} ORDER BY id",
            params,
        )
        return [await self._load(row) for row in rows]

    async def beat(self, owners: Sequence[str], now: float, status: str) -> None:
        """We are alive (``status``: what an operator sees with ``python -m bot status``)."""
        await self.db.write(
            [
                (
                    "INSERT INTO heartbeats (owner, alive_at, status) VALUES (?, ?, ?)"
                    " ON CONFLICT (owner) DO UPDATE SET alive_at = excluded.alive_at,"
                    " status = excluded.status",
                    (owner, now, status),
                )
                for owner in owners
            ]
        )

    async def heartbeats(self) -> dict[str, tuple[float, str]]:
        """Every owner's last heartbeat: (when, status)."""
        rows = await self.db.fetchall("SELECT owner, alive_at, status FROM heartbeats")
        return {str(r[0]): (float(r[1]), str(r[2])) for r in rows}

    async def table_status(self, table_id: int) -> str | None:
        """A table's status as stored (None: no such table)."""
        row = await self.db.fetchone("SELECT status FROM game_tables WHERE id = ?", (table_id,))
        return None if row is None else str(row[0])

    async def live_table_in_channel(self, channel_id: int) -> int | None:
        row = await self.db.fetchone(
            f"SELECT id FROM game_tables WHERE channel_id = ? AND status IN {LIVE_SQL}",
            (channel_id,),
        )
        return None if row is None else int(row[0])

    async def load_tables(self, ids: Sequence[int]) -> list[LoadedTable]:
        if not ids:
            return []
        marks = ", ".join("?" for _ in ids)
        rows = await self.db.fetchall(
            f"SELECT {TABLE_COLUMNS} FROM game_tables WHERE id IN ({marks}) ORDER BY id",
            tuple(ids),
        )
        return [await self._load(row) for row in rows]

    # ------------------------------------------------------------------ records

    async def record_of(self, table_id: int) -> tuple[str, Place, dict[str, Any] | None] | None:
        """(status, place, record or None before the game starts) of any table."""
        row = await self.db.fetchone(
            "SELECT status, guild_id, channel_id, record FROM game_tables WHERE id = ?",
            (table_id,),
        )
        if row is None:
            return None
        record = json.loads(row[3]) if row[3] else None
        return str(row[0]), Place(int(row[1]), int(row[2])), record

    async def last_record_in_channel(self, channel_id: int) -> tuple[int, dict[str, Any]] | None:
        row = await self.db.fetchone(
            "SELECT id, record FROM game_tables WHERE channel_id = ? AND record IS NOT NULL"
            " AND status IN ('finished', 'cancelled') ORDER BY id DESC LIMIT 1",
            (channel_id,),
        )
        return None if row is None else (int(row[0]), json.loads(row[1]))

    async def finished_count(self) -> int:
        row = await self.db.fetchone("SELECT COUNT(*) FROM results")
        return int(row[0]) if row else 0

    # ------------------------------------------------------------------ ratings and stats

    async def leaderboard(self, guild_id: int, game: str, limit: int = 10) -> list[LeaderRow]:
        rows = await self.db.fetchall(
            "SELECT user_id, name, mu, sigma, games, wins FROM ratings"
            " WHERE guild_id = ? AND game = ? ORDER BY (mu - 3 * sigma) DESC, games DESC,"
            " user_id LIMIT ?",
            (guild_id, game, limit),
        )
        return [LeaderRow(i + 1, r[0], r[1], r[2], r[3], r[4], r[5]) for i, r in enumerate(rows)]

    async def rank_of(self, guild_id: int, game: str, user_id: int) -> LeaderRow | None:
        row = await self.db.fetchone(
            "SELECT name, mu, sigma, games, wins FROM ratings"
            " WHERE guild_id = ? AND game = ? AND user_id = ?",
            (guild_id, game, user_id),
        )
        if row is None:
            return None
        ordinal = ratings.ordinal(row[1], row[2])
        above = await self.db.fetchone(
            "SELECT COUNT(*) FROM ratings WHERE guild_id = ? AND game = ?"
            " AND ((mu - 3 * sigma) > ? OR ((mu - 3 * sigma) = ? AND (games > ?"
            " OR (games = ? AND user_id < ?))))",
            (guild_id, game, ordinal, ordinal, row[3], row[3], user_id),
        )
        rank = (int(above[0]) if above else 0) + 1
        return LeaderRow(rank, user_id, row[0], row[1], row[2], row[3], row[4])

    # ------------------------------------------------------------------ settings

    async def languages(self) -> tuple[dict[int, str], dict[int, str]]:
        """Every server's and every person's chosen language."""
        guilds = await self.db.fetchall(
            "SELECT guild_id, language FROM guild_settings WHERE language IS NOT NULL"
        )
        users = await self.db.fetchall(
            "SELECT user_id, language FROM user_settings WHERE language IS NOT NULL"
        )
        return {int(g): str(v) for g, v in guilds}, {int(u): str(v) for u, v in users}

    async def set_language(self, kind: str, owner_id: int, language: str | None) -> None:
        """A server's (``kind`` "guild") or a person's ("user") language; None forgets it."""
        table, key = SETTINGS_TABLES[kind]
        await self.db.write(
            [
                (
                    f"INSERT INTO {table} ({key}, language) VALUES (?, ?)"
                    f" ON CONFLICT ({key}) DO UPDATE SET language = excluded.language",
                    (owner_id, language),
                )
            ]
        )

    # ------------------------------------------------------------------ forgetting

    async def forget_user(self, user_id: int) -> Forgotten:
        """Everything stored about a person: results, ratings, settings and tokens go, and
        their name leaves the seats of past games (the games themselves stay, as a computer's
        would)."""
        games = await self.db.fetchone(
            "SELECT COUNT(*) FROM player_results WHERE user_id = ?", (user_id,)
        )
        rated = await self.db.fetchone("SELECT COUNT(*) FROM ratings WHERE user_id = ?", (user_id,))
        await self.db.write(
            [
                ("DELETE FROM player_results WHERE user_id = ?", (user_id,)),
                ("DELETE FROM ratings WHERE user_id = ?", (user_id,)),
                ("DELETE FROM user_settings WHERE user_id = ?", (user_id,)),
                ("DELETE FROM hand_copies WHERE user_id = ?", (user_id,)),
                (
                    "UPDATE seats SET user_id = NULL, name = '-' WHERE user_id = ? AND table_id IN"
                    f" (SELECT id FROM game_tables WHERE status NOT IN {LIVE_SQL})",
                    (user_id,),
                ),
            ]
        )
        return Forgotten(int(games[0]) if games else 0, int(rated[0]) if rated else 0)

    async def forget_guild(self, guild_id: int) -> Forgotten:
        """Everything stored for a server (its live tables must be closed first)."""
        games = await self.db.fetchone(
            "SELECT COUNT(*) FROM results WHERE guild_id = ?", (guild_id,)
        )
        rated = await self.db.fetchone(
            "SELECT COUNT(*) FROM ratings WHERE guild_id = ?", (guild_id,)
        )
        tables = "(SELECT id FROM game_tables WHERE guild_id = ?)"
        await self.db.write(
            [
                ("DELETE FROM player_results WHERE guild_id = ?", (guild_id,)),
                ("DELETE FROM results WHERE guild_id = ?", (guild_id,)),
                ("DELETE FROM ratings WHERE guild_id = ?", (guild_id,)),
                (f"DELETE FROM outbox WHERE table_id IN {tables}", (guild_id,)),
                (f"DELETE FROM slots WHERE table_id IN {tables}", (guild_id,)),
                (f"DELETE FROM hand_copies WHERE table_id IN {tables}", (guild_id,)),
                (f"DELETE FROM seats WHERE table_id IN {tables}", (guild_id,)),
                ("DELETE FROM game_tables WHERE guild_id = ?", (guild_id,)),
                ("DELETE FROM guild_settings WHERE guild_id = ?", (guild_id,)),
            ]
        )
        return Forgotten(int(games[0]) if games else 0, int(rated[0]) if rated else 0)

    async def stats(self, guild_id: int, user_id: int, recent: int = 5) -> list[StatRow]:
        rows = await self.db.fetchall(
            "SELECT game, COUNT(*), SUM(won), SUM(bids), SUM(bids_made), AVG(score)"
            " FROM player_results WHERE guild_id = ? AND user_id = ? GROUP BY game ORDER BY game",
            (guild_id, user_id),
        )
        out = []
        for r in rows:
            form = await self.db.fetchall(
                "SELECT won FROM player_results WHERE guild_id = ? AND user_id = ? AND game = ?"
                " ORDER BY table_id DESC LIMIT ?",
                (guild_id, user_id, r[0], recent),
            )
            out.append(
                StatRow(
                    game=r[0],
                    games=r[1],
                    wins=r[2] or 0,
                    bids=r[3] or 0,
                    bids_made=r[4] or 0,
                    average_score=float(r[5] or 0.0),
                    recent=tuple(bool(f[0]) for f in form),
                    rank=await self.rank_of(guild_id, r[0], user_id),
                )
            )
        return out


class Forgotten(NamedTuple):
    games: int
    ratings: int


SETTINGS_TABLES = {"guild": ("guild_settings", "guild_id"), "user": ("user_settings", "user_id")}


__all__ = [
    "DatabaseTooNew",
    "Forgotten",
    "HandCopyRow",
    "LeaderRow",
    "LoadedTable",
    "OutboxRow",
    "OwnershipLost",
    "Shards",
    "SlotRow",
    "StatRow",
    "Storage",
    "StorageError",
    "StorageLost",
    "StorageUnavailable",
]
