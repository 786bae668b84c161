"""Use cases that cannot be undone at a table: leaving it, cancelling it, handing someone's
seat to a computer. Each asks first, with a button only the asker sees; the button does it."""

from __future__ import annotations

from bot import ids
from bot.model import LOBBY, PLAYING, Refusal, Table
from bot.render import Rendered
from bot.render.asking import confirmation
from bot.tables.ports import Answer, Asker
from bot.tables.service.base import UseCases


class LeavingUseCases(UseCases):
    async def ask_leave(self, asker: Asker, answer: Answer) -> None:
        """``/table leave``: a lobby is left at once; a game asks first."""
        t = await answer.working(self.table_here(asker), slow="new")
        lang = self.lang(asker)
        if t.status == LOBBY:
            work = self.commands.leave_lobby(t.id, asker.place, asker.user_id)
            await answer.working(work, slow="new")
            await answer.say(lang.t("left-lobby"))
            return
        if t.seat_of(asker.user_id) is None:
            raise Refusal("refusal-not-seated")
        ask = "confirm-leave-last" if len(t.humans()) == 1 else "confirm-leave"
        payload = confirmation(lang, ask, "confirm-leave-button", ids.confirm("leave", t.id))
        await answer.post(payload, ephemeral=True)

    async def ask_cancel(self, asker: Asker, answer: Answer) -> None:
        """``/table cancel`` (the host or Manage Server): a lobby at once; a game asks first."""
        t = await self._hosted(asker, answer)
        lang = self.lang(asker)
        if t.status != PLAYING:
            work = self.commands.cancel(t.id, asker.place, asker.user_id, asker.can_manage)
            await answer.working(work, slow="new")
            await answer.say(lang.t("cancelled-done"))
            return
        payload = confirmation(
            lang, "confirm-cancel", "confirm-cancel-button", ids.confirm("cancel", t.id)
        )
        await answer.post(payload, ephemeral=True)

    async def ask_replace(self, asker: Asker, answer: Answer, user_id: int) -> None:
        """``/table replace``: hand a person's seat to a computer (asks first)."""
        t = await self._hosted(asker, answer)
        if t.status != PLAYING:
            raise Refusal("refusal-not-started")
        seat = t.seat_of(user_id)
        if seat is None:
            raise Refusal("refusal-replace-person")
        payload = confirmation(
            self.lang(asker),
            "confirm-replace",
            "confirm-replace-button",
            ids.confirm("replace", t.id, seat),
            name=t.seats[seat].name,
        )
        await answer.post(payload, ephemeral=True)

    async def _hosted(self, asker: Asker, answer: Answer) -> Table:
        t = await answer.working(self.table_here(asker), slow="new")
        if asker.user_id != t.host_id and not asker.can_manage:
            raise Refusal("refusal-host-only")
        return t

    async def confirm(
        self, asker: Asker, answer: Answer, op: str, table_id: int, seat: int
    ) -> None:
        """The asker confirmed: done, and said on the question (its button goes)."""
        c, place, user = self.commands, asker.place, asker.user_id
        if op == "leave":
            key = await answer.working(c.leave_game(table_id, place, user), slow="update")
        elif op == "cancel":
            await answer.working(c.cancel(table_id, place, user, asker.can_manage), slow="update")
            key = "cancelled-done"
        elif op == "replace":
            work = c.replace_seat(table_id, place, user, seat, asker.can_manage)
            key = await answer.working(work, slow="update")
        else:
            raise Refusal("refusal-unknown-button")
        await answer.update(Rendered(content=self.lang(asker).t(key)))
