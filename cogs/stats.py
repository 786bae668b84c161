"""/leaderboard and /stats: this server's ratings and records."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.model import Refusal
from bot.storage import LeaderRow, StatRow

if TYPE_CHECKING:
    from bot.app import TrickBot

GAME_NAMES = {"smear": "Smear", "salad": "Salad"}


def leaderboard_text(game: str, rows: list[LeaderRow], mine: LeaderRow | None, user_id: int) -> str:
    lines = [f"**{GAME_NAMES[game]} leaderboard** (rating = skill − 3 × uncertainty)"]
    if not rows:
        lines.append("No finished games yet.")
    for r in rows:
        you = " ← you" if r.user_id == user_id else ""
        lines.append(
            f"{r.rank}. {r.name} — {r.rating:.1f} · {r.games} games · {r.wins} wins"
            f" · {r.win_rate:.0%}{you}"
        )
    if mine is not None and all(r.user_id != user_id for r in rows):
        lines.append("…")
        lines.append(
            f"{mine.rank}. {mine.name} — {mine.rating:.1f} · {mine.games} games · "
            f"{mine.wins} wins · {mine.win_rate:.0%} ← you"
        )
    elif mine is None and rows:
        lines.append("You have no rated game here yet.")
    return "\n".join(lines)


def stats_text(name: str, rows: list[StatRow]) -> str:
    if not rows:
        return f"{name} has not finished a game in this server yet."
    lines = [f"**{name}**"]
    for r in rows:
        rate = r.wins / r.games if r.games else 0.0
        parts = [f"{r.games} games", f"{r.wins} wins ({rate:.0%})"]
        if r.game == "smear":
            parts.append(f"bids made {r.bids_made} of {r.bids}")
            parts.append(f"average final score {r.average_score:.1f}")
        else:
            parts.append(f"average total {r.average_score:.1f} (lower is better)")
        if r.rating is not None:
            parts.append(f"rating {r.rating:.1f}")
        lines.append(f"{GAME_NAMES[r.game]}: " + " · ".join(parts))
    return "\n".join(lines)


class StatsCog(commands.Cog):
    def __init__(self, bot: TrickBot) -> None:
        self.bot = bot

    @app_commands.command(name="leaderboard", description="This server's players by skill rating")
    @app_commands.describe(game="Which game (default: both)")
    @app_commands.guild_only()
    async def leaderboard(
        self,
        interaction: discord.Interaction[Any],
        game: Literal["smear", "salad"] | None = None,
    ) -> None:
        if interaction.guild_id is None:
            raise Refusal("The leaderboard is per server.")
        storage = self.bot.storage
        parts = []
        for g in [game] if game else ["smear", "salad"]:
            rows = await storage.leaderboard(interaction.guild_id, g, 10)
            mine = await storage.rank_of(interaction.guild_id, g, interaction.user.id)
            parts.append(leaderboard_text(g, rows, mine, interaction.user.id))
        await interaction.response.send_message(
            "\n\n".join(parts), allowed_mentions=discord.AllowedMentions.none()
        )

    @app_commands.command(name="stats", description="A player's record in this server")
    @app_commands.describe(user="Whose record (default: yours)")
    @app_commands.guild_only()
    async def stats(
        self, interaction: discord.Interaction[Any], user: discord.User | None = None
    ) -> None:
        if interaction.guild_id is None:
            raise Refusal("Stats are per server.")
        who = user or interaction.user
        rows = await self.bot.storage.stats(interaction.guild_id, who.id)
        name = discord.utils.escape_markdown(getattr(who, "display_name", who.name))
        await interaction.response.send_message(
            stats_text(name, rows), ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
        )
