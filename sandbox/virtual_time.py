"""Virtual time for games played in one process: an asyncio event loop whose clock jumps to its
next timer whenever nothing in the process can run.

The emulator, the real discord.py client of the bot and the simulated people share one event
loop. Every wait among them is a timer of that loop (edit gaps, token windows, bucket resets,
turn timers, the 3 s interaction deadline, the network delay ``emu.slow_down`` draws), so a
whole game takes the processor time it needs and none of the waiting: the loop's clock moves on
to the next timer as soon as nothing is ready to run.

Nothing is ready to run when all three hold:

- no callback is ready (asyncio asks the selector for a wait longer than zero);
- no socket is readable or writable now (a poll with no wait finds nothing): the bot and the
  emulator talk over loopback sockets, and Linux puts what one end sends in the other's queue
  before ``send`` returns, so bytes in flight are always seen by that poll;
- no work is out of the loop: a worker thread or process asked through ``run_in_executor``
  (the computers' search, ``asyncio.to_thread``, name lookups), a query aiosqlite's own
  thread runs, or one the PostgreSQL server answers. Until it answers, the loop waits for it
  in real time and its clock stands still, so the time a computation takes on this machine
  never shows as time in the game (unless the outside work waits ``OUTSIDE_PATIENCE`` for
  something only the loop's own timers would bring).

**The same seed, the same game.** Work done in a thread (aiosqlite's queries, ``run_in_executor``)
answers whenever the machine gets to it, so where its answer falls among the loop's other
callbacks would change from run to run. Before it looks at its sockets, the loop waits for every
thread's answer to what it asked so far, and puts the answers after everything else ready, in
the order they were asked: a query takes no time in the game and the order of events is the
same at every run. A loop made with a ``seed`` starts its clocks at a fixed time of day and
draws the bot's chance from that seed (``chance``, read by ``bot.chance``), so one seed replays
one game. (What a PostgreSQL server answers comes over a socket when it comes: runs on
PostgreSQL keep their order only as far as the server's pace allows.)

Why not ``looptime`` (the well-kept library for this): it knows only ``run_in_executor``, so the
clock jumps while aiosqlite's thread runs a query (often past the interaction deadline), and it
decides that nothing will happen after a fixed number of idle turns of the loop (42), which on
a busy machine is a guess. This loop asks the selector and the outstanding futures instead, so
what the game sees does not depend on how busy the machine is.

Wall-clock time (``wall``) follows the loop's clock from the real time at which the loop was
made; ``bot.clock.wall_time`` asks it, so the bot's and the emulator's timestamps (snowflakes,
``X-RateLimit-Reset``, thread activity, turn deadlines) agree with the timers.

A loop with no timer and nothing outside waits for outside input like any other loop. A child
process (``python -m bot``, a program holding the database's lock) speaks when it likes, which
this loop cannot see coming, so tests that start one keep the real clock (``tests/conftest.py``
says which tests run on virtual time).
"""

from __future__ import annotations

import asyncio
import collections
import contextvars
import random
import selectors
import sys
import threading
import time
import weakref
from collections.abc import Callable, Coroutine
from concurrent.futures import Executor
from types import FrameType
from typing import Any, TypeVar, TypeVarTuple

T = TypeVar("T")
Ts = TypeVarTuple("Ts")

