"""The global app-command error handler: every failure is one ephemeral sentence."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

from bot.model import Refusal
from cogs.ui import GENERIC_ERROR, answer

log = logging.getLogger("trickbot.commands")


def message_for(error: app_commands.AppCommandError) -> str:
    original = getattr(error, "original", None)
    if isinstance(original, Refusal):
        return original.message
    if isinstance(error, app_commands.NoPrivateMessage):
        return "This command works in a server channel."
    if isinstance(error, app_commands.MissingPermissions):
        return "You need the Manage Server permission for that."
    if isinstance(error, app_commands.CommandOnCooldown):
        return f"Slow down: try again in {error.retry_after:.0f} s."
    if isinstance(error, app_commands.TransformerError | app_commands.CheckFailure):
        return "That option is not valid here."
    log.error("app command failed", exc_info=original or error)
    return GENERIC_ERROR


async def on_app_command_error(
    interaction: discord.Interaction[Any], error: app_commands.AppCommandError
) -> None:
    await answer(interaction, message_for(error))


def install(tree: app_commands.CommandTree[Any]) -> None:
    tree.on_error = on_app_command_error  # type: ignore[method-assign]
