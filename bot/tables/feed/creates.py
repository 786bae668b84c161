"""Webhook message creates per channel: a limit Discord does not announce.

Discord's users report (discord-api-docs #367 from Discord staff, #1297, #2701, #3763; not
documented, and it may change) that messages created through webhooks share a hidden limit of
about 30 per 60 seconds per channel, interaction followups included, ephemeral ones too. It
shows only as a 429 with ``X-RateLimit-Scope: shared``; the answers before it describe only the
token's own bucket, so nothing warns that it is near. discord.py waits such a 429 out (51 s was
seen), and a person's turn would not show meanwhile.

So the bot counts its own webhook creates per channel (a sliding window, never more than
``limit`` in any ``window`` seconds) and asks here before each one. Each kind of message keeps
some room for the ones that matter more: a hand that must follow its person to the bottom may
use the last create only if it cannot be shown otherwise (``RESCUE_RESERVE``), a hand moved to the
bottom keeps ``HAND_RESERVE`` for those, a table message ``TABLE_RESERVE``, a ping
``PING_RESERVE``. When the count is spent, or Discord answers 429 ``shared`` anyway (the limit
may be lower, or shared wider, than reported), the message goes another way at once: a hand is
edited in place, a table message is edited rather than posted anew, a ping waits for the next
hand, and as a last resort the bot token with its own budget. Interaction callbacks are not
webhook creates and are not counted.
"""

from __future__ import annotations

from collections import OrderedDict, deque

from bot.tables.ports import Clock

LIMIT = 30  # webhook creates a channel takes per WINDOW (reported, not documented)
WINDOW = 60.0  # seconds
# What each kind of create leaves for the ones that matter more:
RESCUE_RESERVE = 0  # a hand that cannot be shown otherwise (no copy its tokens can reach)
HAND_RESERVE = 3  # a hand moved to the bottom (its copy could be edited where it is)
TABLE_RESERVE = 5  # a new hand's table message (the last one could show the new hand)
PING_RESERVE = 10  # a ping (it can wait for the next hand)
CHANNELS_KEPT = 20_000  # channels whose recent creates are kept (the most recent ones)


class WebhookCreates:
    def __init__(self, clock: Clock, limit: int = LIMIT, window: float = WINDOW) -> None:
        self.clock = clock
        self.limit = limit
        self.window = window
        self._sent: OrderedDict[int, deque[float]] = OrderedDict()
        self._shut: dict[int, float] = {}  # channel -> monotonic time Discord said to wait to
        self.refused = 0  # hidden-limit 429s Discord answered anyway
        self.spared = 0  # messages that went another way because the count was spent

    def _recent(self, channel_id: int) -> deque[float]:
        sent = self._sent.get(channel_id)
        if sent is None:
            sent = self._sent[channel_id] = deque()
            if len(self._sent) > CHANNELS_KEPT:
                self._sent.popitem(last=False)
        else:
            self._sent.move_to_end(channel_id)
        now = self.clock.monotonic()
        while sent and sent[0] <= now - self.window:
            sent.popleft()
        return sent

    def room(self, channel_id: int) -> int:
        """Creates this channel can still take now."""
        shut = self._shut.get(channel_id)
        if shut is not None:
            if self.clock.monotonic() < shut:
                return 0
            del self._shut[channel_id]
        return max(0, self.limit - len(self._recent(channel_id)))

    def may(self, channel_id: int, reserve: int) -> bool:
        """One more create, leaving ``reserve`` for what matters more. (False is counted: the
        message goes another way.)"""
        if self.room(channel_id) > reserve:
            return True
        self.spared += 1
        return False

    def spend(self, channel_id: int) -> None:
        self._recent(channel_id).append(self.clock.monotonic())

    def shut(self, channel_id: int, retry_after: float) -> None:
        """Discord answered 429 ``shared``: no create in this channel until it said."""
        self.refused += 1
        until = self.clock.monotonic() + max(retry_after, 1.0)
        self._shut[channel_id] = max(until, self._shut.get(channel_id, 0.0))
