"""Load benchmark: many concurrent tables in the local Discord emulator.

    python -m bot.bench_load --tables 200 --seconds 20

Each table is a 3-seat Smear game: two scripted people (they click their hand's buttons after a
short think) and one computer. Prints, per interaction, the time from dispatch to the bot's
answer (p50, p99, max), interactions per second, and the bot's memory per active table
(tracemalloc; allocations made in the emulator's code left out, so an upper bound).
Not a test: a script to run by hand.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import random
import statistics
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Any

from bot.app import TrickBot
from bot.sandbox import (
    DiscordEmulator,
    InteractionFailed,
    InteractionHandle,
    Message,
    User,
    start_bot,
    stop_bot,
)
from bot.settings import Settings


class BenchBot(TrickBot):
    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        return None


def _percentile(values: list[float], p: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(p / 100 * (len(ordered) - 1))))
    return ordered[k]


class Driver:
    """Two people at one table, clicking as soon as it is their turn (after ``think``)."""

    def __init__(
        self,
        emu: DiscordEmulator,
        bot: TrickBot,
        table_id: int,
        users: dict[int, User],
        think: float,
        seed: int,
    ) -> None:
        self.emu = emu
        self.bot = bot
        self.table_id = table_id
        self.users = users
        self.think = think
        self.rng = random.Random(seed)
        self.hands: dict[int, Message] = {}
        self.clicks = 0
        self.failures = 0

    def _to_act(self) -> int | None:
        t = self.bot.manager.tables.get(self.table_id)
        if t is None or t.state is None or t.status != "playing":
            return -1
        seat = t.state.current_player
        if seat is None or t.seats[seat].automatic:
            return None
        return t.seats[seat].user_id

    async def run(self, until: float) -> None:
        loop = asyncio.get_running_loop()
        while loop.time() < until:
            uid = self._to_act()
            if uid == -1:
                return
            if uid is None:
                await asyncio.sleep(0.01)
                continue
            await asyncio.sleep(self.think * self.rng.uniform(0.5, 1.5))
            try:
                await self._click(uid)
            except InteractionFailed:
                self.failures += 1

    async def _answer(self, handle: InteractionHandle) -> Message:
        # Polls rather than emu.wait_until, whose waiters all re-run on every emulator change
        # and would make the benchmark measure itself.
        while handle.original_message_id is None:
            if handle.failed:
                raise InteractionFailed(repr(handle))
            await asyncio.sleep(0.005)
        return self.emu.message(handle.original_message_id)

    async def _click(self, uid: int) -> None:
        t = self.bot.manager.tables.get(self.table_id)
        if t is None or t.table_message_id is None:
            await asyncio.sleep(0.01)
            return
        user = self.users[uid]
        msg = self.hands.get(uid)
        if msg is None:
            handle = await self.emu.click(user, t.table_message_id, label="Show my hand")
            msg = await self._answer(handle)
            self.clicks += 1
            self.hands[uid] = msg
        want = f"tb:p:{self.table_id}:{t.hand_no}:{t.version}:"
        choices = [
            str(b["custom_id"])
            for b in msg.buttons()
            if str(b.get("custom_id", "")).startswith(want) and not b.get("disabled")
        ]
        if not choices:
            handle = await self.emu.click(user, msg, label="Refresh")
            await self._answer(handle)
            self.clicks += 1
            return
        by_action = {int(c.rsplit(":", 1)[1]): c for c in choices}
        pick = by_action.get(54) or by_action.get(52) or self.rng.choice(choices)
        handle = await self.emu.click(user, msg, pick)
        self.hands[uid] = await self._answer(handle)
        self.clicks += 1


async def _open_tables(
    emu: DiscordEmulator, bot: TrickBot, count: int
) -> list[tuple[int, dict[int, User]]]:
    tables: list[tuple[int, dict[int, User]]] = []
    per_guild = 50
    guild = None
    for i in range(count):
        if i % per_guild == 0:
            guild = emu.add_guild(f"Guild {i // per_guild}", channels=[])
        assert guild is not None
        channel = emu.add_channel(guild, f"table-{i}")
        a = emu.add_member(guild, f"a{i}")
        b = emu.add_member(guild, f"b{i}")
        await asyncio.sleep(0)
        lobby = await emu.invoke_and_wait(a, channel, "smear start", {"seats": 3}, timeout=10)
        tid = next(int(c.split(":")[2]) for c in lobby.custom_ids() if c.startswith("tb:l:"))
        await (await emu.click(b, lobby, label="Join")).message(timeout=10)
        await (await emu.click(a, lobby, label="Add computer: easy")).message(timeout=10)
        tables.append((tid, {a.id: a, b.id: b}))
    return tables


def _bot_bytes(snapshot: tracemalloc.Snapshot) -> int:
    kept = snapshot.filter_traces(
        [
            tracemalloc.Filter(False, "*/bot/sandbox/*"),
            tracemalloc.Filter(False, "*/bot/bench_load.py"),
            tracemalloc.Filter(False, tracemalloc.__file__),
        ]
    )
    return sum(stat.size for stat in kept.statistics("filename"))


async def bench(tables: int, seconds: float, think: float, ai_pause: float) -> dict[str, Any]:
    tmp = tempfile.TemporaryDirectory()
    settings = Settings(
        _env_file=None,  # type: ignore[call-arg]
        discord_token="sandbox-bot-token",  # type: ignore[arg-type]
        database_path=Path(tmp.name) / "bench.sqlite3",
        ai_pause_seconds=ai_pause,
        turn_timer_seconds=0,
        guild_ready_timeout=0.05,
        log_level="WARNING",
    )
    async with DiscordEmulator(interaction_timeout=3.0) as emu:
        bot = BenchBot(settings, max_messages=None)
        await start_bot(emu, bot, ready_timeout=20)
        try:
            gc.collect()
            tracemalloc.start(1)
            base = _bot_bytes(tracemalloc.take_snapshot())
            opened = await _open_tables(emu, bot, tables)
            drivers = [
                Driver(emu, bot, tid, users, think, seed=i) for i, (tid, users) in enumerate(opened)
            ]
            loop = asyncio.get_running_loop()
            warm = loop.time() + 3.0  # every person opens a hand, a few tricks are played
            await asyncio.gather(*(d.run(warm) for d in drivers))
            gc.collect()
            live = sum(1 for tid, _ in opened if tid in bot.manager.tables)
            used = _bot_bytes(tracemalloc.take_snapshot()) - base
            tracemalloc.stop()
            emu.latencies.clear()
            clicks_before = sum(d.clicks for d in drivers)
            started = loop.time()
            until = started + seconds
            await asyncio.gather(*(d.run(until) for d in drivers))
            elapsed = loop.time() - started
            lat = list(emu.latencies)
            clicks = sum(d.clicks for d in drivers) - clicks_before
            return {
                "tables": tables,
                "live_tables": live,
                "interactions": len(lat),
                "clicks": clicks,
                "seconds": elapsed,
                "per_second": len(lat) / elapsed if elapsed else 0.0,
                "p50_ms": _percentile(lat, 50) * 1000,
                "p99_ms": _percentile(lat, 99) * 1000,
                "max_ms": max(lat, default=0.0) * 1000,
                "mean_ms": statistics.fmean(lat) * 1000 if lat else 0.0,
                "kb_per_table": used / max(1, live) / 1024,
                "violations": len(emu.violations),
                "actions": sum(
                    t.version for t in bot.manager.tables.values() if t.state is not None
                ),
            }
        finally:
            await stop_bot(bot, timeout=20)
            tmp.cleanup()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--think", type=float, default=1.0, help="seconds a person thinks")
    parser.add_argument("--ai-pause", type=float, default=0.0)
    args = parser.parse_args()
    t0 = time.perf_counter()
    r = asyncio.run(bench(args.tables, args.seconds, args.think, args.ai_pause))
    print(f"tables: {r['tables']} opened, {r['live_tables']} live during the measurement")
    print(
        f"interactions: {r['interactions']} in {r['seconds']:.1f} s = "
        f"{r['per_second']:.0f}/s ({r['actions']} game actions applied in all)"
    )
    print(
        f"dispatch -> answer: p50 {r['p50_ms']:.1f} ms, p99 {r['p99_ms']:.1f} ms, "
        f"max {r['max_ms']:.1f} ms (mean {r['mean_ms']:.1f} ms)"
    )
    print(f"bot memory per active table: {r['kb_per_table']:.0f} KB (tracemalloc)")
    print(f"violations: {r['violations']}; wall time {time.perf_counter() - t0:.0f} s")


if __name__ == "__main__":
    main()