# Modules whose futures something outside the loop resolves: aiosqlite runs each connection's
# queries in a thread of its own and hands the answer back with ``call_soon_threadsafe``;
# asyncpg waits for the PostgreSQL server, a process of its own. A future made anywhere below
# their code (asyncpg's protocol is compiled: the nearest Python frame may be asyncio's) waits
# for them.
OUTSIDE_MODULES = ("aiosqlite", "asyncpg")
# Those of them whose futures a thread resolves (with ``call_soon_threadsafe``).
THREAD_MODULES = ("aiosqlite",)
# How many frames above ``create_future`` are looked at for one of those modules: theirs are
# the first or second (aiosqlite's own, asyncpg's behind a compiled frame or one of asyncio's),
# and every future of the game is made here, most of them deep in discord.py and aiohttp.
OUTSIDE_FRAMES = 6
# Seconds of real time one wait for outside work lasts before it is looked at again.
OUTSIDE_POLL = 0.05
# Seconds of real time the loop waits for outside work with nothing else to do before it lets
# its clock move anyway: the work may itself wait for one of the loop's timers (a pool's
# connection held across a sleep), which would otherwise never come.
OUTSIDE_PATIENCE = 5.0
# Where a seeded loop's clocks start: the loop's own (any fixed value), and the time of day
# (2027-01-01 00:00 UTC), so that snowflakes, deadlines and the daily deal are the same at
# every run of a seed.
SEEDED_START = 1_000.0
SEEDED_WALL = 1_798_761_600.0


