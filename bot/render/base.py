"""The pieces every message is made of, as plain data, and the small texts they share.

A ``Rendered`` is what a message says and offers (content, one embed, rows of buttons or one
select menu, a file); the cogs turn it into discord.py objects, and the feed stores it as JSON
in the outbox. Nothing here knows Discord.
"""

from __future__ import annotations

import base64
import json
import re
from dataclasses import dataclass
from typing import Any, ClassVar

from bot.i18n import Lang
from bot.model import Table
from engine.cards import RANK_OF, SUIT_OF
from engine.core import PASS, bid_value, is_card

SUIT_SYMBOLS = ("♣", "♦", "♥", "♠")  # by engine suit number: C D H S
RANK_KEYS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
GREEN, BLUE, GREY, RED, GOLD = 0x2ECC71, 0x3498DB, 0x95A5A6, 0xE74C3C, 0xF1C40F
NAME_LIMIT = 32  # characters of a person's name shown anywhere


@dataclass(frozen=True)
class Button:
    custom_id: str
    label: str
    style: str = "secondary"  # primary, secondary, success, danger, link
    disabled: bool = False
    url: str | None = None  # a link button (style "link") has a url and no custom_id


@dataclass(frozen=True)
class Option:
    label: str
    value: str
    description: str | None = None


@dataclass(frozen=True)
class Select:
    custom_id: str
    placeholder: str
    options: tuple[Option, ...]


Row = tuple[Button, ...] | Select


@dataclass(frozen=True)
class Field:
    name: str
    value: str
    inline: bool = False


@dataclass(frozen=True)
class Embed:
    title: str
    description: str
    color: int = BLUE
    footer: str | None = None
    fields: tuple[Field, ...] = ()
    image: str | None = None  # the file name of an attached picture to show


@dataclass(frozen=True)
class ScoreChart:
    """The data of a picture of each seat's score by hand (drawn when the message is sent)."""

    title: str
    names: tuple[str, ...]
    scores: tuple[tuple[int, ...], ...]  # by hand: every seat's total after it
    lowest_wins: bool
    x_label: str
    y_label: str

    FILENAME: ClassVar[str] = "scores.png"


@dataclass(frozen=True)
class Rendered:
    content: str | None = None
    embed: Embed | None = None
    rows: tuple[Row, ...] = ()
    mentions: tuple[int, ...] = ()  # the users this message may ping
    file: tuple[str, bytes] | None = None
    chart: ScoreChart | None = None  # drawn into ``file`` by the feed before sending

    def text(self) -> str:
        """Everything a person reads (for tests and logs of public messages)."""
        parts = [self.content or ""]
        if self.embed is not None:
            e = self.embed
            parts += [e.title, e.description, e.footer or ""]
            parts += [f"{f.name}\n{f.value}" for f in e.fields]
        return "\n".join(parts)

    # ---- the outbox keeps rendered messages as JSON

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.content is not None:
            out["content"] = self.content
        if self.embed is not None:
            e = self.embed
            out["embed"] = {
                "title": e.title,
                "description": e.description,
                "color": e.color,
                "footer": e.footer,
                "fields": [[f.name, f.value, f.inline] for f in e.fields],
                "image": e.image,
            }
        if self.rows:
            out["rows"] = [_row_json(r) for r in self.rows]
        if self.mentions:
            out["mentions"] = list(self.mentions)
        if self.file is not None:
            out["file"] = [self.file[0], base64.b64encode(self.file[1]).decode()]
        if self.chart is not None:
            c = self.chart
            out["chart"] = {
                "title": c.title,
                "names": list(c.names),
                "scores": [list(s) for s in c.scores],
                "lowest_wins": c.lowest_wins,
                "x_label": c.x_label,
                "y_label": c.y_label,
            }
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Rendered:
        embed = None
        if "embed" in data:
            e = data["embed"]
            embed = Embed(
                e["title"],
                e["description"],
                e["color"],
                e.get("footer"),
                tuple(Field(n, v, bool(i)) for n, v, i in e.get("fields") or []),
                e.get("image"),
            )
        file = None
        if "file" in data:
            file = (data["file"][0], base64.b64decode(data["file"][1]))
        chart = None
        if "chart" in data:
            c = data["chart"]
            chart = ScoreChart(
                c["title"],
                tuple(c["names"]),
                tuple(tuple(s) for s in c["scores"]),
                bool(c["lowest_wins"]),
                c["x_label"],
                c["y_label"],
            )
        return cls(
            content=data.get("content"),
            embed=embed,
            rows=tuple(_row_from_json(r) for r in data.get("rows") or []),
            mentions=tuple(data.get("mentions") or ()),
            file=file,
            chart=chart,
        )


