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
import logging
import secrets

from bot.ai import ComputerPlayers
from bot.languages import Languages
from bot.model import PLAYING, Table
from bot.storage import Shards, Storage
from bot.tables.commands import Commands
from bot.tables.driver import Driver
from bot.tables.feed import Clock, Discord, Feed, SystemClock
from bot.tables.registry import Registry
from bot.tasks import cancel_all

log = logging.getLogger("trickbot.tables")

LEASE_SECONDS = 15.0  # a table's lease; renewed every third of it
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
        instance: str = "main",
        time_scale: float = 1.0,
        players: ComputerPlayers | None = None,
        shards: Shards | None = None,
        lease_seconds: float = LEASE_SECONDS,
    ) -> None:
        self.storage = storage
        self.clock = clock or SystemClock()
        self.languages = languages or Languages()
        self.registry = Registry()
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
        self.lease_seconds = lease_seconds
        # Who holds a lease: this process, this time (a restart is another holder).
        self.owner = f"{instance}:{secrets.token_hex(6)}"
        self.commands.lease = lambda: (self.owner, self.clock.time() + self.lease_seconds)
        self._heartbeat: asyncio.Task[None] | None = None

    def _wake_driver(self, t: Table) -> None:
        self.driver.wake(t)

    @property
    def tables(self) -> dict[int, Table]:
        return self.registry.tables

    def table_in(self, channel_id: int) -> Table | None:
        return self.registry.in_channel(channel_id)

    # ================================================================== life

    async def resume(self) -> int:
        """Take this process's tables (those of its shards whose lease is free) and start their
        feeds and drivers; then keep the leases alive. A turn resumes with the time it had
        left when the bot stopped (never less than 30 seconds)."""
        count = await self._claim()
        self._heartbeat = asyncio.create_task(self._beat(), name="heartbeat")
        log.info("resumed %d tables", count)
        return count

    async def _claim(self) -> int:
        now = self.clock.time()
        claimed = await self.storage.claim_tables(
            self.owner, now, now + self.lease_seconds, self.shards
        )
        fresh = [tid for tid in claimed if tid not in self.feed.tables and tid not in self.tables]
        for item in await self.storage.load_tables(fresh):
            t = item.table
            if t.live:
                self.registry.add(t)
            if t.status == PLAYING and t.deadline is not None:
                lease_end = claimed[t.id]
                # The previous holder was last known alive when its lease was last renewed.
                alive = now if not lease_end else min(now, lease_end - self.lease_seconds)
                # Never more than a whole turn, whatever the record says.
                left = min(t.deadline - alive, t.turn_timer * self.time_scale)
                t.deadline = now + max(MIN_TURN_AFTER_RESTART * self.time_scale, left)
                await self.storage.save(t)
            self.feed.add(t, item)
            self.driver.wake(t)
        return len(fresh)

    async def _beat(self) -> None:
        """Renew our leases; drop a table whose lease another process took (it must never be
        driven twice); take tables whose holder stopped renewing (a crashed process)."""
        while True:
            await asyncio.sleep(self.lease_seconds / 3)
            try:
                now = self.clock.time()
                held = await self.storage.renew_leases(self.owner, now + self.lease_seconds)
                for t in list(self.registry.tables.values()):
                    if t.id not in held:
                        log.error("table=%s lost its lease to another process: dropped", t.id)
                        self.registry.remove(t)
                        self.driver.wake(t)
                await self._claim()
            except Exception as e:
                log.warning("leases not renewed: %s", e)

    async def stop(self, timeout: float = 3.0) -> None:
        """A graceful stop: refuse new actions, let the actions under way finish, send what is
        left to send (up to ``timeout`` seconds), and hand the tables' leases back so the next
        start takes them at once."""
        self.registry.stopping = True
        for t in list(self.registry.tables.values()):
            async with t.lock:  # the action under way (if any) finishes first
                pass
        await self.driver.close()
        self.players.close()
        await self.feed.close(timeout)
        if self._heartbeat is not None:
            await cancel_all([self._heartbeat])
        with contextlib.suppress(Exception):
            await self.storage.release_leases(self.owner, self.clock.time() + self.lease_seconds)


__all__ = ["Discord", "TableManager"]
