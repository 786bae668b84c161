"""The real bot alone in its own process, for the benchmarks: the parent process runs the
emulator and the scripted people, so the bot is measured rather than the emulator.

``BotProcess.start`` runs ``python -m benchmarks.child API GATEWAY DATABASE SHARDS``: the real
bot (``bot.app.create_bot``) pointed at the emulator, with computer pause 0 and the turn timer
off. It answers one JSON command a line on stdin (baseline, measure, finish, snapshot, stop),
each with one JSON line on stdout: its memory, CPU, GC pauses and what it holds.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import cProfile
import gc
import json
import os
import sys
import time
import tracemalloc
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sandbox import DiscordEmulator

if TYPE_CHECKING:
    from bot.app import TrickBot

TOKEN = "sandbox-bot-token"


def _rss_bytes() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def _create_child_bot(api: str, gateway: str, db: str, shards: str) -> TrickBot:
    """The real bot, pointed at the emulator, with pauses and turn timers off. ``db`` is a
    SQLite file or a PostgreSQL URL; ``shards`` "count/id" (or "" for one process)."""
    # Imported here so that only the child process loads discord.py and the bot.
    import logging

    import discord.gateway
    import discord.http
    import yarl

    from bot.app import create_bot
    from bot.config import Config

    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
    discord.http.Route.BASE = api
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway)
    where: dict[str, Any] = (
        {"database_url": db} if db.startswith("postgresql://") else {"database_path": Path(db)}
    )
    if shards:
        count, shard = shards.split("/")
        where.update(shard_count=int(count), shard_ids=(int(shard),))
    config = Config(
        _env_file=None,  # type: ignore[call-arg]
        discord_token=TOKEN,  # type: ignore[arg-type]
        **where,
        ai_pause_seconds=0.0,
        turn_timer_seconds=0,
        guild_ready_timeout=0.05,
        log_level="WARNING",
    )  # (other settings come from the environment: PUBLIC_MESSAGES, ...)
    return create_bot(config)


def _reply(**data: Any) -> None:
    """One JSON line to the parent process."""
    sys.stdout.write(json.dumps(data) + "\n")
    sys.stdout.flush()


class _BotMeter:
    """The child's measurements, one method per command from the parent."""

    def __init__(self, bot: TrickBot, profile: str | None) -> None:
        self.bot = bot
        self.profile = profile
        self.pauses: dict[int, list[float]] = {0: [], 1: [], 2: []}
        self._gc_started = 0.0
        self._profiler: cProfile.Profile | None = None
        self._rss0 = 0
        self._moves0 = 0

    def on_gc(self, phase: str, info: dict[str, Any]) -> None:
        """A ``gc.callbacks`` hook: records each collection's pause, by generation."""
        if phase == "start":
            self._gc_started = time.perf_counter()
        else:
            self.pauses[int(info["generation"])].append(time.perf_counter() - self._gc_started)

    def _playing(self) -> list[Any]:
        return [t for t in self.bot.tables.live.values() if t.status == "playing"]

    def baseline(self) -> None:
        """Memory with no table live yet; memory tracing starts here."""
        gc.collect()
        self._rss0 = _rss_bytes()
        tracemalloc.start(1)
        _reply(rss=self._rss0)

    def measure(self) -> None:
        """Memory with every table live, then the start of the measured seconds."""
        gc.collect()
        traced = tracemalloc.get_traced_memory()[0] if tracemalloc.is_tracing() else 0
        # Tracing slows the bot down, so it stops before the timed part.
        tracemalloc.stop()
        gc.collect()
        tables = self._playing()
        _reply(
            cpu=time.process_time(),
            traced=traced,
            rss_delta=_rss_bytes() - self._rss0,
            live=len(tables),
            actions=sum(t.version for t in tables),
        )
        for v in self.pauses.values():
            v.clear()
        self._moves0 = len(self.bot.tables.driver.move_seconds)
        if self.profile:
            self._profiler = cProfile.Profile()
            self._profiler.enable()

    def snapshot(self) -> None:
        """How much the bot holds now (the soak benchmark's steps)."""
        gc.collect()
        tables = self.bot.tables
        db = Path(str(self.bot.config.database))
        sizes = [p.stat().st_size for p in (db, db.with_name(db.name + "-wal")) if p.exists()]
        _reply(
            rss=_rss_bytes(),
            objects=len(gc.get_objects()),
            tasks=len(asyncio.all_tasks()),
            registry=len(tables.live),
            feeds=len(tables.feed.tables),
            drivers=len(tables.driver.tasks),
            db_bytes=sum(sizes),
        )

    def finish(self) -> None:
        """The end of the measured seconds: GC pauses, CPU and actions since ``measure``."""
        if self._profiler is not None and self.profile:
            self._profiler.disable()
            self._profiler.dump_stats(self.profile)
        moves = list(self.bot.tables.driver.move_seconds)[self._moves0 :]
        _reply(
            gc={g: [len(v), sum(v), max(v, default=0.0)] for g, v in self.pauses.items()},
            cpu=time.process_time(),
            actions=sum(t.version for t in self._playing()),
            live=len(self._playing()),
            moves=moves,
        )