def _row_json(row: Row) -> dict[str, Any]:
    if isinstance(row, Select):
        return {
            "select": row.custom_id,
            "placeholder": row.placeholder,
            "options": [[o.label, o.value, o.description] for o in row.options],
        }
    return {"buttons": [[b.custom_id, b.label, b.style, b.disabled, b.url] for b in row]}


def _row_from_json(data: dict[str, Any]) -> Row:
    if "select" in data:
        return Select(
            data["select"],
            data["placeholder"],
            tuple(Option(lbl, v, d) for lbl, v, d in data["options"]),
        )
    return tuple(Button(c, lbl, s, bool(d), u) for c, lbl, s, d, u in data["buttons"])


# ---------------------------------------------------------------------- names


_UNSAFE = re.compile(r"[\x00-\x1f\x7f\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]")
_MARKDOWN = re.compile(r"([\\*_~`|>#\[\]()<@:-])")


def clean_name(raw: str, limit: int = NAME_LIMIT) -> str:
    """A person's name as the bot keeps it: control and text-direction characters removed,
    spaces collapsed, cut to ``limit`` characters, never empty. Plain text (button labels use
    it as it is); ``escape`` makes it safe inside a message."""
    cleaned = " ".join(_UNSAFE.sub("", raw).split())
    return cleaned[:limit].rstrip() or "?"


def escape(name: str) -> str:
    """A clean name inside message text: Markdown and mentions shown as typed. Escaping after
    cutting means an escape is never left dangling."""
    return _MARKDOWN.sub(r"\\\1", name)


def card_label(c: int, lang: Lang) -> str:
    return lang.t(f"rank-{RANK_KEYS[RANK_OF[c]]}") + SUIT_SYMBOLS[SUIT_OF[c]]


def suit_symbol(suit: int) -> str:
    return SUIT_SYMBOLS[suit]


def action_text(action: int, lang: Lang) -> str:
    if is_card(action):
        return card_label(action, lang)
    if action == PASS:
        return lang.t("bid-pass")
    return lang.t("bid-n", bid=bid_value(action))


def seat_name(t: Table, seat: int, lang: Lang) -> str:
    """A seat as people read it: computers always marked the same way, a person on autopilot
    marked as away."""
    s = t.seats[seat]
    name = escape(s.name)
    if s.is_computer:
        return lang.t("seat-computer", name=name)
    if s.autopilot:
        return lang.t("seat-away", name=name)
    return name


def view_of(t: Table, seat: int) -> Any:
    """``t.state.view(seat)``, computed once per state of the game: one render asks for the
    same view many times, and several renders (each person's hand) follow one move."""
    st = t.state
    assert st is not None
    key = (id(st), t.version, t.hand_no)
    cached = t.views
    if cached is None or cached[0] != key:
        cached = t.views = (key, {})
    view = cached[1].get(seat)
    if view is None:
        view = cached[1][seat] = st.view(seat)
    return view


def mention(user_id: int) -> str:
    return f"<@{user_id}>"


def timer_text(seconds: int, lang: Lang) -> str:
    """A turn timer as shown everywhere (the same words as the /smear start choices)."""
    if seconds <= 0:
        return lang.t("timer-off")
    if seconds % 60 == 0:
        return lang.t("timer-minutes", minutes=seconds // 60)
    return lang.t("timer-seconds", seconds=seconds)


def game_title(game: str, lang: Lang) -> str:
    return lang.t(f"game-{game}")


def footer(t: Table, lang: Lang) -> str:
    return lang.t("table-footer", table=str(t.id))


def relative_time(timestamp: float) -> str:
    """A Discord timestamp that counts down on every screen ("in 2 minutes")."""
    return f"<t:{int(timestamp)}:R>"


def record_file(table_id: int, record: dict[str, object]) -> tuple[str, bytes]:
    """A game record (RECORD.md) as the file people download."""
    game = record.get("game", "game")
    return f"{game}-table-{table_id}.record.json", json.dumps(record, indent=1).encode()


def jump_url(guild_id: int, channel_id: int, message_id: int) -> str:
    return f"https://discord.com/channels/{guild_id}/{channel_id}/{message_id}"
