"""The computer levels, by name: data the game registry and the players both read.

The registry (``engine.games``) offers ``TABLE_LEVELS`` to tables without importing the players;
the players (``engine.ai``) accept every name of ``LEVELS``. Weakest first.
"""

from __future__ import annotations

LEVELS = ("random", "easy", "normal-v1", "normal", "hard", "expert-v1", "expert")
# ``expert`` is the weighted search (``expert-v1``, ``engine.ai.expert``) at the Expert's budget,
# with each game's options over its defaults. In Smear its own bids were where it lost to Hard
# (issue 33), so its bids are Hard's search (``hard_bids``); the figures are in ``docs/ai.md``.
EXPERT_OPTIONS: dict[str, dict[str, object]] = {"smear": {"hard_bids": True}, "salad": {}}
# The levels a table may seat; ``normal-v1`` and ``expert-v1`` are for the arena only.
TABLE_LEVELS = ("random", "easy", "normal", "hard", "expert")
# The searching levels' time a decision at a table, in ms (the rule levels need none): what the
# bot gives them and what ``python -m engine figures`` measures them at.
SEARCH_BUDGET_MS = {"hard": 150.0, "expert": 250.0}

__all__ = ["EXPERT_OPTIONS", "LEVELS", "SEARCH_BUDGET_MS", "TABLE_LEVELS"]
