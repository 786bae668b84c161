"""The feed: everything people see of a table, sent in order, never back in time, never lost.

One publisher task per table. It sends, in this order:

1. the table's **outbox**: the public effects of actions (hand results, final standings, notes,
   the last edit of a finished hand's table message), stored in the same transaction as the
   action that caused them, each posted with a nonce so a post repeated after a crash returns
   the first message instead of a second one;
2. the **table message** of the hand in play, derived from the stored state, edited at most once
   per ``table_edit_gap`` (the latest state: the moves of a fast trick are shown together);
3. the **ping**: a person is mentioned the first time they are to act in a hand, and again only
   when their turn has waited ``remind_after`` seconds; a ping whose turn is over is deleted;
4. the **hands**: each person's live hand (an ephemeral message reached through their freshest
   interaction token) follows them: when their turn comes, or a new hand is dealt, it is posted
   anew at the bottom and the older copy is deleted; otherwise it is edited in place. A copy
   whose token is about to expire is reduced to one line with no buttons.

Every payload carries the table's revision; a message is never sent anything older than what
it already shows, whether the sender is this task or a click's answer (both go through the
message's lane: one lock per message, held while Discord is asked). Message ids are stored as
soon as Discord returns them, and the intent to post before posting, so a restart resumes: it
sends what was never sent and edits what exists.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import secrets
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any

from bot import render
from bot.i18n import Lang
from bot.languages import Languages
from bot.model import LOBBY, PLAYING, Table
from bot.render import Rendered
from bot.render.chart import draw
from bot.storage import HandCopyRow, LoadedTable, OutboxRow, Storage, StorageUnavailable
from bot.tables.outlet import Outlet
from bot.tables.ports import Clock, Discord, SystemClock, Unavailable
from bot.tasks import cancel_all
from engine.core import Phase

log = logging.getLogger("trickbot.feed")

TABLE_EDIT_GAP = 1.0  # seconds between two edits of a table message (Discord: 5 per 5 s)
HAND_EDIT_GAP = 1.0  # between two in-place edits of a hand that is not its owner's turn
REMIND_AFTER = 30.0  # seconds a turn waits before its person is mentioned again
TOKEN_LIFE = 15 * 60.0  # an interaction token's life on Discord
TOKEN_MARGIN = 60.0  # stop using a token this long before it dies
RETRY_MAX = 30.0
RETRY_STORAGE = 1.0  # the database away: look again often, it may be back any moment
LANE_SAVE_DELAY = 0.5  # seconds: hand tokens are saved together, a moment after they change
STALE_RETRY = 0.05  # seconds: a pass that found its table being changed looks again


@dataclass(frozen=True)
class Shown:
    """A payload, the table revision it was rendered from, and (for a hand) the turn it shows
    as its owner's. ``table``: the table it shows (still known after the game ended, when the
    table has left the registry: the last move is answered like any other)."""

    payload: Rendered
    revision: int
    turn: tuple[int, int] | None = None
    hand_no: int = 0
    table: Table | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class Click:
    """The interaction a person's click (or command) came with: its token reaches the message
    it was made on (``@original``) and can post new ephemeral messages for 15 minutes."""

    token: str
    issued: float  # wall-clock time
    message_id: int | None  # the message clicked (None for a slash command)
    ephemeral: bool  # the clicked message is ephemeral (a copy of a hand)
    locale: str | None


@dataclass
class Slot:
    """A public message of a table."""

    nonce: str
    message_id: int | None
    shown: int = -1  # revision shown
    payload: Rendered | None = None
    edited_at: float = -math.inf  # monotonic
    lock: asyncio.Lock = field(default_factory=asyncio.Lock, repr=False)


@dataclass
class HandCopy:
    """A person's live hand message."""

    token: str  # an interaction token that reaches it
    ref: str  # how that token reaches it: "@original" or the message id
    message_id: int | None
    issued: float  # wall-clock time the token was issued
    shown: int = -1
    turn: tuple[int, int] | None = None  # the turn it shows as "your turn"
    hand_no: int = 0  # the hand that was in play when it was posted
    payload: Rendered | None = None
    edited_at: float = -math.inf
    expired: bool = False


