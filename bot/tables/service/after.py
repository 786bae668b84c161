"""Use cases after a game: a rematch, the game's record, the coach's review of a player."""

from __future__ import annotations

import asyncio

from bot import render
from bot.daily import day_of
from bot.log import game_event
from bot.model import FINISHED, PLAYING, Refusal
from bot.render.coach import game_review_text
from bot.render.review import table_review_message
from bot.tables.ports import Answer, Asker
from bot.tables.service.base import UseCases
from bot.tables.service.daily import record_hidden
from engine.errors import RecordError
from engine.record import to_record


class AfterGameUseCases(UseCases):
    async def rematch(self, asker: Asker, answer: Answer, table_id: int) -> None:
        """A new table in the channel with the same options, everyone invited back. Asked
        from the result line in the channel (the finished game's thread is archived), its game
        gets a thread of its own as any new game; asked in the thread, it plays there."""
        thread, why_not = self.parts.threads.wanted(asker)
        work = self.commands.rematch(
            table_id, asker.place, asker.user_id, asker.name, thread=thread
        )
        try:
            t, shown = await answer.working(work, slow="none")
        except Refusal as e:
            if e.key == "refusal-table-here":
                raise Refusal("refusal-rematch-open") from None
            raise
        await self.post_lobby(asker, answer, t, shown)
        await self.parts.threads.explain(asker, answer, why_not)
        game_event(t.id, "rematch", of=table_id)

    async def export(self, asker: Asker, answer: Answer, table_id: int) -> None:
        """The record of a finished or cancelled game, as a JSON file (only the asker sees)."""
        found = await answer.working(self.parts.storage.tables.record_of(table_id), slow="new")
        if found is None:
            raise Refusal("refusal-no-record")
        status, places, record = found
        if asker.place not in places:
            raise Refusal("refusal-wrong-channel")
        if status not in (FINISHED, "cancelled"):
            raise Refusal("refusal-export-live")
        if record is None:
            raise Refusal("refusal-no-record")
        today = day_of(self.parts.clock.time())
        if await record_hidden(self.parts.storage, table_id, asker.user_id, today):
            raise Refusal("daily-export-later")
        name, blob = render.record_file(table_id, record)
        payload = render.Rendered(
            content=self.lang(asker).t("export-ready", table=str(table_id)), file=(name, blob)
        )
        await answer.post(payload, ephemeral=True)

    async def export_here(self, asker: Asker, answer: Answer) -> None:
        """``/table export``: the record of this channel's last game."""
        live = self.parts.registry.in_channel(asker.channel_id)
        if live and all(t.status == PLAYING for t in live):
            raise Refusal("refusal-export-live")
        found = await answer.working(
            self.parts.storage.tables.last_record_in_channel(asker.channel_id), slow="new"
        )
        if found is None:
            raise Refusal("refusal-no-game-here")
        await self.export(asker, answer, found[0])

    async def review_hand(self, asker: Asker, answer: Answer, table_id: int, hand: int) -> None:
        """Any finished hand of a table's game, reviewed: every seat's cards as dealt, the
        bidding, each trick and who won it and why, where each point came from (a picture and
        its text). For anyone in the channel, players or not; only the asker sees it."""
        await answer.defer("new")  # the picture takes a moment
        loaded = await self.parts.storage.tables.load_table(table_id)
        if (
            loaded is None
            or not loaded.table.reached_from(asker.place)
            or loaded.table.state is None
        ):
            raise Refusal("refusal-wrong-channel")
        today = day_of(self.parts.clock.time())
        if await record_hidden(self.parts.storage, table_id, asker.user_id, today):
            raise Refusal("daily-export-later")  # a daily deal's cards stay hidden that day
        lang = self.lang(asker)
        try:
            payload = await asyncio.to_thread(table_review_message, loaded.table, hand, lang)
        except RecordError:
            raise Refusal("hand-review-unfinished") from None
        await answer.post(payload, ephemeral=True)

    async def review_chosen_hand(self, asker: Asker, answer: Answer, table_id: int) -> None:
        """A hand chosen in the final standings' menu."""
        try:
            hand = int(asker.selected[0]) if asker.selected else 0
        except ValueError:
            hand = 0
        if hand < 1:
            raise Refusal("refusal-pick-one")
        await self.review_hand(asker, answer, table_id, hand)

    async def review_game(self, asker: Asker, answer: Answer, table_id: int) -> None:
        """After a game: the asker's three costliest decisions, worked out in the pool."""
        loaded = await answer.working(self.parts.storage.tables.load_table(table_id), slow="new")
        if loaded is None or not loaded.table.reached_from(asker.place):
            raise Refusal("refusal-wrong-channel")
        t = loaded.table
        seat = t.seat_of(asker.user_id)
        if seat is None or t.state is None:
            raise Refusal("review-not-player")
        if t.state.outcome() is None:
            raise Refusal("refusal-rematch-not-over")
        await answer.defer("new")  # the review takes seconds
        mistakes = await self.parts.computers.review(to_record(t.state), seat)
        text = game_review_text(mistakes, self.lang(asker))
        await answer.post(render.Rendered(content=text), ephemeral=True)
