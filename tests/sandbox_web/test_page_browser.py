"""The sandbox page in headless Chromium, with the small real discord.py test bot.

Checks the page's mechanics: slash commands offered as you type, buttons, ephemeral messages
per user, switching users, live updates across two pages, attachments, select menus, modals.
"""

from __future__ import annotations

from typing import Any

from sandbox.run import Sandbox
from tests.sandbox_web.browser import act_as, open_page, run_command, screenshot


async def test_page_mechanics(sandbox: Sandbox, browser: Any) -> None:
    page = await open_page(browser, sandbox.url, "Ada")
    await page.wait_for_selector("#bot-status.online")

    # the bot's own commands are offered while typing, with descriptions and options
    await page.click("#composer")
    await page.type("#composer", "/game st")
    suggestion = page.locator('.suggestion[data-value="/game start"]')
    await suggestion.wait_for()
    assert "start a table" in await suggestion.inner_text()
    assert "seats" in await suggestion.inner_text()
    await page.keyboard.press("Tab")  # completes the command
    assert await page.input_value("#composer") == "/game start "
    await page.type("#composer", "se")
    await page.locator('.suggestion[data-kind="option"]').first.wait_for()
    await page.keyboard.press("Tab")
    assert await page.input_value("#composer") == "/game start seats:"
    await page.type("#composer", "3")
    await page.keyboard.press("Enter")
    secret = page.locator('.msg[data-ephemeral="1"]:has-text("table with 3 seats")')
    await secret.wait_for()
    assert "Only you can see this" in await secret.inner_text()
    # the disabled button is shown disabled
    assert await secret.locator('button[data-custom-id="closed"]').is_disabled()

    # a public table; Ben asks for his hand, which only he sees
    await run_command(page, "/game table")
    table = page.locator('.msg:has-text("the table")').last
    await table.wait_for()
    await act_as(page, "Ben")
    assert await page.locator('.msg:has-text("table with 3 seats")').count() == 0
    await table.locator('button:has-text("Show my hand")').click()
    ben_hand = page.locator('.msg[data-ephemeral="1"]:has-text("hand of Ben")')
    await ben_hand.wait_for()
    assert "Only you can see this" in await ben_hand.inner_text()

    # a second page, as Cy, sees public messages live but not Ben's hand
    cy_page = await open_page(browser, sandbox.url, "Cy")
    await cy_page.locator('.msg:has-text("the table")').last.wait_for()
    assert await cy_page.locator('.msg:has-text("hand of Ben")').count() == 0
    await run_command(page, "/game counter")
    await cy_page.locator('.msg:has-text("count 0")').wait_for()
    await cy_page.click('button[data-custom-id="counter:0"]')
    await page.locator('button[data-custom-id="counter:1"]').wait_for()  # live on Ben's page

    # clicking in Ben's ephemeral hand edits it in place
    await ben_hand.locator('button:has-text("Play")').click()
    await page.locator('.msg[data-ephemeral="1"]:has-text("Ben played")').wait_for()

    # an attachment, a select menu and a modal
    await run_command(page, "/game export")
    link = page.locator('.attachment a.file-name:has-text("record.json")')
    await link.wait_for()
    href = await link.get_attribute("href")
    assert href is not None
    response = await page.request.get(sandbox.url.rstrip("/") + href)
    assert response.ok and (await response.json())["game"] == "smear"
    preview = page.locator(".attachment-text").last
    await preview.locator("summary").click()
    await preview.locator('.file-preview:has-text("scores")').wait_for()

    await run_command(page, "/game pick")
    select = page.locator('.msg:has-text("pick") select[data-custom-id="pick"]').last
    await select.select_option(["hearts", "spades"])
    await page.locator('.msg:has-text("pick") button:has-text("Choose")').last.click()
    await page.locator('.msg:has-text("picked hearts,spades")').wait_for()

    await run_command(page, "/game note")
    await page.locator("#modal-backdrop:not([hidden])").wait_for()
    await page.fill('#modal-body input[name="text"]', "hello")
    await page.click('#modal button[type="submit"]')
    await page.locator('.msg[data-ephemeral="1"]:has-text("noted: hello")').wait_for()

    # back to Ada: Ben's ephemerals are gone from view, hers are back
    await act_as(page, "Ada")
    await page.locator('.msg:has-text("table with 3 seats")').wait_for()
    assert await page.locator('.msg:has-text("hand of Ben")').count() == 0
    assert await page.locator('.msg:has-text("noted: hello")').count() == 0

    # a command the bot does not have is explained, not sent
    await run_command_expect_error(page, "/nope", "/nope is not one of the bot's commands")
    await run_command_expect_error(
        page, "/game begin seats:3", "begin is not a subcommand of /game; it has chatter, cleanup"
    )
    await run_command_expect_error(page, "/game", "/game needs a subcommand: chatter, cleanup")

    await screenshot(page, "sandbox-mechanics.png")
    assert page.errors == [] and cy_page.errors == []
    sandbox.emulator.assert_no_violations()


async def run_command_expect_error(page: Any, text: str, error: str) -> None:
    await page.fill("#composer", text)
    await page.keyboard.press("Escape")
    await page.keyboard.press("Enter")
    box = page.locator("#composer-error:not([hidden])")
    await box.wait_for()
    assert error in await box.inner_text()
    await page.fill("#composer", "")


SCROLL_JS = """() => { const l = document.querySelector('#messages');
  return [l.scrollTop, l.scrollHeight - l.clientHeight]; }"""


async def test_the_list_keeps_its_end_in_view_unless_scrolled_up(
    sandbox: Sandbox, browser: Any
) -> None:
    """As in Discord: new messages keep a list scrolled to its end there; a person who scrolled
    up to read stays where they are."""
    emu, world = sandbox.emulator, sandbox.web.world
    ben, channel = world.user("Ben"), world.channel("smear")
    page = await open_page(browser, sandbox.url, "Ada")
    for n in range(30):
        await emu.send_message(ben, channel, f"line {n}\nsecond line\nthird line")
    await page.locator('.msg:has-text("line 29")').wait_for()
    top, end = await page.evaluate(SCROLL_JS)
    assert end > 0 and top == end, (top, end)

    await page.mouse.move(700, 400)
    await page.mouse.wheel(0, -600)  # the person scrolls up to read
    await page.wait_for_function(f"() => ({SCROLL_JS})()[0] < ({SCROLL_JS})()[1] - 300")
    read, _ = await page.evaluate(SCROLL_JS)
    await emu.send_message(ben, channel, "a new one")
    await page.locator('.msg:has-text("a new one")').wait_for()
    top, end = await page.evaluate(SCROLL_JS)
    assert top == read and end > top, "the list jumped while the person was reading"

    await page.mouse.wheel(0, 5000)  # back to the end
    await page.wait_for_function(f"() => {{ const [t, e] = ({SCROLL_JS})(); return t >= e; }}")
    await emu.send_message(ben, channel, "and another")
    await page.locator('.msg:has-text("and another")').wait_for()
    top, end = await page.evaluate(SCROLL_JS)
    assert top == end, "the list did not follow a new message"
    assert page.errors == []
