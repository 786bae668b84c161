"""Seeded whole games in simulated time: the real bot (discord.py, the feed, SQLite) against
the emulator, on one event loop whose clock jumps over every wait (``sandbox.virtual_time``).

    make soak SEEDS=2000                         # every core; games per second, failing seeds
    python -m tests.e2e.simulate --seeds 200 --first 5000 --workers 2
    python -m tests.e2e.simulate --seed 1234     # replays one seed and prints what failed
    python -m tests.e2e.simulate --whole-smear   # the wall time of a Smear game to 11, timers on

One seed decides the whole world of a game (``World.of``): Smear or Salad and how many seats,
the network delay of each request (0 to N ms, so requests land out of order), how fast the
people play and which cards they choose, whether they click Refresh just before a card,
Discord's reported hidden limit on webhook messages, the share of interaction tokens that
answer Unknown Webhook to everything, gateway faults (RECONNECT, a cut connection), whether
the game plays in its channel or in a thread of its own, and whether the bot is killed mid-game
(``sandbox.testing.kill_bot``: as SIGKILL, inside the loop; a new bot starts on its database). The
same seed replays the same game: the delays, the choices and the loop's clock all come from
it (only the order in which the operating system reports two sockets ready at the same
instant does not, so a rare failure may need a few replays).

What is checked, on every message Discord applies and after every click (``Players``): no
card of anyone's hand in a public message; no hand message shows its person an older state
than one they already saw; no enabled button of a person's turn is refused; every turn reaches
its person by itself, without a Refresh, within ``HAND_WAIT`` seconds of the game's time; at
most one live copy of a hand; no request through a token after its Unknown Webhook; no 429 of
the hidden kind or the global one; nothing the emulator counts as a violation (a late answer
to an interaction, a malformed request); and the game finishes.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import hashlib
import logging
import os
import random
import sys
import tempfile
import time
import traceback
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from bot.clock import wall_time
from bot.tables.feed.limits import CREATES_WINDOW as WINDOW
from sandbox import DiscordEmulator, virtual_time
from sandbox.models import Channel
from sandbox.testing import kill_bot, start_bot, stop_bot
from tests.e2e.harness import (
    E2EBot,
    Players,
    assert_no_going_back,
    lobby_table_id,
    make_bot,
    make_world,
)
from tests.e2e.harness import World as Server

REPORTED_WEBHOOK_LIMIT = 30  # messages through webhooks a channel a minute, as reported


@dataclass(frozen=True)
class World:
    """Everything a seed decides about one game."""

    seed: int
    game: str
    options: dict[str, int]
    network_delay: float  # seconds, the most one request waits before Discord applies it
    think: tuple[float, float]  # seconds a person thinks before each move
    refresh_first: float  # how often a person clicks Refresh just before their card
    reported_limits: bool  # Discord's hidden limit on webhook messages, as its users report
    failing_tokens: float  # the share of tokens that answer Unknown Webhook to everything
    # Seconds of the game's time between two gateway faults (a RECONNECT, or the connection
    # cut: the bot resumes and what was dispatched meanwhile is replayed); None: none.
    gateway_faults: float | None
    threads: bool = False  # the game plays in a thread of its own (people join it there)
    # After this many clicks the bot is killed (as SIGKILL would, inside the loop: nothing
    # more sent or saved) and a new one started on the same database; None: never.
    kill_after: int | None = None

    @classmethod
    def of(cls, seed: int) -> World:
        rng = random.Random(seed)
        salad = rng.random() < 0.3
        game, options = ("salad", {"seats": 3}) if salad else ("smear", {"target": 3})
        reported = rng.random() < 0.3
        return cls(
            seed=seed,
            game=game,
            options=options,
            network_delay=rng.choice((0.0, 0.05, 0.3, 0.6)),
            think=rng.choice(((0.05, 0.5), (0.3, 1.5), (1.0, 6.0))),
            refresh_first=rng.choice((0.0, 0.0, 0.3)),
            reported_limits=reported,
            failing_tokens=0.05 if reported and rng.random() < 0.5 else 0.0,
            gateway_faults=rng.choice((None, None, None, 20.0)),
            threads=rng.random() < 0.4,  # drawn after the others: their choices stay
            kill_after=rng.randint(5, 40) if rng.random() < 0.25 else None,
        )

    def describe(self) -> str:
        return (
            f"{self.game} {self.options}, delay 0-{self.network_delay * 1000:.0f} ms, think "
            f"{self.think[0]}-{self.think[1]} s, refresh first {self.refresh_first}, "
            f"reported limits {self.reported_limits}, failing tokens {self.failing_tokens}, "
            f"gateway faults every {self.gateway_faults or '-'} s, "
            f"{'in a thread' if self.threads else 'in the channel'}, "
            f"killed after {self.kill_after or '-'} clicks"
        )


@dataclass(frozen=True)
class Played:
    """A game played to its end."""

    game_seconds: float  # the game's own time (the loop's clock)
    clicks: int
    # Every request the emulator answered, in order, with its time: two plays of one seed
    # give the same trace (the replay is exact), another seed another one.
    trace: str
    jumps: int = 0  # how many times the loop's clock moved on


@dataclass(frozen=True)
class Outcome:
    seed: int
    failure: str | None  # None: every check held
    game_seconds: float  # the game's own time (the loop's clock)
    clicks: int
    trace: str = ""


async def _gateway_faults(emu: DiscordEmulator, every: float, rng: random.Random) -> None:
    """Now and then the gateway tells the bot to reconnect, or cuts its connection."""
    while True:
        await asyncio.sleep(rng.uniform(0.5, 1.5) * every)
        if rng.random() < 0.5:
            await emu.gateway_reconnect()
        else:
            await emu.gateway_drop()


async def _killed_and_restarted(
    emu: DiscordEmulator, p: Players, clicks: int, bot: E2EBot
) -> tuple[E2EBot, float | None]:
    """The people play ``clicks`` clicks; then the bot is killed and a new one started on its
    database a moment later (nobody clicks while it is down: Discord would tell them the
    interaction failed, which is not what is checked here). The new bot, and when it
    started (None: the game ended first)."""
    while p.clicks < clicks:
        if not await p.play_one():
            return bot, None
    await kill_bot(emu, bot)
    await asyncio.sleep(0.5)  # a new process is up a moment later
    again = E2EBot(bot.config)  # the same settings and database
    await start_bot(emu, again)
    return again, wall_time()  # the clock the emulator's records keep


def _check_the_end(
    emu: DiscordEmulator, p: Players, channel: Channel, where: Channel, restarted: float | None
) -> None:
    """What is checked once the game is over (``where``: its thread, or ``channel``)."""
    p.check_screens()
    assert_no_going_back(emu, where, p.table_id)
    if where is not channel:
        assert_no_going_back(emu, channel, p.table_id)
        result = [m for m in emu.public_messages(channel) if f"<#{where.id}>" in m.content]
        assert result, "no line of the game in its channel"
    hidden = emu.rate_limits(scope="shared")
    if restarted is None:
        assert hidden == [], "the bot met Discord's hidden limit"
    else:
        # A new process cannot know how many webhook messages the killed one made in a
        # channel's last minute (that count lived in its memory): Discord's first hidden 429
        # in the minute after the restart tells it, once per channel (docs/architecture.md,
        # "A restart and the hidden limit").
        late = [h.at for h in hidden if not restarted <= h.at <= restarted + WINDOW + 1.0]
        assert not late and len(hidden) <= 2, f"hidden-limit 429s {hidden}"
    assert emu.rate_limits(scope="global") == [], "the bot met the global limit"
    assert emu.requests_after_unknown_webhook() == [], "a refused token was asked again"


async def play(world: World, folder: Path) -> Played:
    """One whole game of ``world``. Raises AssertionError (or the error that stopped the
    game) when a check fails."""
    loop = asyncio.get_running_loop()
    start = loop.time()
    async with DiscordEmulator(
        interaction_timeout=3.0, reported_limits=world.reported_limits
    ) as emu:
        if world.failing_tokens:
            emu.fail_tokens(world.failing_tokens, seed=world.seed)
        w = make_world(emu, threads=world.threads)
        creates = {"webhook_creates_per_channel": REPORTED_WEBHOOK_LIMIT}
        bot = make_bot(folder / "db.sqlite3", **(creates if world.reported_limits else {}))
        if world.network_delay:
            emu.slow_down(world.network_delay, seed=world.seed)
        running = [bot]  # a kill replaces it
        await start_bot(emu, bot)
        try:
            clicks = await _game(emu, world, w, running)
        finally:
            await stop_bot(running[-1])
        trace = hashlib.sha256()
        for r in emu.requests:
            trace.update(f"{r.method} {r.route} {r.status} {r.at:.6f}\n".encode())
        return Played(loop.time() - start, clicks, trace.hexdigest())


async def _game(emu: DiscordEmulator, world: World, w: Server, running: list[E2EBot]) -> int:
    """The game of ``world`` from its start to its last check; the people's clicks."""
    bot = running[0]
    alice, *others = w.users
    lobby = await emu.invoke_and_wait(alice, w.channel, f"{world.game} start", world.options)
    tid = lobby_table_id(lobby)
    for user in others:
        lobby = await emu.click_and_wait(user, lobby, label="Join")
    where: Channel = w.channel
    if world.threads:
        # The lobby's clicks reach the channel: each person's hand comes with their first
        # click in the game's thread, "Show my hand" on its table message.
        thread_id = await emu.wait_until(
            lambda: bot.tables.live[tid].thread_id, what="the game's thread"
        )
        where = emu.channels[thread_id]
    p = Players(emu, bot, tid, {u.id: u for u in w.users}, where)
    if world.threads:
        for user in w.users:
            await p.open_hand(user.id)
    p.rng.seed(world.seed)
    p.think, p.refresh_first = world.think, world.refresh_first
    if world.reported_limits:
        # No room for a new copy in the channel: the turn may be shown in place.
        p.newest, p.strandable = False, bool(world.failing_tokens)
    faults = None
    if world.gateway_faults is not None:
        rng = random.Random(world.seed)
        faults = asyncio.ensure_future(_gateway_faults(emu, world.gateway_faults, rng))
    restarted = None
    try:
        if world.kill_after is not None:
            again, restarted = await _killed_and_restarted(emu, p, world.kill_after, bot)
            running.append(again)
            p.bot = again
        await p.play_to_end()
    finally:
        if faults is not None:
            faults.cancel()
    _check_the_end(emu, p, w.channel, where, restarted)
    emu.assert_no_violations()
    return p.clicks


