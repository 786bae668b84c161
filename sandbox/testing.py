"""Running a real discord.py client against the emulator, for tests.

``run_bot`` points discord.py at the emulator, starts the client in the current event loop,
waits for ``on_ready`` and closes it (and restores discord.py's URLs) on exit. ``start_bot`` and
``stop_bot`` are the two halves, for tests that stop one client and start another;
``kill_bot`` stops one as SIGKILL would, inside the loop.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import TypeVar

import discord

from sandbox.emulator import DiscordEmulator
from sandbox.interactions import EmulatorError, EmulatorTimeout

ClientT = TypeVar("ClientT", bound=discord.Client)

_running: dict[int, tuple[asyncio.Task[None], contextlib.ExitStack]] = {}


async def start_bot(
    emulator: DiscordEmulator, client: discord.Client, *, ready_timeout: float = 5.0
) -> asyncio.Task[None]:
    """Starts ``client`` against the emulator and waits until it is ready."""
    if id(client) in _running:
        raise EmulatorError("this client is already running")
    stack = contextlib.ExitStack()
    stack.enter_context(emulator.patched())
    task = asyncio.create_task(client.start(emulator.token), name="sandbox-bot")
    _running[id(client)] = (task, stack)
    loop = asyncio.get_running_loop()
    deadline = loop.time() + ready_timeout
    while not client.is_ready():
        if task.done():
            _running.pop(id(client), None)
            stack.close()
            task.result()  # re-raises what killed the client
            raise EmulatorError("the client stopped before it was ready")
        if loop.time() > deadline:
            await stop_bot(client)
            raise EmulatorTimeout(f"client not ready after {ready_timeout}s")
        await asyncio.sleep(0.01)
    return task


async def stop_bot(client: discord.Client, *, timeout: float = 5.0) -> None:
    """Closes the client, waits for its task and restores discord.py's URLs."""
    entry = _running.pop(id(client), None)
    try:
        await client.close()
        if entry is not None:
            task = entry[0]
            await asyncio.wait_for(asyncio.shield(task), timeout)
    finally:
        if entry is not None:
            entry[1].close()


async def kill_bot(emulator: DiscordEmulator, client: discord.Client) -> None:
    """Stops ``client`` as SIGKILL stops a process, without leaving the event loop: its gateway
    connections are cut without a close frame, and a client with a ``halt()`` (the bot) ends
    its work where it is, sending and saving nothing more; then its task is cancelled.
    Requests already on their way to the emulator still land, as they would. What the
    database holds is what a new client started on it finds."""
    entry = _running.pop(id(client), None)
    try:
        await emulator.gateway_drop(abrupt=True)
        halt = getattr(client, "halt", None)
        if halt is not None:
            await halt()
        if entry is not None:
            entry[0].cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await entry[0]
        if not client.is_closed():
            with contextlib.suppress(Exception):
                await client.close()
    finally:
        if entry is not None:
            entry[1].close()


@contextlib.asynccontextmanager
async def run_bot(
    emulator: DiscordEmulator, client: ClientT, *, ready_timeout: float = 5.0
) -> AsyncIterator[ClientT]:
    await start_bot(emulator, client, ready_timeout=ready_timeout)
    try:
        yield client
    finally:
        await stop_bot(client)
