"""The picture attached to the final standings: each person's score after every hand.

Drawn with matplotlib (its Agg backend needs no screen) at the size a phone shows well, with
thick lines, large text and a legend. Imported with the bot: matplotlib takes a third of a
second to import, paid at start rather than by the first game to end. The feed draws in a
worker thread just before sending (the first drawing also loads the fonts). No pyplot: its
figures are global state, and two tables that end at once draw in two threads.
"""

from __future__ import annotations

import io

from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from bot.render.base import ScoreChart

COLORS = ("#3498db", "#e74c3c", "#2ecc71", "#f39c12", "#9b59b6", "#1abc9c")


def draw(chart: ScoreChart) -> bytes:
    """A PNG of the chart."""
    return _png(figure(chart))


def _png(fig: Figure) -> bytes:
    out = io.BytesIO()
    fig.savefig(out, format="png")  # a figure without pyplot saves through Agg
    return out.getvalue()


def _new_figure() -> Figure:
    return Figure(figsize=(6.4, 4.0), dpi=110)


def figure(chart: ScoreChart) -> Figure:
    """The chart as a matplotlib figure (nothing to close: no pyplot)."""
    fig = _new_figure()
    ax = fig.subplots()
    hands = list(range(0, len(chart.scores) + 1))
    for seat, name in enumerate(chart.names):
        series = [0] + [scores[seat] for scores in chart.scores]
        ax.plot(
            hands,
            series,
            label=name,
            color=COLORS[seat % len(COLORS)],
            linewidth=3,
            marker="o",
            markersize=5,
        )
    ax.set_title(chart.title, fontsize=15)
    ax.set_xlabel(chart.x_label, fontsize=12)
    ax.set_ylabel(chart.y_label, fontsize=12)
    ax.grid(True, alpha=0.3)
    ax.tick_params(labelsize=11)
    # Scores are whole points: no 2.5 on the axis.
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    if len(hands) <= 20:
        ax.set_xticks(hands)
    ax.legend(fontsize=11, loc="best", framealpha=0.8)
    fig.tight_layout()
    return fig


RATING_FILENAME = "ratings.png"
MOST_POINTS = 400  # a long history is thinned to this many points (a phone shows no more)


def thin(values: list[int], most: int = MOST_POINTS) -> list[tuple[int, int]]:
    """(game number from 1, value) pairs, evenly thinned to at most ``most``, always keeping
    the first and the last game."""
    n = len(values)
    if n <= most:
        return [(i + 1, v) for i, v in enumerate(values)]
    picks = sorted({round(k * (n - 1) / (most - 1)) for k in range(most)})
    return [(i + 1, values[i]) for i in picks]


def draw_ratings(
    title: str, x_label: str, y_label: str, series: list[tuple[str, list[int]]]
) -> bytes:
    """A PNG of a person's rating after each rated game, one line per game kind."""
    fig = _new_figure()
    ax = fig.subplots()
    for k, (name, values) in enumerate(series):
        points = thin(values)
        ax.plot(
            [p[0] for p in points],
            [p[1] for p in points],
            label=name,
            color=COLORS[k % len(COLORS)],
            linewidth=3,
            marker="o" if len(points) <= 40 else None,
            markersize=5,
        )
    ax.set_title(title, fontsize=15)
    ax.set_xlabel(x_label, fontsize=12)
    ax.set_ylabel(y_label, fontsize=12)
    ax.grid(True, alpha=0.3)
    ax.tick_params(labelsize=11)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.legend(fontsize=11, loc="best", framealpha=0.8)
    fig.tight_layout()
    return _png(fig)