class VirtualTimeLoop(asyncio.SelectorEventLoop):
    """An event loop on virtual time (see the module's docstring)."""

    def __init__(
        self, selector: selectors.BaseSelector | None = None, *, seed: int | None = None
    ) -> None:
        super().__init__(selector)
        if seed is None:
            self._now = time.monotonic()
            self._wall_offset = time.time() - self._now
            self.chance: random.Random | None = None
        else:
            self._now = SEEDED_START
            self._wall_offset = SEEDED_WALL - SEEDED_START
            self.chance = random.Random(seed)
        # Futures a thread will resolve, each with the order it was asked in; the answers
        # that came since the loop last looked, with that order (see the module's docstring).
        self._asked = 0
        self._threads_owe: dict[asyncio.Future[Any], int] = {}
        self._answers: list[tuple[int, asyncio.Handle]] = []
        self._threads_lock = threading.RLock()
        self._handing_over = False
        self._answered_early: tuple[asyncio.Future[Any], asyncio.Handle] | None = None
        self._threads_done = threading.Event()
        self._threads_done.set()
        # Each future outside work resolves, and what made it (the function run, or the
        # outside module's frame: code and line, formatted only by ``stuck``): a future that
        # stays pending is what makes a test crawl.
        self._outside: weakref.WeakKeyDictionary[asyncio.Future[Any], object] = (
            weakref.WeakKeyDictionary()
        )
        self.jumps = 0  # how many times the clock moved on (for benchmarks)
        selector_of_loop: selectors.BaseSelector = self._selector  # type: ignore[attr-defined]
        self._real_select: Callable[[float | None], list[Any]] = selector_of_loop.select
        selector_of_loop.select = self._select  # type: ignore[method-assign]

    def time(self) -> float:
        return self._now

    def wall(self) -> float:
        """Seconds since the epoch, moving with the loop's clock."""
        return self._now + self._wall_offset

    def run_in_executor(
        self, executor: Executor | None, func: Callable[[*Ts], T], *args: *Ts
    ) -> asyncio.Future[T]:
        # Held while the work is handed over, so that its thread's answer (which takes the
        # lock) finds it owed; an answer the loop's own thread gives meanwhile (the work was
        # done before its future was chained) is kept aside and taken at once.
        with self._threads_lock:
            self._handing_over = True
            try:
                future = super().run_in_executor(executor, func, *args)
            finally:
                self._handing_over = False
            self._outside[future] = func
            early, self._answered_early = self._answered_early, None
            if early is not None and early[0] is future:
                self._asked += 1
                self._answers.append((self._asked, early[1]))
            else:
                self._owed_by_a_thread(future)
        return future

    def _owed_by_a_thread(self, future: asyncio.Future[Any]) -> None:
        with self._threads_lock:
            self._asked += 1
            self._threads_owe[future] = self._asked
            self._threads_done.clear()

    def call_soon_threadsafe(
        self,
        callback: Callable[[*Ts], object],
        *args: *Ts,
        context: contextvars.Context | None = None,
    ) -> asyncio.Handle:
        handle = super().call_soon_threadsafe(callback, *args, context=context)
        answered: object = args[0] if args else None  # aiosqlite's and asyncio's answers
        if isinstance(answered, asyncio.Future):
            with self._threads_lock:
                asked = self._threads_owe.pop(answered, None)
                if asked is not None:
                    self._answers.append((asked, handle))
                    if not self._threads_owe:
                        self._threads_done.set()
                elif self._handing_over:
                    self._answered_early = (answered, handle)
        return handle

    def _wait_for_threads(self) -> None:
        """Waits (in real time) for every thread's answer to what the loop asked so far, then
        moves the answers that came since it last looked to the end of the ready callbacks,
        in the order they were asked."""
        if not self._threads_done.wait(OUTSIDE_PATIENCE):
            with self._threads_lock:  # never answered (its thread stopped): no longer owed
                self._threads_owe.clear()
                self._threads_done.set()
        with self._threads_lock:
            answers, self._answers = self._answers, []
        ready: collections.deque[asyncio.Handle] = self._ready  # type: ignore[attr-defined]
        if not answers or (len(answers) == 1 and ready and ready[-1] is answers[0][1]):
            return  # already where they belong (an answer may land among the callbacks)
        moved = {id(handle) for _, handle in answers}
        others = [handle for handle in ready if id(handle) not in moved]
        ready.clear()
        ready.extend(others)
        ready.extend(handle for _, handle in sorted(answers, key=lambda answer: answer[0]))

    def create_future(self) -> asyncio.Future[Any]:
        future = super().create_future()
        frame: FrameType | None = sys._getframe(1)
        for _ in range(OUTSIDE_FRAMES):
            if frame is None:
                break
            module = frame.f_globals.get("__name__", "")
            if module.startswith(OUTSIDE_MODULES):
                self._outside[future] = (frame.f_code, frame.f_lineno)
                if module.startswith(THREAD_MODULES):
                    self._owed_by_a_thread(future)
                break
            frame = frame.f_back
        return future

    def _outside_pending(self) -> bool:
        return any(not future.done() for future in self._outside)

    def stuck(self) -> list[str]:
        """What made each future still waiting for outside work (for a test that hangs; called
        from another thread, hence the copy)."""
        return [
            f"{maker[0].co_filename}:{maker[1]}" if isinstance(maker, tuple) else repr(maker)
            for future, maker in list(self._outside.items())
            if not future.done()
        ]

    def _select(self, timeout: float | None = None) -> list[Any]:
        self._wait_for_threads()
        ready = self._real_select(0)
        if ready or timeout == 0:
            return ready
        patience = time.monotonic() + OUTSIDE_PATIENCE
        while self._outside_pending() and time.monotonic() < patience:
            ready = self._real_select(OUTSIDE_POLL)
            if ready:
                return ready
        if timeout is None:
            return self._real_select(None)
        self._now += timeout
        self.jumps += 1
        return []


def run(main: Coroutine[Any, Any, T], *, seed: int | None = None) -> T:
    """``main`` on a loop of its own on virtual time (``seed``: as ``VirtualTimeLoop``), as
    ``asyncio.run`` would on the real clock."""
    with runner(seed) as on_virtual_time:
        return on_virtual_time.run(main)


def runner(seed: int | None = None) -> asyncio.Runner:
    """An ``asyncio.Runner`` on a ``VirtualTimeLoop`` (its ``get_loop()`` counts the clock's
    jumps). Closing it ends what is left as ``asyncio.run`` does (every task cancelled and
    awaited, async generators closed, the default executor shut down): a loop just closed
    drops its pending tasks ("Task was destroyed but it is pending!", an emulator's handler
    still waiting out a request's network delay when a game ended)."""
    return asyncio.Runner(loop_factory=lambda: VirtualTimeLoop(seed=seed))
