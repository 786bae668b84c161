"""Learn to play through the real tables, storage (SQLite) and computers, with a fake Discord:
``/salad learn`` opens a coached table against three ``normal`` computers that starts at once and
ends unrated; a game that does not exist is refused and opens nothing; a second one in a busy
channel opens nothing either."""

from __future__ import annotations

import random

import pytest

from bot.model import Refusal, Table
from tests.bot.tables.fakes import FakeAnswer, asker
from tests.bot.tables.test_daily import GUILD, World, play_daily, table_in, world  # noqa: F401 (the fixture)

ALICE = 101


def at_random(t: Table, legal: list[int]) -> int:
    return random.Random(f"{t.hand_no}:{t.version}").choice(legal)


async def learn(w: World, user: int, channel: int, game: str) -> FakeAnswer:
    who, answer = asker(w.discord, user, guild_id=GUILD, channel_id=channel)
    await w.tables.lobby.learn(who, answer, game)
    return answer


async def test_salad_learn_starts_at_once_against_normal_computers_and_is_unrated(
    world: World,  # noqa: F811
) -> None:
    await learn(world, ALICE, 20, "salad")
    t = table_in(world, 20)
    assert t.status == "playing" and t.game == "salad" and t.max_seats == 4
    assert [s.level for s in t.seats] == [None, "normal", "normal", "normal"]
    assert t.settings.get("learn") is True and t.settings.get("coach") is True
    assert t.turn_timer == 0, "a newcomer is never hurried"
    record = await play_daily(world, t.id, at_random)
    assert len(record["hands"]) == 6
    assert await world.storage.results.rank_of(GUILD, "salad", ALICE) is None
    assert await world.storage.results.leaderboard(GUILD, "salad") == []


async def test_a_game_that_does_not_exist_is_refused_and_opens_nothing(
    world: World,  # noqa: F811
) -> None:
    with pytest.raises(Refusal) as refused:
        await learn(world, ALICE, 21, "poker")
    assert refused.value.key == "refusal-unknown-game"
    assert not [t for t in world.tables.live.values() if t.channel_id == 21]


async def test_a_second_learning_table_in_a_busy_channel_opens_nothing(
    world: World,  # noqa: F811
) -> None:
    await learn(world, ALICE, 22, "smear")
    first = table_in(world, 22)
    with pytest.raises(Refusal):
        await learn(world, ALICE + 1, 22, "smear")
    assert table_in(world, 22) is first and len(first.seats) == 3
