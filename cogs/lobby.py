"""/smear and /salad: open a table in this channel, and the rules."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.model import LOBBY, Refusal
from bot.render import jump_url
from bot.render.messages import lobby_message
from bot.tables.commands import TIMER_CHOICES, NewTable, TableHere
from bot.tables.feed import Shown, table_slot
from cogs.context import Ctx
from cogs.translator import tr
from engine.games import SALAD, SMEAR

if TYPE_CHECKING:
    from bot.app import TrickBot

TIMER = [app_commands.Choice(name=tr(f"timer-choice-{s}"), value=s) for s in TIMER_CHOICES]


class LobbyCog(commands.Cog):
    smear = app_commands.Group(name=tr("name-smear"), description=tr("cmd-smear"), guild_only=True)
    salad = app_commands.Group(name=tr("name-salad"), description=tr("cmd-salad"), guild_only=True)

    def __init__(self, bot: TrickBot) -> None:
        self.bot = bot

    async def _open(self, interaction: discord.Interaction[Any], new: NewTable) -> None:
        ctx = Ctx(interaction)
        if interaction.guild_id is None or interaction.channel_id is None:
            raise Refusal("refusal-server-only")
        m = self.bot.manager
        try:
            t, shown = await ctx.answering(
                m.commands.open_table(ctx.place, ctx.user_id, ctx.name, new), defer="none"
            )
        except TableHere as here:
            await self._table_here(ctx, here)
            return
        message_id = await ctx.post(shown.payload, ephemeral=False)
        if message_id is not None:
            m.feed.set_slot(t, "lobby", message_id, shown)
        m.feed.saw(t, ctx.user_id, ctx.click())

    async def _table_here(self, ctx: Ctx, here: TableHere) -> None:
        """A table is already here: link to it, or post it again if it is gone (the first
        answer failed, or a moderator deleted it)."""
        t = here.table
        m = self.bot.manager
        name = "lobby" if t.status == LOBBY else table_slot(t.hand_no)
        message_id = await m.feed.still_there(t, name)
        if message_id is not None:
            link = jump_url(t.guild_id, t.channel_id, message_id)
            raise Refusal("refusal-table-here-link", link=link)
        if t.status != LOBBY:
            raise Refusal("refusal-table-here-reposted")
        async with t.lock:
            shown = Shown(lobby_message(t, ctx.public_lang), t.revision)
        new_id = await ctx.post(shown.payload, ephemeral=False)
        if new_id is not None:
            m.feed.set_slot(t, "lobby", new_id, shown)

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

    @smear.command(name=tr("name-rules"), description=tr("cmd-smear-rules"))
    async def smear_rules(self, interaction: discord.Interaction[Any]) -> None:
        await Ctx(interaction).say(Ctx(interaction).lang.t("rules-smear"))

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
        await Ctx(interaction).say(Ctx(interaction).lang.t("rules-salad"))
