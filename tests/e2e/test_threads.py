"""Every game in its own thread (issue 26), end to end through the emulator: several tables in
one channel, each playing in a thread opened on its lobby message; the channel keeps one line
per game and its result."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import pytest

from bot.app import TrickBot
from bot.model import count_actions
from bot.render import Rendered
from bot.tables.feed.state import table_slot
from bot.tables.ports import Unavailable
from sandbox import Channel, DiscordEmulator, Message, User, run_bot
from sandbox.models import MANAGE_THREADS
from tests.e2e.harness import (
    CARD_RE,
    FAST_PACE,
    Players,
    World,
    assert_no_going_back,
    lobby_table_id,
    make_bot,
    make_world,
    text_of,
)
from tests.e2e.process import BotProcess, SeenPlayers


async def _open_in_thread(
    emu: DiscordEmulator, bot: TrickBot, channel: Channel, host: User, guest: User
) -> tuple[int, Message, Channel]:
    """``host`` opens a 3-seat Smear table (to 11 points: a whole game), ``guest`` joins, a
    computer fills the last seat and the game starts: (table, its lobby message, its thread)."""
    lobby = await emu.invoke_and_wait(host, channel, "smear start")
    tid = lobby_table_id(lobby)
    await emu.click_and_wait(guest, lobby, label="Join")
    await (await emu.select(host, lobby, f"tb:ai:{tid}", ["easy"]))

    def started() -> int | None:
        t = bot.tables.live.get(tid)
        return None if t is None else t.thread_id

    thread_id = await emu.wait_until(started, timeout=5, what="the game's thread")
    return tid, emu.message(lobby.id), emu.channels[thread_id]


AT_ONCE = (0.0, 0.0)  # people who click the moment their turn shows


async def _play_in_thread(
    emu: DiscordEmulator,
    bot: TrickBot,
    tid: int,
    thread: Channel,
    people: list[User],
    think: tuple[float, float] | None = None,
) -> Players:
    """The people open their hands from the table message in the thread, then play."""
    players = Players(emu, bot, tid, {u.id: u for u in people}, thread, think=think)
    for person in people:
        hand = await players.open_hand(person.id)
        assert hand.channel_id == thread.id and hand.ephemeral
    await players.play_to_end()
    return players


async def test_three_tables_in_one_channel_play_at_once_each_in_its_thread(
    emu: DiscordEmulator, database: str
) -> None:
    names = ("alice", "bob", "carol", "dave", "erin", "frank")
    w = make_world(emu, names, threads=True)
    pairs = [(w.users[i], w.users[i + 1]) for i in (0, 2, 4)]
    # The request budget below was set for people clicking at once and computers with no
    # pause. At people's pace (HUMAN_PACE, the bot's own pace) the same games spend about 0.16
    # bot-token requests an action: the bot's authority carries more table edits whose
    # freshest token's window is full (issue 31's closing note).
    async with run_bot(emu, make_bot(database, **FAST_PACE)) as bot:
        before = emu.request_counts(global_limited=True)
        opened = [await _open_in_thread(emu, bot, w.channel, h, g) for h, g in pairs]
        tables = [tid for tid, _, _ in opened]
        assert len({t for _, _, t in opened}) == 3, "each table has its own thread"
        for (_, lobby, thread), (host, guest) in zip(opened, pairs, strict=True):
            assert thread.parent_id == w.channel.id
            assert thread.name == f"Smear · {host.name}, {guest.name}, Ada"
            assert thread.id == lobby.id, "the thread is opened on the lobby message"
            assert f"<#{thread.id}>" in lobby.content and not lobby.buttons()
            assert thread.auto_archive_duration == 10080

        actions = {tid: 0 for tid in tables}

        async def play(tid: int, thread: Channel, people: list[User]) -> None:
            await _play_in_thread(emu, bot, tid, thread, people, think=AT_ONCE)
            t = await bot.storage.tables.load_table(tid)
            assert t is not None and t.table.status == "finished"
            actions[tid] = t.table.version

        await asyncio.gather(
            *(
                play(tid, thread, list(pair))
                for (tid, _, thread), pair in zip(opened, pairs, strict=True)
            )
        )
        for tid, _, thread in opened:
            await emu.wait_for_message(thread, lambda m: "final standings" in text_of(m))
            assert_no_going_back(emu, thread, tid)
        await emu.wait_until(
            lambda: len(emu.public_messages(w.channel)) >= 6 or None,
            timeout=5,
            what="the three results in the channel",
        )
        await asyncio.sleep(0.3)  # nothing more comes

        # The channel holds the three lobby lines and the three results, nothing else.
        public = emu.public_messages(w.channel)
        assert len(public) == 6, [m.content for m in public]
        for _, lobby, thread in opened:
            assert f"<#{thread.id}>" in emu.message(lobby.id).content
            results = [m for m in public if m.id != lobby.id and f"<#{thread.id}>" in m.content]
            assert len(results) == 1 and "won" in results[0].content, results
        for m in public:
            assert not CARD_RE.findall(text_of(m)), f"a card in the channel: {text_of(m)}"
        hands_here = [
            m
            for m in emu.channel_messages(w.channel)
            if any(c.startswith("tb:p:") for c in m.custom_ids())
        ]
        assert hands_here == [], "a hand in the channel instead of its thread"

        # Everyone seated joined their game's thread.
        for (_, _, thread), (host, guest) in zip(opened, pairs, strict=True):
            members = {u.id for u in emu.thread_members(thread)}
            assert {host.id, guest.id} <= members

        spent = emu.request_counts(global_limited=True) - before
        per_action = sum(spent.values()) / sum(actions.values())
        print(
            f"bot-token requests per game action, 3 Smear games in threads: {per_action:.3f}"
            f" ({sum(spent.values())} requests, {sum(actions.values())} actions: {dict(spent)})"
        )
        assert per_action <= 0.15
        emu.assert_no_violations()
        assert [r for r in emu.requests if 400 <= r.status < 500] == []


async def test_without_the_permission_the_game_plays_in_the_channel_and_says_why_once(
    emu: DiscordEmulator, database: str
) -> None:
    w = make_world(emu, threads=False)
    alice, bob, carol = w.users
    async with run_bot(emu, make_bot(database)) as bot:
        lobby = await emu.invoke_and_wait(alice, w.channel, "smear start", locale="it")
        why = await emu.wait_for_message(
            w.channel, lambda m: m.ephemeral and "Create Public Threads" in m.content, user=alice
        )
        assert "canale" in why.content, "said in the starter's language"
        tid = lobby_table_id(lobby)
        await emu.click_and_wait(bob, lobby, label="Join")
        await emu.click_and_wait(carol, lobby, label="Join")  # full: starts by itself
        players = Players(emu, bot, tid, {u.id: u for u in w.users}, w.channel)
        await players.play_to_end()
        await emu.wait_for_message(w.channel, lambda m: "final standings" in text_of(m))
        assert emu.threads(w.channel) == []
        assert bot.storage is not None and (await bot.storage.tables.load_table(tid)) is not None
        # Told once per server: the next game started says nothing more.
        other = w.guild.channel("other")
        await emu.invoke_and_wait(bob, other, "smear start")
        await asyncio.sleep(0.3)
        told = [
            m
            for channel in (w.channel, other)
            for m in emu.channel_messages(channel)
            if m.ephemeral and "Create Public Threads" in m.content
        ]
        assert told == [why]
        emu.assert_no_violations()


async def test_a_server_that_turns_threads_off_plays_in_the_channel(
    emu: DiscordEmulator, database: str
) -> None:
    w = make_world(emu, threads=True)
    alice, bob, _ = w.users
    owner = emu.users[w.guild.owner_id]
    async with run_bot(emu, make_bot(database)) as bot:
        refused = await emu.invoke_and_wait(
            alice, w.channel, "settings threads", {"threads": "off"}
        )
        assert refused.ephemeral and "Manage Server" in refused.content
        done = await emu.invoke_and_wait(owner, w.channel, "settings threads", {"threads": "off"})
        assert not done.ephemeral and "play in the channel" in done.content
        lobby = await emu.invoke_and_wait(alice, w.channel, "smear start", {"target": 2})
        why = await emu.wait_for_message(
            w.channel, lambda m: m.ephemeral and "/settings threads" in m.content, user=alice
        )
        assert "played here in the channel" in why.content
        tid = lobby_table_id(lobby)
        await emu.click_and_wait(bob, lobby, label="Join")
        await (await emu.select(alice, lobby, f"tb:ai:{tid}", ["easy"]))
        assert bot.tables.live[tid].thread_id is None and emu.threads(w.channel) == []
        players = Players(emu, bot, tid, {alice.id: alice, bob.id: bob}, w.channel)
        await players.play_to_end()
        # Turned on again: the next game opens its thread.
        await emu.invoke_and_wait(owner, w.channel, "settings threads", {"threads": "on"})
        _, _, thread = await _open_in_thread(emu, bot, w.channel, alice, bob)
        assert thread.parent_id == w.channel.id
        emu.assert_no_violations()


async def test_a_daily_deal_and_a_learn_game_open_in_threads_beside_a_game(
    emu: DiscordEmulator, database: str
) -> None:
    w = make_world(emu, threads=True)
    alice, bob, carol = w.users
    async with run_bot(emu, make_bot(database, daily_iterations=4)) as bot:
        game, _, game_thread = await _open_in_thread(emu, bot, w.channel, alice, bob)
        assert bot.tables.live[game].status == "playing"

        intro = await emu.invoke_and_wait(carol, w.channel, "smear daily")
        (daily,) = [
            t for t in bot.tables.live.values() if t.channel_id == w.channel.id and t.id > game
        ]
        assert daily.thread_id is not None and daily.thread_id != game_thread.id
        assert not intro.ephemeral and f"<#{daily.thread_id}>" in intro.content
        thread = emu.channels[daily.thread_id]
        await _play_in_thread(emu, bot, daily.id, thread, [carol])
        await emu.wait_for_message(thread, lambda m: "Board of the day" in m.button_labels())

        lobby = await emu.invoke_and_wait(carol, w.channel, "salad learn")
        (learn,) = [t for t in bot.tables.live.values() if t.id > daily.id]
        assert learn.thread_id is not None and f"<#{learn.thread_id}>" in lobby.content
        players = Players(emu, bot, learn.id, {carol.id: carol}, emu.channels[learn.thread_id])
        hand = await players.open_hand(carol.id)
        assert hand.channel_id == learn.thread_id
        for _ in range(3):
            assert await players.play_one()
        assert {t.name for t in emu.threads(w.channel)} == {
            f"Smear · {alice.name}, {bob.name}, Ada",
            f"Smear · {carol.name}, Ada, Babbage",
            f"Salad · {carol.name}, Ada, Babbage, Curie",
        }
        # Nothing said "play it in another channel", and no hand came to the channel.
        told = [m.content for m in emu.channel_messages(w.channel) if m.ephemeral]
        assert not [x for x in told if "another channel" in x], told
        emu.assert_no_violations()


# ------------------------------------------------------------------ threads as Discord runs them


async def _mid_game(emu: DiscordEmulator, bot: TrickBot, w: World) -> tuple[int, Channel, Players]:
    """A game in its thread, some moves in, waiting for a person's move."""
    alice, bob, _ = w.users
    tid, _, thread = await _open_in_thread(emu, bot, w.channel, alice, bob)
    players = Players(emu, bot, tid, {alice.id: alice, bob.id: bob}, thread)
    for person in (alice, bob):
        await players.open_hand(person.id)
    for _ in range(4):
        assert await players.play_one()
    assert await players.wait_for_human_or_end() is not None
    await asyncio.sleep(0.3)  # what the last move changed is shown
    return tid, thread, players


