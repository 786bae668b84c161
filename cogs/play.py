"""/hand and /table: your hand, leaving, cancelling and exporting a game."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.model import Refusal
from cogs.buttons import send_export, show_hand
from cogs.ui import can_manage

if TYPE_CHECKING:
    from bot.app import TrickBot


class PlayCog(commands.Cog):
    table = app_commands.Group(
        name="table", description="The card table in this channel", guild_only=True
    )

    def __init__(self, bot: TrickBot) -> None:
        self.bot = bot

    def _table_id(self, interaction: discord.Interaction[Any]) -> int:
        t = self.bot.manager.table_in(interaction.channel_id or 0)
        if t is None:
            raise Refusal("There is no table in this channel. Open one with /smear or /salad.")
        return t.id

    @app_commands.command(name="hand", description="Your hand at this channel's table (only you)")
    @app_commands.guild_only()
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        await show_hand(interaction, self._table_id(interaction))

    @table.command(name="leave", description="Leave the table; a computer takes your seat")
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        text = await self.bot.manager.leave_game(interaction.channel_id or 0, interaction.user.id)
        await interaction.response.send_message(text, ephemeral=True)

    @table.command(name="cancel", description="Cancel the table (host or Manage Server)")
    async def cancel(self, interaction: discord.Interaction[Any]) -> None:
        m = self.bot.manager
        t = m.table_in(interaction.channel_id or 0)
        if t is None:
            raise Refusal("There is no table in this channel.")
        await m.cancel(t.id, interaction.user.id, can_manage(interaction))
        await interaction.response.send_message(
            "The table is cancelled; no result is recorded.", ephemeral=True
        )

    @table.command(name="export", description="The record of this channel's last game (JSON)")
    async def export(self, interaction: discord.Interaction[Any]) -> None:
        m = self.bot.manager
        live = m.table_in(interaction.channel_id or 0)
        if live is not None and live.status == "playing":
            raise Refusal(
                "The record shows every hand dealt, so it is available once the game is over."
            )
        found = await m.storage.last_record_in_channel(interaction.channel_id or 0)
        if found is None:
            raise Refusal("No game has been played in this channel yet.")
        await send_export(interaction, found[0])
