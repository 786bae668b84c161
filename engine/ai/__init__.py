"""Computer players for Smear and Salad.

Every player sees only its own seat's view (RULES.md G2) and a random generator, and returns a
legal action::

    player = make_player("smear", "hard")
    action = player.choose(state.view(seat), rng)

Levels, weakest first: ``random`` (a uniformly random legal action), ``easy`` (a beginner's
rules of thumb), ``normal`` (a solid rule-based player) and ``hard`` (determinized Monte Carlo
search over the engine's fast path, with a time or iteration budget).
"""

from __future__ import annotations

import random
from typing import Protocol

from engine.salad import SaladView
from engine.smear import SmearView

LEVELS = ("random", "easy", "normal", "hard")
# The levels a table may seat (the arena may know more, e.g. fixed reference versions).
TABLE_LEVELS = LEVELS

View = SmearView | SaladView


class Player(Protocol):
    """A computer player: one decision from one seat's view."""

    def choose(self, view: SmearView | SaladView, rng: random.Random) -> int: ...


class RandomPlayer:
    """A uniformly random legal action: the baseline every other level must beat."""

    def choose(self, view: SmearView | SaladView, rng: random.Random) -> int:
        if not view.legal:
            raise ValueError(f"seat {view.seat} has no legal action: it is not its turn")
        return view.legal[rng.randrange(len(view.legal))]


def make_player(
    game: str,
    level: str,
    *,
    budget_ms: float | None = None,
    iterations: int | None = None,
) -> Player:
    """A player for ``game`` ("smear" or "salad") at ``level`` (one of LEVELS).

    ``budget_ms`` and ``iterations`` bound the ``hard`` level's search per decision (the first
    one reached stops it); the other levels ignore them. Raises ValueError for an unknown game
    or level.
    """
    from engine.games import GAMES

    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}: {' or '.join(GAMES)}")
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}: one of {', '.join(LEVELS)}")
    if budget_ms is not None and budget_ms <= 0:
        raise ValueError("budget_ms must be positive")
    if iterations is not None and iterations < 1:
        raise ValueError("iterations must be at least 1")
    if level == "random":
        return RandomPlayer()
    if level in ("easy", "normal"):
        from engine.ai.rules import RulePlayer

        return RulePlayer(careful=level == "normal")
    from engine.ai.search import SearchPlayer

    return SearchPlayer(game, budget_ms=budget_ms, iterations=iterations)


__all__ = ["LEVELS", "TABLE_LEVELS", "Player", "RandomPlayer", "View", "make_player"]
