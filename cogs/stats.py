"""/leaderboard and /stats: this server's ratings and records; /stats forget deletes yours."""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import ids
from bot.periods import PERIODS
from bot.tables import Tables
from cogs.discord.context import Ctx
from cogs.discord.router import component
from cogs.discord.translator import tr
from engine.games import GAME_NAMES

GAME_CHOICES = [app_commands.Choice(name=tr(f"game-{g}-short"), value=g) for g in GAME_NAMES]
PERIOD_CHOICES = [app_commands.Choice(name=tr(f"period-{p}"), value=p) for p in PERIODS]


class StatsCog(commands.Cog):
    stats = app_commands.Group(name=tr("name-stats"), description=tr("cmd-stats"), guild_only=True)

    def __init__(self, tables: Tables) -> None:
        self.tables = tables

    @app_commands.command(name=tr("name-leaderboard"), description=tr("cmd-leaderboard"))
    @app_commands.describe(game=tr("opt-game"), period=tr("opt-period"))
    @app_commands.rename(game=tr("name-game"), period=tr("name-period"))
    @app_commands.choices(game=GAME_CHOICES, period=PERIOD_CHOICES)
    @app_commands.guild_only()
    async def leaderboard(
        self,
        interaction: discord.Interaction[Any],
        game: app_commands.Choice[str] | None = None,
        period: app_commands.Choice[str] | None = None,
    ) -> None:
        ctx = Ctx.of(interaction)
        await self.tables.people.leaderboard(
            ctx.asker, ctx, game.value if game else None, period.value if period else None
        )

    @stats.command(name=tr("name-show"), description=tr("cmd-stats-show"))
    @app_commands.describe(user=tr("opt-stats-user"))
    @app_commands.rename(user=tr("name-player"))
    async def show(
        self, interaction: discord.Interaction[Any], user: discord.User | None = None
    ) -> None:
        ctx = Ctx.of(interaction)
        who = user or interaction.user
        name = getattr(who, "display_name", None) or who.name
        await self.tables.people.stats(ctx.asker, ctx, who.id, name)

    @stats.command(name=tr("name-forget"), description=tr("cmd-stats-forget"))
    async def forget(self, interaction: discord.Interaction[Any]) -> None:
        ctx = Ctx.of(interaction)
        await self.tables.people.ask_forget_me(ctx.asker, ctx)

    @component(ids.FORGET)
    async def forget_confirmed(self, ctx: Ctx, m: re.Match[str]) -> None:
        await self.tables.people.forget(ctx.asker, ctx, m["what"], int(m["id"]))