async def _obey(reader: asyncio.StreamReader, meter: _BotMeter) -> None:
    """Runs the parent's commands until "stop" or the end of stdin."""
    commands = {
        "baseline": meter.baseline,
        "measure": meter.measure,
        "finish": meter.finish,
        "snapshot": meter.snapshot,
    }
    while True:
        line = await reader.readline()
        if not line:
            return
        cmd = json.loads(line)["cmd"]
        if cmd == "stop":
            return
        if cmd in commands:
            commands[cmd]()


async def _bot_child(api: str, gateway: str, db: str, shards: str, profile: str | None) -> None:
    """The bot, alone in its process; obeys one JSON command a line on stdin."""
    bot = _create_child_bot(api, gateway, db, shards)
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    meter = _BotMeter(bot, profile)
    gc.callbacks.append(meter.on_gc)
    runner = asyncio.create_task(bot.start(TOKEN))
    ready = asyncio.create_task(bot.wait_until_ready())
    await asyncio.wait({runner, ready}, return_when=asyncio.FIRST_COMPLETED)
    if runner.done():
        runner.result()  # the bot stopped before it was ready: raise its error
        return
    _reply(ready=True, pid=os.getpid())
    await _obey(reader, meter)
    await bot.close()
    with contextlib.suppress(Exception):
        await asyncio.wait_for(runner, 10)
    _reply(stopped=True)


# A child's answer is one JSON line; with hundreds of tables its measurements (per-table lists)
# run past asyncio's 64 KiB line limit ("Separator is found, but chunk is longer than limit").
ANSWER_LIMIT = 64 * 1024 * 1024


class BotProcess:
    def __init__(self, proc: asyncio.subprocess.Process) -> None:
        self.proc = proc

    @classmethod
    async def start(
        cls, emu: DiscordEmulator, db: str, shards: str, log: Path, profile: str | None
    ) -> Any:
        assert emu.urls is not None
        args = [sys.executable, "-m", "benchmarks.child", emu.urls.api]
        args += [emu.urls.gateway, db, shards] + (["--profile", profile] if profile else [])
        with log.open("wb") as err:
            proc = await asyncio.create_subprocess_exec(
                *args,
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                stderr=err,
                limit=ANSWER_LIMIT,
            )
        return cls(proc)

    async def read(self, timeout: float = 60.0) -> dict[str, Any]:
        assert self.proc.stdout is not None
        while True:
            line = await asyncio.wait_for(self.proc.stdout.readline(), timeout)
            if not line:
                raise RuntimeError("the bot process exited (see its log)")
            with contextlib.suppress(ValueError):
                data = json.loads(line)
                if isinstance(data, dict):
                    return data

    async def ask(self, cmd: str, timeout: float = 60.0) -> dict[str, Any]:
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps({"cmd": cmd}).encode() + b"\n")
        await self.proc.stdin.drain()
        return await self.read(timeout)

    async def stop(self) -> None:
        if self.proc.returncode is None:
            with contextlib.suppress(Exception):
                await self.ask("stop", timeout=15)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.proc.wait(), 10)
        if self.proc.returncode is None:
            self.proc.kill()
            await self.proc.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description="The bot for the benchmarks (see the module).")
    parser.add_argument("api")
    parser.add_argument("gateway")
    parser.add_argument("database")
    parser.add_argument("shards")
    parser.add_argument("--profile")
    args = parser.parse_args()
    from bot.app import event_loop_factory

    with asyncio.Runner(loop_factory=event_loop_factory()) as runner:
        runner.run(_bot_child(args.api, args.gateway, args.database, args.shards, args.profile))


if __name__ == "__main__":
    main()
