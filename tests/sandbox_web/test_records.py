"""Records over time in the browser: after a few weeks of Smear between Ada and Ben (their
results stored as the bot stores any finished game), Ada asks for this week's leaderboard and
for her stats, and sees the board of the week and her numbers with the rating chart.
Screenshot: docs/stats.png, both answers (with UPDATE_DOCS=1; else test-artifacts/)."""

from __future__ import annotations

import time
from typing import Any

from bot.model import Seat
from bot.periods import WEEK, period_of
from sandbox.run import Sandbox
from tests.bot.test_records_storage import played, record
from tests.sandbox_web.browser import doc_screenshot, open_page, run_command


async def test_the_week_board_and_stats_by_typing(real_sandbox: Sandbox, browser: Any) -> None:
    world = real_sandbox.web.world
    ada, ben = world.user("Ada"), world.user("Ben")
    storage = real_sandbox.client.storage  # type: ignore[attr-defined]
    week = period_of(WEEK, time.time())
    seats = [Seat(ada.id, "Ada"), Seat(ben.id, "Ben")]
    games = 0
    for seed in range(40):  # a month of evenings: some before this week, three in it
        t = played("smear", seats, seed)
        t.guild_id = world.guild.id
        at = week.start + 3600 * (seed - 36) if seed >= 37 else week.start - 86400 * (37 - seed)
        await record(storage, t, at, 5000 + seed)
        games += 1
    page = await open_page(browser, real_sandbox.url, "Ada")
    await page.wait_for_selector("#bot-status.online")
    await run_command(page, "/leaderboard game:smear period:week")
    board = page.locator('.msg:has-text("Smear leaderboard, this week")').last
    await board.wait_for()
    text = await board.inner_text()
    assert "3 games" in text and "Ada" in text and "Ben" in text, text

    await run_command(page, "/stats show")
    stats = page.locator('.msg[data-ephemeral="1"]:has(img)').last
    await stats.wait_for()
    await stats.locator("img").wait_for()
    text = await stats.inner_text()
    assert f"Smear: {games} games" in text and "streak" in text and "set" in text, text
    await stats.scroll_into_view_if_needed()
    await doc_screenshot(page, "stats.png")
    assert page.errors == []
    real_sandbox.emulator.assert_no_violations()
