"""What every use case shares: the parts of the house it may use, and how it answers a hand.

A use case is one thing a person can do (open a table, play a card, see the leaderboard). It
reads the asker's facts (``Asker``), calls the commands that check and save, and answers through
the ``Answer`` it was given. Refusals go up as ``Refusal``: the cogs say them.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable
from dataclasses import dataclass

from bot.computers import ComputerPlayers
from bot.i18n import Lang
from bot.languages import Languages
from bot.model import Refusal, Table
from bot.render.base import game_title
from bot.render.threads import thread_link
from bot.storage import SlotRow, Storage, StorageError
from bot.tables.commands import Commands, HandRefusal
from bot.tables.feed import Click, Feed, Shown
from bot.tables.ports import Answer, Asker, Clock
from bot.tables.registry import Registry
from bot.tables.threads import Threads

log = logging.getLogger("trickbot.tables")


@dataclass
class Parts:
    """The house's rooms a use case may walk into (they never reach the cogs)."""

    commands: Commands
    feed: Feed
    registry: Registry
    storage: Storage
    languages: Languages
    computers: ComputerPlayers
    clock: Clock
    threads: Threads


class UseCases:
    def __init__(self, parts: Parts) -> None:
        self.parts = parts
        self.commands = parts.commands
        self.feed = parts.feed

    def lang(self, asker: Asker) -> Lang:
        """The asker's language (what only they see)."""
        return self.parts.languages.private(asker.guild_id, asker.user_id, asker.locale)

    def public(self, guild_id: int) -> Lang:
        """The server's language (what everyone sees)."""
        return self.parts.languages.public(guild_id)

    def click(self, asker: Asker) -> Click:
        return Click(
            token=asker.token,
            issued=self.parts.clock.time(),
            message_id=asker.message_id,
            ephemeral=asker.ephemeral,
            locale=asker.locale,
        )

    async def post_lobby(self, asker: Asker, answer: Answer, t: Table, shown: Shown) -> None:
        """Post a table's lobby message as the public answer, then keep it as the table's
        ``lobby`` slot (the feed edits it from then on)."""
        message_id = await answer.post(shown.payload, ephemeral=False)
        if message_id is None:
            return
        click = self.click(asker)
        self.feed.set_slot(t, "lobby", message_id, shown, click)
        if not t.settings.get("thread"):
            return
        # Kept, so that a start after a restart opens the game's thread on this message.
        row = SlotRow("lobby", "response", message_id, click.token, click.issued, str(message_id))
        try:
            await self.parts.storage.feed.set_slot(t.id, row)
        except StorageError as e:
            log.warning("table=%s lobby message not kept: %s", t.id, e)

    def saw(self, asker: Asker, table_id: int) -> None:
        """Any click by a seated person keeps their freshest token: their hand can follow
        them."""
        t = self.parts.registry.get(table_id)
        # Only a click where the game is played: a token reaches the channel it was clicked in.
        if t is not None and asker.place == (t.guild_id, t.play_channel_id):
            self.feed.saw(t, asker.user_id, self.click(asker))

    async def answer_hand(
        self, asker: Asker, answer: Answer, table_id: int, work: Awaitable[Shown]
    ) -> None:
        """Show a person their hand (or why nothing was done, on the hand) through its lane.
        Waiting for the lane counts as work: if it is long, the click is acknowledged first."""

        async def answered() -> None:
            try:
                shown = await work
            except HandRefusal as e:
                shown = e.shown
            except Refusal as e:  # nothing was done: say why on the hand, if it can be shown
                shown = await self._hand_saying(asker, table_id, e)
            t = shown.table  # the game may have just ended: the table left the registry
            if t is None:
                raise Refusal("refusal-table-closed")
            await self.feed.answer_hand(
                t,
                asker.user_id,
                shown,
                self.click(asker),
                update=answer.update,
                post=lambda payload: answer.post(payload, ephemeral=True),
            )

        await answer.working(answered(), slow="update" if asker.ephemeral else "new")

    async def _hand_saying(self, asker: Asker, table_id: int, refusal: Refusal) -> Shown:
        """The person's hand with a refusal's sentence on it (so it stays where they look);
        the refusal itself if their hand cannot be shown (no seat, the table is not here)."""
        lang = self.lang(asker)
        note = lang.t(refusal.key, **refusal.params)
        try:
            return await self.commands.hand_with_note(
                table_id, asker.place, asker.user_id, lang, note, None
            )
        except Refusal:
            raise refusal from None

    async def table_here(self, asker: Asker) -> Table:
        """The table of the asker's channel (a command typed there, or in a game's thread),
        or a Refusal that tells the truth if there is none driven here. A channel whose games
        play in threads may hold several: the asker's own, else the list of them, linked."""
        registry = self.parts.registry
        if registry.unavailable is not None:
            raise Refusal(registry.unavailable)
        here = [t for t in registry.in_channel(asker.channel_id) if t.reached_from(asker.place)]
        if len(here) == 1:
            return here[0]
        if here:
            mine = [t for t in here if asker.user_id in (t.host_id, *t.humans())]
            if len(mine) == 1:
                return mine[0]
            lang = self.lang(asker)
            raise Refusal("refusal-which-table", tables=", ".join(which(t, lang) for t in here))
        raise await registry.missing_in_channel(asker.channel_id)

    def in_its_thread(self, asker: Asker, t: Table) -> None:
        """A person's hand is shown where the game is played: typed in the channel of a game
        in a thread, they are shown the way into it (their hand then follows them there)."""
        if t.thread_id is not None and asker.channel_id != t.thread_id:
            raise Refusal("refusal-play-in-thread", thread=thread_link(t))


def which(t: Table, lang: Lang) -> str:
    """A table as a list of several names it: its thread, or its lobby's game and host."""
    if t.thread_id is not None:
        return thread_link(t)
    host = next((s.name for s in t.seats if s.user_id == t.host_id), "?")
    return lang.t("which-table-lobby", game=game_title(t.game, lang), host=host)
