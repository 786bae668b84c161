"""Commands that cannot be undone ask first; seats can be handed to a computer; people and
servers can have their data deleted; a finished game offers a rematch."""

from __future__ import annotations

from sandbox import DiscordEmulator, run_bot
from tests.e2e.harness import Players, forge, lobby_table_id, make_bot, make_world, text_of


async def test_leaving_and_cancelling_a_game_ask_first(emu: DiscordEmulator, database: str) -> None:
    w = make_world(emu)
    alice, bob, carol = w.users
    async with run_bot(emu, make_bot(database)) as bot:
        lobby = await emu.invoke_and_wait(alice, w.channel, "salad start", {"seats": 3})
        tid = lobby_table_id(lobby)
        await emu.click_and_wait(bob, lobby, label="Join")
        await emu.click_and_wait(carol, lobby, label="Join")
        t = bot.tables.live[tid]
        ask = await emu.invoke_and_wait(bob, w.channel, "table leave")
        assert ask.ephemeral and "Leave this game?" in ask.content
        assert t.seats[1].user_id == bob.id, "asking changes nothing"
        done = await emu.click_and_wait(bob, ask, label="Leave the game")
        assert "a computer plays your seat" in done.content and not done.buttons()
        assert t.seats[1].is_computer and t.seats[1].name.casefold() not in ("alice", "carol")
        note = await emu.wait_for_message(
            w.channel, lambda m: not m.ephemeral and "left the table" in m.content
        )
        assert "🤖" in note.content
        # Only the host (or Manage Server) may cancel; the host is asked first.
        refused = await emu.invoke_and_wait(carol, w.channel, "table cancel")
        assert "Only the host" in refused.content
        ask = await emu.invoke_and_wait(alice, w.channel, "table cancel")
        assert "Cancel this game for everyone?" in ask.content
        await emu.click_and_wait(alice, ask, label="Cancel the game")
        await emu.wait_for_message(w.channel, lambda m: "cancelled by" in m.content)
        notes = [m for m in emu.public_messages(w.channel) if "No result" in m.content]
        assert len(notes) == 1, "the cancellation is announced once"
        assert tid not in bot.tables.live
        emu.assert_no_violations()


async def test_the_last_person_leaving_ends_the_game_in_one_message(
    emu: DiscordEmulator, database: str
) -> None:
    w = make_world(emu)
    alice, _, _ = w.users
    async with run_bot(emu, make_bot(database)) as bot:
        lobby = await emu.invoke_and_wait(alice, w.channel, "salad start", {"seats": 3})
        tid = lobby_table_id(lobby)
        await (await emu.select(alice, lobby, f"tb:ai:{tid}", ["easy"]))
        await (await emu.select(alice, lobby, f"tb:ai:{tid}", ["easy"]))
        ask = await emu.invoke_and_wait(alice, w.channel, "table leave")
        assert "ends without a result" in ask.content
        await emu.click_and_wait(alice, ask, label="Leave the game")
        await emu.wait_for_message(w.channel, lambda m: "Everyone left" in m.content)
        await Players(emu, bot, tid, {alice.id: alice}, w.channel).settle()
        said = [m for m in emu.public_messages(w.channel) if "without a result" in text_of(m)]
        assert len([m for m in said if not m.embeds]) == 1, "one clear message"
        emu.assert_no_violations()


async def test_the_host_hands_an_absent_persons_seat_to_a_computer(
    emu: DiscordEmulator, database: str
) -> None:
    w = make_world(emu)
    alice, bob, carol = w.users
    async with run_bot(emu, make_bot(database, turn_timer_seconds=0)) as bot:
        lobby = await emu.invoke_and_wait(alice, w.channel, "smear start", {"seats": 3})
        tid = lobby_table_id(lobby)
        await emu.click_and_wait(bob, lobby, label="Join")
        await emu.click_and_wait(carol, lobby, label="Join")
        refused = await emu.invoke_and_wait(bob, w.channel, "table replace", {"player": carol})
        assert "Only the host" in refused.content
        ask = await emu.invoke_and_wait(alice, w.channel, "table replace", {"player": carol})
        assert "carol" in ask.content
        await emu.click_and_wait(alice, ask, label="Hand the seat to a computer")
        t = bot.tables.live[tid]
        assert t.seats[2].is_computer
        p = Players(emu, bot, tid, {alice.id: alice, bob.id: bob}, w.channel)
        await p.play_to_end()  # the game no longer waits for carol
        rows = await bot.storage.db.fetchall(
            "SELECT COUNT(*) FROM hand_copies WHERE table_id = ?", (tid,)
        )
        assert rows[0][0] == 0, "hand tokens are dropped when the game ends"
        emu.assert_no_violations()


