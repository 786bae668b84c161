"""The final standings' picture: each person's score after every hand."""

from __future__ import annotations

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
    fig = figure(small_game())
    try:
        ticks = fig.axes[0].get_yticks()
        assert len(ticks) >= 2
        assert all(float(t).is_integer() for t in ticks), list(ticks)
    finally:
        from matplotlib import pyplot  # imported here: slow, and only this test needs it

        pyplot.close(fig)


def test_the_picture_is_a_png() -> None:
    assert draw(small_game()).startswith(b"\x89PNG\r\n\x1a\n")
