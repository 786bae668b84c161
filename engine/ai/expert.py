"""The ``expert`` level: determinized search with weighted deals, ``normal`` rollouts and exact
endgames.

For each decision the player deals the unseen cards to the other seats consistently with
everything public (``determinize.sample_hands``) and weighs each deal by how well it explains
the others' bids (Smear: ``bid_likelihood``, from the measured bidding model, so a deal where a
seat passed holding a hand that bids 3 counts little but is never thrown away). On each deal
every legal action is tried and the rest of the hand is played out; the action with the best
weighted mean value over the deals is chosen, the same deals for every action (common random
numbers). The playouts follow the ``normal`` rules, except that a Smear hand with at most
``ENDGAME_TRICKS`` tricks left is solved exactly: every seat plays the card best for its own
relative result on that deal (max^n search over the remaining tricks; with High and Low fixed
by who holds those trumps, only Jack and Game depend on the play).

The values are those of ``hard`` (``search.smear_value``, ``search.salad_value``): the change
of our score against the others', with the game's win or loss when the hand ends it.

Budgets: ``budget_ms`` is a bound, not a target: a new deal is started only while the time
spent so far, plus the mean time of a deal, stays inside it. ``iterations`` alone makes the
decision a function of the view and the generator (tests, and the coach's reproducible
reviews).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass

from engine.ai import salad_normal, smear_normal
from engine.ai.bid_model import make_probs
from engine.ai.determinize import Knowledge, knowledge_of, salad_state, sample_hands, smear_state
from engine.ai.normal import salad_action, smear_action
from engine.ai.search import salad_value, smear_value
from engine.core import Phase
from engine.salad import DECK_MASK, HAND_SIZE, SaladState, SaladView
from engine.smear import TRICKS_PER_HAND, SmearState, SmearView

DEFAULT_BUDGET_MS = 150.0
ENDGAME_TRICKS = 3
TIE_BONUS = 0.05  # per unit of deal weight, for the ``normal`` rules' move
# Bid inference: a seat bids b when P(making b) passes about BID_SHARE; the logistic width
# says how sure we are that others bid that way, the floor that no deal is impossible.
BID_SHARE = 0.72
BID_WIDTH = 0.08
BID_FLOOR = 0.05


@dataclass(frozen=True, slots=True)
class Analysis:
    """The search's estimate for each legal action: weighted mean value over ``deals``."""

    actions: tuple[int, ...]
    values: tuple[float, ...]
    deals: int
    best: int


def _soft(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x / BID_WIDTH))))


def bid_likelihood(view: SmearView, know: Knowledge, hands: list[int]) -> float:
    """How well a deal explains the others' bids: the product over their bids of the chance
    that a measured bidder holding the dealt hand speaks so (floored at ``BID_FLOOR``)."""
    weight = 1.0
    high = 0
    for seat, bid in view.bids:
        if seat != view.seat:
            dealt = hands[seat] | know.played_by[seat]
            probs = max(
                (make_probs(dealt, s, view.seats) for s in range(4) if dealt >> (13 * s) & 0x1FFF),
                key=lambda p: p[1],
            )
            if bid:
                p = _soft(probs[bid - 1] - BID_SHARE)
            elif high < 4:
                # A pass says the hand did not make the lowest bid it could have made.
                p = 1.0 - _soft(probs[max(high, 1)] - BID_SHARE)
            else:
                p = 1.0
            weight *= max(BID_FLOOR, p)
        high = max(high, bid)
    return weight


def smear_finish(s: SmearState, before: list[int]) -> None:
    """Play the hand out: ``normal`` rules, then the exact endgame."""
    smear_normal.play_hand(s, TRICKS_PER_HAND - ENDGAME_TRICKS)
    if s.phase == Phase.PLAY:
        _solve(s, before)


def _utilities(s: SmearState, before: list[int]) -> list[float]:
    """Each seat's value of a finished hand: its change against the others', and the game."""
    return [smear_value(s, seat, before) for seat in range(s.n)]