def _client_errors(emu: DiscordEmulator) -> list[tuple[str, str, int]]:
    return [(r.method, r.path, r.status) for r in emu.requests if 400 <= r.status < 500]


def _no_traceback(caplog: pytest.LogCaptureFixture) -> None:
    failed = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]
    assert failed == [], failed


@pytest.mark.parametrize("how", ["deleted", "locked"])
async def test_a_moderator_who_deletes_or_locks_the_thread_ends_the_game(
    emu: DiscordEmulator, database: str, how: str, caplog: pytest.LogCaptureFixture
) -> None:
    w = make_world(emu, threads=True)
    moderator = emu.add_member(w.guild, "mod", permissions=MANAGE_THREADS)
    async with run_bot(emu, make_bot(database)) as bot:
        tid, thread, _ = await _mid_game(emu, bot, w)
        played = bot.tables.live[tid].version
        if how == "deleted":
            emu.delete_thread(thread, by=moderator)
        else:
            emu.lock_thread(thread, by=moderator)
        line = await emu.wait_for_message(
            w.channel, lambda m: not m.ephemeral and f"moderator {how} the thread" in m.content
        )
        assert "unrated" in line.content
        await emu.wait_until(lambda: tid not in bot.tables.feed.tables or None, timeout=5)
        await asyncio.sleep(0.3)
        found = await bot.storage.tables.record_of(tid)
        assert found is not None and found[0] == "cancelled"
        record = found[2]
        assert record is not None and count_actions(record) == played, "the moves played are kept"
        assert await bot.storage.results.leaderboard(w.guild.id, "smear") == [], "nobody rated"
        errors = _client_errors(emu)
        if how == "deleted":  # the one request that learnt it, at most
            assert len(errors) <= 1 and all(e[2] == 404 for e in errors), errors
        else:
            assert errors == []
        lines = [m for m in emu.public_messages(w.channel) if "moderator" in m.content]
        assert len(lines) == 1
        _no_traceback(caplog)


