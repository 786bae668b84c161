"""What the bot knows of its channels instead of guessing: the newest message each one shows,
and the messages a moderator deleted.

With the guild messages intent (not privileged: message create and delete events, without
their content), Discord tells the bot of every message posted or deleted in the channels it can
see. The feed uses that twice:

- a person's hand that is still the newest message they see in the channel (nobody posted below
  it since, and the bot sent them nothing newer) is edited in place on their turn instead of
  posted anew at the bottom: one request instead of two, and no webhook create (which counts
  toward the channel's hidden limit, ``creates``);
- a message someone deleted is known gone before the bot would edit it (no 404).

What is known starts with the gateway session (``reset``): a message older than that may have
had anything posted below it while the bot was not listening, so it is never taken to be at the
bottom. Ephemeral messages never come as events; the bot notes those it sends itself.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable

KEPT = 50_000  # channels (and channel-person pairs) remembered, the most recent ones


class ChannelLog:
    def __init__(self) -> None:
        self._public: OrderedDict[int, int] = OrderedDict()  # channel -> newest public message
        self._private: OrderedDict[tuple[int, int], int] = OrderedDict()  # (channel, person)
        self.epoch = 1 << 62  # messages before this id are of an earlier session: unknown
        self.on_delete: Callable[[int], None] = lambda message_id: None
        self.events = 0  # message events read

    def reset(self, snowflake: int) -> None:
        """A new gateway session from ``snowflake`` on: what happened before is unknown."""
        self.epoch = snowflake
        self._public.clear()
        self._private.clear()

    @staticmethod
    def _keep(table: OrderedDict[object, int], key: object, message_id: int) -> None:
        if table.get(key, 0) < message_id:
            table[key] = message_id
            table.move_to_end(key)
            if len(table) > KEPT:
                table.popitem(last=False)

    def posted(self, channel_id: int, message_id: int, private_to: int | None = None) -> None:
        """A message appeared in the channel: public (everyone sees it below what was there),
        or ephemeral for one person (``private_to``)."""
        if private_to is None:
            self._keep(self._public, channel_id, message_id)  # type: ignore[arg-type]
        else:
            self._keep(self._private, (channel_id, private_to), message_id)  # type: ignore[arg-type]

    def heard(self, channel_id: int, message_id: int) -> None:
        """A message create event (anyone's, the bot's own included)."""
        self.events += 1
        self.posted(channel_id, message_id)

    def deleted(self, message_id: int) -> None:
        """A message delete event: never ask Discord about it again."""
        self.events += 1
        self.on_delete(message_id)

    def knows(self, message_id: int | None) -> bool:
        """``message_id`` was sent while the bot was listening: what is below it is known."""
        return message_id is not None and message_id >= self.epoch

    def at_bottom(self, channel_id: int, person: int, message_id: int | None) -> bool:
        """``message_id`` (sent to ``person`` in this session) is still the newest message they
        see in the channel."""
        if message_id is None or not self.knows(message_id):
            return False
        if self._public.get(channel_id, 0) > message_id:
            return False
        return self._private.get((channel_id, person), 0) <= message_id
