"""The daily deal's own records (``bot.daily``): the server-side secret its seeds come from,
each server's deal of each day with its par, and every attempt, for the boards of the day and
of the week.

An attempt is written when its table starts and finished in the same transaction as the
table's last save (``TableStore.save``), as a game's result is; it is unrated and never reaches
``results`` or the leaderboard.
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass

from bot.clock import wall_time
from bot.daily import Deal, Played, daily_of, finish_of, week_points
from bot.model import Table
from bot.storage.database import Database, Row, Transaction

ATTEMPT_COLUMNS = "user_id, name, table_id, status, result, hands, complete, day"
WHO_COLUMNS = "guild_id, game, day, user_id, name, table_id"


@dataclass(frozen=True)
class Attempt:
    user_id: int
    name: str
    table_id: int
    status: str  # "playing" or "finished"
    result: int | None
    hands: int
    complete: bool
    day: int

    @property
    def finished(self) -> bool:
        return self.status == "finished"


@dataclass(frozen=True)
class WeekRow:
    """A person's week: the days' results against par, summed, over ``days`` deals."""

    user_id: int
    name: str
    points: int
    days: int


@dataclass(frozen=True)
class Week:
    rows: list[WeekRow]
    pending: bool  # some day's par is still being worked out: its results wait


def _attempt(row: Row) -> Attempt:
    user_id, name, table_id, status, result, hands, complete, day = row
    return Attempt(
        int(user_id),
        str(name),
        int(table_id),
        str(status),
        None if result is None else int(result),
        int(hands),
        bool(complete),
        int(day),
    )


def _who(t: Table) -> tuple[int, str, int, int, str, int]:
    """The attempt a daily table is (``WHO_COLUMNS``): its player is its host, in seat 0."""
    daily = daily_of(t)
    assert daily is not None
    return t.guild_id, t.game, int(daily["day"]), t.host_id, t.seats[0].name, t.id


class DailyStore:
    def __init__(self, db: Database) -> None:
        self.db = db
        self._secret: str | None = None

    async def secret(self) -> str:
        """The secret every day's seed is keyed with: made once, the first time it is needed,
        and kept (so a restart deals the same cards, and nobody outside can compute them)."""
        if self._secret is None:
            read = "SELECT secret FROM daily_secret WHERE id = 1"
            row = await self.db.fetchone(read)
            if row is None:
                await self.db.write(
                    [
                        (
                            "INSERT INTO daily_secret (id, secret) VALUES (1, ?)"
                            " ON CONFLICT (id) DO NOTHING",
                            (secrets.token_hex(32),),
                        )
                    ]
                )
                row = await self.db.fetchone(read)
            assert row is not None
            self._secret = str(row[0])
        return self._secret

    async def deal(self, new: Deal) -> Deal:
        """The day's deal as first stored (``new`` if it is the first time it is asked for)."""
        key = (new.guild_id, new.game, new.day)
        await self.db.write(
            [
                (
                    "INSERT INTO daily_deals (guild_id, game, day, seed, iterations, created_at)"
                    " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, game, day) DO NOTHING",
                    (*key, new.seed, new.iterations, wall_time()),
                )
            ]
        )
        found = await self.stored_deal(*key)
        assert found is not None
        return found

    async def stored_deal(self, guild_id: int, game: str, day: int) -> Deal | None:
        row = await self.db.fetchone(
            "SELECT seed, iterations, par FROM daily_deals"
            " WHERE guild_id = ? AND game = ? AND day = ?",
            (guild_id, game, day),
        )
        if row is None:
            return None
        par = None if row[2] is None else int(row[2])
        return Deal(guild_id, game, day, int(row[0]), int(row[1]), par)

    async def set_par(self, deal: Deal, played: Played) -> None:
        """Par and the expert's game, once (a second working-out changes nothing)."""
        record = json.dumps(played.record, separators=(",", ":"))
        await self.db.write(
            [
                (
                    "UPDATE daily_deals SET par = ?, par_record = ?"
                    " WHERE guild_id = ? AND game = ? AND day = ? AND par IS NULL",
                    (played.finish.result, record, deal.guild_id, deal.game, deal.day),
                )
            ]
        )

    # ------------------------------------------------------------------ attempts

    async def start(self, t: Table, started_at: float) -> None:
        """A person's attempt, as their daily table starts."""
        await self.db.write(
            [
                (
                    f"INSERT INTO daily_attempts ({WHO_COLUMNS}, status, started_at)"
                    " VALUES (?, ?, ?, ?, ?, ?, 'playing', ?)"
                    " ON CONFLICT (guild_id, game, day, user_id) DO NOTHING",
                    (*_who(t), started_at),
                )
            ]
        )

    async def record(self, tx: Transaction, t: Table) -> None:
        """A finished daily table's result (inside the transaction of its last save). Only
        the table that started the attempt may finish it, and only once."""
        finish = finish_of(t)
        now = wall_time()
        await tx.execute(
            f"INSERT INTO daily_attempts ({WHO_COLUMNS}, status, result, hands, complete,"
            " started_at, finished_at) VALUES (?, ?, ?, ?, ?, ?, 'finished', ?, ?, ?, ?, ?)"
            " ON CONFLICT (guild_id, game, day, user_id) DO UPDATE SET status = 'finished',"
            " result = excluded.result, hands = excluded.hands, complete = excluded.complete,"
            " finished_at = excluded.finished_at"
            " WHERE daily_attempts.table_id = excluded.table_id"
            " AND daily_attempts.status = 'playing'",
            (*_who(t), finish.result, finish.hands, int(finish.complete), now, now),
        )

    async def attempt(self, guild_id: int, game: str, day: int, user_id: int) -> Attempt | None:
        row = await self.db.fetchone(
            f"SELECT {ATTEMPT_COLUMNS} FROM daily_attempts"
            " WHERE guild_id = ? AND game = ? AND day = ? AND user_id = ?",
            (guild_id, game, day, user_id),
        )
        return None if row is None else _attempt(row)

    async def of_table(self, table_id: int) -> tuple[int, str, Attempt] | None:
        """(server, game, attempt) of a daily table; None for any other table."""
        row = await self.db.fetchone(
            f"SELECT guild_id, game, {ATTEMPT_COLUMNS} FROM daily_attempts WHERE table_id = ?",
            (table_id,),
        )
        return None if row is None else (int(row[0]), str(row[1]), _attempt(row[2:]))

    async def board(self, guild_id: int, game: str, day: int) -> list[Attempt]:
        """Every attempt of the day (finished or not), in the order they started."""
        rows = await self.db.fetchall(
            f"SELECT {ATTEMPT_COLUMNS} FROM daily_attempts"
            " WHERE guild_id = ? AND game = ? AND day = ? ORDER BY started_at, user_id",
            (guild_id, game, day),
        )
        return [_attempt(r) for r in rows]

    async def week(self, guild_id: int, game: str, first: int, last: int) -> Week:
        """Each person's finished attempts from ``first`` to ``last`` (days), against each
        day's par, summed (``bot.daily.week_points``); best first."""
        rows = await self.db.fetchall(
            "SELECT a.user_id, a.name, a.result, a.complete, d.par FROM daily_attempts a"
            " JOIN daily_deals d ON d.guild_id = a.guild_id AND d.game = a.game AND d.day = a.day"
            " WHERE a.guild_id = ? AND a.game = ? AND a.day BETWEEN ? AND ?"
            " AND a.status = 'finished' ORDER BY a.day, a.started_at",
            (guild_id, game, first, last),
        )
        totals: dict[int, WeekRow] = {}
        pending = False
        for user_id, name, result, complete, par in rows:
            if par is None:
                pending = True
                continue
            points = week_points(game, int(result), bool(complete), int(par))
            was = totals.get(int(user_id))
            if was is not None:
                points += was.points
            days = 1 if was is None else was.days + 1
            totals[int(user_id)] = WeekRow(int(user_id), str(name), points, days)
        ranked = sorted(totals.values(), key=lambda r: (-r.points, -r.days, r.name))
        return Week(ranked, pending)

    async def days_without_par(self, guild_id: int, game: str, first: int, last: int) -> list[Deal]:
        """The deals of these days that someone played and whose par is not known yet."""
        rows = await self.db.fetchall(
            "SELECT day, seed, iterations FROM daily_deals WHERE guild_id = ? AND game = ?"
            " AND day BETWEEN ? AND ? AND par IS NULL ORDER BY day",
            (guild_id, game, first, last),
        )
        return [Deal(guild_id, game, int(r[0]), int(r[1]), int(r[2])) for r in rows]