@dataclass
class HandLane:
    user_id: int
    copy: HandCopy | None = None
    fresh: tuple[str, float] | None = None  # the freshest token and when it was issued
    locale: str | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock, repr=False)
    saved: HandCopyRow | None = None  # as the database has it

    def row(self) -> HandCopyRow:
        c = self.copy
        return HandCopyRow(
            self.user_id,
            None if c is None else c.token,
            None if c is None else c.ref,
            None if c is None else c.message_id,
            None if c is None else c.issued,
            None if self.fresh is None else self.fresh[0],
            None if self.fresh is None else self.fresh[1],
            self.locale,
        )


@dataclass
class Plan:
    """What the derived messages should show at one revision of the table. Rendering is the
    costly part of a pass and most of it would be thrown away (an edit waits for its gap, a
    ping is posted once a turn), so each message is rendered only when it is about to be sent,
    and only while the table is still at this revision and not being changed: what is sent is
    exactly the state the revision names, never a newer one under an older label."""

    table: Table
    revision: int
    version: int
    hand_no: int
    public: Lang | None = None
    table_slot: str | None = None
    turn: tuple[int, int] | None = None
    turn_seat: int | None = None  # a person to act (not a computer, not on autopilot)
    hands: list[tuple[HandLane, int, Lang, tuple[int, int] | None]] = field(default_factory=list)
    lobby_payload: Rendered | None = None
    closing: bool = False  # the table is no longer live
    rendered: dict[object, Rendered] = field(default_factory=dict)

    def render(self, key: object, make: Callable[[], Rendered]) -> Rendered | None:
        """``make()``, once per plan; None if the table moved on (a later pass renders it)."""
        done = self.rendered.get(key)
        if done is not None:
            return done
        t = self.table
        if t.revision != self.revision or t.lock.locked():
            return None
        done = self.rendered[key] = make()
        return done

    def table_payload(self) -> Rendered | None:
        assert self.public is not None
        public = self.public
        return self.render("table", lambda: render.table_message(self.table, public))

    def ping(self, *, reminder: bool) -> Rendered | None:
        seat, public = self.turn_seat, self.public
        assert seat is not None and public is not None
        return self.render(
            ("ping", reminder),
            lambda: render.ping_message(self.table, seat, public, reminder=reminder),
        )

    def hand(self, lane: HandLane, seat: int, lang: Lang) -> Rendered | None:
        return self.render(
            ("hand", lane.user_id), lambda: render.hand_message(self.table, seat, lang)
        )


@dataclass
class TableFeed:
    table: Table
    outbox: list[OutboxRow] = field(default_factory=list)
    slots: dict[str, Slot] = field(default_factory=dict)
    lanes: dict[int, HandLane] = field(default_factory=dict)
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    task: asyncio.Task[None] | None = None
    due: float = math.inf  # monotonic: something is to be sent then
    turn: tuple[int, int] | None = None
    turn_since: float = 0.0
    reminded: bool = False
    pinged: tuple[int, set[int]] = (0, set())  # (hand, seats pinged in it)
    ping_turn: tuple[int, int] | None = None
    plan: Plan | None = None  # the last plan, reused while nothing changed

    def lane(self, user_id: int) -> HandLane:
        lane = self.lanes.get(user_id)
        if lane is None:
            lane = self.lanes[user_id] = HandLane(user_id)
        return lane


def new_nonce() -> str:
    return secrets.token_hex(12)  # Discord: at most 25 characters


def outbox_row(t: Table, op: str, slot: str, payload: Rendered | None) -> OutboxRow:
    """A new row of a table's outbox (written by the action's transaction)."""
    seq = t.next_seq
    t.next_seq += 1
    data = None if payload is None else json.dumps(payload.to_json(), separators=(",", ":"))
    # The commit that stores this row makes the table's next revision.
    return OutboxRow(seq, op, slot, new_nonce(), data, t.revision + 1)


def table_slot(hand_no: int) -> str:
    return f"table:{hand_no}"


