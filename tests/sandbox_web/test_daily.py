"""The daily deal in the browser: Ada plays today's Smear deal from her hand by clicking while
Ben watches the channel on his own page, where no card of it ever shows; at the end Ada opens
the board of the day from the result. Screenshots: docs/daily.png (Ben's view during the game)
and docs/daily-board.png (with UPDATE_DOCS=1; else test-artifacts/)."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from sandbox.run import Sandbox
from tests.sandbox_web.browser import button, doc_screenshot, open_page, run_command
from tests.sandbox_web.conftest import start_real_sandbox
from tests.sandbox_web.table import Person, Table
from tests.sandbox_web.test_smear_game import choose

PUBLIC_TEXT_JS = """
() => [...document.querySelectorAll('#messages .msg:not([data-ephemeral="1"])')]
  .map(m => m.innerText).join('\\n')
"""
SUIT = re.compile(r"[♣♦♥♠]")


@pytest.fixture
async def daily_sandbox(tmp_path: Path) -> AsyncIterator[Sandbox]:
    box = await start_real_sandbox(tmp_path, daily_iterations=4)
    try:
        yield box
    finally:
        await box.close()


async def test_the_daily_deal_by_clicking(daily_sandbox: Sandbox, browser: Any) -> None:
    box = daily_sandbox
    people = []
    for name in ("Ada", "Ben"):
        page = await open_page(browser, box.url, name)
        people.append(Person(name, box.web.world.user(name), page))
    ada, ben = people
    await ada.page.wait_for_selector("#bot-status.online")
    await run_command(ada.page, "/smear daily")
    table = Table(box, people, "smear", standings_title=": the result")
    shot = False
    turns = 0
    while (turn := await table.next_turn()) is not None:
        person, hand = turn
        assert person is ada, "only Ada plays"
        hand = await table.settled(person, hand)
        await table.check_turn(person, hand)
        turns += 1
        if not shot and hand.key[1] == 2:
            await ben.page.wait_for_selector('.embed-title:has-text("hand 2 of 6")')
            await doc_screenshot(ben.page, "daily.png")
            shot = True
        seen = await ben.page.evaluate(PUBLIC_TEXT_JS)
        assert "Daily Smear" in seen and not SUIT.search(seen), seen
        await table.play(person, hand, choose(table, person, hand))
        assert turns < 200, "the game does not end"
    assert shot, "the game reached its second hand"
    result = ada.page.locator('.msg:has(.embed-title:has-text(": the result"))').last
    await result.wait_for()
    assert "to the end" in await result.inner_text()
    await button(result, "Board of the day").click()
    # (The ended hand says "the board of the day is one button away" too: the board is the
    # message that marks its reader.)
    board = ada.page.locator('.msg[data-ephemeral="1"]:has-text("← you")').last
    await board.wait_for()
    text = await board.inner_text()
    assert "1. Ada" in text and "← you" in text, text
    await doc_screenshot(ada.page, "daily-board.png")
    seen = await ben.page.evaluate(PUBLIC_TEXT_JS)
    assert not SUIT.search(seen), "no card in public, even after the end"
    for person in people:
        assert person.page.errors == [], person.page.errors
    box.emulator.assert_no_violations()
