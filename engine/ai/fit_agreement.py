"""Measure ``inference.PLAY_AGREEMENT``: how often players other than ``normal`` play the card
the ``normal`` rules would play in their place.

Usage::

    python -m engine.ai.fit_agreement --game smear --seats 3 --games 20 --iterations 20

Plays games with ``hard`` and ``expert`` seats (searching ``--iterations`` deals a decision,
so the run is repeatable) and counts, over their card decisions with a choice, those where the
card they played does the same job as the ``normal`` rules' card (``inference._same_card``:
equal worth, nothing between them in other hands). Prints the share per level and overall.

In Smear it counts their bids too (decisions with a choice), against each way Hard can imagine
the others bid (``hard.BIDDERS``: ``normal-v1``'s rules, Normal's model), each given the seat's
own hand and the bidding so far: how far a searching player's bids are from the bidders its
deals are read by (``hard._bids_consistent``).
"""

from __future__ import annotations

import argparse
import random
import sys
from dataclasses import dataclass, field

from engine.ai import make_player
from engine.ai.hard import BIDDERS
from engine.ai.inference import _same_card
from engine.ai.normal import salad_action, smear_action
from engine.ai.rules import hand_mask, legal_mask
from engine.ai.salad_policy import PENALTY
from engine.ai.smear_policy import CARD_VALUE
from engine.cards import BIT, JACK
from engine.core import Phase
from engine.record import new_game
from engine.salad import DECK_MASK, SaladView
from engine.smear import SmearView

LEVELS_MEASURED = ("hard", "expert")
# How the report names each of ``hard.BIDDERS``.
BIDDER_NAMES = {"v1": "normal-v1's rules", "model": "Normal's model"}


def _elsewhere(view: SmearView | SaladView) -> int:
    """Cards the acting seat does not hold and nobody has played."""
    deck = (1 << 52) - 1 if isinstance(view, SmearView) else DECK_MASK[view.seats]
    seen = 0
    for c in view.hand:
        seen |= BIT[c]
    for t in [*view.tricks, *([view.trick] if view.trick is not None else [])]:
        for c in t.cards:
            seen |= BIT[c]
    return deck & ~seen


def _agrees(view: SmearView | SaladView, action: int) -> bool:
    if isinstance(view, SmearView):
        rule = smear_action(view)
        jack = -1 if view.trump is None else view.trump * 13 + JACK
        worth = [CARD_VALUE[c] + (100 if c == jack else 0) for c in range(52)]
    else:
        rule = salad_action(view)
        worth = list(PENALTY[view.contract])
    return _same_card(action, rule, worth, _elsewhere(view))


def _bid_agreements(view: SmearView, action: int) -> dict[str, bool]:
    """For each of ``BIDDERS``: would it, holding this seat's hand, have made the same bid?"""
    hand, legal = hand_mask(view), legal_mask(view)
    args = (hand, legal, view.seat, view.seats, view.scores, view.options.target, view.bids)
    return {name: choose(*args) == action for name, choose in BIDDERS.items()}


@dataclass(slots=True)
class Agreement:
    """Per level, [decisions that agree, decisions with a choice]: ``cards`` with the
    ``normal`` rules' card; ``bids`` (Smear), per way of bidding in ``hard.BIDDERS``."""

    cards: dict[str, list[int]]
    bids: dict[str, dict[str, list[int]]] = field(default_factory=dict)


def measure(
    game: str,
    seats: int,
    games: int,
    iterations: int,
    seed: int,
    measured: tuple[str, ...] = LEVELS_MEASURED,
) -> Agreement:
    """The agreements of the ``measured`` levels, who take turns at the seats."""
    counts = {level: [0, 0] for level in measured}
    bids = {level: {name: [0, 0] for name in BIDDERS} for level in measured}
    rng = random.Random(seed)
    for g in range(games):
        state = new_game(game, seats, seed * 1000 + g)
        levels = [measured[(g + s) % len(measured)] for s in range(seats)]
        players = [make_player(game, lv, iterations=iterations) for lv in levels]
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            view = state.view(seat)
            action = players[seat].choose(view, rng)
            if view.phase == Phase.PLAY and len(view.legal) > 1:
                c = counts[levels[seat]]
                c[0] += _agrees(view, action)
                c[1] += 1
            elif isinstance(view, SmearView) and view.phase == Phase.BID and len(view.legal) > 1:
                for name, agrees in _bid_agreements(view, action).items():
                    c = bids[levels[seat]][name]
                    c[0] += agrees
                    c[1] += 1
            state.apply(action, seat)
    return Agreement(counts, bids if game == "smear" else {})


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="python -m engine.ai.fit_agreement")
    p.add_argument("--game", choices=("smear", "salad"), required=True)
    p.add_argument("--seats", type=int, required=True)
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--iterations", type=int, default=20)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args(argv)
    measured = measure(args.game, args.seats, args.games, args.iterations, args.seed)
    for level, by in measured.bids.items():
        shares = (f"{a}/{n} = {a / max(1, n):.1%} as {BIDDER_NAMES[k]}" for k, (a, n) in by.items())
        print(f"{level} bids: {', '.join(shares)}")
    counts = measured.cards
    agree = sum(c[0] for c in counts.values())
    total = sum(c[1] for c in counts.values())
    for level, (a, n) in counts.items():
        print(f"{level}: {a}/{n} = {a / max(1, n):.1%} agree with normal")
    print(f"all: {agree}/{total} = {agree / max(1, total):.1%}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
