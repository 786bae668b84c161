"""Playing at the real bot's table in the sandbox page, as people do: each person has a page
of their own and plays from the hand the bot keeps in front of them.

Nothing here ever clicks Refresh or Show my hand. On every turn the acting person's live hand
(the newest ephemeral message with enabled card or bid buttons) must be on their page by
itself, inside the visible part of the message list without any scrolling, and nobody's page
may show anyone else's hand.
"""

from __future__ import annotations

import asyncio
import re
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from sandbox import DiscordEmulator, Message, User
from sandbox.run import Sandbox
from tests.sandbox_web.browser import Page, screenshot

PLAY_RE = re.compile(r"tb:p:(\d+):(\d+):(\d+):(\d+):(\d+)")
PASS, BID_2 = 52, 54
BIDS = (54, 55, 56)
# Seconds a person's hand may take to show their turn by itself: a deadline for a hand that
# never comes, not a measure of speed (the computers' first searches load their kernels into
# each worker, seconds on a machine busy with the other tests).
TURN_WAIT = 30.0
# The bot answers a click and then publishes (results, the table message, the mention, the
# hands) in a burst; a person looks at their page once the channel is quiet this long.
QUIET = 0.12
RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]

# What one page shows: its ephemeral messages, and the newest one with enabled card or bid
# buttons (the live hand), with where it is inside the message list's visible box.
VIEW_JS = """
() => {
  const list = document.querySelector('#messages');
  const box = list.getBoundingClientRect();
  const msgs = [...list.querySelectorAll('.msg')];
  const playable = 'button[data-custom-id^="tb:p:"]:not(:disabled)';
  const ephemeral = msgs.filter(m => m.dataset.ephemeral === '1');
  const live = ephemeral.filter(m => m.querySelector(playable));
  const out = {
    ephemeral: ephemeral.map(m => m.dataset.messageId),
    live: live.map(m => m.dataset.messageId),
    hand: null,
  };
  if (!live.length) return out;
  const hand = live[live.length - 1];
  const r = hand.getBoundingClientRect();
  out.hand = {
    id: hand.dataset.messageId,
    text: hand.querySelector('.content') ? hand.querySelector('.content').innerText : '',
    top: r.top, bottom: r.bottom, listTop: box.top, listBottom: box.bottom,
    inView: r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5,
    newest: ephemeral[ephemeral.length - 1] === hand,
    below: msgs.slice(msgs.indexOf(hand) + 1).map(m => m.innerText.slice(0, 100)),
    scroll: [list.scrollTop, list.scrollHeight, list.clientHeight],
    enabled: [...hand.querySelectorAll(playable)]
      .map(b => [b.dataset.customId, b.innerText.trim()]),
  };
  return out;
}
"""

# The turn line of the newest table message ("▶ Ben to play ..."), or null.
TURN_JS = """
() => {
  const lines = [...document.querySelectorAll('#messages .msg:not([data-ephemeral="1"]) .embed')]
    .map(e => e.innerText.split('\\n').find(l => l.startsWith('▶')))
    .filter(Boolean);
  return lines.length ? lines[lines.length - 1] : null;
}
"""

STANDINGS_JS = """
(title) => [...document.querySelectorAll('#messages .embed-title')]
  .some(t => t.innerText.includes(title))
"""


@dataclass
class Hand:
    """The live hand a page shows."""

    id: int
    text: str
    in_view: bool
    newest: bool
    box: tuple[float, float, float, float]  # top, bottom, list top, list bottom
    below: list[str]  # the start of each message below it
    scroll: tuple[int, int, int]  # the list's scrollTop, scrollHeight, clientHeight
    enabled: list[tuple[str, str]]  # (custom_id, label) of each enabled card or bid button

    @property
    def key(self) -> tuple[int, int, int]:
        """(table, hand, version) its buttons are for."""
        m = PLAY_RE.fullmatch(self.enabled[0][0])
        assert m is not None, self.enabled
        return int(m[1]), int(m[2]), int(m[3])

    def actions(self) -> dict[int, str]:
        """Action number (0-51 a card, 52 pass, 54-56 a bid) -> custom_id."""
        return {int(cid.rsplit(":", 1)[1]): cid for cid, _ in self.enabled}

    def label(self, custom_id: str) -> str:
        return next(label for cid, label in self.enabled if cid == custom_id)


@dataclass
class View:
    ephemeral: list[int]
    live: list[int]
    hand: Hand | None


@dataclass
class Person:
    name: str
    user: User
    page: Page


@dataclass
class Move:
    who: str
    key: tuple[int, int, int]
    action: int  # 0-51 a card, 52 pass, 54-56 a bid of 2-4
    label: str

    @property
    def is_bid(self) -> bool:
        return self.action in BIDS

    @property
    def is_card(self) -> bool:
        return self.action < PASS


