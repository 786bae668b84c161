"""Whole games in each language: the server's language for what everyone sees, each person's
own for their hand (their Discord client's, or their /settings my-language choice)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.i18n import LANGUAGES, lang
from sandbox import DiscordEmulator, run_bot
from tests.e2e.harness import Players, lobby_table_id, make_bot, make_world, text_of

# Discord has Finnish and Italian clients; Estonian and Tagalog speakers choose with /settings.
CLIENT = {"fi": "fi", "it": "it", "et": "en-US", "tl": "en-US"}


@pytest.mark.parametrize("code", sorted(CLIENT))
async def test_a_whole_smear_and_salad_game_in_each_language(
    emu: DiscordEmulator, tmp_path: Path, code: str
) -> None:
    say = lang(code)
    client = CLIENT[code]
    w = make_world(emu)
    alice, bob, _ = w.users
    owner = emu.users[w.guild.owner_id]
    async with run_bot(emu, make_bot(tmp_path / "db.sqlite3")) as bot:
        done = await emu.invoke_and_wait(owner, w.channel, "settings language", {"language": code})
        wanted = say.t("settings-language-set", language=LANGUAGES[code])
        assert not done.ephemeral and done.content == wanted
        if client == "en-US":
            for person in (alice, bob):
                await emu.invoke_and_wait(
                    person, w.channel, "settings my-language", {"language": code}
                )
        lobby = await emu.invoke_and_wait(
            alice, w.channel, "smear start", {"seats": 2, "target": 2}, locale=client
        )
        assert say.t("lobby-title-open", game=say.t("game-smear")) in text_of(lobby)
        tid = lobby_table_id(lobby)
        await emu.click_and_wait(bob, lobby, label=say.t("lobby-join"), locale=client)
        p = Players(emu, bot, tid, {alice.id: alice, bob.id: bob}, w.channel, locale=client)
        await p.play_to_end()
        hand = p.live_hands(alice.id)[-1]
        assert say.t("hand-refresh") in hand.button_labels(), "a hand in its owner's language"
        final = await emu.wait_for_message(
            w.channel,
            lambda m: say.t("standings-title", game=say.t("game-smear")) in text_of(m),
        )
        assert say.t("standings-rematch") in final.button_labels()

        other = w.guild.channel("other")
        lobby = await emu.invoke_and_wait(alice, other, "salad start", {"seats": 3}, locale=client)
        tid = lobby_table_id(lobby)
        for _ in range(2):
            lobby = await (await emu.select(alice, lobby, f"tb:ai:{tid}", ["easy"], locale=client))
        salad = Players(emu, bot, tid, {alice.id: alice}, other, locale=client)
        await salad.play_to_end()
        await emu.wait_for_message(
            other, lambda m: say.t("standings-title", game=say.t("game-salad")) in text_of(m)
        )
        emu.assert_no_violations()


async def test_my_language_says_when_the_discord_app_language_comes_first(
    emu: DiscordEmulator, tmp_path: Path
) -> None:
    """A person whose Discord app is Finnish picks Estonian: the choice is saved, and the
    answer (in Finnish, the language they will see) says why Finnish is still used."""
    w = make_world(emu)
    alice = w.users[0]
    fi = lang("fi")
    async with run_bot(emu, make_bot(tmp_path / "db.sqlite3")):
        done = await emu.invoke_and_wait(
            alice, w.channel, "settings my-language", {"language": "et"}, locale="fi"
        )
        assert done.ephemeral
        assert done.content == fi.t(
            "settings-my-language-app-first", choice=LANGUAGES["et"], language=LANGUAGES["fi"]
        )
        # Where the app speaks a language we do not, the choice is what is used.
        done = await emu.invoke_and_wait(
            alice, w.channel, "settings my-language", {"language": "et"}, locale="en-US"
        )
        et = lang("et")
        assert done.content == et.t("settings-my-language-set", language=LANGUAGES["et"])
        emu.assert_no_violations()
