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
from bot.tables.ports import (
    Drawing,
    Limited,
    MessageGone,
    MessageRefused,
    TokenRefused,
    Unavailable,
    asked_again_after_429,
    drawn,
)
from cogs.discord.rest import (
    CHANNEL_MESSAGE,
    DEFERRED_CHANNEL_MESSAGE,
    DEFERRED_UPDATE,
    UPDATE_MESSAGE,
    Rest,
)

log = logging.getLogger("trickbot.cogs")

DEFER_AFTER = 2.0  # seconds of work before an interaction is acknowledged first
DEFER_MARGIN = 0.5  # of Discord's 3 s: time_left() counts to 2 s, the answer may take 2.5
FOLLOWUP_PATIENCE = 2.0  # seconds a later answer waits out a 429 (a token's window is 2 s)
ORIGINAL = "@original"  # the message an interaction's first answer made or updated
# What an answer may meet besides a refused token or a gone message: logged, never retried
# (a click's answer is due within Discord's 3 s, so it never waits out a 429).
ANSWER_FAILURES = (Limited, Unavailable, MessageRefused)
T = TypeVar("T")


class WithRest(Protocol):
    rest: Rest


class WithTables(Protocol):
    """The bot, as the cogs know it: the door to its tables (``bot.app.TrickBot``) and its
    way out to Discord."""

    tables: Tables
    discord_io: WithRest


class Ctx:
    """An interaction: who asked (``asker``) and the ways to answer it (``bot.tables.Answer``).
    One per interaction (``Ctx.of``), so the error handler knows what was answered already."""

    def __init__(self, interaction: discord.Interaction[Any]) -> None:
        self.interaction = interaction
        self.bot = cast(WithTables, interaction.client)
        self.deferred: str | None = None  # "update" or "new" once acknowledged early
        self.answered = False  # its one callback (the first answer) went out
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
        if self.answered:
            return
        try:
            if kind == "update" and self.interaction.message is not None:
                await self._first(DEFERRED_UPDATE)
            else:
                made = await self._first(DEFERRED_CHANNEL_MESSAGE, ephemeral=True)
                self._noted(made, ephemeral=True)
                kind = "new"
            self.deferred = kind
        except TokenRefused as e:  # it expired before this process got to it
            log.warning("could not acknowledge an interaction: %s", e)
        except ANSWER_FAILURES as e:
            log.warning("could not acknowledge an interaction: %s", e)

    async def _first(
        self, kind: int, payload: Rendered | Drawing | None = None, *, ephemeral: bool = False
    ) -> int | None:
        """The interaction's one callback (its first answer); the id of a message it made."""
        i = self.interaction

        async def send() -> int | None:
            r = None if payload is None else await drawn(payload)  # drawn as it is sent
            return await self._rest.callback(i.id, i.token, kind, r, ephemeral=ephemeral)

        def in_time(retry_after: float) -> bool:  # the answer still within Discord's 3 s
            return retry_after <= self.time_left() + DEFER_MARGIN

        try:
            made = await asked_again_after_429(send, in_time, asyncio.sleep)
        except TokenRefused:
            self.tables.retire_token(i.token)
            raise
        self.answered = True
        return made

    # ------------------------------------------------------------------ answers
    # Sent through ``cogs.discord.rest`` like the feed's own requests: its answers are sorted
    # into the feed's outcomes (a 429 is never slept out inside discord.py), and no discord.py
    # View or Message is built for them (they were most of the garbage a click left).

    async def update(self, payload: Rendered | Drawing | None) -> int | None:
        async with self._answering:
            return await self._update(payload)

    async def _update(self, payload: Rendered | Drawing | None) -> int | None:
        # A Drawing is drawn right before its request: nothing is awaited in between.
        try:
            if self.deferred is None and not self.answered:
                if payload is None:
                    await self._first(DEFERRED_UPDATE)
                else:
                    await self._first(UPDATE_MESSAGE, payload)
                return None
            if payload is not None and not self.token_refused:  # acknowledged: fill it in
                await self._later(payload, original=True)
            return None
        except TokenRefused:
            self.tables.retire_token(self._token)
            return None  # the feed brings the hand through another of the person's tokens
        except MessageGone:
            if payload is None:
                raise
        # The message clicked was deleted a moment ago (an older copy of a hand the bot had
        # just removed): the answer comes anew, only for the asker, through the same click.
        return await self._post(payload, ephemeral=True)

    async def post(self, payload: Rendered | Drawing, *, ephemeral: bool) -> int | None:
        async with self._answering:
            return await self._post(payload, ephemeral=ephemeral)

    async def _post(self, payload: Rendered | Drawing, *, ephemeral: bool) -> int | None:
        if self.deferred is None and not self.answered:
            message_id = await self._first(CHANNEL_MESSAGE, payload, ephemeral=ephemeral)
        elif self.token_refused:
            return None
        else:
            try:
                message_id = await self._later(
                    payload, original=self.deferred == "new", ephemeral=ephemeral
                )
            except TokenRefused:
                self.tables.retire_token(self._token)
                return None
        self._noted(message_id, ephemeral=ephemeral)
        return message_id

    async def _later(
        self, payload: Rendered | Drawing, *, original: bool, ephemeral: bool = True
    ) -> int | None:
        """An answer after the first, through this click's token: its original message filled
        in or edited (``original``), else a followup. In the token's window the feed shares,
        drawn as it is sent, and asked again after a short 429 (``FOLLOWUP_PATIENCE``)."""
        if not original:
            self._followup()

        async def send() -> int | None:
            async with self._token_request():
                r = await drawn(payload)
                if original:
                    return await self._rest.token_edit(self._token, ORIGINAL, r)
                return await self._rest.token_post(self._token, r, ephemeral=ephemeral)

        return await asked_again_after_429(
            send, lambda retry_after: retry_after <= FOLLOWUP_PATIENCE, asyncio.sleep
        )

    @property
    def _token(self) -> str:
        return self.interaction.token

    @property
    def _rest(self) -> Rest:
        return self.bot.discord_io.rest

    def _token_request(self) -> AbstractAsyncContextManager[None]:
        """A webhook request through this click's token (anything after its first answer),
        sent in the ``with`` block: after room in the token's window, which the feed's requests
        through the same token share, and counted in it until its answer is back."""
        return self.tables.token_request(self._token)

    @property
    def token_refused(self) -> bool:
        """Discord refused this click's token for good (here, or to the tables' feed): nothing
        more goes through it, as Discord restricts callers that keep asking."""
        return self.tables.token_retired(self._token)

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
        (see bot/tables/feed/limits.py), like the feed's own."""
        self.tables.followup_sent(self.asker.channel_id)

    async def say(self, text: str, *, ephemeral: bool = True) -> None:
        async with self._answering:
            await self._say(text, ephemeral=ephemeral)

    async def _say(self, text: str, *, ephemeral: bool) -> None:
        if self.token_refused and self.answered:
            return  # nothing can reach them through this click any more
        try:
            await self._post(Rendered(content=text), ephemeral=ephemeral)
        except (TokenRefused, MessageGone, *ANSWER_FAILURES) as e:
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
