"""The first rule-based levels, ``easy`` and ``normal-v1``, for both games: a view in, an action
out. Frozen: ``normal-v1`` is the arena's fixed reference, so the new ``normal`` lives in
``engine.ai.normal`` and these rules stay as they were measured."""

from __future__ import annotations

import random

from engine.ai import salad_policy, smear_policy
from engine.ai.determinize import knowledge_of
from engine.cards import BIT
from engine.core import BID_OFFSET, PASS, Phase
from engine.salad import DECK_MASK, HAND_SIZE, SaladView
from engine.smear import SmearView, made_bid_wins

# The most often a bid may be set, on a search's deals, for a sensible player to make it: an
# ordinary bid (the weighted search's default cap), and one that wins the game if made.
SET_RISK = 0.45
GO_OUT_SET_RISK = 0.5


def legal_mask(view: SmearView | SaladView) -> int:
    m = 0
    for a in view.legal:
        m |= 1 << a
    return m


def hand_mask(view: SmearView | SaladView) -> int:
    m = 0
    for c in view.hand:
        m |= BIT[c]
    return m


def bidder_threatens(view: SmearView) -> bool:
    """The bidder (not us) wins the game if they make the bid (S12, S13)."""
    b = view.bidder
    if b is None or b == view.seat:
        return False
    return made_bid_wins(view.scores[b], view.bid, view.options.target)


def must_go_out(view: SmearView) -> bool:
    """The seat is to bid at or past the target with a bid legal: any made bid wins the game
    (S12), so a searching level leaves the pass out of its choices
    (``smear_policy.at_target``)."""
    return (
        view.phase == Phase.BID
        and smear_policy.at_target(view.scores[view.seat], view.options.target)
        and any(a != PASS for a in view.legal)
    )


def bids_to_search(view: SmearView, actions: tuple[int, ...]) -> tuple[int, ...]:
    """``actions`` without the pass when the seat must go out (``must_go_out``)."""
    if not must_go_out(view):
        return actions
    return tuple(a for a in actions if a != PASS)


def smear_action(view: SmearView, careful: bool) -> int:
    legal = legal_mask(view)
    hand = hand_mask(view)
    if view.phase == Phase.BID:
        return smear_policy.choose_bid(
            hand,
            legal,
            view.seat,
            view.seats,
            view.scores,
            view.options.target,
            view.bids,
            careful=careful,
        )
    know = knowledge_of(view)
    trick = list(view.trick.cards) if view.trick is not None else []
    return smear_policy.choose_card(
        hand,
        legal,
        trick,
        view.seat,
        view.seats,
        view.trump if view.trump is not None else -1,
        view.bidder if view.bidder is not None else -1,
        know.played,
        bidder_threatens(view),
        careful=careful,
    )


def salad_action(view: SaladView, careful: bool) -> int:
    know = knowledge_of(view)
    trick = list(view.trick.cards) if view.trick is not None else []
    return salad_policy.choose_card(
        hand_mask(view),
        legal_mask(view),
        trick,
        view.seat,
        view.seats,
        view.contract,
        know.played,
        DECK_MASK[view.seats],
        HAND_SIZE[view.seats] - len(view.tricks),
        careful=careful,
    )


class RulePlayer:
    """``easy`` (careful=False) or ``normal`` (careful=True) rules, for either game."""

    def __init__(self, careful: bool) -> None:
        self.careful = careful

    def choose(self, view: SmearView | SaladView, rng: random.Random) -> int:
        if not view.legal:
            raise ValueError(f"seat {view.seat} has no legal action: it is not its turn")
        if isinstance(view, SmearView):
            action = smear_action(view, self.careful)
        else:
            action = salad_action(view, self.careful)
        if action not in view.legal:  # a rule slipped: never play an illegal action
            return view.legal[rng.randrange(len(view.legal))]
        return action


def sensible_bids(
    view: SmearView,
    searched: tuple[int, ...],
    set_rates: list[float],
    risk: float | None = SET_RISK,
) -> list[int]:
    """The indices of the searched bidding actions a sensible player may choose: a pass, and a
    bid the search sets at most ``risk`` of the time (``GO_OUT_SET_RISK`` when making it
    wins the game, S12, S13; any risk to outbid a player whose made bid would win it; no cap
    when ``risk`` is None)."""
    me = view.scores[view.seat]
    target = view.options.target
    danger = view.bidder is not None and made_bid_wins(view.scores[view.bidder], view.bid, target)
    out = []
    for i, a in enumerate(searched):
        if a == PASS or danger or risk is None:
            out.append(i)
            continue
        bid = a - BID_OFFSET
        wins = made_bid_wins(me, bid, target)
        if set_rates[i] <= (max(risk, GO_OUT_SET_RISK) if wins else risk):
            out.append(i)
    return out
