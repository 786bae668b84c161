"""The computer players' pool: searches never stand between a click and its answer."""

from __future__ import annotations

import asyncio
import os
import random
import select
import sys

import pytest

from bot.computers import WORKER_NICENESS, ComputerPlayers
from engine.ai import make_player
from engine.record import new_game


@pytest.mark.skipif(not hasattr(os, "nice"), reason="no process priorities on this system")
async def test_searches_run_below_the_bots_own_priority() -> None:
    players = ComputerPlayers(workers=1)
    try:
        mine = os.nice(0)
        worker = await players._in_pool(os.nice, 0)
        assert worker >= min(19, mine + WORKER_NICENESS), (mine, worker)
    finally:
        players.close()


async def test_a_searching_level_moves_legally_from_the_pool() -> None:
    players = ComputerPlayers(workers=1)
    try:
        state = new_game("smear", 3, 5)
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        action = await players.choose("smear", "expert", view, seed=1)
        assert action in view.legal
    finally:
        players.close()


async def test_fixed_work_gives_the_same_move_for_the_same_view_and_seed() -> None:
    """The daily deal's computers: with a number of deals instead of a time budget, the move
    from the pool is the one the expert makes on its own with the same view and generator,
    whatever else the pool is doing meanwhile."""
    players = ComputerPlayers(workers=2)
    try:
        state = new_game("salad", 4, 11)
        rng = random.Random(3)
        for _ in range(5):  # a few cards in: the first lead has many equal choices
            state.apply(rng.choice(state.legal_actions()))
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        alone = make_player("salad", "expert", iterations=12).choose(view, random.Random(99))
        busy = [players.choose("salad", "expert", view, 7) for _ in range(3)]  # time-bound
        fixed = [players.choose("salad", "expert", view, 99, iterations=12) for _ in range(4)]
        moves = await asyncio.gather(*fixed, *busy)
        assert moves[:4] == [alone] * 4
    finally:
        players.close()


async def test_warm_starts_the_workers_without_holding_the_event_loop() -> None:
    """At start-up the bot starts its workers (each loads the search kernels) from a thread:
    the call returns at once, and once they are up every worker has answered."""
    players = ComputerPlayers(workers=1)
    try:
        loop = asyncio.get_running_loop()
        before = loop.time()
        started = players.warm()
        assert loop.time() - before < 0.5  # returned before any worker started
        futures = await started
        pids = await asyncio.gather(*(asyncio.wrap_future(f) for f in futures))
        assert len(pids) == 1 and all(isinstance(p, int) for p in pids)
        state = new_game("smear", 3, 5)
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        assert await players.choose("smear", "hard", view, seed=2) in view.legal
    finally:
        players.close()


@pytest.mark.process  # the bot is killed, so it runs in a process of its own
@pytest.mark.skipif(not hasattr(os, "pidfd_open"), reason="no process handles on this system")
async def test_the_workers_leave_when_the_bot_is_killed() -> None:
    """The workers are children of multiprocessing's fork server, not of the bot: when the bot
    is killed (SIGKILL, the kernel's out-of-memory killer) nobody tells them, and they used to
    live on, holding their memory and the bot's own output (a harness reading it waited for
    ever)."""
    script = (
        "import asyncio, os\n"
        "from bot.computers import ComputerPlayers\n"
        "async def main():\n"
        "    players = ComputerPlayers(workers=2)\n"
        "    pids = {await players._in_pool(os.getpid) for _ in range(8)}\n"
        "    print(*pids, flush=True)\n"
        "    await asyncio.sleep(3600)\n"
        "asyncio.run(main())\n"
    )
    bot = await asyncio.create_subprocess_exec(
        sys.executable, "-c", script, stdout=asyncio.subprocess.PIPE
    )
    assert bot.stdout is not None
    line = await asyncio.wait_for(bot.stdout.readline(), 120)
    workers = [os.pidfd_open(int(pid)) for pid in line.split()]
    assert workers, line
    try:
        bot.kill()
        loop = asyncio.get_running_loop()
        # A worker's process handle becomes readable when it has exited.
        ready, _, _ = await loop.run_in_executor(None, select.select, workers, [], [], 30)
        assert sorted(ready) == sorted(workers), "a worker outlived the bot"
        assert await asyncio.wait_for(bot.stdout.read(), 30) == b"", "the bot's output stays open"
    finally:
        for fd in workers:
            os.close(fd)
        await bot.wait()
