"""The leaderboard and a player's stats, as friends read them.

The rating shown starts at a round 1000 and moves after every game (``ratings.display``); what
it is made of (openskill's skill and uncertainty) stays out of sight.
"""

from __future__ import annotations

from bot import ratings
from bot.i18n import Lang
from bot.periods import Period
from bot.render.base import escape
from bot.storage import LeaderRow, PeriodRow, StatRow
from engine.games import game


def _row(r: LeaderRow, lang: Lang, you: bool) -> str:
    return lang.t(
        "board-row",
        rank=r.rank,
        name=escape(r.name),
        rating=ratings.display(r.mu, r.sigma),
        games=r.games,
        wins=r.wins,
        rate=round(100 * r.win_rate),
        you="yes" if you else "no",
    )


def leaderboard_text(
    game: str, rows: list[LeaderRow], mine: LeaderRow | None, user_id: int, lang: Lang
) -> str:
    lines = [lang.t("board-title", game=lang.t(f"game-{game}-short"))]
    if not rows:
        lines.append(lang.t("board-empty"))
    for r in rows:
        lines.append(_row(r, lang, r.user_id == user_id))
    if mine is not None and all(r.user_id != user_id for r in rows):
        lines.append("…")
        lines.append(_row(mine, lang, True))
    elif mine is None and rows:
        lines.append(lang.t("board-you-unrated"))
    return "\n".join(lines)


def leaderboard_footer(lang: Lang) -> str:
    return lang.t("board-how")


def _period_row(r: PeriodRow, lang: Lang, you: bool) -> str:
    return lang.t(
        "board-period-row",
        rank=r.rank,
        name=escape(r.name),
        games=r.games,
        wins=r.wins,
        rate=round(100 * r.win_rate),
        you="yes" if you else "no",
    )


def period_leaderboard_text(
    game: str, period: Period, rows: list[PeriodRow], user_id: int, lang: Lang, limit: int = 10
) -> str:
    """A week's or a month's board: the top ``limit`` by games won, and the asker's place."""
    lines = [
        lang.t(
            f"board-title-{period.kind}",
            game=lang.t(f"game-{game}-short"),
            first=period.first_day,
            last=period.last_day,
        )
    ]
    if not rows:
        lines.append(lang.t("board-period-empty"))
    top = rows[:limit]
    for r in top:
        lines.append(_period_row(r, lang, r.user_id == user_id))
    mine = next((r for r in rows if r.user_id == user_id), None)
    if mine is not None and mine not in top:
        lines.append("…")
        lines.append(_period_row(mine, lang, True))
    elif mine is None and rows:
        lines.append(lang.t("board-period-you-none"))
    return "\n".join(lines)


MESSAGE_LIMIT = 2000  # characters of a Discord message's content


def period_leaderboards(
    boards: list[tuple[str, list[PeriodRow]]], period: Period, user_id: int, lang: Lang
) -> str:
    """Each game's board of the period and how it is ranked, in one message: fewer places
    shown if long names would make it longer than Discord allows."""
    text = ""
    for limit in (10, 7, 5, 3, 1):
        parts = [
            period_leaderboard_text(g, period, rows, user_id, lang, limit) for g, rows in boards
        ]
        text = "\n\n".join(parts) + "\n\n" + lang.t("board-period-how")
        if len(text) <= MESSAGE_LIMIT:
            break
    return text


def stats_text(name: str, rows: list[StatRow], lang: Lang) -> str:
    if not rows:
        return lang.t("stats-none", name=escape(name))
    lines = [f"**{escape(name)}**"]
    for r in rows:
        form = "".join("🟢" if won else "⚪" for won in r.recent)
        parts = [
            lang.t("stats-games", games=r.games, wins=r.wins, rate=round(100 * r.wins / r.games)),
        ]
        rules = game(r.game)
        if rules.bidding:
            parts.append(lang.t("stats-bids-set", made=r.bids_made, bids=r.bids, set=r.bids_set))
        average = "stats-average-lowest" if rules.lowest_wins else "stats-average"
        parts.append(lang.t(average, average=round(r.average_score, 1)))
        if rules.lowest_wins and r.per_hand is not None:
            parts.append(lang.t("stats-penalty-per-hand", average=round(r.per_hand, 2)))
        if r.rank is not None:
            parts.append(
                lang.t(
                    "stats-rating",
                    rating=ratings.display(r.rank.mu, r.rank.sigma),
                    rank=r.rank.rank,
                )
            )
        parts.append(lang.t("stats-streaks", best=r.best_streak, current=r.current_streak))
        parts.append(lang.t("stats-form", form=form))
        lines.append(lang.t(f"game-{r.game}-short") + ": " + " · ".join(parts))
    return "\n".join(lines)
