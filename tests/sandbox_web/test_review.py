"""Review the hand in the browser: Ada plays Smear against two computers until the first hand's
result is posted, then Cy, who only watches the channel, presses its Review hand button and
sees the hand reviewed (the picture and the text, only for him): every card dealt, the bidding
and the points. Screenshot: docs/review.png (with UPDATE_DOCS=1; else test-artifacts/)."""

from __future__ import annotations

import re
from typing import Any

from sandbox.run import Sandbox
from tests.sandbox_web.browser import button, doc_screenshot, open_page, run_command
from tests.sandbox_web.table import Person, Table
from tests.sandbox_web.test_salad_game import add_computer
from tests.sandbox_web.test_smear_game import choose

CARD = re.compile(r"(10|[2-9JQKA])[♣♦♥♠]")


async def test_a_spectator_reviews_a_hand_by_clicking(real_sandbox: Sandbox, browser: Any) -> None:
    world = real_sandbox.web.world
    page = await open_page(browser, real_sandbox.url, "Ada")
    await page.wait_for_selector("#bot-status.online")
    await run_command(page, "/smear start seats:3 target:11")
    await page.locator('.msg:has-text("table open")').last.wait_for()
    await add_computer(page, "easy")
    await add_computer(page, "easy")
    await page.locator('.msg:has-text("game started")').last.wait_for()
    ada = Person("Ada", world.user("Ada"), page)
    table = Table(real_sandbox, [ada], "smear")
    result = page.locator('.msg:has(button:has-text("Review hand"))')
    turns = 0
    while await result.count() == 0:
        turn = await table.next_turn(timeout=10)
        assert turn is not None, "the game ended before a hand's result"
        person, hand = turn
        hand = await table.settled(person, hand)
        if await result.count():
            break
        await table.play(person, hand, choose(table, person, hand))
        turns += 1
        assert turns < 40, "no hand's result after 40 turns"

    cy = await open_page(browser, real_sandbox.url, "Cy")  # seated nowhere: a spectator
    posted = cy.locator('.msg:has(button:has-text("Review hand"))').first
    await posted.wait_for()
    await button(posted, "Review hand").click()
    review = cy.locator('.msg[data-ephemeral="1"]:has(img)').last
    await review.wait_for()
    await review.locator("img").wait_for()
    text = await review.inner_text()
    assert "hand 1, reviewed" in text and "Cards dealt" in text and "Tricks" in text, text
    assert len(CARD.findall(text)) >= 18, "every card dealt (3 seats × 6) is in the text"
    for point in ("High:", "Low:", "Jack:", "Game:", "Scores:"):
        assert point in text, (point, text)
    # Only Cy sees his review: Ada's page shows no review of hers.
    assert await page.locator('.msg[data-ephemeral="1"]:has-text("reviewed")').count() == 0
    await review.scroll_into_view_if_needed()
    await doc_screenshot(cy, "review.png")
    assert page.errors == [] and cy.errors == []
    real_sandbox.emulator.assert_no_violations()
