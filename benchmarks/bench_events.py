"""What the guild messages intent costs the bot: CPU per message event.

With the intent, Discord sends the bot an event for every message posted or deleted in every
channel it can see, whether or not a game is there. The bot runs in its own process
(``benchmarks.child``); people type messages (and moderators delete some) in a server at a
given rate, and the bot's CPU over the run is divided by the events it received. A busy server
brings a few messages a second; a very busy one (or a bot in many servers) tens.

    python -m benchmarks.bench_events --rate 50 --seconds 20
    python -m benchmarks.bench_events --rate 0 --seconds 20    # the same run without messages

A benchmark prints numbers; nothing here asserts.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import tempfile
import time
from pathlib import Path

from benchmarks.people import IN_CHANNEL, start_bots
from sandbox import DiscordEmulator


async def bench(rate: float, seconds: float, delete_every: int) -> dict[str, float]:
    logging.getLogger("sandbox").setLevel(logging.ERROR)
    with tempfile.TemporaryDirectory(prefix="bench-events-") as folder:
        async with DiscordEmulator(interaction_timeout=3.0) as emu:
            guild = emu.add_guild(
                "Busy server", channels=["general", "cards", "memes"], bot_permissions=IN_CHANNEL
            )
            people = [emu.add_member(guild, f"p{i}") for i in range(20)]
            bots = await start_bots(emu, str(Path(folder) / "db.sqlite3"), 1, Path(folder), None)
            bot = bots[0]
            try:
                await emu.wait_until(lambda: emu.all_command_names() or None, timeout=30)
                await bot.ask("baseline")
                start = await bot.ask("measure")
                loop = asyncio.get_running_loop()
                began = loop.time()
                posted = deleted = 0
                channels = [guild.channel(n) for n in ("general", "cards", "memes")]
                while (now := loop.time()) - began < seconds:
                    if rate > 0:
                        message = await emu.send_message(
                            people[posted % len(people)], channels[posted % 3], "hello there"
                        )
                        posted += 1
                        if delete_every and posted % delete_every == 0:
                            emu.delete_message(message)
                            deleted += 1
                        await asyncio.sleep(max(0.0, began + posted / rate - loop.time()))
                    else:
                        await asyncio.sleep(min(0.5, began + seconds - now))
                await asyncio.sleep(1.0)  # the last events arrive
                end = await bot.ask("finish")
                cpu = float(end["cpu"]) - float(start["cpu"])
                elapsed = loop.time() - began
                return {
                    "events": posted + deleted,
                    "posted": posted,
                    "deleted": deleted,
                    "cpu": cpu,
                    "seconds": elapsed,
                }
            finally:
                for b in bots:
                    await b.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--rate", type=float, default=50.0, help="messages a second")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--delete-every", type=int, default=10, help="every nth is deleted")
    args = parser.parse_args()
    t0 = time.perf_counter()
    r = asyncio.run(bench(args.rate, args.seconds, args.delete_every))
    per = r["cpu"] / r["events"] * 1e6 if r["events"] else 0.0
    print(
        f"message events: {r['events']:.0f} ({r['posted']:.0f} posted, {r['deleted']:.0f} "
        f"deleted) in {r['seconds']:.1f} s at {args.rate:g} messages a second"
    )
    print(f"  bot CPU: {r['cpu']:.2f} s = {r['cpu'] / r['seconds']:.1%} of a core")
    if r["events"]:
        print(f"  per event: {per:.0f} µs of CPU (idle CPU included; compare with --rate 0)")
    print(f"  wall time: {time.perf_counter() - t0:.0f} s")


if __name__ == "__main__":
    main()
