"""The daily deal (``/smear daily``, ``/salad daily``) through the real tables, storage (SQLite)
and computers, with a fake Discord and a clock driven by hand:

- two people who play the day's deal get the same cards in the same seat, and the computers
  make the same decisions in the same situations (the same moves: the same game, card for card;
  different moves: the same deals, and the same game up to the first move that differs);
- a person plays it once a day (again: their result and the board), leaving counts as
  finishing, and the next day brings another deal;
- par is what an expert in the player's seat gets: someone who plays every move as the expert
  would gets exactly par;
- no public message of a daily table ever shows a card, and its record is kept from those who
  have not played that deal while the day lasts;
- a restart in the middle changes nothing of the game.
"""

from __future__ import annotations

import asyncio
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot.computers import ComputerPlayers
from bot.daily import computer_seed, day_of, result_of
from bot.model import Refusal, Table
from bot.storage import Storage
from bot.tables import Tables
from engine.ai import make_player
from engine.cards import parse_card
from engine.core import PASS, bid_action
from engine.record import new_game, replay
from tests.bot.tables.fakes import FakeAnswer, FakeDiscord, HandClock, asker, enabled
from tests.bot.tables.test_tables import World

GUILD = 1
ALICE, BOB, CAROL, DAVE = 101, 102, 103, 104
ITERATIONS = 3  # the computers' deals per decision: small, so a game takes seconds
CARD = re.compile(r"(10|[2-9JQKA])[♣♦♥♠]")
TURN_WAIT = 9000  # rounds of 10 ms for the computers to reach a person's turn (a busy machine)

Policy = Callable[[Table, list[int]], int]


def same_policy(t: Table, legal: list[int]) -> int:
    """A person whose move depends only on the situation (the same for everyone who uses it)."""
    return random.Random(f"p:{t.hand_no}:{t.version}").choice(legal)


def other_policy(t: Table, legal: list[int]) -> int:
    return random.Random(f"q:{t.hand_no}:{t.version}").choice(legal)


def expert_policy(t: Table, legal: list[int]) -> int:
    """Every move as the daily deal's expert computer would make it in seat 0."""
    assert t.state is not None
    seed = computer_seed(t.seed, t.hand_no, t.version)
    player = make_player(t.game, "expert", iterations=ITERATIONS)
    return player.choose(t.state.view(0), random.Random(seed))


def _tables(
    storage: Storage, discord: FakeDiscord, clock: HandClock, computers: ComputerPlayers
) -> Tables:
    return Tables(
        storage, discord, clock=clock, ai_pause=0.0, table_edit_gap=0.0,
        daily_iterations=ITERATIONS, computers=computers,
    )  # fmt: skip


@pytest.fixture
async def world(tmp_path: Path, computers: ComputerPlayers) -> Any:
    """The tables on a SQLite file (``World.restart`` starts them again as another process
    would, with the same workers; a deal already dealt keeps its computers' work)."""
    clock = HandClock()
    discord = FakeDiscord(clock)
    path = tmp_path / "db.sqlite3"
    storage = await Storage.open(path)
    tables = _tables(storage, discord, clock, computers)
    await tables.start()
    w = World(clock, discord, storage, tables, path, computers=computers)
    yield w
    await w.tables.stop()
    await w.storage.close()


async def daily(w: World, user: int, channel: int, game: str = "smear") -> FakeAnswer:
    """``/<game> daily`` by ``user`` in ``channel``."""
    who, answer = asker(w.discord, user, guild_id=GUILD, channel_id=channel)
    await w.tables.daily.play(who, answer, game)
    return answer


def table_in(w: World, channel: int) -> Table:
    found = [t for t in w.tables.live.values() if t.channel_id == channel]
    assert len(found) == 1, "the command opened a table in its channel"
    return found[0]


async def until_my_turn(w: World, tid: int) -> Table | None:
    """The table once it is its person's turn (the computers play by themselves); None once
    the game is over."""
    for _ in range(TURN_WAIT):
        t = w.tables.live.get(tid)
        if t is None:  # it leaves the registry once its end is saved
            return None
        st = t.state
        mine = st is not None and st.current_player == 0
        if t.status == "playing" and mine and not t.lock.locked():
            return t
        await asyncio.sleep(0.01)
    raise AssertionError("the computers did not reach the person's turn")