async def test_an_archived_thread_is_reopened_and_the_game_plays_on(
    emu: DiscordEmulator, database: str, caplog: pytest.LogCaptureFixture
) -> None:
    w = make_world(emu, threads=True)
    async with run_bot(emu, make_bot(database)) as bot:
        _, thread, players = await _mid_game(emu, bot, w)
        emu.archive_thread(thread)
        await emu.wait_until(lambda: not thread.archived or None, timeout=5, what="reopened")
        await players.play_to_end()
        await emu.wait_for_message(thread, lambda m: "final standings" in text_of(m))
        await emu.wait_for_message(w.channel, lambda m: f"<#{thread.id}>" in m.content)
        assert _client_errors(emu) == []
        _no_traceback(caplog)


@pytest.mark.process
async def test_a_game_in_its_thread_survives_a_sigkill_and_an_archive_meanwhile(
    emu: DiscordEmulator, tmp_path: Path
) -> None:
    """The bot is killed mid-game; while it is down the thread archives; the restarted bot
    reopens it before touching its messages, and the game plays to the end where it was."""
    w = make_world(emu, threads=True)
    alice, bob, _ = w.users
    bot = BotProcess(emu, tmp_path / "db.sqlite3", tmp_path / "bot.log")
    await bot.start()
    try:
        lobby = await emu.invoke_and_wait(alice, w.channel, "smear start", {"target": 4})
        tid = lobby_table_id(lobby)
        await emu.click_and_wait(bob, lobby, label="Join")
        await (await emu.select(alice, lobby, f"tb:ai:{tid}", ["easy"]))
        thread = await emu.wait_until(
            lambda: next(iter(emu.threads(w.channel)), None), timeout=5, what="the thread"
        )
        table = await emu.wait_for_message(thread, lambda m: "Show my hand" in m.button_labels())
        for person in (alice, bob):
            await emu.click_and_wait(person, table, label="Show my hand")
        people = SeenPlayers(emu, thread, tid, [alice, bob])
        await people.play_until(lambda: people.clicks >= 6)
        bot.kill()
        await bot.wait()
        emu.archive_thread(thread)
        await bot.start()
        await emu.wait_until(lambda: not thread.archived or None, timeout=10, what="reopened")
        await people.play_until(lambda: False)
        await emu.wait_for_message(thread, lambda m: "final standings" in text_of(m), timeout=10)
        await emu.wait_for_message(
            w.channel, lambda m: "is over" in m.content and f"<#{thread.id}>" in m.content
        )
        await asyncio.sleep(1.0)
        results = [m for m in emu.public_messages(w.channel) if "is over" in m.content]
        assert len(results) == 1, "the result is posted once in the channel"
        assert _client_errors(emu) == []
    finally:
        await bot.stop()
    log = bot.log.read_text(errors="replace")
    assert "Traceback" not in log, log[-3000:]


