"""The lobby: opening a table, taking and leaving seats, computers, starting, cancelling, an
idle lobby closing, and a rematch. Every change runs inside ``Registry.locked`` and is
committed with its public effects (``bot.tables.changes``).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from bot import render
from bot.chance import deal_seed
from bot.config import TIMER_CHOICES
from bot.daily import LEVEL as DAILY_LEVEL
from bot.daily import TURN_TIMER as DAILY_TIMER
from bot.daily import Deal
from bot.log import game_event
from bot.model import CANCELLED, FINISHED, LOBBY, PLAYING, Place, Refusal, Seat, Table
from bot.render.base import clean_name
from bot.storage import ChannelTaken, StorageUnavailable
from bot.tables.changes import Changes, NewTable, TableHere
from bot.tables.feed import Shown, outbox_row
from bot.tables.ports import ThreadRefused
from bot.tables.registry import DATABASE_BUSY, STARTING_UP
from bot.tables.threads import FELL_BACK
from engine.errors import InvalidOptions
from engine.games import GAMES, Game

log = logging.getLogger("trickbot.tables")

# Learn to play: the seats of a first game, its computers' level, and no turn timer (0: off).
LEARN_SEATS = {"smear": 3, "salad": 4}
LEARN_LEVEL = "normal"
LEARN_TIMER = 0


class Seating(Changes):
    async def open_table(
        self,
        place: Place,
        host_id: int,
        host_name: str,
        new: NewTable,
        *,
        invited: Sequence[int] = (),
        computers: Sequence[Seat] = (),
        seed: int | None = None,
        settings: dict[str, object] | None = None,
        thread: bool = False,
    ) -> tuple[Table, Shown]:
        """A new table in ``place``. ``thread``: its game moves into a thread of its own when
        it starts, so the channel may hold several; else the channel holds one game at a
        time (two games' messages would mix)."""
        entry, options, timer = self._checked(new)
        existing = None if thread else self.registry.playing_in(place.channel_id)
        if existing is not None:
            raise TableHere(existing)
        settings = dict(settings or {})
        if thread:
            settings["thread"] = True
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
            seed=deal_seed() if seed is None else seed,
            seats=[Seat(user_id=host_id, name=clean_name(host_name)), *computers][: new.seats],
            settings=settings,
        )
        if self.registry.unavailable is not None:
            raise Refusal(self.registry.unavailable)
        try:
            await self.storage.tables.create_table(t)
        except Exception as e:
            here = None if thread else self.registry.playing_in(place.channel_id)
            if here is not None:
                raise TableHere(here) from None
            if isinstance(e, ChannelTaken):  # opened at the same instant, not added here yet
                raise Refusal("refusal-table-here") from None
            log.warning("could not create a table: %s", e)
            if isinstance(e, StorageUnavailable):
                raise Refusal(DATABASE_BUSY) from None
            # A live table in this channel that this process does not drive (yet).
            raise Refusal(STARTING_UP) from None
        self.registry.add(t)
        t.revision += 1
        game_event(t.id, "open", game=t.game, seats=t.max_seats, guild=place.guild_id)
        return t, self._lobby_shown(t)

    def _checked(self, new: NewTable) -> tuple[Game, dict[str, Any], int]:
        """A new table's game, options and turn timer, checked (or refused)."""
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
        return entry, options, timer

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
        rows = []
        if t.settings.pop("thread", False):
            # Opened before the start is saved: a crash in between leaves a lobby whose next
            # start finds the thread its message already has (Discord answers with it).
            opened = await self.threads.open(t, self.feed.message_of(t.id, "lobby"))
            if isinstance(opened, ThreadRefused):
                await self._claim_channel(t)
                t.settings["thread_refused"] = opened.why  # the table message says it
                rows.append(self._note(t, FELL_BACK + opened.why))
                game_event(t.id, "thread-refused", why=opened.why)
            else:
                t.thread_id = opened
        lobby = render.lobby_message(t, self._public(t))
        rows.insert(0, outbox_row(t, "close", "lobby", lobby))
        await self._commit(t, rows, seats=True)
        if t.thread_id is not None:
            # The lobby's people clicked in the channel: their tokens reach the channel, not
            # the thread. Their hands come with their first click in the thread.
            await self.feed.moved_to_thread(t)
            self.threads.add_people(t)
        game_event(t.id, "start", game=t.game, seats=len(t.seats), thread=t.thread_id)

    async def _claim_channel(self, t: Table) -> None:
        """The game's thread was refused: it plays in its channel if no other live game does
        (the database's unique index decides, even between processes); else the start is
        refused with a sentence and the lobby waits."""
        ch = t.channel_id
        others = [
            x
            for x in self.registry.in_channel(ch)
            if x is not t and x.play_channel_id == ch and not x.settings.get("thread")
        ]
        if others:
            raise Refusal("refusal-thread-refused-channel-busy")
        try:
            await self.storage.tables.claim_channel(t)
        except ChannelTaken:
            raise Refusal("refusal-thread-refused-channel-busy") from None

    async def cancel(self, tid: int, place: Place, user_id: int, can_manage: bool) -> Shown:
        async with self.registry.locked(tid, place, LOBBY, PLAYING) as t:
            if user_id != t.host_id and not can_manage:
                raise Refusal("refusal-host-only")
            await self._close(t, "note-cancelled", who=f"<@{user_id}>")
            return self._lobby_shown(t)

    async def expire_lobby(self, t: Table, wait: float, idle: float) -> None:
        """The driver: a lobby nobody touched for ``wait`` seconds closes with a public note
        (``idle``: the same time as people are told it)."""
        async with self.registry.locked(t.id, None, LOBBY) as t:
            if self.clock.time() < t.idle_since + wait:
                return
            await self._close(t, "note-lobby-expired", minutes=round(idle / 60))

    async def rematch(
        self, tid: int, place: Place, user_id: int, name: str, *, thread: bool = False
    ) -> tuple[Table, Shown]:
        """A new table in the channel with the same options, the same people invited back and
        the computers kept; the one who asked hosts it."""
        loaded = await self.storage.tables.load_table(tid)
        if loaded is None or not loaded.table.reached_from(place):
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
            place, user_id, name, new, invited=invited, computers=computers, thread=thread
        )
        if len(t.seats) >= t.max_seats:
            async with self.registry.locked(t.id, place, LOBBY) as t:
                await self._start(t)
                shown = self._lobby_shown(t)
        return t, shown

    async def open_daily(
        self, place: Place, user_id: int, name: str, deal: Deal, *, thread: bool = False
    ) -> Table:
        """The daily deal (``bot.daily``): the day's seed, its player in seat 0 and ``expert``
        computers in the others, started at once."""
        rules = deal.rules
        new = NewTable(deal.game, rules.seats, dict(rules.options), DAILY_TIMER)
        t, _ = await self.open_table(
            place, user_id, name, new, seed=deal.seed, settings=deal.settings(), thread=thread
        )
        t = await self._start_with_computers(t.id, place, DAILY_LEVEL)
        game_event(t.id, "daily", day=deal.day)
        return t

    async def open_learn(
        self, place: Place, user_id: int, name: str, game: str, *, thread: bool = False
    ) -> Table:
        """Learn to play: the asker against ``normal`` computers (Smear 3 seats, Salad 4),
        coached (so unrated) with the coach explaining every step (``settings["learn"]``), no
        turn timer, started at once."""
        seats = LEARN_SEATS.get(game)
        if seats is None:
            raise Refusal("refusal-unknown-game")
        new = NewTable(game, seats, {}, LEARN_TIMER, coach=True)
        t, _ = await self.open_table(
            place, user_id, name, new, settings={"learn": True}, thread=thread
        )
        t = await self._start_with_computers(t.id, place, LEARN_LEVEL)
        game_event(t.id, "learn", game=game)
        return t

    async def _start_with_computers(self, table_id: int, place: Place, level: str) -> Table:
        """A lobby's empty seats taken by computers of ``level``, and its game started. Such a
        game (a daily deal, a learn game) starts at once or not at all: refused (its thread
        refused beside a game in the channel itself), its lobby is closed without a word in
        public, so nothing of it is left to hold the channel or wait; the person is told
        why."""
        try:
            async with self.registry.locked(table_id, place, LOBBY) as t:
                while len(t.seats) < t.max_seats:
                    t.seats.append(Seat(user_id=None, name=self._computer_name(t), level=level))
                await self._start(t)
                return t
        except Refusal as refused:
            async with self.registry.locked(table_id, place, LOBBY) as t:
                t.status = CANCELLED
                await self._cancelled(t, [], refused.key)
            raise
