"""The game: a person's hand, their move (checked by the engine, refused with its rule), the
computers' moves and timeouts (the driver), the coach's view, leaving a game and handing a seat
to a computer. Every change runs inside ``Registry.locked`` and is committed with its public
effects (``bot.tables.changes``).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from bot import render
from bot.daily import is_daily
from bot.daily import over as daily_over
from bot.i18n import Lang
from bot.log import game_event
from bot.model import FINISHED, PLAYING, Place, Refusal, Seat, Table
from bot.render.base import action_text, card_label, suit_symbol
from bot.storage import OutboxRow
from bot.tables.changes import Changes, HandRefusal
from bot.tables.feed import Shown, outbox_row, table_slot
from engine.core import Phase
from engine.errors import IllegalAction

log = logging.getLogger("trickbot.tables")

AUTOPILOT_AFTER = 2  # timeouts in a row


class Moves(Changes):
    async def show_hand(self, tid: int, place: Place, user_id: int, viewer: Lang) -> Shown:
        async with self.registry.locked(tid, place, PLAYING) as t:
            seat = self._my_seat(t, user_id)
            await self._back_from_autopilot(t, seat)
            return self.hand_shown(t, seat, viewer)

    async def _back_from_autopilot(self, t: Table, seat: int) -> None:
        s = t.seats[seat]
        if not (s.autopilot or s.timeouts):
            return
        was = s.autopilot
        s.autopilot = False
        s.timeouts = 0
        rows = []
        if was:
            t.deadline = self._deadline(t)
            rows.append(self._note(t, "note-back", name=render.escape(s.name)))
            game_event(t.id, "back", seat=seat + 1)
        await self._commit(t, rows, seats=True)

    async def play(
        self,
        tid: int,
        place: Place,
        user_id: int,
        click: tuple[int, int, int, int],
        viewer: Lang,
    ) -> Shown:
        """A card or a bid clicked on a hand (``click``: hand, version, seat, action). Returns
        the updated hand for that person; a refused click shows its reason on the hand."""
        hand_no, version, seat, action = click
        async with self.registry.locked(tid, place, PLAYING) as t:
            st = t.state
            assert st is not None
            me = self._my_seat(t, user_id)
            if seat != me:
                raise Refusal("refusal-not-your-hand")
            if hand_no != t.hand_no or version != t.version:
                await self._back_from_autopilot(t, me)
                key = "stale-hand" if hand_no != t.hand_no else "stale-move"
                note = viewer.t(key, hand=hand_no)
                raise HandRefusal(key, self.hand_shown(t, me, viewer, note), hand=hand_no)
            to_act = st.current_player
            if to_act != me:
                await self._back_from_autopilot(t, me)
                name = "" if to_act is None else render.seat_name(t, to_act, viewer)
                note = viewer.t("refusal-not-your-turn", name=name)
                raise HandRefusal(
                    "refusal-not-your-turn", self.hand_shown(t, me, viewer, note), name=name
                )
            try:
                st.check(action, me)
            except IllegalAction as e:
                note = illegal_text(e, viewer)
                raise HandRefusal(
                    "refusal-illegal", self.hand_shown(t, me, viewer, note), reason=note
                ) from None
            except Exception:
                raise Refusal("refusal-not-a-move") from None
            s = t.seats[me]
            seats = bool(s.autopilot or s.timeouts)
            s.autopilot = False
            s.timeouts = 0
            t.last_note = None
            await self._apply(t, me, action, "human", seats=seats)
            return self.hand_shown(t, me, viewer)

    async def coach_view(self, tid: int, place: Place, user_id: int) -> tuple[Table, Any, int]:
        """The coach: the table, the asker's view and the version, if it is their turn at a
        table with the coach on."""
        async with self.registry.locked(tid, place, PLAYING, mutate=False) as t:
            if not t.settings.get("coach"):
                raise Refusal("refusal-coach-off")
            seat = self._my_seat(t, user_id)
            assert t.state is not None
            if t.state.current_player != seat:
                raise Refusal("refusal-hint-not-your-turn")
            return t, t.state.view(seat), t.version

    async def hand_with_note(
        self, tid: int, place: Place, user_id: int, viewer: Lang, note: str, version: int | None
    ) -> Shown:
        """A person's hand with a note on it (a hint, or why nothing was done), if the table
        did not move on since ``version`` (None: whatever it shows now)."""
        async with self.registry.locked(tid, place, PLAYING, mutate=False) as t:
            seat = self._my_seat(t, user_id)
            if version is not None and t.version != version:
                note = viewer.t("stale-move")
            return self.hand_shown(t, seat, viewer, note)

    async def _apply(
        self,
        t: Table,
        seat: int,
        action: int,
        by: str,
        *,
        rows: Sequence[OutboxRow] = (),
        seats: bool = False,
    ) -> None:
        """Apply a checked action with the lock held and commit it with its effects."""
        st = t.state
        assert st is not None
        public = self._public(t)
        tricks = st.tricks
        tricks_before = len(tricks or [])
        results_before = len(st.results)
        st.apply(action, seat)
        t.version += 1
        t.last_actor = seat
        out = list(rows)
        daily = is_daily(t)
        for i in range(results_before, len(st.results)):
            last = tricks[-1] if tricks is not None and len(tricks) > tricks_before else None
            out.append(
                outbox_row(
                    t,
                    "close",
                    table_slot(i + 1),
                    render.finished_hand_message(t, i + 1, last, public),
                )
            )
            if not daily:  # the daily deal's cards stay hidden from the channel
                result = render.hand_result(t, i, public)
                out.append(outbox_row(t, "post", f"result:{i + 1}", result))
        outcome = st.outcome()
        if outcome is not None or daily_over(t):  # the daily deal ends after its last hand
            t.status = FINISHED
            out.append(outbox_row(t, "post", "standings", render.final_standings(t, public)))
            out += self._result_in_channel(t)
        t.deadline = None if t.status == FINISHED else self._deadline(t)
        await self._commit(t, out, seats=seats)
        game_event(
            t.id,
            "bid" if st.phase == Phase.BID or action >= 52 else "play",
            seat=seat + 1,
            action=action_text(action, public),
            by=by,
            version=t.version,
        )
        if outcome is not None:
            game_event(t.id, "over", winners=[w + 1 for w in outcome.winners])

    async def automatic_move(
        self, tid: int, seat: int, version: int, action: int, *, timed_out: bool
    ) -> None:
        """The driver: a computer's move, or the computer's move for a person whose time ran
        out. Nothing happens if the table moved on meanwhile."""
        async with self.registry.locked(tid, None, PLAYING) as t:
            if t.version != version or t.state is None or t.state.current_player != seat:
                return
            s = t.seats[seat]
            rows: list[OutboxRow] = []
            if timed_out:
                if s.automatic or t.deadline is None or t.deadline > self.clock.time():
                    return  # the timer was reset meanwhile
                if is_daily(t):  # the daily deal: time running out counts as finishing
                    await self._end_daily(t)
                    return
                s.timeouts += 1
                public = self._public(t)
                key = "note-timeout"
                if s.timeouts >= AUTOPILOT_AFTER:
                    s.autopilot = True
                    key = "note-timeout-autopilot"
                rows.append(
                    self._note(t, key, name=render.escape(s.name), move=action_text(action, public))
                )
                game_event(t.id, "timeout", seat=seat + 1, autopilot=s.autopilot)
            elif not s.automatic:
                return  # the person came back from autopilot meanwhile
            await self._apply(
                t, seat, action, "timeout" if timed_out else "computer", rows=rows, seats=timed_out
            )

    async def leave_game(self, tid: int, place: Place, user_id: int) -> str:
        """Leave a game in play: a computer takes the seat. Returns the message id to answer."""
        async with self.registry.locked(tid, place, PLAYING) as t:
            seat = self._my_seat(t, user_id)
            if len(t.humans()) == 1:
                await self._close(t, "note-everyone-left")
                return "daily-left" if is_daily(t) else "left-last"
            await self._hand_to_computer(t, seat, "note-left")
            return "left-game"

    async def replace_seat(
        self, tid: int, place: Place, user_id: int, seat: int, can_manage: bool
    ) -> str:
        """The host or a Manage Server member hands a person's seat to a computer."""
        async with self.registry.locked(tid, place, PLAYING) as t:
            if user_id != t.host_id and not can_manage:
                raise Refusal("refusal-host-only")
            if is_daily(t):  # played alone: leaving (or a cancel) ends it
                raise Refusal("daily-no-replace")
            if not 0 <= seat < len(t.seats) or t.seats[seat].is_computer:
                raise Refusal("refusal-replace-person")
            if len(t.humans()) == 1:
                await self._close(t, "note-everyone-left")
                return "left-last"
            await self._hand_to_computer(t, seat, "note-replaced", by=f"<@{user_id}>")
            return "replaced"

    async def _hand_to_computer(self, t: Table, seat: int, key: str, **args: object) -> None:
        old = t.seats[seat]
        computer = Seat(user_id=None, name=self._computer_name(t), level="normal")
        t.seats[seat] = computer
        if old.user_id == t.host_id:
            t.host_id = t.humans()[0]
        rows = [
            self._note(
                t,
                key,
                name=render.escape(old.name),
                computer=render.seat_name(t, seat, self._public(t)),
                **args,
            )
        ]
        t.deadline = self._deadline(t)
        await self._commit(t, rows, seats=True)
        game_event(t.id, "left", seat=seat + 1)


def illegal_text(e: IllegalAction, lang: Lang) -> str:
    """An engine refusal in the reader's language, with its rule (RULES.md)."""
    args: dict[str, object] = {"rule": e.rule}
    for key, value in e.details.items():
        if key in ("led", "trump", "suit"):
            args[key] = suit_symbol(value)
        elif key == "card":
            args[key] = card_label(value, lang)
        else:
            args[key] = value
    return lang.t(f"illegal-{e.code}", **args)
