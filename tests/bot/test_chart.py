"""The final standings' picture: each person's score after every hand."""

from __future__ import annotations

import sys

from bot.render.base import ScoreChart
from bot.render.chart import draw, figure


def small_game() -> ScoreChart:
    # A short game with small totals: matplotlib's own ticks would be 0, 0.5, 1, ... here.
    return ScoreChart(
        title="Smear — final standings",
        names=("Ada", "Ben"),
        scores=((1, 0), (2, 1), (3, 1)),
        lowest_wins=False,
        x_label="Hand",
        y_label="Points",
    )


def test_the_score_axis_shows_whole_points_only() -> None:
    ticks = figure(small_game()).axes[0].get_yticks()
    assert len(ticks) >= 2
    assert all(float(t).is_integer() for t in ticks), list(ticks)


def test_the_picture_is_a_png() -> None:
    assert draw(small_game()).startswith(b"\x89PNG\r\n\x1a\n")


def test_drawing_leaves_no_global_figure_behind() -> None:
    # A warm-up and a game's end may draw at once: pyplot's global figures would be shared.
    draw(small_game())
    if "matplotlib.pyplot" in sys.modules:
        assert sys.modules["matplotlib.pyplot"].get_fignums() == []
