"""bot/tables on its own: the real tables, storage (SQLite) and engine, with a fake Discord and
a clock driven by hand. Whole games in milliseconds, for the invariants the end-to-end tests
can only sample:

- no message is ever shown an older state than it showed, and no two requests about one
  message are ever in flight at once (one lock per message);
- a crash after any request of a game (Discord did it, the bot never learned) loses nothing and
  doubles nothing: every result and the final standings once, no live button left behind;
- a person's hand follows them (posted anew on their turn, the older copy gone) and is reduced
  to one line before its token dies;
- the table message and the pings go through people's tokens: a game costs the bot's own
  token at most 0.15 requests per action.
"""

from __future__ import annotations

import asyncio
import random
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import pytest

from bot import ids
from bot.computers import ComputerPlayers
from bot.storage import Storage
from bot.tables import NewTable, Tables
from bot.tables.feed.limits import CLOCK_MARGIN, TOKEN_WINDOW
from bot.tables.feed.outlet import BOT, Voice
from bot.tables.feed.state import plan_of
from tests.bot.tables.fakes import (
    FakeDiscord,
    FakeMessage,
    HandClock,
    asker,
    custom_ids,
    enabled,
)

GUILD, CHANNEL = 1, 10
PEOPLE = (101, 102)
HAND_WAIT_ROUNDS = 1000  # of 10 ms: a busy machine may take seconds
UNLIMITED_CREATES = 100_000


@dataclass
class World:
    clock: HandClock
    discord: FakeDiscord
    storage: Storage
    tables: Tables
    path: Path
    channel: int = CHANNEL  # where the next table opens
    computers: ComputerPlayers | None = None  # the workers a restarted process uses

    async def restart(self) -> None:
        """The process died (its tasks end where they are) and a new one starts."""
        await self.tables.halt()
        await self.storage.close()
        self.clock.advance(0.3)  # a new process is up a moment later
        self.discord.crashed.clear()
        self.discord.crash_after = None
        self.storage = await Storage.open(self.path)
        self.tables = _tables(self.storage, self.discord, self.clock, self.computers)
        await self.tables.start()
        # A new gateway session: what was posted before it is not known to be at the bottom.
        self.tables.listening_since(max(self.discord.messages, default=0) + 1)


def _tables(
    storage: Storage,
    discord: FakeDiscord,
    clock: HandClock,
    computers: ComputerPlayers | None = None,
) -> Tables:
    # The fake has no hidden limit on webhook creates unless a test sets one, and its clock
    # hardly moves in a whole game: the bot is told the fake's limit (none to speak of).
    return Tables(
        storage,
        discord,
        clock=clock,
        ai_pause=0.0,
        default_turn_timer=0,
        table_edit_gap=0.0,
        webhook_creates=(UNLIMITED_CREATES, 60.0),
        computers=computers,
    )


async def _world(tmp_path: Path, *, jitter: int | None = None) -> World:
    clock = HandClock()
    discord = FakeDiscord(clock, jitter=None if jitter is None else random.Random(jitter))
    path = tmp_path / "db.sqlite3"
    storage = await Storage.open(path)
    tables = _tables(storage, discord, clock)
    await tables.start()
    # As the bot on the gateway: it hears of every message from now on (the fake's messages
    # are all the bot's, and it notes those itself).
    tables.listening_since(0)
    return World(clock, discord, storage, tables, path)


async def _settle(w: World, patience: float = 60.0) -> None:
    """Until the feed has sent everything it has (the fake answers at once; a chart is drawn
    in a worker thread, which on a busy machine takes seconds). What waits for room in a
    token's window (at most its 2 s, counted 2.05 s) is due when the clock gets there: the
    clock is moved on to it, as time would. ``patience``: real seconds before giving up (a test
    then fails)."""
    quiet = 0
    seen = -1
    loop = asyncio.get_running_loop()
    deadline = loop.time() + patience
    while loop.time() < deadline:
        await asyncio.sleep(0.001)
        count = len(w.discord.requests)
        # Quiet: no request since the last look, no change being committed (its table's lock
        # held: the feed hears of it only once it is saved, which a busy machine makes slow),
        # and the feed is in no pass, saves nothing and has nothing waiting but what is due
        # later.
        changing = any(t.lock.locked() for t in w.tables.live.values())
        idle = count == seen and not changing and w.tables.feed.idle()
        quiet = quiet + 1 if idle else 0
        seen = count
        if w.discord.crashed.is_set():
            return
        if quiet >= 3:
            soon = w.clock.now + TOKEN_WINDOW + CLOCK_MARGIN  # a token's window, as counted
            feeds = [tf for tf in w.tables.feed.tables.values() if tf.due <= soon]
            if not feeds:
                return
            w.clock.now = max(w.clock.now, min(tf.due for tf in feeds))
            for tf in feeds:
                tf.wake.set()
            quiet = 0


