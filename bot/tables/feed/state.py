"""What the feed knows of each table: its public messages (slots), each person's hand (a lane
and its live copy), what a click was answered with (``Shown``), and the plan of a publishing
pass: what every derived message should show at one revision of the table."""

from __future__ import annotations

import asyncio
import math
import secrets
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

import orjson

from bot import render
from bot.i18n import Lang
from bot.languages import Languages
from bot.model import LOBBY, PLAYING, Table
from bot.render import Rendered
from bot.storage import HandCopyRow, OutboxRow, SlotRow
from bot.tables.feed.outlet import BOT, Voice
from engine.core import Phase

TABLE_EDIT_GAP = 1.0  # seconds between two edits of a table message (Discord: 5 per 5 s)
HAND_EDIT_GAP = 1.0  # between two in-place edits of a hand that is not its owner's turn
REMIND_AFTER = 30.0  # seconds a turn waits before its person is mentioned again
RETRY_MAX = 30.0
RETRY_STORAGE = 1.0  # the database away: look again often, it may be back any moment
LANE_SAVE_DELAY = 0.5  # seconds: hand tokens are saved together, a moment after they change
STALE_RETRY = 0.05  # seconds: a pass that found its table being changed looks again


@dataclass(frozen=True)
class Shown:
    """A payload, the table revision it was rendered from, and (for a hand) the turn it shows
    as its owner's. ``table``: the table it shows (still known after the game ended, when the
    table has left the registry: the last move is answered like any other). ``redraw``: the
    same message drawn again from the table as it is then (see ``Current``)."""

    payload: Rendered
    revision: int
    turn: tuple[int, int] | None = None
    hand_no: int = 0
    table: Table | None = field(default=None, compare=False, repr=False)
    redraw: Callable[[], Shown] | None = field(default=None, compare=False, repr=False)


class Current:
    """A click's answer as its table is when the answer leaves (a ``ports.Drawing``): what
    was rendered when the click was handled, unless a change was committed since (the answer
    may wait for its person's lane, or for Discord's acknowledgement, while someone else
    moves), then drawn anew. ``shown`` is what was sent, once it was.

    ``hold_past``: the hand a copy answered in place sits in. Drawn with a newer hand, it goes
    ``held`` (``render.held_hand``): the new hand is posted further down, below its table
    message (and the last hand's result), and a turn shown above them would not be the newest
    message its person sees. ``sent``: the payload last drawn (held or not)."""

    def __init__(self, shown: Shown, hold_past: int | None = None) -> None:
        self.shown = shown
        self.hold_past = hold_past
        self.held = False
        self.sent: Rendered | None = None

    def draw(self) -> Rendered | None:
        payload = self._drawn()
        self.held = not (
            payload is None or self.hold_past is None or self.shown.hand_no <= self.hold_past
        )
        self.sent = render.held_hand(payload) if self.held and payload is not None else payload
        return self.sent

    def _drawn(self) -> Rendered | None:
        shown, t = self.shown, self.shown.table
        if t is None or shown.redraw is None or t.revision == shown.revision:
            return shown.payload  # nothing committed since it was rendered
        if t.lock.locked():
            return None  # a change is being made: its state is not the committed one
        self.shown = shown.redraw()
        return self.shown.payload

    async def settled(self) -> None:
        t = self.shown.table
        if t is not None:
            async with t.lock:
                pass


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
    """A public message of a table, and the voice that reaches it."""

    nonce: str
    message_id: int | None
    voice: Voice = BOT
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


SPARE_TOKENS = 3  # a person's earlier tokens kept, for when Discord refuses the freshest
REPLACED_KEPT = 4  # a person's copies remembered as replaced (clicks in flight from them)


