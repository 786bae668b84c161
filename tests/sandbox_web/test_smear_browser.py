"""A whole hand of Smear in the browser, by clicking, with the real bot in the sandbox.

Ada opens a three-seat table with the slash command, Ben and Cy join with the lobby's button,
and the hand is played out by whoever's turn the table message shows: each switches to that
user, opens their hand ("Show my hand", an ephemeral message) and clicks. Every time, the page
must show that user's hand and nobody else's. A screenshot of the game in progress is saved as
test-artifacts/sandbox.png.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from sandbox.run import Sandbox, start_sandbox
from tests.sandbox_web.browser import act_as, button, open_page, run_command, screenshot
from tests.sandbox_web.conftest import sandbox_config

PLAYERS = ("Ada", "Ben", "Cy")
TURN = re.compile(r"▶\s*(\w+)\s+to\s+(bid|play|lead|choose)", re.IGNORECASE)


@pytest.fixture
async def real_sandbox(tmp_path: Path) -> AsyncIterator[Sandbox]:
    app = pytest.importorskip("bot.app", reason="the real bot (bot.app) is not there yet")
    from bot.settings import Settings

    settings = Settings(
        _env_file=None,  # type: ignore[call-arg]
        discord_token=None,
        database_path=tmp_path / "sandbox.sqlite3",
        dev_guild_id=None,
        ai_pause_seconds=0,
        guild_ready_timeout=0.05,
    )
    box = await start_sandbox(lambda: app.create_bot(settings), sandbox_config(tmp_path))
    try:
        yield box
    finally:
        await box.close()


TABLE_JS = """
() => {
  const titles = [...document.querySelectorAll('.msg .embed-title')]
    .filter(t => /^Smear — hand 1$/.test(t.innerText.trim()));
  const last = titles[titles.length - 1];
  return last ? last.closest('.msg').innerText : null;
}
"""

RESULT_JS = """
() => [...document.querySelectorAll('.msg .content')]
  .some(c => /^Hand 1\\b/.test(c.innerText.trim()) && !/everyone passed/.test(c.innerText))
"""


async def table_text(page: Any) -> str | None:
    text: str | None = await page.evaluate(TABLE_JS)
    return text


async def hands_shown(page: Any) -> list[str]:
    """The text of every hand message the page shows."""
    texts: list[str] = await page.locator('.msg:has-text("Your hand")').all_inner_texts()
    return texts


async def assert_sees_only_own_hand(page: Any, user: str) -> None:
    for text in await hands_shown(page):
        assert "Only you can see this" in text, text
        assert f"({user})" in text, f"{user}'s page shows someone else's hand: {text[:120]}"
    others = [p for p in PLAYERS if p != user]
    for other in others:
        theirs = page.locator(".msg", has_text=re.compile(rf"hand \d+, seat \d \({other}\)"))
        assert await theirs.count() == 0, f"{user}'s page shows {other}'s hand"


async def current_hand(page: Any, user: str) -> Any:
    """The user's hand message with buttons to click, asking for it if needed."""
    hand = page.locator(f'.msg[data-ephemeral="1"]:has-text("Your hand"):has-text("({user})")')
    if await hand.count():
        last = hand.last
        if await last.locator(".action-row button:not(:disabled)").count() > 1:
            return last
    before = await hand.count()
    title = page.locator(".embed-title", has_text=re.compile(r"^\s*Smear — hand 1\s*$"))
    table = page.locator(".msg", has=title).last
    await button(table, "Show my hand").click()
    await page.wait_for_function(
        """([user, before]) => [...document.querySelectorAll('.msg[data-ephemeral="1"]')]
            .filter(m => m.innerText.includes('Your hand')
                      && m.innerText.includes('(' + user + ')'))
            .length > before""",
        arg=[user, before],
    )
    return hand.last


