"""The picture attached to the final standings: each person's score after every hand.

Drawn with matplotlib (its Agg backend needs no screen) at the size a phone shows well, with
thick lines, large text and a legend. Slow to import and to draw (tenths of a second), so the
feed calls it in a worker thread just before sending.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

from bot.render.base import ScoreChart

if TYPE_CHECKING:
    from matplotlib.figure import Figure

COLORS = ("#3498db", "#e74c3c", "#2ecc71", "#f39c12", "#9b59b6", "#1abc9c")


def draw(chart: ScoreChart) -> bytes:
    """A PNG of the chart."""
    fig = figure(chart)  # first: it chooses the Agg backend before pyplot is imported
    from matplotlib import pyplot as plt

    try:
        out = io.BytesIO()
        fig.savefig(out, format="png")
        return out.getvalue()
    finally:
        plt.close(fig)


def figure(chart: ScoreChart) -> Figure:
    """The chart as a matplotlib figure (the caller closes it with ``pyplot.close``)."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot as plt
    from matplotlib.ticker import MaxNLocator

    fig, ax = plt.subplots(figsize=(6.4, 4.0), dpi=110)
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
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot as plt
    from matplotlib.ticker import MaxNLocator

    fig, ax = plt.subplots(figsize=(6.4, 4.0), dpi=110)
    try:
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
        out = io.BytesIO()
        fig.savefig(out, format="png")
        return out.getvalue()
    finally:
        plt.close(fig)
