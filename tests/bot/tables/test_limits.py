"""The one sliding window every bucket of Discord's is counted with (bot/tables/feed/limits.py):
the bot token's global budget, a channel's bucket, a token's 5 per 2 s and a channel's hidden
webhook creates all answer the same questions the same way."""

from __future__ import annotations

import asyncio

import pytest

from bot.tables.feed.limits import Budget, SlidingWindows, WebhookCreates
from bot.tables.ports import SystemClock
from sandbox import virtual_time
from tests.bot.tables.fakes import HandClock


def test_a_full_window_says_how_long_until_room_and_room_comes_back_as_requests_age() -> None:
    clock = HandClock()
    w: SlidingWindows[str] = SlidingWindows(clock, limit=5, window=2.0)
    for _ in range(4):
        w.spend("t")
        clock.advance(0.1)
    assert w.wait("t") == 0.0, "a fifth request fits"
    assert w.wait("t", room=2) == pytest.approx(1.6), "leaving one more: after the first ages"
    w.spend("t")
    assert w.wait("t") == pytest.approx(1.6), "full: the first request leaves the window at 2.0 s"
    clock.advance(1.65)
    assert w.wait("t") == 0.0
    assert w.count("t") == 4
    assert w.wait("other") == 0.0, "each key has its own window"


def test_a_request_counts_from_its_answer_and_the_window_stays_in_order() -> None:
    clock = HandClock()
    w: SlidingWindows[str] = SlidingWindows(clock, limit=2, window=2.0)
    sent = w.spend("t")
    clock.advance(0.5)
    w.spend("t")
    clock.advance(1.0)  # the first is answered 1.5 s after it was sent
    w.landed("t", sent)
    assert list(w.recent("t")) == sorted(w.recent("t"))
    clock.advance(1.05)  # 2.55 s after the first was sent, 1.05 s after its answer
    assert w.count("t") == 1, "the second aged out; the first counts from its answer"
    assert w.wait("t", room=2) == pytest.approx(0.95)


def test_a_window_said_full_stays_full_until_then_and_later_answers_keep_the_order() -> None:
    clock = HandClock()
    w: SlidingWindows[str] = SlidingWindows(clock, limit=5, window=2.0)
    sent = w.spend("t")
    w.full_until("t", clock.monotonic() + 30.0)  # Discord said: wait 30 s
    assert w.wait("t") == pytest.approx(30.0)
    clock.advance(0.2)
    w.landed("t", sent)
    assert list(w.recent("t")) == sorted(w.recent("t"))
    assert w.wait("t") == pytest.approx(29.8)
    clock.advance(29.85)
    assert w.wait("t") == 0.0


def test_keys_whose_window_is_empty_are_forgotten_once_too_many_are_held() -> None:
    clock = HandClock()
    w: SlidingWindows[int] = SlidingWindows(clock, limit=5, window=2.0, kept=100)
    for key in range(100):
        w.spend(key)
    clock.advance(3.0)
    w.spend(1000)
    assert len(w) == 1, "the hundred idle keys were forgotten"
    for key in range(300):
        w.spend(key)
    assert len(w) <= 301 and w.count(5) == 1, "busy keys are kept"


async def test_the_budget_and_the_creates_count_with_the_same_window() -> None:
    clock = HandClock()
    budget = Budget(per_second=3, clock=clock)
    for _ in range(3):
        async with budget.request():
            pass
    assert budget.pressure() == pytest.approx(1.0)
    clock.advance(1.05)
    assert budget.pressure() == 0.0
    creates = WebhookCreates(clock, limit=30, window=60.0)
    for _ in range(25):
        creates.spend(7)
    assert creates.room(7) == 5
    assert not creates.may(7, reserve=5) and creates.spared == 1
    assert creates.may(7, reserve=4)
    creates.shut(7, retry_after=10.0)
    assert creates.room(7) == 0
    clock.advance(10.05)
    assert creates.room(7) == 5
    clock.advance(50.0)
    assert creates.room(7) == 30


def test_the_budget_serves_requests_in_the_order_they_came_whatever_comes_after() -> None:
    """More requests than the budget: each waits its turn, first come first served. A request
    that waited must not lose its turn to newer ones (a result post waited 13 s at 1,000
    tables while the requests that came after it went first)."""

    async def main() -> tuple[list[int], float]:
        budget = Budget(per_second=4, clock=SystemClock())
        loop = asyncio.get_running_loop()
        served: list[int] = []
        longest = 0.0

        async def request(n: int) -> None:
            nonlocal longest
            asked = loop.time()
            async with budget.request():
                served.append(n)
            longest = max(longest, loop.time() - asked)

        tasks = []
        for n in range(60):  # 12 a second, three times the budget, for 5 s
            tasks.append(asyncio.create_task(request(n)))
            await asyncio.sleep(1 / 12)
        await asyncio.gather(*tasks)
        return served, longest

    served, longest = virtual_time.run(main())
    assert served == sorted(served), "served in the order they came"
    assert longest <= 60 / 4 - 5 + 1.5, "the last one waits for those before it, no longer"


async def test_a_request_under_the_bots_token_counts_from_its_answer() -> None:
    """Discord counts a request when it arrives: one answered late (a busy network) holds its
    place in the budget's window from its answer, not from its sending."""
    clock = HandClock()
    budget = Budget(per_second=2, clock=clock)
    for _ in range(2):
        async with budget.request():
            clock.advance(0.25)  # the answer comes a quarter of a second later
    clock.advance(0.6)  # 1.1 s after the first was sent, 0.6 s after the last answer
    assert budget.pressure() == pytest.approx(1.0), "both still count"
    clock.advance(0.5)
    assert budget.pressure() == 0.0
