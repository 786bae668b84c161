"""The review of one hand, for people: a picture (PNG) and a short text, in the reader's language.

The account itself (every card dealt, the bidding, each trick and why it was won, where each
point came from) is ``engine.review``'s; this module only words and draws it. The text is one
embed description (at most 4096 characters: long names are shortened until it fits) that a
screen reader reads in order; the picture shows the same hand at a size a phone reads well.

Drawing takes tenths of a second: call ``review_message`` and ``table_review_message`` in a
worker thread (``asyncio.to_thread``), as the feed draws the score chart.
"""

from __future__ import annotations

import io
import re
import textwrap
import warnings
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bot.i18n import Lang
from bot.model import Table
from bot.render.base import (
    BLUE,
    Embed,
    Option,
    Rendered,
    card_label,
    escape,
    footer,
    game_title,
    suit_symbol,
)
from engine.cards import RANK_OF, SUIT_OF
from engine.review import (
    HandReview,
    Penalty,
    Reason,
    SaladPoints,
    SmearPoints,
    review_hand,
    review_state,
    word_details,
)
from engine.salad import SaladState
from engine.smear import SmearState

if TYPE_CHECKING:
    from matplotlib.figure import Figure

DESCRIPTION_LIMIT = 4096  # Discord: an embed's description
NAME_LENGTHS = (None, 14, 8, 4)  # names are cut to these lengths until the text fits
RULE_NUMBER = re.compile(r"^[SCG]\d+$")  # RULES.md's numbered rules (others are headings)
SUIT_ORDER = (3, 2, 0, 1)  # ♠ ♥ ♣ ♦ on screen, so colours alternate


def say(lang: Lang, key: str, **args: Any) -> str:
    """A message of review.ftl (every id there starts with ``hand-review-``)."""
    return lang.t(f"hand-review-{key}", **args)


def seat_label(seat: int, lang: Lang) -> str:
    """A seat's name when the record has no names: "Seat 1" (seats count from 1 for people)."""
    return say(lang, "seat", n=seat + 1)


def display_order(cards: Sequence[int]) -> list[int]:
    """A hand as people sort it: by suit (♠ ♥ ♣ ♦), high cards first."""
    return sorted(cards, key=lambda c: (SUIT_ORDER.index(SUIT_OF[c]), -RANK_OF[c]))


def cards_text(cards: Sequence[int], lang: Lang) -> str:
    return " ".join(card_label(c, lang) for c in cards)


def reason_text(reason: Reason, names: Sequence[str], lang: Lang) -> str:
    """A reason of ``engine.review`` in words, with its rule when RULES.md numbers it. The
    coach of "learn to play" can say any reason this way."""
    args = word_details(
        reason.details, lambda c: card_label(c, lang), suit_symbol, names.__getitem__
    )
    text = say(lang, f"reason-{reason.code}", **args)
    if RULE_NUMBER.match(reason.rule):
        return say(lang, "rule", text=text, rule=reason.rule)
    return text


def why_short(reason: Reason, lang: Lang) -> str:
    """Why a trick was won, in a few words ("highest trump", "highest ♥")."""
    led = reason.details.get("led")
    return say(lang, f"why-{reason.code}", led="" if led is None else suit_symbol(led))


def review_title(review: HandReview, lang: Lang) -> str:
    game = game_title(review.game, lang)
    if review.contract is not None:
        contract = lang.t(f"salad-contract-{review.contract}")
        return say(lang, "title-salad", game=game, hand=review.hand, contract=contract)
    return say(lang, "title", game=game, hand=review.hand)


# ---------------------------------------------------------------------------- the text


def _capital(text: str, names: Sequence[str]) -> str:
    """A sentence's first letter in upper case, unless the sentence starts with a name."""
    if any(text.startswith(n) for n in names):
        return text
    return text[:1].upper() + text[1:]


