"""Review the hand (issue 20): after each hand, anyone in the channel (a spectator too) can see
that hand reviewed, and at the end any hand of the game, picked from the final standings."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot import ids
from sandbox import DiscordEmulator, run_bot
from tests.e2e.harness import Players, lobby_table_id, make_bot, make_world, text_of

PNG = b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize(("locale", "dealt"), [("en-US", "Cards dealt"), ("fi", "Jaetut kortit")])
async def test_anyone_reviews_a_finished_hand_and_any_hand_at_the_end(
    emu: DiscordEmulator, tmp_path: Path, locale: str, dealt: str
) -> None:
    w = make_world(emu)
    alice, bob, carol = w.users  # carol only watches
    async with run_bot(emu, make_bot(tmp_path / "db.sqlite3")) as bot:
        lobby = await emu.invoke_and_wait(
            alice, w.channel, "smear start", {"seats": 2, "target": 5}
        )
        tid = lobby_table_id(lobby)
        await emu.click_and_wait(bob, lobby, label="Join")
        p = Players(emu, bot, tid, {alice.id: alice, bob.id: bob}, w.channel)
        while not [m for m in emu.public_messages(w.channel) if m.content.startswith("**Hand 1")]:
            assert await p.play_one(), "the game ended in its first hand"
        result = next(m for m in emu.public_messages(w.channel) if m.content.startswith("**Hand 1"))
        handle = await emu.click(carol, result, ids.review_hand(tid, 1), locale=locale)
        review = await handle.message(timeout=15)
        assert review.ephemeral and review.visible_to(carol) and not review.visible_to(alice)
        assert review.attachments and review.attachments[0].data.startswith(PNG)
        text = text_of(review)
        assert dealt in text and "alice" in text and "bob" in text
        await p.play_to_end()
        standings = await emu.wait_for_message(w.channel, lambda m: "final standings" in text_of(m))
        hands = standings.selects()[0]["options"]
        assert [o["value"] for o in hands][:1] == ["1"]
        last = hands[-1]["value"]
        picked = await emu.select(alice, standings, ids.review_pick(tid), [last], locale=locale)
        again = await picked.message(timeout=15)
        assert again.ephemeral and again.attachments and f" {last}" in text_of(again)
        emu.assert_no_violations()