async def _open(w: World, target: int = 4) -> int:
    """A 3-seat Smear table: two people and an easy computer; its id."""
    host, answer = asker(w.discord, PEOPLE[0], guild_id=GUILD, channel_id=w.channel)
    new = NewTable("smear", 3, {"target": target, "stuck_dealer": False}, 0)
    await w.tables.lobby.open(host, answer, new)
    lobby = w.discord.messages[answer.posted[0]]
    tid = int(re.findall(r"tb:l:(\d+):", " ".join(enabled(lobby.payload)))[0])
    guest, answer = asker(w.discord, PEOPLE[1], guild_id=GUILD, channel_id=w.channel, clicked=lobby)
    await w.tables.lobby.press(guest, answer, tid, "join")
    who, answer = asker(
        w.discord,
        PEOPLE[0],
        guild_id=GUILD,
        channel_id=w.channel,
        clicked=lobby,
        selected=("easy",),
    )
    await w.tables.lobby.add_computer(who, answer, tid)
    await _settle(w)
    return tid


def _hand_of(w: World, user: int) -> FakeMessage | None:
    """The person's newest live hand (an ephemeral message with moves)."""
    mine = [
        m
        for m in w.discord.live(w.channel, ephemeral=True)
        if any(c.startswith("tb:p:") for c in enabled(m.payload))
        and w.discord.messages[m.id].token is not None
        and _owner(w, m) == user
    ]
    return max(mine, key=lambda m: m.id) if mine else None


async def _wait_for_hand(w: World, user: int, version: int) -> FakeMessage | None:
    """The person's hand once it offers them the move at ``version`` (a busy machine may take
    a moment; a hand that never comes is a failure)."""
    for _ in range(HAND_WAIT_ROUNDS):
        hand = _hand_of(w, user)
        if hand is not None and f":{version}:" in " ".join(enabled(hand.payload)):
            return hand
        await asyncio.sleep(0.01)
    return None


def _owner(w: World, m: FakeMessage) -> int | None:
    for c in enabled(m.payload):
        found = ids.PLAY.fullmatch(c)
        if found:
            t = w.tables.live.get(int(found["tid"]))
            seat = int(found["seat"])
            return None if t is None or seat >= len(t.seats) else t.seats[seat].user_id
    return None


async def _play(
    w: World, tid: int, rng: random.Random, *, limit: int = 2000, think: float = 0.0
) -> int:
    """People play from their hands until the game is over, each thinking ``think`` seconds
    of the clock before a move (0: at once, faster than any person); the moves they made."""
    moves = 0
    for _ in range(limit):
        await _settle(w)
        w.clock.advance(think)
        t = w.tables.live.get(tid)
        if t is None or t.state is None or t.status != "playing" or w.discord.crashed.is_set():
            return moves
        seat = t.state.current_player
        if seat is None or t.seats[seat].user_id is None:
            continue
        user = t.seats[seat].user_id
        assert user is not None
        hand = await _wait_for_hand(w, user, t.version)
        assert hand is not None, f"seat {seat}'s hand does not offer a move by itself"
        choices = [c for c in enabled(hand.payload) if c.startswith("tb:p:")]
        by_action = {int(c.rsplit(":", 1)[1]): c for c in choices}
        pick = by_action.get(54) or by_action.get(52) or rng.choice(choices)
        found = ids.PLAY.fullmatch(pick)
        assert found is not None
        move = (int(found["hand"]), int(found["ver"]), int(found["seat"]), int(found["action"]))
        who, answer = asker(w.discord, user, guild_id=GUILD, channel_id=w.channel, clicked=hand)
        await w.tables.play.play(who, answer, tid, move)
        moves += 1
    raise AssertionError("the game did not end")


def _versions(m: FakeMessage) -> list[tuple[int, int]]:
    """(hand, version) each version of a message showed, from its card buttons."""
    out = []
    for payload in m.payloads:
        found = [f for c in custom_ids(payload) if (f := ids.PLAY.fullmatch(c))]
        if found:
            out.append((int(found[0]["hand"]), int(found[0]["ver"])))
    return out


