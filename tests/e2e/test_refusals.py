"""Stale, foreign, out-of-turn and forged clicks: an ephemeral sentence, nothing changes."""

from __future__ import annotations

from pathlib import Path

from bot.app import TrickBot
from sandbox import DiscordEmulator, InteractionHandle, Message, User, run_bot
from tests.e2e.harness import Players, World, forge, lobby_table_id, make_bot, make_world


async def _three_seat_table(
    emu: DiscordEmulator, w: World, bot: TrickBot, target: int = 5
) -> Players:
    alice, bob, carol = w.users[:3]
    lobby = await emu.invoke_and_wait(alice, w.channel, "smear start", {"target": target})
    tid = lobby_table_id(lobby)
    await emu.click_and_wait(bob, lobby, label="Join")
    await emu.click_and_wait(carol, lobby, label="Join")
    return Players(emu, bot, tid, {u.id: u for u in w.users[:3]})


def _record_len(p: Players) -> int:
    return p.table.version


async def _expect_refusal(emu: DiscordEmulator, handle: InteractionHandle, words: str) -> Message:
    msg = await handle
    assert msg.ephemeral, msg
    assert words in msg.content, msg.content
    return msg


async def test_refusals_change_nothing(emu: DiscordEmulator, tmp_path: Path) -> None:
    w = make_world(emu, ("alice", "bob", "carol", "dave"))
    alice, bob, carol, dave = w.users
    async with run_bot(emu, make_bot(tmp_path / "db.sqlite3")) as bot:
        p = await _three_seat_table(emu, w, bot)
        p.users = {u.id: u for u in (alice, bob, carol)}
        table_msg = await p.table_message()
        t = p.table
        assert t.state is not None
        seat = t.state.current_player
        assert seat is not None
        to_act: User = p.users[t.seats[seat].user_id or 0]
        idle: User = next(u for u in (alice, bob, carol) if u.id != to_act.id)
        idle_seat = t.seat_of(idle.id)
        assert idle_seat is not None
        before = _record_len(p)

        # A stranger has no hand.
        h = await emu.click(dave, table_msg, label="Show my hand")
        await _expect_refusal(emu, h, "not seated")

        # Out of turn: a bid from the idle player's own (disabled) hand buttons.
        idle_hand = await p.open_hand(idle.id)
        cid = f"tb:p:{p.table_id}:{t.hand_no}:{t.version}:{idle_seat}:52"
        assert cid in idle_hand.custom_ids()
        h = await forge(emu, idle, idle_hand, cid)
        await _expect_refusal(emu, h, "not your turn")

        # Another user's seat: the idle player sends a click for the seat to act.
        cid = f"tb:p:{p.table_id}:{t.hand_no}:{t.version}:{seat}:52"
        h = await forge(emu, idle, table_msg, cid)
        await _expect_refusal(emu, h, "not from your hand")

        # Forged custom_ids: an unknown table, garbage, an action out of range.
        h = await forge(emu, idle, table_msg, "tb:p:999999:1:0:0:52")
        await _expect_refusal(emu, h, "closed")
        h = await forge(emu, idle, table_msg, "<script>alert(1)</script>")
        await _expect_refusal(emu, h, "not one of mine")
        cid = f"tb:p:{p.table_id}:{t.hand_no}:{t.version}:{seat}:999"
        h = await forge(emu, to_act, table_msg, cid)
        await _expect_refusal(emu, h, "can't play that")
        h = await forge(emu, dave, table_msg, f"tb:l:{p.table_id}:start")
        await _expect_refusal(emu, h, "already started")
        assert _record_len(p) == before

        # A stale button: a hand message from hand 1 clicked during a later hand.
        old = await p.open_hand(to_act.id)
        old_ids = [c for c in old.custom_ids() if c.startswith("tb:p:")]
        p.hands.pop(to_act.id)
        first_hand = t.hand_no
        while p.table.hand_no == first_hand:
            assert await p.play_one()
        await p.table_message()
        stale = emu.message(old)
        if any(c in stale.custom_ids() for c in old_ids):  # not refreshed since
            before = _record_len(p)
            enabled = [
                b["custom_id"]
                for b in stale.buttons()
                if b["custom_id"].startswith("tb:p:") and not b.get("disabled")
            ]
            target = enabled[0] if enabled else old_ids[0]
            h = await forge(emu, to_act, stale, target)
            msg = await h
            assert msg.ephemeral and "nothing was played" in msg.content
            assert _record_len(p) == before
        emu.assert_no_violations()


async def test_double_click_and_simultaneous_clicks(emu: DiscordEmulator, tmp_path: Path) -> None:
    w = make_world(emu)
    async with run_bot(emu, make_bot(tmp_path / "db.sqlite3")) as bot:
        p = await _three_seat_table(emu, w, bot)
        for _ in range(3):
            uid = await p.wait_for_human_or_end()
            assert uid is not None
            user = p.users[uid]
            hand = await p.open_hand(uid)
            choices = p.enabled_actions(hand)
            before = p.table.version
            # The same button twice at once.
            h1 = await emu.click(user, hand, choices[0])
            h2 = await emu.click(user, hand, choices[0])
            m1, m2 = await h1, await h2
            assert m1.ephemeral and m2.ephemeral
            assert p.table.version == before + 1
            # Two players at once: the one to act and someone else with a current button.
            uid = await p.wait_for_human_or_end()
            assert uid is not None
            t = p.table
            assert t.state is not None
            hand = await p.open_hand(uid)
            other = next(u for u in p.users.values() if u.id != uid)
            other_seat = t.seat_of(other.id)
            legal = t.state.legal_actions()[0]
            cid = f"tb:p:{p.table_id}:{t.hand_no}:{t.version}:{other_seat}:{legal}"
            before = t.version
            h1 = await emu.click(p.users[uid], hand, p.enabled_actions(hand)[0])
            h2 = await forge(emu, other, await p.table_message(), cid)
            await h1
            await h2
            assert p.table.version == before + 1
        # Two people take the last seat at once: exactly one gets it.
        alice, bob, carol = w.users
        second = emu.add_channel(w.guild, "second")
        lobby = await emu.invoke_and_wait(alice, second, "smear start", {"seats": 2})
        tid2 = lobby_table_id(lobby)
        h1 = await emu.click(bob, lobby, label="Join")
        h2 = await emu.click(carol, lobby, label="Join")
        r1, r2 = await h1, await h2
        t2 = bot.manager.tables[tid2]
        assert len(t2.seats) == 2
        refused = [m for m in (r1, r2) if m.ephemeral]
        assert len(refused) == 1
        emu.assert_no_violations()
