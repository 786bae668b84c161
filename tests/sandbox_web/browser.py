"""Driving the sandbox page in a real browser (Playwright on Debian's chromium)."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from tests.sandbox_web.conftest import ARTIFACTS, DOCS

Page = Any  # playwright.async_api.Page (imported lazily: the tests skip without it)


async def open_page(browser: Any, url: str, user: str) -> Page:
    page = await browser.new_page(viewport={"width": 1280, "height": 860})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.errors = errors
    await page.goto(f"{url}#as={user}")
    await page.wait_for_selector(f'.user-switch.active[data-user-name="{user}"]')
    return page


async def act_as(page: Page, user: str) -> None:
    """The switch at the top: the page reconnects as ``user`` and shows what they see."""
    await page.click(f'.user-switch[data-user-name="{user}"]')
    await page.wait_for_selector(f'.user-switch.active[data-user-name="{user}"]')
    await page.wait_for_function(
        "name => document.title.startsWith(name + ' ')", arg=user, timeout=5000
    )


async def open_channel(page: Page, name: str) -> None:
    await page.click(f'#channels li[data-channel-name="{name}"]')
    await page.wait_for_selector(f'#channels li.active[data-channel-name="{name}"]')


async def run_command(page: Page, text: str) -> None:
    """Types a slash command into the composer and presses Enter (as a person would)."""
    await page.click("#composer")
    await page.fill("#composer", "")
    await page.type("#composer", text, delay=5)
    await page.keyboard.press("Enter")
    await page.wait_for_function("() => document.querySelector('#composer').value === ''")


def message_with(text: str) -> str:
    """A CSS/Playwright selector for the last message containing ``text``."""
    return f'.msg:has-text("{text}") >> nth=-1'


async def screenshot(page: Page, name: str) -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / name
    await page.screenshot(path=str(path))
    return path


async def doc_screenshot(page: Page, name: str) -> Path:
    """A screenshot the docs show: written to docs/ only when UPDATE_DOCS=1 (so a test run never
    rewrites the docs by accident), else to test-artifacts/."""
    folder = DOCS if os.environ.get("UPDATE_DOCS") == "1" else ARTIFACTS
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    # as a person would look: no passing notice, the pointer resting off the buttons
    await page.evaluate("() => document.querySelectorAll('.toast').forEach(t => t.remove())")
    await page.mouse.move(1, 1)
    await page.screenshot(path=str(path))
    return path


def button(scope: Any, label: str, *, enabled: bool = False) -> Any:
    """The button labelled exactly ``label`` inside ``scope`` (a page or a locator)."""
    exact = re.compile(rf"^\s*{re.escape(label)}\s*$")
    return scope.locator("button:not(:disabled)" if enabled else "button", has_text=exact)
