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
from typing import Any, Literal

import aiohttp
import discord

from bot.render import Rendered
from bot.status import RequestLog
from bot.tables.ports import (
    CHANNEL_KIND,
    NO_PERMISSION,
    RATE_LIMITED,
    THREAD_AT_CAP,
    THREAD_CAP,
    THREAD_DELETED,
    THREAD_LOCKED,
    THREAD_NO_PERMISSION,
    THREAD_OPEN,
    UNREACHABLE,
    Limited,
    MessageRefused,
    Posted,
    ThreadRefused,
    Unavailable,
)
from cogs.discord.rest import THREAD_ARCHIVED, Rest
from cogs.discord.ui import send_kwargs

log = logging.getLogger("trickbot.discord")

PUBLIC_THREAD: Literal[11] = (
    11  # Discord's channel type (a thread without a message is private by default)
)
THREAD_EXISTS = 160004  # "A thread has already been created for this message"
MAX_ACTIVE_THREADS = 160006  # "Maximum number of active threads reached"
WRONG_CHANNEL_TYPE = 50024  # "Cannot execute action on this channel type"
READY_WAIT = 30.0  # seconds a look into a channel waits for the gateway after a start


def _passing(error: BaseException) -> bool:
    """Worth trying again: Discord's side failed, or the network did, or the game's thread is
    archived for now (the bot reopens it, or waits for Send Messages in Threads)."""
    if isinstance(error, discord.DiscordServerError):
        return True
    if isinstance(error, discord.HTTPException) and error.code == THREAD_ARCHIVED:
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
        if isinstance(e, discord.HTTPException) and e.status == 400:
            raise MessageRefused(f"{e.status} {e.text} ({e.code})") from e
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
            requests: RequestLog | None = getattr(self.bot, "requests", None)
            self._rest = Rest(self.bot.http, app_id, requests)
        return self._rest

    async def close(self) -> None:
        """Closes the fast path's connections (the bot is stopping)."""
        if self._rest is not None:
            await self._rest.close()

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

    async def recent(self, channel_id: int, after: int) -> list[Posted] | None:
        """The channel's newest messages after ``after``, if the bot may read its history (it
        never asks when it may not: a 403 would count against the bot)."""
        if not self.bot.is_ready():  # the channels' permissions come with the gateway
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.bot.wait_until_ready(), READY_WAIT)
        channel = self.bot.get_channel(channel_id)
        guild = getattr(channel, "guild", None)
        me = None if guild is None else guild.me
        if channel is None or me is None or not hasattr(channel, "permissions_for"):
            return None
        permissions = channel.permissions_for(me)
        if not (permissions.view_channel and permissions.read_message_history):
            return None
        try:
            with sorted_failures(discord.NotFound, discord.Forbidden):
                found = await self.rest.recent(channel_id, after)
        except Refused:
            return None
        return [Posted(int(m["id"]), tuple(custom_ids(m))) for m in found]

    # ------------------------------------------------------------------ threads

    async def create_thread(
        self, channel_id: int, message_id: int | None, name: str, archive_minutes: int
    ) -> int | ThreadRefused:
        body: dict[str, Any] = {"name": name, "auto_archive_duration": archive_minutes}
        if message_id is None:
            body["type"] = PUBLIC_THREAD  # without a message Discord makes a private one
        try:
            status, answer, retry_after = await self.rest.start_thread(channel_id, message_id, body)
        except Unavailable as e:
            log.warning("channel=%s thread not opened (unreachable): %s", channel_id, e)
            return ThreadRefused(UNREACHABLE)
        if 200 <= status < 300:
            return int(answer["id"])
        code = answer.get("code")
        if message_id is not None and code == THREAD_EXISTS:
            return message_id  # a thread started from a message takes its id
        refused = ThreadRefused(thread_refusal_of(status, code), retry_after)
        log.warning(
            "channel=%s thread not opened: %s (HTTP %s, code %s, retry after %.0f s)",
            channel_id,
            refused.why,
            status,
            code,
            retry_after,
        )
        return refused

    def thread_refusal(self, channel_id: int, with_message: bool) -> str | None:
        channel = self.bot.get_channel(channel_id)
        guild = getattr(channel, "guild", None)
        me = None if guild is None else guild.me
        if channel is None or me is None or not hasattr(channel, "permissions_for"):
            return None  # not in the cache: the request will tell
        if isinstance(channel, discord.Thread | discord.ForumChannel):
            return CHANNEL_KIND
        if isinstance(channel, discord.TextChannel) and channel.is_news() and not with_message:
            # An announcement channel's threads start from a message (reported: one without
            # a message is refused, so a daily deal or learn game there plays in the channel).
            return CHANNEL_KIND
        permissions = channel.permissions_for(me)
        if not (permissions.create_public_threads and permissions.send_messages_in_threads):
            return NO_PERMISSION
        return None

    async def add_to_thread(self, thread_id: int, user_id: int) -> None:
        status, answer = await self._thread_request(
            "PUT", f"/channels/{thread_id}/thread-members/{user_id}"
        )
        if not 200 <= status < 300:
            log.info(
                "cannot add %s to thread %s: HTTP %s, code %s",
                user_id,
                thread_id,
                status,
                answer.get("code"),
            )

    async def reopen_thread(self, thread_id: int) -> str:
        status, answer = await self._thread_request(
            "PATCH", f"/channels/{thread_id}", {"archived": False}
        )
        code = answer.get("code")
        if 200 <= status < 300:
            return THREAD_OPEN
        if status == 404:
            return THREAD_DELETED
        if code == MAX_ACTIVE_THREADS:
            log.warning("thread=%s not reopened: the server is at its thread cap", thread_id)
            return THREAD_AT_CAP
        if status != 403:  # tried again at the next archive, change or restart
            raise Unavailable(f"thread={thread_id} not reopened: HTTP {status}, code {code}")
        # A lock and a missing Send Messages in Threads both answer 403 50013: the thread's
        # own flag tells them apart.
        if await self._thread_locked(thread_id):
            return THREAD_LOCKED
        log.warning("thread=%s not reopened: Send Messages in Threads is missing", thread_id)
        return THREAD_NO_PERMISSION

    async def archive_thread(self, thread_id: int) -> None:
        status, answer = await self._thread_request(
            "PATCH", f"/channels/{thread_id}", {"archived": True}
        )
        if not 200 <= status < 300:
            log.info(
                "thread=%s not archived: HTTP %s, code %s", thread_id, status, answer.get("code")
            )

    async def _thread_request(
        self, method: str, path: str, body: dict[str, Any] | None = None
    ) -> tuple[int, dict[str, Any]]:
        """A request about a game's thread, never waiting out a 429 (``Limited``: the caller
        tries again after its ``retry_after``, in the background)."""
        status, answer, retry_after = await self.rest.bot_request(method, path, body)
        if status == 429:
            raise Limited(f"{method} {path}", retry_after)
        return status, answer

    async def _thread_locked(self, thread_id: int) -> bool:
        """Whether a moderator locked the thread: the gateway's copy, else Discord's answer
        (needs only View Channel); unknown counts as not locked, so a game is never ended
        for a lock that nobody made."""
        cached = self.bot.get_channel(thread_id)
        if isinstance(cached, discord.Thread):
            return cached.locked
        try:
            status, data, _ = await self.rest.bot_request("GET", f"/channels/{thread_id}")
        except Unavailable:
            return False
        if status != 200:
            return False
        metadata: Any = data.get("thread_metadata") or {}
        return bool(metadata.get("locked"))

    # ------------------------------------------------------------------ through a token
    # (``Rest`` sorts Discord's answers into the feed's exceptions: TokenRefused, MessageGone,
    # HiddenLimit or TokenBusy for a 429 by its scope, Unavailable.)

    async def token_post(self, token: str, message: Rendered, *, ephemeral: bool) -> int:
        return await self.rest.token_post(token, message, ephemeral=ephemeral)

    async def token_edit(self, token: str, ref: str, message: Rendered) -> None:
        await self.rest.token_edit(token, ref, message)

    async def token_delete(self, token: str, ref: str) -> None:
        await self.rest.token_delete(token, ref)


def thread_refusal_of(status: int, code: object) -> str:
    """The reason a thread was refused, from Discord's answer."""
    if status == 429:
        return RATE_LIMITED
    if code == MAX_ACTIVE_THREADS:
        return THREAD_CAP
    if status == 403:
        return NO_PERMISSION
    if status == 400 and code == WRONG_CHANNEL_TYPE:
        return CHANNEL_KIND
    return UNREACHABLE


def custom_ids(message: dict[str, Any]) -> list[str]:
    """Every custom id of a message's components (as Discord returns a message)."""
    out = []
    for row in message.get("components") or ():
        for item in row.get("components") or ():
            custom_id = item.get("custom_id")
            if isinstance(custom_id, str):
                out.append(custom_id)
    return out