def play_alone(world: World) -> Played:
    """``play`` on a loop of its own, seeded with the world's seed, in a folder of its own."""
    with (
        virtual_time.runner(world.seed) as on_virtual_time,
        tempfile.TemporaryDirectory(prefix=f"soak-{world.seed}-") as folder,
    ):
        played = on_virtual_time.run(play(world, Path(folder)))
        loop = on_virtual_time.get_loop()
        assert isinstance(loop, virtual_time.VirtualTimeLoop)
        return dataclasses.replace(played, jumps=loop.jumps)


def run_seed(seed: int) -> Outcome:
    """One seed's game, its failure (if any) reported with its seed."""
    try:
        played = play_alone(World.of(seed))
        return Outcome(seed, None, played.game_seconds, played.clicks, played.trace)
    except BaseException as e:  # every failure is a finding: report it with its seed
        if isinstance(e, KeyboardInterrupt):
            raise
        return Outcome(seed, "".join(traceback.format_exception(e)[-6:]), 0.0, 0)


def _quiet() -> None:
    """A soak's workers log only what is an error (a failure is reported with its seed)."""
    logging.basicConfig(level=logging.ERROR)
    logging.getLogger().setLevel(logging.ERROR)
    # A killed bot's requests cut in the middle of their body are errors to aiohttp's server
    # (the emulator's), not findings: what the emulator holds against the bot it counts itself.
    logging.getLogger("aiohttp.server").setLevel(logging.CRITICAL)


