"""Every table of every channel, split by job:

- ``registry``: the live tables in memory and ``locked``, the one way to act on one;
- ``commands``: what people do (lobby, play, leave, cancel, replace, rematch), checked and saved
  with its public effects;
- ``driver``: the moves nobody clicks (computers, turn timers, idle lobbies);
- ``feed``: what people see (outbox, table messages, pings, hands), in order and never back in
  time.

``TableManager`` wires them together and owns the process's life: resuming after a restart,
the heartbeat, and a graceful stop. Nothing here knows discord.py.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Callable

from bot.computers import ComputerPlayers
from bot.languages import Languages
from bot.model import PLAYING, Place, Refusal, Table
from bot.storage import Shards, Storage, StorageError
from bot.storage.ownership import EVERYTHING
from bot.tables.commands import Commands
from bot.tables.driver import Driver
from bot.tables.feed import Feed
from bot.tables.ports import Clock, Discord, SystemClock
from bot.tables.registry import DATABASE_BUSY, STARTING_UP, Registry
from bot.tasks import cancel_all

log = logging.getLogger("trickbot.tables")

HEARTBEAT_SECONDS = 1.0  # how often an owner says it is alive (and a waiting one tries to own)
MIN_TURN_AFTER_RESTART = 30.0  # a turn resumes with the time it had left, never less than this


class TableManager:
    def __init__(
        self,
        storage: Storage,
        discord: Discord,
        languages: Languages | None = None,
        *,
        clock: Clock | None = None,
        ai_pause: float = 1.0,
        default_turn_timer: int = 120,
        lobby_idle: float = 30 * 60.0,
        remind_after: float = 30.0,
        table_edit_gap: float = 1.0,
        time_scale: float = 1.0,
        players: ComputerPlayers | None = None,
        shards: Shards | None = None,
        heartbeat_seconds: float = HEARTBEAT_SECONDS,
        status: Callable[[], dict[str, object]] | None = None,
    ) -> None:
        self.storage = storage
        self.clock = clock or SystemClock()
        self.languages = languages or Languages()
        self.registry = Registry(storage.tables.table_status)
        self.feed = Feed(
            storage,
            discord,
            self.languages,
            clock=self.clock,
            table_edit_gap=table_edit_gap,
            hand_edit_gap=table_edit_gap,
            remind_after=remind_after * time_scale,
        )
        self.commands = Commands(
            self.registry,
            storage,
            self.feed,
            self.languages,
            self._wake_driver,
            clock=self.clock,
            default_turn_timer=default_turn_timer,
            time_scale=time_scale,
        )
        self.players = players or ComputerPlayers()
        self.driver = Driver(
            self.commands,
            self.clock,
            self.players,
            ai_pause=ai_pause,
            lobby_idle=lobby_idle,
            time_scale=time_scale,
        )
        self.time_scale = time_scale
        self.shards = shards or Shards()
        self.heartbeat_seconds = heartbeat_seconds
        self.status = status or dict
        self.owned = False  # our tables are loaded and driven here
        self._life: asyncio.Task[None] | None = None
        self._loading: asyncio.Task[int] | None = None
        storage.db.on_ownership(self._ownership_changed)

    def _wake_driver(self, t: Table) -> None:
        self.driver.wake(t)

    @property
    def tables(self) -> dict[int, Table]:
        return self.registry.tables

    def table_in(self, channel_id: int) -> Table | None:
        return self.registry.in_channel(channel_id)

    async def table_here(self, place: Place) -> Table:
        """The table of this channel, for a command typed there; a Refusal that tells the
        truth if there is none driven here (none at all, or one not loaded yet)."""
        if self.registry.unavailable is not None:
            raise Refusal(self.registry.unavailable)
        t = self.registry.in_channel(place.channel_id)
        if t is not None and t.place == place:
            return t
        try:
            elsewhere = await self.storage.tables.live_table_in_channel(place.channel_id)
        except StorageError:
            raise Refusal(DATABASE_BUSY) from None
        raise Refusal("refusal-no-table" if elsewhere is None else STARTING_UP)

    # ================================================================== life

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
            if t.live:
                self.registry.add(t)
            if t.status == PLAYING and t.deadline is not None:
                self._resume_turn(t, beats, now)
                await self.storage.tables.save(t)
            self.feed.add(t, item)
            self.driver.wake(t)
        self.owned = True
        self.registry.unavailable = None
        log.info("resumed %d tables (%s)", len(fresh), self.shards.describe())
        return len(fresh)

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
            await asyncio.sleep(self.heartbeat_seconds)

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
        self.registry.unavailable = DATABASE_BUSY
        dropped = list(self.registry.tables.values())
        self.registry.clear()
        asyncio.get_running_loop().create_task(self._let_go(dropped))

    async def _let_go(self, dropped: list[Table]) -> None:
        """Stop driving and publishing tables we no longer own (another process may)."""
        await self.driver.drop([t.id for t in dropped])
        await self.feed.drop()

    async def stop(self, timeout: float = 3.0) -> None:
        """A graceful stop: refuse new actions, let the actions under way finish, send what is
        left to send (up to ``timeout`` seconds), and say when we stopped (the next owner
        resumes turns from then). Closing the database then releases our ownership."""
        self.registry.stopping = True
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


__all__ = ["Discord", "TableManager"]
