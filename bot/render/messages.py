"""The screens of a table: lobby, table message, hands, pings, notes, results and standings.

Pure functions from a table to a ``Rendered``, in a given language. Public screens use only
public facts (RULES.md G2); a hand is rendered only by ``hand_message``, which is only ever
sent ephemerally to its owner.
"""

from __future__ import annotations

import dataclasses

from bot import ids
from bot.daily import is_daily
from bot.i18n import Lang
from bot.model import CANCELLED, FINISHED, LOBBY, Table
from bot.render import daily
from bot.render.base import (
    BLUE,
    GOLD,
    GREEN,
    GREY,
    Button,
    Embed,
    Field,
    Option,
    Rendered,
    Row,
    ScoreChart,
    Select,
    card_label,
    escape,
    footer,
    game_title,
    mention,
    relative_time,
    seat_name,
    suit_symbol,
    timer_text,
    view_of,
)
from bot.render.learn import is_learning, learn_lines
from bot.render.review import hand_options
from bot.render.screens import screens, trick_text
from bot.render.threads import lobby_line
from engine.cards import SUIT_OF, SUITS
from engine.core import Phase, TrickView

HAND_ROWS = 5  # Discord: at most five rows of components on a message
PER_ROW = 5  # and five buttons a row
FIELD_VALUE_LIMIT = 1024  # Discord: characters of an embed field's value (documented)
FENCE = "```"
# Characters of the hand-by-hand score table's lines in the standings (a field's value, with
# its code fence): a longer game shows its latest hands.
TABLE_LIMIT = FIELD_VALUE_LIMIT - len(f"{FENCE}\n\n{FENCE}")


# ---------------------------------------------------------------------- lobby


def options_text(t: Table, lang: Lang) -> str:
    parts = [lang.t("option-seats", seats=t.max_seats)]
    for option in t.rules.options:
        value = t.options.get(option.name, option.default)
        if option.is_flag:
            parts.append(lang.t(f"option-{option.name}", on=lang.t("on" if value else "off")))
        else:
            parts.append(lang.t(f"option-{option.name}", value=value))
    parts.append(lang.t("option-turn-timer", timer=timer_text(t.turn_timer, lang)))
    if t.settings.get("coach"):
        parts.append(lang.t("option-coach"))
    if is_learning(t):
        parts.append(lang.t("option-learn"))
    return " · ".join(parts)


def _host_name(t: Table, lang: Lang) -> str:
    for i, s in enumerate(t.seats):
        if s.user_id == t.host_id:
            return seat_name(t, i, lang)
    return mention(t.host_id)


def _seat_line(t: Table, i: int, lang: Lang) -> str:
    s = t.seats[i]
    if s.is_computer:
        level = lang.t(f"level-{s.level or 'normal'}")
        return lang.t("lobby-seat-computer", n=i + 1, name=seat_name(t, i, lang), level=level)
    return lang.t("lobby-seat", n=i + 1, name=seat_name(t, i, lang))


def lobby_message(t: Table, lang: Lang) -> Rendered:
    if t.thread_id is not None and t.status != LOBBY:
        return lobby_line(t, lang)  # its game is in its thread: one line with the way in
    if is_daily(t):  # a daily table has no lobby: this says whose deal it is
        return daily.intro_message(t, lang)
    lines = [lang.t("lobby-host", name=_host_name(t, lang)), options_text(t, lang), ""]
    shown = t.max_seats if t.status == LOBBY else len(t.seats)
    for i in range(shown):
        if i < len(t.seats):
            lines.append(_seat_line(t, i, lang))
        else:
            lines.append(lang.t("lobby-seat-open", n=i + 1))
    invited = [u for u in t.settings.get("invited", []) if t.seat_of(u) is None]
    if t.status == LOBBY:
        if invited:
            lines += ["", lang.t("lobby-invited", people=" ".join(mention(u) for u in invited))]
        lines += ["", lang.t("lobby-help", least=t.rules.min_seats)]
        title = lang.t("lobby-title-open", game=game_title(t.game, lang))
        color = GREEN
    elif t.status == CANCELLED:
        title = lang.t("lobby-title-closed", game=game_title(t.game, lang))
        color = GREY
    else:
        title = lang.t("lobby-title-started", game=game_title(t.game, lang))
        color = BLUE
    embed = Embed(title, "\n".join(lines), color, footer(t, lang))
    if t.status != LOBBY:
        return Rendered(embed=embed)
    full = len(t.seats) >= t.max_seats
    rows: list[Row] = [
        (
            Button(ids.lobby(t.id, "join"), lang.t("lobby-join"), "success", disabled=full),
            Button(ids.lobby(t.id, "leave"), lang.t("lobby-leave")),
            Button(
                ids.lobby(t.id, "start"),
                lang.t("lobby-start"),
                "primary",
                disabled=len(t.seats) < t.rules.min_seats,
            ),
            Button(ids.lobby(t.id, "cancel"), lang.t("lobby-cancel"), "danger"),
        )
    ]
    if not full:
        rows.append(
            Select(
                ids.add_computer(t.id),
                lang.t("lobby-add-computer"),
                tuple(
                    Option(lang.t(f"level-{lvl}"), lvl, lang.t(f"level-{lvl}-about"))
                    for lvl in t.rules.levels
                ),
            )
        )
    others = [(i, s) for i, s in enumerate(t.seats) if s.user_id != t.host_id]
    if others:
        rows.append(
            Select(
                ids.remove(t.id),
                lang.t("lobby-remove-seat"),
                tuple(
                    Option(lang.t("lobby-remove-option", n=i + 1, name=s.name)[:100], str(i))
                    for i, s in others
                ),
            )
        )
    mentions = tuple(invited) if invited else ()
    return Rendered(embed=embed, rows=tuple(rows), mentions=mentions)


