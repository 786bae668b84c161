"""Finished games: their results, the ratings they move, and what leaderboards and stats read.

A result is written in the same transaction as the game's last move (``TableStore.save``), and
only once. A coached game is recorded but not rated. What differs between games (a Smear bid made
or set) comes from the game registry (``engine.games``): nothing here branches on a game.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from fractions import Fraction

from bot import ratings
from bot.clock import wall_time
from bot.model import Table
from bot.storage.database import Database, Transaction
from engine.games import game


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
class PeriodRow:
    """A place on a week's or a month's board: rated games won in the period."""

    rank: int
    user_id: int
    name: str
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
    best_streak: int = 0  # the most games won in a row
    current_streak: int = 0  # games won in a row up to the latest (0 if it was lost)
    hands: int = 0  # hands played in the games that counted them (rated since records)
    hand_score: int = 0  # the score of those games, for an average per hand

    @property
    def bids_set(self) -> int:
        return self.bids - self.bids_made

    @property
    def per_hand(self) -> float | None:
        """The average score (Salad: penalty) per hand; None before any hand was counted."""
        return self.hand_score / self.hands if self.hands else None


@dataclass(frozen=True)
class RatingPoint:
    """A person's rating right after one of their rated games."""

    finished_at: float
    mu: float
    sigma: float


class ResultStore:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def record(self, tx: Transaction, t: Table, at: float | None = None) -> bool:
        """The finished game ``t``'s result and ratings, inside ``tx``; False if already there.
        ``at``: when it ended (default now). Each person's row keeps the hands played and their
        rating right after the game (their rating history)."""
        assert t.state is not None
        outcome = t.state.outcome()
        assert outcome is not None
        done = await tx.fetchone("SELECT 1 FROM results WHERE table_id = ?", (t.id,))
        if done is not None:
            return False  # already recorded
        finished_at = wall_time() if at is None else at
        await tx.execute(
            "INSERT INTO results (table_id, guild_id, game, finished_at, winners, scores)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            (
                t.id,
                t.guild_id,
                t.game,
                finished_at,
                json.dumps(list(outcome.winners)),
                json.dumps(list(outcome.scores)),
            ),
        )
        if t.settings.get("coach"):
            return True  # a coached game is unrated
        bids = game(t.game).bids(t.state)
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
        hands = len(t.state.results)
        for p in people:
            assert p.user_id is not None
            mu, sigma = new.get(
                p.user_id, current.get(p.user_id, (ratings.DEFAULT_MU, ratings.DEFAULT_SIGMA))
            )
            await tx.execute(
                "INSERT INTO player_results (table_id, user_id, guild_id, game, seat, won, score,"
                " bids, bids_made, finished_at, hands, mu_after, sigma_after)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    t.id,
                    p.user_id,
                    t.guild_id,
                    t.game,
                    p.seat,
                    int(p.won),
                    p.score,
                    bids[p.seat][0],
                    bids[p.seat][1],
                    finished_at,
                    hands,
                    mu,
                    sigma,
                ),
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

    async def finished_count(self) -> int:
        row = await self.db.fetchone("SELECT COUNT(*) FROM results")
        return int(row[0]) if row else 0

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

    async def period_board(
        self, guild_id: int, game: str, start: float, end: float
    ) -> list[PeriodRow]:
        """Everyone who finished a rated game of ``game`` here in [start, end), ranked by
        games won, then win rate, then games played."""
        rows = await self.db.fetchall(
            "SELECT p.user_id, MAX(r.name), COUNT(*), SUM(p.won) FROM player_results p"
            " JOIN ratings r ON r.guild_id = p.guild_id AND r.game = p.game"
            " AND r.user_id = p.user_id"
            " WHERE p.guild_id = ? AND p.game = ? AND p.finished_at >= ? AND p.finished_at < ?"
            " GROUP BY p.user_id",
            (guild_id, game, start, end),
        )
        facts = [(int(r[0]), str(r[1]), int(r[2]), int(r[3] or 0)) for r in rows]
        # wins, then win rate (compared exactly: wins_a * games_b against wins_b * games_a)
        facts.sort(key=lambda f: (-f[3], Fraction(-f[3], f[2]), -f[2], f[0]))
        return [PeriodRow(i + 1, *f) for i, f in enumerate(facts)]

    async def stats(self, guild_id: int, user_id: int, recent: int = 5) -> list[StatRow]:
        """A person's rated games here, per game: counts, bids, averages, streaks, form."""
        rows = await self.db.fetchall(
            "SELECT game, COUNT(*), SUM(won), SUM(bids), SUM(bids_made), AVG(score),"
            " SUM(hands), SUM(CASE WHEN hands > 0 THEN score ELSE 0 END)"
            " FROM player_results WHERE guild_id = ? AND user_id = ? GROUP BY game ORDER BY game",
            (guild_id, user_id),
        )
        out = []
        for r in rows:
            key = (guild_id, user_id, r[0])
            form = await self.db.fetchall(
                "SELECT won FROM player_results WHERE guild_id = ? AND user_id = ? AND game = ?"
                " ORDER BY finished_at DESC, table_id DESC LIMIT ?",
                (*key, recent),
            )
            best, current = await self._streaks(*key)
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
                    best_streak=best,
                    current_streak=current,
                    hands=int(r[6] or 0),
                    hand_score=int(r[7] or 0),
                )
            )
        return out

    async def _streaks(self, guild_id: int, user_id: int, game: str) -> tuple[int, int]:
        """The longest run of wins and the current one, counted by the database: a run is the
        wins between two losses (``run``: the losses so far, in the order games ended)."""
        row = await self.db.fetchone(
            "WITH runs AS (SELECT run, SUM(won) AS wins FROM (SELECT won, SUM(1 - won) OVER"
            " (ORDER BY finished_at, table_id ROWS UNBOUNDED PRECEDING) AS run"
            " FROM player_results WHERE guild_id = ? AND user_id = ? AND game = ?) AS games"
            " GROUP BY run)"
            " SELECT (SELECT MAX(wins) FROM runs),"
            " (SELECT wins FROM runs ORDER BY run DESC LIMIT 1)",
            (guild_id, user_id, game),
        )
        return (int(row[0] or 0), int(row[1] or 0)) if row else (0, 0)

    async def rating_history(self, guild_id: int, user_id: int, game: str) -> list[RatingPoint]:
        """A person's rating after each of their rated games here, oldest first (games rated
        before the history was kept have none)."""
        rows = await self.db.fetchall(
            "SELECT finished_at, mu_after, sigma_after FROM player_results"
            " WHERE guild_id = ? AND user_id = ? AND game = ? AND mu_after IS NOT NULL"
            " ORDER BY finished_at, table_id",
            (guild_id, user_id, game),
        )
        return [RatingPoint(float(r[0]), float(r[1]), float(r[2])) for r in rows]