def _penalty_items(items: list[Penalty], names: Sequence[str], lang: Lang) -> str:
    """One seat's penalties of a Salad hand, summed up by kind: "2 hearts 9♥ 4♥ (20)"."""
    parts = []
    for code in dict.fromkeys(p.reason.code for p in items):
        mine = [p for p in items if p.reason.code == code]
        cards = display_order(
            [p.reason.details["card"] for p in mine if "card" in p.reason.details]
        )
        parts.append(
            say(
                lang,
                f"sum-{code}",
                count=len(mine),
                cards=cards_text(cards, lang),
                tricks=", ".join(str(p.reason.details["trick"]) for p in mine),
                points=sum(p.points for p in mine),
            )
        )
    return " · ".join(parts)


def _smear_points_lines(points: SmearPoints, names: Sequence[str], lang: Lang) -> list[str]:
    lines = [
        f"{say(lang, f'point-{a.point}')}: {reason_text(a.reason, names, lang)}"
        for a in points.awards
    ]
    counts = " · ".join(
        f"{names[s]} {n}" + (f" ({cards_text(display_order(cs), lang)})" if cs else "")
        for s, (n, cs) in enumerate(zip(points.game_counts, points.counting_cards, strict=True))
    )
    lines.append(say(lang, "game-counts", counts=counts))
    lines.append(_capital(reason_text(points.verdict, names, lang), names))
    return lines


def _salad_points_lines(points: SaladPoints, names: Sequence[str], lang: Lang) -> list[str]:
    lines = []
    for seat, total in enumerate(points.penalties):
        mine = [p for p in points.items if p.seat == seat]
        if not mine:
            lines.append(say(lang, "penalty-none", name=names[seat]))
            continue
        items = _penalty_items(mine, names, lang)
        lines.append(say(lang, "penalty-line", name=names[seat], points=total, items=items))
    return lines


def _bidding_lines(review: HandReview, names: Sequence[str], lang: Lang) -> list[str]:
    bidding = review.bidding
    if bidding is None:
        return []
    bids = " · ".join(
        f"{names[b.seat]} {lang.t('bid-pass') if b.bid == 0 else b.bid}" for b in bidding.bids
    )
    lines = ["", f"**{say(lang, 'bidding')}**", say(lang, "bids", bids=bids)]
    lines.append(_capital(reason_text(bidding.reason, names, lang), names))
    if bidding.skipped:
        lines.append(say(lang, "no-turn", names=", ".join(names[s] for s in bidding.skipped)))
    if review.trump_reason is not None:
        lines.append(_capital(reason_text(review.trump_reason, names, lang), names))
    return lines


def _trick_lines(review: HandReview, names: Sequence[str], lang: Lang) -> list[str]:
    if not review.tricks:
        return []
    lines = ["", f"**{say(lang, 'tricks')}**"]
    for t in review.tricks:
        played = " · ".join(f"{names[s]} {card_label(c, lang)}" for s, c in t.plays)
        lines.append(
            say(
                lang,
                "trick",
                n=t.number,
                cards=played,
                name=f"**{names[t.winner]}**",
                why=why_short(t.reason, lang),
            )
        )
    points = review.points
    if isinstance(points, SaladPoints) and points.ended_early is not None:
        left = " · ".join(
            f"{names[s]} {cards_text(display_order(cs), lang)}"
            for s, cs in enumerate(review.unplayed)
            if cs
        )
        lines.append(say(lang, "not-played", cards=left))
        lines.append(_capital(reason_text(points.ended_early, names, lang), names))
    return lines


def _text(review: HandReview, names: Sequence[str], lang: Lang) -> str:
    lines = [say(lang, "dealer", name=names[review.dealer])]
    if review.contract is not None:
        lines.append(say(lang, "penalty", penalty=lang.t(f"salad-penalty-{review.contract}")))
    lines += ["", f"**{say(lang, 'dealt')}**"]
    lines += [
        f"{names[s]}: {cards_text(display_order(cs), lang)}" for s, cs in enumerate(review.deal)
    ]
    lines += _bidding_lines(review, names, lang)
    lines += _trick_lines(review, names, lang)
    points = review.points
    if isinstance(points, SmearPoints):
        lines += ["", f"**{say(lang, 'points')}**", *_smear_points_lines(points, names, lang)]
    elif isinstance(points, SaladPoints):
        lines += ["", f"**{say(lang, 'penalties')}**", *_salad_points_lines(points, names, lang)]
    if points is not None:
        scores = " · ".join(
            say(lang, "score", name=names[s], before=b, after=a)
            for s, (b, a) in enumerate(zip(review.scores_before, review.scores_after, strict=True))
        )
        lines.append(say(lang, "scores", scores=scores))
    if review.game_won is not None:
        lines.append(f"🏆 {_capital(reason_text(review.game_won, names, lang), names)}")
    return "\n".join(lines)


