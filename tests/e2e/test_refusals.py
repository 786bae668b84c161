"""Stale, foreign, out-of-turn and forged clicks: a sentence, and nothing changes."""

from __future__ import annotations

from pathlib import Path

from bot.app import TrickBot
from sandbox import DiscordEmulator, InteractionHandle, Message, run_bot
from tests.e2e.harness import (
    IN_CHANNEL,
    Players,
    World,
    forge,
    lobby_table_id,
    make_bot,
    make_world,
    text_of,
)


async def _three_seat_table(
    emu: DiscordEmulator, w: World, bot: TrickBot, target: int = 5
) -> Players:
    alice, bob, carol = w.users[:3]
    lobby = await emu.invoke_and_wait(alice, w.channel, "smear start", {"target": target})
    tid = lobby_table_id(lobby)
    await emu.click_and_wait(bob, lobby, label="Join")
    await emu.click_and_wait(carol, lobby, label="Join")
    return Players(emu, bot, tid, {u.id: u for u in w.users[:3]}, w.channel)


async def _expect_refusal(handle: InteractionHandle, words: str) -> Message:
    msg = await handle
    assert msg.ephemeral, msg
    assert words in text_of(msg), text_of(msg)
    return msg


async def test_refusals_change_nothing(emu: DiscordEmulator, tmp_path: Path) -> None:
    w = make_world(emu, ("alice", "bob", "carol", "dave"))
    alice, bob, carol, dave = w.users
    async with run_bot(emu, make_bot(tmp_path / "db.sqlite3")) as bot:
        p = await _three_seat_table(emu, w, bot)
        table_msg = await p.table_message()
        t = p.table
        assert t.state is not None
        seat = t.state.current_player
        assert seat is not None
        to_act = p.users[t.seats[seat].user_id or 0]
        idle = next(u for u in (alice, bob, carol) if u.id != to_act.id)
        idle_seat = t.seat_of(idle.id)
        assert idle_seat is not None
        before = t.version

        # A stranger has no hand.
        await _expect_refusal(await emu.click(dave, table_msg, label="Show my hand"), "not seated")

        # Out of turn, from the idle player's own hand: the reason shows on that hand.
        idle_hand = await p.open_hand(idle.id)
        cid = f"tb:p:{p.table_id}:{t.hand_no}:{t.version}:{idle_seat}:52"
        assert cid in idle_hand.custom_ids()
        shown = await forge(emu, idle, idle_hand, cid)
        msg = await shown
        assert msg.id == idle_hand.id and "not your turn" in msg.content

        # Another user's seat: the idle player sends a click for the seat to act.
        cid = f"tb:p:{p.table_id}:{t.hand_no}:{t.version}:{seat}:52"
        await _expect_refusal(await forge(emu, idle, table_msg, cid), "not from your hand")

        # Forged custom_ids: an unknown table, garbage.
        await _expect_refusal(await forge(emu, idle, table_msg, "tb:p:999999:1:0:0:52"), "closed")
        await _expect_refusal(
            await forge(emu, idle, table_msg, "<script>alert(1)</script>"), "not one of mine"
        )
        await _expect_refusal(
            await forge(emu, dave, table_msg, f"tb:l:{p.table_id}:start"), "already started"
        )
        assert p.table.version == before
        emu.assert_no_violations()


async def test_clicks_from_another_server_are_refused(emu: DiscordEmulator, tmp_path: Path) -> None:
    """Table ids count up from 1: a click forged in another server (where the forger has
    Manage Server) must not touch this server's table (issue 10, item 1)."""
    w = make_world(emu)
    alice, bob, carol = w.users
    other = emu.add_guild("Mallory's", channels=["lair"], bot_permissions=IN_CHANNEL)
    lair = other.channel("lair")
    mallory = emu.add_member(other, "mallory")
    async with run_bot(emu, make_bot(tmp_path / "db.sqlite3")) as bot:
        lobby = await emu.invoke_and_wait(alice, w.channel, "smear start", {"seats": 3})
        tid = lobby_table_id(lobby)
        own = await emu.invoke_and_wait(mallory, lair, "salad start", {"seats": 3})
        for forged in (
            f"tb:l:{tid}:join",
            f"tb:l:{tid}:cancel",
            f"tb:l:{tid}:start",
            f"tb:x:{tid}",
            f"tb:s:{tid}",
        ):
            msg = await (await forge(emu, mallory, own, forged))
            assert msg.ephemeral and "another channel" in msg.content, (forged, msg.content)
        t = bot.tables.live[tid]
        assert [s.name for s in t.seats] == ["alice"] and t.status == "lobby"
        # The same from another channel of the table's own server.
        other_channel = w.guild.channel("other")
        here = await emu.invoke_and_wait(bob, other_channel, "salad start", {"seats": 3})
        msg = await (await forge(emu, bob, here, f"tb:l:{tid}:join"))
        assert "another channel" in msg.content
        await emu.click_and_wait(bob, lobby, label="Join")
        await emu.click_and_wait(carol, lobby, label="Join")
        p = Players(emu, bot, tid, {u.id: u for u in w.users}, w.channel)
        await p.play_to_end()
        final = await emu.wait_for_message(w.channel, lambda m: "final standings" in text_of(m))
        msg = await (await forge(emu, mallory, own, f"tb:x:{tid}"))
        assert msg.ephemeral and not msg.attachments, "no export of another server's game"
        assert final.attachments
        emu.assert_no_violations()


async def test_double_click_and_simultaneous_clicks(emu: DiscordEmulator, tmp_path: Path) -> None:
    w = make_world(emu)
    async with run_bot(emu, make_bot(tmp_path / "db.sqlite3")) as bot:
        p = await _three_seat_table(emu, w, bot)
        for _ in range(3):
            uid = await p.wait_for_human_or_end()
            assert uid is not None
            user = p.users[uid]
            hand = await p.my_turn_hand(uid)
            choices = [
                b["custom_id"]
                for b in hand.buttons()
                if str(b["custom_id"]).startswith("tb:p:") and not b.get("disabled")
            ]
            before = p.table.version
            # The same button twice at once: played once; both clicks are answered.
            h1 = await emu.click(user, hand, choices[0])
            h2 = await emu.click(user, hand, choices[0])
            await h1.wait_ack()
            await h2.wait_ack()
            assert p.table.version == before + 1
        # Two people take the last seat at once: exactly one gets it.
        alice, bob, carol = w.users
        second = emu.add_channel(w.guild, "second")
        lobby = await emu.invoke_and_wait(alice, second, "smear start", {"seats": 2})
        tid2 = lobby_table_id(lobby)
        h1 = await emu.click(bob, lobby, label="Join")
        h2 = await emu.click(carol, lobby, label="Join")
        await h1.wait_ack()
        await h2.wait_ack()
        t2 = bot.tables.live[tid2]
        assert len(t2.seats) == 2
        refused = [h for h in (h1, h2) if h.original is not None and h.original.ephemeral]
        assert len(refused) == 1
        emu.assert_no_violations()
