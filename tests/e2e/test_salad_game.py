"""A whole Salad game through the emulator: two people and two computers."""

from __future__ import annotations

from sandbox import DiscordEmulator, run_bot
from tests.e2e.harness import (
    Players,
    assert_no_going_back,
    lobby_table_id,
    make_bot,
    make_world,
    text_of,
)


async def test_four_seat_salad_with_computers(emu: DiscordEmulator, database: str) -> None:
    w = make_world(emu)
    alice, bob, _ = w.users
    async with run_bot(emu, make_bot(database)) as bot:
        lobby = await emu.invoke_and_wait(alice, w.channel, "salad start", {"seats": 4})
        tid = lobby_table_id(lobby)
        await emu.click_and_wait(bob, lobby, label="Join")
        await (await emu.select(alice, lobby, f"tb:ai:{tid}", ["random"]))
        lobby = await (await emu.select(bob, lobby, f"tb:ai:{tid}", ["easy"]))
        assert "game started" in text_of(lobby)
        players = Players(emu, bot, tid, {alice.id: alice, bob.id: bob}, w.channel)
        await players.play_to_end()
        final = await emu.wait_for_message(w.channel, lambda m: "final standings" in text_of(m))
        assert "lowest total" in text_of(final)
        hands = [m for m in emu.public_messages(w.channel) if "Penalties:" in m.content]
        assert len(hands) == 6
        # C5: a 4-player game hands out 1120 penalty points in all.
        found = await bot.storage.tables.record_of(tid)
        assert found is not None and found[0] == "finished" and found[2] is not None
        from engine.record import replay, result

        res = result(replay(found[2]))
        assert sum(res["scores"]) == 1120
        assert_no_going_back(emu, w.channel, tid)
        emu.assert_no_violations()
