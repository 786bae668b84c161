"""Discord's limits as the bot counts them: one sliding window for every bucket.

Discord answers a request over a limit with 429, and 429s count toward its limit of invalid
requests (10,000 in 10 minutes, then the whole bot is banned for a while). So the bot counts
its own requests, per bucket, and asks before each one: at most ``limit`` in any ``window``
seconds (a sliding window, the strictest reading of every bucket below). Which limits are
documented and which only reported by Discord's users:

- the bot token, every route but interactions': 50 requests per second, however many
  processes share the token (documented);
- a channel's message creates and edits under the bot token: 5 per 5 s, one bucket id for both
  (Discord's headers say so; the numbers are not documented);
- an interaction token's webhook requests: 5 per 2 s (Discord's headers; not documented);
- a channel's webhook message creates, followups and ephemeral ones included: about 30 per
  60 s, shown only as a 429 ``shared`` with no warning before it (reported by Discord's users:
  discord-api-docs #367 from Discord staff, #1297, #2701, #3763; not documented).

``docs/architecture.md`` tells what each kind of message does when a bucket is full.
"""

from __future__ import annotations

import asyncio
import bisect
import contextlib
from collections import deque
from collections.abc import AsyncIterator, Hashable
from typing import Generic, TypeVar

from bot.tables.ports import Clock

# The bot token's global limit (documented). Each process plans for its share of it, and a
# little less than that: clocks and networks jitter.
DISCORD_PER_SECOND = 50.0
SAFETY = 0.9
GLOBAL_WINDOW = 1.0
# A channel's bucket of message creates and edits under the bot token (Discord's headers).
# discord.py would wait a full bucket out by itself, holding a table's whole publishing pass
# (and the hands behind it) for seconds: the feed asks first, and sends what can wait later.
CHANNEL_LIMIT = 5
CHANNEL_WINDOW = 5.0
# An interaction token's webhook requests (Discord's headers).
TOKEN_LIMIT = 5
TOKEN_WINDOW = 2.0
# Discord's clock and ours tick apart (Discord's windows, and its reset times in whole
# milliseconds, against this machine's monotonic clock): a request sent just as a window of
# ours ends may land just inside Discord's. Every per-route window is counted this much longer
# (a token's 5 per 2 s then allow 5 per 2.05 s).
CLOCK_MARGIN = 0.05
# A channel's webhook message creates (reported, not documented, and it may change).
CREATES_LIMIT = 30
CREATES_WINDOW = 60.0
# What each kind of webhook create leaves for the ones that matter more:
RESCUE_RESERVE = 0  # a hand that cannot be shown otherwise (no copy its tokens can reach)
HAND_RESERVE = 3  # a hand moved to the bottom (its copy could be edited where it is)
TABLE_RESERVE = 5  # a new hand's table message (the last one could show the new hand)
PING_RESERVE = 10  # a ping (it can wait for the next hand)
# A request leaves its window this close to its end: a wait computed to the end and slept
# out may land a rounding error short of it, and the wait then left (far below the event
# loop's clock resolution, so its timer is due at once) would be asked for again and again.
TICK = 1e-6  # seconds
# Buckets remembered (channels, tokens): the most recently used; a bucket whose window is
# empty is as good as unknown.
KEPT = 20_000
SWEEP_EVERY = 30.0  # seconds

K = TypeVar("K", bound=Hashable)


class SlidingWindows(Generic[K]):
    """For each key (a channel, a token), the monotonic times of its requests in the last
    ``window`` seconds: Discord takes at most ``limit`` of them."""

    def __init__(self, clock: Clock, limit: int, window: float, kept: int = KEPT) -> None:
        self.clock = clock
        self.limit = limit
        self.window = window
        self.kept = kept
        self._sent: dict[K, deque[float]] = {}
        # The empty windows are forgotten every SWEEP_EVERY seconds, or sooner once ``kept``
        # keys are held: every click brings a new token, and a bot that runs for days would
        # otherwise keep one window per click it ever had.
        self._sweep_at = kept
        self._next_sweep = clock.monotonic() + SWEEP_EVERY

    def __len__(self) -> int:
        return len(self._sent)

    def known(self, key: K) -> bool:
        return key in self._sent

    def recent(self, key: K) -> deque[float]:
        """The key's requests in the window (in order), the older ones forgotten."""
        now = self.clock.monotonic()
        sent = self._sent.get(key)
        if sent is None:
            if len(self._sent) >= self._sweep_at or now >= self._next_sweep:
                # A key with nothing in its window is as good as unknown: forget those (and,
                # if most are still in use, wait for twice as many before looking again).
                cutoff = now - self.window
                self._sent = {k: v for k, v in self._sent.items() if v and v[-1] > cutoff}
                self._sweep_at = max(self.kept, 2 * len(self._sent))
                self._next_sweep = now + SWEEP_EVERY
            sent = self._sent[key] = deque()
        while sent and sent[0] + self.window <= now + TICK:
            sent.popleft()
        return sent

    def count(self, key: K) -> int:
        return len(self.recent(key))

    def wait(self, key: K, room: int = 1) -> float:
        """Seconds before ``room`` more requests fit in the key's window (0: now). ``room`` above
        one leaves the rest for requests that cannot wait."""
        sent = self.recent(key)
        over = len(sent) + room - self.limit
        if over <= 0:
            return 0.0
        return sent[over - 1] + self.window - self.clock.monotonic()

    def spend(self, key: K) -> float:
        """One request now; its time (to move it with ``landed``)."""
        now = self.clock.monotonic()
        self.recent(key).append(now)
        return now

    @contextlib.asynccontextmanager
    async def request(self, key: K) -> AsyncIterator[None]:
        """One request now, sent inside the block: counted from its answer (``landed``)."""
        sent = self.spend(key)
        try:
            yield
        finally:
            self.landed(key, sent)

    def landed(self, key: K, sent: float) -> None:
        """The request sent at ``sent`` was answered now: it counts from now. Discord's window
        opens when a request reaches it, which a slow network or a busy machine makes later
        than the sending."""
        used = self.recent(key)
        with contextlib.suppress(ValueError):  # forgotten meanwhile (its window passed)
            used.remove(sent)
        # Kept in order: a full window set meanwhile (``full_until``) stays last.
        bisect.insort(used, self.clock.monotonic())

    def full_until(self, key: K, until: float) -> None:
        """The key's window counts as full until ``until`` (monotonic): Discord said to wait,
        or a process before this one may have used it up."""
        used = self.recent(key)
        last = max(until - self.window, used[-1]) if used else until - self.window
        used.extend([last] * self.limit)


