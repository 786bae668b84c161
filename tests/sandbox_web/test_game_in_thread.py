"""A game in its own thread on the sandbox page (issue 26), with the real bot: Ada opens a
table, Ben joins, the game moves into a thread that shows under the channel, and in it Ada's
hand comes with her click on Show my hand. Screenshot: docs/thread.png (with UPDATE_DOCS=1;
else test-artifacts/)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.app import create_bot
from sandbox.run import start_sandbox
from tests.sandbox_web.browser import button, doc_screenshot, open_page, run_command
from tests.sandbox_web.conftest import bot_settings, sandbox_config


async def test_a_game_moves_into_its_thread_on_the_page(tmp_path: Path, browser: Any) -> None:
    settings = bot_settings(tmp_path)
    box = await start_sandbox(lambda: create_bot(settings), sandbox_config(tmp_path, threads=True))
    try:
        emu, world = box.emulator, box.web.world
        channel = world.channel("smear")
        ada = await open_page(browser, box.url, "Ada")
        ben = await open_page(browser, box.url, "Ben")
        await ada.wait_for_selector("#bot-status.online")
        await run_command(ada, "/smear start seats:2 target:2")
        lobby = ben.locator('.msg:has-text("table open")').last
        await button(lobby, "Join").click()  # the table is full: the game starts

        # the thread shows under the channel; the lobby is one line leading into it
        item = ada.locator('#channels li.thread[data-channel-name^="Smear · Ada, Ben"]')
        await item.wait_for()
        (thread,) = emu.threads(channel)
        await ada.locator(f'.msg:has-text("<#{thread.id}>"), .msg .thread-link').first.wait_for()
        await item.click()
        await ada.locator('.msg:has-text("Show my hand")').last.wait_for()
        await button(ada.locator('.msg:has-text("Show my hand")').last, "Show my hand").click()
        await ada.locator(".msg.ephemeral button[data-custom-id^='tb:p:']").first.wait_for()
        await doc_screenshot(ada, "thread.png")
        hands = [m for m in emu.channel_messages(thread) if m.ephemeral]
        assert hands and all(m.channel_id == thread.id for m in hands)
        assert [
            m
            for m in emu.channel_messages(channel)
            if m.ephemeral and "tb:p:" in str(m.custom_ids())
        ] == []
        assert ada.errors == [] and ben.errors == []
    finally:
        await box.close()
