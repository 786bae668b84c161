"""The ground every change to a table stands on: it is committed with its public effects.

``Changes`` saves a table together with the public effects of the change (outbox rows, rendered
in the server's language) in one transaction, before anyone is told; then the feed sends those
effects and the driver looks at what is next. ``bot.tables.seating`` (the lobby) and
``bot.tables.moves`` (the game) build on it; ``bot.tables.commands`` puts them together.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bot import render
from bot.daily import is_daily
from bot.i18n import Lang
from bot.languages import Languages
from bot.log import game_event
from bot.model import CANCELLED, FINISHED, LOBBY, PARENT_SLOT, PLAYING, Refusal, Table
from bot.render import threads as render_threads
from bot.storage import OutboxRow, Storage
from bot.tables.feed import Feed, Shown, outbox_row, table_slot
from bot.tables.ports import Clock
from bot.tables.registry import Registry
from bot.tables.threads import Threads

log = logging.getLogger("trickbot.tables")

COMPUTER_NAMES = (
    "Ada",
    "Babbage",
    "Curie",
    "Dijkstra",
    "Euler",
    "Fermat",
    "Gauss",
    "Hopper",
    "Kepler",
    "Lovelace",
    "Noether",
    "Turing",
)


class HandRefusal(Refusal):
    """A refused click on a hand: the sentence is shown on the hand itself, refreshed."""

    def __init__(self, key: str, shown: Shown, **args: object) -> None:
        super().__init__(key, **args)
        self.shown = shown


class TableHere(Refusal):
    """There is already a table in this channel (the cog links to it, or posts it again)."""

    def __init__(self, t: Table) -> None:
        super().__init__("refusal-table-here")
        self.table = t


@dataclass(frozen=True)
class NewTable:
    game: str
    seats: int
    options: dict[str, object]
    turn_timer: int | None = None
    coach: bool = False


class Changes:
    def __init__(
        self,
        registry: Registry,
        storage: Storage,
        feed: Feed,
        languages: Languages,
        wake_driver: Callable[[Table], None],
        threads: Threads,
        *,
        clock: Clock,
        default_turn_timer: int = 120,
        time_scale: float = 1.0,
    ) -> None:
        self.registry = registry
        self.storage = storage
        self.feed = feed
        self.languages = languages
        self.wake_driver = wake_driver
        self.threads = threads
        self.clock = clock
        self.default_turn_timer = default_turn_timer
        self.time_scale = time_scale  # tests make waiting times short

    async def _commit(
        self, t: Table, rows: Sequence[OutboxRow] = (), *, seats: bool = False
    ) -> None:
        """Save the table and the effects of the change, then let the feed and the driver go."""
        t.idle_since = self.clock.time()
        await self.storage.tables.save(t, rows, seats=seats)
        t.revision += 1
        self.registry.committed(t)
        self.feed.queue(t, list(rows))
        self.wake_driver(t)
        if not t.live:
            self.registry.remove(t)

    def _public(self, t: Table) -> Lang:
        return self.languages.public(t.guild_id)

    def _note(self, t: Table, key: str, **args: object) -> OutboxRow:
        """A public note (a timeout, someone leaving): posted, and shown on the table message."""
        t.last_note, t.last_note_args = key, dict(args)
        return outbox_row(
            t, "post", f"note:{t.next_seq}", render.note_message(self._public(t).t(key, **args))
        )

    async def lobby_now(self, t: Table) -> Shown:
        """The lobby as it is now (to post it again)."""
        async with t.lock:
            return self._lobby_shown(t)

    def _lobby_shown(self, t: Table) -> Shown:
        return Shown(render.lobby_message(t, self._public(t)), t.revision, table=t)

    def hand_shown(self, t: Table, seat: int, viewer: Lang, note: str | None = None) -> Shown:
        st = t.state
        assert st is not None
        turn = (t.hand_no, t.version) if st.current_player == seat else None

        def redraw() -> Shown:  # as the hand is then (the game may have closed meanwhile)
            return shown if t.state is None else self.hand_shown(t, seat, viewer, note)

        shown = Shown(
            render.hand_message(t, seat, viewer, note),
            t.revision,
            turn,
            t.hand_no,
            table=t,
            redraw=redraw,
        )
        return shown

    def _deadline(self, t: Table) -> float | None:
        st = t.state
        if st is None or not t.turn_timer or st.current_player is None:
            return None
        if t.seats[st.current_player].automatic:
            return None
        return self.clock.time() + t.turn_timer * self.time_scale

    def _my_seat(self, t: Table, user_id: int) -> int:
        seat = t.seat_of(user_id)
        if seat is None:
            raise Refusal("refusal-not-seated")
        return seat

    async def _close(self, t: Table, key: str, **args: object) -> None:
        """The table ends without a result (cancelled, everyone left, idle lobby): one public
        note says why, and its messages lose their buttons."""
        if t.status == PLAYING and is_daily(t):
            await self._end_daily(t)  # leaving the daily deal counts as finishing it
            return
        public = self._public(t)
        was = t.status
        t.status = CANCELLED
        t.last_note = None
        rows = []
        if was == LOBBY:
            rows.append(outbox_row(t, "close", "lobby", render.lobby_message(t, public)))
        else:
            closed = render.closed_table_message(t, public, "table-closed-unrated")
            rows.append(outbox_row(t, "close", table_slot(t.hand_no), closed))
        rows.append(
            outbox_row(t, "post", f"note:{t.next_seq}", render.note_message(public.t(key, **args)))
        )
        await self._cancelled(t, rows, key)

    async def thread_ended(self, table_id: int, why: str) -> None:
        """A moderator deleted or locked the game's thread (``why``): the table ends like a
        cancel (the finished hands are kept, nobody is rated), with a line in the channel.
        Nothing more is asked of the thread: its messages are gone, or only a moderator may
        change them."""
        async with self.registry.locked(table_id, None, PLAYING) as t:
            if t.thread_id is None:
                return
            t.last_note = None
            t.deadline = None
            t.settings["thread_ended"] = why
            line = render_threads.ended_line(t, self._public(t), why)
            rows = [outbox_row(t, "post", f"{PARENT_SLOT}ended", line)]
            if is_daily(t):  # its try ends as it stood, as when its player leaves it
                t.status = FINISHED
                await self._commit(t, rows)
                game_event(t.id, "over", daily=f"thread-{why}")
                return
            t.status = CANCELLED
            await self._cancelled(t, rows, f"thread-{why}")

    async def thread_blocked(self, table_id: int, why: str) -> None:
        """The bot may not reopen the game's thread (``why``: Send Messages in Threads is
        missing, or the server is at Discord's thread cap): not a moderator's decision, so
        the game is kept, rated as ever. One line in the channel says why and what to do
        (once until the thread is open again), and the table shows it."""
        async with self.registry.locked(table_id, None, PLAYING) as t:
            if t.thread_id is None or t.settings.get("thread_blocked"):
                return
            t.settings["thread_blocked"] = True
            line = render_threads.blocked_line(t, self._public(t), why)
            rows = [outbox_row(t, "post", f"{PARENT_SLOT}blocked:{t.next_seq}", line)]
            t.last_note, t.last_note_args = f"thread-blocked-{why}-note", {}
            await self._commit(t, rows)
            game_event(t.id, "thread-blocked")

    async def thread_cannot_write(self, table_id: int) -> None:
        """The bot's own posts in the game's thread are refused (Send Messages in Threads is
        missing): the game goes on through its people's clicks, and one line in the channel
        says what to grant, once per table."""
        async with self.registry.locked(table_id, None, PLAYING) as t:
            if t.thread_id is None or t.settings.get("thread_cannot_write"):
                return
            t.settings["thread_cannot_write"] = True
            line = render_threads.cannot_write_line(t, self._public(t))
            rows = [outbox_row(t, "post", f"{PARENT_SLOT}cannot-write", line)]
            await self._commit(t, rows)
            game_event(t.id, "thread-cannot-write")

    async def thread_can_write(self, table_id: int) -> None:
        """Send Messages in Threads is granted again: the table message stops asking for it."""
        async with self.registry.locked(table_id, None, PLAYING) as t:
            if not t.settings.pop("thread_cannot_write", False):
                return
            await self._commit(t)
            game_event(t.id, "thread-can-write")

    async def thread_unblocked(self, table_id: int) -> None:
        """The thread is open again: the game goes on there."""
        async with self.registry.locked(table_id, None, PLAYING) as t:
            if not t.settings.pop("thread_blocked", False):
                return
            t.last_note = None
            await self._commit(t)
            game_event(t.id, "thread-unblocked")

    async def _cancelled(self, t: Table, rows: list[OutboxRow], why: str) -> None:
        await self.storage.tables.cancel(t, rows)
        t.revision += 1
        self.registry.committed(t)
        self.feed.queue(t, rows)
        self.wake_driver(t)
        self.registry.remove(t)
        game_event(t.id, "closed", why=why)

    async def _end_daily(self, t: Table) -> None:
        """A daily deal stopped before its end (its player left, cancelled it, or let the
        time run out) counts as finished with the scores as they stand (``bot.daily``)."""
        public = self._public(t)
        t.status = FINISHED
        t.deadline = None
        t.last_note = None
        closed = render.finished_hand_message(t, t.hand_no, None, public)
        rows = [
            outbox_row(t, "close", table_slot(t.hand_no), closed),
            outbox_row(t, "post", "standings", render.final_standings(t, public)),
            *self._result_in_channel(t),
        ]
        await self._commit(t, rows)
        game_event(t.id, "over", daily="stopped")

    def _result_in_channel(self, t: Table) -> list[OutboxRow]:
        """A game played in its thread ends with one line in its channel as well."""
        if t.thread_id is None:
            return []
        line = render_threads.result_line(t, self._public(t))
        return [outbox_row(t, "post", f"{PARENT_SLOT}result", line)]

    def _computer_name(self, t: Table, taken: set[str] | None = None) -> str:
        """A computer's name never equals a seated person's (nor another computer's)."""
        used = {s.name.casefold() for s in t.seats} | (taken or set())
        for name in COMPUTER_NAMES:
            if name.casefold() not in used:
                return name
        return f"{COMPUTER_NAMES[0]} {len(t.seats) + 1}"
