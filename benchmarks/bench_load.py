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
import gc
import os
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from benchmarks.people import (
    Person,
    Think,
    Watch,
    ask_all,
    bot_database,
    guild_on,
    open_table,
    prune,
    start_bots,
)
from sandbox import DiscordEmulator, User

TARGET_TABLES, TARGET_P99_MS, TARGET_KB = 200, 150.0, 200.0


def _percentile(values: list[float], p: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(p / 100 * (len(ordered) - 1))))
    return ordered[k]


# ============================================================================ the bot process


async def bench(
    tables: int,
    seconds: float,
    think: Think,
    warmup: float,
    level: str,
    profile: str | None,
    processes: int = 1,
    database: str = "sqlite",
    reported_limits: bool = False,
    threads: bool = False,
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
    async with (
        DiscordEmulator(interaction_timeout=3.0, reported_limits=reported_limits) as emu,
        bot_database(database, folder) as db,
    ):
        loop = asyncio.get_running_loop()
        bots = await start_bots(emu, db, processes, folder, profile)
        pruner = asyncio.create_task(prune(emu, keep=5.0))
        try:
            await emu.wait_until(lambda: emu.all_command_names() or None, timeout=30)
            base = await ask_all(bots, "baseline")
            watch = Watch(emu)
            guilds = [
                guild_on(emu, f"Guild {g}", g % processes, processes, threads=threads)
                for g in range((tables + 49) // 50)
            ]
            gate = asyncio.Semaphore(8)

            async def one(i: int) -> tuple[int, list[User]]:
                async with gate:
                    return await open_table(emu, guilds[i // 50], i, level)

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
            mem = await ask_all(bots, "measure")
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
            ends = await ask_all(bots, "finish")
            emu_cpu = time.process_time() - cpu0
            kinds = Counter(v.kind for v in emu.violations[violations_before:])
            requests = emu.requests[requests_before:]
            routes = Counter(_route(r.method, r.path) for r in requests)
            shown = watch.move_shown(started)
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
                "rate_limited": sum(1 for r in requests if r.status == 429),
                "rate_limit_scopes": Counter(hit.scope for hit in emu.rate_limits(injected=False)),
                "after_unknown_webhook": len(emu.requests_after_unknown_webhook()),
                "failed_tokens": len(emu.failed_tokens()),
                "shown_p50_s": _percentile(shown, 50),
                "shown_p99_s": _percentile(shown, 99),
                "shown_count": len(shown),
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


def _route(method: str, path: str) -> tuple[bool, str]:
    """(under the bot's token, what it is) of a request: interaction callbacks and
    interaction-token webhooks are not counted against the bot's global budget."""
    parts = path.split("/")
    if "interactions" in parts:
        return False, "callback"
    if "webhooks" in parts:
        return False, f"{method} webhook"
    if "messages" in parts:
        return True, f"{method} channel message" + ("" if parts[-1] == "messages" else " by id")
    return True, f"{method} other"


def _per_action(routes: Counter[tuple[bool, str]], actions: int, bot: bool) -> str:
    total = sum(n for (b, _), n in routes.items() if b == bot)
    parts = ", ".join(
        f"{what} {n / max(1, actions):.3f}" for (b, what), n in sorted(routes.items()) if b == bot
    )
    return f"{total / max(1, actions):.3f} ({parts or 'none'})"


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
    parser.add_argument(
        "--think",
        type=Think.parse,
        default=Think.parse("1"),
        help='seconds a person thinks before a move: "2-6" (human pace) or "1" (0.5 to 1.5 s)',
    )
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
    parser.add_argument(
        "--reported-limits",
        action="store_true",
        help="the emulator adds what Discord's users report: a hidden limit of 30 webhook "
        "creates per channel a minute, and 5%% of tokens answering Unknown Webhook",
    )
    parser.add_argument(
        "--threads",
        action="store_true",
        help="the bot may open threads: every game plays in a thread of its own (issue 26)",
    )
    parser.add_argument(
        "--public-messages",
        choices=("interactions", "bot"),
        default="interactions",
        help="how the bots send table messages, pings and lobbies (PUBLIC_MESSAGES)",
    )
    args = parser.parse_args()
    os.environ["PUBLIC_MESSAGES"] = args.public_messages  # the bot processes read it
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
                args.reported_limits,
                args.threads,
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
            "bot-token requests / action",
            _per_action(r["routes"], r["actions"], True) + "  (target <= 0.15)",
        ),
        ("interaction requests / act.", _per_action(r["routes"], r["actions"], False)),
        (
            "429s received",
            f"{r['rate_limited']} ("
            + (", ".join(f"{k} {v}" for k, v in sorted(r["rate_limit_scopes"].items())) or "none")
            + ")",
        ),
        (
            "failing tokens",
            f"{r['failed_tokens']} answered Unknown Webhook; {r['after_unknown_webhook']} "
            "requests went through one after that",
        ),
        (
            "click → public table shows it",
            f"p50 {r['shown_p50_s']:.2f} s, p99 {r['shown_p99_s']:.2f} s "
            f"({r['shown_count']} moves clicked)",
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
        f"load benchmark: bots in their own processes, {args.think} think, computer "
        f"{args.level}, public messages through {args.public_messages}"
        + (", Discord's reported limits on" if args.reported_limits else "")
        + (", every game in its thread" if args.threads else "")
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