class Budget:
    """The bot token's global budget, this process's share of it. Every request under the
    bot's token waits here for its turn. ``pressure`` tells the feed how close to the limit the
    bot is: near it, table messages edited under the bot's token are edited less often (fewer,
    fuller edits), so a burst never starves a table and never meets a 429."""

    def __init__(self, per_second: float, clock: Clock) -> None:
        self.clock = clock
        self._window: SlidingWindows[None] = SlidingWindows(
            clock, max(1, int(per_second)), GLOBAL_WINDOW
        )
        # First come, first served: without a queue, every waiter sleeps to the same instant
        # and whichever the loop wakes first takes the one free place, so under a burst a
        # request could lose its turn again and again (a hand's result waited 13 s at 1,000
        # tables while requests that came after it went first).
        self._turn = asyncio.Lock()
        self._waiting = 0
        self.spent = 0  # requests made under the bot's token, in all
        self.waited = 0.0  # seconds requests waited for their turn, in all

    @property
    def limit(self) -> int:
        return self._window.limit

    @classmethod
    def share(
        cls, clock: Clock, fraction: float = 1.0, per_second: float = DISCORD_PER_SECOND
    ) -> Budget:
        """This process's part of the token's budget (``fraction``: its part of the shards)."""
        return cls(per_second * fraction * SAFETY, clock)

    @contextlib.asynccontextmanager
    async def request(self) -> AsyncIterator[None]:
        """One request under the bot's token, sent inside the block: it waits for its turn,
        and counts from its answer. Discord counts a request when it arrives, which a busy
        network or process makes later than the sending: counted from the sending, requests
        sent a second apart could arrive closer together than Discord allows (global 429s at
        400 tables, the bot sending its whole share through a burst of hand results)."""
        sent = await self._spend()
        try:
            yield
        finally:
            self._window.landed(None, sent)

    async def _spend(self) -> float:
        """Wait until one more request fits in the window, and count it; its time."""
        self._waiting += 1
        started = self.clock.monotonic()
        try:
            async with self._turn:
                while (wait := self._window.wait(None)) > 0:
                    await self.clock.sleep(wait)
                sent = self._window.spend(None)
                self.waited += sent - started
                self.spent += 1
                return sent
        finally:
            self._waiting -= 1

    def pressure(self) -> float:
        """0 when idle, 1 at the limit, more when requests are waiting for their turn."""
        return (self._window.count(None) + self._waiting) / self.limit


class WebhookCreates:
    """A channel's webhook message creates, against the hidden limit. When the count is
    spent, or Discord answers 429 ``shared`` anyway (the limit may be lower, or shared wider,
    than reported), the message goes another way at once: a hand is edited in place, a table
    message is edited rather than posted anew, a ping waits for the next hand, and as a last
    resort the bot token with its own budget. Interaction callbacks are not webhook creates and
    are not counted."""

    def __init__(
        self, clock: Clock, limit: int = CREATES_LIMIT, window: float = CREATES_WINDOW
    ) -> None:
        self.clock = clock
        self._sent: SlidingWindows[int] = SlidingWindows(clock, limit, window + CLOCK_MARGIN)
        self._shut: dict[int, float] = {}  # channel -> monotonic time Discord said to wait to
        self.refused = 0  # hidden-limit 429s Discord answered anyway
        self.spared = 0  # messages that went another way because the count was spent

    @property
    def limit(self) -> int:
        return self._sent.limit

    def room(self, channel_id: int) -> int:
        """Creates this channel can still take now."""
        shut = self._shut.get(channel_id)
        if shut is not None:
            if self.clock.monotonic() < shut:
                return 0
            del self._shut[channel_id]
        return max(0, self._sent.limit - self._sent.count(channel_id))

    def may(self, channel_id: int, reserve: int) -> bool:
        """One more create, leaving ``reserve`` for what matters more. (False is counted: the
        message goes another way.)"""
        if self.room(channel_id) > reserve:
            return True
        self.spared += 1
        return False

    def spend(self, channel_id: int) -> None:
        self._sent.spend(channel_id)

    def shut(self, channel_id: int, retry_after: float) -> None:
        """Discord answered 429 ``shared``: no create in this channel until it said."""
        self.refused += 1
        until = self.clock.monotonic() + max(retry_after, 1.0)
        self._shut[channel_id] = max(until, self._shut.get(channel_id, 0.0))
