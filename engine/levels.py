"""The computer levels, by name: data the game registry and the players both read.

The registry (``engine.games``) offers ``TABLE_LEVELS`` to tables without importing the players;
the players (``engine.ai``) accept every name of ``LEVELS``. Weakest first.
"""

from __future__ import annotations

LEVELS = ("random", "easy", "normal-v1", "normal", "hard", "expert")
# The levels a table may seat; ``normal-v1`` is a fixed reference for the arena only.
TABLE_LEVELS = ("random", "easy", "normal", "hard", "expert")
# The searching levels' time a decision at a table, in ms (the rule levels need none): what the
# bot gives them and what ``python -m engine figures`` measures them at.
SEARCH_BUDGET_MS = {"hard": 150.0, "expert": 250.0}

__all__ = ["LEVELS", "SEARCH_BUDGET_MS", "TABLE_LEVELS"]
