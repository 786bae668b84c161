"""The ``normal`` Salad level's play: ``salad_policy``'s careful play."""

from __future__ import annotations

from collections.abc import Callable

from engine.ai import salad_policy
from engine.core import Phase
from engine.salad import DECK_MASK, HAND_SIZE, SaladState


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


# A Salad play rule: (hand, legal, trick, seat, seats, contract, played, deck, tricks_left).
CardRule = Callable[[int, int, list[int], int, int, int, int, int, int], int]


def play_out(s: SaladState, rule: CardRule = choose_card) -> None:
    """Play a fast-path state's hand out with every seat on ``rule`` (this level's by
    default); a forced card is played at once."""
    n = s.n
    deck = DECK_MASK[n]
    size = HAND_SIZE[n]
    index = s.hand_index
    contract = index + 1
    while s.phase == Phase.PLAY and s.hand_index == index:
        legal = s.legal_mask()
        if not legal & (legal - 1):  # a forced card
            s.apply_fast(legal.bit_length() - 1)
            continue
        held = 0
        for h in s.hands:
            held |= h
        who = s.to_act
        s.apply_fast(
            rule(
                s.hands[who],
                legal,
                s.trick,
                who,
                n,
                contract,
                deck & ~held,
                deck,
                size - s.tricks_done,
            )
        )
