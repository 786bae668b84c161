"""Use cases of a table before its game: opening it, its lobby's buttons, the rules."""

from __future__ import annotations

from collections.abc import Awaitable

from bot.model import LOBBY, Refusal, Table
from bot.render import jump_url
from bot.tables.commands import NewTable, TableHere
from bot.tables.feed import Shown, table_slot
from bot.tables.ports import Answer, Asker
from bot.tables.service.base import UseCases

LOBBY_OPS = ("join", "leave", "start", "cancel")


class LobbyUseCases(UseCases):
    async def open(self, asker: Asker, answer: Answer, new: NewTable) -> None:
        """``/smear start``, ``/salad start``: a table in this channel, or a link to the one
        that is already here (posted again if someone deleted it)."""
        thread, why_not = self.parts.threads.wanted(asker)
        work = self.commands.open_table(asker.place, asker.user_id, asker.name, new, thread=thread)
        try:
            t, shown = await answer.working(work, slow="none")
        except TableHere as here:
            await self._table_here(asker, answer, here.table)
            return
        await self.post_lobby(asker, answer, t, shown)
        self.feed.saw(t, asker.user_id, self.click(asker))
        await self.parts.threads.explain(asker, answer, why_not)

    async def _table_here(self, asker: Asker, answer: Answer, t: Table) -> None:
        name = "lobby" if t.status == LOBBY else table_slot(t.hand_no)
        message_id = await self.feed.still_there(t, name)
        if message_id is not None:
            link = jump_url(t.guild_id, t.channel_of(name), message_id)
            raise Refusal("refusal-table-here-link", link=link)
        if t.status != LOBBY:
            raise Refusal("refusal-table-here-reposted")  # the feed posts it again
        shown = await self.commands.lobby_now(t)
        await self.post_lobby(asker, answer, t, shown)

    async def learn(self, asker: Asker, answer: Answer, game: str) -> None:
        """``/smear learn``, ``/salad learn``: a first game against computers in this channel,
        started at once, the coach explaining every step on the asker's hand."""
        thread, why_not = self.parts.threads.wanted(asker, with_message=False)
        work = self.commands.open_learn(asker.place, asker.user_id, asker.name, game, thread=thread)
        try:
            t = await answer.working(work, slow="none")
        except TableHere as here:
            await self._table_here(asker, answer, here.table)
            return
        shown = await self.commands.lobby_now(t)
        await self.post_lobby(asker, answer, t, shown)
        self.saw(asker, t.id)  # in the channel of a game in its thread: no token for it
        await self.parts.threads.explain(asker, answer, why_not)

    async def rules(self, asker: Asker, answer: Answer, game: str) -> None:
        await answer.say(self.lang(asker).t(f"rules-{game}"))

    # ------------------------------------------------------------------ the lobby's buttons

    async def press(self, asker: Asker, answer: Answer, table_id: int, op: str) -> None:
        """Join, Leave, Start or Cancel on a lobby."""
        c, place, user = self.commands, asker.place, asker.user_id
        if op == "join":
            work = c.join(table_id, place, user, asker.name)
        elif op == "leave":
            work = c.leave_lobby(table_id, place, user)
        elif op == "start":
            work = c.start(table_id, place, user, asker.can_manage)
        elif op == "cancel":
            work = c.cancel(table_id, place, user, asker.can_manage)
        else:
            raise Refusal("refusal-unknown-button")
        await self._answer(asker, answer, table_id, work)
        self.saw(asker, table_id)

    async def add_computer(self, asker: Asker, answer: Answer, table_id: int) -> None:
        level = _chosen(asker)
        work = self.commands.add_computer(
            table_id, asker.place, asker.user_id, level, asker.can_manage
        )
        await self._answer(asker, answer, table_id, work)
        self.saw(asker, table_id)

    async def remove_seat(self, asker: Asker, answer: Answer, table_id: int) -> None:
        try:
            seat = int(_chosen(asker))
        except ValueError:
            raise Refusal("refusal-pick-one") from None
        work = self.commands.remove_seat(
            table_id, asker.place, asker.user_id, seat, asker.can_manage
        )
        await self._answer(asker, answer, table_id, work)

    async def _answer(
        self, asker: Asker, answer: Answer, table_id: int, work: Awaitable[Shown]
    ) -> None:
        """The lobby clicked shows the table as it now is, through its lane (never older than
        what it shows)."""
        shown = await answer.working(work, slow="update")
        t = shown.table
        if t is None or not t.live:  # closed by this click
            await answer.update(shown.payload)
            return
        await self.feed.answer_public(t, "lobby", shown, asker.message_id, update=answer.update)


def _chosen(asker: Asker) -> str:
    if not asker.selected or not asker.selected[0]:
        raise Refusal("refusal-pick-one")
    return asker.selected[0]
