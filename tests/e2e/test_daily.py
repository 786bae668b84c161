"""The daily deal through the emulator: two people play today's Smear deal in two channels,
each from the hand the bot keeps in front of them, and get the same game card for card (they
make the same choices, and so do the computers); nobody in either channel ever sees a card of
it; a second /smear daily shows the board instead of a second try; the board (with par) and
the week's come from the result's button."""

from __future__ import annotations

import json
import re

from sandbox import Channel, DiscordEmulator, run_bot
from tests.e2e.harness import Players, make_bot, make_world, text_of

SUIT = re.compile(r"[♣♦♥♠]")


def public_revisions(emu: DiscordEmulator, channel: Channel) -> list[str]:
    """Every state of every public message the channel ever had."""
    return [
        rev.content + json.dumps(rev.embeds, ensure_ascii=False)
        for m in emu.channel_messages(channel, include_deleted=True)
        if not m.ephemeral
        for rev in m.revisions
    ]


async def test_two_people_play_the_same_daily_deal(emu: DiscordEmulator, database: str) -> None:
    w = make_world(emu)
    alice, bob, carol = w.users
    other = w.guild.channel("other")
    async with run_bot(emu, make_bot(database, daily_iterations=4)) as bot:
        records = []
        for user, channel in ((alice, w.channel), (bob, other)):
            intro = await emu.invoke_and_wait(user, channel, "smear daily")
            assert not intro.ephemeral and "is playing today's Smear deal" in text_of(intro)
            (t,) = [t for t in bot.tables.live.values() if t.channel_id == channel.id]
            players = Players(emu, bot, t.id, {user.id: user}, channel)
            await players.play_to_end()
            found = await bot.storage.tables.record_of(t.id)
            assert found is not None and found[0] == "finished" and found[2] is not None
            records.append(found[2])
            final = await emu.wait_for_message(
                channel, lambda m: "Board of the day" in m.button_labels()
            )
            assert "played today's deal to the end" in text_of(final)
            leaked = [x for x in public_revisions(emu, channel) if SUIT.search(x)]
            assert leaked == [], leaked[:1]
        assert records[0] == records[1], "the same deal, the same computers, card for card"
        assert 1 <= len(records[0]["hands"]) <= 7
        # One try a day: the same command now shows the board, only to its asker.
        again = await emu.invoke_and_wait(alice, w.channel, "smear daily")
        assert again.ephemeral and "One try a day" in text_of(again)
        assert not any(t.channel_id == w.channel.id for t in bot.tables.live.values())
        # Anyone can see the board from the result; par comes once it is worked out.
        await bot.tables.daily.par_done()
        board = await emu.click_and_wait(carol, final, label="Board of the day")
        text = text_of(board)
        assert board.ephemeral and "board of" in text and "— 🤖 par **" in text
        assert re.search(r"1\. alice \*\*[-+]\d+\*\*", text) and "1. bob **" in text, text
        week = await emu.click_and_wait(carol, board, label="Week")
        assert "week of" in text_of(week) and "(1 day)" in text_of(week)
        # The record waits for those who have not played it.
        refused = await emu.invoke_and_wait(carol, w.channel, "table export")
        assert "daily deal" in refused.content and not refused.attachments
        mine = await emu.invoke_and_wait(alice, w.channel, "table export")
        assert mine.attachments
        emu.assert_no_violations()
