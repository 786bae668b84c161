"""The daily deal's screens: within Discord's limits in every language, never a card in public,
and boards that rank right (played to the end first, best first, par where it ranks)."""

from __future__ import annotations

import random
import re

import pytest

from bot import ids
from bot.daily import Deal, finish_of, over
from bot.i18n import LANGUAGES, lang
from bot.model import FINISHED, Seat, Table
from bot.render.base import escape
from bot.render.daily import day_board, day_board_lines, week_board
from bot.render.messages import (
    final_standings,
    finished_hand_message,
    hand_message,
    lobby_message,
    ping_message,
    table_message,
)
from bot.storage import Attempt, Week, WeekRow
from tests.bot.test_render import check_limits, sample_table

CODES = sorted(LANGUAGES)
SUIT = re.compile(r"[♣♦♥♠]")  # every card label ends with one (no other text has one)
CARD = re.compile(r"(10|[2-9]|[A-ZÄ])[♣♦♥♠]")
LONG = "Ådalbert-Łukasz Väinämöinen-Øster"[:32]


def daily_table(game: str, seats: int) -> Table:
    deal = Deal(1, game, 20_000, seed=77, iterations=3)
    options = {"target": 11, "stuck_dealer": True} if game == "smear" else {}
    t = sample_table(
        game,
        seats,
        77,
        names=[LONG + str(i) for i in range(seats)],
        id=123456789,
        turn_timer=300,
        options=options,
        settings=deal.settings(),
        deadline=1.0e9,
    )
    for i in range(1, seats):
        t.seats[i] = Seat(None, f"Babbage-{i}-{LONG}"[:32], level="expert")
    return t


def public_screens(t: Table, code: str) -> list[str]:
    """Every public screen of a whole daily game, each checked against Discord's limits."""
    language = lang(code)
    st = t.state
    assert st is not None
    out = []

    def shown(payload: object) -> None:
        check_limits(payload)  # type: ignore[arg-type]
        out.append(payload.text())  # type: ignore[attr-defined]

    shown(lobby_message(t, language))
    rng = random.Random(2)
    done = 0
    while not over(t):
        seat = st.current_player
        assert seat is not None
        shown(table_message(t, language))
        if seat == 0:
            shown(ping_message(t, seat, language, reminder=True))
            check_limits(hand_message(t, seat, language, note=language.t("stale-move")))
        st.apply(rng.choice(st.legal_actions()))
        t.version += 1
        for i in range(done, len(st.results)):
            shown(finished_hand_message(t, i + 1, None, language))
        done = len(st.results)
    t.status = FINISHED
    shown(final_standings(t, language))
    check_limits(hand_message(t, 0, language))
    return out


@pytest.mark.parametrize("code", CODES)
@pytest.mark.parametrize(("game", "seats"), [("smear", 3), ("salad", 4)])
def test_a_whole_daily_game_fits_discord_and_never_shows_a_card(
    code: str, game: str, seats: int
) -> None:
    t = daily_table(game, seats)
    texts = public_screens(t, code)
    leaked = [x for x in texts if SUIT.search(x)]
    assert leaked == [], leaked[:1]
    # The check can fail: the player's own hand (private) is card buttons.
    hand = hand_message(daily_table(game, seats), 0, lang(code))
    labels = [b.label for row in hand.rows if isinstance(row, tuple) for b in row]
    assert any(CARD.fullmatch(label) for label in labels), labels


@pytest.mark.parametrize("code", CODES)
def test_a_daily_game_left_early_fits_and_says_so(code: str) -> None:
    language = lang(code)
    t = daily_table("salad", 4)
    st = t.state
    assert st is not None
    rng = random.Random(4)
    while not st.results:
        st.apply(rng.choice(st.legal_actions()))
    t.status = FINISHED
    assert not finish_of(t).complete
    closed = finished_hand_message(t, t.hand_no, None, language)
    check_limits(closed)
    final = final_standings(t, language)
    check_limits(final)
    if code == "en":
        assert "stopped after 1 of 6 hands" in final.text()
    found = [b.custom_id for row in final.rows if isinstance(row, tuple) for b in row]
    assert ids.daily("salad", 20_000, "d") in found and ids.export(t.id) in found


def attempts(results: list[tuple[int, bool]], names: str = "abcdefghij") -> list[Attempt]:
    return [
        Attempt(user_id=i, name=names[i] if i < len(names) else f"p{i}", table_id=100 + i,
                status="finished", result=r, hands=6 if done else 2, complete=done, day=1)
        for i, (r, done) in enumerate(results)
    ]  # fmt: skip


def ranked(lines: list[str]) -> list[str]:
    """The board's order: each line's name, or "par"."""
    out = []
    for line in lines:
        if "par **" in line:
            out.append("par")
        elif m := re.match(r"(\d+)\. (\S+) \*\*", line):
            out.append(f"{m[1]}{m[2]}")
    return out


def test_the_board_of_a_smear_day_ranks_highest_first_with_par_where_it_ranks() -> None:
    en = lang("en")
    rows = attempts([(1, True), (3, True), (5, False), (-2, True), (3, True)])
    lines = day_board_lines("smear", rows, 2, viewer=3, lang=en)
    # Ties share a rank; par (+2) sits after the +3s; the deal left early comes last, however
    # good its score when it was left.
    assert ranked(lines) == ["1b", "1e", "par", "3a", "4d", "5c"]
    assert any(line.startswith("4. d **-2**") and "← you" in line for line in lines)
    assert any(line.startswith("5. c **+5**") and "stopped after 2 hands" in line for line in lines)


def test_the_board_of_a_salad_day_ranks_lowest_first() -> None:
    en = lang("en")
    rows = attempts([(300, True), (120, True), (40, False), (250, True)])
    rows.append(Attempt(9, "zed", 200, "playing", None, 0, False, 1))
    lines = day_board_lines("salad", rows, 260, viewer=0, lang=en)
    assert ranked(lines) == ["1b", "2d", "par", "3a", "4c"]
    assert lines[-1] == "Still playing: zed"
    pending = day_board_lines("salad", rows, None, viewer=0, lang=en)
    assert "par" not in ranked(pending) and any("still being worked out" in x for x in pending)


@pytest.mark.parametrize("code", CODES)
def test_long_boards_fit_and_keep_their_reader(code: str) -> None:
    language = lang(code)
    many = [(random.Random(i).randrange(-8, 9), i % 7 != 0) for i in range(60)]
    rows = [
        Attempt(i, f"{LONG[:28]}{i}", 1000 + i, "finished", r, 6 if done else 3, done, 20_000)
        for i, (r, done) in enumerate(many)
    ]
    rows += [Attempt(500 + i, f"{LONG[:28]}{i}", 2000 + i, "playing", None, 0, False, 20_000)
             for i in range(30)]  # fmt: skip
    note = language.t("daily-played", result="+1")
    board = day_board("smear", 20_000, rows, 1, 59, language, note=note)
    check_limits(board)
    assert escape(f"{LONG[:28]}59") in board.text(), "the reader is on it, however far down"
    assert escape(f"{LONG[:28]}58") not in board.text(), "the board is cut"
    week = Week([WeekRow(i, f"{LONG[:28]}{i}", 40 - i, 1 + i % 7) for i in range(60)], pending=True)
    check_limits(week_board("smear", 20_000, 19_998, 20_004, week, 59, language))
    check_limits(day_board("salad", 20_000, [], None, 1, language))
