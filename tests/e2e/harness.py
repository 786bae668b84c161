"""Helpers for end-to-end tests: the real bot against the local Discord emulator.

``Players`` plays like people do: each person plays from the hand the bot keeps in front of
them. It never clicks Refresh to catch up: when it is a person's turn, their live hand must
show it by itself (within ``HAND_WAIT`` seconds), or the test fails. After every click it checks
what people see (``check_screens``): one live copy of a hand per person, the newest message in
their view on their turn, and no message ever shown an older state than it showed before.
"""

from __future__ import annotations

import asyncio
import random
import re
from collections import Counter, defaultdict, deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.app import TrickBot
from bot.config import Config
from bot.model import Table
from sandbox import (
    Channel,
    ComponentNotClickable,
    DiscordEmulator,
    Guild,
    InteractionHandle,
    Message,
    User,
)
from sandbox.models import CREATE_PUBLIC_THREADS, DEFAULT_BOT_PERMISSIONS, MessageRevision
from sandbox.virtual_time import VirtualTimeLoop

CARD_RE = re.compile(r"(10|[2-9JQKA])([♣♦♥♠])")
PLAY_RE = re.compile(r"tb:p:(\d+):(\d+):(\d+):(\d+):(\d+)")
HAND_RESULT_RE = re.compile(r"^\*\*Hand (\d+)\*\*")
STALE_MOVE = "The table moved on since that button was shown"
HAND_WAIT = 5.0  # seconds a person's hand may take to show their turn by itself
# Seconds a person takes to click when a test on virtual time says nothing of their pace: a
# whole hand clicked in no time at all is faster than anyone plays (and on virtual time the
# pause costs the test no real time). On the real clock a test's people click at once.
HUMAN_PACE = (0.3, 1.5)
UNLIMITED_CREATES = 1000  # webhook creates a minute: as many as the emulator allows by default


# The bot's pace in a test on the real clock (its own: 1 s between a computer's moves, 1 s
# between table edits, 2 s for the guilds at start-up).
FAST_PACE = {"ai_pause_seconds": 0.0, "guild_ready_timeout": 0.05, "table_edit_gap_seconds": 0.05}


def on_virtual_time() -> bool:
    """The test runs on virtual time (``sandbox.virtual_time``; tests/conftest.py says which)."""
    try:
        return isinstance(asyncio.get_running_loop(), VirtualTimeLoop)
    except RuntimeError:
        return False


class E2EBot(TrickBot):
    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        return None  # the default sleeps 5 s before a re-IDENTIFY


def make_settings(db: Path | str, **kw: Any) -> Config:
    """The bot's settings for a test; ``db`` is a SQLite file or a PostgreSQL URL."""
    where = {"database_url": db} if str(db).startswith("postgresql://") else {"database_path": db}
    # On virtual time the bot keeps its own pace (a computer's pause, the table's edit gap, the
    # wait for guilds at start-up): they cost the test no real time, and a game played faster
    # than the bot would ever play it spends Discord's limits as no real game does. On the
    # real clock the test would wait them out.
    pace = {} if on_virtual_time() else FAST_PACE
    values: dict[str, Any] = {
        "discord_token": "sandbox-bot-token",
        **where,
        **pace,
        "turn_timer_seconds": 120,
        # The emulator enforces the hidden webhook limit Discord's users report only when a
        # test turns it on (``reported_limits``): such a test gives the bot Discord's reported
        # 30 a minute; the others play far faster than people and give it what the emulator
        # enforces (nothing), so they check the feed's normal way.
        "webhook_creates_per_channel": UNLIMITED_CREATES,
        # The computers' workers start when a test first needs them, not with every bot.
        "warm_computers": False,
    }
    values.update(kw)
    return Config(_env_file=None, **values)  # type: ignore[call-arg]


def make_bot(db: Path | str, **kw: Any) -> E2EBot:
    return E2EBot(make_settings(db, **kw))


def text_of(msg: Message) -> str:
    return msg.content + "\n" + msg.embed_text()


def hand_state(msg: Message) -> tuple[int, int] | None:
    """(hand, version) a hand message shows, from its card buttons (None: no cards)."""
    for cid in msg.custom_ids():
        m = PLAY_RE.fullmatch(cid)
        if m:
            return int(m[2]), int(m[3])
    return None


