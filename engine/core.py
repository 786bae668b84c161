"""What both games share: actions, phases, outcomes and the per-seat view.

Actions are small ints so that the search code can hold legal moves in one bitmask: a card is
its own number (0..51), and the Smear bidding actions sit just above the deck.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import IntEnum

from engine.cards import card_str, cards_of, parse_card
from engine.errors import IllegalAction, InvalidOptions

PASS = 52
BID_OFFSET = 52  # bid n is the action BID_OFFSET + n: 54, 55, 56 for 2, 3, 4
BIDS = (2, 3, 4)
BID_ACTIONS = tuple(BID_OFFSET + b for b in BIDS)
ACTION_COUNT = 57


class Phase(IntEnum):
    DEAL = 0  # waiting for cards (a replay supplies them; a seeded game never waits here)
    BID = 1
    PLAY = 2
    OVER = 3


def is_card(action: int) -> bool:
    return 0 <= action < 52


def bid_value(action: int) -> int:
    """The bid an action stands for: 0 for a pass, 2..4 for a bid."""
    return 0 if action == PASS else action - BID_OFFSET


def bid_action(bid: int) -> int:
    return PASS if bid == 0 else BID_OFFSET + bid


def action_str(action: int) -> str:
    if is_card(action):
        return card_str(action)
    if action == PASS:
        return "pass"
    return str(bid_value(action))


def parse_action(text: str) -> int:
    """``"pass"``, ``"2"``..``"4"`` or a card."""
    t = text.strip().lower()
    if t == "pass":
        return PASS
    if t in ("2", "3", "4"):
        return bid_action(int(t))
    return parse_card(t)


# The actions of a legal mask, ascending: the same bit walk as a hand's cards.
actions_of_mask = cards_of


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game: who won (Salad may have co-winners, C6) and the final totals."""

    winners: tuple[int, ...]
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TrickView:
    """A trick as everybody saw it: who led and the cards in order of play."""

    leader: int
    cards: tuple[int, ...]
    winner: int | None  # None while the trick is still open

    def played_by(self, seats: int) -> list[tuple[int, int]]:
        return [((self.leader + i) % seats, c) for i, c in enumerate(self.cards)]


def check_seats(game: str, seats: int, low: int, high: int) -> None:
    if isinstance(seats, bool) or not isinstance(seats, int):
        raise InvalidOptions("seats must be a whole number")
    if not low <= seats <= high:
        between = "or" if high == low + 1 else "to"
        raise InvalidOptions(f"{game} is for {low} {between} {high} players, not {seats}")


def choose_first_dealer(rng: random.Random | None, seats: int, first_dealer: int | None) -> int:
    """The given first dealer, or one drawn from the game's seed (S/C: chosen at random)."""
    if first_dealer is None:
        if rng is None:
            raise InvalidOptions("a game needs a seed or a first dealer")
        first_dealer = rng.randrange(seats)
    if not 0 <= first_dealer < seats:
        raise InvalidOptions(f"first dealer must be a seat 0..{seats - 1}")
    return first_dealer


def check_deal(
    hands: list[list[int]], seats: int, size: int, deck: int, rule: str, deck_note: str = ""
) -> list[int]:
    """Each seat's cards as a mask, if there are ``size`` each, from ``deck``, none twice."""
    if len(hands) != seats:
        raise IllegalAction(
            f"the deal must have a hand for each of {seats} seats", rule, "bad-deal"
        )
    seen = 0
    masks = []
    for seat, h in enumerate(hands):
        if len(h) != size:
            raise IllegalAction(
                f"seat {seat} is dealt {len(h)} cards, not {size}", rule, "bad-deal"
            )
        m = 0
        for c in h:
            if not is_card(c):
                raise IllegalAction(f"unknown card {c!r}", rule, "bad-deal")
            if (seen | m) >> c & 1:
                raise IllegalAction(f"card {card_str(c)} is dealt twice", rule, "bad-deal")
            if not deck >> c & 1:
                raise IllegalAction(
                    f"card {card_str(c)} is removed from the deck{deck_note}", rule, "bad-deal"
                )
            m |= 1 << c
        seen |= m
        masks.append(m)
    return masks