def _check_the_end(w: World) -> None:
    public = w.discord.live(w.channel, ephemeral=False)
    texts = [m.payload.content or "" for m in public]
    results = Counter(text.split("**")[1] for text in texts if text.startswith("**Hand "))
    assert results and all(n == 1 for n in results.values()), results
    standings = [m for m in public if m.payload.chart is not None or m.payload.file is not None]
    assert len(standings) == 1
    # A hand's result keeps its Review hand button for good; nothing else stays live.
    live = [
        m.id
        for m in public
        if m not in standings and [c for c in enabled(m.payload) if not c.startswith("tb:rh:")]
    ]
    assert not live, "public messages left with live buttons"
    hands = [m.id for m in w.discord.live(w.channel, ephemeral=True) if _owner(w, m) is not None]
    assert not hands, "hands left with live moves"


async def test_no_message_goes_back_in_time_and_one_request_at_a_time(tmp_path: Path) -> None:
    w = await _world(tmp_path, jitter=3)
    try:
        tid = await _open(w)
        await _play(w, tid, random.Random(5))
        await _settle(w)
        for m in w.discord.messages.values():
            states = _versions(m)
            assert states == sorted(states), f"message {m.id} went back in time: {states}"
        assert w.discord.overlaps == []
        assert w.discord.too_soon == [], "a token used before its interaction was answered"
        assert w.discord.crowded == [], "a token sent more than Discord allows"
        _check_the_end(w)
    finally:
        await w.tables.stop()
        await w.storage.close()


CRASHES = [
    *((None, n) for n in (3, 8, 14, 21, 29, 37, 46, 55, 68, 80)),
    # Each kind of request, where a crash right after it matters most:
    *(("public token_post", n) for n in (1, 2, 3, 5)),  # a table message or a ping
    *(("hand token_post", n) for n in (1, 3)),
    ("post", 1),  # a hand's result
    *(("token_delete", n) for n in (1, 2)),  # a ping or an older hand
    ("token_edit", 4),
]


@pytest.mark.parametrize(("kind", "nth"), CRASHES)
async def test_a_crash_after_any_request_loses_and_doubles_nothing(
    tmp_path: Path, kind: str | None, nth: int
) -> None:
    w = await _world(tmp_path)
    try:
        if kind is None:
            w.discord.crash_after = len(w.discord.requests) + nth
        else:
            w.discord.crash_on = (kind, nth)
        rng = random.Random(nth)
        for _ in range(4):  # a short game (the deal decides) may end before the crash comes
            tid = await _open(w, target=6)
            await _play(w, tid, rng)
            if w.discord.crashed.is_set():
                break
            w.channel += 1  # the next game in a channel of its own
        assert w.discord.crashed.is_set(), "four games ended before the crash"
        await w.restart()
        await _settle(w)
        await _play(w, tid, rng)
        await _settle(w)
        _check_the_end(w)
        assert w.discord.too_soon == []
        assert w.discord.crowded == [], "a token sent more than Discord allows"
    finally:
        await w.tables.stop()
        await w.storage.close()


async def test_a_hand_follows_its_person_and_is_cut_before_its_token_dies(tmp_path: Path) -> None:
    w = await _world(tmp_path)
    try:
        tid = await _open(w)
        t = w.tables.live[tid]
        assert t.state is not None
        seat = t.state.current_player
        assert seat is not None and t.seats[seat].user_id in PEOPLE
        user = t.seats[seat].user_id
        assert user is not None
        hand = _hand_of(w, user)
        assert hand is not None, "the first to act got their hand without asking"
        newest = max(m.id for m in w.discord.live(w.channel) if m.ephemeral is False)
        assert hand.id > newest, "and it is below the table message"
        w.clock.advance(14.5 * 60)  # the token has half a minute left
        w.tables.feed.changed(t)
        await _settle(w)
        assert not enabled(w.discord.messages[hand.id].payload), "cut to one line in time"
    finally:
        await w.tables.stop()
        await w.storage.close()


