"""The feed's way out to Discord (``bot.tables.feed.Discord``), with discord.py's public API.

Channel messages go through ``PartialMessageable`` (a post carries a nonce, and discord.py sets
``enforce_nonce``, so a post repeated after a crash returns the first message). A person's hand
is an ephemeral message reached through one of their interaction tokens, with
``discord.Webhook.partial``.

Failures are sorted: a message or channel that is gone, or a token Discord refuses, is an
answer (None or False); a failure on Discord's side or of the network is ``Unavailable``, and
the feed tries again later.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, cast

import aiohttp
import discord

from bot.render import Rendered
from bot.tables.feed import Unavailable
from cogs.ui import edit_kwargs, send_kwargs

if TYPE_CHECKING:
    from bot.app import TrickBot

log = logging.getLogger("trickbot.discord")


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
    def __init__(self, bot: TrickBot) -> None:
        self.bot = bot

    def _channel(self, channel_id: int) -> discord.PartialMessageable:
        return self.bot.get_partial_messageable(channel_id)

    def _webhook(self, token: str) -> discord.Webhook:
        """The interaction webhook a token stands for."""
        app_id = self.bot.application_id
        assert app_id is not None
        webhook = discord.Webhook.partial(app_id, token, client=self.bot)
        # An interaction's webhook is an application webhook (it may post ephemeral messages).
        webhook.type = discord.WebhookType.application
        return webhook

    # ------------------------------------------------------------------ channel messages

    async def post(self, channel_id: int, message: Rendered, nonce: str) -> int | None:
        try:
            with sorted_failures(discord.NotFound, discord.Forbidden):
                sent = await self._channel(channel_id).send(**send_kwargs(message), nonce=nonce)
        except Refused as e:
            log.warning("cannot post in channel %s: %s", channel_id, e)
            return None
        return sent.id

    async def edit(self, channel_id: int, message_id: int, message: Rendered) -> bool:
        try:
            with sorted_failures(discord.NotFound, discord.Forbidden):
                await (
                    self._channel(channel_id)
                    .get_partial_message(message_id)
                    .edit(**edit_kwargs(message))
                )
        except Refused:
            return False  # deleted by someone, or no longer ours to edit
        return True

    async def delete(self, channel_id: int, message_id: int) -> None:
        with contextlib.suppress(Refused), sorted_failures(discord.NotFound, discord.Forbidden):
            await self._channel(channel_id).get_partial_message(message_id).delete()

    # ------------------------------------------------------------------ hands (ephemeral)

    async def hand_post(self, token: str, message: Rendered) -> int | None:
        try:
            with sorted_failures(discord.HTTPException):
                sent = await self._webhook(token).send(
                    **send_kwargs(message), ephemeral=True, wait=True
                )
        except Refused:
            return None  # the token died, or Discord refused it
        return sent.id

    async def hand_edit(self, token: str, ref: str, message: Rendered) -> bool:
        try:
            with sorted_failures(discord.HTTPException):
                await self._webhook(token).edit_message(_ref(ref), **edit_kwargs(message))
        except Refused:
            return False
        return True

    async def hand_delete(self, token: str, ref: str) -> bool:
        try:
            with sorted_failures(discord.HTTPException):
                await self._webhook(token).delete_message(_ref(ref))
        except Refused:
            return False
        return True


def _ref(ref: str) -> int:
    """A message as a token reaches it: its id, or ``@original`` (the message the interaction
    answered), which the webhook routes accept in place of an id."""
    return int(ref) if ref.isdigit() else cast(int, cast(Any, ref))
