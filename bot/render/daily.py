"""The daily deal's screens (``bot.daily``): what the channel sees of a daily table, and the
boards of the day and of the week.

The day's cards are the same for everyone who plays that day, so no public screen of a daily
table ever shows one: the table message says whose deal it is, the hand and the scores; a
finished hand says the scores; the end says the result. The player's own hand is private as
always (``bot.render.messages.hand_message``).
"""

from __future__ import annotations

from bot import ids
from bot.daily import Finish, daily_of, day_text, finish_of, ranked_key
from bot.i18n import Lang
from bot.model import Table
from bot.render.base import (
    BLUE,
    GOLD,
    GREY,
    Button,
    Embed,
    Rendered,
    escape,
    footer,
    seat_name,
)
from bot.render.screens import scores_text
from bot.storage import Attempt, Week
from engine.games import game

BOARD_LINES = 15  # people shown on a board (and the reader, if they are further down)


def command(game_name: str, lang: Lang) -> str:
    """``/smear daily`` as the reader's language names it."""
    return f"/{lang.t(f'name-{game_name}')} {lang.t('name-daily')}"


def result_text(game_name: str, value: int, *, signed: bool | None = None) -> str:
    """A result as the boards write it: Smear's (points against the best computer) and any
    result against par with a sign, Salad's penalty total as it is."""
    if signed is None:
        signed = not game(game_name).lowest_wins
    return f"{value:+d}" if signed else str(value)


def _day(t: Table) -> int:
    daily = daily_of(t)
    assert daily is not None
    return int(daily["day"])


def _hands(t: Table) -> int:
    daily = daily_of(t)
    assert daily is not None
    return int(daily["hands"])


def _title(t: Table, lang: Lang, key: str, **args: object) -> str:
    short = lang.t(f"game-{t.game}-short")
    return lang.t(key, game=short, day=day_text(_day(t)), **args)


def _scores(t: Table, scores: tuple[int, ...] | list[int], lang: Lang) -> str:
    return lang.t(f"daily-scores-{t.game}", scores=scores_text(t, scores, lang))


def _opponents(t: Table, lang: Lang) -> str:
    return ", ".join(seat_name(t, i, lang) for i in range(1, len(t.seats)))


# ---------------------------------------------------------------------- a daily table


def intro_message(t: Table, lang: Lang) -> Rendered:
    """What the command that opened the daily table answers in the channel."""
    lines = [
        lang.t(
            "daily-intro",
            name=seat_name(t, 0, lang),
            game=lang.t(f"game-{t.game}-short"),
            hands=_hands(t),
            computers=_opponents(t, lang),
        ),
        lang.t("daily-hidden", command=command(t.game, lang)),
    ]
    embed = Embed(_title(t, lang, "daily-title"), "\n".join(lines), BLUE, footer(t, lang))
    return Rendered(embed=embed)


def progress(t: Table, lang: Lang) -> tuple[str, list[str]]:
    """The title and lines of a daily table's public message: whose deal, the hand, the
    scores, never a card."""
    st = t.state
    assert st is not None
    hands = _hands(t)
    title = _title(t, lang, "daily-table-title", hand=min(t.hand_no, hands), hands=hands)
    lines = [
        lang.t("daily-table-who", name=seat_name(t, 0, lang), computers=_opponents(t, lang)),
        _scores(t, st.scores, lang),
        lang.t("daily-hidden", command=command(t.game, lang)),
    ]
    return title, lines


def hand_over_message(t: Table, hand_no: int, lang: Lang) -> Rendered:
    """What a daily table's message becomes when its hand is over (or the deal was left in
    it): the scores, no card, no button."""
    st = t.state
    assert st is not None
    hands = _hands(t)
    if hand_no <= len(st.results):
        line = _scores(t, st.results[hand_no - 1].scores, lang)
    else:
        line = lang.t("daily-stopped-here")
    title = _title(t, lang, "daily-hand-over-title", hand=min(hand_no, hands), hands=hands)
    return Rendered(embed=Embed(title, line, GREY, footer(t, lang)))


def _verdict(t: Table, finish: Finish, lang: Lang) -> str:
    result = result_text(t.game, finish.result)
    name = seat_name(t, 0, lang)
    if finish.complete:
        return lang.t(f"daily-final-{t.game}", name=name, result=result)
    return lang.t(
        "daily-final-stopped",
        name=name,
        result=result,
        hands=finish.hands,
        of=_hands(t),
    )


def final_message(t: Table, lang: Lang) -> Rendered:
    """The end of a daily game: the player's result and the scores (no card), and the way to
    the board of the day."""
    st = t.state
    assert st is not None
    finish = finish_of(t)
    lines = [
        _verdict(t, finish, lang),
        _scores(t, st.scores, lang),
        "",
        lang.t("daily-final-board", command=command(t.game, lang)),
    ]
    embed = Embed(_title(t, lang, "daily-final-title"), "\n".join(lines), GOLD, footer(t, lang))
    rows = (
        (
            Button(ids.daily(t.game, _day(t), "d"), lang.t("daily-board-button"), "primary"),
            Button(ids.export(t.id), lang.t("standings-export")),
        ),
    )
    return Rendered(embed=embed, rows=rows)