async def choose(hand: Any) -> str:
    """Bid 2 when possible, else pass, else play the first card that may be played."""
    enabled = hand.locator(".action-row button:not(:disabled)")
    labels = [label.strip() for label in await enabled.all_inner_texts()]
    for wanted in ("Bid 2", "Pass"):
        if wanted in labels:
            await button(hand.locator(".action-row"), wanted, enabled=True).click()
            return wanted
    for index, label in enumerate(labels):
        if label not in ("Refresh",) and not label.startswith("Bid"):
            await enabled.nth(index).click()
            return label
    raise AssertionError(f"nothing to click in the hand: {labels}")


async def test_a_hand_of_smear_by_clicking(real_sandbox: Sandbox, browser: Any) -> None:
    page = await open_page(browser, real_sandbox.url, "Ada")
    await page.wait_for_selector("#bot-status.online")
    await run_command(page, "/smear start seats:3")
    lobby = page.locator('.msg:has-text("table open")').last
    await lobby.wait_for()
    for user in ("Ben", "Cy"):
        await act_as(page, user)
        await button(lobby, "Join").click()
        await page.locator(f'.msg:has-text("table"):has-text("{user}")').first.wait_for()
    await page.wait_for_function(f"() => ({TABLE_JS})() !== null")

    played: list[tuple[str, str]] = []
    shot = False
    for _ in range(80):
        if await page.evaluate(RESULT_JS):
            break
        text = await table_text(page)
        assert text is not None
        turn = TURN.search(text)
        assert turn is not None, f"no turn on the table message: {text}"
        user = turn.group(1)
        await act_as(page, user)
        hand = await current_hand(page, user)
        await assert_sees_only_own_hand(page, user)
        if not shot and sum(1 for _, label in played if label[-1] in "♣♦♥♠") >= 2:
            await screenshot(page, "sandbox.png")
            shot = True
        label = await choose(hand)
        played.append((user, label))
        await page.wait_for_function(
            f"(before) => ({TABLE_JS})() !== before || ({RESULT_JS})()",
            arg=text,
        )
    else:
        raise AssertionError(f"the hand did not finish: {played}")

    cards = [label for _, label in played if label[-1] in "♣♦♥♠"]
    assert len(cards) == 18, played  # six tricks of three cards
    assert ("Ben", "Bid 2") in played or any(label == "Bid 2" for _, label in played)
    for user in PLAYERS:
        await act_as(page, user)
        await page.wait_for_function(RESULT_JS)
        assert await hands_shown(page), f"{user} never saw their hand"
        await assert_sees_only_own_hand(page, user)
    assert page.errors == []
    real_sandbox.emulator.assert_no_violations()


async def test_a_game_survives_a_restart_of_the_sandbox(tmp_path: Path) -> None:
    """The table, its message and its buttons, and the players' ids, after ``make run`` again."""
    app = pytest.importorskip("bot.app", reason="the real bot (bot.app) is not there yet")
    from bot.settings import Settings

    settings = Settings(
        _env_file=None,  # type: ignore[call-arg]
        discord_token=None,
        database_path=tmp_path / "sandbox.sqlite3",
        dev_guild_id=None,
        ai_pause_seconds=0,
        guild_ready_timeout=0.05,
    )
    config = sandbox_config(tmp_path)
    box = await start_sandbox(lambda: app.create_bot(settings), config)
    try:
        emu, world = box.emulator, box.web.world
        ada, ben, cy = (world.user(n) for n in PLAYERS)
        channel = world.channel("smear")
        lobby = await emu.invoke_and_wait(ada, channel, "smear start", {"seats": 3})
        await emu.click_and_wait(ben, lobby, label="Join")
        await emu.click_and_wait(cy, lobby, label="Join")
        table = await emu.wait_for_message(channel, lambda m: "Show my hand" in m.button_labels())
    finally:
        await box.close()

    box = await start_sandbox(lambda: app.create_bot(settings), config)
    try:
        emu, world = box.emulator, box.web.world
        assert box.store.restored
        assert world.user("Ben").id == ben.id
        restored = emu.message(table.id)
        assert restored.embed_text() == table.embed_text()
        hand = await emu.click_and_wait(world.user("Ben"), restored, label="Show my hand")
        assert hand.ephemeral and "(Ben)" in hand.content
        emu.assert_no_violations()
    finally:
        await box.close()