@dataclass
class HandLane:
    user_id: int
    copy: HandCopy | None = None
    fresh: tuple[str, float] | None = None  # the freshest token and when it was issued
    # Their tokens before that, newest first: Discord's users report valid tokens that answer
    # Unknown Webhook to everything, and a hand must still follow its person.
    spares: list[tuple[str, float]] = field(default_factory=list)
    locale: str | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock, repr=False)
    saved: HandCopyRow | None = None  # as the database has it
    # The copies the feed replaced by a new one lately (being deleted, or gone): a click that
    # was on its way from one never makes it the live copy again.
    replaced: deque[int] = field(default_factory=lambda: deque(maxlen=REPLACED_KEPT))

    def saw(self, token: str, issued: float) -> None:
        """A new click's token: the freshest now; the one before it is kept as a spare."""
        if self.fresh is not None and self.fresh[0] != token:
            self.spares = [self.fresh, *self.spares][:SPARE_TOKENS]
        self.fresh = (token, issued)

    def tokens(self) -> list[tuple[str, float]]:
        """Every token known to reach this person, freshest first."""
        known = [] if self.fresh is None else [self.fresh]
        if self.copy is not None:
            known.append((self.copy.token, self.copy.issued))
        out: dict[str, float] = {}
        for token, issued in [*known, *self.spares]:
            out.setdefault(token, issued)
        return sorted(out.items(), key=lambda t: -t[1])

    def keeps(self, token: str) -> bool:
        """Whether ``token`` is one the lane's row holds (its copy's or its freshest)."""
        return (self.copy is not None and self.copy.token == token) or (
            self.fresh is not None and self.fresh[0] == token
        )

    def row(self, refused: Callable[[str], bool] = lambda token: False) -> HandCopyRow:
        """The lane as the database keeps it, without a token Discord ``refused``: a process
        started after this one must never ask it again (Discord restricts a caller that
        keeps asking a webhook that answers Unknown Webhook)."""
        c = None if self.copy is None or refused(self.copy.token) else self.copy
        fresh = None if self.fresh is None or refused(self.fresh[0]) else self.fresh
        return HandCopyRow(
            self.user_id,
            None if c is None else c.token,
            None if c is None else c.ref,
            None if c is None else c.message_id,
            None if c is None else c.issued,
            None if fresh is None else fresh[0],
            None if fresh is None else fresh[1],
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
        """``make()``, once per plan; None if the table moved on (a later pass renders it).
        Asked again right before a message is sent, it answers None if a change was committed
        since: nothing is sent with a state older than the table's."""
        t = self.table
        if t.revision != self.revision:
            return None
        done = self.rendered.get(key)
        if done is not None:
            return done
        if t.lock.locked():
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

    def drawn_hand(self, lane: HandLane) -> Rendered | None:
        """The person's hand as this plan drew it (whatever the table did since)."""
        return self.rendered.get(("hand", lane.user_id))


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
    finished: bool = False  # the feed showed the end: nothing of it is saved again
    last_table: Slot | None = None  # the last hand's table message, once that hand closed
    passing: bool = False  # a publishing pass is under way
    # The revision whose table message Discord refused (400): not sent again until it changes.
    table_refused_at: int = -1

    def lane(self, user_id: int) -> HandLane:
        lane = self.lanes.get(user_id)
        if lane is None:
            lane = self.lanes[user_id] = HandLane(user_id)
        return lane

    def wake_at(self, when: float) -> None:
        """Something is to be sent at ``when`` (monotonic)."""
        self.due = min(self.due, when)


def new_nonce() -> str:
    return secrets.token_hex(12)  # Discord: at most 25 characters


def outbox_row(t: Table, op: str, slot: str, payload: Rendered | None) -> OutboxRow:
    """A new row of a table's outbox (written by the action's transaction)."""
    seq = t.next_seq
    t.next_seq += 1
    data = None if payload is None else orjson.dumps(payload.to_json()).decode()
    # The commit that stores this row makes the table's next revision.
    return OutboxRow(seq, op, slot, new_nonce(), data, t.revision + 1)


def slot_row(name: str, slot: Slot) -> SlotRow:
    """A slot as the database keeps it."""
    v = slot.voice
    token_at = None if v.token is None else v.issued
    return SlotRow(name, slot.nonce, slot.message_id, v.token, token_at, v.ref)


def slot_of(row: SlotRow) -> Slot:
    voice = BOT if row.token is None else Voice(row.token, row.token_at or 0.0, row.ref)
    return Slot(row.nonce, row.message_id, voice)


def table_slot(hand_no: int) -> str:
    return f"table:{hand_no}"


def plan_of(tf: TableFeed, languages: Languages) -> Plan:
    """What every derived message should show now. A plan is reused while the table's
    revision (and the set of hands) is the same."""
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
        plan.lobby_payload = render.lobby_message(t, languages.public(t.guild_id))
        return plan
    if t.status != PLAYING or t.state is None:
        plan.closing = not t.live
        return plan
    st = t.state
    plan.public = languages.public(t.guild_id)
    plan.table_slot = table_slot(t.hand_no)
    seat = st.current_player
    if seat is not None:
        plan.turn = (t.hand_no, t.version)
        if not t.seats[seat].automatic:
            plan.turn_seat = seat
    for seat_no, lane in lanes:
        viewer = languages.private(t.guild_id, lane.user_id, lane.locale)
        mine = plan.turn if seat == seat_no and st.phase != Phase.OVER else None
        plan.hands.append((lane, seat_no, viewer, mine))
    # The hand whose turn it is first: the others' edits (they see the card played) would
    # otherwise hold the turn behind their requests.
    plan.hands.sort(key=lambda hand: hand[3] is None)
    return plan
