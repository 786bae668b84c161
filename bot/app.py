"""The bot process: ``create_bot(settings)`` builds it, ``run(settings)`` runs it."""

from __future__ import annotations

import gc
import logging
from typing import Any

import discord
from discord.ext import commands

from bot.settings import Settings
from bot.storage import Storage
from bot.tables import TableManager

log = logging.getLogger("trickbot")
GC_THRESHOLD = 10_000  # allocations between young collections (Python's default: 700)


def bot_intents() -> discord.Intents:
    """Guilds only. Every click and command arrives as an interaction, which needs no intent;
    message events (GUILD_MESSAGES) would echo each message the bot posts or edits back over
    the gateway to be parsed and cached for nothing."""
    intents = discord.Intents.none()
    intents.guilds = True
    return intents


class TrickBot(commands.AutoShardedBot):
    """AutoShardedBot: a large deployment shards without code changes."""

    storage: Storage
    manager: TableManager

    def __init__(self, settings: Settings, **kwargs: Any) -> None:
        kwargs.setdefault("guild_ready_timeout", settings.guild_ready_timeout)
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=bot_intents(),
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
            **kwargs,
        )
        self.settings = settings
        self._heap_frozen = False

    async def setup_hook(self) -> None:
        from cogs import buttons, errors
        from cogs.lobby import LobbyCog
        from cogs.play import PlayCog
        from cogs.stats import StatsCog
        from cogs.ui import DiscordPublisher

        self.storage = await Storage.open(self.settings.database_path)
        self.publisher = DiscordPublisher(self)
        self.manager = TableManager(
            self.storage,
            self.publisher,
            ai_pause=self.settings.ai_pause_seconds,
            default_turn_timer=self.settings.turn_timer_seconds,
        )
        errors.install(self.tree)
        await self.add_cog(LobbyCog(self))
        await self.add_cog(PlayCog(self))
        await self.add_cog(StatsCog(self))
        # Every click is routed by buttons.on_interaction (see there why not add_dynamic_items).
        self.add_listener(buttons.on_interaction, "on_interaction")
        await self.sync_commands()
        await self.manager.resume()
        self.add_listener(self._freeze_heap, "on_ready")

    async def _freeze_heap(self) -> None:
        """Once logged in, what exists (modules, discord.py's caches, resumed tables) lives
        for good: move it out of the garbage collector's way. Under load a full collection
        otherwise scanned all of it, pausing every table for up to 100 ms; the higher first
        threshold also lets a click's short-lived objects die before they are promoted."""
        if self._heap_frozen:
            return
        self._heap_frozen = True
        gc.collect()
        gc.freeze()
        gc.set_threshold(GC_THRESHOLD, 10, 10)

    async def sync_commands(self) -> None:
        guild_id = self.settings.dev_guild_id
        if guild_id:
            guild = discord.Object(guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d commands to the dev guild %s", len(synced), guild_id)
        else:
            synced = await self.tree.sync()
            log.info("synced %d global commands", len(synced))

    async def close(self) -> None:
        manager = getattr(self, "manager", None)
        if manager is not None:
            await manager.close()
        storage = getattr(self, "storage", None)
        if storage is not None:
            await storage.close()
        await super().close()


def create_bot(settings: Settings) -> TrickBot:
    return TrickBot(settings)


NO_TOKEN = (
    "No DISCORD_TOKEN: create an application at https://discord.com/developers/applications, "
    "add a bot and copy its token.\n"
    "Then put DISCORD_TOKEN=... in .env (see .env.example) or the environment, and run again."
)


def run(settings: Settings) -> int:
    from bot.log import setup_logging

    if not settings.has_token:
        print(NO_TOKEN)
        return 0
    setup_logging(settings.log_level)
    assert settings.discord_token is not None
    bot = create_bot(settings)
    bot.run(settings.discord_token.get_secret_value(), log_handler=None)
    return 0
