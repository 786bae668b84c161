"""/settings: the server's language and whether its games play in threads (Manage Server),
your own language, and deleting everything stored for the server (its owner or Manage
Server)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import LANGUAGES
from bot.model import Refusal
from bot.tables import Tables
from cogs.discord.context import Ctx
from cogs.discord.translator import tr

LANGUAGE_CHOICES = [
    *(app_commands.Choice(name=name, value=code) for code, name in LANGUAGES.items()),
    app_commands.Choice(name=tr("language-auto"), value="auto"),
]

THREAD_CHOICES = [
    app_commands.Choice(name=tr("threads-choice-on"), value="on"),
    app_commands.Choice(name=tr("threads-choice-off"), value="off"),
]


def _code(choice: app_commands.Choice[str]) -> str | None:
    """A language code, or None for "automatic" (the Discord language)."""
    if choice.value == "auto":
        return None
    if choice.value not in LANGUAGES:
        raise Refusal("refusal-language")
    return choice.value


class SettingsCog(commands.Cog):
    settings = app_commands.Group(
        name=tr("name-settings"), description=tr("cmd-settings"), guild_only=True
    )

    def __init__(self, tables: Tables) -> None:
        self.tables = tables

    @settings.command(name=tr("name-language"), description=tr("cmd-settings-language"))
    @app_commands.describe(language=tr("opt-language-server"))
    @app_commands.rename(language=tr("name-language"))
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def language(
        self, interaction: discord.Interaction[Any], language: app_commands.Choice[str]
    ) -> None:
        ctx = Ctx.of(interaction)
        await self.tables.people.set_server_language(ctx.asker, ctx, _code(language))

    @settings.command(name=tr("name-my-language"), description=tr("cmd-settings-my-language"))
    @app_commands.describe(language=tr("opt-language-mine"))
    @app_commands.rename(language=tr("name-language"))
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def my_language(
        self, interaction: discord.Interaction[Any], language: app_commands.Choice[str]
    ) -> None:
        ctx = Ctx.of(interaction)
        await self.tables.people.set_my_language(ctx.asker, ctx, _code(language))

    @settings.command(name=tr("name-threads"), description=tr("cmd-settings-threads"))
    @app_commands.describe(threads=tr("opt-threads"))
    @app_commands.rename(threads=tr("name-threads"))
    @app_commands.choices(threads=THREAD_CHOICES)
    async def threads(
        self, interaction: discord.Interaction[Any], threads: app_commands.Choice[str]
    ) -> None:
        ctx = Ctx.of(interaction)
        await self.tables.people.set_threads(ctx.asker, ctx, threads.value == "on")

    @settings.command(name=tr("name-forget-server"), description=tr("cmd-settings-forget-server"))
    async def forget_server(self, interaction: discord.Interaction[Any]) -> None:
        ctx = Ctx.of(interaction)
        if interaction.guild is None:
            raise Refusal("refusal-server-only")
        await self.tables.people.ask_forget_server(ctx.asker, ctx)
