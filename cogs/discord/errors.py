"""The slash commands' error handler: every failure is one sentence for the person who asked."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

from bot.model import Refusal
from bot.tables.ports import TokenRefused
from cogs.discord.context import Ctx

log = logging.getLogger("trickbot.slash")


def message_key(error: app_commands.AppCommandError) -> tuple[str, dict[str, object]]:
    original = getattr(error, "original", None)
    if isinstance(original, Refusal):
        return original.key, original.params
    if isinstance(error, app_commands.NoPrivateMessage):
        return "refusal-server-only", {}
    if isinstance(error, app_commands.MissingPermissions):
        return "refusal-manage-server", {}
    if isinstance(error, app_commands.TransformerError | app_commands.CheckFailure):
        return "refusal-bad-option", {}
    log.error("a command failed", exc_info=original or error)
    return "error-generic", {}


async def on_app_command_error(
    interaction: discord.Interaction[Any], error: app_commands.AppCommandError
) -> None:
    if isinstance(getattr(error, "original", None), TokenRefused):
        log.warning("a command's interaction expired before its answer: %s", error)
        return
    ctx = Ctx.of(interaction)
    key, args = message_key(error)
    await ctx.say(ctx.lang.t(key, **args))


def install(tree: app_commands.CommandTree[Any]) -> None:
    tree.on_error = on_app_command_error  # type: ignore[method-assign]
