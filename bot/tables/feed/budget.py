"""The bot token's budget of requests.

Discord lets a bot make 50 requests per second under its token (channels, messages, guilds),
however many processes share it; interaction callbacks and interaction-token webhooks are not
counted. A bot that goes over is answered 429 (and 429s count toward the limit of invalid
requests that gets a bot banned for a while). So every request under the bot's token waits here
for its turn: at most ``per_second`` of them in any second (a sliding window, the strictest
reading of Discord's limit). Each process gets its share of the token's budget.

``pressure`` tells the feed how close to the limit the bot is: near it, table messages edited
under the bot's token are edited less often (fewer, fuller edits), so a burst never starves a
table and never meets a 429.
"""

from __future__ import annotations

from collections import deque

from bot.tables.ports import Clock

DISCORD_PER_SECOND = 50.0  # Discord's global limit per bot token
SAFETY = 0.9  # what a process plans for, of its share (clocks and networks jitter)
WINDOW = 1.0  # seconds


class Budget:
    def __init__(self, per_second: float, clock: Clock) -> None:
        self.limit = max(1, int(per_second))
        self.clock = clock
        self._sent: deque[float] = deque()  # monotonic times of the requests in the window
        self._waiting = 0
        self.spent = 0  # requests made under the bot's token, in all
        self.waited = 0.0  # seconds requests waited for their turn, in all

    @classmethod
    def share(
        cls, clock: Clock, fraction: float = 1.0, per_second: float = DISCORD_PER_SECOND
    ) -> Budget:
        """This process's part of the token's budget (``fraction``: its part of the shards)."""
        return cls(per_second * fraction * SAFETY, clock)

    def _forget_old(self, now: float) -> None:
        while self._sent and self._sent[0] <= now - WINDOW:
            self._sent.popleft()

    async def spend(self) -> None:
        """Wait until one more request fits in the window, and count it."""
        self._waiting += 1
        started = self.clock.monotonic()
        try:
            while True:
                now = self.clock.monotonic()
                self._forget_old(now)
                if len(self._sent) < self.limit:
                    self._sent.append(now)
                    self.spent += 1
                    self.waited += now - started
                    return
                await self.clock.sleep(self._sent[0] + WINDOW - now)
        finally:
            self._waiting -= 1

    def pressure(self) -> float:
        """0 when idle, 1 at the limit, more when requests are waiting for their turn."""
        self._forget_old(self.clock.monotonic())
        return (len(self._sent) + self._waiting) / self.limit


# A channel's own buckets under the bot token (besides the global budget): Discord answers
# message creates and edits 5 per 5 s per channel, and names both with the same bucket id in its
# headers (sandbox/README.md), so discord.py holds them back together when either runs out.
# discord.py waits such a bucket out by itself, which would hold a table's whole publishing pass
# (and the hands behind it) for seconds: the feed asks first, and sends what can wait later.
# Creates and edits are counted together, as discord.py sees them.
CHANNEL_LIMIT = 5
CHANNEL_WINDOW = 5.0
CHANNELS_KEPT = 20_000


class ChannelBuckets:
    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        self._sent: dict[int, deque[float]] = {}  # channel -> its recent posts and edits

    def _recent(self, channel_id: int) -> deque[float]:
        key = channel_id
        sent = self._sent.get(key)
        if sent is None:
            if len(self._sent) > CHANNELS_KEPT:
                now = self.clock.monotonic()
                self._sent = {k: v for k, v in self._sent.items() if v and v[-1] > now - 5.0}
            sent = self._sent[key] = deque()
        now = self.clock.monotonic()
        while sent and sent[0] <= now - CHANNEL_WINDOW:
            sent.popleft()
        return sent

    def wait(self, channel_id: int, room: int = 1) -> float:
        """Seconds before ``room`` more posts or edits fit in the channel's bucket (0: now)."""
        sent = self._recent(channel_id)
        if len(sent) + room <= CHANNEL_LIMIT:
            return 0.0
        return sent[len(sent) + room - CHANNEL_LIMIT - 1] + CHANNEL_WINDOW - self.clock.monotonic()

    def spend(self, channel_id: int) -> None:
        self._recent(channel_id).append(self.clock.monotonic())
