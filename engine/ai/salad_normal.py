"""The ``normal`` Salad level's play: ``salad_policy``'s careful play."""

from __future__ import annotations

from engine.ai import salad_policy


def choose_card(
    hand: int,
    legal: int,
    trick: list[int],
    seat: int,
    seats: int,
    contract: int,
    played: int,
    deck: int,
    tricks_left: int,
) -> int:
    return salad_policy.choose_card(
        hand, legal, trick, seat, seats, contract, played, deck, tricks_left, careful=True
    )
