"""/leaderboard and /stats: this server's ratings and records; /stats forget deletes yours."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import ids
from bot.model import Refusal
from bot.render import Button, Rendered
from bot.render.base import clean_name
from bot.render.board import leaderboard_footer, leaderboard_text, stats_text
from cogs import buttons
from cogs.context import Ctx
from cogs.translator import tr
from engine.games import GAME_NAMES

if TYPE_CHECKING:
    from bot.app import TrickBot

GAME_CHOICES = [app_commands.Choice(name=tr(f"game-{g}-short"), value=g) for g in GAME_NAMES]


async def on_forget(ctx: Ctx, m: re.Match[str]) -> None:
    """A confirmed deletion: of the clicker's own data, or of everything of their server."""
    what, target = m["what"], int(m["id"])
    storage = ctx.manager.storage
    if what == "me":
        if target != ctx.user_id:
            raise Refusal("refusal-not-yours")
        done = await ctx.answering(storage.people.forget_user(ctx.user_id), defer="update")
        ctx.bot.languages.user_choice.pop(ctx.user_id, None)
        key = "forgot-me"
    else:
        guild = ctx.interaction.guild
        if guild is None or guild.id != target:
            raise Refusal("refusal-wrong-channel")
        if ctx.user_id != guild.owner_id and not ctx.can_manage:
            raise Refusal("refusal-manage-server")
        for t in ctx.manager.registry.in_guild(guild.id):
            await ctx.manager.commands.cancel(t.id, t.place, ctx.user_id, True)
        done = await ctx.answering(storage.people.forget_guild(guild.id), defer="update")
        ctx.bot.languages.guild_choice.pop(guild.id, None)
        key = "forgot-server"
    await ctx.update(Rendered(content=ctx.lang.t(key, games=done.games, ratings=done.ratings)))


buttons.EXTRA_ROUTES.append((ids.FORGET, on_forget))


class StatsCog(commands.Cog):
    stats = app_commands.Group(name=tr("name-stats"), description=tr("cmd-stats"), guild_only=True)

    def __init__(self, bot: TrickBot) -> None:
        self.bot = bot

    @app_commands.command(name=tr("name-leaderboard"), description=tr("cmd-leaderboard"))
    @app_commands.describe(game=tr("opt-game"))
    @app_commands.rename(game=tr("name-game"))
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    async def leaderboard(
        self,
        interaction: discord.Interaction[Any],
        game: app_commands.Choice[str] | None = None,
    ) -> None:
        ctx = Ctx(interaction)
        guild_id = ctx.place.guild_id
        storage = self.bot.storage
        lang = ctx.public_lang

        async def board() -> str:
            parts = []
            for g in [game.value] if game else list(GAME_NAMES):
                rows = await storage.results.leaderboard(guild_id, g, 10)
                mine = await storage.results.rank_of(guild_id, g, ctx.user_id)
                parts.append(leaderboard_text(g, rows, mine, ctx.user_id, lang))
            return "\n\n".join(parts) + "\n\n" + leaderboard_footer(lang)

        text = await ctx.answering(board(), defer="new")
        await ctx.post(Rendered(content=text), ephemeral=False)

    @stats.command(name=tr("name-show"), description=tr("cmd-stats-show"))
    @app_commands.describe(user=tr("opt-stats-user"))
    @app_commands.rename(user=tr("name-player"))
    async def show(
        self, interaction: discord.Interaction[Any], user: discord.User | None = None
    ) -> None:
        ctx = Ctx(interaction)
        who = user or interaction.user
        rows = await ctx.answering(
            self.bot.storage.results.stats(ctx.place.guild_id, who.id), defer="new"
        )
        name = clean_name(getattr(who, "display_name", None) or who.name)
        await ctx.say(stats_text(name, rows, ctx.lang))

    @stats.command(name=tr("name-forget"), description=tr("cmd-stats-forget"))
    async def forget(self, interaction: discord.Interaction[Any]) -> None:
        ctx = Ctx(interaction)
        payload = Rendered(
            content=ctx.lang.t("confirm-forget-me"),
            rows=(
                (
                    Button(
                        ids.forget("me", ctx.user_id), ctx.lang.t("confirm-forget-button"), "danger"
                    ),
                ),
            ),
        )
        await ctx.post(payload, ephemeral=True)