async def test_a_game_costs_the_bot_token_little(tmp_path: Path) -> None:
    """At a person's pace (2 s a move, the quick end of people's 2-6 s), the table message,
    pings and hands go through people's tokens: the bot's own authority carries at most 0.15
    requests per action (a table edit whose token has no room for a while is one of them)."""
    w = await _world(tmp_path)
    try:
        tid = await _open(w)
        before = w.discord.bot_token_requests()
        await _play(w, tid, random.Random(9), think=2.0)
        await _settle(w)
        found = await w.storage.tables.record_of(tid)
        assert found is not None and found[2] is not None
        actions = sum(len(h.get("bids", [])) + len(h["plays"]) for h in found[2]["hands"])
        spent = w.discord.bot_token_requests() - before
        assert spent / actions <= 0.15, (spent, actions, Counter(w.discord.requests))
    finally:
        await w.tables.stop()
        await w.storage.close()


async def test_a_long_run_keeps_only_the_tokens_in_use(tmp_path: Path) -> None:
    """Every click brings a new interaction token; the outlet counts each token's requests in
    its 2 s window. Once a window is empty the token is forgotten (within the sweep's 30 s),
    or a bot that runs for days would keep one entry per click it ever had."""
    w = await _world(tmp_path)
    try:
        tid = await _open(w)
        await _play(w, tid, random.Random(5))
        await _settle(w)
        outlet = w.tables.feed.outlet
        assert w.discord.tokens_used() > 1, "the game's messages went through clicks' tokens"
        # How many the outlet holds right now depends on when its last sweep fell (the clock
        # moves whenever anything sleeps, and the feed keeps a token that works): a burst of
        # clicks a moment ago makes sure there is something to forget.
        for n in range(10):
            outlet.wait_for(Voice(f"a-click-{n}", w.clock.time()))
        assert outlet.tokens_held() >= 10
        w.clock.advance(31.0)
        outlet.wait_for(Voice("a-new-click", w.clock.time()))
        assert outlet.tokens_held() <= 1
    finally:
        await w.tables.stop()
        await w.storage.close()


@pytest.mark.parametrize("where", ["table message", "their hand"])
async def test_a_hand_answer_that_waited_while_its_person_moved_shows_the_move(
    tmp_path: Path, where: str
) -> None:
    """Issue 31: "Show my hand" (or Refresh) is handled, a card is played a moment later, and
    the Refresh's answer, which waited for the hand's lane meanwhile, goes out after the move.
    It must show the hand as it is when it leaves (the card played), never the hand from before
    the move with that card's button still enabled."""
    w = await _world(tmp_path)
    try:
        tid = await _open(w)
        t = w.tables.live[tid]
        assert t.state is not None and t.state.current_player is not None
        user = t.seats[t.state.current_player].user_id
        assert user in PEOPLE
        hand = await _wait_for_hand(w, user, t.version)
        assert hand is not None
        before, committed = t.version, t.revision
        lane = w.tables.feed.tables[tid].lanes[user]
        await lane.lock.acquire()  # the lane is busy (the feed is sending this hand)
        refresh, refresh_answer = asker(
            w.discord,
            user,
            guild_id=GUILD,
            channel_id=w.channel,
            clicked=hand if where == "their hand" else None,
        )
        refreshing = asyncio.create_task(w.tables.play.show_hand(refresh, refresh_answer, tid))
        pick = next(c for c in enabled(hand.payload) if c.startswith("tb:p:"))
        found = ids.PLAY.fullmatch(pick)
        assert found is not None
        move = (int(found["hand"]), int(found["ver"]), int(found["seat"]), int(found["action"]))
        card, card_answer = asker(
            w.discord, user, guild_id=GUILD, channel_id=w.channel, clicked=hand
        )
        playing = asyncio.create_task(w.tables.play.play(card, card_answer, tid, move))
        for _ in range(HAND_WAIT_ROUNDS):  # the move is committed (its answer waits too)
            if t.revision > committed:
                break
            await asyncio.sleep(0.01)
        assert t.revision > committed and t.version > before
        lane.lock.release()
        await asyncio.gather(refreshing, playing)
        sent = [p for p in refresh_answer.updates if p is not None] + [
            w.discord.messages[m].payloads[0] for m in refresh_answer.posted
        ]
        assert sent, "the Refresh was answered with the hand"
        shown = {
            (int(f["hand"]), int(f["ver"]))
            for c in custom_ids(sent[-1])
            if (f := ids.PLAY.fullmatch(c))
        }
        assert shown and min(shown)[1] > before, f"the answer showed {shown}, from before the move"
        assert pick not in enabled(sent[-1]), "the played card's button is still enabled"
    finally:
        await w.tables.stop()
        await w.storage.close()


