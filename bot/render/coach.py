"""The coach's words: a hint for the move at hand, and a finished game's costliest decisions."""

from __future__ import annotations

from bot.i18n import Lang
from bot.render.base import action_text, card_label, suit_symbol
from engine.ai.coach import Hint, Mistake


def coach_details(details: dict[str, int], lang: Lang) -> dict[str, object]:
    """The coach's numbers as people read them: cards and suits by name."""
    out: dict[str, object] = {}
    for key, value in details.items():
        if key == "card":
            out[key] = card_label(value, lang)
        elif key == "suit":
            out[key] = suit_symbol(value)
        else:
            out[key] = value
    return out


def hint_text(h: Hint, lang: Lang) -> str:
    details = coach_details(h.details, lang)
    return lang.t(
        "hint-line",
        move=action_text(h.action, lang),
        reason=lang.t(f"coach-{h.reason}", **details),
    )


def game_review_text(mistakes: list[Mistake], lang: Lang) -> str:
    """A player's costliest decisions in a game, worst first."""
    if not mistakes:
        return lang.t("review-none")
    lines = [lang.t("review-title")]
    for mk in mistakes:
        reason = lang.t(f"coach-{mk.reason}", **coach_details(mk.details, lang))
        lines.append(
            "• "
            + lang.t(
                "review-line",
                hand=mk.hand,
                decision=mk.decision,
                chosen=action_text(mk.chosen, lang),
                better=action_text(mk.better, lang),
                loss=round(mk.loss, 1),
                reason=reason,
            )
        )
    return "\n".join(lines)
