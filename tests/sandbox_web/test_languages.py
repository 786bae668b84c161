"""Tables in Finnish and Italian, in the browser, with the languages chosen as people choose them.

A Finnish table: the page sets the server's language (Discord's preferred locale, which the bot
hears at once) and Ada's Discord app to Finnish; Ben's Discord app is in Italian, so his hand
is in Italian at the Finnish table. An Italian table: the server's owner uses /settings
language, Ben's Discord app is in Italian, and Cy (an English Discord app) picks Finnish with
/settings my-language. A few moves each, and screenshots: docs/table-fi.png and
docs/table-it.png (with UPDATE_DOCS=1; else test-artifacts/).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.i18n import LANGUAGES, Lang, lang
from sandbox.run import Sandbox
from tests.sandbox_web.browser import (
    button,
    doc_screenshot,
    open_channel,
    open_page,
    run_command,
)
from tests.sandbox_web.conftest import start_real_sandbox
from tests.sandbox_web.table import BID_2, PASS, Person, Table, card_rank

FI, IT = lang("fi"), lang("it")


async def people(box: Sandbox, browser: Any, names: tuple[str, ...], channel: str) -> list[Person]:
    out = []
    for name in names:
        page = await open_page(browser, box.url, name)
        await page.wait_for_selector("#bot-status.online")
        await open_channel(page, channel)
        out.append(Person(name, box.web.world.user(name), page))
    return out


async def set_my_locale(person: Person, locale: str) -> None:
    """The page's "Discord language" menu for the person acting."""
    await person.page.select_option("#my-locale", locale)
    await person.page.locator(
        f'.user-switch[data-user-name="{person.name}"] .locale-tag:text-is("{locale}")'
    ).wait_for()


def head(say: Lang, hand: int, seat: int) -> str:
    """How a Smear hand message starts in a language, as the page shows it (no markdown)."""
    return say.t("smear-hand-head", hand=hand, seat=seat).replace("**", "")


async def play_a_few(table: Table, moves: int, shot: str, shooter: str) -> None:
    """Each person to act bids 2 or passes, then plays their lowest card; the screenshot is
    taken on the shooter's turn once three cards are on the table."""
    taken = False
    while len(table.moves) < moves or not taken:
        turn = await table.next_turn()
        assert turn is not None, "the game ended already"
        person, hand = turn
        hand = await table.settled(person, hand)
        await table.check_turn(person, hand)
        cards = [m for m in table.moves if m.is_card]
        if not taken and person.name == shooter and len(cards) >= 3:
            await doc_screenshot(person.page, shot)
            taken = True
        actions = hand.actions()
        bids = [m for m in table.moves if m.key[:2] == hand.key[:2] and m.is_bid]
        if BID_2 in actions and not bids:
            pick = actions[BID_2]
        elif PASS in actions:
            pick = actions[PASS]
        else:
            pick = min(hand.enabled, key=lambda c: card_rank(c[1]))[0]
        await table.play(person, hand, pick)


