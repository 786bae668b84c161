"""A whole game of Salad in the browser: Ada and two computer players she adds from the lobby's
menu, played to the final standings by clicking. On each of her turns her hand must be on her
page by itself, in view without scrolling (``tests/sandbox_web/table.py``)."""

from __future__ import annotations

import time
from typing import Any

from sandbox.run import Sandbox
from tests.sandbox_web.browser import button, open_channel, open_page, run_command, screenshot
from tests.sandbox_web.table import Person, Table, card_rank, mentions_by_person, pings


async def add_computer(page: Any, level: str) -> None:
    """Picks a level in the lobby's "Add a computer player…" menu."""
    lobby = page.locator('.msg:has-text("table open")').last
    menu = lobby.locator('select[data-custom-id^="tb:ai:"]')
    options = await menu.locator("option").all_inner_texts()
    assert any(o.startswith("Easy — ") for o in options), options  # each level described
    before = await lobby.inner_text()
    await menu.select_option(level)
    await page.wait_for_function(
        """([before]) => { const l = [...document.querySelectorAll('.msg')]
             .filter(m => /table open|game started/.test(m.innerText));
           return l.length && l[l.length - 1].innerText !== before; }""",
        arg=[before],
    )


async def test_a_whole_game_of_salad_with_computers(real_sandbox: Sandbox, browser: Any) -> None:
    started = time.monotonic()
    emu, world = real_sandbox.emulator, real_sandbox.web.world
    channel = world.channel("salad")
    page = await open_page(browser, real_sandbox.url, "Ada")
    await page.wait_for_selector("#bot-status.online")
    await open_channel(page, "salad")
    await run_command(page, "/salad start seats:3")
    lobby = page.locator('.msg:has-text("table open")').last
    await lobby.wait_for()
    assert not await button(lobby, "Start").is_enabled()  # one person: not enough yet
    await add_computer(page, "easy")
    await add_computer(page, "easy")  # every seat taken: the game starts by itself
    await page.locator('.msg:has-text("game started")').last.wait_for()

    ada = Person("Ada", world.user("Ada"), page)
    table = Table(real_sandbox, [ada], "salad")
    turns = 0
    while (turn := await table.next_turn(timeout=10)) is not None:
        person, hand = turn
        hand = await table.settled(person, hand)
        await table.check_turn(person, hand)
        cards = sorted(hand.enabled, key=lambda c: card_rank(c[1]))
        await table.play(person, hand, cards[0][0])
        turns += 1
        assert turns < 200, "the game does not end"

    standings = page.locator('.msg:has(.embed-title:has-text("final standings"))').last
    await standings.wait_for()
    text = await standings.inner_text()
    assert "🏆" in text and "lowest total" in text, text
    assert "Canadian Salad — final standings" in text
    await standings.locator("img").wait_for()
    await table.wait_no_live_hand(ada)
    await screenshot(page, "salad-standings.png")

    hands = {m.key[1] for m in table.moves}
    assert hands == {1, 2, 3, 4, 5, 6}, hands  # the six hands, in order
    posted = pings(emu, channel.id, [ada.user], 0)
    per_hand = len(posted) / len(hands)
    print(
        f"\nsalad: {turns} turns, {len(posted)} mentions of Ada "
        f"({dict(mentions_by_person(posted, [ada.user]))}), {per_hand:.2f} per hand, "
        f"{time.monotonic() - started:.1f} s"
    )
    assert per_hand <= 1.5
    assert page.errors == []
    emu.assert_no_violations()
