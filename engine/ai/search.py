"""What the searching levels share: how a decision is bounded, and the value of a hand played
out from one seat's side.

Values: Smear, the change of our score minus the mean change of the others', plus a large
bonus for winning the game and a large loss if another seat wins it (S12, S13), which is how
the player weighs bidding to go out and setting a bidder who would go out. Salad, the mean
penalty of the others minus ours this hand.
"""

from __future__ import annotations

import random

from engine.ai.budget import gc_paused
from engine.core import Phase
from engine.salad import SaladState, SaladView
from engine.smear import SmearState, SmearView

WIN_VALUE = 6.0  # Smear: a game won or lost, in hand points
SALAD_WIN_VALUE = 150.0  # Salad's last hand: the game won, in penalty points
DEFAULT_BUDGET_MS = 150.0


class SearchingPlayer:
    """A level that searches: bounded by ``budget_ms`` (ms a decision) and/or ``iterations``
    (deals a decision), the first reached stopping it; with neither, ``DEFAULT_BUDGET_MS``.
    A forced action is played without a search."""

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
        with gc_paused():
            return self.decide(view, rng)

    def decide(self, view: SmearView | SaladView, rng: random.Random) -> int:
        """The searched action, for a view with more than one legal action."""
        raise NotImplementedError


def smear_value(s: SmearState, seat: int, before: list[int], win_value: float = WIN_VALUE) -> float:
    n = s.n
    if s.phase == Phase.OVER:
        bonus = win_value if s.outcome_winner == seat else -win_value
    else:
        bonus = 0.0
    mine = s.scores[seat] - before[seat]
    others = sum(s.scores[i] - before[i] for i in range(n) if i != seat) / (n - 1)
    return mine - others + bonus


def salad_value(s: SaladState, seat: int, before: list[int]) -> float:
    n = s.n
    mine = s.scores[seat] - before[seat]
    others = sum(s.scores[i] - before[i] for i in range(n) if i != seat) / (n - 1)
    v = others - mine
    if s.phase == Phase.OVER:
        low = min(s.scores)
        if s.scores[seat] == low:
            v += SALAD_WIN_VALUE / s.scores.count(low)
    return v
