"""The table manager: every table of every channel, their locks, and their background tasks.

A click arrives in a cog; the cog calls a method here; the method takes the table's lock, checks
everything against the stored state, applies the action to the engine, commits it to SQLite and
returns what the clicking person should see. Public messages (the table message, pings, hand
results) are published by the table's own background task, which also plays the computer seats
and runs the turn timer. Nothing here knows Discord: messages go out through a ``Publisher``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from bot import ai, render
from bot.log import game_event
from bot.model import (
    CANCELLED,
    FINISHED,
    GAMES,
    LOBBY,
    MAX_SEATS,
    MIN_SEATS,
    PLAYING,
    Refusal,
    Seat,
    Table,
)
from bot.render import Rendered
from bot.storage import Storage
from engine.core import Phase, TrickView
from engine.errors import IllegalAction, InvalidOptions
from engine.record import new_game, restore
from engine.smear import SmearOptions, SmearState

log = logging.getLogger("trickbot.tables")

AUTOPILOT_AFTER = 2  # timeouts in a row
# At most one edit of a table message per this many seconds (Discord allows 5 edits per 5 s in
# a channel): the moves of a fast trick are shown together, by one edit, instead of one edit
# per card. The message is never more than this much behind; hands are refreshed at once.
TABLE_EDIT_GAP = 1.0
COMPUTER_NAMES = ("Ada", "Babbage", "Curie", "Dijkstra", "Euler", "Fermat")


class Publisher(Protocol):
    """Where public messages go (the cogs implement it with discord.py)."""

    async def send(self, channel_id: int, message: Rendered) -> int | None: ...

    async def edit(self, channel_id: int, message_id: int, message: Rendered) -> bool: ...

    async def delete(self, channel_id: int, message_id: int) -> None: ...

    async def push_hand(self, table_id: int, user_id: int, message: Rendered) -> None: ...


class StaleClick(Refusal):
    """A click from an earlier state: refused, with the current hand to show instead."""

    def __init__(self, message: str, hand: Rendered | None) -> None:
        super().__init__(message)
        self.hand = hand


@dataclass
class HandOver:
    hand_no: int
    final: Rendered
    summary: Rendered


@dataclass
class Note:
    message: Rendered


@dataclass
class GameOver:
    standings: Rendered


class TableManager:
    def __init__(
        self,
        storage: Storage,
        publisher: Publisher,
        *,
        ai_pause: float = 1.0,
        default_turn_timer: int = 120,
        clock: Callable[[], float] = time.time,
        table_edit_gap: float = TABLE_EDIT_GAP,
    ) -> None:
        self.storage = storage
        self.publisher = publisher
        self.ai_pause = ai_pause
        self.table_edit_gap = table_edit_gap
        self.default_turn_timer = default_turn_timer
        self.clock = clock
        self.tables: dict[int, Table] = {}
        self.by_channel: dict[int, int] = {}
        self._closing = False
        self._side_tasks: set[asyncio.Task[None]] = set()

    # ================================================================== registry

    def table_in(self, channel_id: int) -> Table | None:
        tid = self.by_channel.get(channel_id)
        t = None if tid is None else self.tables.get(tid)
        return t if t is not None and t.live else None

    def _get(self, table_id: int) -> Table:
        t = self.tables.get(table_id)
        if t is None or not t.live:
            raise Refusal("That table is closed: its game is over or was cancelled.")
        return t

    def _register(self, t: Table) -> None:
        self.tables[t.id] = t
        self.by_channel[t.channel_id] = t.id

    def _unregister(self, t: Table) -> None:
        self.tables.pop(t.id, None)
        if self.by_channel.get(t.channel_id) == t.id:
            del self.by_channel[t.channel_id]

    async def resume(self) -> int:
        """Load every live table from the database and restart its task. Returns the count."""
        tables = await self.storage.load_live()
        for t in tables:
            self._register(t)
            if t.status == PLAYING:
                assert t.state is not None
                if t.state.outcome() is not None:  # finished but not recorded: record it now
                    t.status = FINISHED
                    t.events.append(GameOver(render.final_standings(t)))
                    await self.storage.save_game(t)
                self._start_task(t)
        log.info("resumed %d live tables", len(tables))
        return len(tables)

    async def close(self) -> None:
        self._closing = True
        tasks = [t.task for t in self.tables.values() if t.task is not None]
        tasks += list(self._side_tasks)
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task

    # ================================================================== lobby

    async def open_table(
        self,
        *,
        guild_id: int,
        channel_id: int,
        host_id: int,
        host_name: str,
        game: str,
        seats: int,
        target: int = 11,
        stuck_dealer: bool = False,
        turn_timer: int | None = None,
    ) -> Table:
        if game not in GAMES:
            raise Refusal("The games are smear and salad.")
        if not MIN_SEATS[game] <= seats <= MAX_SEATS[game]:
            raise Refusal(
                f"{game.capitalize()} is for {MIN_SEATS[game]} to {MAX_SEATS[game]} players."
            )
        options: dict[str, object] = {}
        if game == "smear":
            try:
                options = SmearOptions(target=target, stuck_dealer=stuck_dealer).to_dict()
            except InvalidOptions as e:
                raise Refusal(f"That option is not allowed: {e}.") from None
        timer = self.default_turn_timer if turn_timer is None else turn_timer
        if not 0 <= timer <= 3600:
            raise Refusal("The turn timer is between 0 (off) and 3600 seconds.")
        existing = self.table_in(channel_id)
        if existing is not None:
            raise Refusal(
                "There is already a table in this channel: join it, or use another channel."
            )
        t = Table(
            id=0,
            guild_id=guild_id,
            channel_id=channel_id,
            game=game,
            host_id=host_id,
            max_seats=seats,
            options=options,
            turn_timer=timer,
            seed=secrets.randbits(62),
            seats=[Seat(user_id=host_id, name=host_name)],
        )
        await self.storage.create_table(t)
        self._register(t)
        game_event(t.id, "open", game=game, seats=seats, guild=guild_id, channel=channel_id)
        return t

    async def set_lobby_message(self, table_id: int, message_id: int) -> None:
        t = self.tables.get(table_id)
        if t is None:
            return
        t.lobby_message_id = message_id
        await self.storage.save_messages(t)

    def _lobby_table(self, table_id: int) -> Table:
        t = self._get(table_id)
        if t.status != LOBBY:
            raise Refusal("This game has already started.")
        return t

    async def join(self, table_id: int, user_id: int, name: str) -> Rendered:
        t = self._lobby_table(table_id)
        async with t.lock:
            t = self._lobby_table(table_id)
            if t.seat_of(user_id) is not None:
                raise Refusal("You already have a seat at this table.")
            if len(t.seats) >= t.max_seats:
                raise Refusal("This table is full.")
            other = self._seated_elsewhere(user_id, t.guild_id, t.id)
            if other is not None:
                raise Refusal(f"You are already playing at another table (<#{other}>).")
            t.seats.append(Seat(user_id=user_id, name=name))
            await self.storage.save_seats(t)
            game_event(t.id, "join", user=user_id, seat=len(t.seats))
            if len(t.seats) >= t.max_seats:
                await self._start_locked(t)
            return render.lobby_message(t)

    def _seated_elsewhere(self, user_id: int, guild_id: int, table_id: int) -> int | None:
        return None  # many tables at once are fine; hook kept for a future rule

    async def leave_lobby(self, table_id: int, user_id: int) -> Rendered:
        t = self._lobby_table(table_id)
        async with t.lock:
            t = self._lobby_table(table_id)
            seat = t.seat_of(user_id)
            if seat is None:
                raise Refusal("You have no seat at this table.")
            del t.seats[seat]
            if user_id == t.host_id:
                people = t.humans()
                if not people:
                    return await self._cancel_locked(t, "The host left; the table is closed.")
                t.host_id = people[0]
            await self.storage.save_seats(t)
            game_event(t.id, "leave", user=user_id)
            return render.lobby_message(t)

    async def add_computer(
        self, table_id: int, user_id: int, level: str, can_manage: bool
    ) -> Rendered:
        t = self._lobby_table(table_id)
        if level not in render.LEVELS:
            raise Refusal("The levels are random, easy, normal and hard.")
        async with t.lock:
            t = self._lobby_table(table_id)
            if t.seat_of(user_id) is None and user_id != t.host_id and not can_manage:
                raise Refusal("Take a seat first: only players at the table add computers.")
            if len(t.seats) >= t.max_seats:
                raise Refusal("This table is full.")
            used = {s.name for s in t.seats}
            name = next(n for n in COMPUTER_NAMES if n not in used)
            t.seats.append(Seat(user_id=None, name=name, level=level))
            await self.storage.save_seats(t)
            game_event(t.id, "computer", level=level, seat=len(t.seats))
            if len(t.seats) >= t.max_seats:
                await self._start_locked(t)
            return render.lobby_message(t)

    async def remove_seat(
        self, table_id: int, user_id: int, seat: int, can_manage: bool
    ) -> Rendered:
        t = self._lobby_table(table_id)
        async with t.lock:
            t = self._lobby_table(table_id)
            if user_id != t.host_id and not can_manage:
                raise Refusal("Only the host or someone with Manage Server may remove a seat.")
            if not 0 <= seat < len(t.seats):
                raise Refusal("That seat is already empty.")
            if t.seats[seat].user_id == t.host_id:
                raise Refusal("The host's seat stays; to close the table, use Cancel.")
            del t.seats[seat]
            await self.storage.save_seats(t)
            game_event(t.id, "remove", seat=seat + 1)
            return render.lobby_message(t)

    async def start(self, table_id: int, user_id: int, can_manage: bool) -> Rendered:
        t = self._lobby_table(table_id)
        async with t.lock:
            t = self._lobby_table(table_id)
            if user_id != t.host_id and not can_manage:
                raise Refusal("Only the host or someone with Manage Server may start the game.")
            if len(t.seats) < MIN_SEATS[t.game]:
                raise Refusal(
                    f"{t.game.capitalize()} needs at least {MIN_SEATS[t.game]} players: "
                    "wait for more, or add a computer."
                )
            await self._start_locked(t)
            return render.lobby_message(t)

    async def _start_locked(self, t: Table) -> None:
        t.state = new_game(t.game, len(t.seats), t.seed, t.options or None)
        t.status = PLAYING
        t.version = 0
        t.deadline = self._deadline(t)
        await self.storage.save_game(t)
        game_event(t.id, "start", game=t.game, seats=len(t.seats))
        self._start_task(t)

    async def cancel(self, table_id: int, user_id: int, can_manage: bool) -> Rendered:
        t = self._get(table_id)
        async with t.lock:
            t = self._get(table_id)
            if user_id != t.host_id and not can_manage:
                raise Refusal("Only the host or someone with Manage Server may cancel the table.")
            return await self._cancel_locked(t, f"The table was cancelled by <@{user_id}>.")

    async def _cancel_locked(self, t: Table, why: str) -> Rendered:
        was_playing = t.status == PLAYING
        t.status = CANCELLED
        await self.storage.cancel(t)
        self._unregister(t)
        game_event(t.id, "cancel")
        if t.task is not None and t.task is not asyncio.current_task():
            t.task.cancel()
        self._spawn(self._publish_cancel(t, why, was_playing))
        return render.lobby_message(t)

    async def _publish_cancel(self, t: Table, why: str, was_playing: bool) -> None:
        text = f"{why} No result is recorded."
        if was_playing and t.table_message_id is not None:
            await self.publisher.edit(
                t.channel_id,
                t.table_message_id,
                Rendered(embed=render.Embed("Table cancelled", text, render.GREY)),
            )
        if t.ping_message_id is not None:
            await self.publisher.delete(t.channel_id, t.ping_message_id)
        if t.lobby_message_id is not None and not was_playing:
            await self.publisher.edit(t.channel_id, t.lobby_message_id, render.lobby_message(t))
        if was_playing:
            await self.publisher.send(t.channel_id, render.note_message(text))

    def _spawn(self, coro: object) -> None:
        task: asyncio.Task[None] = asyncio.create_task(coro)  # type: ignore[arg-type]
        self._side_tasks.add(task)
        task.add_done_callback(self._side_done)

    def _side_done(self, task: asyncio.Task[None]) -> None:
        self._side_tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("background publishing failed", exc_info=task.exception())

    # ================================================================== playing

    def _playing(self, table_id: int) -> Table:
        t = self._get(table_id)
        if t.status != PLAYING:
            raise Refusal("The game has not started yet.")
        return t

    def _my_seat(self, t: Table, user_id: int) -> int:
        seat = t.seat_of(user_id)
        if seat is None:
            raise Refusal("You are not seated at this table: only its players have a hand.")
        return seat

    async def show_hand(self, table_id: int, user_id: int) -> Rendered:
        t = self._playing(table_id)
        async with t.lock:
            t = self._playing(table_id)
            seat = self._my_seat(t, user_id)
            await self._back_from_autopilot(t, seat)
            return render.hand_message(t, seat)

    async def show_hand_in(self, channel_id: int, user_id: int) -> tuple[int, Rendered]:
        t = self.table_in(channel_id)
        if t is None:
            raise Refusal("There is no table in this channel. Open one with /smear or /salad.")
        return t.id, await self.show_hand(t.id, user_id)

    async def _back_from_autopilot(self, t: Table, seat: int) -> None:
        s = t.seats[seat]
        if s.autopilot or s.timeouts:
            was = s.autopilot
            s.autopilot = False
            s.timeouts = 0
            t.seats_dirty = True
            if was:
                t.deadline = self._deadline(t)
                t.last_note = f"{s.name} is back."
                await self.storage.save_game(t)
                t.wake.set()
                game_event(t.id, "back", seat=seat + 1)

    async def play(
        self, table_id: int, user_id: int, hand_no: int, version: int, seat: int, action: int
    ) -> Rendered:
        """A card or a bid clicked on a hand. Returns the updated hand for that person."""
        t = self._playing(table_id)
        async with t.lock:
            t = self._playing(table_id)
            st = t.state
            assert st is not None
            me = self._my_seat(t, user_id)
            if seat != me:
                raise Refusal("That button is not from your hand, so it was not played.")
            if hand_no != t.hand_no:
                await self._back_from_autopilot(t, me)
                text = (
                    f"That button was from hand {hand_no}, which is over: nothing was played. "
                    "Here is your hand now."
                )
                raise StaleClick(text, render.hand_message(t, me, note=f"⚠️ {text}"))
            if version != t.version:
                await self._back_from_autopilot(t, me)
                text = (
                    "The table moved on since that button was shown, so nothing was played. "
                    "Here is your hand now."
                )
                raise StaleClick(text, render.hand_message(t, me, note=f"⚠️ {text}"))
            to_act = st.current_player
            if to_act != me:
                who = render.seat_name(t, to_act) if to_act is not None else "nobody"
                raise Refusal(f"It is not your turn: waiting for {who}.")
            try:
                st.check(action, me)
            except IllegalAction as e:
                raise Refusal(f"You can't play that: {e.reason} (rule {e.rule}).") from None
            except Exception:
                raise Refusal("That is not a card or bid of this game.") from None
            s = t.seats[me]
            if s.autopilot or s.timeouts:
                s.autopilot = False
                s.timeouts = 0
                t.seats_dirty = True
            t.last_note = None
            await self._apply(t, me, action, "human")
            return render.hand_message(t, me)

    async def leave_game(self, channel_id: int, user_id: int) -> str:
        t = self.table_in(channel_id)
        if t is None:
            raise Refusal("There is no table in this channel.")
        if t.status == LOBBY:
            await self.leave_lobby(t.id, user_id)
            return "You left the table."
        async with t.lock:
            t = self._playing(t.id)
            seat = self._my_seat(t, user_id)
            s = t.seats[seat]
            name = s.name
            t.seats[seat] = Seat(user_id=None, name=f"{name} (computer)", level="normal")
            t.seats_dirty = True
            if not t.humans():
                await self._cancel_locked(t, "Everyone left the table.")
                return "You left; nobody is left at the table, so it is closed."
            if user_id == t.host_id:
                t.host_id = t.humans()[0]
            t.last_note = f"{name} left the table; a computer plays their seat."
            t.events.append(Note(render.note_message(t.last_note)))
            t.deadline = self._deadline(t)
            await self.storage.save_game(t)
            t.wake.set()
            game_event(t.id, "left", seat=seat + 1)
            return "You left the table; a computer plays your seat and the game goes on."

    async def export(self, table_id: int) -> dict[str, object] | None:
        t = self.tables.get(table_id)
        if t is not None and t.state is not None:
            from engine.record import to_record

            return to_record(t.state)
        found = await self.storage.record_of(table_id)
        return None if found is None else found[1]

    # ================================================================== applying

    def _deadline(self, t: Table) -> float | None:
        st = t.state
        if st is None or not t.turn_timer or st.current_player is None:
            return None
        if t.seats[st.current_player].automatic:
            return None
        return self.clock() + t.turn_timer

    async def _apply(self, t: Table, seat: int, action: int, by: str) -> None:
        """Apply a checked action with the lock held, commit it, and queue what to publish."""
        st = t.state
        assert st is not None
        hand_before = t.hand_no
        tricks_list = st.tricks if st.tricks is not None else []
        tricks_before = len(tricks_list)
        results_before = len(st.results)
        snapshot = (t.version, t.deadline, t.status, t.last_actor, len(t.events))
        st.apply(action, seat)
        t.version += 1
        t.last_actor = seat
        last_trick: TrickView | None = None
        if len(tricks_list) > tricks_before:
            last_trick = tricks_list[-1]
        for i in range(results_before, len(st.results)):
            hand_index = hand_before - 1
            if isinstance(st, SmearState):
                summary = render.smear_hand_summary(t, i, hand_index)
            else:
                summary = render.salad_hand_summary(t, i)
            t.events.append(
                HandOver(
                    hand_before, render.finished_hand_message(t, hand_before, last_trick), summary
                )
            )
        outcome = st.outcome()
        if outcome is not None:
            t.status = FINISHED
            t.events.append(GameOver(render.final_standings(t)))
        t.deadline = self._deadline(t)
        try:
            await self.storage.save_game(t)
        except Exception:
            log.exception("table=%s could not save an action; rolling back", t.id)
            await self._reload_state(t)
            t.version, t.deadline, t.status, t.last_actor, n = snapshot
            del t.events[n:]
            raise Refusal("Sorry, that move could not be saved; nothing was played.") from None
        game_event(
            t.id,
            "bid" if st.phase == Phase.BID or action >= 52 else "play",
            seat=seat + 1,
            action=render.action_text(action),
            by=by,
            version=t.version,
        )
        if outcome is not None:
            game_event(t.id, "over", winners=[w + 1 for w in outcome.winners])
        t.wake.set()

    async def _reload_state(self, t: Table) -> None:
        found = await self.storage.record_of(t.id)
        if found is None:
            t.state = new_game(t.game, len(t.seats), t.seed, t.options or None)
        else:
            t.state = restore(found[1], t.seed)

    # ================================================================== the table's task

    def _start_task(self, t: Table) -> None:
        t.wake.set()
        t.task = asyncio.create_task(self._run(t), name=f"table-{t.id}")
        t.task.add_done_callback(lambda task: self._task_done(t, task))

    def _task_done(self, t: Table, task: asyncio.Task[None]) -> None:
        if task.cancelled() or self._closing:
            return
        exc = task.exception()
        if exc is not None:  # _run catches everything; this is a last resort
            log.error("table=%s task died; restarting it", t.id, exc_info=exc)
            if t.live:
                self._start_task(t)
                return
        if not t.live:
            self._unregister(t)

    async def _run(self, t: Table) -> None:
        failures = 0
        while True:
            try:
                t.wake.clear()
                await self._publish(t)
                if not t.live:
                    if t.events:  # the game ended while publishing: publish its end too
                        continue
                    self._unregister(t)
                    return
                await self._step(t)
                failures = 0
            except asyncio.CancelledError:
                raise
            except Exception:
                failures += 1
                log.exception("table=%s background step failed (%d in a row)", t.id, failures)
                await asyncio.sleep(min(30.0, 0.5 * 2**failures))

    async def _step(self, t: Table) -> None:
        """One decision: a computer's move, a person's timeout, or waiting for a click."""
        async with t.lock:
            st = t.state
            if st is None or t.status != PLAYING:
                return
            seat = st.current_player
            if seat is None:
                return
            version = t.version
            auto = t.seats[seat].automatic
            deadline = t.deadline
        due = t.table_edit_due
        if auto:
            if t.ai_turn is None or t.ai_turn[0] != version:
                t.ai_turn = (version, time.monotonic() + self.ai_pause)
            ready = t.ai_turn[1]
            if due is not None and due < ready:  # publish the held-back edit first
                await asyncio.sleep(max(0.0, due - time.monotonic()))
                return
            await asyncio.sleep(max(0.0, ready - time.monotonic()))
            await self._computer_turn(t, seat, version, timed_out=False)
            return
        if due is not None:
            pause = due - time.monotonic()
            if deadline is None or pause < deadline - self.clock():
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(t.wake.wait(), max(0.0, pause))
                return
        if deadline is None:
            await t.wake.wait()
            return
        remaining = deadline - self.clock()
        if remaining > 0:
            try:
                await asyncio.wait_for(t.wake.wait(), remaining)
                return
            except TimeoutError:
                pass
        await self._computer_turn(t, seat, version, timed_out=True)

    async def _computer_turn(self, t: Table, seat: int, version: int, *, timed_out: bool) -> None:
        async with t.lock:
            if t.status != PLAYING or t.version != version or t.state is None:
                return
            s = t.seats[seat]
            view = t.state.view(seat)
            level = s.level or "normal"
        rng = random.Random(f"{t.seed}:{version}")
        action = await ai.choose(t.game, level, view, rng)
        async with t.lock:
            if t.status != PLAYING or t.version != version:
                return
            s = t.seats[seat]
            if timed_out:
                if s.automatic:
                    return
                if t.deadline is not None and t.deadline > self.clock():
                    return  # the timer was reset meanwhile
                s.timeouts += 1
                t.seats_dirty = True
                text = (
                    f"⏰ {s.name}'s time ran out: the computer played "
                    f"{render.action_text(action)} for them."
                )
                if s.timeouts >= AUTOPILOT_AFTER:
                    s.autopilot = True
                    text += " The computer keeps playing their seat until they click again."
                t.last_note = text
                t.events.append(Note(render.note_message(text)))
                game_event(t.id, "timeout", seat=seat + 1, autopilot=s.autopilot)
            elif not s.automatic:
                return  # the player came back from autopilot meanwhile
            try:
                await self._apply(t, seat, action, "timeout" if timed_out else "computer")
            except IllegalAction:
                log.error("table=%s computer action was illegal", t.id)

    async def _publish(self, t: Table) -> None:
        """Send what changed: hand results, notes, the table message, the ping."""
        async with t.lock:
            events, t.events = t.events, []
            hand_no = t.hand_no
            # Within the gap after an edit the table message is not even rendered: the render
            # of when the gap is over is what will be compared and sent.
            held = (
                t.status == PLAYING
                and not events
                and t.table_message_id is not None
                and t.table_message_hand == hand_no
                and time.monotonic() < t.table_edited_at + self.table_edit_gap
            )
            table_render = render.table_message(t) if t.status == PLAYING and not held else None
            ping: Rendered | None = None
            push: tuple[int, Rendered] | None = None
            drop_ping = False
            st = t.state
            seat = st.current_player if st is not None and t.status == PLAYING else None
            if seat is not None and not t.seats[seat].automatic:
                turn = (hand_no, t.version)
                if t.ping_turn != turn:
                    t.ping_turn = turn
                    uid = t.seats[seat].user_id
                    assert uid is not None
                    push = (uid, render.hand_message(t, seat))
                    if t.ping_seat != seat or t.last_actor != seat:
                        ping = render.ping_message(t, seat)
                        drop_ping = True
            elif t.ping_message_id is not None:
                drop_ping = True
            if t.status != PLAYING:
                drop_ping = True
        pub = self.publisher
        ids_changed = False
        for ev in events:
            if isinstance(ev, HandOver):
                if t.table_message_id is not None and t.table_message_hand == ev.hand_no:
                    await pub.edit(t.channel_id, t.table_message_id, ev.final)
                    t.table_message_id = None
                    ids_changed = True
                await pub.send(t.channel_id, ev.summary)
            elif isinstance(ev, Note):
                await pub.send(t.channel_id, ev.message)
            elif isinstance(ev, GameOver):
                if t.table_message_id is not None:
                    t.table_message_id = None
                    ids_changed = True
                await pub.send(t.channel_id, ev.standings)
        t.table_edit_due = t.table_edited_at + self.table_edit_gap if held else None
        if table_render is not None:
            now = time.monotonic()
            if t.table_message_id is None or t.table_message_hand != hand_no:
                mid = await pub.send(t.channel_id, table_render)
                if mid is not None:
                    t.table_message_id = mid
                    t.table_message_hand = hand_no
                    ids_changed = True
                t.last_render = table_render
                t.table_edited_at = now
            elif table_render != t.last_render:
                if now < t.table_edited_at + self.table_edit_gap:
                    t.table_edit_due = t.table_edited_at + self.table_edit_gap  # _step waits
                elif await pub.edit(t.channel_id, t.table_message_id, table_render):
                    t.last_render = table_render
                    t.table_edited_at = now
                else:  # deleted by someone: post it again
                    mid = await pub.send(t.channel_id, table_render)
                    t.table_message_id = mid
                    t.last_render = table_render
                    t.table_edited_at = now
                    ids_changed = True
        if drop_ping and t.ping_message_id is not None:
            await pub.delete(t.channel_id, t.ping_message_id)
            t.ping_message_id = None
            t.ping_seat = None
            ids_changed = True
        if ping is not None and seat is not None:
            t.ping_message_id = await pub.send(t.channel_id, ping)
            t.ping_seat = seat
            ids_changed = True
        if push is not None:
            await pub.push_hand(t.id, push[0], push[1])
        if ids_changed:
            await self.storage.save_messages(t)
