"""The ``normal`` level for both games: a view in, an action out, in well under a millisecond.

Smear: ``smear_normal`` (bids from the measured model). Salad: ``salad_normal``.
"""

from __future__ import annotations

import random

from engine.ai import salad_normal, smear_normal
from engine.ai.determinize import knowledge_of
from engine.ai.rules import bidder_threatens, hand_mask, legal_mask
from engine.core import Phase
from engine.salad import DECK_MASK, HAND_SIZE, SaladView
from engine.smear import SmearView


def smear_action(view: SmearView) -> int:
    legal = legal_mask(view)
    hand = hand_mask(view)
    if view.phase == Phase.BID:
        return smear_normal.choose_bid(
            hand, legal, view.seat, view.seats, view.scores, view.options.target, view.bids
        )
    know = knowledge_of(view)
    return smear_normal.choose_card(
        hand,
        legal,
        list(view.trick.cards) if view.trick is not None else [],
        view.seat,
        view.seats,
        view.trump if view.trump is not None else -1,
        view.bidder if view.bidder is not None else -1,
        know.played,
        bidder_threatens(view),
    )


def salad_action(view: SaladView) -> int:
    know = knowledge_of(view)
    return salad_normal.choose_card(
        hand_mask(view),
        legal_mask(view),
        list(view.trick.cards) if view.trick is not None else [],
        view.seat,
        view.seats,
        view.contract,
        know.played,
        DECK_MASK[view.seats],
        HAND_SIZE[view.seats] - len(view.tricks),
    )


class NormalPlayer:
    """The ``normal`` rules for either game."""

    def choose(self, view: SmearView | SaladView, rng: random.Random) -> int:
        if not view.legal:
            raise ValueError(f"seat {view.seat} has no legal action: it is not its turn")
        action = smear_action(view) if isinstance(view, SmearView) else salad_action(view)
        if action not in view.legal:  # a rule slipped: never play an illegal action
            return view.legal[rng.randrange(len(view.legal))]
        return action
