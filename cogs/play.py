"""A game in play and after it: /hand and /table, the hand's buttons, the confirmations of what
cannot be undone (leaving, cancelling, replacing), and the after-game buttons."""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import ids
from bot.tables import Tables
from cogs.discord.context import Ctx
from cogs.discord.router import component
from cogs.discord.translator import tr


class PlayCog(commands.Cog):
    table = app_commands.Group(name=tr("name-table"), description=tr("cmd-table"), guild_only=True)

    def __init__(self, tables: Tables) -> None:
        self.tables = tables

    @app_commands.command(name=tr("name-hand"), description=tr("cmd-hand"))
    @app_commands.guild_only()
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        ctx = Ctx.of(interaction)
        await self.tables.play.show_hand_here(ctx.asker, ctx)

    @table.command(name=tr("name-leave"), description=tr("cmd-table-leave"))
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        ctx = Ctx.of(interaction)
        await self.tables.leaving.ask_leave(ctx.asker, ctx)

    @table.command(name=tr("name-cancel"), description=tr("cmd-table-cancel"))
    async def cancel(self, interaction: discord.Interaction[Any]) -> None:
        ctx = Ctx.of(interaction)
        await self.tables.leaving.ask_cancel(ctx.asker, ctx)

    @table.command(name=tr("name-replace"), description=tr("cmd-table-replace"))
    @app_commands.describe(player=tr("opt-replace-player"))
    @app_commands.rename(player=tr("name-player"))
    async def replace(self, interaction: discord.Interaction[Any], player: discord.User) -> None:
        ctx = Ctx.of(interaction)
        await self.tables.leaving.ask_replace(ctx.asker, ctx, player.id)

    @table.command(name=tr("name-export"), description=tr("cmd-table-export"))
    async def export(self, interaction: discord.Interaction[Any]) -> None:
        ctx = Ctx.of(interaction)
        await self.tables.after.export_here(ctx.asker, ctx)

    # ------------------------------------------------------------------ the hand's buttons

    @component(ids.PLAY)
    async def play(self, ctx: Ctx, m: re.Match[str]) -> None:
        move = (int(m["hand"]), int(m["ver"]), int(m["seat"]), int(m["action"]))
        await self.tables.play.play(ctx.asker, ctx, int(m["tid"]), move)

    @component(ids.SHOW)
    async def show(self, ctx: Ctx, m: re.Match[str]) -> None:
        await self.tables.play.show_hand(ctx.asker, ctx, int(m["tid"]))

    @component(ids.REFRESH)
    async def refresh(self, ctx: Ctx, m: re.Match[str]) -> None:
        await self.tables.play.show_hand(ctx.asker, ctx, int(m["tid"]))

    @component(ids.HINT)
    async def hint(self, ctx: Ctx, m: re.Match[str]) -> None:
        await self.tables.play.hint(ctx.asker, ctx, int(m["tid"]))

    @component(ids.CONFIRM)
    async def confirm(self, ctx: Ctx, m: re.Match[str]) -> None:
        tables = self.tables
        await tables.leaving.confirm(ctx.asker, ctx, m["op"], int(m["tid"]), int(m["arg"]))

    # ------------------------------------------------------------------ after the game

    @component(ids.EXPORT)
    async def export_button(self, ctx: Ctx, m: re.Match[str]) -> None:
        await self.tables.after.export(ctx.asker, ctx, int(m["tid"]))

    @component(ids.REMATCH)
    async def rematch(self, ctx: Ctx, m: re.Match[str]) -> None:
        await self.tables.after.rematch(ctx.asker, ctx, int(m["tid"]))

    @component(ids.REVIEW)
    async def review(self, ctx: Ctx, m: re.Match[str]) -> None:
        await self.tables.after.review_game(ctx.asker, ctx, int(m["tid"]))
