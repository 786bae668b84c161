"""The feed's way out to Discord (``bot.tables.ports.Discord``).

Channel messages carry a nonce Discord enforces, so a post repeated after a crash returns the
first message. A person's hand is an ephemeral message reached through one of their
interaction tokens. Messages go through ``cogs.discord.rest`` (the measured fast path); one
with a file goes through discord.py's public API (``PartialMessageable``).

Failures are sorted: a message or channel that is gone, or a token Discord refuses, is an
answer (None or False); a failure on Discord's side or of the network is ``Unavailable``, and
the feed tries again later.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Iterator

import aiohttp
import discord

from bot.render import Rendered
from bot.tables.ports import Unavailable
from cogs.discord.rest import Rest
from cogs.discord.ui import send_kwargs

log = logging.getLogger("trickbot.discord")

UNKNOWN_MESSAGE = 10008  # Discord's error code for a message that does not exist (any more)


def _passing(error: BaseException) -> bool:
    """Worth trying again: Discord's side failed, or the network did."""
    if isinstance(error, discord.DiscordServerError):
        return True
    return isinstance(error, aiohttp.ClientError | asyncio.TimeoutError | ConnectionError)


class Refused(Exception):
    """Discord answered no for good (gone, forbidden, a dead token): the caller's answer."""


@contextlib.contextmanager
def sorted_failures(*refusals: type[BaseException]) -> Iterator[None]:
    """Raise ``Unavailable`` for a failure worth trying again and ``Refused`` for one of
    ``refusals`` (an answer); anything else is a bug and goes up as it is."""
    try:
        yield
    except Exception as e:
        if _passing(e):
            raise Unavailable(str(e)) from e
        if isinstance(e, refusals):
            raise Refused(str(e)) from e
        raise


class DiscordIO:
    def __init__(self, bot: discord.Client) -> None:
        self.bot = bot
        self._rest: Rest | None = None

    @property
    def rest(self) -> Rest:
        if self._rest is None:
            app_id = self.bot.application_id
            assert app_id is not None  # known once logged in, before any table is resumed
            # The session discord.py's own webhooks use (created at login).
            session = discord.Webhook.partial(app_id, "-", client=self.bot).session
            self._rest = Rest(self.bot.http, app_id, session)
        return self._rest

    def _channel(self, channel_id: int) -> discord.PartialMessageable:
        return self.bot.get_partial_messageable(channel_id)

    # ------------------------------------------------------------------ channel messages

    async def post(self, channel_id: int, message: Rendered, nonce: str) -> int | None:
        try:
            with sorted_failures(discord.NotFound, discord.Forbidden):
                if message.file is None:
                    return await self.rest.post(channel_id, message, nonce)
                sent = await self._channel(channel_id).send(**send_kwargs(message), nonce=nonce)
                return sent.id
        except Refused as e:
            log.warning("cannot post in channel %s: %s", channel_id, e)
            return None

    async def edit(self, channel_id: int, message_id: int, message: Rendered) -> bool:
        try:
            with sorted_failures(discord.NotFound, discord.Forbidden):
                await self.rest.edit(channel_id, message_id, message)
        except Refused:
            return False  # deleted by someone, or no longer ours to edit
        return True

    async def delete(self, channel_id: int, message_id: int) -> None:
        with contextlib.suppress(Refused), sorted_failures(discord.NotFound, discord.Forbidden):
            await self.rest.delete(channel_id, message_id)

    # ------------------------------------------------------------------ hands (ephemeral)

    async def hand_post(self, token: str, message: Rendered) -> int | None:
        try:
            with sorted_failures(discord.HTTPException):
                return await self.rest.hand_post(token, message)
        except Refused:
            return None  # the token died, or Discord refused it

    async def hand_edit(self, token: str, ref: str, message: Rendered) -> bool:
        try:
            with sorted_failures(discord.HTTPException):
                await self.rest.hand_edit(token, ref, message)
        except Refused:
            return False
        return True

    async def hand_delete(self, token: str, ref: str) -> bool:
        """True once the copy is gone: deleted now, or already (Unknown Message)."""
        try:
            with sorted_failures(discord.HTTPException):
                await self.rest.hand_delete(token, ref)
        except Refused as e:
            cause = e.__cause__
            return isinstance(cause, discord.NotFound) and cause.code == UNKNOWN_MESSAGE
        return True