def enabled_moves(msg: Message) -> list[str]:
    return [
        str(b["custom_id"])
        for b in msg.buttons()
        if PLAY_RE.fullmatch(str(b.get("custom_id", ""))) and not b.get("disabled")
    ]


def is_hand(msg: Message, table_id: int) -> bool:
    return msg.ephemeral and any(
        c.startswith(f"tb:p:{table_id}:") or c == f"tb:r:{table_id}" for c in msg.custom_ids()
    )


@dataclass
class Players:
    """Drives people at a table by clicking, like a person would."""

    emu: DiscordEmulator
    bot: TrickBot
    table_id: int
    users: dict[int, User]
    channel: Channel
    rng: random.Random = field(default_factory=lambda: random.Random(7))
    clicks: int = 0
    check_leaks: bool = True
    hand_wait: float = HAND_WAIT
    locale: str = "en-US"  # the people's Discord client locale
    mentions: Counter[tuple[int, int]] = field(default_factory=Counter)  # (hand, user) -> count
    turns: Counter[tuple[int, int]] = field(default_factory=Counter)  # (hand, user) -> turns
    # A person's pace: seconds they think before each move (None: ``HUMAN_PACE`` on virtual
    # time, at once on the real clock).
    think: tuple[float, float] | None = None
    # Their turn's hand must be the newest message they see (else: anywhere in view, edited
    # in place, as when Discord's hidden limit leaves no room to post it anew).
    newest: bool = True
    # Seconds from each move to the next person's hand showing their turn, and the turns whose
    # hand was not the newest message its person saw.
    turn_seconds: list[float] = field(default_factory=list)
    not_newest: int = 0
    moves_clicked: list[float] = field(default_factory=list)  # the loop's time of each move
    _moved_at: float | None = None
    # Some tokens answer Unknown Webhook to everything (Discord's users report it): a copy of
    # a hand reached only through one is stranded where it is.
    strandable: bool = False
    # Every time a hand message showed its person an older (hand, version) than one a hand of
    # theirs had already shown them, in the order Discord applied the messages (checked on
    # every create and edit, not only at the end): a person never sees the past.
    went_back: list[str] = field(default_factory=list)
    # person -> the newest (hand, version, moved) they saw: ``moved`` 1 once Discord
    # acknowledged their move at that state (every message after it must show a newer one).
    _seen: dict[int, tuple[int, int, int]] = field(default_factory=dict)
    # What each person was shown and did lately (printed with a failure).
    _trail: dict[int, deque[str]] = field(
        default_factory=lambda: defaultdict(lambda: deque(maxlen=12))
    )
    # Clicks on a button shown enabled for the person's turn that were refused as stale.
    refused: int = 0
    # How often a person clicks Refresh on their hand and, a few milliseconds later, before
    # its answer came, the card (an impatient person: the two race in the bot).
    refresh_first: float = 0.0

    @property
    def table(self) -> Table:
        return self.bot.tables.live[self.table_id]

    def human_to_act(self) -> int | None:
        t = self.bot.tables.live.get(self.table_id)
        if t is None or t.state is None or t.status != "playing":
            return None
        seat = t.state.current_player
        if seat is None:
            return None
        s = t.seats[seat]
        return None if s.automatic else s.user_id

    async def wait_for_human_or_end(self, timeout: float = 10.0) -> int | None:
        def ready() -> tuple[int | None] | None:
            t = self.bot.tables.live.get(self.table_id)
            if t is None or t.status != "playing":
                return (None,)
            uid = self.human_to_act()
            return (uid,) if uid is not None else None

        result = await self.emu.wait_until(ready, timeout=timeout, what="a person's turn")
        return result[0]

    def _refused_all(self, uid: int) -> bool:
        """Every token of this person's clicks where the game is played answered Unknown
        Webhook (a token reaches only the channel or thread it was clicked in): no hand of
        theirs there can be posted or changed any more, whatever copy they still see."""
        failing = self.emu.failing_tokens
        mine = [
            h.token
            for h in self.emu.interactions.values()
            if h.user.id == uid and h.channel.id == self.channel.id
        ]
        return bool(mine) and all(token in failing for token in mine)

    def live_hands(self, uid: int) -> list[Message]:
        """The hand messages this person sees (not deleted)."""
        return [
            m
            for m in self.emu.visible_messages(self.channel, self.users[uid])
            if is_hand(m, self.table_id)
        ]

    async def table_message(self) -> Message:
        def ready() -> Message | None:
            t = self.bot.tables.live.get(self.table_id)
            if t is None:
                return None
            mid = self.bot.tables.feed.table_message_id(t)
            return None if mid is None else self.emu.message(mid)

        return await self.emu.wait_until(ready, timeout=5, what="the table message")

    async def open_hand(self, uid: int) -> Message:
        """Show my hand, on the table message (as a person who has no hand in view would)."""
        msg = await self.table_message()
        hand = await self.emu.click_and_wait(self.users[uid], msg, label="Show my hand")
        self.clicks += 1
        return hand

    def turn_hand(self, uid: int) -> Message | None:
        """The person's live hand if it shows their turn now (and, if ``newest``, is the newest
        message they see: a new hand's copy comes after the hand's result)."""
        t = self.table
        want = (t.hand_no, t.version)
        seen = self.emu.visible_messages(self.channel, self.users[uid])
        turn = [
            m
            for m in seen
            if is_hand(m, self.table_id) and hand_state(m) == want and enabled_moves(m)
        ]
        if not turn:
            return None
        if seen[-1].id == turn[-1].id:
            return turn[-1]
        return None if self.newest else turn[-1]

    async def my_turn_hand(self, uid: int) -> Message:
        """The person's live hand, once it shows their turn by itself (never a Refresh). Only
        a person with no hand at all in view, because Discord refused every token the bot had
        for them (``strandable``), opens one from the table message, as its "Show my hand"
        asks them to: nothing else could reach them."""
        user = self.users[uid]
        try:
            found = await self.emu.wait_until(
                lambda: self.turn_hand(uid), timeout=self.hand_wait, what="the hand to update"
            )
        except Exception:
            if self.strandable and self._refused_all(uid):
                # As a person would: their turn's ping (or the table) says it is their turn
                # and their hand cannot follow; they click Show my hand.
                await self.open_hand(uid)
                return await self.my_turn_hand(uid)
            hands = [(m.id, hand_state(m), m.content[:80]) for m in self.live_hands(uid)]
            seen = self.emu.visible_messages(self.channel, user)
            newest = (seen[-1].id, seen[-1].ephemeral, text_of(seen[-1])[:80]) if seen else None
            t = self.table
            raise AssertionError(
                f"{user.name}'s hand did not show their turn {(t.hand_no, t.version)} by itself: "
                f"{hands}; the newest message they see: {newest}"
            ) from None
        loop = asyncio.get_running_loop()
        if self._moved_at is not None:
            self.turn_seconds.append(loop.time() - self._moved_at)
            self._moved_at = None
        seen = self.emu.visible_messages(self.channel, user)
        self.not_newest += seen[-1].id != found.id
        return found

    async def play_one(self) -> bool:
        """The person to act clicks a legal card or bid. False once the game is over."""
        uid = await self.wait_for_human_or_end()
        if uid is None:
            return False
        user = self.users[uid]
        t = self.table
        self.turns[(t.hand_no, uid)] += 1
        msg = await self.my_turn_hand(uid)
        think = self.think
        if think is None and on_virtual_time():
            think = HUMAN_PACE
        if think is not None:
            await asyncio.sleep(self.rng.uniform(*think))
            msg = self.turn_hand(uid) or await self.my_turn_hand(uid)  # as it is now
        choices = enabled_moves(msg)
        by_action = {int(c.rsplit(":", 1)[1]): c for c in choices}
        # Bid 2 if nobody bid yet, else pass (games end sooner); cards at random.
        if 54 in by_action:
            pick = by_action[54]
        elif 52 in by_action:
            pick = by_action[52]
        else:
            pick = self.rng.choice(choices)
        if self.refresh_first and self.rng.random() < self.refresh_first:
            now = asyncio.get_running_loop().time()
            self._trail[uid].append(f"{now:.3f} clicked Refresh on {msg.id}")
            await self.emu.click(user, msg, f"tb:r:{self.table_id}", locale=self.locale)
            self.clicks += 1
            await asyncio.sleep(self.rng.uniform(0.0, 0.01))
        played = hand_state(msg)  # before the click: the emulator edits ``msg`` in place
        try:
            clicked_at = asyncio.get_running_loop().time()
            handle = await self.emu.click(user, msg, pick, locale=self.locale)
        except ComponentNotClickable:
            # The copy went from under their finger (the Refresh's new copy replaced it):
            # no click happened; they look at their hand again.
            now = asyncio.get_running_loop().time()
            self._trail[uid].append(f"{now:.3f} {msg.id} was gone before the click")
            return True
        self.moves_clicked.append(clicked_at)
        await handle.wait_ack()
        clicked = self.emu.message(msg.id)
        if clicked is not None and STALE_MOVE in text_of(clicked):
            self.refused += 1
        elif played is not None:
            self._saw(uid, (*played, 1))
            now = asyncio.get_running_loop().time()
            self._trail[uid].append(f"{now:.3f} played {pick} on {msg.id}, acknowledged")
        self._moved_at = asyncio.get_running_loop().time()
        self.clicks += 1
        self.check_screens()
        return True

    async def play_to_end(self, limit: int = 3000) -> None:
        for _ in range(limit):
            if not await self.play_one():
                await self.settle()
                return
        raise AssertionError("the game did not end")

    async def settle(self, timeout: float = 30.0) -> None:
        """Until the feed has sent everything (results, standings: the score chart is drawn in
        a worker thread, which on a busy machine takes seconds)."""
        feed = self.bot.tables.feed
        await self.emu.wait_until(
            lambda: True if self.table_id not in feed.tables else None,
            timeout=timeout,
            what="the feed to finish",
        )

    # ------------------------------------------------------------------ checks

    def check_screens(self) -> None:
        t = self.bot.tables.live.get(self.table_id)
        now = None if t is None else (t.hand_no, t.version)
        for uid in self.users:
            live = [m for m in self.live_hands(uid) if enabled_moves(m)]
            if self.strandable:
                # A copy only a token Discord refuses could reach cannot be changed by anyone
                # (its buttons, clicked, answer with the present): one copy shows the present.
                live = [m for m in live if hand_state(m) == now]
            assert len(live) <= 1, f"{self.users[uid].name} has {len(live)} live copies"
        assert not self.went_back, f"a hand went back in time: {self.went_back}"
        assert not self.refused, f"{self.refused} clicks on an enabled turn refused as stale"
        if self.check_leaks:
            live_table = self.bot.tables.live.get(self.table_id)
            if live_table is not None:
                assert_no_hand_in_public(self.emu, self.channel, live_table, self.bot)

    def __post_init__(self) -> None:
        self.emu.add_listener(self._on_event)

    def _on_event(self, ev: Any) -> None:
        """Counts each new public message that mentions a player (a notification), by hand;
        watches every hand message for a state older than its person already saw."""
        m = ev.message
        if ev.kind in ("message_create", "message_update") and m is not None and m.ephemeral:
            self._watch_hand(m)
        if ev.kind != "message_create" or m is None or m.ephemeral:
            return
        t = self.bot.tables.live.get(self.table_id)
        hand = t.hand_no if t is not None else -1
        for uid in self.users:
            if f"<@{uid}>" in m.content:
                self.mentions[(hand, uid)] += 1

    def _watch_hand(self, m: Message) -> None:
        owner = m.owner_id
        state = hand_state(m)
        if owner is None or owner not in self.users or state is None:
            return
        if not is_hand(m, self.table_id):
            return
        newest = self._seen.get(owner)
        now = asyncio.get_running_loop().time()
        turn = "turn" if enabled_moves(m) else "wait"
        self._trail[owner].append(f"{now:.3f} {m.id} {m.created_via} {state} {turn}")
        if newest is not None and (*state, 0) < newest:
            moved = " (their move there was played)" if newest[2] else ""
            trail = "\n  ".join(self._trail[owner])
            self.went_back.append(
                f"{self.users[owner].name}: message {m.id} showed {state} after {newest[:2]}"
                f"{moved}; lately:\n  {trail}"
            )
        else:
            self._saw(owner, (*state, 0))

    def _saw(self, person: int, state: tuple[int, int, int]) -> None:
        self._seen[person] = max(state, self._seen.get(person, state))

    def mentions_per_person_per_hand(self) -> float:
        hands = {h for h, _ in self.turns}
        return sum(self.mentions.values()) / max(1, len(hands) * len(self.users))


