"""Helpers for building hand-made deals in engine tests."""

from __future__ import annotations

from engine.cards import parse_card
from engine.core import parse_action
from engine.salad import SaladState
from engine.smear import SmearOptions, SmearState


def cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


def smear_hand(
    hands: list[str],
    *,
    dealer: int = 1,
    scores: list[int] | None = None,
    target: int = 11,
    stuck_dealer: bool = False,
) -> SmearState:
    """A Smear game whose current hand is the given deal (one string of cards per seat)."""
    state = SmearState(
        len(hands), SmearOptions(target=target, stuck_dealer=stuck_dealer), first_dealer=dealer
    )
    if scores is not None:
        state.scores = list(scores)  # as if earlier hands had been played
    state.deal([cards(h) for h in hands])
    return state


def act(state: SmearState | SaladState, *actions: str) -> None:
    """Apply actions ("pass", "2", "AS", ...) each by the seat whose turn it is, checked."""
    for a in actions:
        state.apply(parse_action(a), state.current_player)
