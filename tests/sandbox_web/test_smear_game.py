"""A whole game of Smear in the browser, three people each on their own page, by clicking.

Ada opens a table with the slash command (target 3, so the game is short), Ben and Cy join
with the lobby's button, and each plays from the hand the bot keeps in front of them. On every
turn the acting person's hand must be on their page by itself, in view without scrolling, and
nobody may see anyone else's hand (``tests/sandbox_web/table.py``). Nobody ever clicks Refresh
or Show my hand. Mentions are counted per person per hand. Screenshots: docs/sandbox.png,
docs/hand-follows.png and docs/standings.png (with UPDATE_DOCS=1; else test-artifacts/).
"""

from __future__ import annotations

import re
import time
from typing import Any

from sandbox.run import Sandbox
from tests.sandbox_web.browser import button, doc_screenshot, open_page, run_command
from tests.sandbox_web.table import (
    BID_2,
    PASS,
    Hand,
    Person,
    Table,
    assert_at_bottom,
    card_rank,
    mentions_by_person,
    pings,
)

PLAYERS = ("Ada", "Ben", "Cy")


def choose(table: Table, person: Person, hand: Hand) -> str:
    """Bid 2 if nobody has bid this hand, else pass; the bidder plays their highest card, the
    others their lowest (a bidder who plays strong cards makes the bid more often, so the game
    ends sooner)."""
    actions = hand.actions()
    hand_no = hand.key[:2]
    bids = [m for m in table.moves if m.key[:2] == hand_no and m.is_bid]
    if BID_2 in actions and not bids:
        return actions[BID_2]
    if PASS in actions:
        return actions[PASS]
    if BID_2 in actions:  # the dealer, when everyone passed and the dealer must bid
        return actions[BID_2]
    cards = sorted(((cid, label) for cid, label in hand.enabled), key=lambda c: card_rank(c[1]))
    bidder = bids[0].who if bids else None
    return cards[-1][0] if bidder == person.name else cards[0][0]


async def open_table(box: Sandbox, browser: Any) -> Table:
    people = []
    for name in PLAYERS:
        page = await open_page(browser, box.url, name)
        people.append(Person(name, box.web.world.user(name), page))
    ada, ben, cy = people
    await ada.page.wait_for_selector("#bot-status.online")
    await run_command(ada.page, "/smear start seats:3 target:3")
    for person in (ben, cy):
        lobby = person.page.locator('.msg:has-text("table open")').last
        await button(lobby, "Join").click()
    return Table(box, people, "smear")


async def test_a_whole_game_of_smear_by_clicking(real_sandbox: Sandbox, browser: Any) -> None:
    started = time.monotonic()
    emu, world = real_sandbox.emulator, real_sandbox.web.world
    channel = world.channel("smear")
    first = max((m.id for m in emu.channel_messages(channel, include_deleted=True)), default=0)
    table = await open_table(real_sandbox, browser)
    shots: set[str] = set()
    turns = 0
    while (turn := await table.next_turn()) is not None:
        person, hand = turn
        hand = await table.settled(person, hand)
        await table.check_turn(person, hand)
        turns += 1
        await take_screenshots(table, person, hand, shots)
        await table.play(person, hand, choose(table, person, hand))
        assert turns < 600, "the game does not end"

    # the final standings: who won, the scores of every hand, the chart, three buttons
    ada = table.person("Ada")
    standings = ada.page.locator('.msg:has(.embed-title:has-text("final standings"))').last
    await standings.wait_for()
    text = await standings.inner_text()
    assert re.search(r"🏆 (Ada|Ben|Cy) wins", text), text
    for label in ("Rematch", "Review my game", "Export game record"):
        assert await button(standings, label).is_enabled(), label
    chart = standings.locator("img")
    await chart.wait_for()
    await ada.page.wait_for_function(
        "img => img.complete && img.naturalWidth > 0", arg=await chart.element_handle()
    )
    await assert_at_bottom(ada.page, standings, "the standings on Ada's page")
    await doc_screenshot(ada.page, "standings.png")

    # nobody is left with cards to click
    for person in table.people:
        await table.wait_no_live_hand(person)

    # mentions: each person at most once a hand here (everyone plays at once)
    users = [p.user for p in table.people]
    posted = pings(emu, channel.id, users, first)
    hands = len(table.hands_played())
    per_person_per_hand = len(posted) / (hands * len(users))
    by_person = mentions_by_person(posted, users)
    print(
        f"\nsmear: {hands} hands, {turns} turns, {len(posted)} mentions "
        f"({dict(by_person)}), {per_person_per_hand:.2f} per person per hand, "
        f"{time.monotonic() - started:.1f} s"
    )
    assert posted, "nobody was ever mentioned"
    assert per_person_per_hand <= 1.5
    assert all(m.deleted for m in posted), "a mention for a turn already taken is still there"
    assert {"sandbox.png", "hand-follows.png"} <= shots
    for person in table.people:
        assert person.page.errors == [], person.page.errors
    emu.assert_no_violations()


async def take_screenshots(table: Table, person: Person, hand: Hand, shots: set[str]) -> None:
    """docs/sandbox.png: the second trick of the first hand under way (the table message with
    its tally, and the hand of the person to play); docs/hand-follows.png: the first turn of
    the second hand (or of the first, if there is no second): the last hand's result, the new
    table message, the mention and the hand at the bottom."""
    in_hand = [m for m in table.moves if m.key[:2] == hand.key[:2]]
    cards = [m for m in in_hand if m.is_card]
    if "sandbox.png" not in shots and len(cards) == 4:
        await doc_screenshot(person.page, "sandbox.png")
        shots.add("sandbox.png")
    if not in_hand and hand.key[1] <= 2:
        await doc_screenshot(person.page, "hand-follows.png")
        shots.add("hand-follows.png")