async def test_an_edit_in_an_archived_thread_waits_for_the_thread_and_is_no_error(
    emu: DiscordEmulator, database: str
) -> None:
    """Discord answers 400 (50083) to the bot's own edit in an archived thread. Until
    the bot has reopened it, that is "later", as a server's failure is: never a bug that drops
    or re-posts the table message (which would then sit below a person's turn)."""
    w = make_world(emu, threads=True)
    async with run_bot(emu, make_bot(database)) as bot:
        tid, thread, _ = await _mid_game(emu, bot, w)
        table_message = bot.tables.feed.tables[tid].slots[table_slot(1)].message_id
        assert table_message is not None
        # The bot's reopening waits a moment (a 429), so the thread is archived meanwhile.
        emu.rate_limit_route(
            "PATCH", "/channels/{channel_id}", 3.0, params={"channel_id": str(thread.id)}
        )
        emu.archive_thread(thread)
        io = bot.discord_io
        with pytest.raises(Unavailable):
            await io.edit(thread.id, table_message, Rendered(content="an edit"))


@pytest.mark.parametrize(
    ("refused", "containing"),
    [(("POST",), "**Hand "), (("POST", "PATCH"), "Dealer:")],
    ids=["a hand's result (outbox)", "the table message (drawn from the table)"],
)
async def test_a_message_discord_refuses_for_what_it_is_is_given_up_and_the_game_goes_on(
    emu: DiscordEmulator,
    database: str,
    caplog: pytest.LogCaptureFixture,
    refused: tuple[str, ...],
    containing: str,
) -> None:
    """A 400 (50035 Invalid Form Body) says the message itself is wrong: sent again, it is
    refused again. The message is given up, with an error in the log, and the game finishes
    (it used to be tried forever, and every message of the table waited behind it)."""
    w = make_world(emu, threads=True)
    async with run_bot(emu, make_bot(database)) as bot:
        _, thread, players = await _mid_game(emu, bot, w)
        # Posted or edited (a thread's table message is mostly posted anew, below the hands),
        # with the bot's authority or through a person's interaction token.
        for method in refused:
            for route in ("/channels/{channel_id}/messages", "/webhooks/{application_id}/{token}"):
                if method == "PATCH":
                    route += "/messages/{message_id}" if "webhooks" in route else "/{message_id}"
                emu.refuse_next(method, route, count=10_000, containing=containing)
        await players.play_to_end()
        await emu.wait_for_message(thread, lambda m: "final standings" in text_of(m))
    refusals = [r for r in emu.requests if r.status == 400]
    errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert refusals, "the refused message was asked for"
    assert len(errors) == len(refusals), "each refusal is one error, never a retry in a loop"
    assert all("Invalid Form Body" in e and "Traceback" not in e for e in errors), errors
