"""The computer levels, by name: data the game registry and the players both read.

The registry (``engine.games``) offers ``TABLE_LEVELS`` to tables without importing the players;
the players (``engine.ai``) accept every name of ``LEVELS``. Weakest first.
"""

from __future__ import annotations

LEVELS = ("random", "easy", "normal-v1", "normal", "hard", "expert-v1", "expert")
# The search each game's ``expert`` runs, and its options. Smear's weighted search
# (``expert-v1``, ``engine.ai.expert``) lost to Hard at the shipped budgets (issue 33: 25.0%
# against two Hard players over 120 games, Wilson 18.1-33.4%, where the null is 33.3%); the
# diagnosis placed the loss in its bids. With Hard's bid search for its bids and its own card
# play (``hard_bids``) it won 37.5% of 597 games against two Hard players at a tenth of the
# budgets (SPRT: a gain), where Hard's search at the Expert's budget won 35.8% of 324
# (undecided): that is Smear's Expert (``docs/ai.md``). Salad's Expert is the weighted search,
# ahead of Normal there.
EXPERT_SEARCH = {"smear": "expert-v1", "salad": "expert-v1"}
EXPERT_HARD_BIDS = {"smear": True, "salad": False}
# The levels a table may seat; ``normal-v1`` and ``expert-v1`` are for the arena only.
TABLE_LEVELS = ("random", "easy", "normal", "hard", "expert")
# The searching levels' time a decision at a table, in ms (the rule levels need none): what the
# bot gives them and what ``python -m engine figures`` measures them at.
SEARCH_BUDGET_MS = {"hard": 150.0, "expert": 250.0}

__all__ = ["EXPERT_HARD_BIDS", "EXPERT_SEARCH", "LEVELS", "SEARCH_BUDGET_MS", "TABLE_LEVELS"]