@dataclass
class Table:
    """People at one table of the sandbox, each on their own page."""

    box: Sandbox
    people: list[Person]
    channel: str
    standings_title: str = "final standings"
    moves: list[Move] = field(default_factory=list)
    last: tuple[int, int, int] = (0, 0, -1)
    changed_at: float = 0.0  # when the emulator last changed a message of the channel

    def __post_init__(self) -> None:
        channel_id = self.box.web.world.channel(self.channel).id

        def on_event(event: Any) -> None:
            if event.message is not None and event.message.channel_id == channel_id:
                self.changed_at = time.monotonic()

        self.changed_at = time.monotonic()
        self.emu.add_listener(on_event)

    @property
    def emu(self) -> DiscordEmulator:
        return self.box.emulator

    def person(self, name: str) -> Person:
        return next(p for p in self.people if p.name == name)

    async def view(self, person: Person) -> View:
        data: dict[str, Any] = await person.page.evaluate(VIEW_JS)
        hand = None
        if data["hand"] is not None:
            h = data["hand"]
            hand = Hand(
                id=int(h["id"]),
                text=h["text"],
                in_view=h["inView"],
                newest=h["newest"],
                box=(h["top"], h["bottom"], h["listTop"], h["listBottom"]),
                below=[str(t) for t in h["below"]],
                scroll=(h["scroll"][0], h["scroll"][1], h["scroll"][2]),
                enabled=[(str(c), str(label)) for c, label in h["enabled"]],
            )
        return View([int(i) for i in data["ephemeral"]], [int(i) for i in data["live"]], hand)

    async def over(self) -> bool:
        done: bool = await self.people[0].page.evaluate(STANDINGS_JS, self.standings_title)
        return done

    async def next_turn(self, timeout: float = TURN_WAIT) -> tuple[Person, Hand] | None:
        """Whose page shows a hand to play newer than the last move (None: the game is over).

        Waits for it to come by itself; a hand that never comes fails the test (a person
        would have had to click Refresh or Show my hand to find their turn)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            views = {p.name: await self.view(p) for p in self.people}
            for p in self.people:
                self.assert_own_messages_only(p, views[p.name])
            ready = [
                (p, h)
                for p in self.people
                if (h := views[p.name].hand) is not None and h.key > self.last
            ]
            if len(ready) > 1:
                raise AssertionError(f"two people have a turn at once: {ready}")
            if ready:
                return ready[0]
            if await self.over():
                return None
            if loop.time() > deadline:
                turn = await self.people[0].page.evaluate(TURN_JS)
                raise AssertionError(
                    f"nobody's page showed a hand to play by itself within {timeout} s after "
                    f"{self.moves[-1:]}; the table says {turn!r}; pages: {views}"
                )
            await asyncio.sleep(0.03)

    def assert_own_messages_only(self, person: Person, view: View) -> None:
        """A page shows its person's ephemeral messages (their hand) and nobody else's."""
        for mid in view.ephemeral:
            msg = self.emu.message(mid)
            assert msg.owner_id == person.user.id, (
                f"{person.name}'s page shows {self.emu.users[msg.owner_id or 0].name}'s "
                f"ephemeral message {msg.content[:80]!r}"
            )

    async def settled(self, person: Person, turn: Hand, timeout: float = 3.0) -> Hand:
        """The person's live hand once the bot has finished publishing the move before (the
        channel quiet for QUIET seconds) and the page shows what the emulator holds."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        user = person.user
        channel = self.box.web.world.channel(self.channel)

        def bot_live() -> list[int]:
            return [
                m.id
                for m in self.emu.visible_messages(channel, user)
                if m.ephemeral and any(PLAY_RE.fullmatch(c) for c in _enabled_ids(m))
            ]

        # A hand moved to the bottom is posted before its older copy is deleted (a crash in
        # between must leave one the person can reach): on a loaded machine the delete can
        # follow after a quiet moment, so the bot has settled once the older copy is gone too.
        while (
            time.monotonic() - self.changed_at < QUIET or len(bot_live()) > 1
        ) and loop.time() < deadline:
            await asyncio.sleep(0.02)
        live = bot_live()
        while True:
            view = await self.view(person)
            if view.live == live and view.hand is not None:
                assert view.hand.key == turn.key, (
                    f"{person.name}'s turn {turn.key} moved on to {view.hand.key} by itself"
                )
                return view.hand
            if loop.time() > deadline:
                raise AssertionError(
                    f"{person.name}'s page shows live hands {view.live}; the bot left {live}"
                )
            await asyncio.sleep(0.02)

    async def check_turn(self, person: Person, hand: Hand) -> None:
        """On a person's turn: one live hand, the newest of their messages, in view without
        scrolling and at the bottom of the channel (the last message they see); the table
        message says it is their turn; nobody else has a live hand."""
        view = await self.view(person)
        assert view.live == [hand.id], f"{person.name} has live hands {view.live}"
        assert hand.newest, f"{person.name}'s live hand is not their newest private message"
        top, bottom, list_top, list_bottom = hand.box
        if not hand.in_view:
            stuck = await person.page.evaluate("() => state.atBottom")
            await screenshot(person.page, f"out-of-view-{person.name}.png")
            raise AssertionError(
                f"{person.name}'s hand is out of view on their turn: it spans {top:.0f}-"
                f"{bottom:.0f}, the message list shows {list_top:.0f}-{list_bottom:.0f} "
                f"(scroll {hand.scroll}, kept at the end: {stuck}); below it: {hand.below}"
            )
        assert not hand.below, (
            f"{person.name}'s hand is not at the bottom of the channel on their turn: below it "
            f"are {hand.below}"
        )
        await self.wait_for_turn_line(person)
        for other in self.people:
            if other is not person:
                await self.wait_no_live_hand(other)

    async def wait_for_turn_line(self, person: Person, timeout: float = 3.0) -> str:
        """The table message names the person to act (it is edited at most every 50 ms here).
        In every language the turn line starts with ▶ and names the person."""
        wanted = re.compile(rf"^▶.*\b{re.escape(person.name)}\b")
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            turn: str | None = await person.page.evaluate(TURN_JS)
            if turn is not None and wanted.match(turn):
                return turn
            if loop.time() > deadline:
                raise AssertionError(f"{person.name}'s turn, but the table says {turn!r}")
            await asyncio.sleep(0.03)

    async def wait_no_live_hand(self, person: Person, timeout: float = 3.0) -> None:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while (view := await self.view(person)).live:
            if loop.time() > deadline:
                raise AssertionError(
                    f"not {person.name}'s turn, yet their page has cards to click: {view.live}"
                )
            await asyncio.sleep(0.03)

    async def play(self, person: Person, hand: Hand, custom_id: str) -> None:
        """Clicks a card or bid in the person's live hand (in view: nothing to scroll). A copy
        the bot held back while the person's interaction token was at Discord's limit (5 in
        2 s) may replace the hand under the pointer: the person then clicks the same card on
        the copy of the same turn now in front of them (never a Refresh)."""
        for _ in range(3):
            shown = (await self.view(person)).hand
            target = shown.id if shown is not None and shown.key == hand.key else hand.id
            button = person.page.locator(
                f'.msg[data-message-id="{target}"] button[data-custom-id="{custom_id}"]'
            )
            try:
                await button.click(timeout=5000)
                break
            except Exception as e:  # playwright's TimeoutError (imported lazily)
                if type(e).__name__ != "TimeoutError":
                    raise
        else:
            raise AssertionError(f"{person.name} could not click {custom_id} on {hand.key}")
        action = int(custom_id.rsplit(":", 1)[1])
        self.moves.append(Move(person.name, hand.key, action, hand.label(custom_id)))
        self.last = hand.key

    def hands_played(self) -> set[tuple[int, int]]:
        return {m.key[:2] for m in self.moves}


