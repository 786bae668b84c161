"""The driver: one task per live table that makes the moves nobody clicks.

It plays the computer seats (after a short pause, so people can follow), plays for a person
whose turn timer ran out, and closes a lobby nobody touched for a while. Everything it does goes
through ``Commands`` like a click, so it is checked, saved and published the same way.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections import deque

from bot.computers import ComputerPlayers
from bot.model import LOBBY, PLAYING, Refusal, Table
from bot.tables.commands import Commands
from bot.tables.ports import Clock
from bot.tables.registry import DATABASE_BUSY, STARTING_UP
from bot.tasks import cancel_all

log = logging.getLogger("trickbot.driver")

PASSING = (DATABASE_BUSY, STARTING_UP)  # refusals that may go away: try again shortly
RETRY_PASSING = 1.0  # seconds before trying a move again after such a refusal


class Driver:
    def __init__(
        self,
        commands: Commands,
        clock: Clock,
        players: ComputerPlayers,
        *,
        ai_pause: float = 1.0,
        lobby_idle: float = 30 * 60.0,
        time_scale: float = 1.0,
    ) -> None:
        self.commands = commands
        self.clock = clock
        self.players = players
        self.ai_pause = ai_pause
        self.lobby_idle = lobby_idle  # seconds, as people are told
        self.lobby_wait = lobby_idle * time_scale  # as the driver waits (tests: short)
        self.tasks: dict[int, asyncio.Task[None]] = {}
        self.wakes: dict[int, asyncio.Event] = {}
        self.closing = False
        # Seconds from a computer's turn to its move (the load benchmark reads them).
        self.move_seconds: deque[float] = deque(maxlen=100_000)

    def wake(self, t: Table) -> None:
        """Something changed at the table: look again (starting its task if it has none)."""
        if not t.live:
            event = self.wakes.get(t.id)
            if event is not None:
                event.set()
            return
        event = self.wakes.setdefault(t.id, asyncio.Event())
        event.set()
        task = self.tasks.get(t.id)
        if task is None or task.done():
            self.tasks[t.id] = asyncio.create_task(self._run(t, event), name=f"driver-{t.id}")

    async def close(self) -> None:
        self.closing = True
        await cancel_all(list(self.tasks.values()))
        self.tasks.clear()

    async def drop(self, table_ids: list[int]) -> None:
        """Stop driving these tables (this process no longer owns them)."""
        tasks = [task for tid in table_ids if (task := self.tasks.pop(tid, None)) is not None]
        for tid in table_ids:
            self.wakes.pop(tid, None)
        await cancel_all(tasks)

    async def _run(self, t: Table, wake: asyncio.Event) -> None:
        failures = 0
        try:
            while t.live and not self.closing:
                wake.clear()
                try:
                    await self._step(t, wake)
                    failures = 0
                except asyncio.CancelledError:
                    raise
                except Refusal as e:  # the table closed or changed meanwhile
                    log.debug("table=%s driver step refused: %s", t.id, e.key)
                    if e.key in PASSING:  # the database is away: not a busy loop meanwhile
                        await asyncio.sleep(RETRY_PASSING)
                except Exception:
                    failures += 1
                    log.exception("table=%s driver step failed (%d in a row)", t.id, failures)
                    await asyncio.sleep(min(30.0, 0.5 * 2**failures))
        finally:
            if self.tasks.get(t.id) is asyncio.current_task():
                del self.tasks[t.id]
                self.wakes.pop(t.id, None)

    async def _wait(self, wake: asyncio.Event, seconds: float | None) -> bool:
        """Wait for a change or ``seconds``; True if the time ran out."""
        if seconds is not None and seconds <= 0:
            return True
        try:
            async with asyncio.timeout(seconds):
                await wake.wait()
        except TimeoutError:
            return True
        return False

    async def _step(self, t: Table, wake: asyncio.Event) -> None:
        """One decision: close an idle lobby, a computer's move, a timeout, or wait."""
        if t.status == LOBBY:
            idle_left = t.idle_since + self.lobby_wait - self.clock.time()
            if await self._wait(wake, idle_left):
                await self.commands.expire_lobby(t, self.lobby_wait, self.lobby_idle)
            return
        st = t.state
        if t.status != PLAYING or st is None or st.current_player is None:
            await self._wait(wake, None)
            return
        seat = st.current_player
        version = t.version
        if t.seats[seat].automatic:
            started = time.monotonic()
            if not await self._wait(wake, self.ai_pause):
                return  # something changed meanwhile: look again
            await self._computer(t, seat, version, timed_out=False)
            self.move_seconds.append(time.monotonic() - started)
            return
        if t.deadline is None:
            await self._wait(wake, None)
            return
        if await self._wait(wake, t.deadline - self.clock.time()):
            await self._computer(t, seat, version, timed_out=True)

    async def _computer(self, t: Table, seat: int, version: int, *, timed_out: bool) -> None:
        async with t.lock:
            if t.status != PLAYING or t.version != version or t.state is None:
                return
            view = t.state.view(seat)
            level = t.seats[seat].level or "normal"
        seed = random.Random(f"{t.seed}:{version}").getrandbits(64)
        action = await self.players.choose(t.game, level, view, seed)
        await self.commands.automatic_move(t.id, seat, version, action, timed_out=timed_out)
