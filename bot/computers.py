"""The one place the bot asks a computer player for a move, or the coach for advice.

The rule levels (random, easy, normal) answer in microseconds and run inline. The searching
levels (hard, expert) and the coach run in a pool of worker processes, one per core: their
pure-Python work would otherwise hold the event loop's GIL and slow every table. Under load the
time each search may take shrinks, so a computer's move always comes within ``MOVE_WITHIN``
seconds whatever the queue: with ``w`` workers and ``q`` searches waiting or running, each gets
at most ``MOVE_WITHIN * w / q`` (never under ``MIN_BUDGET_MS``, never over the level's own).

A daily deal's computers (``bot.daily``) do a fixed amount of work instead: ``iterations``
deals searched per decision and no time bound, so the same view and the same seed always give
the same move, however busy the machine.

Should a player fail or return an illegal action, a random legal action is played instead, so
a game never stalls.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import random
import select
import threading
import time
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any

from bot.model import count_actions
from engine.ai import make_player
from engine.ai.coach import Hint, Mistake, hint, review
from engine.levels import SEARCH_BUDGET_MS

log = logging.getLogger("trickbot.ai")

# The levels that search run in the worker processes, each with its own time per decision.
BUDGET_MS = SEARCH_BUDGET_MS
SEARCHING = tuple(SEARCH_BUDGET_MS)
MIN_BUDGET_MS = 20.0
MOVE_WITHIN = 1.5  # seconds: the longest a computer's move may take under load (target: 2)
HINT_BUDGET_MS = 400.0
REVIEW_BUDGET_MS = 20_000.0  # at most, for a whole game's review (people wait under 30 s)
REVIEW_PER_DECISION_MS = 400.0  # a short game is reviewed as carefully, and sooner


def _pick(
    game: str, level: str, view: Any, seed: int, budget_ms: float | None, iterations: int | None
) -> int:
    """In a worker (or inline): the player's move, or a random legal one if it fails."""
    rng = random.Random(seed)
    try:
        player = make_player(game, level, budget_ms=budget_ms, iterations=iterations)
        action = player.choose(view, rng)
    except Exception:
        log.exception("computer player %s/%s failed; playing a random legal action", game, level)
        return int(rng.choice(view.legal))
    if action not in view.legal:
        log.error("computer player %s/%s chose an illegal action; playing randomly", game, level)
        return int(rng.choice(view.legal))
    return action


def _hint(game: str, view: Any, seed: int, budget_ms: float) -> Hint:
    return hint(game, view, random.Random(seed), budget_ms)


def _review(record: dict[str, Any], seat: int, budget_ms: float) -> list[Mistake]:
    return review(record, seat, budget_ms)


WORKER_NICENESS = 10  # searches yield the CPU to the event loop (clicks) when both want it


def _leave_with(bot_pid: int) -> None:
    """Ends this worker when the bot's process ends. A worker is a child of multiprocessing's
    fork server, not of the bot, and waits on a queue whose writing end it holds itself: when
    the bot is killed (SIGKILL, the out-of-memory killer) nothing tells it, and it lived on
    with its memory and the bot's standard output (which kept the fork server alive too)."""
    try:
        handle = os.pidfd_open(bot_pid)  # readable once the process has exited
    except ProcessLookupError:
        os._exit(0)
    except (AttributeError, OSError):  # no process handles here (not Linux, an old kernel)
        while True:
            time.sleep(1.0)
            try:
                os.kill(bot_pid, 0)
            except (ProcessLookupError, PermissionError):  # gone, or its pid another user's now
                os._exit(0)
    select.select([handle], [], [])
    os._exit(0)


