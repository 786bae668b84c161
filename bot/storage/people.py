"""People's and servers' own settings (their language), and forgetting them on request.

``/stats forget`` deletes a person's results, ratings, settings and tokens everywhere (their name
leaves the seats of past games); ``/settings forget-server`` deletes everything kept about a
server.
"""

from __future__ import annotations

from typing import NamedTuple

from bot.storage.database import Database

LIVE_SQL = "('lobby', 'playing')"


class Forgotten(NamedTuple):
    games: int
    ratings: int


SETTINGS_TABLES = {"guild": ("guild_settings", "guild_id"), "user": ("user_settings", "user_id")}


class PeopleStore:
    def __init__(self, db: Database) -> None:
        self.db = db

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

    async def thread_choices(self) -> dict[int, bool]:
        """Every server's choice of ``/settings threads`` (servers that never chose: absent)."""
        rows = await self.db.fetchall(
            "SELECT guild_id, threads FROM guild_settings WHERE threads IS NOT NULL"
        )
        return {int(g): bool(v) for g, v in rows}

    async def set_threads(self, guild_id: int, on: bool) -> None:
        """A server's choice: every game in its own thread (True), or in the channel."""
        await self.db.write(
            [
                (
                    "INSERT INTO guild_settings (guild_id, threads) VALUES (?, ?)"
                    " ON CONFLICT (guild_id) DO UPDATE SET threads = excluded.threads",
                    (guild_id, int(on)),
                )
            ]
        )

    async def threads_explained(self) -> set[int]:
        """Servers whose players were told why their games play in the channel."""
        rows = await self.db.fetchall(
            "SELECT guild_id FROM guild_settings WHERE threads_explained = 1"
        )
        return {int(g) for (g,) in rows}

    async def explained_threads(self, guild_id: int) -> None:
        await self.db.write(
            [
                (
                    "INSERT INTO guild_settings (guild_id, threads_explained) VALUES (?, 1)"
                    " ON CONFLICT (guild_id) DO UPDATE SET threads_explained = 1",
                    (guild_id,),
                )
            ]
        )

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
                ("DELETE FROM daily_attempts WHERE user_id = ?", (user_id,)),
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
                ("DELETE FROM daily_attempts WHERE guild_id = ?", (guild_id,)),
                ("DELETE FROM daily_deals WHERE guild_id = ?", (guild_id,)),
                (f"DELETE FROM outbox WHERE table_id IN {tables}", (guild_id,)),
                (f"DELETE FROM moves WHERE table_id IN {tables}", (guild_id,)),
                (f"DELETE FROM slots WHERE table_id IN {tables}", (guild_id,)),
                (f"DELETE FROM hand_copies WHERE table_id IN {tables}", (guild_id,)),
                (f"DELETE FROM seats WHERE table_id IN {tables}", (guild_id,)),
                ("DELETE FROM game_tables WHERE guild_id = ?", (guild_id,)),
                ("DELETE FROM guild_settings WHERE guild_id = ?", (guild_id,)),
            ]
        )
        return Forgotten(int(games[0]) if games else 0, int(rated[0]) if rated else 0)