def finished_hand(t: Table, lang: Lang) -> Rendered:
    """The player's hand once their daily game is over: no card, no button."""
    finish = finish_of(t)
    return Rendered(content=lang.t("daily-hand-done", result=result_text(t.game, finish.result)))


# ---------------------------------------------------------------------- the boards


def _period_row(game_name: str, day: int, period: str, lang: Lang) -> tuple[Button, ...]:
    return (
        Button(
            ids.daily(game_name, day, "d"),
            lang.t("daily-board-day"),
            "primary" if period == "d" else "secondary",
            disabled=period == "d",
        ),
        Button(
            ids.daily(game_name, day, "w"),
            lang.t("daily-board-week"),
            "primary" if period == "w" else "secondary",
            disabled=period == "w",
        ),
    )


def _ranks(values: list[tuple[int, int]]) -> list[int]:
    """Competition ranks (1, 2, 2, 4) of sort keys already in order."""
    out: list[int] = []
    for i, key in enumerate(values):
        out.append(out[-1] if i and key == values[i - 1] else i + 1)
    return out


def day_board_lines(
    game_name: str, attempts: list[Attempt], par: int | None, viewer: int, lang: Lang
) -> list[str]:
    """The day's finished results, best first (played to the end before left), with par
    where it ranks; people still playing are named below."""
    done = [a for a in attempts if a.finished and a.result is not None]
    done.sort(key=lambda a: ranked_key(game_name, a.result or 0, a.complete))
    keys = [ranked_key(game_name, a.result or 0, a.complete) for a in done]
    ranks = _ranks(keys)
    lines: list[str] = []
    par_line = None
    if par is not None:
        par_line = lang.t("daily-board-par", result=result_text(game_name, par))
    par_key = None if par is None else ranked_key(game_name, par, True)
    shown_viewer = False
    for i, (a, rank) in enumerate(zip(done, ranks, strict=True)):
        if par_line is not None and par_key is not None and par_key < keys[i]:
            lines.append(par_line)
            par_line = None
        if i >= BOARD_LINES and a.user_id != viewer:
            continue
        if i >= BOARD_LINES and not shown_viewer:
            lines.append("…")
        shown_viewer = shown_viewer or a.user_id == viewer
        lines.append(_attempt_line(game_name, a, rank, viewer, lang))
    if par_line is not None:
        lines.append(par_line)
    if par is None:
        lines.append(lang.t("daily-board-par-pending"))
    playing = [escape(a.name) for a in attempts if not a.finished]
    if playing:
        lines.append(lang.t("daily-board-playing", names=", ".join(playing[:BOARD_LINES])))
    if not done and not playing:
        lines.append(lang.t("daily-board-empty"))
    return lines


def _attempt_line(game_name: str, a: Attempt, rank: int, viewer: int, lang: Lang) -> str:
    line = lang.t(
        "daily-board-row",
        rank=rank,
        name=escape(a.name),
        result=result_text(game_name, a.result or 0),
    )
    if not a.complete:
        line += " " + lang.t("daily-board-left", hands=a.hands)
    if a.user_id == viewer:
        line += " " + lang.t("daily-board-you")
    return line


def day_board(
    game_name: str,
    day: int,
    attempts: list[Attempt],
    par: int | None,
    viewer: int,
    lang: Lang,
    note: str | None = None,
) -> Rendered:
    """The board of the day (only its reader sees it), with a way to the week's."""
    lines = [note, ""] if note else []
    lines += [lang.t(f"daily-board-how-{game_name}")]
    lines += day_board_lines(game_name, attempts, par, viewer, lang)
    title = lang.t("daily-board-title", game=lang.t(f"game-{game_name}-short"), day=day_text(day))
    embed = Embed(title, "\n".join(lines), GOLD)
    return Rendered(embed=embed, rows=(_period_row(game_name, day, "d", lang),))


def week_board(
    game_name: str, day: int, first: int, last: int, week: Week, viewer: int, lang: Lang
) -> Rendered:
    """The week's board (Monday to Sunday, UTC): each day's result against par, added up."""
    lines = [lang.t("daily-week-how")]
    keys = [(-r.points, -r.days) for r in week.rows]
    for i, (r, rank) in enumerate(zip(week.rows, _ranks(keys), strict=True)):
        if i >= BOARD_LINES and r.user_id != viewer:
            continue
        line = lang.t(
            "daily-week-row",
            rank=rank,
            name=escape(r.name),
            points=result_text(game_name, r.points, signed=True),
            days=r.days,
        )
        if r.user_id == viewer:
            line += " " + lang.t("daily-board-you")
        lines.append(line)
    if not week.rows:
        lines.append(lang.t("daily-board-empty"))
    if week.pending:
        lines.append(lang.t("daily-week-pending"))
    title = lang.t(
        "daily-week-title",
        game=lang.t(f"game-{game_name}-short"),
        first=day_text(first),
        last=day_text(last),
    )
    embed = Embed(title, "\n".join(lines), GOLD)
    return Rendered(embed=embed, rows=(_period_row(game_name, day, "w", lang),))


__all__ = [
    "command",
    "day_board",
    "day_board_lines",
    "final_message",
    "finished_hand",
    "hand_over_message",
    "intro_message",
    "progress",
    "result_text",
    "week_board",
]
