"""Whole games at people's paces against Discord as its users report it (issue 25).

The emulator adds what Discord does not document but its users report: a hidden limit of 30
webhook message creates per channel a minute (ephemeral ones too, a 429 ``shared`` with no
warning), and a share of interaction tokens whose webhook answers Unknown Webhook to every
request. The real bot (in this process, its default settings) plays a whole Smear game with
three people and a whole Salad game with two people and two computers, the people answering
in a range of seconds, and never clicking Refresh: their hands must come to them.

For each game it prints: whether it finished, the 429s Discord answered (hidden, global, the
token's own), requests through a token after its Unknown Webhook, errors in the bot's log, the
turns whose live hand was not the newest message its person saw, and the time from each move
to the next person's hand showing their turn (p50, p99, max; the computers move without their
usual pause, so that time is the bot's own).

    python -m benchmarks.bench_pace                      # the three paces, both games
    python -m benchmarks.bench_pace --pace 2-6 --game salad --failing 0.05
    python -m benchmarks.bench_pace --public-messages bot  # bot-token requests per action
    python -m benchmarks.bench_pace --virtual --delay 0.3  # simulated time, 0-300 ms a request

A benchmark prints numbers; nothing here asserts.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import random
import statistics
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from benchmarks.people import Watch
from bot.model import count_actions
from sandbox import DiscordEmulator, run_bot, virtual_time
from tests.e2e.harness import Players, lobby_table_id, make_world, text_of

PACES = ("0.05-0.5", "0.3-1.5", "2-6")


@dataclass
class Game:
    game: str
    pace: str
    finished: bool = False
    seconds: float = 0.0
    turns: int = 0
    not_newest: int = 0
    turn_seconds: list[float] = field(default_factory=list)
    table_seconds: list[float] = field(default_factory=list)
    scopes: dict[str, int] = field(default_factory=dict)
    after_unknown: int = 0
    failed_tokens: int = 0
    failing_tokens: int = 0
    errors: list[str] = field(default_factory=list)
    actions: int = 0
    bot_requests: int = 0
    spared: int = 0
    problem: str = ""


class _Errors(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(record.getMessage()[:200])


def _pace(text: str) -> tuple[float, float]:
    low, _, high = text.partition("-")
    return float(low), float(high or low)


async def play(
    game: str,
    pace: str,
    failing: float,
    public_messages: Literal["interactions", "bot"],
    seed: int,
    delay: float = 0.0,
) -> Game:
    """One whole game; what it measured."""
    from bot.app import TrickBot
    from bot.config import Config

    out = Game(game, pace)
    errors = _Errors()
    logging.getLogger().addHandler(errors)
    with tempfile.TemporaryDirectory(prefix="bench-pace-") as folder:
        async with DiscordEmulator(
            interaction_timeout=3.0, reported_limits=True, failing_tokens=failing
        ) as emu:
            config = Config(
                _env_file=None,  # type: ignore[call-arg]
                discord_token="bench",  # type: ignore[arg-type]
                database_path=Path(folder) / "db.sqlite3",
                guild_ready_timeout=0.05,
                public_messages=public_messages,
                # The computers' pause (1 s, so people can follow) is a choice, not a delay:
                # without it the time to a person's turn measures the bot alone.
                ai_pause_seconds=0.0,
            )
            if delay:
                emu.slow_down(delay, seed=seed)
            bot = TrickBot(config)
            w = make_world(emu)
            watch = Watch(emu)
            loop = asyncio.get_running_loop()
            started = loop.time()
            first = 0
            try:
                async with run_bot(emu, bot):
                    first = len(emu.requests)  # the game's requests (not logging in)
                    p = await _seat(emu, bot, w, game, seed)
                    p.think, p.newest, p.hand_wait, p.strandable = _pace(pace), False, 15.0, True
                    await p.play_to_end(limit=5000)
                    await emu.wait_for_message(
                        w.channel, lambda m: "final standings" in text_of(m), timeout=30
                    )
                    out.finished = True
                    out.turns = sum(p.turns.values())
                    out.not_newest, out.turn_seconds = p.not_newest, p.turn_seconds
                    watch.moves = [(p.table_id, at) for at in p.moves_clicked]
                    out.table_seconds = watch.move_shown(since=started)
                    out.spared = bot.tables.feed.outlet.creates.spared
                    out.actions = await _moves(bot, p.table_id)
            except Exception as e:  # a game that does not end is the measurement
                out.problem = f"{type(e).__name__}: {str(e)[:300]}"
            out.seconds = loop.time() - started
            for hit in emu.rate_limits(injected=False):
                out.scopes[hit.scope] = out.scopes.get(hit.scope, 0) + 1
            out.after_unknown = len(emu.requests_after_unknown_webhook())
            out.failed_tokens = len(emu.failed_tokens())
            out.failing_tokens = len(emu.failing_tokens)
            out.bot_requests = sum(1 for r in emu.requests[first:] if r.global_limited)
    logging.getLogger().removeHandler(errors)
    out.errors = errors.lines
    return out


async def _seat(emu: DiscordEmulator, bot: Any, w: Any, game: str, seed: int) -> Players:
    """Open the table and sit its people (and, in Salad, two computers); the players."""
    host = w.users[0]
    if game == "smear":
        lobby = await emu.invoke_and_wait(host, w.channel, "smear start", {"seats": 3})
        people = w.users
    else:
        lobby = await emu.invoke_and_wait(host, w.channel, "salad start", {"seats": 4})
        people = w.users[:2]
    tid = lobby_table_id(lobby)
    for user in people[1:]:
        lobby = await emu.click_and_wait(user, lobby, label="Join")
    if game == "salad":
        for _ in range(2):
            await (await emu.select(host, lobby, f"tb:ai:{tid}", ["normal"]))
    return Players(emu, bot, tid, {u.id: u for u in people}, w.channel, random.Random(seed))


async def _moves(bot: Any, table_id: int) -> int:
    """Every bid and card of the game, from its stored record."""
    found = await bot.storage.tables.record_of(table_id)
    record = found[2] if found is not None else None
    return count_actions(record) if record else 0


def _percentile(values: list[float], p: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def report(g: Game) -> str:
    t = g.turn_seconds
    scopes = ", ".join(f"{k} {v}" for k, v in sorted(g.scopes.items())) or "none"
    lines = [
        f"{g.game} at {g.pace} s a move: {'finished' if g.finished else 'DID NOT FINISH'} "
        f"in {g.seconds:.0f} s" + (f" ({g.problem})" if g.problem else ""),
        f"  429s from Discord: {scopes}",
        f"  requests through a token after its Unknown Webhook: {g.after_unknown} "
        f"({g.failing_tokens} of the clicks' tokens were made to fail; {g.failed_tokens} of "
        "them answered Unknown Webhook to the bot, the others it never used)",
        f"  errors in the bot's log: {len(g.errors)}"
        + (f" (first: {g.errors[0]})" if g.errors else ""),
        f"  turns: {g.turns}; the live hand was not the newest message its person saw on "
        f"{g.not_newest}; Refresh clicked: 0",
        f"  move -> next person's live hand: p50 {_percentile(t, 50):.2f} s, p99 "
        f"{_percentile(t, 99):.2f} s, max {max(t, default=0):.2f} s"
        + (f" (mean {statistics.fmean(t):.2f} s)" if t else ""),
        f"  move -> public table shows it: p50 {_percentile(g.table_seconds, 50):.2f} s, p99 "
        f"{_percentile(g.table_seconds, 99):.2f} s, max {max(g.table_seconds, default=0):.2f} s "
        f"({len(g.table_seconds)} moves)",
        f"  bot-token requests: {g.bot_requests} for {g.actions} game actions = "
        f"{g.bot_requests / max(1, g.actions):.3f} per action; webhook creates sent another "
        f"way: {g.spared}",
    ]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--pace", action="append", help="seconds a move, e.g. 2-6 (repeatable)")
    parser.add_argument("--game", choices=("smear", "salad"), action="append")
    parser.add_argument("--failing", type=float, default=0.05, help="share of failing tokens")
    parser.add_argument(
        "--public-messages", choices=("interactions", "bot"), default="interactions"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--delay",
        type=float,
        default=0.0,
        help="each request waits a random 0 to this many seconds before Discord applies it "
        "(seeded), as over a real network",
    )
    parser.add_argument(
        "--virtual",
        action="store_true",
        help="on simulated time (sandbox.virtual_time, seeded): waits take no real time, so "
        "the times printed are those the bot made people wait (its work takes none)",
    )
    args = parser.parse_args()
    logging.getLogger("sandbox").setLevel(logging.CRITICAL)
    for pace in args.pace or PACES:
        for game in args.game or ("smear", "salad"):
            main = play(game, pace, args.failing, args.public_messages, args.seed, args.delay)
            result = virtual_time.run(main, seed=args.seed) if args.virtual else asyncio.run(main)
            print(report(result), flush=True)


if __name__ == "__main__":
    main()
