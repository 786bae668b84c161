"""Whole games against the emulator with what Discord's users report turned on (issue 25):
a hidden limit of 30 webhook message creates per channel a minute (ephemeral ones too), and 5%
of interaction tokens answering Unknown Webhook to every request. People play at a quick pace
(0.05-0.5 s a move), faster than any table of people: the limit is met if the bot does not keep
under it.

Every game must end, with no 429 of the hidden kind and no global one, no request through a
token after its Unknown Webhook, no error in the bot's log, and each turn shown by itself within
3 s of the move before it (at this pace, anywhere in view: the newest message only when the
channel has room for a new copy). The figures at each pace, longer games and the p99 are printed
by ``python -m benchmarks.bench_pace``.
"""

from __future__ import annotations

import logging
import random
from pathlib import Path

import pytest

from bot.app import TrickBot
from sandbox import MANAGE_MESSAGES, DiscordEmulator, run_bot
from tests.e2e.harness import Players, lobby_table_id, make_bot, make_world, text_of

QUICK = (0.05, 0.5)


@pytest.fixture
async def reported() -> object:
    async with DiscordEmulator(interaction_timeout=3.0, reported_limits=True) as emulator:
        yield emulator


def _check(emu: DiscordEmulator, p: Players, caplog: pytest.LogCaptureFixture) -> None:
    assert emu.rate_limits(scope="shared") == [], "the bot met Discord's hidden limit"
    assert emu.rate_limits(scope="global") == []
    assert emu.requests_after_unknown_webhook() == [], "a refused token was asked again"
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert errors == [], [r.getMessage() for r in errors]
    # Every turn came to its person by itself (the players never click Refresh); how soon is
    # a benchmark's number (python -m benchmarks.bench_pace), not a test's: the machine is shared.
    assert p.turn_seconds, "nobody was offered a turn"
    print(f"turns: {len(p.turn_seconds)}, the longest wait {max(p.turn_seconds):.2f} s")
    emu.assert_no_violations()


async def test_smear_under_the_reported_limits(
    reported: DiscordEmulator, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    emu = reported
    w = make_world(emu)
    bot = make_bot(tmp_path / "db.sqlite3", webhook_creates_per_channel=30)
    async with run_bot(emu, bot):
        lobby = await emu.invoke_and_wait(w.users[0], w.channel, "smear start", {"target": 4})
        tid = lobby_table_id(lobby)
        for user in w.users[1:]:
            lobby = await emu.click_and_wait(user, lobby, label="Join")
        p = Players(emu, bot, tid, {u.id: u for u in w.users}, w.channel, random.Random(3))
        p.think, p.newest, p.hand_wait, p.strandable = QUICK, False, 3.0, True
        await p.play_to_end()
        await emu.wait_for_message(w.channel, lambda m: "final standings" in text_of(m))
        print(f"tokens that answered Unknown Webhook: {len(emu.failed_tokens())}")
        _check(emu, p, caplog)


async def test_salad_under_the_reported_limits(
    reported: DiscordEmulator, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    emu = reported
    w = make_world(emu)
    alice, bob, _ = w.users
    bot = make_bot(tmp_path / "db.sqlite3", webhook_creates_per_channel=30)
    async with run_bot(emu, bot):
        lobby = await emu.invoke_and_wait(alice, w.channel, "salad start", {"seats": 4})
        tid = lobby_table_id(lobby)
        lobby = await emu.click_and_wait(bob, lobby, label="Join")
        for _ in range(2):
            await (await emu.select(alice, lobby, f"tb:ai:{tid}", ["easy"]))
        p = Players(emu, bot, tid, {alice.id: alice, bob.id: bob}, w.channel, random.Random(4))
        p.think, p.newest, p.hand_wait, p.strandable = QUICK, False, 3.0, True
        await p.play_to_end()
        await emu.wait_for_message(w.channel, lambda m: "final standings" in text_of(m))
        _check(emu, p, caplog)


async def test_public_messages_with_the_bot_token(
    emu: DiscordEmulator, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """PUBLIC_MESSAGES=bot: table messages and pings go with the bot's own token; the game is
    the same, and no public message is ever a followup of a click (rendered as a reply)."""
    w = make_world(emu)
    bot = make_bot(tmp_path / "db.sqlite3", public_messages="bot")
    async with run_bot(emu, bot):
        lobby = await emu.invoke_and_wait(w.users[0], w.channel, "smear start", {"target": 3})
        tid = lobby_table_id(lobby)
        for user in w.users[1:]:
            lobby = await emu.click_and_wait(user, lobby, label="Join")
        p = Players(emu, bot, tid, {u.id: u for u in w.users}, w.channel)
        await p.play_to_end()
        await emu.wait_for_message(w.channel, lambda m: "final standings" in text_of(m))
        followups = [m for m in emu.public_messages(w.channel) if m.created_via == "followup"]
        assert followups == [], "a public message went through a person's token"
        through_tokens = [
            r for r in emu.requests if r.route == "/webhooks/{application_id}/{token}"
        ]
        assert through_tokens, "hands still follow their people through their tokens"
        _check(emu, p, caplog)


async def test_a_moderator_deleting_the_lobby_or_the_table_message_costs_no_404(
    emu: DiscordEmulator, tmp_path: Path
) -> None:
    """The bot hears the deletion (message events) before it would edit the message: nothing
    is asked of Discord about it again, and the table message comes back by itself."""
    w = make_world(emu)
    alice, bob, carol = w.users
    moderator = emu.add_member(w.guild, "mod", permissions=MANAGE_MESSAGES)
    async with run_bot(emu, make_bot(tmp_path / "db.sqlite3")) as bot:
        options = {"seats": 3, "target": 3}
        lobby = await emu.invoke_and_wait(alice, w.channel, "smear start", options)
        tid = lobby_table_id(lobby)
        await emu.click_and_wait(bob, lobby, label="Join")
        emu.delete_message(lobby, by=moderator)
        await _heard_gone(emu, bot, lobby.id)
        # Bob leaves with a command: the lobby would be edited (it is gone: it is not).
        await emu.invoke_and_wait(bob, w.channel, "table leave")
        again = await emu.invoke_and_wait(carol, w.channel, "smear start", options)
        assert lobby_table_id(again) == tid and again.id != lobby.id, "posted again"
        await emu.click_and_wait(bob, again, label="Join")
        await emu.click_and_wait(carol, again, label="Join")
        p = Players(emu, bot, tid, {u.id: u for u in w.users}, w.channel)
        for _ in range(4):
            assert await p.play_one()
        table_message = await p.table_message()
        # Deleted while nothing is being sent (an edit already on its way when the moderator
        # clicks is the one 404 a deletion can cost).
        await emu.wait_until(lambda: True if bot.tables.feed.idle() else None, timeout=5)
        emu.delete_message(table_message, by=moderator)
        await _heard_gone(emu, bot, table_message.id)
        await p.play_to_end()
        shown = bot.tables.feed.table_message_id(p.table) if tid in bot.tables.live else None
        assert shown != table_message.id
        await emu.wait_for_message(w.channel, lambda m: "final standings" in text_of(m))
        gone = [e for e in emu.client_errors() if e.status == 404]
        assert gone == [], gone
        emu.assert_no_violations()


async def _heard_gone(emu: DiscordEmulator, bot: TrickBot, message_id: int) -> None:
    """Until the deletion's event reached the bot (a moment; an edit sent in that moment is
    the one 404 a deletion can cost)."""
    await emu.wait_until(
        lambda: True if bot.tables.feed.outlet.gone(message_id) else None,
        timeout=5,
        what="the bot to hear of the deletion",
    )
