"""The week's and month's boards and the rating chart as people see them: within Discord's
limits in every language, whatever the names; the asker's place shown; long histories thinned."""

from __future__ import annotations

import io

import pytest

from bot.i18n import ENGLISH, LANGUAGES, lang
from bot.periods import MONTH, WEEK, period_of
from bot.render import Rendered
from bot.render.board import period_leaderboard_text, period_leaderboards
from bot.render.chart import MOST_POINTS, draw_ratings, thin
from bot.storage import PeriodRow
from tests.bot.test_render import check_limits

DEC_2 = 1_796_212_800.0  # 2026-12-02 12:00 UTC


def rows(n: int, name: str = "player") -> list[PeriodRow]:
    return [PeriodRow(i + 1, 1000 + i, f"{name}{i}"[:32], 40 - i, 20 - i // 2) for i in range(n)]


def test_the_title_names_the_period_and_its_days() -> None:
    week = period_of(WEEK, DEC_2)
    text = period_leaderboard_text("smear", week, rows(3), 1001, ENGLISH)
    assert text.startswith("**Smear leaderboard, this week (2026-11-30 to 2026-12-06)**")
    assert "2. player1 — **20 wins** · 39 games (51%) ← you" in text
    month = period_of(MONTH, DEC_2)
    assert "this month (2026-12-01 to 2026-12-31)" in period_leaderboard_text(
        "salad", month, [], 1, ENGLISH
    )


def test_the_asker_outside_the_top_is_shown_after_it() -> None:
    text = period_leaderboard_text("smear", period_of(WEEK, DEC_2), rows(15), 1013, ENGLISH)
    lines = text.splitlines()
    assert lines[-2] == "…" and lines[-1].startswith("14. player13") and "← you" in lines[-1]
    assert len(lines) == 1 + 10 + 2
    nobody = period_leaderboard_text("smear", period_of(WEEK, DEC_2), rows(2), 5, ENGLISH)
    assert nobody.splitlines()[-1] == "You have no rated game in this period yet."


@pytest.mark.parametrize("code", sorted(LANGUAGES))
def test_both_boards_fit_one_message_even_with_the_longest_names(code: str) -> None:
    worst = rows(40, "*_`~" * 8)  # every character escaped: twice as long
    boards = [("smear", worst), ("salad", worst)]
    text = period_leaderboards(boards, period_of(MONTH, DEC_2), 1039, lang(code))
    check_limits(Rendered(content=text))
    assert "…" in text, "the asker's own place is kept"
    short = period_leaderboards([("smear", rows(12))], period_of(MONTH, DEC_2), 1, lang(code))
    assert short.count("\n") >= 11, "ten places when they fit"


def test_a_long_history_is_thinned_keeping_its_ends() -> None:
    values = list(range(5000))
    points = thin(values)
    assert len(points) <= MOST_POINTS
    assert points[0] == (1, 0) and points[-1] == (5000, 4999)
    assert thin([7, 8]) == [(1, 7), (2, 8)]


def test_the_rating_chart_is_a_png() -> None:
    png = draw_ratings("alice", "Rated game", "Rating", [("Smear", [1000, 1010, 990])])
    assert png.startswith(b"\x89PNG")
    from PIL import Image

    with Image.open(io.BytesIO(png)) as image:
        assert image.size[0] >= 600
