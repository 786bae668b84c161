"""One click or command, answered exactly once, in time, in the reader's language.

``answering`` runs the work behind an interaction. If it is not done within ``DEFER_AFTER``
seconds (the database busy, a lock held by another program), the interaction is acknowledged
first (Discord's limit is 3 s) and answered when the work is done, so nobody sees "This
interaction failed", and what a person is told always matches what was stored: the work's own
outcome, success or refusal, is what the answer says.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable
from typing import TYPE_CHECKING, Any, TypeVar, cast

import discord

from bot.i18n import Lang
from bot.model import Place, Refusal
from bot.render import Rendered
from bot.tables.feed import Click
from cogs.ui import edit_kwargs, send_kwargs

if TYPE_CHECKING:
    from bot.app import TrickBot
    from bot.tables import TableManager

log = logging.getLogger("trickbot.cogs")

DEFER_AFTER = 2.0  # seconds of work before an interaction is acknowledged first
T = TypeVar("T")


class Ctx:
    """An interaction, with what every handler needs and the ways to answer it."""

    def __new__(cls, interaction: discord.Interaction[Any]) -> Ctx:
        # One per interaction (kept in its ``extras``), so the error handler knows whether
        # the handler already acknowledged it.
        existing = interaction.extras.get("ctx")
        if isinstance(existing, Ctx):
            return existing
        ctx = super().__new__(cls)
        interaction.extras["ctx"] = ctx
        return ctx

    def __init__(self, interaction: discord.Interaction[Any]) -> None:
        if getattr(self, "interaction", None) is interaction:
            return
        self.interaction = interaction
        self.bot = cast("TrickBot", interaction.client)
        self.user_id = interaction.user.id
        self.deferred: str | None = None  # "update" or "new" once acknowledged early
        # The work may answer while ``answering`` acknowledges it: one at a time, in order.
        self._answering = asyncio.Lock()

    @property
    def manager(self) -> TableManager:
        return self.bot.manager

    @property
    def place(self) -> Place:
        return Place(self.interaction.guild_id or 0, self.interaction.channel_id or 0)

    @property
    def lang(self) -> Lang:
        """The reader's language (private answers)."""
        return self.bot.languages.private(
            self.interaction.guild_id, self.user_id, self.interaction.locale
        )

    @property
    def public_lang(self) -> Lang:
        return self.bot.languages.public(self.interaction.guild_id or 0)

    @property
    def can_manage(self) -> bool:
        i = self.interaction
        return bool(i.guild is not None and i.permissions.manage_guild)

    @property
    def name(self) -> str:
        user = self.interaction.user
        return getattr(user, "display_name", None) or user.name

    def click(self) -> Click:
        i = self.interaction
        msg = i.message
        return Click(
            token=i.token,
            issued=self.manager.clock.time(),
            message_id=None if msg is None else msg.id,
            ephemeral=bool(msg is not None and msg.flags.ephemeral),
            locale=str(i.locale.value) if i.locale is not None else None,
        )

    @property
    def on_ephemeral(self) -> bool:
        msg = self.interaction.message
        return msg is not None and msg.flags.ephemeral

    # ------------------------------------------------------------------ the work

    async def answering(self, work: Awaitable[T], *, defer: str) -> T:
        """``work``'s result; acknowledges the interaction first (``defer``: "update" for an
        answer that edits the clicked message, "new" for one that posts a message, "none" never)
        if the work takes long."""
        task = asyncio.ensure_future(work)
        if defer == "none":
            return await task
        done, _ = await asyncio.wait({task}, timeout=DEFER_AFTER)
        if not done:
            await self.defer(defer)
        return await task

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
                await response.defer(ephemeral=True, thinking=True)
                kind = "new"
            self.deferred = kind
        except discord.HTTPException as e:
            log.warning("could not acknowledge an interaction: %s", e)

    # ------------------------------------------------------------------ answers

    async def update(self, payload: Rendered | None) -> None:
        """Edit the clicked message (None: only acknowledge)."""
        async with self._answering:
            await self._update(payload)

    async def _update(self, payload: Rendered | None) -> None:
        response = self.interaction.response
        if self.deferred is None and not response.is_done():
            if payload is None:
                await response.defer()
            else:
                await response.edit_message(**edit_kwargs(payload))
            return
        if payload is None:
            return
        if self.deferred == "new":  # acknowledged with a "thinking" message: fill it in
            await self.interaction.edit_original_response(**edit_kwargs(payload))
            return
        await self.interaction.edit_original_response(**edit_kwargs(payload))

    async def post(self, payload: Rendered, *, ephemeral: bool) -> int | None:
        """A new message as the answer; returns its id."""
        async with self._answering:
            return await self._post(payload, ephemeral=ephemeral)

    async def _post(self, payload: Rendered, *, ephemeral: bool) -> int | None:
        response = self.interaction.response
        if self.deferred is None and not response.is_done():
            result = await response.send_message(**send_kwargs(payload), ephemeral=ephemeral)
            return result.message_id
        if self.deferred == "new":
            msg = await self.interaction.edit_original_response(**edit_kwargs(payload))
            return msg.id
        followup = await self.interaction.followup.send(
            **send_kwargs(payload), ephemeral=ephemeral, wait=True
        )
        return followup.id

    async def post_hand(self, payload: Rendered) -> int | None:
        return await self.post(payload, ephemeral=True)

    async def say(self, text: str, *, ephemeral: bool = True) -> None:
        """A sentence, whether or not the interaction was answered (or acknowledged) already."""
        async with self._answering:
            await self._say(text, ephemeral=ephemeral)

    async def _say(self, text: str, *, ephemeral: bool) -> None:
        try:
            if self.deferred == "new":
                await self.interaction.edit_original_response(content=text, embed=None, view=None)
            elif self.interaction.response.is_done():
                await self.interaction.followup.send(text, ephemeral=ephemeral)
            else:
                await self.interaction.response.send_message(text, ephemeral=ephemeral)
        except discord.HTTPException as e:
            log.warning("could not answer an interaction: %s", e)

    async def refuse(self, error: Refusal) -> None:
        await self.say(self.lang.t(error.key, **error.params))
