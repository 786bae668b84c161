"""The periods a leaderboard can cover: this week, this month, or all time.

A week is an ISO week, Monday 00:00 to the next Monday 00:00 UTC; a month is a calendar month
in UTC. A period is half-open: a game that ended at its very end belongs to the next one.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

ALL, WEEK, MONTH = "all", "week", "month"
PERIODS = (WEEK, MONTH, ALL)

UTC = datetime.UTC


@dataclass(frozen=True)
class Period:
    kind: str  # WEEK or MONTH
    start: float  # UNIX seconds, included
    end: float  # UNIX seconds, excluded

    @property
    def first_day(self) -> str:
        return _day(self.start)

    @property
    def last_day(self) -> str:
        return _day(self.end - 1)


def _day(t: float) -> str:
    return datetime.datetime.fromtimestamp(t, UTC).date().isoformat()


def period_of(kind: str, now: float) -> Period:
    """The week or month (UTC) that holds the moment ``now``."""
    today = datetime.datetime.fromtimestamp(now, UTC).date()
    if kind == WEEK:
        first = today - datetime.timedelta(days=today.weekday())
        after = first + datetime.timedelta(days=7)
    elif kind == MONTH:
        first = today.replace(day=1)
        after = (first + datetime.timedelta(days=32)).replace(day=1)
    else:
        raise ValueError(f"no such period: {kind!r}")
    return Period(kind, _midnight(first), _midnight(after))


def _midnight(day: datetime.date) -> float:
    return datetime.datetime(day.year, day.month, day.day, tzinfo=UTC).timestamp()