async def test_a_finnish_table(tmp_path: Path, browser: Any) -> None:
    box = await start_real_sandbox(tmp_path)
    try:
        ada, ben = await people(box, browser, ("Ada", "Ben"), "smear")
        # The server's language, from the page, as its owner sets it in Discord: the bot hears
        # of it at once (GUILD_UPDATE).
        await ada.page.select_option("#server-locale", "fi")
        guild = box.client.get_guild(box.web.world.guild.id)
        assert guild is not None
        await box.emulator.wait_until(
            lambda: guild.preferred_locale.value == "fi" or None, what="the bot to hear of fi"
        )
        await set_my_locale(ada, "fi")
        await set_my_locale(ben, "it")

        # Ada's Discord offers the bot's commands in Finnish, as the bot named them
        await ada.page.click("#composer")
        await ada.page.type("#composer", "/smear al")
        offered = ada.page.locator('.suggestion[data-value="/smear aloita"]')
        await offered.wait_for()
        assert FI.t("cmd-smear-start") in await offered.inner_text()
        await run_command(ada.page, "/smear aloita pelaajia:2 tavoite:3")
        title = FI.t("lobby-title-open", game=FI.t("game-smear"))
        lobby = ben.page.locator(f'.msg:has(.embed-title:text-is("{title}"))').last
        await lobby.wait_for()
        assert await button(lobby, FI.t("lobby-join")).is_enabled()
        menu = lobby.locator('select[data-custom-id^="tb:ai:"] option')
        assert f"{FI.t('level-easy')} — {FI.t('level-easy-about')}" in (
            await menu.all_inner_texts()
        )
        await button(lobby, FI.t("lobby-join")).click()  # both seats taken: it starts

        table = Table(box, [ada, ben], "smear")
        await play_a_few(table, 6, "table-fi.png", "Ada")

        # the table message in the server's language, each hand in its reader's
        table_title = FI.t("smear-table-title", hand=1)
        assert await ada.page.locator(f'.embed-title:text-is("{table_title}")').count()
        assert await button(ada.page, FI.t("show-hand")).count()
        ada_hand = await ada.page.locator('.msg[data-ephemeral="1"] .content').last.inner_text()
        ben_hand = await ben.page.locator('.msg[data-ephemeral="1"] .content').last.inner_text()
        assert ada_hand.startswith(head(FI, 1, 1)), ada_hand[:80]
        assert ben_hand.startswith(head(IT, 1, 2)), ben_hand[:80]
        assert await button(ada.page, FI.t("hand-refresh")).count()
        assert await button(ben.page, IT.t("hand-refresh")).count()
        for person in (ada, ben):
            assert person.page.errors == []
        box.emulator.assert_no_violations()
    finally:
        await box.close()


async def test_an_italian_table(tmp_path: Path, browser: Any) -> None:
    box = await start_real_sandbox(tmp_path)
    try:
        ada, ben, cy = await people(box, browser, ("Ada", "Ben", "Cy"), "general")
        # the owner chooses the tables' language with the bot's own command
        await run_command(ada.page, "/settings language language:Italiano")
        said = IT.t("settings-language-set", language=LANGUAGES["it"])
        public = '.msg:not([data-ephemeral="1"])'
        await ada.page.locator(f'{public} .content:text-is("{said}")').wait_for()
        # Ben's Discord app is in Italian; Cy's is in English, and Cy picks Finnish for himself
        await set_my_locale(ben, "it")
        await run_command(cy.page, "/settings my-language language:Suomi")
        mine = FI.t("settings-my-language-set", language=LANGUAGES["fi"])
        await cy.page.locator(f'.msg[data-ephemeral="1"] .content:text-is("{mine}")').wait_for()

        await run_command(ben.page, "/smear inizia giocatori:3 obiettivo:3")
        title = IT.t("lobby-title-open", game=IT.t("game-smear"))
        lobby = cy.page.locator(f'.msg:has(.embed-title:text-is("{title}"))').last
        await lobby.wait_for()
        await button(lobby, IT.t("lobby-join")).click()
        started = IT.t("lobby-title-started", game=IT.t("game-smear"))
        lobby = ben.page.locator(f'.msg:has(.embed-title:text-is("{title}"))').last
        await lobby.locator('select[data-custom-id^="tb:ai:"]').select_option("easy")
        await ben.page.locator(f'.embed-title:text-is("{started}")').wait_for()

        table = Table(box, [ben, cy], "general")
        await play_a_few(table, 6, "table-it.png", "Ben")

        table_title = IT.t("smear-table-title", hand=1)
        assert await ben.page.locator(f'.embed-title:text-is("{table_title}")').count()
        ben_hand = await ben.page.locator('.msg[data-ephemeral="1"] .content').last.inner_text()
        cy_hand = await cy.page.locator('.msg[data-ephemeral="1"] .content').last.inner_text()
        assert ben_hand.startswith(head(IT, 1, 1)), ben_hand[:80]
        assert cy_hand.startswith(head(FI, 1, 2)), cy_hand[:80]
        for person in (ada, ben, cy):
            assert person.page.errors == []
        box.emulator.assert_no_violations()
    finally:
        await box.close()