PLACE_JS = """
(m) => {
  const list = document.querySelector('#messages');
  const r = m.getBoundingClientRect();
  const b = list.getBoundingClientRect();
  const msgs = [...list.querySelectorAll('.msg')];
  return {
    end: list.scrollTop + list.clientHeight >= list.scrollHeight - 1,
    bottom: r.bottom <= b.bottom + 0.5,
    box: [r.top, r.bottom, b.top, b.bottom],
    below: msgs.slice(msgs.indexOf(m) + 1).map(x => x.innerText.slice(0, 100)),
    scroll: [list.scrollTop, list.scrollHeight, list.clientHeight],
    stuck: state.atBottom,
  };
}
"""


async def assert_at_bottom(page: Page, message: Any, what: str) -> None:
    """The message is the last one, and the list is scrolled to its end (the message's end is
    in view without scrolling)."""
    place: dict[str, Any] = await message.evaluate(PLACE_JS)
    if not (place["end"] and place["bottom"] and not place["below"]):
        await screenshot(page, f"not-at-bottom-{what.replace(' ', '-')}.png")
        raise AssertionError(f"{what} is not at the bottom, in view: {place}")


def _enabled_ids(msg: Message) -> list[str]:
    return [str(b.get("custom_id", "")) for b in msg.buttons() if not b.get("disabled")]


def card_rank(label: str) -> int:
    """2 lowest, ace highest (a bid or pass: -1)."""
    rank = label[:-1]
    return RANKS.index(rank) if rank in RANKS else -1


def pings(emu: DiscordEmulator, channel_id: int, users: list[User], after: int) -> list[Message]:
    """Every public message the bot posted after ``after`` that mentions one of ``users`` (a
    notification), deleted ones included: each is counted once, however often it was edited."""
    out = []
    for msg in emu.channel_messages(channel_id, include_deleted=True):
        if msg.id <= after or msg.ephemeral or not msg.author.bot:
            continue
        if any(f"<@{u.id}>" in msg.content or f"<@!{u.id}>" in msg.content for u in users):
            out.append(msg)
    return out


def mentions_by_person(msgs: list[Message], users: list[User]) -> Counter[str]:
    count: Counter[str] = Counter()
    for msg in msgs:
        for u in users:
            if f"<@{u.id}>" in msg.content or f"<@!{u.id}>" in msg.content:
                count[u.name] += 1
    return count