# ---------------------------------------------------------------------- the table message


def turn_line(t: Table, lang: Lang) -> str:
    st = t.state
    assert st is not None
    seat = st.current_player
    if seat is None:
        return ""
    s = t.seats[seat]
    verb = "bid" if st.phase == Phase.BID else "play"
    name = seat_name(t, seat, lang)
    if s.is_computer:
        return lang.t(f"turn-computer-{verb}", name=name)
    if s.autopilot:
        return lang.t(f"turn-away-{verb}", name=name)
    if t.turn_timer and t.deadline:
        return lang.t(f"turn-timed-{verb}", name=name, when=relative_time(t.deadline))
    return lang.t(f"turn-{verb}", name=name)


def note_text(t: Table, lang: Lang) -> str | None:
    if t.last_note is None:
        return None
    return lang.t(t.last_note, **t.last_note_args)


def where_footer(t: Table, lang: Lang) -> str:
    """The table's number and, for as long as its game cannot be where it should, why: its
    thread refused at the start (it plays in the channel), or the bot unable to post in its
    thread. Said once in the channel when it happens, and here for whoever looks later."""
    base = footer(t, lang)
    why = "cannot-write" if t.settings.get("thread_cannot_write") else None
    refused = t.settings.get("thread_refused")
    if why is None and isinstance(refused, str):
        why = refused
    return base if why is None else lang.t(f"table-footer-where-{why}", footer=base)


def table_message(t: Table, lang: Lang) -> Rendered:
    """The public message of the current hand, edited as play goes."""
    screen = screens(t)
    if is_daily(t):  # the day's cards stay hidden: progress only
        title, lines = daily.progress(t, lang)
    else:
        title, lines = screen.table_title(t, lang), screen.table_lines(t, lang)
    note = note_text(t, lang)
    if note:
        lines.append(note)
    turn = turn_line(t, lang)
    if turn:
        lines.append(turn)
    embed = Embed(title, "\n".join(lines), BLUE, where_footer(t, lang))
    show = Button(ids.show(t.id, f"table:{t.hand_no}"), lang.t("show-hand"), "primary")
    return Rendered(embed=embed, rows=((show,),))


def finished_hand_message(t: Table, hand_no: int, last: TrickView | None, lang: Lang) -> Rendered:
    """What the table message of a finished hand becomes: its last trick, no buttons."""
    if is_daily(t):
        return daily.hand_over_message(t, hand_no, lang)
    lines = []
    if last is not None and last.winner is not None:
        lines.append(
            lang.t(
                "line-last-trick",
                cards=trick_text(t, last, lang),
                name=f"**{seat_name(t, last.winner, lang)}**",
            )
        )
    lines.append(lang.t("hand-over-below"))
    title = lang.t("hand-over-title", game=lang.t(f"game-{t.game}-short"), hand=hand_no)
    return Rendered(embed=Embed(title, "\n".join(lines), GREY, footer(t, lang)))


def closed_table_message(t: Table, lang: Lang, key: str) -> Rendered:
    """The table message of a game that was cancelled or ended without a result."""
    title = lang.t("table-closed-title", game=game_title(t.game, lang))
    return Rendered(embed=Embed(title, lang.t(key), GREY, footer(t, lang)))


def hand_result(t: Table, index: int, lang: Lang) -> Rendered:
    review = Button(ids.review_hand(t.id, index + 1), lang.t("hand-review-button"))
    return Rendered(content=screens(t).hand_result(t, index, lang), rows=((review,),))


def note_message(text: str) -> Rendered:
    return Rendered(content=text)


