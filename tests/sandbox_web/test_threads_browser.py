"""Threads on the sandbox page in headless Chromium, with the small real discord.py test bot: a
thread shows under its channel, the message it was started from links to it, and commands,
buttons and words work inside it as in a channel."""

from __future__ import annotations

from typing import Any

from sandbox.run import Sandbox
from tests.sandbox_web.browser import open_page, run_command, screenshot

SIDEBAR_ORDER_JS = """() => [...document.querySelectorAll('#channels li')]
  .map(li => li.dataset.channelName)"""


async def test_a_thread_shows_under_its_channel_and_opens(sandbox: Sandbox, browser: Any) -> None:
    emu, world = sandbox.emulator, sandbox.web.world
    ada = world.user("Ada")
    page = await open_page(browser, sandbox.url, "Ada")
    await page.wait_for_selector("#bot-status.online")
    await run_command(page, "/game table")
    await page.locator('.msg:has-text("the table")').wait_for()
    table = emu.public_messages(world.channel("smear"))[-1]
    thread = emu.start_thread(ada, table, "table 1")

    # in the sidebar, indented under #smear; on the message, a link with its count
    item = page.locator('#channels li.thread[data-channel-name="table 1"]')
    await item.wait_for()
    order = await page.evaluate(SIDEBAR_ORDER_JS)
    assert order.index("table 1") == order.index("smear") + 1
    link = page.locator(f'.msg .thread-link[data-thread-id="{thread.id}"]')
    await link.wait_for()
    assert "table 1 · 0 messages" in await link.inner_text()

    # the link opens it; a command and a click work inside it
    await link.click()
    await page.wait_for_selector('#channels li.active[data-channel-name="table 1"]')
    assert "smear › table 1" in await page.inner_text("#channel-name")
    await run_command(page, "/game counter")
    await page.locator('.msg:has-text("count 0")').wait_for()
    await page.click('button[data-custom-id="counter:0"]')
    await page.locator('.msg:has-text("count 1")').wait_for()
    [counter] = emu.public_messages(thread)
    assert counter.content == "count 1"
    assert await page.locator('.msg:has-text("the table")').count() == 0  # only the thread

    # back in #smear the link counts its message; archived, it leaves the sidebar
    await page.click('#channels li[data-channel-name="smear"]')
    await page.locator(".thread-link", has_text="1 message").wait_for()
    emu.archive_thread(thread)
    await page.locator(".thread-link", has_text="archived").wait_for()
    assert await item.count() == 0
    await page.click(".thread-link")
    await page.wait_for_selector('#channels li.active.archived[data-channel-name="table 1"]')
    assert "archived" in await page.inner_text("#channel-topic")

    # a message in it reopens it, for everyone
    await page.fill("#composer", "one more hand?")
    await page.keyboard.press("Enter")
    await page.locator('.msg:has-text("one more hand?")').wait_for()
    await page.wait_for_selector('#channels li.active:not(.archived)[data-channel-name="table 1"]')
    assert not thread.archived
    await page.wait_for_function(
        "() => document.querySelector('#channel-topic').textContent === 'Thread · 2 messages'"
    )
    await screenshot(page, "sandbox-threads.png")
    assert page.errors == []
    emu.assert_no_violations()