async def play_daily(
    w: World, tid: int, policy: Policy, *, hands: int | None = None
) -> dict[str, Any]:
    """The person in seat 0 plays with ``policy`` (until ``hands`` are done, if given); the
    stored record then."""
    while True:
        t = await until_my_turn(w, tid)
        if t is None or (hands is not None and t.state is not None and hands < t.hand_no):
            break
        assert t.state is not None
        user = t.seats[0].user_id
        assert user is not None
        action = policy(t, t.state.legal_actions())
        who, answer = asker(w.discord, user, guild_id=GUILD, channel_id=t.channel_id)
        await w.tables.play.play(who, answer, tid, (t.hand_no, t.version, 0, action))
    found = await w.storage.tables.record_of(tid)
    assert found is not None and found[2] is not None
    return found[2]


def moves(record: dict[str, Any], seed: int) -> list[tuple[int, int]]:
    """(seat, action) of every bid and card of a daily game, in order (replayed from its seed)."""
    st = new_game(record["game"], record["seats"], seed, record.get("options"))
    out = []
    for hand in record["hands"]:
        bids = [PASS if b == "pass" else bid_action(int(b)) for b in hand.get("bids") or []]
        for action in [*bids, *(parse_card(c) for c in hand["plays"])]:
            seat = st.current_player
            assert seat is not None
            out.append((seat, action))
            st.apply(action, seat)
    return out


def public_texts(w: World, channel: int) -> list[str]:
    """Every version of every public message in the channel."""
    return [
        p.text()
        for m in w.discord.messages.values()
        if m.channel_id == channel and not m.ephemeral
        for p in m.payloads
    ]


async def leave(w: World, user: int, tid: int, channel: int) -> str:
    """``/table leave`` and its confirmation; what the person is told."""
    who, answer = asker(w.discord, user, guild_id=GUILD, channel_id=channel)
    await w.tables.leaving.ask_leave(who, answer)
    question = w.discord.messages[answer.posted[0]]
    who, answer = asker(w.discord, user, guild_id=GUILD, channel_id=channel, clicked=question)
    await w.tables.leaving.confirm(who, answer, "leave", tid, 0)
    said = answer.updates[-1]
    assert said is not None and said.content is not None
    return said.content


# ---------------------------------------------------------------------- the same deal for all


async def test_two_people_get_the_same_cards_and_the_same_computers(world: World) -> None:
    w = world
    await daily(w, ALICE, 10)
    alice = table_in(w, 10)
    await daily(w, BOB, 11)
    bob = table_in(w, 11)
    assert alice.seed == bob.seed and alice.id != bob.id
    rec_a = await play_daily(w, alice.id, same_policy)
    rec_b = await play_daily(w, bob.id, same_policy)
    # The same moves by the person: the same game, card for card (computers included).
    assert rec_a == rec_b
    assert 1 <= len(rec_a["hands"]) <= 7
    await daily(w, CAROL, 12)
    carol = table_in(w, 12)
    rec_c = await play_daily(w, carol.id, other_policy)
    assert rec_c["first_dealer"] == rec_a["first_dealer"]
    # Other moves: the same deal in every hand both played (same cards in the same seat)...
    both = min(len(rec_a["hands"]), len(rec_c["hands"]))
    assert both >= 1
    for h in range(both):
        assert rec_c["hands"][h]["deal"] == rec_a["hands"][h]["deal"], f"hand {h + 1}"
    # ... and the same game up to the first move that differs, which is the person's own.
    a, c = moves(rec_a, alice.seed), moves(rec_c, carol.seed)
    first = next(i for i, (x, y) in enumerate(zip(a, c, strict=False)) if x != y)
    assert a[first][0] == c[first][0] == 0, "the person's move is the first to differ"


# ---------------------------------------------------------------------- once a day