def ping_message(t: Table, seat: int, lang: Lang, *, reminder: bool) -> Rendered:
    """A person's turn, with their mention (it notifies) and a way back to their hand."""
    st = t.state
    assert st is not None
    user = t.seats[seat].user_id
    assert user is not None
    verb = "bid" if st.phase == Phase.BID else "play"
    key = f"ping-{'reminder' if reminder else 'turn'}-{verb}"
    parts = [lang.t(key, who=mention(user), game=lang.t(f"game-{t.game}-short"))]
    if t.turn_timer and t.deadline:
        parts.append(lang.t("ping-time", when=relative_time(t.deadline)))
    if not reminder:
        parts.append(lang.t("ping-way-back"))
    return Rendered(
        content=" ".join(parts),
        rows=((Button(ids.show(t.id, "ping"), lang.t("show-hand"), "primary"),),),
        mentions=(user,),
    )


# ---------------------------------------------------------------------- a hand (ephemeral)


def layout_cards(cards: list[int], max_rows: int) -> list[list[int]]:
    """Rows of cards, one suit per row when that fits (suits in ♠ ♥ ♣ ♦ order, so colours
    alternate), else packed in that order."""
    order = (3, 2, 0, 1)
    by_suit = [sorted(c for c in cards if SUIT_OF[c] == s) for s in order]
    rows: list[list[int]] = []
    for group in by_suit:
        for i in range(0, len(group), PER_ROW):
            rows.append(group[i : i + PER_ROW])
    if len(rows) <= max_rows:
        return rows
    flat = [c for g in by_suit for c in g]
    return [flat[i : i + PER_ROW] for i in range(0, len(flat), PER_ROW)]


def restriction_text(t: Table, seat: int, lang: Lang) -> str | None:
    """The rule that greys out some cards, in words (RULES.md S4, C3)."""
    st = t.state
    assert st is not None
    why = view_of(t, seat).restriction()
    if why is None:
        return None
    code, details = why
    symbols = {k: suit_symbol(v) for k, v in details.items()}
    return lang.t(f"restriction-{code}", **symbols)


def _rule_lines(t: Table, seat: int, lang: Lang, mine: bool) -> list[str]:
    """At a table learning to play, the coach's lessons (the last trick, the last hand, this
    turn: ``engine.teach``); elsewhere the rule that greys out cards, on the person's turn."""
    if is_learning(t):
        return learn_lines(t, seat, lang)
    rule = restriction_text(t, seat, lang) if mine else None
    return [rule] if rule else []


def hand_message(t: Table, seat: int, lang: Lang, note: str | None = None) -> Rendered:
    """One seat's hand as buttons, for an ephemeral message. Legal actions enabled on its turn."""
    st = t.state
    assert st is not None
    if t.status == FINISHED and is_daily(t):  # the bot ended it: no next hand to show
        return daily.finished_hand(t, lang)
    screen = screens(t)
    view = view_of(t, seat)
    legal = set(view.legal)
    mine = st.current_player == seat
    lines = [f"⚠️ {note}"] if note else []
    lines.append(screen.hand_head(t, seat, lang))
    if st.phase == Phase.OVER:
        lines.append(lang.t("hand-game-over"))
    elif mine:
        lines.append(screen.turn_line(t, seat, lang))
        if t.turn_timer and t.deadline and not t.seats[seat].automatic:
            lines.append(lang.t("hand-time-left", when=relative_time(t.deadline)))
    elif st.current_player is not None:
        lines.append(screen.waiting_line(t, seat, lang))
    lines += _rule_lines(t, seat, lang, mine)
    help_text = screen.choice_help(t, seat, lang)
    if help_text:
        lines.append(help_text)
    hand = list(view.hand)
    if not hand:
        lines.append(lang.t("hand-empty"))
    choices = screen.choice_buttons(t, seat, lang)
    tools = [Button(ids.refresh(t.id), lang.t("hand-refresh"))]
    if t.settings.get("coach") and mine:
        tools.append(Button(ids.hint(t.id), lang.t("hand-hint"), "success"))
    card_rows = layout_cards(hand, HAND_ROWS - 1 - (1 if choices else 0))
    rows: list[Row] = []
    for row in card_rows:
        rows.append(
            tuple(
                Button(
                    ids.play(t.id, t.hand_no, t.version, seat, c),
                    card_label(c, lang),
                    "danger" if SUITS[SUIT_OF[c]] in "HD" else "secondary",
                    disabled=c not in legal,
                )
                for c in row
            )
        )
    if choices:
        rows.append(tuple(choices))
    rows.append(tuple(tools))
    return Rendered(content="\n".join(lines), rows=tuple(rows))


