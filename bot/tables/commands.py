"""What people (and the driver, for computers and timeouts) do at a table.

Every command runs inside ``Registry.locked``: the table is found, locked and checked, the change
is applied to the table and the engine, and ``_commit`` saves it together with its public
effects (outbox rows, rendered in the server's language) before anyone is told. Then the feed
sends those effects and the driver looks at what is next. A command returns what the person who
asked should see (a ``Shown``), or raises a ``Refusal``.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bot import render
from bot.config import TIMER_CHOICES
from bot.i18n import Lang
from bot.languages import Languages
from bot.log import game_event
from bot.model import CANCELLED, FINISHED, LOBBY, PLAYING, Place, Refusal, Seat, Table
from bot.render.base import action_text, card_label, clean_name, suit_symbol
from bot.storage import OutboxRow, Storage, StorageUnavailable
from bot.tables.feed import Feed, Shown, outbox_row, table_slot
from bot.tables.ports import Clock
from bot.tables.registry import DATABASE_BUSY, STARTING_UP, Registry
from engine.core import Phase
from engine.errors import IllegalAction, InvalidOptions
from engine.games import GAMES, game

log = logging.getLogger("trickbot.tables")

AUTOPILOT_AFTER = 2  # timeouts in a row
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


class Commands:
    def __init__(
        self,
        registry: Registry,
        storage: Storage,
        feed: Feed,
        languages: Languages,
        wake_driver: Callable[[Table], None],
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
        self.clock = clock
        self.default_turn_timer = default_turn_timer
        self.time_scale = time_scale  # tests make waiting times short

    # ================================================================== committing

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
        return Shown(
            render.hand_message(t, seat, viewer, note), t.revision, turn, t.hand_no, table=t
        )

    # ================================================================== the lobby

    async def open_table(
        self,
        place: Place,
        host_id: int,
        host_name: str,
        new: NewTable,
        *,
        invited: Sequence[int] = (),
        computers: Sequence[Seat] = (),
    ) -> tuple[Table, Shown]:
        entry = GAMES.get(new.game)
        if entry is None:
            raise Refusal("refusal-unknown-game")
        if new.seats not in entry.seat_range:
            raise Refusal("refusal-seats", low=entry.min_seats, high=entry.max_seats)
        try:
            options = entry.check_options(new.options)
        except InvalidOptions as e:
            raise Refusal("refusal-option", reason=str(e)) from None
        timer = self.default_turn_timer if new.turn_timer is None else new.turn_timer
        if timer not in TIMER_CHOICES:
            raise Refusal("refusal-timer")
        existing = self.registry.in_channel(place.channel_id)
        if existing is not None:
            raise TableHere(existing)
        settings: dict[str, object] = {}
        if new.coach:
            settings["coach"] = True
        if invited:
            settings["invited"] = [u for u in invited if u != host_id]
        t = Table(
            id=0,
            guild_id=place.guild_id,
            channel_id=place.channel_id,
            game=entry.name,
            host_id=host_id,
            max_seats=new.seats,
            options=options,
            turn_timer=timer,
            seed=secrets.randbits(62),
            seats=[Seat(user_id=host_id, name=clean_name(host_name)), *computers][: new.seats],
            settings=settings,
        )
        if self.registry.unavailable is not None:
            raise Refusal(self.registry.unavailable)
        try:
            await self.storage.tables.create_table(t)
        except Exception as e:
            here = self.registry.in_channel(place.channel_id)
            if here is not None:
                raise TableHere(here) from None
            log.warning("could not create a table: %s", e)
            if isinstance(e, StorageUnavailable):
                raise Refusal(DATABASE_BUSY) from None
            # A live table in this channel that this process does not drive (yet).
            raise Refusal(STARTING_UP) from None
        self.registry.add(t)
        t.revision += 1
        game_event(t.id, "open", game=t.game, seats=t.max_seats, guild=place.guild_id)
        return t, self._lobby_shown(t)

    def _computer_name(self, t: Table, taken: set[str] | None = None) -> str:
        """A computer's name never equals a seated person's (nor another computer's)."""
        used = {s.name.casefold() for s in t.seats} | (taken or set())
        for name in COMPUTER_NAMES:
            if name.casefold() not in used:
                return name
        return f"{COMPUTER_NAMES[0]} {len(t.seats) + 1}"

    def _rename_clashes(self, t: Table) -> None:
        people = {s.name.casefold() for s in t.seats if not s.is_computer}
        for s in t.seats:
            if s.is_computer and s.name.casefold() in people:
                s.name = self._computer_name(t)

    async def join(self, tid: int, place: Place, user_id: int, name: str) -> Shown:
        async with self.registry.locked(tid, place, LOBBY) as t:
            if t.seat_of(user_id) is not None:
                raise Refusal("refusal-seated-already")
            if len(t.seats) >= t.max_seats:
                raise Refusal("refusal-full")
            t.seats.append(Seat(user_id=user_id, name=clean_name(name)))
            self._rename_clashes(t)
            game_event(t.id, "join", seat=len(t.seats))
            if len(t.seats) >= t.max_seats:
                await self._start(t)
            else:
                await self._commit(t, seats=True)
            return self._lobby_shown(t)

    async def leave_lobby(self, tid: int, place: Place, user_id: int) -> Shown:
        async with self.registry.locked(tid, place, LOBBY) as t:
            seat = t.seat_of(user_id)
            if seat is None:
                raise Refusal("refusal-no-seat")
            del t.seats[seat]
            game_event(t.id, "leave", user_seat=seat + 1)
            if user_id == t.host_id:
                people = t.humans()
                if not people:
                    await self._close(t, "note-host-left")
                    return self._lobby_shown(t)
                t.host_id = people[0]
            await self._commit(t, seats=True)
            return self._lobby_shown(t)

    async def add_computer(
        self, tid: int, place: Place, user_id: int, level: str, can_manage: bool
    ) -> Shown:
        async with self.registry.locked(tid, place, LOBBY) as t:
            if level not in t.rules.levels:
                raise Refusal("refusal-level")
            if t.seat_of(user_id) is None and user_id != t.host_id and not can_manage:
                raise Refusal("refusal-take-seat-first")
            if len(t.seats) >= t.max_seats:
                raise Refusal("refusal-full")
            t.seats.append(Seat(user_id=None, name=self._computer_name(t), level=level))
            game_event(t.id, "computer", level=level, seat=len(t.seats))
            if len(t.seats) >= t.max_seats:
                await self._start(t)
            else:
                await self._commit(t, seats=True)
            return self._lobby_shown(t)

    async def remove_seat(
        self, tid: int, place: Place, user_id: int, seat: int, can_manage: bool
    ) -> Shown:
        async with self.registry.locked(tid, place, LOBBY) as t:
            if user_id != t.host_id and not can_manage:
                raise Refusal("refusal-host-only")
            if not 0 <= seat < len(t.seats):
                raise Refusal("refusal-seat-empty")
            if t.seats[seat].user_id == t.host_id:
                raise Refusal("refusal-host-stays")
            del t.seats[seat]
            game_event(t.id, "remove", seat=seat + 1)
            await self._commit(t, seats=True)
            return self._lobby_shown(t)

    async def start(self, tid: int, place: Place, user_id: int, can_manage: bool) -> Shown:
        async with self.registry.locked(tid, place, LOBBY) as t:
            if user_id != t.host_id and not can_manage:
                raise Refusal("refusal-host-only")
            if len(t.seats) < t.rules.min_seats:
                raise Refusal("refusal-too-few", least=t.rules.min_seats)
            await self._start(t)
            return self._lobby_shown(t)

    async def _start(self, t: Table) -> None:
        t.state = t.rules.new(len(t.seats), t.seed, t.options)
        t.status = PLAYING
        t.version = 0
        t.settings.pop("invited", None)
        t.deadline = self._deadline(t)
        lobby = render.lobby_message(t, self._public(t))
        await self._commit(t, [outbox_row(t, "close", "lobby", lobby)], seats=True)
        game_event(t.id, "start", game=t.game, seats=len(t.seats))

    async def cancel(self, tid: int, place: Place, user_id: int, can_manage: bool) -> Shown:
        async with self.registry.locked(tid, place, LOBBY, PLAYING) as t:
            if user_id != t.host_id and not can_manage:
                raise Refusal("refusal-host-only")
            await self._close(t, "note-cancelled", who=f"<@{user_id}>")
            return self._lobby_shown(t)

    async def _close(self, t: Table, key: str, **args: object) -> None:
        """The table ends without a result (cancelled, everyone left, idle lobby): one public
        note says why, and its messages lose their buttons."""
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
        await self.storage.tables.cancel(t, rows)
        t.revision += 1
        self.registry.committed(t)
        self.feed.queue(t, rows)
        self.wake_driver(t)
        self.registry.remove(t)
        game_event(t.id, "closed", why=key)

    async def expire_lobby(self, t: Table, wait: float, idle: float) -> None:
        """The driver: a lobby nobody touched for ``wait`` seconds closes with a public note
        (``idle``: the same time as people are told it)."""
        async with self.registry.locked(t.id, None, LOBBY) as t:
            if self.clock.time() < t.idle_since + wait:
                return
            await self._close(t, "note-lobby-expired", minutes=round(idle / 60))

    # ================================================================== rematch

    async def rematch(self, tid: int, place: Place, user_id: int, name: str) -> tuple[Table, Shown]:
        """A new table in the channel with the same options, the same people invited back and
        the computers kept; the one who asked hosts it."""
        loaded = await self.storage.tables.load_table(tid)
        if loaded is None or loaded.table.place != place:
            raise Refusal("refusal-table-closed")
        old = loaded.table
        if old.status != FINISHED:
            raise Refusal("refusal-rematch-not-over")
        if old.seat_of(user_id) is None:
            raise Refusal("refusal-rematch-players")
        computers = [
            Seat(user_id=None, name=s.name, level=s.level) for s in old.seats if s.is_computer
        ]
        invited = [s.user_id for s in old.seats if s.user_id is not None and s.user_id != user_id]
        new = NewTable(
            old.game,
            old.max_seats,
            dict(old.options),
            old.turn_timer,
            bool(old.settings.get("coach")),
        )
        t, shown = await self.open_table(
            place, user_id, name, new, invited=invited, computers=computers
        )
        if len(t.seats) >= t.max_seats:
            async with self.registry.locked(t.id, place, LOBBY) as t:
                await self._start(t)
                shown = self._lobby_shown(t)
        return t, shown

    # ================================================================== playing

    def _my_seat(self, t: Table, user_id: int) -> int:
        seat = t.seat_of(user_id)
        if seat is None:
            raise Refusal("refusal-not-seated")
        return seat

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

    def _deadline(self, t: Table) -> float | None:
        st = t.state
        if st is None or not t.turn_timer or st.current_player is None:
            return None
        if t.seats[st.current_player].automatic:
            return None
        return self.clock.time() + t.turn_timer * self.time_scale

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
            out.append(outbox_row(t, "post", f"result:{i + 1}", render.hand_result(t, i, public)))
        outcome = st.outcome()
        if outcome is not None:
            t.status = FINISHED
            out.append(outbox_row(t, "post", "standings", render.final_standings(t, public)))
        t.deadline = self._deadline(t)
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

    # ================================================================== leaving

    async def leave_game(self, tid: int, place: Place, user_id: int) -> str:
        """Leave a game in play: a computer takes the seat. Returns the message id to answer."""
        async with self.registry.locked(tid, place, PLAYING) as t:
            seat = self._my_seat(t, user_id)
            if len(t.humans()) == 1:
                await self._close(t, "note-everyone-left")
                return "left-last"
            await self._hand_to_computer(t, seat, "note-left")
            return "left-game"

    async def replace_seat(
        self, tid: int, place: Place, user_id: int, seat: int, can_manage: bool
    ) -> str:
        """The host or a Manage Server member hands a person's seat to a computer."""
        async with self.registry.locked(tid, place, PLAYING) as t:
            if user_id != t.host_id and not can_manage:
                raise Refusal("refusal-host-only")
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


__all__ = [
    "TIMER_CHOICES",
    "Commands",
    "HandRefusal",
    "NewTable",
    "TableHere",
    "game",
    "illegal_text",
]
