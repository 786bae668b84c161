"""Learn to play (issue 20): ``/smear learn`` opens a table against two ``normal`` computers that
starts at once; the learner's own hand explains, in their language and citing the rule, what a
bid means, why cards are greyed out, who won each trick and how each hand was scored, without a
click more; the game is unrated."""

from __future__ import annotations

import re

import pytest

from sandbox import DiscordEmulator, run_bot
from tests.e2e.harness import Players, enabled_moves, make_bot, make_world

# What each language's hand says: a bid explained (its 4 points: S1, S2, S10), greyed cards
# explained (S4), a trick explained (S5), a hand's scoring explained (S6-S9, S10).
WORDS = {
    "en-US": (
        "(High, Low, Jack, Game)",
        "The grey cards can't be played",
        "Trick ",
        "Hand scored",
    ),
    "it": (
        "(Alta, Bassa, Fante, Gioco)",
        "Le carte grigie non si possono",
        "Presa ",
        "Punti della mano",
    ),
}


@pytest.mark.parametrize("locale", sorted(WORDS))
async def test_smear_learn_explains_every_step_and_is_unrated(
    emu: DiscordEmulator, database: str, locale: str
) -> None:
    bid_words, greyed_words, trick_words, hand_words = WORDS[locale]
    w = make_world(emu)
    alice = w.users[0]
    async with run_bot(emu, make_bot(database)) as bot:
        opened = await emu.invoke_and_wait(alice, w.channel, "smear learn", locale=locale)
        assert not opened.ephemeral
        (t,) = [t for t in bot.tables.live.values() if t.channel_id == w.channel.id]
        assert t.status == "playing", "a learning table starts at once"
        assert [s.level for s in t.seats] == [None, "normal", "normal"]
        assert t.settings.get("learn") and t.settings.get("coach")
        p = Players(emu, bot, t.id, {alice.id: alice}, w.channel, locale=locale)
        seen: list[str] = []
        while (uid := await p.wait_for_human_or_end()) is not None:
            hand = await p.my_turn_hand(uid)
            text = hand.content
            seen.append(text)
            moves = enabled_moves(hand)
            by_action = {int(c.rsplit(":", 1)[1]): c for c in moves}
            # Every lesson cites its rule; a bid turn always explains the bid.
            for line in text.splitlines():
                if line.startswith("🎓"):
                    assert re.search(r"\((S\d+|C\d+|S6-S9, S10)\)\.?$", line), line
            if 54 in by_action or 52 in by_action:
                assert bid_words in text, text
            pick = by_action.get(54, by_action.get(52, p.rng.choice(moves)))
            handle = await emu.click(alice, hand, pick, locale=locale)
            await handle.wait_ack()
        await p.settle()
        everything = "\n".join(seen)
        assert bid_words in everything
        assert greyed_words in everything
        assert trick_words in everything and "(S5)" in everything
        assert hand_words in everything and "(S6-S9, S10)" in everything
        found = await bot.storage.tables.record_of(t.id)
        assert found is not None and found[0] == "finished"
        assert await bot.storage.results.rank_of(w.guild.id, "smear", alice.id) is None
        assert await bot.storage.results.leaderboard(w.guild.id, "smear") == []
        emu.assert_no_violations()