async def test_a_rematch_invites_everyone_back(emu: DiscordEmulator, database: str) -> None:
    w = make_world(emu)
    alice, bob, _ = w.users
    async with run_bot(emu, make_bot(database)) as bot:
        lobby = await emu.invoke_and_wait(alice, w.channel, "smear start", {"target": 2})
        tid = lobby_table_id(lobby)
        await emu.click_and_wait(bob, lobby, label="Join")
        await (await emu.select(alice, lobby, f"tb:ai:{tid}", ["hard"]))
        await Players(emu, bot, tid, {alice.id: alice, bob.id: bob}, w.channel).play_to_end()
        final = await emu.wait_for_message(w.channel, lambda m: "final standings" in text_of(m))
        again = await emu.click_and_wait(bob, final, label="Rematch")
        assert not again.ephemeral and "table open" in text_of(again)
        assert f"<@{alice.id}>" in text_of(again), "the others are invited back"
        new_tid = lobby_table_id(again)
        t = bot.tables.live[new_tid]
        assert t.host_id == bob.id and t.options["target"] == 2
        assert [s.level for s in t.seats if s.is_computer] == ["hard"]
        twice = await emu.click_and_wait(alice, final, label="Rematch")
        assert twice.ephemeral and "already a table" in twice.content
        started = await emu.click_and_wait(alice, again, label="Join")  # full: starts
        assert "game started" in text_of(started)
        emu.assert_no_violations()


async def test_people_and_servers_can_delete_their_data(
    emu: DiscordEmulator, database: str
) -> None:
    w = make_world(emu)
    alice, bob, _ = w.users
    async with run_bot(emu, make_bot(database)) as bot:
        lobby = await emu.invoke_and_wait(alice, w.channel, "smear start", {"target": 2})
        tid = lobby_table_id(lobby)
        await emu.click_and_wait(bob, lobby, label="Join")
        await (await emu.select(alice, lobby, f"tb:ai:{tid}", ["easy"]))
        await Players(emu, bot, tid, {alice.id: alice, bob.id: bob}, w.channel).play_to_end()
        assert await bot.storage.results.rank_of(w.guild.id, "smear", bob.id) is not None
        ask = await emu.invoke_and_wait(bob, w.channel, "stats forget")
        assert ask.ephemeral and "cannot be undone" in ask.content
        [custom_id] = [c for c in ask.custom_ids() if c.startswith("tb:forget:")]
        forged = await (await forge(emu, alice, ask, custom_id))
        assert "someone else's" in forged.content, "only the asker's own button works"
        done = await emu.click_and_wait(bob, ask, label="Delete my data")
        assert "deleted" in done.content
        assert await bot.storage.results.rank_of(w.guild.id, "smear", bob.id) is None
        assert await bot.storage.results.rank_of(w.guild.id, "smear", alice.id) is not None
        refused = await emu.invoke_and_wait(bob, w.channel, "settings forget-server")
        assert "Manage Server" in refused.content
        owner = emu.users[w.guild.owner_id]
        ask = await emu.invoke_and_wait(owner, w.channel, "settings forget-server")
        assert "cannot be undone" in ask.content
        done = await emu.click_and_wait(owner, ask, label="Delete this server's data")
        assert "deleted" in done.content
        assert await bot.storage.results.leaderboard(w.guild.id, "smear") == []
        assert await bot.storage.tables.record_of(tid) is None
        emu.assert_no_violations()


async def test_the_coach_hints_and_reviews_and_the_game_is_unrated(
    emu: DiscordEmulator, database: str
) -> None:
    w = make_world(emu)
    alice, _, _ = w.users
    async with run_bot(emu, make_bot(database)) as bot:
        lobby = await emu.invoke_and_wait(
            alice, w.channel, "smear start", {"seats": 2, "target": 2, "coach": True}
        )
        assert "Coach on" in text_of(lobby)
        tid = lobby_table_id(lobby)
        await (await emu.select(alice, lobby, f"tb:ai:{tid}", ["normal"]))
        p = Players(emu, bot, tid, {alice.id: alice}, w.channel)
        uid = await p.wait_for_human_or_end()
        assert uid == alice.id
        hand = await p.my_turn_hand(alice.id)
        advised = await emu.click_and_wait(alice, hand, label="Hint", timeout=10)
        assert "💡 Hint:" in advised.content, advised.content
        await p.play_to_end()
        final = await emu.wait_for_message(w.channel, lambda m: "final standings" in text_of(m))
        assert "does not count" in text_of(final)
        assert await bot.storage.results.leaderboard(w.guild.id, "smear") == []
        review = await emu.click_and_wait(alice, final, label="Review my game", timeout=30)
        assert review.ephemeral
        assert "reviewed" in review.content or "well played" in review.content, review.content
        emu.assert_no_violations()