def held_hand(hand: Rendered) -> Rendered:
    """``hand`` with its moves (cards and bids) shown but not yet clickable, its tools
    (Refresh, Hint) kept: a copy about to be replaced by a new one further down (a click
    answered in place with a new hand, which comes below that hand's table message and the
    last hand's result) never offers a turn above them (``bot.tables.feed.hands``)."""
    rows = tuple(
        row
        if isinstance(row, Select)
        else tuple(
            dataclasses.replace(b, disabled=True)
            if not b.disabled and ids.PLAY.fullmatch(b.custom_id)
            else b
            for b in row
        )
        for row in hand.rows
    )
    return dataclasses.replace(hand, rows=rows)


def expired_hand(t: Table, lang: Lang) -> Rendered:
    """A copy of a hand whose token is about to expire: one line, no buttons."""
    return Rendered(content=lang.t("hand-expired"))


def moved_hand(lang: Lang) -> Rendered:
    """An older copy of a hand, when a newer one was posted below it (and it could not be
    deleted): one line, no buttons."""
    return Rendered(content=lang.t("hand-moved"))


# ---------------------------------------------------------------------- the end


def _score_table(t: Table, lang: Lang) -> str:
    """Every hand's totals, as a monospace table (the latest hands if it is long)."""
    st = t.state
    assert st is not None
    names = [s.name.replace("`", "'")[:8] for s in t.seats]
    width = [max(5, len(n)) for n in names]
    head = lang.t("standings-hand-column")[:5].rjust(5)
    lines = [head + " " + " ".join(n.rjust(w) for n, w in zip(names, width, strict=True))]
    body = []
    for i, r in enumerate(st.results, start=1):
        if getattr(r, "bidder", 0) is None:
            continue  # a passed-out Smear hand changed nothing
        cells = " ".join(str(v).rjust(w) for v, w in zip(r.scores, width, strict=True))
        body.append(f"{i:>5} {cells}")
    while body and len("\n".join(lines + body)) > TABLE_LIMIT:
        body.pop(0)
        if body and body[0] != "...":
            body[0] = "..."
    return f"{FENCE}\n" + "\n".join(lines + body) + f"\n{FENCE}"


def score_chart(t: Table, lang: Lang) -> ScoreChart:
    st = t.state
    assert st is not None
    results = [r for r in st.results if getattr(r, "bidder", 0) is not None]
    return ScoreChart(
        title=lang.t("chart-title", game=lang.t(f"game-{t.game}-short")),
        names=tuple(s.name for s in t.seats),
        scores=tuple(tuple(r.scores) for r in results),
        lowest_wins=t.rules.lowest_wins,
        x_label=lang.t("chart-x"),
        y_label=lang.t("chart-y"),
    )


def final_standings(t: Table, lang: Lang) -> Rendered:
    if is_daily(t):
        return daily.final_message(t, lang)
    st = t.state
    assert st is not None
    outcome = st.outcome()
    assert outcome is not None
    low = t.rules.lowest_wins
    order = sorted(
        range(st.n),
        key=lambda i: (i not in outcome.winners, outcome.scores[i] if low else -outcome.scores[i]),
    )
    lines = [screens(t).how_won(t, lang), ""]
    for place, i in enumerate(order, start=1):
        mark = " 🏆" if i in outcome.winners else ""
        lines.append(
            lang.t(
                "standings-line", place=place, name=seat_name(t, i, lang), score=outcome.scores[i]
            )
            + mark
        )
    if t.settings.get("coach"):
        lines += ["", lang.t("standings-unrated-coach")]
    embed = Embed(
        lang.t("standings-title", game=game_title(t.game, lang)),
        "\n".join(lines),
        GOLD,
        footer(t, lang),
        (Field(lang.t("standings-by-hand"), _score_table(t, lang)),),
        ScoreChart.FILENAME,
    )
    rows: tuple[Row, ...] = (
        (
            Button(ids.rematch(t.id), lang.t("standings-rematch"), "success"),
            Button(ids.review(t.id), lang.t("standings-review"), "primary"),
            Button(ids.export(t.id), lang.t("standings-export")),
        ),
        Select(ids.review_pick(t.id), lang.t("hand-review-choose"), hand_options(t, lang)),
    )
    return Rendered(embed=embed, rows=rows, chart=score_chart(t, lang))


__all__ = [
    "closed_table_message",
    "escape",
    "expired_hand",
    "final_standings",
    "finished_hand_message",
    "hand_message",
    "hand_result",
    "layout_cards",
    "lobby_message",
    "moved_hand",
    "note_message",
    "options_text",
    "ping_message",
    "restriction_text",
    "table_message",
    "turn_line",
]
