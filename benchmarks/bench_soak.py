"""Soak benchmark: thousands of complete games in a row, to see that a long run stays flat.

    python -m benchmarks.bench_soak --games 2000

The real bot runs in its own process against the local Discord emulator (as in
``benchmarks.bench_load``), with a temporary SQLite file. ``--tables`` tables play at once; each
is a whole game with two scripted people and one computer (Smear to 11, and every fourth a
3-seat Salad), and when a game ends a new one opens in its place, until ``--games`` have ended.

At every tenth of the games it prints, measured in the bot's process: its resident memory (RSS),
its Python heap (traced blocks after a collection), its open asyncio tasks, the tables it holds
(registry, feeds, drivers) and the database's size on disk. At the end it compares the RSS after
the last game with the RSS after the first tenth (the target: within 10%), and the tasks with
those at the start (the target: none left behind per finished table).

Not a test: a script to run by hand; it stops by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from benchmarks.child import BotProcess
from benchmarks.people import IN_CHANNEL, Person, Think, Watch, prune
from sandbox import DiscordEmulator, InteractionFailed, InteractionHandle, Message, User

TARGET_RSS_GROWTH = 0.10  # after the last game, within 10% of after the first tenth


async def _open(
    emu: DiscordEmulator, guild: Any, channel: Any, game: str
) -> tuple[int, list[User]]:
    """A table for two new people and a computer in ``channel``; its id and the people."""
    a = emu.add_member(guild, f"p{random.getrandbits(40)}")
    b = emu.add_member(guild, f"p{random.getrandbits(40)}")
    await asyncio.sleep(0.05)  # GUILD_MEMBER_ADD reaches the bot
    lobby = await _answered(lambda: emu.invoke(a, channel, f"{game} start", {"seats": 3}))
    tid = next(int(c.split(":")[2]) for c in lobby.custom_ids() if c.startswith("tb:l:"))
    await _answered(lambda: emu.click(b, lobby, label="Join"))
    await _answered(lambda: emu.select(a, lobby, f"tb:ai:{tid}", ["normal"]))
    return tid, [a, b]


async def _answered(act: Callable[[], Awaitable[InteractionHandle]], tries: int = 3) -> Message:
    """What an interaction resulted in; tried again, as a person would, when Discord said
    "This interaction failed" (nothing was done: the bot plays no expired click)."""
    for _ in range(tries - 1):
        with contextlib.suppress(InteractionFailed):
            return await (await act()).message(timeout=30)
    return await (await act()).message(timeout=30)


class Soak:
    def __init__(self, emu: DiscordEmulator, bot: BotProcess, games: int, think: Think) -> None:
        self.emu = emu
        self.bot = bot
        self.games = games
        self.think = think
        self.watch = Watch(emu)
        self.ended = 0
        self.started = 0
        self.rows: list[dict[str, Any]] = []
        self.stalled: list[str] = []
        self.stalled_after = 600.0  # seconds a game may take before it counts as stalled
        self.next_mark = max(1, games // 10)
        self.step = self.next_mark
        self._marking = asyncio.Lock()

    async def lane(self, guild: Any, index: int) -> None:
        """One channel: a game, then another, until enough games have been started."""
        channel = self.emu.add_channel(guild, f"soak-{index}")
        await asyncio.sleep(0.05)
        while self.started < self.games:
            self.started += 1
            game = "salad" if self.started % 4 == 0 else "smear"
            tid, users = await _open(self.emu, guild, channel, game)
            people = [
                Person(self.emu, self.watch, tid, u, self.think, seed=random.getrandbits(32))
                for u in users
            ]
            until = asyncio.get_running_loop().time() + self.stalled_after
            await asyncio.gather(*(p.run(until) for p in people))
            if not all(p.done for p in people):  # a game that stopped: say what people see
                self.stalled.append(self._seen(tid, people))
            for u in users:  # they never play again: their hand's bookkeeping can go
                self.watch.hands.pop(u.id, None)
                self.watch.moved.pop(u.id, None)
            self.ended += 1
            await self._maybe_mark()

    def _seen(self, table_id: int, people: list[Person]) -> str:
        """A stalled game, as its people see it: their newest hand and the table message."""
        lines = [f"table {table_id}:"]
        for p in people:
            hand = self.watch.hands.get(p.user.id)
            msg = self.emu.messages.get(hand) if hand is not None else None
            shown = "no hand" if msg is None else msg.content.replace("\n", " / ")[:200]
            lines.append(f"    {p.user.name} ({p.clicks} clicks, {p.failed} failed): {shown}")
        tm = self.watch.table_message.get(table_id)
        msg = self.emu.messages.get(tm) if tm is not None else None
        if msg is not None:
            lines.append("    table: " + msg.embed_text().replace("\n", " / ")[:300])
        return "\n".join(lines)

    async def _maybe_mark(self) -> None:
        async with self._marking:
            while self.ended >= self.next_mark:
                row = await self.bot.ask("snapshot")
                row["games"] = self.next_mark
                self.rows.append(row)
                print(_format(row), flush=True)
                self.next_mark += self.step


def _format(row: dict[str, Any]) -> str:
    return (
        f"  {row['games']:>6} games  RSS {row['rss'] / 2**20:7.1f} MB  "
        f"objects {row['objects']:>8,}  tasks {row['tasks']:>4}  "
        f"tables {row['registry']:>3} (feeds {row['feeds']}, drivers {row['drivers']})  "
        f"database {row['db_bytes'] / 2**20:6.1f} MB"
    )


async def soak(games: int, tables: int, think: Think, stalled_after: float) -> dict[str, Any]:
    import logging

    logging.getLogger("sandbox").setLevel(logging.ERROR)
    tmp = tempfile.TemporaryDirectory(prefix="bench-soak-")
    folder = Path(tmp.name)
    try:
        async with DiscordEmulator(interaction_timeout=3.0) as emu:
            bot = await BotProcess.start(
                emu, str(folder / "soak.sqlite3"), "", folder / "bot.log", None
            )
            pruner = asyncio.create_task(prune(emu, keep=5.0))
            try:
                hello = await bot.read(timeout=60)
                assert hello.get("ready"), hello
                await emu.wait_until(lambda: emu.all_command_names() or None, timeout=30)
                start = await bot.ask("snapshot")
                print(_format({**start, "games": 0}), flush=True)
                run = Soak(emu, bot, games, think)
                run.stalled_after = stalled_after
                guild = emu.add_guild("Soak", channels=[], bot_permissions=IN_CHANNEL)
                t0 = time.perf_counter()
                await asyncio.gather(*(run.lane(guild, i) for i in range(tables)))
                await asyncio.sleep(3.0)  # the last games' feeds finish
                end = await bot.ask("snapshot")
                requests = _client_errors(emu)
                return {
                    "start": start,
                    "rows": run.rows,
                    "end": end,
                    "seconds": time.perf_counter() - t0,
                    "client_errors": requests,
                    "violations": len(emu.violations),
                    "stalled": run.stalled,
                    "log": (folder / "bot.log").read_text(errors="replace").splitlines(),
                }
            finally:
                pruner.cancel()
                await bot.stop()
    finally:
        if os.environ.get("BENCH_KEEP"):
            print("kept", tmp.name)
        else:
            tmp.cleanup()


def _client_errors(emu: DiscordEmulator) -> dict[int, int]:
    """How many of each 4xx answer the emulator gave the bot."""
    out: dict[int, int] = {}
    for r in emu.requests:
        if 400 <= r.status < 500:
            out[r.status] = out.get(r.status, 0) + 1
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2000, help="complete games in all")
    parser.add_argument("--tables", type=int, default=40, help="games at once")
    parser.add_argument(
        "--think", type=Think.parse, default=Think.parse("0.05"), help="seconds a person thinks"
    )
    parser.add_argument(
        "--stalled-after",
        type=float,
        default=600.0,
        help="seconds a game may take before it counts as stalled (reported, not waited for)",
    )
    args = parser.parse_args()
    print(
        f"soak benchmark: {args.games} games, {args.tables} at a time, two people and a "
        "computer each (the bot in its own process, SQLite)"
    )
    r = asyncio.run(soak(args.games, args.tables, args.think, args.stalled_after))
    rows = r["rows"]
    first = rows[0] if rows else r["start"]
    last = rows[-1] if rows else r["end"]
    growth = (last["rss"] - first["rss"]) / first["rss"] if first["rss"] else 0.0
    left = r["end"]["tasks"] - r["start"]["tasks"]
    print(f"  wall time            {r['seconds']:.0f} s")
    print(
        f"  RSS after the last game vs after the first tenth: {growth:+.1%} "
        f"(target within {TARGET_RSS_GROWTH:.0%}): "
        f"{'met' if abs(growth) <= TARGET_RSS_GROWTH else 'NOT met'}"
    )
    print(
        f"  asyncio tasks at the end vs at the start: {left:+d} "
        f"({r['end']['tasks']} vs {r['start']['tasks']}; tables still held: "
        f"{r['end']['registry']}, feeds {r['end']['feeds']}, drivers {r['end']['drivers']})"
    )
    print(f"  Discord's client errors: {r['client_errors'] or 'none'}")
    print(f"  emulator violations: {r['violations']}")
    print(f"  games that stopped short of their end: {len(r['stalled'])}")
    for seen in r["stalled"][:5]:
        print("  " + seen)
    print(f"  bot log lines (warnings and errors): {len(r['log'])}")
    for line in r["log"][:5]:
        print(f"  bot log: {line[:160]}")


if __name__ == "__main__":
    with contextlib.suppress(KeyboardInterrupt):
        main()
    sys.exit(0)