def replay_command(seed: int) -> str:
    return f"python -m tests.e2e.simulate --seed {seed}"


def soak(first: int, count: int, workers: int) -> int:
    """Plays seeds ``first`` .. ``first + count - 1``; prints games per second and every
    failing seed with the command that replays it. The exit status: 1 if any seed failed."""
    seeds = range(first, first + count)
    started = time.perf_counter()
    failed: list[Outcome] = []
    game_seconds = 0.0
    done = 0
    with ProcessPoolExecutor(max_workers=workers, initializer=_quiet) as pool:
        for outcome in pool.map(run_seed, seeds, chunksize=4):
            done += 1
            game_seconds += outcome.game_seconds
            if outcome.failure is not None:
                failed.append(outcome)
                print(f"seed {outcome.seed} FAILED ({World.of(outcome.seed).describe()}):")
                print("  " + outcome.failure.strip().replace("\n", "\n  "))
                print(f"  replay: {replay_command(outcome.seed)}", flush=True)
            if done % max(1, count // 20) == 0 or done == count:
                wall = time.perf_counter() - started
                print(
                    f"{done}/{count} games in {wall:.1f} s: {done / wall:.2f} games/s, "
                    f"{game_seconds / wall:.0f}x real time, {len(failed)} failed",
                    flush=True,
                )
    wall = time.perf_counter() - started
    print(
        f"soak: {count} games (seeds {first}-{first + count - 1}) on {workers} workers in "
        f"{wall:.1f} s: {count / wall:.2f} games/s; the games' own time "
        f"{game_seconds / 3600:.1f} h; {len(failed)} failed"
        + (": " + " ".join(str(o.seed) for o in failed) if failed else "")
    )
    return 1 if failed else 0


def replay(seed: int) -> int:
    world = World.of(seed)
    print(f"seed {seed}: {world.describe()}")
    logging.basicConfig(level=logging.WARNING)
    started = time.perf_counter()
    outcome = run_seed(seed)
    wall = time.perf_counter() - started
    if outcome.failure is not None:
        print(outcome.failure)
        return 1
    print(
        f"passed: {outcome.clicks} clicks, {outcome.game_seconds:.1f} s of the game's time in "
        f"{wall:.2f} s (trace {outcome.trace[:12]})"
    )
    return 0


def whole_smear() -> int:
    """A whole game of Smear to 11 with a 30 s turn timer on, people thinking 2-20 s over a
    network delaying each request 0-300 ms: the wall time it takes in simulated time."""
    world = World(
        seed=11,
        game="smear",
        options={"target": 11, "turn_timer": 30},
        network_delay=0.3,
        think=(2.0, 20.0),
        refresh_first=0.0,
        reported_limits=False,
        failing_tokens=0.0,
        gateway_faults=None,
    )
    print(f"a whole Smear game: {world.describe()}")
    started = time.perf_counter()
    played = play_alone(world)
    wall = time.perf_counter() - started
    print(
        f"{played.clicks} clicks, {played.game_seconds / 60:.1f} minutes of the game's time in "
        f"{wall:.2f} s of wall time ({played.jumps} jumps of the clock; trace "
        f"{played.trace[:12]})"
    )
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=200, help="how many seeds to play")
    parser.add_argument("--first", type=int, default=1, help="the first seed")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=int, help="replay this one seed")
    parser.add_argument(
        "--whole-smear", action="store_true", help="time one Smear game to 11 with turn timers"
    )
    args = parser.parse_args(argv)
    if args.whole_smear:
        _quiet()
        return whole_smear()
    if args.seed is not None:
        return replay(args.seed)
    if args.seeds < 1 or args.workers < 1:
        parser.error("--seeds and --workers must be at least 1")
    return soak(args.first, args.seeds, args.workers)


if __name__ == "__main__":
    sys.exit(main())
