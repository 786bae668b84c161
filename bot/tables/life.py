"""The process's life with its tables: owning them, resuming them, beating a heart, stopping.

Ownership dies with its process (``bot.storage.ownership``): a restarted process takes its
tables at once. If the database goes away, ownership goes with it: the tables stop here (people
are told the database is not answering) until it is back, then they are loaded again. A graceful
stop finishes what is under way and says when it stopped, so the next owner resumes each turn
with the time it had left.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable

from bot.computers import ComputerPlayers
from bot.model import PLAYING, Table
from bot.storage import LoadedTable, Shards, Storage
from bot.storage.ownership import EVERYTHING
from bot.tables.driver import Driver
from bot.tables.feed import Feed
from bot.tables.ports import Clock
from bot.tables.registry import DATABASE_BUSY, STARTING_UP, Registry
from bot.tasks import cancel_all

log = logging.getLogger("trickbot.tables")

# Seconds between two tries of a process that waits to own its tables (another process has
# them, or the database was away): how soon it takes over once they are free.
TAKE_RETRY_SECONDS = 1.0
MIN_TURN_AFTER_RESTART = 30.0  # a turn resumes with the time it had left, never less than this


class Life:
    def __init__(
        self,
        storage: Storage,
        registry: Registry,
        feed: Feed,
        driver: Driver,
        computers: ComputerPlayers,
        clock: Clock,
        *,
        shards: Shards,
        time_scale: float,
        heartbeat_seconds: float,
        status: Callable[[], dict[str, object]],
        reopen_thread: Callable[[Table], Awaitable[str]] | None = None,
        thread_gone: Callable[[Table, str], None] | None = None,
    ) -> None:
        self.storage = storage
        self.registry = registry
        self.feed = feed
        self.driver = driver
        self.players = computers
        self.clock = clock
        self.shards = shards
        self.time_scale = time_scale
        self.heartbeat_seconds = heartbeat_seconds
        self.status = status
        # A game's thread is unarchived before its table is resumed (Discord refuses edits in
        # an archived thread); one a moderator deleted or locked meanwhile ends its table.
        self.reopen_thread = reopen_thread
        self.thread_gone = thread_gone
        self._reopening: set[asyncio.Task[None]] = set()
        self.owned = False  # our tables are loaded and driven here
        self._life: asyncio.Task[None] | None = None
        self._loading: asyncio.Task[int] | None = None
        # Set when the database takes our tables away: the heartbeat's pause ends, and trying
        # to own them again starts at once (a heartbeat's pause is longer than a try's).
        self._lost = asyncio.Event()
        storage.db.on_ownership(self._ownership_changed)

    async def resume(self) -> int:
        """Own our shards' tables and start their feeds and drivers at once (ownership dies
        with its process: a restart never waits for the one before it). If another process
        owns them (a second process for the same shards), wait for it to stop, answering
        clicks meanwhile with "starting up again". A turn resumes with the time it had left
        when its last owner was last alive (never less than 30 seconds)."""
        self.registry.unavailable = STARTING_UP
        count = 0
        if await self.storage.db.take(self.shards):
            count = await self._load()
        else:
            log.warning(
                "%s is served by another process: waiting for it to stop",
                self.shards.describe(),
            )
        self._life = asyncio.create_task(self._live(), name="heartbeat")
        return count

    async def _load(self) -> int:
        """Load and start every table we own (after a start, or when ownership came back)."""
        self.registry.unavailable = STARTING_UP
        loaded = await self.storage.tables.load_owned(self.shards)
        beats = await self.storage.heartbeats.all()
        now = self.clock.time()
        fresh = [x for x in loaded if x.table.id not in self.feed.tables]
        for item in fresh:
            t = item.table
            if t.status == PLAYING and t.deadline is not None:
                self._resume_turn(t, beats, now)
                await self.storage.tables.save(t)
            if t.live and t.thread_id is not None and self.reopen_thread is not None:
                # Until then, a click is told the table is starting up again.
                task = asyncio.create_task(self._reopen_then_resume(item), name=f"reopen-{t.id}")
                self._reopening.add(task)
                task.add_done_callback(self._reopening.discard)
                continue
            self._resume(item)
        self.owned = True
        self.registry.unavailable = None
        log.info("resumed %d tables (%s)", len(fresh), self.shards.describe())
        return len(fresh)

    def _resume(self, item: LoadedTable) -> None:
        t = item.table
        if t.live:
            self.registry.add(t)
        self.feed.add(t, item)
        self.driver.wake(t)

    async def _reopen_then_resume(self, item: LoadedTable) -> None:
        t = item.table
        assert self.reopen_thread is not None
        state = "open"
        try:
            state = await self.reopen_thread(t)
        except Exception as e:  # Discord away: the table plays on, its edits may wait
            log.warning("table=%s could not reopen its thread: %s", t.id, e)
        self._resume(item)
        if state != "open" and self.thread_gone is not None:
            self.thread_gone(t, state)

    def _resume_turn(self, t: Table, beats: dict[str, tuple[float, str]], now: float) -> None:
        """The time the turn had left when its owner was last alive, never more than a whole
        turn and never less than the minimum."""
        assert t.deadline is not None
        beat = beats.get(self.shards.owner_of(t.guild_id)) or beats.get(EVERYTHING)
        alive = now if beat is None else min(now, beat[0])
        left = min(t.deadline - alive, t.turn_timer * self.time_scale)
        t.deadline = now + max(MIN_TURN_AFTER_RESTART * self.time_scale, left)

    async def _live(self) -> None:
        """Say we are alive while we own our tables; take them (again) when we do not."""
        while True:
            try:
                if self.owned:
                    await self._beat()
                elif not self._is_loading() and await self.storage.db.take(self.shards):
                    self._start_loading()
            except Exception as e:
                log.warning("heartbeat failed: %s", e)
            pause = self.heartbeat_seconds if self.owned else TAKE_RETRY_SECONDS
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(pause):
                    await self._lost.wait()
            self._lost.clear()

    async def _beat(self) -> None:
        report = {"tables": len(self.registry.tables), **self.status()}
        await self.storage.heartbeats.beat(
            self.shards.owners, self.clock.time(), json.dumps(report, separators=(",", ":"))
        )

    def _is_loading(self) -> bool:
        return self._loading is not None and not self._loading.done()

    def _start_loading(self) -> None:
        if not self._is_loading():
            self._loading = asyncio.create_task(self._load(), name="load-tables")

    def _ownership_changed(self, owned: bool) -> None:
        """The database told us we lost our tables (or have them again)."""
        if owned:
            if not self.owned and not self.registry.stopping:
                self._start_loading()
            return
        if not self.owned:
            return
        log.warning(
            "%s: the database went away, and our ownership with it: tables wait for it",
            self.shards.describe(),
        )
        self.owned = False
        self._lost.set()
        self.registry.unavailable = DATABASE_BUSY
        dropped = list(self.registry.tables.values())
        self.registry.clear()
        asyncio.get_running_loop().create_task(self._let_go(dropped))

    async def _let_go(self, dropped: list[Table]) -> None:
        """Stop driving and publishing tables we no longer own (another process may)."""
        await self.driver.drop([t.id for t in dropped])
        await self.feed.drop()

    async def halt(self) -> None:
        """Stop dead, as a killed process does: every task ends where it is, nothing more is
        sent or saved, and no last heartbeat is written."""
        self.registry.stopping = True
        await cancel_all([task for task in (self._life, self._loading) if task is not None])
        await cancel_all(list(self._reopening))
        await self.driver.close()
        await self.feed.drop(dead=True)
        self.players.close()

    async def stop(self, timeout: float = 3.0) -> None:
        """A graceful stop: refuse new actions, let the actions under way finish, send what is
        left to send (up to ``timeout`` seconds), and say when we stopped (the next owner
        resumes turns from then). Closing the database then releases our ownership."""
        self.registry.stopping = True
        await cancel_all(list(self._reopening))
        for t in list(self.registry.tables.values()):
            async with t.lock:  # the action under way (if any) finishes first
                pass
        await self.driver.close()
        self.players.close()
        await self.feed.close(timeout)
        await cancel_all([task for task in (self._life, self._loading) if task is not None])
        if self.owned:
            with contextlib.suppress(Exception):
                await self._beat()