async def test_one_try_a_day_then_the_board(world: World) -> None:
    w = world
    await daily(w, ALICE, 10)
    t = table_in(w, 10)
    with pytest.raises(Refusal) as playing:
        await daily(w, ALICE, 11)  # a second try while playing: a link to the table
    assert playing.value.key in ("daily-playing-link", "daily-playing")
    record = await play_daily(w, t.id, same_policy)
    assert t.id not in w.tables.live
    again = await daily(w, ALICE, 10)
    assert not w.tables.live, "no second table"
    shown = [w.discord.messages[m] for m in again.posted]
    assert len(shown) == 1 and shown[0].ephemeral
    text = shown[0].payload.text()
    st = replay(record)
    mine = result_of("smear", st.scores)
    assert f"**{mine:+d}**" in text and "player101" in text
    attempt = await w.storage.daily.attempt(GUILD, "smear", day_of(w.clock.time()), ALICE)
    assert attempt is not None and attempt.finished and attempt.result == mine
    # The next day (UTC) brings another deal, and another try.
    w.clock.advance(86_400)
    await daily(w, ALICE, 10)
    tomorrow = table_in(w, 10)
    assert tomorrow.seed != t.seed


async def test_leaving_counts_as_finishing(world: World) -> None:
    w = world
    await daily(w, DAVE, 10, "salad")
    t = table_in(w, 10)
    await play_daily(w, t.id, same_policy, hands=1)
    hands_done = len(t.state.results) if t.state is not None else 0
    said = await leave(w, DAVE, t.id, 10)
    assert said.startswith("You left today's deal")
    assert t.id not in w.tables.live and t.status == "finished"
    attempt = await w.storage.daily.attempt(GUILD, "salad", day_of(w.clock.time()), DAVE)
    assert attempt is not None and attempt.finished and not attempt.complete
    assert attempt.hands == hands_done >= 1
    assert t.state is not None and attempt.result == t.state.scores[0]
    await asyncio.sleep(0.05)
    final = [m for m in w.discord.live(10, ephemeral=False) if "Board of the day" in str(m.payload)]
    assert len(final) == 1 and "stopped after" in final[0].payload.text()
    buttons = [m for m in w.discord.live(10, ephemeral=False) if enabled(m.payload)]
    assert buttons == final, "the table message of the hand left has no button left"
    # And it was their one try of the day.
    again = await daily(w, DAVE, 10, "salad")
    assert not w.tables.live and again.posted


# ---------------------------------------------------------------------- par and the board


async def test_par_is_what_an_expert_gets_in_your_seat_and_the_board_ranks_with_it(
    world: World,
) -> None:
    w = world
    await daily(w, ALICE, 10)
    expert = table_in(w, 10)
    rec_expert = await play_daily(w, expert.id, expert_policy)
    await daily(w, BOB, 11)
    rec_bob = await play_daily(w, table_in(w, 11).id, same_policy)
    await daily(w, CAROL, 12)
    carol = table_in(w, 12)
    await play_daily(w, carol.id, other_policy, hands=1)
    await leave(w, CAROL, carol.id, 12)
    await w.tables.daily.par_done()
    day = day_of(w.clock.time())
    deal = await w.storage.daily.stored_deal(GUILD, "smear", day)
    assert deal is not None and deal.par is not None
    expert_result = result_of("smear", replay(rec_expert).scores)
    assert deal.par == expert_result, "par: what an expert got in the same seat"
    bob_result = result_of("smear", replay(rec_bob).scores)
    # The board, as Bob sees it: finished deals best first, par where it ranks, Carol's
    # unfinished one last.
    who, answer = asker(w.discord, BOB, guild_id=GUILD, channel_id=11)
    await w.tables.daily.board(who, answer, "smear", day, "d")
    lines = w.discord.messages[answer.posted[0]].payload.text().splitlines()
    ranked = [ln for ln in lines if re.match(r"\d+\. |— 🤖 par", ln)]
    assert ranked[-1].startswith("3. player103") and "stopped after 1 hand" in ranked[-1]
    people = sorted([(expert_result, "player101"), (bob_result, "player102")], reverse=True)
    order = [name for _, name in people]
    par_at = sum(1 for result, _ in people if result >= deal.par)
    order.insert(par_at, "par")
    shown = ["par" if "par" in ln else ln.split()[1] for ln in ranked[:-1]]
    # Best first, par below everyone who reached it; people with the same result share a rank,
    # in either order.
    score = {"player101": expert_result, "player102": bob_result, "par": deal.par}
    assert sorted(shown) == sorted(order), ranked
    assert [score[n] for n in shown] == [score[n] for n in order], ranked
    assert shown.index("par") == par_at, ranked
    assert "← you" in next(ln for ln in ranked if "player102" in ln)


