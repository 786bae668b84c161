"""The words of "learn to play": each lesson of ``engine.teach`` as one sentence in the reader's
language (``bot/locales/<language>/learn.ftl``), citing its rule, for the learner's hand."""

from __future__ import annotations

from bot.i18n import Lang
from bot.model import Table
from bot.render.base import card_label, seat_name, suit_symbol
from engine.salad import SaladState
from engine.smear import SmearState
from engine.teach import NOBODY, Lesson, lessons

CARDS = frozenset({"card"})
SUITS = frozenset({"led", "trump", "suit"})
SEATS = frozenset({"seat", "high", "low", "jack", "game", "bidder"})


def is_learning(t: Table) -> bool:
    return bool(t.settings.get("learn"))


def _seat(t: Table, seat: int, lang: Lang) -> str:
    return lang.t("learn-nobody") if seat == NOBODY else seat_name(t, seat, lang)


def lesson_text(t: Table, lesson: Lesson, lang: Lang) -> str:
    """One lesson in words: cards and suits as the hand shows them, seats by name."""
    args: dict[str, object] = {}
    for key, value in lesson.details.items():
        if key in CARDS:
            args[key] = card_label(value, lang)
        elif key in SUITS:
            args[key] = suit_symbol(value)
        elif key in SEATS:
            args[key] = _seat(t, value, lang)
        else:
            args[key] = value
    if lesson.code == "penalties":
        args["name"] = lang.t(f"salad-contract-{lesson.details['contract']}")
        args["list"] = ", ".join(
            lang.t("learn-penalty", name=seat_name(t, s, lang), points=p)
            for s, p in enumerate(lesson.per_seat)
        )
    return lang.t(f"learn-{lesson.code}", **args)


def learn_lines(t: Table, seat: int, lang: Lang) -> list[str]:
    """What the learner in ``seat`` reads on their hand now: the last trick, the last hand, then
    what their turn asks (a bid, the greyed cards). Nothing at a table that is not learning."""
    st = t.state
    if not is_learning(t) or not isinstance(st, SmearState | SaladState):
        return []
    if t.seats[seat].is_computer:
        return []
    return [lesson_text(t, x, lang) for x in lessons(st, seat)]


__all__ = ["is_learning", "learn_lines", "lesson_text"]