def _cut(name: str, length: int | None) -> str:
    if length is None or len(name) <= length:
        return name
    return name[: length - 1].rstrip() + "…"


def review_text(review: HandReview, names: Sequence[str], lang: Lang) -> str:
    """The hand in words, for screen readers and small screens: at most 4096 characters (an
    embed's description), names (plain text: they are escaped here) cut shorter until it fits."""
    text = ""
    for length in NAME_LENGTHS:
        shown = [escape(_cut(n, length)) for n in names]
        text = _text(review, shown, lang)
        if len(text) <= DESCRIPTION_LIMIT:
            return text
    return text[: DESCRIPTION_LIMIT - 1] + "…"


# ---------------------------------------------------------------------------- the picture

WIDTH = 9.0  # inches; at 110 dots an inch a phone shows it across its screen
DPI = 110
MARGIN = 0.3
LINE = 0.34  # the height of a line of body text, inches
CHAR = 0.1  # about the width of a character of body text, inches (for wrapping)
BODY, HEADING, TITLE = 12.5, 14.5, 17
INK, RED, GREY = "#1b1b1b", "#c0392b", "#7f8c8d"
WINNER_BOX = {"boxstyle": "round,pad=0.25", "fc": "#f9e79f", "ec": "#b7950b", "lw": 1.5}
NAME_COLUMN = 1.8  # where the cards of a dealt hand start
CARD_STEP = 0.48  # between the cards of a dealt hand, at most
REASON_WIDTH = 2.2  # the column of why each trick was won


@dataclass
class _Sheet:
    """Texts placed from the top down in inches; the figure's height is known only at the end."""

    ops: list[tuple[float, float, str, dict[str, Any]]] = field(default_factory=list)
    y: float = MARGIN

    def text(self, x: float, s: str, **style: Any) -> None:
        self.ops.append((x, self.y, s, style))

    def down(self, lines: float = 1.0) -> None:
        self.y += LINE * lines

    def wrapped(self, x: float, s: str, size: float = BODY, **style: Any) -> None:
        """A text over as many lines as it needs (line height grows with the font)."""
        per_line = max(20, int((WIDTH - x - MARGIN) / (CHAR * size / BODY)))
        for part in textwrap.wrap(s, per_line) or [""]:
            self.text(x, part, fontsize=size, **style)
            self.down(size / BODY)

    def figure(self) -> Figure:
        from matplotlib.figure import Figure

        height = self.y + MARGIN
        fig = Figure(figsize=(WIDTH, height), dpi=DPI, facecolor="white")
        for x, y, s, style in self.ops:
            style = {"fontsize": BODY, "color": INK, "va": "top", **style}
            fig.text(x / WIDTH, 1 - y / height, s, parse_math=False, **style)
        return fig


def _fits(inches: float) -> int:
    """How many characters of a bold name fit in ``inches``."""
    return max(3, int(inches / (CHAR * 1.15)))


def _card_color(c: int) -> str:
    return RED if SUIT_OF[c] in (1, 2) else INK


