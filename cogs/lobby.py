"""/smear and /salad: open a table in this channel, the rules, the daily deal; the lobby's
buttons and the daily deal's boards."""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import ids
from bot.config import TIMER_CHOICES
from bot.model import Refusal
from bot.tables import NewTable, Tables
from cogs.discord.context import Ctx
from cogs.discord.router import component
from cogs.discord.translator import tr
from engine.games import SALAD, SMEAR

TIMER = [app_commands.Choice(name=tr(f"timer-choice-{s}"), value=s) for s in TIMER_CHOICES]


class LobbyCog(commands.Cog):
    smear = app_commands.Group(name=tr("name-smear"), description=tr("cmd-smear"), guild_only=True)
    salad = app_commands.Group(name=tr("name-salad"), description=tr("cmd-salad"), guild_only=True)

    def __init__(self, tables: Tables) -> None:
        self.tables = tables

    async def _open(self, interaction: discord.Interaction[Any], new: NewTable) -> None:
        if interaction.guild_id is None or interaction.channel_id is None:
            raise Refusal("refusal-server-only")
        ctx = Ctx.of(interaction)
        await self.tables.lobby.open(ctx.asker, ctx, new)

    @smear.command(name=tr("name-start"), description=tr("cmd-smear-start"))
    @app_commands.describe(
        seats=tr("opt-seats-smear"),
        target=tr("opt-target"),
        stuck_dealer=tr("opt-stuck-dealer"),
        turn_timer=tr("opt-turn-timer"),
        coach=tr("opt-coach"),
    )
    @app_commands.rename(
        seats=tr("name-seats"),
        target=tr("name-target"),
        stuck_dealer=tr("name-stuck-dealer"),
        turn_timer=tr("name-turn-timer"),
        coach=tr("name-coach"),
    )
    @app_commands.choices(turn_timer=TIMER)
    async def smear_start(
        self,
        interaction: discord.Interaction[Any],
        seats: app_commands.Range[int, SMEAR.min_seats, SMEAR.max_seats] = SMEAR.default_seats,
        target: app_commands.Range[int, 1, 99] = 11,
        stuck_dealer: bool = False,
        turn_timer: app_commands.Choice[int] | None = None,
        coach: bool = False,
    ) -> None:
        options: dict[str, object] = {"target": target, "stuck_dealer": stuck_dealer}
        timer = None if turn_timer is None else turn_timer.value
        await self._open(interaction, NewTable("smear", seats, options, timer, coach))

    @smear.command(name=tr("name-learn"), description=tr("cmd-smear-learn"))
    async def smear_learn(self, interaction: discord.Interaction[Any]) -> None:
        await self._learn(interaction, "smear")

    @salad.command(name=tr("name-learn"), description=tr("cmd-salad-learn"))
    async def salad_learn(self, interaction: discord.Interaction[Any]) -> None:
        await self._learn(interaction, "salad")

    async def _learn(self, interaction: discord.Interaction[Any], game: str) -> None:
        if interaction.guild_id is None or interaction.channel_id is None:
            raise Refusal("refusal-server-only")
        ctx = Ctx.of(interaction)
        await self.tables.lobby.learn(ctx.asker, ctx, game)

    @smear.command(name=tr("name-rules"), description=tr("cmd-smear-rules"))
    async def smear_rules(self, interaction: discord.Interaction[Any]) -> None:
        ctx = Ctx.of(interaction)
        await self.tables.lobby.rules(ctx.asker, ctx, "smear")

    @salad.command(name=tr("name-start"), description=tr("cmd-salad-start"))
    @app_commands.describe(
        seats=tr("opt-seats-salad"), turn_timer=tr("opt-turn-timer"), coach=tr("opt-coach")
    )
    @app_commands.rename(
        seats=tr("name-seats"), turn_timer=tr("name-turn-timer"), coach=tr("name-coach")
    )
    @app_commands.choices(turn_timer=TIMER)
    async def salad_start(
        self,
        interaction: discord.Interaction[Any],
        seats: app_commands.Range[int, SALAD.min_seats, SALAD.max_seats] = SALAD.default_seats,
        turn_timer: app_commands.Choice[int] | None = None,
        coach: bool = False,
    ) -> None:
        timer = None if turn_timer is None else turn_timer.value
        await self._open(interaction, NewTable("salad", seats, {}, timer, coach))

    @salad.command(name=tr("name-rules"), description=tr("cmd-salad-rules"))
    async def salad_rules(self, interaction: discord.Interaction[Any]) -> None:
        ctx = Ctx.of(interaction)
        await self.tables.lobby.rules(ctx.asker, ctx, "salad")

    # ------------------------------------------------------------------ the daily deal

    @smear.command(name=tr("name-daily"), description=tr("cmd-smear-daily"))
    async def smear_daily(self, interaction: discord.Interaction[Any]) -> None:
        ctx = Ctx.of(interaction)
        await self.tables.daily.play(ctx.asker, ctx, "smear")

    @salad.command(name=tr("name-daily"), description=tr("cmd-salad-daily"))
    async def salad_daily(self, interaction: discord.Interaction[Any]) -> None:
        ctx = Ctx.of(interaction)
        await self.tables.daily.play(ctx.asker, ctx, "salad")

    @component(ids.DAILY)
    async def daily_board(self, ctx: Ctx, m: re.Match[str]) -> None:
        await self.tables.daily.board(ctx.asker, ctx, m["game"], int(m["day"]), m["period"])

    # ------------------------------------------------------------------ the lobby's buttons

    @component(ids.LOBBY)
    async def press(self, ctx: Ctx, m: re.Match[str]) -> None:
        await self.tables.lobby.press(ctx.asker, ctx, int(m["tid"]), m["op"])

    @component(ids.ADD_COMPUTER)
    async def add_computer(self, ctx: Ctx, m: re.Match[str]) -> None:
        await self.tables.lobby.add_computer(ctx.asker, ctx, int(m["tid"]))

    @component(ids.REMOVE)
    async def remove_seat(self, ctx: Ctx, m: re.Match[str]) -> None:
        await self.tables.lobby.remove_seat(ctx.asker, ctx, int(m["tid"]))
