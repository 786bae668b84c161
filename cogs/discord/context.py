"""One click or command, answered exactly once, in time, in the reader's language.

``Ctx.of(interaction)`` reads the interaction into an ``Asker`` (plain facts for the use cases)
and is the ``Answer`` the use case answers through. ``working`` runs a piece of work and, if it
is not done within ``DEFER_AFTER`` seconds (the database busy, a lock held by another program),
acknowledges the interaction first (Discord's limit is 3 s), so nobody sees "This interaction
failed". The seconds count from when Discord created the interaction (its snowflake), not from
when this process got to it: a process that is behind (a burst of clicks, a slow machine) has
less time left, and a click that is already old is acknowledged before anything is done
(``still_alive``): if Discord no longer knows it (the person already saw "This interaction
failed"), nothing is done. What a person is told always matches what was stored: the work's own
outcome, success or refusal, is what the answer says.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol, TypeVar, cast

import discord

from bot.clock import wall_time
from bot.i18n import Lang
from bot.model import Refusal
from bot.render import Rendered
from bot.tables import Asker, Tables
from bot.tables.ports import Drawing, drawn
from cogs.discord.rest import UNKNOWN_MESSAGE, refuses_token
from cogs.discord.ui import edit_kwargs, send_kwargs

log = logging.getLogger("trickbot.cogs")

DEFER_AFTER = 2.0  # seconds of work before an interaction is acknowledged first
T = TypeVar("T")


class WithTables(Protocol):
    """The bot, as the cogs know it: the door to its tables (``bot.app.TrickBot``)."""

    tables: Tables


class Ctx:
    """An interaction: who asked (``asker``) and the ways to answer it (``bot.tables.Answer``).
    One per interaction (``Ctx.of``), so the error handler knows what was answered already."""

    def __init__(self, interaction: discord.Interaction[Any]) -> None:
        self.interaction = interaction
        self.bot = cast(WithTables, interaction.client)
        self.deferred: str | None = None  # "update" or "new" once acknowledged early
        # The work may answer while ``working`` acknowledges it: one at a time, in order.
        self._answering = asyncio.Lock()
        self.asker = _asker(interaction)

    @classmethod
    def of(cls, interaction: discord.Interaction[Any]) -> Ctx:
        """The interaction's Ctx (made once, kept in its ``extras``)."""
        existing = interaction.extras.get("ctx")
        if isinstance(existing, Ctx):
            return existing
        ctx = interaction.extras["ctx"] = cls(interaction)
        return ctx

    @property
    def tables(self) -> Tables:
        return self.bot.tables

    @property
    def lang(self) -> Lang:
        """The reader's language (private answers)."""
        return self.tables.lang(self.asker)

    async def refuse(self, error: Refusal) -> None:
        await self.say(self.lang.t(error.key, **error.params))

    # ------------------------------------------------------------------ the work

    async def working(self, work: Awaitable[T], *, slow: str) -> T:
        task = asyncio.ensure_future(work)
        if slow == "none":
            return await task
        done, _ = await asyncio.wait({task}, timeout=self.time_left())
        if not done:
            await self.defer(slow)
        return await task

    def time_left(self) -> float:
        """Seconds of work before acknowledging: ``DEFER_AFTER`` less the interaction's age.
        (A clock ahead of Discord's makes every click look old: it is then acknowledged at once,
        one exempt request more, never a late answer.)"""
        age = wall_time() - self.interaction.created_at.timestamp()
        return min(DEFER_AFTER, max(0.0, DEFER_AFTER - age))

    async def still_alive(self) -> bool:
        """False if this click expired before this process got to it (nothing may be done: its
        person was told it failed). A click with no time left is acknowledged first, as an
        update of the clicked message (whatever the answer then is, it can follow that), and
        Discord's answer to that says whether it is still alive."""
        if self.time_left() > 0.0:
            return True
        await self.defer("update")
        return self.deferred is not None

    async def defer(self, kind: str) -> None:
        async with self._answering:
            await self._defer(kind)

    async def _defer(self, kind: str) -> None:
        response = self.interaction.response
        if response.is_done():
            return
        try:
            if kind == "update" and self.interaction.message is not None:
                await response.defer()
            else:
                made = await response.defer(ephemeral=True, thinking=True)
                self._noted(None if made is None else made.message_id, ephemeral=True)
                kind = "new"
            self.deferred = kind
        except discord.HTTPException as e:
            log.warning("could not acknowledge an interaction: %s", e)

    # ------------------------------------------------------------------ answers

    async def update(self, payload: Rendered | Drawing | None) -> int | None:
        async with self._answering:
            return await self._update(payload)

    async def _update(self, payload: Rendered | Drawing | None) -> int | None:
        # A Drawing is drawn right before its request: nothing is awaited in between.
        response = self.interaction.response
        try:
            if self.deferred is None and not response.is_done():
                if payload is None:
                    await response.defer()
                else:
                    await response.edit_message(**edit_kwargs(await drawn(payload)))
                return None
            if payload is not None and not self.token_refused:  # acknowledged: fill it in
                async with self._token_request():
                    kwargs = edit_kwargs(await drawn(payload))
                    await self.interaction.edit_original_response(**kwargs)
            return None
        except discord.NotFound as e:
            if self._refused(e):
                return None  # the feed brings the hand through another of the person's tokens
            if e.code != UNKNOWN_MESSAGE or payload is None:
                raise
        # The message clicked was deleted a moment ago (an older copy of a hand the bot had
        # just removed): the answer comes anew, only for the asker, through the same click.
        return await self._post(payload, ephemeral=True)

    async def post(self, payload: Rendered | Drawing, *, ephemeral: bool) -> int | None:
        async with self._answering:
            return await self._post(payload, ephemeral=ephemeral)

    async def _post(self, payload: Rendered | Drawing, *, ephemeral: bool) -> int | None:
        response = self.interaction.response
        if self.deferred is None and not response.is_done():
            kwargs = send_kwargs(await drawn(payload))
            result = await response.send_message(**kwargs, ephemeral=ephemeral)
            message_id = result.message_id
        elif self.token_refused:
            return None
        else:
            try:
                async with self._token_request():
                    if self.deferred == "new":
                        kwargs = edit_kwargs(await drawn(payload))
                        msg = await self.interaction.edit_original_response(**kwargs)
                        message_id = msg.id
                    else:
                        self._followup()
                        kwargs = send_kwargs(await drawn(payload))
                        followup = await self.interaction.followup.send(
                            **kwargs, ephemeral=ephemeral, wait=True
                        )
                        message_id = followup.id
            except discord.HTTPException as e:
                if self._refused(e):
                    return None
                raise
        self._noted(message_id, ephemeral=ephemeral)
        return message_id

    def _token_request(self) -> AbstractAsyncContextManager[None]:
        """A webhook request through this click's token (anything after its first answer),
        sent in the ``with`` block: after room in the token's window, which the feed's requests
        through the same token share, and counted in it until its answer is back."""
        return self.tables.token_request(self.interaction.token)

    @property
    def token_refused(self) -> bool:
        """Discord refused this click's token for good (here, or to the tables' feed): nothing
        more goes through it, as Discord restricts callers that keep asking."""
        return self.tables.token_retired(self.interaction.token)

    def _refused(self, e: discord.HTTPException) -> bool:
        """Whether the answer says Discord refused this click's token for good: then it is
        never used again, here or by the feed (which reaches the person through their other
        tokens)."""
        if refuses_token(e.status, e.code):
            self.tables.retire_token(self.interaction.token)
            return True
        return False

    def _noted(self, message_id: int | None, *, ephemeral: bool) -> None:
        """A message the answer made now sits at the bottom of the channel for the asker (or
        everyone): the tables know a hand above it is no longer the newest they see."""
        if message_id is not None:
            self.tables.answered(
                self.asker.channel_id,
                message_id,
                private_to=self.asker.user_id if ephemeral else None,
            )

    def _followup(self) -> None:
        """A followup is a webhook message create: it counts toward the channel's hidden limit
        (see bot/tables/feed/creates.py), like the feed's own."""
        self.tables.followup_sent(self.asker.channel_id)

    async def say(self, text: str, *, ephemeral: bool = True) -> None:
        async with self._answering:
            await self._say(text, ephemeral=ephemeral)

    async def _say(self, text: str, *, ephemeral: bool) -> None:
        if self.token_refused and self.interaction.response.is_done():
            return  # nothing can reach them through this click any more
        try:
            if self.deferred == "new":
                async with self._token_request():
                    await self.interaction.edit_original_response(
                        content=text, embed=None, view=None
                    )
            elif self.interaction.response.is_done():
                self._followup()
                async with self._token_request():
                    sent = await self.interaction.followup.send(
                        text, ephemeral=ephemeral, wait=True
                    )
                self._noted(sent.id, ephemeral=ephemeral)
            else:
                made = await self.interaction.response.send_message(text, ephemeral=ephemeral)
                self._noted(made.message_id, ephemeral=ephemeral)
        except discord.HTTPException as e:
            self._refused(e)
            log.warning("could not answer an interaction: %s", e)