def assert_no_going_back(emu: DiscordEmulator, channel: Channel, table_id: int) -> None:
    """No hand message ever showed an older (hand, version) than one it showed before."""
    for m in emu.channel_messages(channel, include_deleted=True):
        if not is_hand(m, table_id):
            continue
        states = []
        revisions: list[Message | MessageRevision] = [*m.history, m]
        for rev in revisions:
            for comp in rev.components:
                ids = [
                    c.get("custom_id", "")
                    for c in comp.get("components", [])
                    if isinstance(c.get("custom_id"), str)
                ]
                found = [PLAY_RE.fullmatch(i) for i in ids]
                states += [(int(f[2]), int(f[3])) for f in found if f][:1]
                if found and any(found):
                    break
        assert states == sorted(states), f"hand message {m.id} went back in time: {states}"


@dataclass
class World:
    guild: Guild
    channel: Channel
    users: list[User]


# The bot's permissions in a test world whose games play in the channel, as before threads:
# without Create Public Threads (the emulator's bot role has it, as Discord's invite does).
IN_CHANNEL = DEFAULT_BOT_PERMISSIONS & ~CREATE_PUBLIC_THREADS


def make_world(
    emu: DiscordEmulator,
    names: tuple[str, ...] = ("alice", "bob", "carol"),
    *,
    threads: bool = False,
) -> World:
    """A server with channels "table" and "other" and people in it. ``threads``: the bot may
    open threads, so every game plays in its own (else in the channel it was started in)."""
    permissions = DEFAULT_BOT_PERMISSIONS if threads else IN_CHANNEL
    guild = emu.add_guild("Card Room", channels=["table", "other"], bot_permissions=permissions)
    channel = guild.channel("table")
    users = [emu.add_member(guild, n) for n in names]
    return World(guild, channel, users)


