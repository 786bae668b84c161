"""The bot process: ``create_bot(config)`` builds it, ``run(config)`` runs it.

``run`` owns the process's life: start-up problems (a bad setting, a database that cannot be
used, a token Discord refuses) are one plain sentence and exit status 2, never a traceback;
SIGTERM and SIGINT stop it gracefully (no new actions, saves and messages finished, exit 0).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import os
import signal
import sys
from collections.abc import Callable
from typing import Any

import discord
from discord.ext import commands

from bot.config import Config
from bot.languages import Languages
from bot.status import RequestLog
from bot.storage import Shards, Storage, StorageError
from bot.tables import Tables
from cogs.discord import errors
from cogs.discord.channels import ChannelEvents
from cogs.discord.io import DiscordIO
from cogs.discord.router import Router
from cogs.discord.translator import FluentTranslator
from cogs.lobby import LobbyCog
from cogs.play import PlayCog
from cogs.settings import SettingsCog
from cogs.stats import StatsCog

log = logging.getLogger("trickbot")
GC_THRESHOLD = 10_000  # allocations between young collections (Python's default: 700)
EXIT_STARTUP = 2
COGS = (LobbyCog, PlayCog, StatsCog, SettingsCog)


def bot_intents() -> discord.Intents:
    """Guilds, and guild messages. Every click and command arrives as an interaction, which
    needs no intent. Guild messages (not privileged, and without message content) tells the
    feed when someone posts below a hand (so a hand still at the bottom is edited in place
    instead of posted anew) and when a moderator deletes one of the bot's messages (so it is
    not edited and answered 404); no message is cached (``max_messages=None``)."""
    intents = discord.Intents.none()
    intents.guilds = True
    intents.guild_messages = True
    return intents


class TrickBot(commands.AutoShardedBot):
    """AutoShardedBot: a large deployment shards without code changes."""

    storage: Storage
    tables: Tables

    def __init__(self, config: Config, **kwargs: Any) -> None:
        self.requests = RequestLog()
        kwargs.setdefault("http_trace", self.requests.trace())
        kwargs.setdefault("guild_ready_timeout", config.guild_ready_timeout)
        count, ids = config.shards
        if count is not None:
            kwargs.setdefault("shard_count", count)
            kwargs.setdefault("shard_ids", list(ids))
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=bot_intents(),
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
            max_messages=None,
            **kwargs,
        )
        self.config = config
        self.languages = Languages(self._guild_locale)
        self.router = Router()
        self._heap_frozen = False
        self._halted = False  # stopped dead (``halt``): nothing more is sent or saved

    def _guild_locale(self, guild_id: int) -> object:
        guild = self.get_guild(guild_id)
        return None if guild is None else guild.preferred_locale

    async def open_storage(self) -> None:
        """Open the database (before connecting to Discord, so a bad one stops the start)."""
        if not hasattr(self, "storage"):
            s = self.config
            self.storage = await Storage.open(
                s.database, busy_timeout_ms=s.database_busy_timeout_ms
            )

    async def setup_hook(self) -> None:
        await self.open_storage()
        c = self.config
        self.languages.load(*await self.storage.people.languages())
        self.discord_io = DiscordIO(self)
        self.tables = Tables(
            self.storage,
            self.discord_io,
            self.languages,
            ai_pause=c.ai_pause_seconds,
            default_turn_timer=c.turn_timer_seconds,
            lobby_idle=c.lobby_idle_minutes * 60.0,
            remind_after=c.remind_after_seconds,
            table_edit_gap=c.table_edit_gap_seconds,
            time_scale=c.time_scale,
            shards=Shards(*c.shards),
            status=self._status,
            requests_per_second=c.discord_requests_per_second,
            daily_iterations=c.daily_iterations,
            webhook_creates=(c.webhook_creates_per_channel, c.webhook_creates_window_seconds),
            public_messages=c.public_messages,
            threads_per_guild=c.threads_per_guild,
        )
        errors.install(self.tree)
        await self.tree.set_translator(FluentTranslator())
        cogs = [cog(self.tables) for cog in COGS]
        for cog in cogs:
            await self.add_cog(cog)
        # Every click is routed by the custom ids the cogs declare (no View registration).
        self.router.collect(cogs)
        self.add_listener(self.router.on_interaction, "on_interaction")
        ChannelEvents(self.tables).install(self)
        await self.sync_commands()
        # The computer players' workers start and load the search kernels in the background.
        if c.warm_computers:
            self._workers_started = self.tables.computers.warm()
        await self.tables.start()
        self.add_listener(self._freeze_heap, "on_ready")

    def _status(self) -> dict[str, object]:
        return {"process": os.getpid(), **self.requests.report()}

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
        guild_id = self.config.dev_guild_id
        if guild_id:
            guild = discord.Object(guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d commands to the dev guild %s", len(synced), guild_id)
        else:
            synced = await self.tree.sync()
            log.info("synced %d global commands", len(synced))

    async def close(self) -> None:
        """Stop gracefully: no new actions, finish saves and messages, then disconnect."""
        tables = getattr(self, "tables", None)
        if tables is not None and not self._halted:
            await tables.stop(self.config.stop_timeout_seconds)
        await super().close()
        discord_io = getattr(self, "discord_io", None)
        if discord_io is not None:
            await discord_io.close()
        storage = getattr(self, "storage", None)
        if storage is not None and not self._halted:
            await storage.close()

    async def halt(self) -> None:
        """Stop dead, as a killed process does (the soak's kill inside one event loop): every
        table's task ends where it is, nothing more is sent or saved, no last heartbeat is
        written, and the database connection is dropped as the process would drop it."""
        self._halted = True
        tables = getattr(self, "tables", None)
        if tables is not None:
            await tables.halt()
        discord_io = getattr(self, "discord_io", None)
        if discord_io is not None:
            await discord_io.close()  # its connections die with the process
        storage = getattr(self, "storage", None)
        if storage is not None:
            await storage.close()


def create_bot(config: Config) -> TrickBot:
    return TrickBot(config)


NO_TOKEN = (
    "No DISCORD_TOKEN: create an application at https://discord.com/developers/applications, "
    "add a bot and copy its token.\n"
    "Then put DISCORD_TOKEN=... in .env (see .env.example) or the environment, and run again.\n"
    "To try the bot first without Discord, `make run` opens the local sandbox in your browser."
)


def point_at(config: Config) -> None:
    """Use a local Discord emulator instead of Discord, if the config name one."""
    if config.discord_api_url:
        import discord.http

        discord.http.Route.BASE = config.discord_api_url.rstrip("/")
    if config.discord_gateway_url:
        import discord.gateway
        import yarl

        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(config.discord_gateway_url)


async def serve(bot: TrickBot, token: str) -> int:
    """Run until Discord closes us or a stop signal comes; 0 on a clean stop, 2 if the start
    failed."""
    loop = asyncio.get_running_loop()
    stopping = asyncio.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stopping.set)
    try:
        await bot.open_storage()
    except StorageError as e:
        print(e, file=sys.stderr)
        return EXIT_STARTUP
    runner = asyncio.create_task(bot.start(token))
    stop = asyncio.create_task(stopping.wait())
    await asyncio.wait({runner, stop}, return_when=asyncio.FIRST_COMPLETED)
    if stop.done() and not runner.done():
        log.info("stopping: finishing saves and messages")
        await bot.close()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(runner, 5.0)
        return 0
    stop.cancel()
    try:
        runner.result()
    except discord.LoginFailure:
        print(
            "Discord refused the token in DISCORD_TOKEN: copy it again from the Developer "
            "Portal (Bot, Reset Token) into .env.",
            file=sys.stderr,
        )
        return EXIT_STARTUP
    except discord.PrivilegedIntentsRequired:
        print("Discord refused an intent this bot asked for.", file=sys.stderr)
        return EXIT_STARTUP
    except StorageError as e:
        print(e, file=sys.stderr)
        return EXIT_STARTUP
    finally:
        if not bot.is_closed():
            await bot.close()
    return 0


def run(config: Config) -> int:
    from bot.log import setup_logging

    if not config.has_token:
        print(NO_TOKEN)
        return 0
    setup_logging(config.log_level)
    point_at(config)
    assert config.discord_token is not None
    bot = create_bot(config)
    with asyncio.Runner(loop_factory=event_loop_factory()) as runner:
        return runner.run(serve(bot, config.discord_token.get_secret_value()))


def event_loop_factory() -> Callable[[], asyncio.AbstractEventLoop] | None:
    """uvloop's event loop where it is installed (Linux, macOS): the bot's I/O costs less CPU
    per click; else asyncio's own."""
    try:
        import uvloop
    except ImportError:
        return None
    return uvloop.new_event_loop
