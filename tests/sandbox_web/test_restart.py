"""``make run`` again: the table, its message and its buttons, the players' ids and the
people's Discord locales are all still there, and the game goes on."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

from sandbox.run import start_sandbox
from tests.sandbox_web.conftest import bot_settings, sandbox_config

PLAYERS = ("Ada", "Ben", "Cy")
WHEN = re.compile(r"<t:(\d+):R>")


def deadline(text: str) -> int:
    found = WHEN.search(text)
    assert found is not None, f"no turn timer on the table: {text}"
    return int(found[1])


async def test_a_game_survives_a_restart_of_the_sandbox(tmp_path: Path) -> None:
    from bot.app import create_bot

    settings = bot_settings(tmp_path)
    config = sandbox_config(tmp_path)
    box = await start_sandbox(lambda: create_bot(settings), config)
    try:
        emu, world = box.emulator, box.web.world
        ada, ben, cy = (world.user(n) for n in PLAYERS)
        world.set_locale(ben, "fi")
        channel = world.channel("smear")
        lobby = await emu.invoke_and_wait(ada, channel, "smear start", {"seats": 3})
        await emu.click_and_wait(ben, lobby, label="Join")
        await emu.click_and_wait(cy, lobby, label="Join")
        table = await emu.wait_for_message(
            channel, lambda m: not m.ephemeral and "Show my hand" in m.button_labels()
        )
    finally:
        await box.close()

    box = await start_sandbox(lambda: create_bot(settings), config)
    try:
        emu, world = box.emulator, box.web.world
        assert box.store.restored
        ben = world.user("Ben")
        assert ben.id == ben.id and world.locale_of(ben) == "fi"
        restored = emu.message(table.id)
        # The bot edits the table message as it resumes: the turn goes on with the time it had
        # left (the time the sandbox was down does not count against the player).
        before = deadline(table.embed_text())
        for _ in range(40):
            now = emu.message(table.id)
            after = deadline(now.embed_text())
            assert before <= after <= before + 60, (
                f"the turn timer ran out at {before}; after the restart it says {after}"
            )
            assert WHEN.sub("", now.embed_text()) == WHEN.sub("", table.embed_text())
            await asyncio.sleep(0.05)
        hand = await emu.click_and_wait(ben, restored, label="Show my hand", locale="fi")
        assert hand.ephemeral and hand.owner_id == ben.id
        assert any(b.get("custom_id", "").startswith("tb:p:") for b in hand.buttons())
        emu.assert_no_violations()
    finally:
        await box.close()