def _warm_up(bot_pid: int) -> None:
    """Each worker leaves when the bot does (``_leave_with``), runs below the bot's own
    priority (a search may take a few milliseconds longer; a click's answer must not wait
    behind it) and imports the search once, when it starts, not on its first move; it loads
    the compiled search kernels too (from the disk cache, about a second; the first time on a
    machine, compiled under a lock, about 30 s of CPU shared by all the workers). Should that
    fail, searches run the kernels as they are."""
    threading.Thread(
        target=_leave_with, args=(bot_pid,), name="leave-with-bot", daemon=True
    ).start()
    if hasattr(os, "nice"):
        os.nice(WORKER_NICENESS)
    import engine.ai.coach
    import engine.ai.expert
    import engine.ai.search  # noqa: F401

    try:
        from engine.ai.fast.warm import warm_up

        warm_up()
    except Exception:
        log.exception("the search kernels could not be compiled ahead; searches will try again")


def _ready() -> int:
    """A worker's first job at start-up: nothing beyond its initializer (``_warm_up``)."""
    return os.getpid()


class ComputerPlayers:
    def __init__(self, workers: int | None = None) -> None:
        self.workers = max(1, workers or os.cpu_count() or 1)
        self._pool: ProcessPoolExecutor | None = None
        self._pool_lock = threading.Lock()  # the pool may be made by warm()'s thread
        self.in_flight = 0  # searches waiting for or running in the pool

    def _executor(self) -> ProcessPoolExecutor:
        with self._pool_lock:
            if self._pool is None:
                # forkserver: workers start from a clean process, not a copy of this one with
                # its threads (SQLite's, discord.py's) and open sockets.
                context = multiprocessing.get_context("forkserver")
                self._pool = ProcessPoolExecutor(
                    self.workers,
                    mp_context=context,
                    initializer=_warm_up,
                    initargs=(os.getpid(),),
                )
            return self._pool

    def _start_workers(self) -> list[Future[int]]:
        pool = self._executor()
        return [pool.submit(_ready) for _ in range(self.workers)]

    def warm(self) -> asyncio.Future[list[Future[int]]]:
        """Start the workers now, from a thread, so the first computer's move does not wait
        for them to start and load the search kernels; returns at once (the event loop never
        waits on it)."""
        return asyncio.get_running_loop().run_in_executor(None, self._start_workers)

    def budget_ms(self, level: str) -> float:
        """The time a new search may take now (shrinks as searches queue up)."""
        share = MOVE_WITHIN * 1000.0 * self.workers / max(1, self.in_flight + 1)
        return max(MIN_BUDGET_MS, min(BUDGET_MS[level], share))

    async def _in_pool(self, fn: Any, *args: Any) -> Any:
        loop = asyncio.get_running_loop()
        self.in_flight += 1
        try:
            return await loop.run_in_executor(self._executor(), fn, *args)
        finally:
            self.in_flight -= 1

    async def choose(
        self, game: str, level: str, view: Any, seed: int, *, iterations: int | None = None
    ) -> int:
        """A computer's move. ``iterations``: a fixed amount of work (deals searched per
        decision) instead of a time budget, so the move depends only on the view and ``seed``."""
        if level not in SEARCHING:
            return _pick(game, level, view, seed, None, None)
        budget = None if iterations is not None else self.budget_ms(level)
        try:
            action: int = await self._in_pool(_pick, game, level, view, seed, budget, iterations)
        except Exception:
            log.exception("the worker pool failed; playing a random legal action")
            return int(random.Random(seed).choice(view.legal))
        return action

    async def hint(self, game: str, view: Any, seed: int) -> Hint:
        result: Hint = await self._in_pool(_hint, game, view, seed, HINT_BUDGET_MS)
        return result

    async def review(self, record: dict[str, Any], seat: int) -> list[Mistake]:
        decisions = count_actions(record) // max(1, int(record["seats"]))
        budget = min(REVIEW_BUDGET_MS, REVIEW_PER_DECISION_MS * max(1, decisions))
        result: list[Mistake] = await self._in_pool(_review, record, seat, budget)
        return result

    def close(self) -> None:
        with self._pool_lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)