def lobby_table_id(msg: Message) -> int:
    for cid in msg.custom_ids():
        m = re.match(r"tb:l:(\d+):", cid)
        if m:
            return int(m.group(1))
    raise AssertionError(f"no lobby buttons on {msg!r}")


async def forge(
    emu: DiscordEmulator, user: User, message: Message, custom_id: str
) -> InteractionHandle:
    """A click carrying any custom_id, as a modified client could send (bypasses the checks a
    real client makes, so the bot's own checks are what is tested)."""
    channel = emu.channels[message.channel_id]
    return await emu._dispatch_interaction(
        3,
        user,
        channel,
        {"custom_id": custom_id, "component_type": 2},
        name=custom_id,
        message=message,
    )


def unplayed_cards(table: Table) -> set[str]:
    """Labels of every card still in a hand (as the bot renders them in English)."""
    from bot.i18n import ENGLISH
    from bot.render import card_label
    from engine.cards import cards_of

    st = table.state
    assert st is not None
    hands: list[int] = st.hands  # type: ignore[attr-defined]
    return {card_label(c, ENGLISH) for h in hands for c in cards_of(h)}


def assert_no_hand_in_public(
    emu: DiscordEmulator, channel: Channel, table: Table, bot: TrickBot
) -> None:
    """No public message of the current hand shows a card that is still in someone's hand."""
    if table.status != "playing":
        return
    current = bot.tables.feed.table_message_id(table)
    if current is None:
        return
    hidden = unplayed_cards(table)
    for msg in emu.public_messages(channel):
        if msg.id < current:
            continue  # earlier hands: the same cards were dealt again since
        finished = HAND_RESULT_RE.match(msg.content)
        if finished is not None and int(finished[1]) < table.hand_no:
            continue  # an earlier hand's result (below a table message the new hand took over)
        shown = {a + b for a, b in CARD_RE.findall(text_of(msg))}
        leaked = shown & hidden
        assert not leaked, f"{leaked} shown in public before being played: {text_of(msg)}"


async def wait_idle(seconds: float = 0.2) -> None:
    await asyncio.sleep(seconds)
