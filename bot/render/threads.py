"""The lines a game played in its own thread leaves in its channel, and the thread's name."""

from __future__ import annotations

from bot import ids
from bot.daily import is_daily
from bot.i18n import Lang
from bot.model import Table
from bot.render.base import Button, Rendered, game_title, seat_name

NAME_LIMIT = 100  # Discord's longest thread name


def thread_name(t: Table, lang: Lang) -> str:
    """ "Smear · alice, bob, carol": the game and who sits at it (as the channel list shows)."""
    people = ", ".join(s.name for s in t.seats)
    name = f"{lang.t(f'game-{t.game}-short')} · {people}"
    return name if len(name) <= NAME_LIMIT else name[: NAME_LIMIT - 1] + "…"


def thread_link(t: Table) -> str:
    return f"<#{t.thread_id}>"


def _players(t: Table, lang: Lang) -> str:
    return ", ".join(seat_name(t, i, lang) for i in range(len(t.seats)))


def lobby_line(t: Table, lang: Lang) -> Rendered:
    """The lobby once its game moved into its thread: one line with the way in."""
    return Rendered(
        content=lang.t(
            "thread-lobby-line",
            game=game_title(t.game, lang),
            players=_players(t, lang),
            thread=thread_link(t),
        )
    )


def result_line(t: Table, lang: Lang) -> Rendered:
    """The game's end, once, in the channel its thread belongs to: the winner, the scores."""
    st = t.state
    outcome = None if st is None else st.outcome()
    game = game_title(t.game, lang)
    if st is None or outcome is None:
        return Rendered(content=lang.t("thread-over-line", game=game, thread=thread_link(t)))
    scores = ", ".join(f"{seat_name(t, i, lang)} {outcome.scores[i]}" for i in range(len(t.seats)))
    winners = ", ".join(seat_name(t, i, lang) for i in sorted(outcome.winners))
    return Rendered(
        content=lang.t(
            "thread-result-line", game=game, winners=winners, scores=scores, thread=thread_link(t)
        ),
        rows=after_game_buttons(t, lang),
    )


def after_game_buttons(t: Table, lang: Lang) -> tuple[tuple[Button, ...], ...]:
    """Rematch, Review and Export on the result line in the channel, as on the standings in
    the thread: Discord's web and mobile clients drop a click in an archived thread for
    whoever may not unarchive it (reported, discord-api-docs #8474), and the finished game's
    thread is archived. (A daily deal has no rematch, and its cards stay hidden that day.)"""
    if is_daily(t):
        return ()
    return (
        (
            Button(ids.rematch(t.id), lang.t("standings-rematch"), "success"),
            Button(ids.review(t.id), lang.t("standings-review"), "primary"),
            Button(ids.export(t.id), lang.t("standings-export")),
        ),
    )


def blocked_line(t: Table, lang: Lang, why: str) -> Rendered:
    """The bot may not reopen the game's thread (``why``: ``no-permission``, ``at-cap``):
    what to do (the game is kept)."""
    return Rendered(
        content=lang.t(
            f"thread-blocked-{why}-line",
            game=game_title(t.game, lang),
            players=_players(t, lang),
            thread=thread_link(t),
        )
    )


def ended_line(t: Table, lang: Lang, why: str) -> Rendered:
    """A moderator deleted or locked the game's thread (``why``): the game ended unrated."""
    return Rendered(
        content=lang.t(
            f"thread-{why}-line", game=game_title(t.game, lang), players=_players(t, lang)
        )
    )


def cannot_write_line(t: Table, lang: Lang) -> Rendered:
    """The bot may not post in the game's thread: what to grant (the game goes on)."""
    return Rendered(
        content=lang.t(
            "thread-cannot-write-line",
            game=game_title(t.game, lang),
            players=_players(t, lang),
            thread=thread_link(t),
        )
    )