def _solve(s: SmearState, before: list[int]) -> list[float]:
    """max^n over the rest of the hand: the seat to act takes the card best for itself (the
    lowest such card on a tie). Leaves ``s`` at the end of the best line; returns utilities."""
    if s.phase != Phase.PLAY:
        return _utilities(s, before)
    who = s.to_act
    best_u: list[float] | None = None
    best_state = s
    mask = s.legal_mask()
    while mask:
        low = mask & -mask
        mask ^= low
        child = s.copy()
        child.apply_fast(low.bit_length() - 1)
        u = _solve(child, before)
        if best_u is None or u[who] > best_u[who]:
            best_u, best_state = u, child
    _adopt(s, best_state)
    assert best_u is not None
    return best_u


def _adopt(s: SmearState, other: SmearState) -> None:
    """Make ``s`` the state ``other`` reached (both are search copies)."""
    for slot in SmearState.__slots__:
        setattr(s, slot, getattr(other, slot))


class ExpertPlayer:
    """Weighted PIMC with ``normal`` rollouts and exact Smear endgames."""

    def __init__(
        self, game: str, budget_ms: float | None = None, iterations: int | None = None
    ) -> None:
        if budget_ms is None and iterations is None:
            budget_ms = DEFAULT_BUDGET_MS
        self.game = game
        self.budget_ms = budget_ms
        self.iterations = iterations

    def choose(self, view: SmearView | SaladView, rng: random.Random) -> int:
        legal = view.legal
        if not legal:
            raise ValueError(f"seat {view.seat} has no legal action: it is not its turn")
        if len(legal) == 1:
            return legal[0]
        return self.analyse(view, rng).best

    def analyse(
        self, view: SmearView | SaladView, rng: random.Random, budget_ms: float | None = None
    ) -> Analysis:
        """Every legal action's estimated value (``budget_ms`` overrides the player's)."""
        start = time.perf_counter()
        budget = self.budget_ms if budget_ms is None else budget_ms
        deadline = None if budget is None else start + budget / 1000.0
        legal = view.legal
        know = knowledge_of(view)
        totals = [0.0] * len(legal)
        weight_sum = 0.0
        done = 0
        while self.iterations is None or done < self.iterations:
            now = time.perf_counter()
            if deadline is not None and done and now + (now - start) / done > deadline:
                break
            hands = sample_hands(know, rng)
            if isinstance(view, SmearView):
                w = bid_likelihood(view, know, hands)
                values = _smear_values(view, hands)
            else:
                w = 1.0
                values = _salad_values(view, hands)
            for i, v in enumerate(values):
                totals[i] += w * v
            weight_sum += w
            done += 1
        # Near-ties go to the move the ``normal`` rules would make.
        hint = smear_action(view) if isinstance(view, SmearView) else salad_action(view)
        if hint in legal:
            totals[legal.index(hint)] += TIE_BONUS * weight_sum
        means = tuple(t / weight_sum if weight_sum else 0.0 for t in totals)
        best = max(range(len(legal)), key=lambda i: means[i])
        return Analysis(tuple(legal), means, done, legal[best])


def _smear_values(view: SmearView, hands: list[int]) -> list[float]:
    base = smear_state(view, hands)
    before = list(view.scores)
    out = []
    for a in view.legal:
        s = base.copy()
        s.apply_fast(a)
        smear_finish(s, before)
        out.append(smear_value(s, view.seat, before))
    return out


def _salad_values(view: SaladView, hands: list[int]) -> list[float]:
    base = salad_state(view, hands)
    before = list(view.scores)
    out = []
    for a in view.legal:
        s = base.copy()
        s.apply_fast(a)
        salad_finish(s)
        out.append(salad_value(s, view.seat, before))
    return out


def salad_finish(s: SaladState) -> None:
    """Play the hand out with every seat on the ``normal`` rules."""
    n = s.n
    deck = DECK_MASK[n]
    size = HAND_SIZE[n]
    index = s.hand_index
    contract = index + 1
    while s.phase == Phase.PLAY and s.hand_index == index:
        held = 0
        for h in s.hands:
            held |= h
        who = s.to_act
        s.apply_fast(
            salad_normal.choose_card(
                s.hands[who],
                s.legal_mask(),
                s.trick,
                who,
                n,
                contract,
                deck & ~held,
                deck,
                size - s.tricks_done,
            )
        )


__all__ = ["Analysis", "ExpertPlayer", "bid_likelihood"]