def _asker(i: discord.Interaction[Any]) -> Asker:
    msg = i.message
    guild = i.guild
    data: dict[str, Any] = dict(i.data or {})
    values = data.get("values") or ()
    user = i.user
    return Asker(
        guild_id=i.guild_id or 0,
        channel_id=i.channel_id or 0,
        user_id=user.id,
        name=getattr(user, "display_name", None) or user.name,
        locale=str(i.locale.value) if i.locale is not None else None,
        can_manage=bool(guild is not None and i.permissions.manage_guild),
        owns_guild=bool(guild is not None and guild.owner_id == user.id),
        token=i.token,
        message_id=None if msg is None else msg.id,
        ephemeral=bool(msg is not None and msg.flags.ephemeral),
        selected=tuple(str(v) for v in values if isinstance(v, str)),
        in_thread=isinstance(i.channel, discord.Thread),
        may_open_threads=_may_open_threads(i),
        announcement=isinstance(i.channel, discord.TextChannel) and i.channel.is_news(),
    )


def _may_open_threads(i: discord.Interaction[Any]) -> bool:
    """The bot may open a public thread where it was asked, and write in it: Discord sends its
    permissions there with every interaction (no cache needed). Only a text channel has such
    threads (a forum's posts are threads already, and nothing opens a thread in a thread)."""
    if not isinstance(i.channel, discord.TextChannel):
        return False
    can = i.app_permissions
    return can.create_public_threads and can.send_messages_in_threads
