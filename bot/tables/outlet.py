"""The feed's way out to Discord, remembering which messages are gone.

A message Discord said is gone (deleted, by us or by someone else) or no longer ours to change
(forbidden) is never asked about again: every such request would be wasted, against the bot's
budget of requests, and a 403 counts toward Discord's limit of invalid requests (10,000 in 10
minutes, then the whole bot is banned for a while). So each message id that failed once, or
that we deleted, is remembered (the most recent ones), and a later edit or delete of it is
answered from memory.
"""

from __future__ import annotations

from collections import OrderedDict

from bot.render import Rendered
from bot.tables.ports import Discord

REMEMBERED = 50_000  # message ids known gone, most recent kept


class Outlet:
    def __init__(self, discord: Discord) -> None:
        self.discord = discord
        self._gone: OrderedDict[int, None] = OrderedDict()

    def gone(self, message_id: int | None) -> bool:
        return message_id is not None and message_id in self._gone

    def forget(self, message_id: int | None) -> None:
        """``message_id`` is gone: never ask Discord about it again."""
        if message_id is None:
            return
        self._gone[message_id] = None
        self._gone.move_to_end(message_id)
        if len(self._gone) > REMEMBERED:
            self._gone.popitem(last=False)

    # ------------------------------------------------------------------ channel messages

    async def post(self, channel_id: int, message: Rendered, nonce: str) -> int | None:
        return await self.discord.post(channel_id, message, nonce)

    async def edit(self, channel_id: int, message_id: int, message: Rendered) -> bool:
        """False if the message is gone (or not ours to edit any more)."""
        if self.gone(message_id):
            return False
        if await self.discord.edit(channel_id, message_id, message):
            return True
        self.forget(message_id)
        return False

    async def delete(self, channel_id: int, message_id: int) -> None:
        if self.gone(message_id):
            return
        await self.discord.delete(channel_id, message_id)
        self.forget(message_id)

    # ------------------------------------------------------------------ hands (ephemeral)

    async def hand_post(self, token: str, message: Rendered) -> int | None:
        return await self.discord.hand_post(token, message)

    async def hand_edit(
        self, token: str, ref: str, message_id: int | None, message: Rendered
    ) -> bool:
        """Edit a copy of a hand through ``token``; False if it cannot be (gone, or the token
        is refused): that copy is not asked about again."""
        if self.gone(message_id):
            return False
        if await self.discord.hand_edit(token, ref, message):
            return True
        self.forget(message_id)
        return False

    async def hand_delete(self, token: str, ref: str, message_id: int | None) -> bool:
        """Delete a copy of a hand; True if it is gone (now or already)."""
        if self.gone(message_id):
            return True
        deleted = await self.discord.hand_delete(token, ref)
        if deleted:
            self.forget(message_id)
        return deleted
