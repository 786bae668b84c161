"""``make run`` without a token: the real bot against the local Discord, in the browser.

Starts the emulator, restores the sandbox world (``data/sandbox-discord.json``: pretend users,
channels, messages and buttons) so a game survives a restart, serves the page on 127.0.0.1,
starts the bot made by ``make_bot`` against the emulator and prints one line: where to open it.

Wiring: ``make run`` without a token runs ``python -m sandbox`` (``sandbox/__main__.py``), which
calls ``main()``: ``bot.app.create_bot`` with the sandbox's own database
(``data/sandbox.sqlite3``: the page's users and channels are the sandbox's, not a real
server's). The bot never imports the sandbox; the sandbox uses the bot. Other bots:
``run_sandbox(make_bot)`` with any factory.

Logs go to ``data/sandbox.log`` (errors also to the terminal), so the address is the one line
``make run`` prints.
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
from typing import Any

import discord

from sandbox.emulator import DiscordEmulator
from sandbox.testing import start_bot, stop_bot
from sandbox.web.server import SandboxWeb
from sandbox.web.world import DEFAULT_CHANNELS, DEFAULT_USERS, WorldStore

_log = logging.getLogger(__name__)

BotFactory = Callable[[], discord.Client]

DEFAULT_PORT = 8765
SANDBOX_DATABASE = Path("data/sandbox.sqlite3")
SANDBOX_WORLD = Path("data/sandbox-discord.json")
SANDBOX_LOG = Path("data/sandbox.log")


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
    threads: bool = True  # a new world's bot may open threads: every game in its own

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
    store = WorldStore(
        config.world_path, users=config.users, channels=config.channels, threads=config.threads
    )
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


def setup_sandbox_logging(path: Path = SANDBOX_LOG, level: int = logging.INFO) -> None:
    """Everything to ``path``; only errors to the terminal (which shows the address)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    root = logging.getLogger()
    for handler in list(root.handlers):
        root.removeHandler(handler)
    to_file = logging.FileHandler(path, encoding="utf-8")
    to_file.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    to_terminal = logging.StreamHandler()
    to_terminal.setLevel(logging.ERROR)
    to_terminal.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
    root.addHandler(to_file)
    root.addHandler(to_terminal)
    root.setLevel(level)
    logging.getLogger("discord").setLevel(logging.INFO)


def run_sandbox(
    make_bot: BotFactory,
    config: SandboxConfig | None = None,
    *,
    log_path: Path | None = SANDBOX_LOG,
) -> None:
    """Blocking: runs the sandbox until Ctrl-C (logs to ``log_path``; None leaves logging be)."""
    config = config or SandboxConfig.from_env()
    if log_path is not None:
        setup_sandbox_logging(log_path)
    try:
        asyncio.run(serve_sandbox(make_bot, config))
    except KeyboardInterrupt:
        pass
    except Exception as exc:
        print(f"sandbox failed to start: {exc}", file=sys.stderr)
        raise SystemExit(1) from exc


def sandbox_settings(settings: Any) -> Any:
    """The bot's settings for the sandbox: its own database, no token, no dev guild (the
    sandbox guild is the only one)."""
    return settings.model_copy(
        update={
            "database_path": SANDBOX_DATABASE,
            "discord_token": None,
            "dev_guild_id": None,
        }
    )


def main(settings: Any | None = None) -> int:
    """``python -m sandbox``: the real bot (``bot.app.create_bot``) in the sandbox, with the
    settings of the environment and ``.env`` (one sentence and exit status 2 for a bad one)."""
    from bot.__main__ import config_or_exit
    from bot.app import create_bot

    local = sandbox_settings(settings if settings is not None else config_or_exit())
    run_sandbox(lambda: create_bot(local))
    return 0


if __name__ == "__main__":
    sys.exit(main())
