"""The computer levels, by name: data the game registry and the players both read.

The registry (``engine.games``) offers ``TABLE_LEVELS`` to tables without importing the players;
the players (``engine.ai``) accept every name of ``LEVELS``. Weakest first.
"""

from __future__ import annotations

LEVELS = ("random", "easy", "normal-v1", "normal", "hard", "expert-v1", "expert")
# The search each game's ``expert`` runs. Smear's weighted search (``expert-v1``,
# ``engine.ai.expert``) lost to Hard at the shipped budgets (issue 33: 25.0% against two Hard
# players over 120 games, Wilson 18.1-33.4%, where the null is 33.3%), so Smear's Expert is
# Hard's search at the Expert's budget, which is at least Hard: the ladder is monotonic. Salad's
# Expert is the weighted search, ahead of Normal there.
EXPERT_SEARCH = {"smear": "hard", "salad": "expert-v1"}
# The levels a table may seat; ``normal-v1`` and ``expert-v1`` are for the arena only.
TABLE_LEVELS = ("random", "easy", "normal", "hard", "expert")
# The searching levels' time a decision at a table, in ms (the rule levels need none): what the
# bot gives them and what ``python -m engine figures`` measures them at.
SEARCH_BUDGET_MS = {"hard": 150.0, "expert": 250.0}

__all__ = ["EXPERT_SEARCH", "LEVELS", "SEARCH_BUDGET_MS", "TABLE_LEVELS"]
