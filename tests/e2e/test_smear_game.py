"""Whole Smear games through the emulator, clicks only: every hand follows its person."""

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


async def test_three_people_play_smear_to_the_end(emu: DiscordEmulator, database: str) -> None:
    w = make_world(emu)
    alice, bob, carol = w.users
    async with run_bot(emu, make_bot(database)) as bot:
        opts = {"seats": 3, "target": 3}
        lobby = await emu.invoke_and_wait(alice, w.channel, "smear start", opts)
        assert "table open" in text_of(lobby)
        tid = lobby_table_id(lobby)
        await emu.click_and_wait(bob, lobby, label="Join")
        lobby = await emu.click_and_wait(carol, lobby, label="Join")  # full: starts by itself
        assert "game started" in text_of(lobby)
        players = Players(emu, bot, tid, {u.id: u for u in w.users}, w.channel)
        await players.play_to_end()
        assert players.clicks > 10
        # Everyone acts at once here: a person is mentioned once a hand (RULES of issue 11).
        per_hand = players.mentions_per_person_per_hand()
        print(f"mentions per person per hand: {per_hand:.2f}")
        assert 0 < per_hand <= 1.5
        final = await emu.wait_for_message(w.channel, lambda m: "final standings" in text_of(m))
        assert "wins" in text_of(final)
        assert final.attachments and final.attachments[0].filename == "scores.png"
        results = [m for m in emu.public_messages(w.channel) if m.content.startswith("**Hand ")]
        assert results, "every hand's result is posted"
        assert any("High:" in m.content for m in results)
        assert len({m.content.split("**")[1] for m in results}) == len(results), "each once"
        assert_no_going_back(emu, w.channel, tid)
        board = await emu.invoke_and_wait(alice, w.channel, "leaderboard", {"game": "smear"})
        for name in ("alice", "bob", "carol"):
            assert name in board.content
        assert "1 game ·" in board.content
        stats = await emu.invoke_and_wait(bob, w.channel, "stats show")
        assert stats.ephemeral and "Smear: 1 game," in stats.content
        export = await emu.click_and_wait(carol, final, label="Export game record")
        assert export.ephemeral and export.attachments
        assert b'"game": "smear"' in export.attachments[0].data
        from engine.record import parse_record, replay

        state = replay(parse_record(export.attachments[0].data))
        assert state.outcome() is not None
        emu.assert_no_violations()


async def test_two_people_and_a_computer(emu: DiscordEmulator, database: str) -> None:
    w = make_world(emu)
    alice, bob, _ = w.users
    async with run_bot(emu, make_bot(database)) as bot:
        lobby = await emu.invoke_and_wait(alice, w.channel, "smear start", {"target": 3})
        tid = lobby_table_id(lobby)
        await emu.click_and_wait(bob, lobby, label="Join")
        handle = await emu.select(alice, lobby, f"tb:ai:{tid}", ["normal"])
        lobby = await handle
        assert "game started" in text_of(lobby)
        players = Players(emu, bot, tid, {alice.id: alice, bob.id: bob}, w.channel)
        await players.play_to_end()
        await emu.wait_for_message(w.channel, lambda m: "final standings" in text_of(m))
        rows = await bot.storage.results.leaderboard(w.guild.id, "smear")
        assert {r.name for r in rows} == {"alice", "bob"}  # computers are not ranked
        assert_no_going_back(emu, w.channel, tid)
        emu.assert_no_violations()


async def test_two_seat_smear_host_starts(emu: DiscordEmulator, database: str) -> None:
    w = make_world(emu)
    alice, bob, carol = w.users
    async with run_bot(emu, make_bot(database)) as bot:
        lobby = await emu.invoke_and_wait(alice, w.channel, "smear start", {"target": 2})
        tid = lobby_table_id(lobby)
        await emu.click_and_wait(bob, lobby, label="Join")
        refused = await emu.click_and_wait(bob, lobby, label="Start")
        assert refused.ephemeral and "Only the host" in refused.content
        lobby = await emu.click_and_wait(alice, lobby, label="Start")
        assert "game started" in text_of(lobby)
        assert "3. (open)" not in text_of(lobby), "a started game lists only its real seats"
        players = Players(emu, bot, tid, {alice.id: alice, bob.id: bob}, w.channel)
        await players.play_to_end()
        await emu.wait_for_message(w.channel, lambda m: "final standings" in text_of(m))
        hand = await emu.invoke_and_wait(carol, w.channel, "hand")
        assert hand.ephemeral and "no table" in hand.content
        emu.assert_no_violations()
