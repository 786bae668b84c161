"""Load benchmark: many concurrent tables in the local Discord emulator.

    python -m benchmarks.bench_load --tables 200 --seconds 20

Two processes, so the bot is measured rather than the emulator: this one runs the emulator
(127.0.0.1 only) and the scripted people; a child process runs the real bot
(``bot.app.create_bot``) pointed at the emulator, with a temporary SQLite file, computer pause 0
and the turn timer off. Each table is a 3-seat Smear game: two scripted people (they open their
hand once, then click a legal card or bid after a short think whenever their hand shows it is
their turn) and one computer.

Prints, per interaction, the time from the emulator's dispatch to the bot's first callback
(p50, p99, max), interactions per second, and the bot's memory per active table, measured in
the bot's process: traced Python memory (tracemalloc, started after login) and the growth of
its resident set (RSS), both with every table live compared to none. ``--profile FILE`` also
profiles the bot process (cProfile) during the measured seconds and prints its top functions.
Not a test: a script to run by hand; it stops by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import cProfile
import gc
import json
import os
import random
import statistics
import sys
import tempfile
import time
import tracemalloc
from collections import Counter
from collections.abc import AsyncIterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sandbox import (
    ComponentNotClickable,
    DiscordEmulator,
    EmulatorEvent,
    InteractionHandle,
    User,
)

if TYPE_CHECKING:
    from bot.app import TrickBot

TOKEN = "sandbox-bot-token"
TARGET_TABLES, TARGET_P99_MS, TARGET_KB = 200, 150.0, 200.0


def _percentile(values: list[float], p: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(p / 100 * (len(ordered) - 1))))
    return ordered[k]


# ============================================================================ the bot process


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
    )
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


class BotProcess:
    def __init__(self, proc: asyncio.subprocess.Process) -> None:
        self.proc = proc

    @classmethod
    async def start(
        cls, emu: DiscordEmulator, db: str, shards: str, log: Path, profile: str | None
    ) -> Any:
        assert emu.urls is not None
        args = [sys.executable, "-m", "benchmarks.bench_load", "--bot-child", emu.urls.api]
        args += [emu.urls.gateway, db, shards] + (["--profile", profile] if profile else [])
        with log.open("wb") as err:
            proc = await asyncio.create_subprocess_exec(
                *args, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=err
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


# ============================================================================ people


class Watch:
    """Wakes scripted people on emulator events instead of polling (which would load the
    emulator's process and so the measurement)."""

    def __init__(self, emu: DiscordEmulator) -> None:
        self.emu = emu
        self.acks: dict[int, asyncio.Future[None]] = {}
        self.changed: dict[int, asyncio.Event] = {}  # message id -> set on every update
        self.table_message: dict[int, int] = {}  # table id -> its latest table message
        self.hands: dict[int, int] = {}  # user id -> their newest hand message
        self.moved: dict[int, asyncio.Event] = {}  # user id -> set when a new copy appears
        emu.add_listener(self._on_event)

    def _on_event(self, ev: EmulatorEvent) -> None:
        if ev.interaction is not None:
            fut = self.acks.pop(ev.interaction.id, None)
            if fut is not None and not fut.done():
                fut.set_result(None)
            return
        m = ev.message
        if m is None:
            return
        event = self.changed.get(m.id)
        if event is not None:
            event.set()
        if ev.kind != "message_create":
            return
        for row in m.components:
            for c in row.get("components", ()):
                cid = str(c.get("custom_id", ""))
                if cid.startswith("tb:s:") and not m.ephemeral and m.embeds:
                    self.table_message[int(cid[5:])] = m.id
                elif cid.startswith("tb:r:") and m.ephemeral and m.interaction_user is not None:
                    # A new copy of a person's hand (it follows them to the bottom).
                    uid = m.interaction_user.id
                    self.hands[uid] = m.id
                    self.changed.setdefault(m.id, asyncio.Event())
                    moved = self.moved.get(uid)
                    if moved is not None:
                        moved.set()

    async def answered(self, handle: InteractionHandle) -> bool:
        if handle.acked:
            return True
        if not handle.failed:
            fut = asyncio.get_running_loop().create_future()
            self.acks[handle.id] = fut
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(fut, self.emu.interaction_timeout + 1)
        return handle.acked


class Person:
    def __init__(
        self, emu: DiscordEmulator, watch: Watch, table_id: int, user: User, think: float, seed: int
    ) -> None:
        self.emu = emu
        self.watch = watch
        self.table_id = table_id
        self.user = user
        self.think = think
        self.rng = random.Random(seed)
        self.hand_id: int | None = None
        self.clicks = 0
        self.failed = 0
        self.done = False

    async def _click(self, message_id: int, custom_id: str | None, label: str | None) -> bool:
        try:
            handle = await self.emu.click(self.user, message_id, custom_id, label=label)
        except ComponentNotClickable:
            return False  # changed under the cursor: look again
        self.clicks += 1
        ok = await self.watch.answered(handle)
        if not ok:
            self.failed += 1
        elif custom_id is None and label == "Show my hand" and handle.original_message_id:
            self.hand_id = handle.original_message_id
            self.watch.changed[self.hand_id] = asyncio.Event()
        return ok

    def _choices(self) -> list[str]:
        self.hand_id = self.watch.hands.get(self.user.id, self.hand_id)
        assert self.hand_id is not None
        msg = self.emu.messages[self.hand_id]
        if "The game is over" in msg.content:
            self.done = True
        return [
            str(b["custom_id"])
            for b in msg.buttons()
            if str(b.get("custom_id", "")).startswith("tb:p:") and not b.get("disabled")
        ]

    async def run(self, until: float) -> None:
        loop = asyncio.get_running_loop()
        moved = self.watch.moved.setdefault(self.user.id, asyncio.Event())
        while not self.done and loop.time() < until:
            self.hand_id = self.watch.hands.get(self.user.id, self.hand_id)
            if self.hand_id is None:
                tm = self.watch.table_message.get(self.table_id)
                if tm is None:
                    await asyncio.sleep(0.05)
                    continue
                await asyncio.sleep(self.think * self.rng.uniform(0.1, 1.0))
                await self._click(tm, None, "Show my hand")
                continue
            event = self.watch.changed[self.hand_id]
            event.clear()
            moved.clear()
            if not self._choices():
                if self.done:
                    return
                left = until - loop.time()
                waits = [asyncio.ensure_future(e.wait()) for e in (event, moved)]
                await asyncio.wait(
                    waits, timeout=max(0.0, min(5.0, left)), return_when=asyncio.FIRST_COMPLETED
                )
                for w in waits:
                    w.cancel()
                continue
            await asyncio.sleep(self.think * self.rng.uniform(0.5, 1.5))
            choices = self._choices()  # may have changed meanwhile
            if not choices or loop.time() >= until:
                continue
            by_action = {int(c.rsplit(":", 1)[1]): c for c in choices}
            pick = by_action.get(54) or by_action.get(52) or self.rng.choice(choices)
            await self._click(self.hand_id, pick, None)


async def _open_table(
    emu: DiscordEmulator, guild: Any, i: int, level: str
) -> tuple[int, list[User]]:
    channel = emu.add_channel(guild, f"table-{i}")
    a = emu.add_member(guild, f"a{i}")
    b = emu.add_member(guild, f"b{i}")
    await asyncio.sleep(0.05)  # CHANNEL_CREATE and GUILD_MEMBER_ADD reach the bot
    lobby = await emu.invoke_and_wait(a, channel, "smear start", {"seats": 3}, timeout=20)
    tid = next(int(c.split(":")[2]) for c in lobby.custom_ids() if c.startswith("tb:l:"))
    await (await emu.click(b, lobby, label="Join")).message(timeout=20)
    await (await emu.select(a, lobby, f"tb:ai:{tid}", [level])).message(timeout=20)
    return tid, [a, b]


async def _prune(emu: DiscordEmulator, keep: float) -> None:
    """Forget answered interactions after ``keep`` seconds. The emulator scans every
    interaction it ever saw on each message edit; a long run would otherwise time the
    emulator's own bookkeeping (tokens stay valid: webhooks look them up elsewhere)."""
    loop = asyncio.get_running_loop()
    while True:
        await asyncio.sleep(1.0)
        now = loop.time()
        for iid, h in list(emu.interactions.items()):
            if h.failed or (h.acked_at is not None and now - h.acked_at > keep):
                del emu.interactions[iid]


@contextlib.asynccontextmanager
async def _database(kind: str, folder: Path) -> AsyncIterator[str]:
    """Where the bots keep their data: a SQLite file, a throwaway PostgreSQL server's fresh
    database, or a given PostgreSQL URL."""
    if kind == "sqlite":
        yield str(folder / "bench.sqlite3")
    elif kind == "postgres":
        from sandbox.postgres import new_database, postgres_server

        with postgres_server() as server:
            yield await new_database(server)
    else:
        yield kind


def _guild_on(emu: DiscordEmulator, name: str, shard: int, count: int) -> Any:
    """A server on ``shard`` of ``count`` (so each bot process gets its share of tables)."""
    while True:
        guild = emu.add_guild(name, channels=[])
        if (guild.id >> 22) % count == shard:
            return guild


async def _start_bots(
    emu: DiscordEmulator, db: str, processes: int, folder: Path, profile: str | None
) -> list[BotProcess]:
    bots = []
    for i in range(processes):
        shards = f"{processes}/{i}" if processes > 1 else ""
        log = folder / f"bot-{i}.log"
        bots.append(await BotProcess.start(emu, db, shards, log, profile if i == 0 else None))
    for bot in bots:
        hello = await bot.read(timeout=60)
        assert hello.get("ready"), hello
    return bots


async def _ask_all(bots: list[BotProcess], cmd: str) -> list[dict[str, Any]]:
    return [await bot.ask(cmd) for bot in bots]


async def bench(
    tables: int,
    seconds: float,
    think: float,
    warmup: float,
    level: str,
    profile: str | None,
    processes: int = 1,
    database: str = "sqlite",
) -> dict[str, Any]:
    import logging

    if processes > 1 and database == "sqlite":
        raise ValueError("several bot processes share a PostgreSQL database: --database postgres")
    sandbox_log = logging.getLogger("sandbox")
    level_before = sandbox_log.level
    sandbox_log.setLevel(logging.ERROR)  # violations are counted below
    gc_threshold = gc.get_threshold()
    tmp = tempfile.TemporaryDirectory(prefix="bench-load-")
    folder = Path(tmp.name)
    async with DiscordEmulator(interaction_timeout=3.0) as emu, _database(database, folder) as db:
        loop = asyncio.get_running_loop()
        bots = await _start_bots(emu, db, processes, folder, profile)
        pruner = asyncio.create_task(_prune(emu, keep=5.0))
        try:
            await emu.wait_until(lambda: emu.all_command_names() or None, timeout=30)
            base = await _ask_all(bots, "baseline")
            watch = Watch(emu)
            guilds = [
                _guild_on(emu, f"Guild {g}", g % processes, processes)
                for g in range((tables + 49) // 50)
            ]
            gate = asyncio.Semaphore(8)

            async def one(i: int) -> tuple[int, list[User]]:
                async with gate:
                    return await _open_table(emu, guilds[i // 50], i, level)

            t_open = loop.time()
            opened = await asyncio.gather(*(one(i) for i in range(tables)))
            open_seconds = loop.time() - t_open
            people = [
                Person(emu, watch, tid, u, think, seed=i * 2 + k)
                for i, (tid, users) in enumerate(opened)
                for k, u in enumerate(users)
            ]
            warm_until = loop.time() + warmup  # everyone opens a hand, a few tricks are played
            await asyncio.gather(*(p.run(warm_until) for p in people))
            mem = await _ask_all(bots, "measure")
            # The emulator keeps every message and revision: keep its collector from pausing
            # (and so timing) over them, as the bot does over what it holds for good.
            gc.collect()
            gc.freeze()
            gc.set_threshold(10_000, 10, 10)
            emu.latencies.clear()
            violations_before = len(emu.violations)
            requests_before = len(emu.requests)
            clicks_before = sum(p.clicks for p in people)
            started = loop.time()
            cpu0 = time.process_time()
            until = started + seconds
            await asyncio.gather(*(p.run(until) for p in people))
            elapsed = loop.time() - started
            lat = list(emu.latencies)
            ends = await _ask_all(bots, "finish")
            emu_cpu = time.process_time() - cpu0
            kinds = Counter(v.kind for v in emu.violations[violations_before:])
            requests = emu.requests[requests_before:]
            routes = Counter(_route(r.method, r.path) for r in requests)
            live = max(1, sum(int(m["live"]) for m in mem))
            moves = [float(x) for end in ends for x in end["moves"]]
            return {
                "tables": tables,
                "processes": processes,
                "database": "sqlite" if database == "sqlite" else "postgresql",
                "open_seconds": open_seconds,
                "live_tables": sum(int(m["live"]) for m in mem),
                "finished_games": sum(1 for p in people if p.done) // 2,
                "interactions": len(lat),
                "clicks": sum(p.clicks for p in people) - clicks_before,
                "seconds": elapsed,
                "per_second": len(lat) / elapsed if elapsed else 0.0,
                "requests_per_second": len(requests) / elapsed if elapsed else 0.0,
                "p50_ms": _percentile(lat, 50) * 1000,
                "p90_ms": _percentile(lat, 90) * 1000,
                "p99_ms": _percentile(lat, 99) * 1000,
                "max_ms": max(lat, default=0.0) * 1000,
                "mean_ms": statistics.fmean(lat) * 1000 if lat else 0.0,
                "moves": len(moves),
                "move_p50_s": _percentile(moves, 50),
                "move_p95_s": _percentile(moves, 95),
                "move_max_s": max(moves, default=0.0),
                "traced_kb_per_table": sum(m["traced"] for m in mem) / live / 1024,
                "rss_kb_per_table": sum(m["rss_delta"] for m in mem) / live / 1024,
                "rss_base_mb": sum(b["rss"] for b in base) / 2**20,
                "actions": sum(int(e["actions"]) for e in ends)
                - sum(int(m["actions"]) for m in mem),
                "violations": dict(kinds),
                "routes": routes,
                "bot_cpu": [
                    float(e["cpu"]) - float(m["cpu"]) for e, m in zip(ends, mem, strict=True)
                ],
                "gc": ends[0]["gc"],
                "emu_cpu": emu_cpu,
                "bot_log": [
                    line
                    for i in range(processes)
                    for line in (folder / f"bot-{i}.log").read_text(errors="replace").splitlines()
                ],
            }
        finally:
            sandbox_log.setLevel(level_before)
            gc.unfreeze()
            gc.set_threshold(*gc_threshold)
            pruner.cancel()
            for bot in bots:
                await bot.stop()
            if os.environ.get("BENCH_KEEP"):
                print("kept", tmp.name)
            else:
                tmp.cleanup()


def _route(method: str, path: str) -> str:
    parts = path.split("/")
    if "interactions" in parts:
        return "interaction callback"
    if "webhooks" in parts:
        return f"{method} webhook (hand refresh, follow-up)"
    if "messages" in parts:
        return f"{method} channel message" + ("" if parts[-1] == "messages" else " by id")
    return f"{method} other"


def _print_profile(path: str, top: int = 30) -> None:
    import pstats

    print(f"\nbot process profile (cProfile, measured seconds only; {path}):")
    stats = pstats.Stats(path, stream=sys.stdout)
    stats.sort_stats("tottime").print_stats(top)
    stats.sort_stats("cumulative").print_stats(top)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=20.0, help="measured seconds")
    parser.add_argument("--warmup", type=float, default=5.0, help="seconds before measuring")
    parser.add_argument("--think", type=float, default=1.0, help="seconds a person thinks")
    parser.add_argument("--level", default="easy", help="the computer's level")
    parser.add_argument("--profile", help="cProfile the bot process into this file")
    parser.add_argument("--log", help="write the bot's whole log (warnings, errors) to this file")
    parser.add_argument(
        "--processes", type=int, default=1, help="bot processes, one shard each (PostgreSQL)"
    )
    parser.add_argument(
        "--database",
        default="sqlite",
        help="sqlite, postgres (a throwaway server) or a postgresql:// URL of an empty database",
    )
    parser.add_argument("--bot-child", nargs=4, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.bot_child:
        api, gateway, db, shards = args.bot_child
        asyncio.run(_bot_child(api, gateway, db, shards, args.profile))
        return
    t0 = time.perf_counter()
    limit = args.seconds + args.warmup + 60 + args.tables * 0.5
    r = asyncio.run(
        asyncio.wait_for(
            bench(
                args.tables,
                args.seconds,
                args.think,
                args.warmup,
                args.level,
                args.profile,
                args.processes,
                args.database,
            ),
            limit,
        )
    )
    ok = r["p99_ms"] < TARGET_P99_MS and r["traced_kb_per_table"] < TARGET_KB
    rows = [
        ("tables", f"{r['tables']} opened in {r['open_seconds']:.1f} s, {r['live_tables']} live"),
        ("measured", f"{r['seconds']:.1f} s after {args.warmup:.0f} s of warm-up"),
        (
            "bots",
            f"{r['processes']} process{'es' if r['processes'] > 1 else ''} on {r['database']}",
        ),
        ("interactions", f"{r['interactions']} = {r['per_second']:.1f}/s"),
        ("REST requests", f"{r['requests_per_second']:.1f}/s from the bots"),
        ("game actions", f"{r['actions']} (computer and people); {r['finished_games']} over"),
        ("dispatch→answer p50", f"{r['p50_ms']:.1f} ms"),
        ("dispatch→answer p90", f"{r['p90_ms']:.1f} ms"),
        ("dispatch→answer p99", f"{r['p99_ms']:.1f} ms  (target < {TARGET_P99_MS:.0f})"),
        ("dispatch→answer max", f"{r['max_ms']:.1f} ms  (mean {r['mean_ms']:.1f} ms)"),
        (
            "computer moves",
            f"{r['moves']}: p50 {r['move_p50_s']:.2f} s, p95 {r['move_p95_s']:.2f} s, "
            f"max {r['move_max_s']:.2f} s (turn to move)",
        ),
        (
            "bot memory / table",
            f"{r['traced_kb_per_table']:.0f} KB traced Python (tracemalloc; target < "
            f"{TARGET_KB:.0f}), {r['rss_kb_per_table']:.0f} KB RSS growth "
            f"(base RSS {r['rss_base_mb']:.0f} MB)",
        ),
        (
            "bot requests / action",
            ", ".join(
                f"{k} {v / max(1, r['actions']):.2f}" for k, v in sorted(r["routes"].items())
            ),
        ),
        (
            "CPU used (of wall)",
            "bot " + " + ".join(f"{c / r['seconds']:.0%}" for c in r["bot_cpu"]) + " of a core, "
            f"emulator and people {r['emu_cpu'] / r['seconds']:.0%} ({os.cpu_count()} cores)",
        ),
        (
            "bot GC pauses",
            ", ".join(
                f"gen{g}: {n} = {total * 1000:.0f} ms (max {top * 1000:.1f} ms)"
                for g, (n, total, top) in sorted(r["gc"].items())
            ),
        ),
        ("violations", ", ".join(f"{k} {v}" for k, v in r["violations"].items()) or "none"),
        ("bot log lines", f"{len(r['bot_log'])} (warnings and errors)"),
        ("wall time", f"{time.perf_counter() - t0:.0f} s"),
    ]
    width = max(len(k) for k, _ in rows)
    print(
        f"load benchmark: bots in their own processes, {args.think:g} s think, "
        f"computer {args.level}"
    )
    for k, v in rows:
        print(f"  {k.ljust(width)}  {v}")
    for line in r["bot_log"][:5]:
        print(f"  bot log: {line[:160]}")
    if args.log:
        Path(args.log).write_text("\n".join(r["bot_log"]) + "\n")
    print(f"  targets at {TARGET_TABLES} tables: {'met' if ok else 'NOT met'}")
    if args.profile:
        _print_profile(args.profile)


if __name__ == "__main__":
    main()