async def test_the_table_message_never_waits_for_one_tokens_window(tmp_path: Path) -> None:
    """Issue 31: the table message went through a person's token whose 5 requests in 2 s were
    spent (they click fast, and their hand goes through it too), and its edits waited up to
    2 s for that window: the public table lagged moves behind. Now the bot's own authority
    carries such an edit at once, and the token keeps the message."""
    w = await _world(tmp_path)
    try:
        tid = await _open(w)
        t = w.tables.live[tid]
        feed = w.tables.feed
        tf = feed.tables[tid]
        slot = tf.slots[f"table:{t.hand_no}"]
        token = slot.voice
        assert token.token is not None, "the table message went through a token"
        # The opening's requests through that token (the table message, the first hand, held,
        # and the edit that lit it) have left its window.
        w.clock.advance(TOKEN_WINDOW + CLOCK_MARGIN)
        now = w.clock.monotonic()
        slot.edited_at = now - 10.0  # its edit gap is long past
        assert feed.public._edit_way(tf, slot, now) == token, "a token with room carries it"
        for _ in range(5):  # its window full for 2 s
            feed.outlet._tokens.spend(token.token)
        assert feed.public._edit_way(tf, slot, now) == BOT
        assert slot.voice == token
    finally:
        await w.tables.stop()
        await w.storage.close()


async def test_a_table_message_only_the_bot_can_edit_moves_to_a_token_when_its_bucket_is_spent(
    tmp_path: Path,
) -> None:
    """Issue 31: a table message posted with the bot's authority (no token had room when it
    was posted, as at a daily deal's start) can be edited only by the bot, whose channel bucket
    takes 5 edits in 5 s: computers moving fast spent it, and the table showed a computer's turn
    for seconds after the person's hand showed theirs. Then it moves to a person's token with
    room (posted anew before the hands, the bot's copy deleted), which any way can edit."""
    w = await _world(tmp_path)
    try:
        feed = w.tables.feed
        feed.public.interactions = False  # the table message goes with the bot's authority
        tid = await _open(w)
        feed.public.interactions = True
        t = w.tables.live[tid]
        tf = feed.tables[tid]
        name = f"table:{t.hand_no}"
        slot = tf.slots[name]
        assert slot.voice == BOT
        assert feed.public._move_to(tf, slot) is None, "a bucket with room keeps it where it is"
        for _ in range(4):
            feed.outlet.buckets.spend(t.play_channel_id)
        fresh = feed.public._move_to(tf, slot)
        assert fresh is not None and fresh.token is not None, "a person's token takes it"
        old = slot.message_id
        plan = plan_of(tf, feed.languages)
        assert feed.public.table_message_first(tf, plan), "it moves before the hands"
        await feed.public.table_message(tf, plan, may_move=True)
        moved = tf.slots[name]
        assert moved.voice.token == fresh.token and moved.message_id not in (None, old)
        assert old not in [m.id for m in w.discord.live(w.channel)], "the bot's copy is gone"
    finally:
        await w.tables.stop()
        await w.storage.close()


async def test_a_token_discord_refused_is_never_saved_for_the_next_process(
    tmp_path: Path,
) -> None:
    """Seed 775 of the soak: a person's freshest token answered Unknown Webhook, the bot was
    killed, and the next process, reading the hand's tokens from the database, asked that
    token again (Discord restricts callers that keep asking a refused webhook). A refusal now
    saves the hands that kept the token again, without it."""
    w = await _world(tmp_path)
    try:
        tid = await _open(w)
        await _settle(w)
        lanes = w.tables.feed.tables[tid].lanes
        lane = next(lane for lane in lanes.values() if lane.fresh is not None)
        assert lane.fresh is not None
        token = lane.fresh[0]
        sql = "SELECT copy_token, fresh_token FROM hand_copies WHERE table_id = ? AND user_id = ?"
        saved = await w.storage.tables.db.fetchall(sql, (tid, lane.user_id))
        assert token in saved[0], "the freshest token is saved"
        w.tables.feed.outlet.retire(token)
        await _settle(w)
        w.clock.advance(1.0)  # the tokens are saved together, a moment after they change
        await _settle(w)
        saved = await w.storage.tables.db.fetchall(sql, (tid, lane.user_id))
        assert token not in saved[0], "a refused token is not left for the next process"
    finally:
        await w.tables.stop()
        await w.storage.close()
