"""/smear and /salad: open a table in this channel, and the rules."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import render
from bot.model import Refusal
from cogs.ui import display_name, send_kwargs

if TYPE_CHECKING:
    from bot.app import TrickBot


class LobbyCog(commands.Cog):
    smear = app_commands.Group(
        name="smear", description="Cutthroat Canadian Smear (2-3 players)", guild_only=True
    )
    salad = app_commands.Group(
        name="salad", description="Canadian Salad (3-6 players)", guild_only=True
    )

    def __init__(self, bot: TrickBot) -> None:
        self.bot = bot

    async def _open(self, interaction: discord.Interaction[Any], game: str, **kw: Any) -> None:
        if interaction.guild_id is None or interaction.channel_id is None:
            raise Refusal("Tables open in a server channel.")
        m = self.bot.manager
        t = await m.open_table(
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            host_id=interaction.user.id,
            host_name=display_name(interaction.user),
            game=game,
            **kw,
        )
        response = await interaction.response.send_message(**send_kwargs(render.lobby_message(t)))
        if response.message_id is not None:
            await m.set_lobby_message(t.id, response.message_id)

    @smear.command(name="start", description="Open a Smear table in this channel")
    @app_commands.describe(
        seats="Number of players, 2 or 3 (default 3)",
        target="Points to win (default 11)",
        stuck_dealer="The dealer must bid when everyone else passed (default off)",
        turn_timer="Seconds per turn before the computer plays for you; 0 turns it off",
    )
    async def smear_start(
        self,
        interaction: discord.Interaction[Any],
        seats: app_commands.Range[int, 2, 3] = 3,
        target: app_commands.Range[int, 1, 99] = 11,
        stuck_dealer: bool = False,
        turn_timer: app_commands.Range[int, 0, 3600] | None = None,
    ) -> None:
        await self._open(
            interaction,
            "smear",
            seats=seats,
            target=target,
            stuck_dealer=stuck_dealer,
            turn_timer=turn_timer,
        )

    @smear.command(name="rules", description="The rules of Cutthroat Canadian Smear")
    async def smear_rules(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message(render.rules("smear"), ephemeral=True)

    @salad.command(name="start", description="Open a Salad table in this channel")
    @app_commands.describe(
        seats="Number of players, 3 to 6 (default 4)",
        turn_timer="Seconds per turn before the computer plays for you; 0 turns it off",
    )
    async def salad_start(
        self,
        interaction: discord.Interaction[Any],
        seats: app_commands.Range[int, 3, 6] = 4,
        turn_timer: app_commands.Range[int, 0, 3600] | None = None,
    ) -> None:
        await self._open(interaction, "salad", seats=seats, turn_timer=turn_timer)

    @salad.command(name="rules", description="The rules of Canadian Salad")
    async def salad_rules(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message(render.rules("salad"), ephemeral=True)