class Feed:
    def __init__(
        self,
        storage: Storage,
        discord: Discord,
        languages: Languages,
        *,
        clock: Clock | None = None,
        table_edit_gap: float = TABLE_EDIT_GAP,
        hand_edit_gap: float = HAND_EDIT_GAP,
        remind_after: float = REMIND_AFTER,
    ) -> None:
        self.storage = storage
        self.discord = Outlet(discord)
        self.languages = languages
        self.clock = clock or SystemClock()
        self.table_edit_gap = table_edit_gap
        self.hand_edit_gap = hand_edit_gap
        self.remind_after = remind_after
        self.tables: dict[int, TableFeed] = {}
        self._closing = False
        self._side: set[asyncio.Task[None]] = set()  # removals of older copies
        self._dirty: dict[tuple[int, int], HandLane] = {}  # lanes to save
        self._saver: asyncio.Task[None] | None = None
        self._retired: dict[int, dict[int, HandLane]] = {}  # lanes of tables owned before

    # ================================================================== tables in and out

    def add(self, t: Table, loaded: LoadedTable | None = None) -> TableFeed:
        """Start publishing a table (a new one, or one loaded after a restart)."""
        tf = self.tables.get(t.id)
        if tf is not None:
            return tf
        tf = self.tables[t.id] = TableFeed(t)
        if loaded is not None:
            tf.outbox = list(loaded.outbox)
            for s in loaded.slots:
                tf.slots[s.slot] = Slot(s.nonce, s.message_id)
            for c in loaded.hand_copies:
                lane = tf.lane(c.user_id)
                lane.saved = c
                lane.locale = c.locale
                if c.fresh_token is not None and c.fresh_at is not None:
                    lane.fresh = (c.fresh_token, c.fresh_at)
                if c.copy_token is not None and c.copy_ref is not None and c.copy_at is not None:
                    lane.copy = HandCopy(
                        c.copy_token, c.copy_ref, c.copy_message_id, c.copy_at, hand_no=t.hand_no
                    )
        self._take_back(tf)
        tf.task = asyncio.create_task(self._run(tf), name=f"feed-{t.id}")
        tf.wake.set()
        return tf

    def set_slot(self, t: Table, name: str, message_id: int, shown: Shown | None = None) -> None:
        """A message posted as the answer to a command (a lobby): the feed keeps it up to date."""
        tf = self.add(t)
        slot = tf.slots.get(name) or Slot("response", None)
        slot.message_id = message_id
        if shown is not None:
            slot.shown, slot.payload = shown.revision, shown.payload
        tf.slots[name] = slot

    def queue(self, t: Table, rows: list[OutboxRow]) -> None:
        """An action was committed: send its effects (``rows``) and what it changed."""
        tf = self.add(t)
        tf.outbox.extend(rows)
        tf.wake.set()

    def changed(self, t: Table) -> None:
        tf = self.tables.get(t.id)
        if tf is not None:
            tf.wake.set()

    async def close(self, timeout: float) -> None:
        """Stop: let every table send what it has for up to ``timeout`` seconds, then cancel."""
        self._closing = True
        tasks = [tf.task for tf in self.tables.values() if tf.task is not None]
        for tf in self.tables.values():
            tf.wake.set()
        tasks += list(self._side)
        if self._saver is not None:
            tasks.append(self._saver)
        if tasks:
            _, pending = await asyncio.wait(tasks, timeout=timeout)
            await cancel_all(list(pending))

    async def drop(self) -> None:
        """Stop publishing every table at once, sending nothing more (this process no longer
        owns them; what was not sent is in the database for their next owner). The hands'
        copies and tokens are remembered: the database may have missed their last changes,
        and if this process owns the tables again, the newer of the two is kept."""
        tasks = [tf.task for tf in self.tables.values() if tf.task is not None]
        tasks += list(self._side)
        if self._saver is not None:
            tasks.append(self._saver)
        self._retired = {tid: dict(tf.lanes) for tid, tf in self.tables.items()}
        self.tables.clear()
        self._dirty.clear()
        await cancel_all(tasks)

    def _take_back(self, tf: TableFeed) -> None:
        """A table owned again: each person's copy and token, the newer of what the database
        says and what this process last knew (tokens are issued in time order)."""
        for user_id, known in self._retired.pop(tf.table.id, {}).items():
            lane = tf.lane(user_id)
            if known.copy is not None and (
                lane.copy is None or known.copy.issued > lane.copy.issued
            ):
                lane.copy = known.copy
                lane.copy.shown = -1  # shown by an earlier life of the feed: check it again
            if known.fresh is not None and (lane.fresh is None or known.fresh[1] > lane.fresh[1]):
                lane.fresh = known.fresh
            lane.locale = lane.locale or known.locale

    def pending(self) -> int:
        """Outbox rows not yet sent, over all tables."""
        return sum(len(tf.outbox) for tf in self.tables.values())

    # ================================================================== the publisher task

    async def _run(self, tf: TableFeed) -> None:
        failures = 0
        while True:
            delay = tf.due - self.clock.monotonic()
            if not tf.wake.is_set() and delay > 0:
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(None if math.isinf(delay) else delay):
                        await tf.wake.wait()
            tf.wake.clear()
            tf.due = math.inf
            try:
                done = await self._publish(tf)
            except asyncio.CancelledError:
                raise
            except Exception as e:
                failures += 1
                level = logging.WARNING if isinstance(e, Unavailable) else logging.ERROR
                log.log(
                    level,
                    "table=%s publishing failed (%d in a row): %s",
                    tf.table.id,
                    failures,
                    e,
                    exc_info=not isinstance(e, Unavailable),
                )
                if self._closing:
                    return
                longest = RETRY_STORAGE if isinstance(e, StorageUnavailable) else RETRY_MAX
                await asyncio.sleep(min(longest, 0.25 * 2**failures))
                tf.wake.set()
                continue
            failures = 0
            if done:
                self.tables.pop(tf.table.id, None)
                return
            if self._closing and not tf.outbox:
                return

    def _due(self, tf: TableFeed, when: float) -> None:
        tf.due = min(tf.due, when)

    async def _publish(self, tf: TableFeed) -> bool:
        """One pass: the outbox, then the derived messages. True once a closed table is done."""
        t = tf.table
        while True:
            while tf.outbox:
                row = tf.outbox[0]
                message_id = await self._carry_out(tf, row)
                await self.storage.feed.outbox_done(t.id, row, message_id)
                tf.outbox.pop(0)
            async with t.lock:
                # Rows are queued under this lock: none may be left behind the plan's state.
                if not tf.outbox:
                    plan = self._plan(tf)
                    break
        if plan.closing:
            await self._close_derived(tf)
            await self.storage.feed.forget_feed(t.id)
            return True
        if plan.lobby_payload is not None:
            await self._lobby(tf, plan)
        if plan.table_slot is not None:
            await self._table_message(tf, plan)
        await self._ping(tf, plan)
        await self._hands(tf, plan)
        await self._expire_copies(tf)
        return False

    # ================================================================== the outbox

    async def _carry_out(self, tf: TableFeed, row: OutboxRow) -> int | None:
        t = tf.table
        payload = None if row.payload is None else Rendered.from_json(json.loads(row.payload))
        if row.op == "post":
            assert payload is not None
            message_id = await self.discord.post(
                t.channel_id, await self._ready(payload), row.nonce
            )
            tf.slots[row.slot] = Slot(row.nonce, message_id)
            return message_id
        slot = tf.slots.get(row.slot)
        if row.op in ("edit", "close") and slot is not None and slot.message_id:
            assert payload is not None
            async with slot.lock:
                if slot.shown < row.revision:  # not already shown by a click's answer
                    await self.discord.edit(t.channel_id, slot.message_id, payload)
                    slot.shown = row.revision
        elif row.op == "delete" and slot is not None and slot.message_id:
            await self.discord.delete(t.channel_id, slot.message_id)
        if row.op in ("close", "delete"):
            tf.slots.pop(row.slot, None)
        return None

    async def _ready(self, payload: Rendered) -> Rendered:
        """Draw the picture a message carries (in a worker thread: it takes a while)."""
        if payload.chart is None or payload.file is not None:
            return payload
        png = await asyncio.to_thread(draw, payload.chart)
        return Rendered(
            content=payload.content,
            embed=payload.embed,
            rows=payload.rows,
            mentions=payload.mentions,
            file=(payload.chart.FILENAME, png),
        )

    # ================================================================== derived messages

    def _plan(self, tf: TableFeed) -> Plan:
        """What every derived message should show now. Rendering is the costly part of a pass,
        so a plan is reused while the table's revision (and the set of hands) is the same."""
        t = tf.table
        lanes = [
            (seat, tf.lanes[s.user_id])
            for seat, s in enumerate(t.seats)
            if s.user_id is not None and s.user_id in tf.lanes
        ]
        lanes = [(seat, lane) for seat, lane in lanes if lane.copy is not None or lane.fresh]
        cached = tf.plan
        if (
            cached is not None
            and cached.revision == t.revision
            and [h[0] for h in cached.hands] == [lane for _, lane in lanes]
        ):
            return cached
        plan = Plan(t, t.revision, t.version, t.hand_no)
        tf.plan = plan
        if t.status == LOBBY:
            plan.lobby_payload = render.lobby_message(t, self.languages.public(t.guild_id))
            return plan
        if t.status != PLAYING or t.state is None:
            plan.closing = not t.live
            return plan
        st = t.state
        plan.public = self.languages.public(t.guild_id)
        plan.table_slot = table_slot(t.hand_no)
        seat = st.current_player
        if seat is not None:
            plan.turn = (t.hand_no, t.version)
            if not t.seats[seat].automatic:
                plan.turn_seat = seat
        for seat_no, lane in lanes:
            viewer = self.languages.private(t.guild_id, lane.user_id, lane.locale)
            mine = plan.turn if seat == seat_no and st.phase != Phase.OVER else None
            plan.hands.append((lane, seat_no, viewer, mine))
        return plan

    def _stale(self, tf: TableFeed) -> None:
        """The table moved on before a message was rendered: a later pass sends it (at once
        if a change woke the task; else after a moment, as the table's lock was only held)."""
        self._due(tf, self.clock.monotonic() + STALE_RETRY)

    async def _post_slot(self, tf: TableFeed, name: str, payload: Rendered) -> Slot:
        """Post a derived message: the intent (a fresh nonce) is stored first, then the id."""
        t = tf.table
        slot = tf.slots.get(name)
        if slot is None or slot.nonce == "response":
            slot = Slot(new_nonce(), None)
            tf.slots[name] = slot
            await self.storage.feed.set_slot(t.id, name, slot.nonce, None)
        slot.message_id = await self.discord.post(t.channel_id, payload, slot.nonce)
        await self.storage.feed.set_slot(t.id, name, slot.nonce, slot.message_id)
        return slot

    async def _lobby(self, tf: TableFeed, plan: Plan) -> None:
        """A lobby changed by something other than a click on it (a leave command, a rematch
        invitation answered): its message is edited. Clicks on it answer it themselves."""
        slot = tf.slots.get("lobby")
        payload = plan.lobby_payload
        if slot is None or not slot.message_id or payload is None:
            return
        async with slot.lock:
            if plan.revision <= slot.shown or payload == slot.payload:
                return
            if await self.discord.edit(tf.table.channel_id, slot.message_id, payload):
                slot.shown, slot.payload = plan.revision, payload
            else:
                slot.message_id = None  # deleted: /smear start posts it again

    async def _table_message(self, tf: TableFeed, plan: Plan) -> None:
        name = plan.table_slot
        assert name is not None
        t = tf.table
        slot = tf.slots.get(name)
        now = self.clock.monotonic()
        if slot is not None and slot.message_id:
            if plan.revision <= slot.shown:
                return
            if now < slot.edited_at + self.table_edit_gap:
                self._due(tf, slot.edited_at + self.table_edit_gap)
                return
        payload = plan.table_payload()
        if payload is None:
            return self._stale(tf)
        if slot is None or not slot.message_id:
            slot = await self._post_slot(tf, name, payload)
            slot.shown, slot.payload, slot.edited_at = plan.revision, payload, now
            return
        if payload == slot.payload:
            return
        async with slot.lock:
            if plan.revision <= slot.shown:
                return
            if not await self.discord.edit(t.channel_id, slot.message_id, payload):
                slot.nonce = "gone"  # deleted by someone: post it again
                slot = await self._post_slot(tf, name, payload)
            slot.shown, slot.payload, slot.edited_at = plan.revision, payload, now

    async def _ping(self, tf: TableFeed, plan: Plan) -> None:
        t = tf.table
        now = self.clock.monotonic()
        if plan.turn != tf.turn:
            tf.turn, tf.turn_since, tf.reminded = plan.turn, now, False
        current = tf.slots.get("ping")
        if current is not None and (tf.ping_turn != plan.turn or plan.turn_seat is None):
            if current.message_id is None and current.nonce not in ("response", "gone"):
                # Posted just before a crash, its id never came back: the same nonce makes
                # Discord answer with that message (a silent stand-in if there was none).
                silent = Rendered(content="…")
                current.message_id = await self.discord.post(t.channel_id, silent, current.nonce)
            if current.message_id:
                await self.discord.delete(t.channel_id, current.message_id)
            await self.storage.feed.drop_slot(t.id, "ping")
            tf.slots.pop("ping", None)
            current = None
        seat = plan.turn_seat
        if seat is None or current is not None:
            return
        hand, seats = tf.pinged
        if hand != plan.hand_no:
            tf.pinged = (plan.hand_no, set())
            seats = tf.pinged[1]
        remind_at = tf.turn_since + self.remind_after
        if seat not in seats:
            reminder = False
        elif not tf.reminded and now >= remind_at:
            reminder = True
        else:
            if not tf.reminded:
                self._due(tf, remind_at)
            return
        payload = plan.ping(reminder=reminder)
        if payload is None or t.version != plan.version:
            return self._stale(tf)  # the turn may have been taken meanwhile
        tf.reminded = tf.reminded or reminder
        seats.add(seat)
        tf.ping_turn = plan.turn
        await self._post_slot(tf, "ping", payload)
        if not tf.reminded:
            self._due(tf, remind_at)

    # ================================================================== hands

    def _usable(self, issued: float) -> bool:
        return self.clock.time() - issued < TOKEN_LIFE - TOKEN_MARGIN

    async def _hands(self, tf: TableFeed, plan: Plan) -> None:
        for lane, seat, lang, turn in plan.hands:
            async with lane.lock:
                rendered = await self._hand(tf, plan, lane, seat, lang, turn)
            if not rendered:
                return self._stale(tf)

    async def _hand(
        self,
        tf: TableFeed,
        plan: Plan,
        lane: HandLane,
        seat: int,
        lang: Lang,
        turn: tuple[int, int] | None,
    ) -> bool:
        """Bring one person's hand up to the plan. False if it could not be rendered (the
        table moved on)."""
        copy = lane.copy
        # A new hand always moves the copy below the new table message, even when the
        # person's own click already showed it in place.
        new_hand = copy is not None and plan.hand_no > copy.hand_no
        fresh_copy = copy is None or (turn is not None and copy.turn != turn)
        shown = copy is not None and plan.revision <= copy.shown
        if shown and not new_hand:
            return True
        if fresh_copy or new_hand:
            payload = plan.hand(lane, seat, lang)
            if payload is None:
                return False
            if await self._new_copy(tf, plan, lane, payload, turn):
                return True
        if shown or copy is None or copy.expired or not self._usable(copy.issued):
            return True
        stale_turn = copy.turn is not None and copy.turn != turn
        now = self.clock.monotonic()
        if not stale_turn and now < copy.edited_at + self.hand_edit_gap:
            self._due(tf, copy.edited_at + self.hand_edit_gap)
            return True
        payload = plan.hand(lane, seat, lang)
        if payload is None:
            return False
        if payload == copy.payload:
            return True
        if await self.discord.hand_edit(copy.token, copy.ref, copy.message_id, payload):
            copy.shown, copy.payload, copy.turn, copy.edited_at = plan.revision, payload, turn, now
        else:
            lane.copy = None  # gone (deleted by its owner, or the token was refused)
            self._remember(tf.table.id, lane)
        return True

    async def _new_copy(
        self,
        tf: TableFeed,
        plan: Plan,
        lane: HandLane,
        payload: Rendered,
        turn: tuple[int, int] | None,
    ) -> bool:
        """Post the hand anew at the bottom with the freshest token, then remove the older copy.
        False if no token can post (idle for 15 minutes: the ping shows the way back)."""
        tokens = []
        if lane.fresh is not None:
            tokens.append(lane.fresh)
        if lane.copy is not None:
            tokens.append((lane.copy.token, lane.copy.issued))
        for token, issued in sorted(tokens, key=lambda x: -x[1]):
            if not self._usable(issued):
                continue
            if lane.saved != lane.row():
                # The token is in the database before the copy exists: after a crash right
                # after posting, the feed can still reach this person.
                await self.storage.feed.save_hand_copies([(tf.table.id, lane.row())])
                lane.saved = lane.row()
            message_id = await self.discord.hand_post(token, payload)
            if message_id is None:  # Discord refused this token: never try it again
                if lane.fresh is not None and lane.fresh[0] == token:
                    lane.fresh = None
                continue
            old = lane.copy
            lane.copy = HandCopy(
                token,
                str(message_id),
                message_id,
                issued,
                shown=plan.revision,
                turn=turn,
                hand_no=plan.hand_no,
                payload=payload,
                edited_at=self.clock.monotonic(),
            )
            # Saved at once (not with the others, a moment later): a copy the database does
            # not know could never be reached again after a crash.
            await self.storage.feed.save_hand_copies([(tf.table.id, lane.row())])
            lane.saved = lane.row()
            if old is not None:
                self._spawn(self._remove_copy(old))
            return True
        return False

    async def _remove_copy(self, old: HandCopy) -> None:
        """An older copy of a hand goes: deleted, or if that fails reduced to one line. It is
        no longer the live copy, so this needs no lane (and runs on its own)."""
        if old.expired or not self._usable(old.issued):
            return
        try:
            if not await self.discord.hand_delete(old.token, old.ref, old.message_id):
                lang = self.languages.private(None, 0, None)
                await self.discord.hand_edit(
                    old.token, old.ref, old.message_id, render.moved_hand(lang)
                )
        except Unavailable as e:
            log.warning("could not remove an older copy of a hand: %s", e)

    async def _replace_copy(self, table_id: int, lane: HandLane, old: HandCopy) -> None:
        """The database learns of the new copy before the older one goes: after a crash the
        feed never reaches for a copy it deleted."""
        try:
            await self.storage.feed.save_hand_copies([(table_id, lane.row())])
            lane.saved = lane.row()
        except Exception as e:
            log.warning("could not save a hand's new copy: %s", e)
        await self._remove_copy(old)

    def _remember(self, table_id: int, lane: HandLane) -> None:
        """Keep a lane's tokens in the database, soon (written together, off every lane's
        path: a crash loses at most the last moment's tokens, and the tokens saved before
        still reach the person). A person's first token is saved at once."""
        self._dirty[(table_id, lane.user_id)] = lane
        if self._saver is None or self._saver.done():
            delay = 0.0 if lane.saved is None else LANE_SAVE_DELAY
            self._saver = asyncio.get_running_loop().create_task(self._save_lanes(delay))

    async def _save_lanes(self, delay: float) -> None:
        await asyncio.sleep(delay)
        while self._dirty:
            dirty, self._dirty = self._dirty, {}
            try:
                await self.storage.feed.save_hand_copies(
                    [(tid, lane.row()) for (tid, _), lane in dirty.items()]
                )
            except Exception as e:
                log.warning("could not save hand tokens: %s", e)

    def _spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._side.add(task)
        task.add_done_callback(self._side.discard)

    async def _expire_copies(self, tf: TableFeed) -> None:
        """A copy whose token is about to die is reduced to one line while it still can be:
        an old copy must never offer live buttons it can no longer answer for."""
        t = tf.table
        now = self.clock.time()
        for lane in tf.lanes.values():
            copy = lane.copy
            if copy is None or copy.expired:
                continue
            left = copy.issued + TOKEN_LIFE - TOKEN_MARGIN - now
            if left > 0:
                self._due(tf, self.clock.monotonic() + left)
                continue
            async with lane.lock:
                if lane.copy is not copy:
                    continue
                if now - copy.issued < TOKEN_LIFE - 5.0:
                    lang = self.languages.private(t.guild_id, lane.user_id, lane.locale)
                    await self.discord.hand_edit(
                        copy.token, copy.ref, copy.message_id, render.expired_hand(t, lang)
                    )
                copy.expired = True

    async def _close_derived(self, tf: TableFeed) -> None:
        """The table closed: its ping goes, and every hand shows the end (no live buttons)."""
        t = tf.table
        ping = tf.slots.pop("ping", None)
        if ping is not None and ping.message_id:
            await self.discord.delete(t.channel_id, ping.message_id)
        for lane in tf.lanes.values():
            async with lane.lock:
                copy = lane.copy
                if copy is None or copy.expired or not self._usable(copy.issued):
                    continue
                lang = self.languages.private(t.guild_id, lane.user_id, lane.locale)
                seat = t.seat_of(lane.user_id)
                if t.state is not None and seat is not None and t.state.outcome() is not None:
                    payload = render.hand_message(t, seat, lang)
                else:
                    payload = render.expired_hand(t, lang)
                await self.discord.hand_edit(copy.token, copy.ref, copy.message_id, payload)
                copy.expired = True

    # ================================================================== answers to clicks

    async def answer_hand(
        self,
        t: Table,
        user_id: int,
        shown: Shown,
        click: Click,
        *,
        update: Callable[[Rendered | None], Awaitable[None]],
        post: Callable[[Rendered], Awaitable[int | None]],
    ) -> None:
        """Answer a person's click with their hand, through their hand's lane.

        A click on a copy of the hand is answered by editing that copy (``update``; with None,
        only acknowledged, when the copy already shows something newer), and that copy becomes
        the live one. A click anywhere else (Show my hand, /hand) posts a new ephemeral copy
        (``post``, which returns its id), and the older copy goes."""
        if t.id not in self.tables and not t.live:
            # The game ended and its feed already showed everyone the end: just answer.
            if click.ephemeral and click.message_id is not None:
                await update(shown.payload)
            else:
                await post(shown.payload)
            return
        tf = self.add(t)
        lane = tf.lane(user_id)
        lane.fresh = (click.token, click.issued)
        lane.locale = click.locale
        async with lane.lock:
            old = lane.copy
            on_copy = click.ephemeral and click.message_id is not None
            if on_copy and old is not None and old.message_id == click.message_id:
                # The live copy: edited in place (unless it already shows something newer).
                old.token, old.ref, old.issued, old.expired = (
                    click.token,
                    "@original",
                    click.issued,
                    False,
                )
                if old.shown > shown.revision:
                    await update(None)
                else:
                    await update(shown.payload)
                    old.shown, old.payload, old.turn = shown.revision, shown.payload, shown.turn
                    old.edited_at = self.clock.monotonic()
            else:
                if on_copy:  # an older copy: it becomes the live one
                    await update(shown.payload)
                    message_id = click.message_id
                else:
                    message_id = await post(shown.payload)
                lane.copy = HandCopy(
                    click.token,
                    "@original",
                    message_id,
                    click.issued,
                    shown=shown.revision,
                    turn=shown.turn,
                    hand_no=shown.hand_no,
                    payload=shown.payload,
                    edited_at=self.clock.monotonic(),
                )
                if old is not None:
                    self._spawn(self._replace_copy(t.id, lane, old))
        self._remember(t.id, lane)
        tf.wake.set()

    def saw(self, t: Table, user_id: int, click: Click) -> None:
        """Any other click by a seated person, once answered, refreshes their token: their
        hand can be posted with it (at once, if they have none yet)."""
        tf = self.tables.get(t.id)
        if tf is None or t.seat_of(user_id) is None:
            return
        lane = tf.lane(user_id)
        lane.fresh = (click.token, click.issued)
        lane.locale = click.locale
        self._remember(t.id, lane)
        if lane.copy is None:
            tf.wake.set()

    async def answer_public(
        self,
        t: Table,
        name: str,
        shown: Shown,
        message_id: int | None,
        *,
        update: Callable[[Rendered | None], Awaitable[None]],
    ) -> None:
        """Answer a click on a public message of the table (the lobby) through its lane."""
        tf = self.add(t)
        slot = tf.slots.get(name)
        if slot is None:
            slot = tf.slots[name] = Slot("response", message_id)
        async with slot.lock:
            if shown.revision < slot.shown:
                await update(None)
                return
            await update(shown.payload)
            slot.shown, slot.payload = shown.revision, shown.payload
            if message_id is not None and slot.message_id != message_id:
                slot.message_id = message_id
                await self.storage.feed.set_slot(t.id, name, slot.nonce, message_id)

    async def still_there(self, t: Table, name: str) -> int | None:
        """The id of a table's public message if it still exists (checked by editing it with
        what it already shows, which needs no permission to read the channel). A table message
        found gone is posted again by the feed; a lobby is posted again by the command that
        asked."""
        tf = self.tables.get(t.id)
        slot = None if tf is None else tf.slots.get(name)
        if tf is None or slot is None or not slot.message_id:
            if tf is not None and name != "lobby":
                tf.wake.set()
            return None
        async with slot.lock:
            payload = slot.payload
            if payload is None:
                return slot.message_id  # never shown by this process: assume it is there
            if await self.discord.edit(t.channel_id, slot.message_id, payload):
                return slot.message_id
            slot.message_id = None
        if name != "lobby":
            tf.wake.set()  # the feed posts it again
        return None

    def message_of(self, table_id: int, name: str) -> int | None:
        tf = self.tables.get(table_id)
        slot = None if tf is None else tf.slots.get(name)
        return None if slot is None else slot.message_id

    def table_message_id(self, t: Table) -> int | None:
        return self.message_of(t.id, table_slot(t.hand_no))