# ---------------------------------------------------------------------- what the channel sees


async def test_no_public_message_of_a_daily_table_shows_a_card(world: World) -> None:
    w = world
    await daily(w, ALICE, 10, "salad")
    t = table_in(w, 10)
    await play_daily(w, t.id, same_policy)
    await asyncio.sleep(0.05)
    texts = public_texts(w, 10)
    assert len(texts) >= 7, "the intro, a table message per hand and the result"
    leaked = [x for x in texts if CARD.search(x)]
    assert leaked == [], leaked[0] if leaked else ""
    hands = [  # every version of every copy of the hand (the last copies hold no card)
        p.text()
        for m in w.discord.messages.values()
        if m.channel_id == 10 and m.ephemeral
        for p in m.payloads
    ]
    assert any(CARD.search(x) for x in hands), "the person's own hand shows cards (the check works)"
    progress = [x for x in texts if "Daily Salad — hand 3 of 6\n" in x]
    assert progress and "Penalty totals" in progress[0], "the table shows the progress"


async def test_the_record_waits_for_those_who_have_not_played(world: World) -> None:
    w = world
    await daily(w, ALICE, 10)
    t = table_in(w, 10)
    await play_daily(w, t.id, same_policy)
    bob, answer = asker(w.discord, BOB, guild_id=GUILD, channel_id=10)
    with pytest.raises(Refusal) as hidden:
        await w.tables.after.export(bob, answer, t.id)
    assert hidden.value.key == "daily-export-later"
    alice, answer = asker(w.discord, ALICE, guild_id=GUILD, channel_id=10)
    await w.tables.after.export(alice, answer, t.id)
    assert w.discord.messages[answer.posted[0]].payload.file is not None
    w.clock.advance(86_400)  # the next day, the day's cards are no secret any more
    bob, answer = asker(w.discord, BOB, guild_id=GUILD, channel_id=10)
    await w.tables.after.export_here(bob, answer)
    assert w.discord.messages[answer.posted[0]].payload.file is not None


async def test_a_restart_in_the_middle_changes_nothing(world: World) -> None:
    w = world
    await daily(w, ALICE, 10)
    straight = await play_daily(w, table_in(w, 10).id, same_policy)
    await daily(w, BOB, 11)
    t = table_in(w, 11)
    await play_daily(w, t.id, same_policy, hands=2)
    await w.restart()
    resumed = await play_daily(w, t.id, same_policy)
    assert resumed == straight


async def test_time_running_out_or_a_cancel_counts_as_finishing(world: World) -> None:
    w = world
    await daily(w, ALICE, 10)
    t = table_in(w, 10)
    await play_daily(w, t.id, same_policy, hands=1)
    assert t.deadline is not None and t.turn_timer == 300
    w.clock.advance(301)
    w.tables.driver.wake(t)  # the driver looks at the (hand-driven) clock again
    for _ in range(300):
        if t.id not in w.tables.live:
            break
        await asyncio.sleep(0.01)
    assert t.status == "finished"
    attempt = await w.storage.daily.attempt(GUILD, "smear", day_of(w.clock.time()), ALICE)
    assert attempt is not None and attempt.finished and not attempt.complete
    await asyncio.sleep(0.05)
    hands = [m.payload.text() for m in w.discord.live(10, ephemeral=True)]
    assert hands and all("daily deal is over" in x for x in hands), hands
    # The host (or Manage Server) ending it: the same.
    await daily(w, BOB, 11)
    bob = table_in(w, 11)
    who, answer = asker(w.discord, BOB, guild_id=GUILD, channel_id=11)
    await w.tables.leaving.ask_cancel(who, answer)
    question = w.discord.messages[answer.posted[0]]
    assert "counts as its player's one try" in (question.payload.content or "")
    who, answer = asker(w.discord, BOB, guild_id=GUILD, channel_id=11, clicked=question)
    await w.tables.leaving.confirm(who, answer, "cancel", bob.id, 0)
    assert bob.status == "finished"
    attempt = await w.storage.daily.attempt(GUILD, "smear", day_of(w.clock.time()), BOB)
    assert attempt is not None and attempt.finished and attempt.hands == 0
