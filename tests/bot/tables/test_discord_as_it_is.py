"""The tables against Discord as its users report it, beyond what it documents (issue 25):

- a hidden limit of about 30 webhook message creates per channel per minute (ephemeral ones
  too), seen only as a 429 ``shared``: the bot counts its own and never meets it, and every turn
  still shows by itself (a hand edited in place, a table message taken over, a ping waiting);
- tokens whose webhook answers Unknown Webhook to everything: never asked again, by any table;
- a hand still at the bottom of the channel is edited in place, not posted anew;
- a click on a copy of a hand that was deleted a moment before gets the hand anew.

The clock moves only when the feed waits, so a whole game happens within one minute of the
limit's window: the hardest case.
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from bot.render import Rendered
from bot.tables import Tables
from bot.tables.feed.limits import Budget
from bot.tables.feed.outlet import URGENT, Outcome, Outlet, Voice
from tests.bot.tables.fakes import FakeDiscord, HandClock, asker, enabled
from tests.bot.tables.test_tables import (
    GUILD,
    PEOPLE,
    World,
    _check_the_end,
    _hand_of,
    _open,
    _play,
    _settle,
    _wait_for_hand,
    _world,
)


async def _with_limit(tmp_path: Path, limit: int, *, bot_limit: int | None = None) -> World:
    w = await _world(tmp_path)
    w.discord.hidden_limit = (limit, 60.0)
    await w.tables.stop()
    w.tables = Tables(
        w.storage,
        w.discord,
        clock=w.clock,
        ai_pause=0.0,
        default_turn_timer=0,
        table_edit_gap=0.0,
        webhook_creates=(bot_limit or limit, 60.0),
    )
    await w.tables.start()
    return w


async def test_a_whole_game_stays_under_the_hidden_webhook_limit(tmp_path: Path) -> None:
    w = await _with_limit(tmp_path, 30)
    try:
        tid = await _open(w, target=6)
        await _play(w, tid, random.Random(3))  # every turn's hand shows by itself (or fails)
        await _settle(w)
        _check_the_end(w)
        assert w.discord.hidden_refusals == 0, "the bot met the hidden limit"
        creates = w.tables.feed.outlet.creates
        assert creates.spared > 0, "the game never reached the limit: the test tests nothing"
        assert creates.refused == 0
    finally:
        await w.tables.stop()
        await w.storage.close()


async def test_a_bot_that_ignores_the_limit_would_meet_it(tmp_path: Path) -> None:
    """The same game with the bot told a far higher limit: Discord refuses, and the bot sends
    those messages another way at once (nothing waits, the game ends)."""
    w = await _with_limit(tmp_path, 30, bot_limit=1000)
    try:
        tid = await _open(w, target=6)
        await _play(w, tid, random.Random(3))
        await _settle(w)
        _check_the_end(w)
        assert w.discord.hidden_refusals > 0
        assert w.tables.feed.outlet.creates.refused == w.discord.hidden_refusals
    finally:
        await w.tables.stop()
        await w.storage.close()


async def test_a_refused_token_is_never_used_again(tmp_path: Path) -> None:
    w = await _world(tmp_path)
    w.discord.refuse_every = 3  # one token in three answers Unknown Webhook to everything
    try:
        tid = await _open(w, target=6)
        await _play(w, tid, random.Random(5))
        await _settle(w)
        _check_the_end(w)
        assert w.discord.refusing, "no token was refused: the test tests nothing"
        assert w.discord.after_refusal == [], "a token was asked again after Unknown Webhook"
    finally:
        await w.tables.stop()
        await w.storage.close()


async def _play_counting(w: World, tid: int, rng: random.Random) -> tuple[int, int]:
    """Play to the end; (turns, turns whose hand was not the newest message its person saw)."""
    turns = hidden = 0
    while True:
        await _settle(w)
        t = w.tables.live.get(tid)
        if t is None or t.state is None or t.status != "playing":
            return turns, hidden
        seat = t.state.current_player
        user = None if seat is None else t.seats[seat].user_id
        if user is None:
            continue
        hand = await _wait_for_hand(w, user, t.version)
        assert hand is not None
        await _settle(w)  # a ping for the turn may be posted a pass later: the hand follows it
        hand = _hand_of(w, user) or hand
        turns += 1
        newest = w.discord.newest_seen(w.channel, user)
        hidden += newest is None or newest.id != hand.id
        choices = [c for c in enabled(hand.payload) if c.startswith("tb:p:")]
        by_action = {int(c.rsplit(":", 1)[1]): c for c in choices}
        pick = by_action.get(54) or by_action.get(52) or rng.choice(choices)
        hand_no, version, seat_no, action = (int(x) for x in pick.split(":")[3:])
        who, answer = asker(w.discord, user, guild_id=GUILD, channel_id=w.channel, clicked=hand)
        await w.tables.play.play(who, answer, tid, (hand_no, version, seat_no, action))


async def test_a_hand_still_at_the_bottom_is_edited_in_place(tmp_path: Path) -> None:
    """Knowing the channel (every message the bot sent, and the gateway's message events),
    a hand nobody posted below since is edited in place on its person's turn; without that
    knowledge it is posted anew every turn. Either way it is the newest message they see."""
    posts: dict[bool, float] = {}  # hand and table posts per turn (games differ in length)
    for knows in (False, True):
        w = await _world(tmp_path / str(knows))
        if not knows:
            w.tables.listening_since(1 << 62)  # as if it never heard what is in the channel
        try:
            tid = await _open(w, target=6)
            turns, hidden = await _play_counting(w, tid, random.Random(9))
            await _settle(w)
            _check_the_end(w)
            assert hidden == 0, f"{hidden} of {turns} turns were not at the bottom"
            posts[knows] = sum(1 for what, _ in w.discord.requests if what == "token_post") / turns
        finally:
            await w.tables.stop()
            await w.storage.close()
    assert posts[True] < posts[False] * 0.8, posts


async def test_a_click_on_a_copy_deleted_a_moment_before_gets_the_hand_anew(
    tmp_path: Path,
) -> None:
    w = await _world(tmp_path)
    try:
        tid = await _open(w, target=6)
        t = w.tables.live[tid]
        assert t.state is not None
        seat = t.state.current_player
        assert seat is not None
        user = t.seats[seat].user_id
        assert user in PEOPLE
        hand = await _wait_for_hand(w, user, t.version)
        assert hand is not None
        hand.deleted = True  # deleted just as the person clicked Refresh on it
        who, answer = asker(w.discord, user, guild_id=GUILD, channel_id=w.channel, clicked=hand)
        await w.tables.play.show_hand(who, answer, tid)
        assert answer.posted, "the hand was not posted anew"
        again = w.discord.messages[answer.posted[0]]
        assert again.ephemeral and f":{t.version}:" in " ".join(enabled(again.payload))
        await _settle(w)
        assert _hand_of(w, user) is again, "the new copy is the live one"
    finally:
        await w.tables.stop()
        await w.storage.close()


async def test_a_token_discord_has_not_answered_is_tried_once_before_it_is_trusted() -> None:
    """Several requests through a new token at once (a hand's edit, the table message, a
    ping): the first goes and the others wait for its answer. A token that answers Unknown
    Webhook refuses the first, and the others never reach Discord."""
    clock = HandClock()
    discord = FakeDiscord(clock, jitter=random.Random(3))  # answers take their time
    token = discord.mint(channel_id=1)
    discord.refusing.add(token)
    outlet = Outlet(discord, Budget(50, clock), clock)
    issued = clock.time()
    edits = await asyncio.gather(
        *(outlet.hand_edit(token, issued, "@original", None, Rendered("hand")) for _ in range(4))
    )
    assert [e.outcome for e in edits] == [Outcome.REFUSED] * 4
    assert discord.after_refusal == [], "requests went on through a token Discord refused"
    assert outlet.retired(token)

    trusted = discord.mint(channel_id=1)
    discord.answered.add(trusted)
    posted = await outlet.hand_post(1, 7, trusted, issued, Rendered("hand"))
    assert posted is not None
    # Once answered, a token's requests go side by side (no waiting on each other).
    edits = await asyncio.gather(
        *(
            outlet.hand_edit(trusted, issued, str(posted), posted, Rendered("hand"))
            for _ in range(3)
        )
    )
    assert [e.outcome for e in edits] == [Outcome.SENT] * 3


async def test_only_a_shared_429_closes_a_channels_webhook_creates() -> None:
    """Issue 31: a 429 is read by its scope. The token's own bucket (scope ``user``) makes that
    token wait, and the channel's other tokens still post; only the hidden limit (``shared``)
    closes the channel's webhook creates."""
    clock = HandClock()
    discord = FakeDiscord(clock)
    discord.hidden_limit = (2, 60.0)  # the channel takes two webhook creates a minute
    outlet = Outlet(discord, Budget(50, clock), clock)
    issued = clock.time()
    busy, other = discord.mint(channel_id=1), discord.mint(channel_id=1)
    discord.answered.update({busy, other})
    discord.busy[busy] = 1.5
    assert await outlet.hand_post(1, 7, busy, issued, Rendered("hand")) is None
    assert outlet.wait_for(Voice(busy, issued), URGENT) > 1.0, "the busy token waits"
    assert outlet.room_for_hand(1), "a token's own 429 closed the channel"
    assert await outlet.hand_post(1, 8, other, issued, Rendered("hand")) is not None

    third, fourth = discord.mint(channel_id=1), discord.mint(channel_id=1)
    discord.answered.update({third, fourth})
    assert await outlet.hand_post(1, 9, third, issued, Rendered("hand")) is not None
    assert await outlet.hand_post(1, 10, fourth, issued, Rendered("hand")) is None
    assert not outlet.room_for_hand(1, rescue=True), "the hidden limit closes the channel"
