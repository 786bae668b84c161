"""Use cases of a game in play: a person's hand, their move, the coach's hint."""

from __future__ import annotations

import random

from bot.render.coach import hint_text
from bot.tables.feed import Shown
from bot.tables.ports import Answer, Asker
from bot.tables.service.base import UseCases

Move = tuple[int, int, int, int]  # (hand, version, seat, action) as the button says


class PlayUseCases(UseCases):
    async def show_hand(self, asker: Asker, answer: Answer, table_id: int) -> None:
        """Show my hand, Refresh: the person's hand, posted anew (or refreshed in place)."""
        work = self.commands.show_hand(table_id, asker.place, asker.user_id, self.lang(asker))
        await self.answer_hand(asker, answer, table_id, work)

    async def show_hand_here(self, asker: Asker, answer: Answer) -> None:
        """``/hand``: the asker's hand at this channel's table."""
        t = await answer.working(self.table_here(asker), slow="new")
        self.in_its_thread(asker, t)
        await self.show_hand(asker, answer, t.id)

    async def play(self, asker: Asker, answer: Answer, table_id: int, move: Move) -> None:
        """A card or a bid clicked on a hand: played, or refused with the reason on the hand."""
        work = self.commands.play(table_id, asker.place, asker.user_id, move, self.lang(asker))
        await self.answer_hand(asker, answer, table_id, work)

    async def hint(self, asker: Asker, answer: Answer, table_id: int) -> None:
        """The coach's advice for the asker's turn, shown on their hand (a table option)."""
        c, lang = self.commands, self.lang(asker)

        async def advised() -> Shown:
            t, view, version = await c.coach_view(table_id, asker.place, asker.user_id)
            seed = random.Random(f"{t.seed}:{version}:hint").getrandbits(64)
            h = await self.parts.computers.hint(t.game, view, seed)
            return await c.hand_with_note(
                table_id, asker.place, asker.user_id, lang, hint_text(h, lang), version
            )

        await self.answer_hand(asker, answer, table_id, advised())