def _draw_deal(sheet: _Sheet, review: HandReview, names: Sequence[str], lang: Lang) -> None:
    sheet.text(MARGIN, say(lang, "dealt"), fontsize=HEADING, weight="bold")
    sheet.down(1.3)
    size = len(review.deal[0])
    # Up to 13 cards fit beside the name; 17 (Salad for 3) go on a line of their own.
    start = NAME_COLUMN if size <= 13 else MARGIN
    step = min(CARD_STEP, (WIDTH - start - MARGIN) / size)
    for seat, cards in enumerate(review.deal):
        sheet.text(MARGIN, _cut(names[seat], _fits(NAME_COLUMN - MARGIN - 0.1)), weight="bold")
        if size > 13:
            sheet.down()
        for i, c in enumerate(display_order(cards)):
            sheet.text(start + i * step, card_label(c, lang), fontsize=BODY, color=_card_color(c))
        sheet.down(1.1)


def _draw_tricks(sheet: _Sheet, review: HandReview, names: Sequence[str], lang: Lang) -> None:
    n = review.seats
    first = MARGIN + 0.5
    width = (WIDTH - first - REASON_WIDTH - MARGIN) / n
    sheet.down(0.5)
    sheet.text(MARGIN, say(lang, "tricks"), fontsize=HEADING, weight="bold")
    sheet.down(1.3)
    sheet.text(MARGIN, say(lang, "trick-column"), color=GREY)
    for seat in range(n):
        x = first + (seat + 0.5) * width
        sheet.text(x, _cut(names[seat], _fits(width - 0.1)), ha="center", weight="bold")
    sheet.down(1.2)
    for t in review.tricks:
        sheet.text(MARGIN, str(t.number), color=GREY)
        for seat, c in t.plays:
            x = first + (seat + 0.5) * width
            style: dict[str, Any] = {"ha": "center", "color": _card_color(c)}
            if seat == t.winner:
                style["bbox"] = WINNER_BOX
            sheet.text(x, card_label(c, lang), fontsize=BODY + 0.5, **style)
            if seat == t.leader:  # the card led: play goes left from it
                sheet.text(x - 0.38, "▸", color=GREY, ha="center")
        sheet.text(WIDTH - MARGIN - REASON_WIDTH + 0.1, why_short(t.reason, lang), color=GREY)
        sheet.down(1.15)


def _draw_points(sheet: _Sheet, review: HandReview, names: Sequence[str], lang: Lang) -> None:
    points = review.points
    sheet.down(0.5)
    heading = "points" if isinstance(points, SmearPoints) else "penalties"
    sheet.text(MARGIN, say(lang, heading), fontsize=HEADING, weight="bold")
    sheet.down(1.3)
    if isinstance(points, SmearPoints):
        for line in _smear_points_lines(points, names, lang):
            sheet.wrapped(MARGIN, line)
    elif isinstance(points, SaladPoints):
        if points.ended_early is not None:
            sheet.wrapped(MARGIN, _capital(reason_text(points.ended_early, names, lang), names))
        for line in _salad_points_lines(points, names, lang):
            sheet.wrapped(MARGIN, line)
    for s, (b, a) in enumerate(zip(review.scores_before, review.scores_after, strict=True)):
        sheet.text(MARGIN, say(lang, "score", name=names[s], before=b, after=a), weight="bold")
        sheet.down()
    if review.game_won is not None:
        sheet.wrapped(MARGIN, _capital(reason_text(review.game_won, names, lang), names))


def review_figure(review: HandReview, names: Sequence[str], lang: Lang) -> Figure:
    """The hand as a matplotlib figure (no pyplot: nothing global to close)."""
    short = [_cut(n, 24) for n in names]
    sheet = _Sheet()
    sheet.wrapped(MARGIN, review_title(review, lang), TITLE, weight="bold")
    sheet.down(0.4)
    sheet.wrapped(MARGIN, say(lang, "dealer", name=short[review.dealer]))
    if review.contract is not None:
        penalty = lang.t(f"salad-penalty-{review.contract}")
        sheet.wrapped(MARGIN, say(lang, "penalty", penalty=penalty))
    for line in _bidding_lines(review, short, lang)[2:]:
        sheet.wrapped(MARGIN, line)
    sheet.down(0.5)
    _draw_deal(sheet, review, short, lang)
    if review.tricks:
        _draw_tricks(sheet, review, short, lang)
    if review.points is not None:
        _draw_points(sheet, review, short, lang)
    return sheet.figure()


