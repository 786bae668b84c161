"""Learning to play in the browser: Ada types /smear learn, the game starts at once against two
computers, and her own hand explains each step (🎓 lines). Screenshot: docs/learn.png, a hand
that explains the last trick and why cards are grey (with UPDATE_DOCS=1; else test-artifacts/)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.sandbox_web.browser import doc_screenshot, open_page, run_command
from tests.sandbox_web.conftest import start_real_sandbox
from tests.sandbox_web.table import Person, Table
from tests.sandbox_web.test_smear_game import choose


async def test_a_learner_reads_the_coach_on_their_hand(tmp_path: Path, browser: Any) -> None:
    box = await start_real_sandbox(tmp_path)
    try:
        page = await open_page(browser, box.url, "Ada")
        ada = Person("Ada", box.web.world.user("Ada"), page)
        await page.wait_for_selector("#bot-status.online")
        await run_command(page, "/smear learn")
        table = Table(box, [ada], "smear")
        bid_explained = shot = False
        for _ in range(80):
            turn = await table.next_turn()
            assert turn is not None, "the game ended before a trick and grey cards met"
            person, hand = turn
            hand = await table.settled(person, hand)
            if 52 in hand.actions():
                assert "(High, Low, Jack, Game)" in hand.text, hand.text
                bid_explained = True
            if "🎓 Trick" in hand.text and "🎓 The grey cards" in hand.text:
                await doc_screenshot(page, "learn.png")
                shot = True
                break
            await table.play(person, hand, choose(table, person, hand))
        assert bid_explained and shot
        assert page.errors == [], page.errors
        box.emulator.assert_no_violations()
    finally:
        await box.close()
