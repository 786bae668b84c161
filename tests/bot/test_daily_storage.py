"""The daily deal's records on SQLite and PostgreSQL: one secret for good, one deal per server,
game and day, one attempt per person finished once by its own table, a week summed against
par, and forgetting that forgets them."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from bot.daily import Deal, Finish, Played, day_seed, finish_of
from bot.model import FINISHED, PLAYING, Seat, Table
from bot.storage import Storage
from bot.storage.schema import MIGRATIONS
from engine.record import new_game

GUILD = 7


@pytest.fixture
async def storage(database: str) -> Any:
    s = await Storage.open(database)
    yield s
    await s.close()


def daily_table(user: int, channel: int, deal: Deal) -> Table:
    return Table(
        id=0,
        guild_id=deal.guild_id,
        channel_id=channel,
        game=deal.game,
        host_id=user,
        max_seats=4,
        options={},
        turn_timer=300,
        seed=deal.seed,
        status=PLAYING,
        seats=[Seat(user, f"p{user}"), *(Seat(None, f"c{i}", level="expert") for i in range(3))],
        settings=deal.settings(),
    )


async def play(storage: Storage, t: Table, actions: int | None = None) -> None:
    """Start ``t``, play ``actions`` random moves (all of them: None), and save it finished."""
    await storage.tables.create_table(t)
    t.state = new_game(t.game, len(t.seats), t.seed)
    await storage.daily.start(t, 1.0)
    rng = random.Random(t.id)
    done = 0
    while t.state.outcome() is None and (actions is None or done < actions):
        t.state.apply(rng.choice(t.state.legal_actions()))
        t.version += 1
        done += 1
    t.status = FINISHED
    await storage.tables.save(t)


async def test_the_secret_is_made_once_and_kept(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    first = await Storage.open(path)
    secret = await first.daily.secret()
    await first.close()
    again = await Storage.open(path)
    try:
        assert await again.daily.secret() == secret and len(secret) == 64
        seed = day_seed(secret, GUILD, "salad", 20_000)
        assert seed == day_seed(await again.daily.secret(), GUILD, "salad", 20_000)
        others = {
            day_seed(secret, GUILD + 1, "salad", 20_000),
            day_seed(secret, GUILD, "smear", 20_000),
            day_seed(secret, GUILD, "salad", 20_001),
            day_seed("another secret", GUILD, "salad", 20_000),
        }
        assert seed not in others and len(others) == 4 and 0 <= seed < 2**62
    finally:
        await again.close()
    assert 6 in [m.version for m in MIGRATIONS]


async def test_a_days_deal_is_dealt_once(storage: Storage) -> None:
    first = await storage.daily.deal(Deal(GUILD, "salad", 20_000, 111, 50))
    second = await storage.daily.deal(Deal(GUILD, "salad", 20_000, 222, 80))
    assert second == first == Deal(GUILD, "salad", 20_000, 111, 50, None)
    played = Played(Finish(240, 6, True), {"game": "salad"})
    await storage.daily.set_par(first, played)
    await storage.daily.set_par(first, Played(Finish(999, 6, True), {}))  # once only
    stored = await storage.daily.stored_deal(GUILD, "salad", 20_000)
    assert stored is not None and stored.par == 240


async def test_an_attempt_is_finished_once_by_its_own_table(storage: Storage) -> None:
    deal = await storage.daily.deal(Deal(GUILD, "salad", 20_000, 5, 3))
    t = daily_table(1, 10, deal)
    await play(storage, t)
    mine = await storage.daily.attempt(GUILD, "salad", 20_000, 1)
    assert mine is not None and mine.finished and mine.complete and mine.hands == 6
    assert t.state is not None and mine.result == t.state.scores[0]
    assert await storage.results.finished_count() == 0, "unrated: no result, no rating"
    # Another table of the same person and day (it cannot happen, but if it did) changes
    # nothing of the attempt.
    stray = daily_table(1, 11, deal)
    await play(storage, stray, actions=20)
    assert await storage.daily.attempt(GUILD, "salad", 20_000, 1) == mine
    found = await storage.daily.of_table(t.id)
    assert found is not None and found[2] == mine


async def test_the_week_adds_up_against_par_and_leaving_never_pays(storage: Storage) -> None:
    days = [20_000, 20_001, 20_002]
    for day in days:
        deal = await storage.daily.deal(Deal(GUILD, "salad", day, day, 3))
        await play(storage, daily_table(1, 10, deal))  # the whole round
        await play(storage, daily_table(2, 11, deal), actions=14)  # left in hand 2
        if day != days[-1]:
            await storage.daily.set_par(deal, Played(Finish(300, 6, True), {}))
    week = await storage.daily.week(GUILD, "salad", days[0], days[0] + 6)
    assert week.pending, "the last day's par is not known yet"
    by_user = {r.user_id: r for r in week.rows}
    board = [await storage.daily.board(GUILD, "salad", d) for d in days[:2]]
    one = [next(a for a in day if a.user_id == 1) for day in board]
    two = [next(a for a in day if a.user_id == 2) for day in board]
    assert by_user[1].days == 2 and by_user[1].points == sum(300 - (a.result or 0) for a in one)
    assert all(not a.complete and (a.result or 0) < 300 for a in two)
    assert by_user[2].points == 0, "a deal left early never counts better than par"
    assert [r.user_id for r in week.rows] == sorted(by_user, key=lambda u: -by_user[u].points)
    missing = await storage.daily.days_without_par(GUILD, "salad", days[0], days[0] + 6)
    assert [d.day for d in missing] == [days[-1]]


async def test_forgetting_forgets_the_daily_deal(storage: Storage) -> None:
    deal = await storage.daily.deal(Deal(GUILD, "salad", 20_000, 5, 3))
    await play(storage, daily_table(1, 10, deal))
    await play(storage, daily_table(2, 11, deal))
    await storage.people.forget_user(1)
    assert await storage.daily.attempt(GUILD, "salad", 20_000, 1) is None
    assert await storage.daily.attempt(GUILD, "salad", 20_000, 2) is not None
    await storage.people.forget_guild(GUILD)
    assert await storage.daily.board(GUILD, "salad", 20_000) == []
    assert await storage.daily.stored_deal(GUILD, "salad", 20_000) is None


def test_finish_of_a_table_left_early_is_not_complete() -> None:
    deal = Deal(GUILD, "smear", 20_000, 9, 3)
    t = daily_table(1, 10, deal)
    t.max_seats, t.seats, t.options = 3, t.seats[:3], {"target": 11, "stuck_dealer": True}
    t.state = new_game("smear", 3, t.seed, t.options)
    assert not finish_of(t).complete and finish_of(t).hands == 0
