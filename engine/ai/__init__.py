"""Computer players for Smear and Salad.

Every player sees only its own seat's view (RULES.md G2) and a random generator, and returns a
legal action::

    player = make_player("smear", "hard")
    action = player.choose(state.view(seat), rng)

Levels, weakest first: ``random`` (a uniformly random legal action), ``easy`` (a beginner's
rules of thumb), ``normal-v1`` (the first rule-based player, frozen as a reference for the
arena), ``normal`` (rules, with Smear bids from a measured model of what a hand makes),
``hard`` (determinized Monte Carlo search with ``normal-v1`` rollouts), ``expert-v1`` (search
with weighted deals, ``normal`` rollouts and exact endgames; ``engine.ai.expert``) and
``expert``: the weighted search at the Expert's budget, in Smear with Hard's search for its
bids (``levels.EXPERT_OPTIONS``, ``search_of``).

Every level takes ``budget_ms`` as a hard bound on its time per decision (the rule levels
answer in well under a millisecond); with ``iterations`` and no ``budget_ms`` a search level is
deterministic given the view and the generator. Players and views pickle, so ``choose`` may
run in a worker process.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Protocol

from engine.levels import EXPERT_OPTIONS, LEVELS, TABLE_LEVELS
from engine.salad import SaladView
from engine.smear import SmearView

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


def search_of(level: str) -> str:
    """The player a level runs: ``expert`` runs the weighted search, ``expert-v1`` (with
    ``EXPERT_OPTIONS``), every other level itself."""
    return "expert-v1" if level == "expert" else level


def make_player(
    game: str,
    level: str,
    *,
    budget_ms: float | None = None,
    iterations: int | None = None,
    options: Mapping[str, object] | None = None,
) -> Player:
    """A player for ``game`` ("smear" or "salad") at ``level`` (one of LEVELS).

    ``budget_ms`` and ``iterations`` bound the search levels (``hard``, ``expert``) per
    decision, the first one reached stops it; the rule levels need neither. ``options`` are
    keywords of ``HardPlayer`` or ``ExpertPlayer`` (the arena's ablations), over the level's
    own (Smear's ``expert``: ``hard_bids``). Raises ValueError for an unknown game or level,
    or options for a rule level.
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
    keywords = dict(options or {})
    if level == "expert":
        keywords = {**EXPERT_OPTIONS[game], **keywords}
    level = search_of(level)
    if keywords and level not in ("hard", "expert-v1"):
        raise ValueError("options are for the searching levels (hard, expert-v1, expert)")
    if level == "random":
        return RandomPlayer()
    if level in ("easy", "normal-v1"):
        from engine.ai.rules import RulePlayer

        return RulePlayer(careful=level == "normal-v1")
    if level == "normal":
        from engine.ai.normal import NormalPlayer

        return NormalPlayer()
    if level == "hard":
        from engine.ai.hard import HardPlayer

        return HardPlayer(game, budget_ms, iterations, **keywords)  # type: ignore[arg-type]
    from engine.ai.expert import ExpertPlayer

    return ExpertPlayer(game, budget_ms, iterations, **keywords)  # type: ignore[arg-type]


__all__ = ["LEVELS", "TABLE_LEVELS", "Player", "RandomPlayer", "View", "make_player", "search_of"]
