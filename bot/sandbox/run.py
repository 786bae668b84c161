"""``make run`` without a token: the real bot against the local Discord, in the browser.

Starts the emulator, restores the sandbox world (``data/sandbox-discord.json``: pretend users,
channels, messages and buttons) so a game survives a restart, serves the page on 127.0.0.1,
starts the bot made by ``make_bot`` against the emulator and prints one line: where to open it.

Wiring (in ``bot/__main__.py``)::

    from bot.sandbox.run import run_sandbox
    run_sandbox(lambda: create_bot(settings_for_the_sandbox))

The bot factory must give the bot its own database (e.g. ``data/sandbox.sqlite3``): the page's
users and channels are the sandbox's, not a real server's.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
import sys
import webbrowser
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import discord

from bot.sandbox.emulator import DiscordEmulator
from bot.sandbox.testing import start_bot, stop_bot
from bot.sandbox.web.server import SandboxWeb
from bot.sandbox.web.world import DEFAULT_CHANNELS, DEFAULT_USERS, WorldStore

_log = logging.getLogger(__name__)

BotFactory = Callable[[], discord.Client]

DEFAULT_PORT = 8765
SANDBOX_DATABASE = Path("data/sandbox.sqlite3")
SANDBOX_WORLD = Path("data/sandbox-discord.json")


@dataclass
class SandboxConfig:
    host: str = "127.0.0.1"
    port: int = DEFAULT_PORT  # taken if free, else any free port
    world_path: Path = SANDBOX_WORLD
    users: Sequence[str] = DEFAULT_USERS
    channels: Sequence[str] = DEFAULT_CHANNELS
    bot_name: str = "Trickbot"
    title: str = "Trickbot local sandbox"
    interaction_timeout: float = 3.0
    ready_timeout: float = 60.0
    open_browser: bool = False

    @classmethod
    def from_env(cls, environ: os._Environ[str] | dict[str, str] | None = None) -> SandboxConfig:
        """``SANDBOX_PORT``, ``SANDBOX_WORLD`` and ``SANDBOX_OPEN`` (1: open a browser)."""
        env = os.environ if environ is None else environ
        config = cls()
        if env.get("SANDBOX_PORT"):
            config.port = int(env["SANDBOX_PORT"])
        if env.get("SANDBOX_WORLD"):
            config.world_path = Path(env["SANDBOX_WORLD"])
        config.open_browser = env.get("SANDBOX_OPEN", "") in ("1", "true", "yes")
        return config


@dataclass
class Sandbox:
    """A running sandbox (what ``start_sandbox`` returns; ``await close()`` ends it)."""

    emulator: DiscordEmulator
    web: SandboxWeb
    store: WorldStore
    client: discord.Client
    task: asyncio.Task[None]  # the client's: done when it stopped (or crashed)
    url: str

    async def close(self) -> None:
        try:
            await stop_bot(self.client)
        except Exception:
            _log.exception("sandbox: the bot did not stop cleanly")
        await self.web.stop()
        await self.store.close()
        await self.emulator.stop()


async def _serve_page(web: SandboxWeb, host: str, port: int) -> str:
    try:
        return await web.start(host, port)
    except OSError:
        if port == 0:
            raise
        return await web.start(host, 0)  # the usual port is taken: any free one


async def start_sandbox(make_bot: BotFactory, config: SandboxConfig | None = None) -> Sandbox:
    """Emulator + world + page + the bot, ready to use."""
    config = config or SandboxConfig()
    if config.host not in ("127.0.0.1", "localhost", "::1"):
        raise ValueError("the sandbox serves on the loopback interface only")
    emu = DiscordEmulator(bot_name=config.bot_name, interaction_timeout=config.interaction_timeout)
    await emu.start()
    store = WorldStore(config.world_path, users=config.users, channels=config.channels)
    web: SandboxWeb | None = None
    try:
        world = store.open(emu)
        web = SandboxWeb(emu, world, title=config.title)
        url = await _serve_page(web, config.host, config.port)
        client = make_bot()
        task = await start_bot(emu, client, ready_timeout=config.ready_timeout)
    except BaseException:
        if web is not None:
            await web.stop()
        await store.close()
        await emu.stop()
        raise
    return Sandbox(emu, web, store, client, task, url)


def banner(url: str) -> str:
    return f"Local sandbox (no DISCORD_TOKEN, not connected to Discord): open {url}"


async def serve_sandbox(
    make_bot: BotFactory,
    config: SandboxConfig | None = None,
    *,
    announce: Callable[[str], None] = print,
    stop: asyncio.Event | None = None,
) -> None:
    """Runs the sandbox until ``stop`` is set (or SIGINT/SIGTERM), announcing the address."""
    config = config or SandboxConfig()
    stop = stop or asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            loop.add_signal_handler(sig, stop.set)
    sandbox = await start_sandbox(make_bot, config)
    try:
        announce(banner(sandbox.url))
        if config.open_browser:
            with contextlib.suppress(Exception):
                webbrowser.open(sandbox.url)
        waiter = asyncio.ensure_future(stop.wait())
        await asyncio.wait({waiter, sandbox.task}, return_when=asyncio.FIRST_COMPLETED)
        waiter.cancel()
        if sandbox.task.done() and not stop.is_set():
            sandbox.task.result()  # the bot crashed: say why
            raise RuntimeError("the bot stopped")
    finally:
        await sandbox.close()
        for sig in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                loop.remove_signal_handler(sig)


def run_sandbox(make_bot: BotFactory, config: SandboxConfig | None = None) -> None:
    """Blocking entry point for ``python -m bot`` without a token."""
    config = config or SandboxConfig.from_env()
    try:
        asyncio.run(serve_sandbox(make_bot, config))
    except KeyboardInterrupt:
        pass
    except Exception as exc:
        print(f"sandbox failed to start: {exc}", file=sys.stderr)
        raise SystemExit(1) from exc