def review_picture(review: HandReview, names: Sequence[str], lang: Lang) -> bytes:
    """The hand as a PNG: each seat's cards as dealt, the bidding, the tricks in order with the
    winning card marked, and the points. ``names`` are plain text."""
    out = io.BytesIO()
    with warnings.catch_warnings():
        # A name in a script the font lacks is drawn as boxes, not refused.
        warnings.filterwarnings("ignore", message="Glyph .* missing from font")
        review_figure(review, names, lang).savefig(out, format="png", dpi=DPI)
    return out.getvalue()


# ---------------------------------------------------------------------------- the message


def picture_name(review: HandReview) -> str:
    return f"review-hand-{review.hand}.png"


def _message(
    review: HandReview,
    names: Sequence[str],
    lang: Lang,
    *,
    drawn_names: Sequence[str] | None = None,
    foot: str | None = None,
    picture: bool = True,
) -> Rendered:
    text = review_text(review, names, lang)
    if not picture:
        return Rendered(embed=Embed(review_title(review, lang), text, BLUE, foot))
    name = picture_name(review)
    png = review_picture(review, drawn_names or names, lang)
    embed = Embed(review_title(review, lang), text, BLUE, foot, (), name)
    return Rendered(embed=embed, file=(name, png))


def review_message(
    record: dict[str, Any],
    hand: int,
    lang: Lang,
    names: Sequence[str] | None = None,
    *,
    picture: bool = True,
) -> Rendered:
    """The review of hand ``hand`` (1-based) of a game record, as one message: the text in an
    embed and the picture attached and shown in it. ``names`` are the seats' plain names
    ("Seat 1"... without them). Raises ``engine.errors.RecordError`` for a bad record, or a
    hand that is not in it or not finished."""
    review = review_hand(record, hand)
    shown = list(names) if names is not None else []
    shown += [seat_label(s, lang) for s in range(len(shown), review.seats)]
    return _message(review, shown, lang, picture=picture)


def table_review_message(t: Table, hand: int, lang: Lang, *, picture: bool = True) -> Rendered:
    """The review of hand ``hand`` of a table's game (in play or over), with the seats' names
    (computers marked as everywhere). Raises ``RecordError`` for a hand not finished."""
    state = t.state
    assert isinstance(state, SmearState | SaladState)
    review = review_state(state, hand)
    marked = [lang.t("seat-computer", name=s.name) if s.is_computer else s.name for s in t.seats]
    # The picture's font has no emoji: there the names are as people typed them.
    plain = [s.name for s in t.seats]
    return _message(review, marked, lang, drawn_names=plain, foot=footer(t, lang), picture=picture)


def _option_label(t: Table, hand: int, lang: Lang) -> str:
    state = t.state
    if isinstance(state, SaladState):
        contract = lang.t(f"salad-contract-{state.results[hand - 1].contract}")
        return say(lang, "option-salad", hand=hand, contract=contract)
    assert isinstance(state, SmearState)
    r = state.results[hand - 1]
    if r.bidder is None:
        return say(lang, "option-passed", hand=hand)
    made = "yes" if r.made else "no"
    name = t.seats[r.bidder].name
    return say(lang, "option-smear", hand=hand, name=name, bid=r.bid, made=made)


def hand_options(t: Table, lang: Lang) -> tuple[Option, ...]:
    """The finished hands of a table's game as the options of a select menu (value: the hand's
    number), the latest 25 (Discord's most) when there are more. The menu's placeholder is the
    message hand-review-choose of review.ftl."""
    assert t.state is not None
    finished = range(1, len(t.state.results) + 1)
    return tuple(Option(_option_label(t, h, lang)[:100], str(h)) for h in finished[-25:])


__all__ = [
    "hand_options",
    "picture_name",
    "reason_text",
    "review_figure",
    "review_message",
    "review_picture",
    "review_text",
    "review_title",
    "seat_label",
    "table_review_message",
    "why_short",
]
