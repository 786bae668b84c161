"""/settings: the server's language (Manage Server), your own language, and deleting
everything stored for the server (its owner or Manage Server)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import ids
from bot.i18n import LANGUAGES
from bot.model import Refusal
from bot.render import Button, Rendered
from cogs.context import Ctx
from cogs.translator import tr

if TYPE_CHECKING:
    from bot.app import TrickBot

LANGUAGE_CHOICES = [app_commands.Choice(name=name, value=code) for code, name in LANGUAGES.items()]
AUTOMATIC = "auto"


class SettingsCog(commands.Cog):
    settings = app_commands.Group(
        name=tr("name-settings"), description=tr("cmd-settings"), guild_only=True
    )

    def __init__(self, bot: TrickBot) -> None:
        self.bot = bot

    @settings.command(name=tr("name-language"), description=tr("cmd-settings-language"))
    @app_commands.describe(language=tr("opt-language-server"))
    @app_commands.rename(language=tr("name-language"))
    @app_commands.choices(
        language=[*LANGUAGE_CHOICES, app_commands.Choice(name=tr("language-auto"), value=AUTOMATIC)]
    )
    async def language(
        self, interaction: discord.Interaction[Any], language: app_commands.Choice[str]
    ) -> None:
        ctx = Ctx(interaction)
        if not ctx.can_manage:
            raise Refusal("refusal-manage-server")
        code = None if language.value == AUTOMATIC else language.value
        if code is not None and code not in LANGUAGES:
            raise Refusal("refusal-language")
        guild_id = ctx.place.guild_id
        await ctx.answering(
            self.bot.storage.people.set_language("guild", guild_id, code), defer="new"
        )
        if code is None:
            self.bot.languages.guild_choice.pop(guild_id, None)
        else:
            self.bot.languages.guild_choice[guild_id] = code
        public = self.bot.languages.public(guild_id)
        await ctx.say(
            public.t("settings-language-set", language=LANGUAGES[public.code]), ephemeral=False
        )

    @settings.command(name=tr("name-my-language"), description=tr("cmd-settings-my-language"))
    @app_commands.describe(language=tr("opt-language-mine"))
    @app_commands.rename(language=tr("name-language"))
    @app_commands.choices(
        language=[*LANGUAGE_CHOICES, app_commands.Choice(name=tr("language-auto"), value=AUTOMATIC)]
    )
    async def my_language(
        self, interaction: discord.Interaction[Any], language: app_commands.Choice[str]
    ) -> None:
        ctx = Ctx(interaction)
        code = None if language.value == AUTOMATIC else language.value
        if code is not None and code not in LANGUAGES:
            raise Refusal("refusal-language")
        await ctx.answering(
            self.bot.storage.people.set_language("user", ctx.user_id, code), defer="new"
        )
        if code is None:
            self.bot.languages.user_choice.pop(ctx.user_id, None)
        else:
            self.bot.languages.user_choice[ctx.user_id] = code
        used = ctx.lang
        if code is not None and used.code != code:
            # The Discord app's own language comes first when we speak it: say so, or the
            # person would think their choice was ignored.
            await ctx.say(
                used.t(
                    "settings-my-language-app-first",
                    choice=LANGUAGES[code],
                    language=LANGUAGES[used.code],
                )
            )
            return
        await ctx.say(used.t("settings-my-language-set", language=LANGUAGES[used.code]))

    @settings.command(name=tr("name-forget-server"), description=tr("cmd-settings-forget-server"))
    async def forget_server(self, interaction: discord.Interaction[Any]) -> None:
        ctx = Ctx(interaction)
        guild = interaction.guild
        if guild is None:
            raise Refusal("refusal-server-only")
        if ctx.user_id != guild.owner_id and not ctx.can_manage:
            raise Refusal("refusal-manage-server")
        payload = Rendered(
            content=ctx.lang.t("confirm-forget-server"),
            rows=(
                (
                    Button(
                        ids.forget("server", guild.id),
                        ctx.lang.t("confirm-forget-server-button"),
                        "danger",
                    ),
                ),
            ),
        )
        await ctx.post(payload, ephemeral=True)
