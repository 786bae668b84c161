"""What people (and the driver, for computers and timeouts) do at a table: the lobby's
changes (``bot.tables.seating``) and the game's (``bot.tables.moves``), each checked inside
``Registry.locked`` and saved with its public effects (``bot.tables.changes``) before anyone is
told. A command returns what the person who asked should see (a ``Shown``), or raises a
``Refusal``.
"""

from __future__ import annotations

from bot.tables.changes import HandRefusal, NewTable, TableHere
from bot.tables.moves import Moves, illegal_text
from bot.tables.seating import Seating


class Commands(Seating, Moves):
    """Every command of a table."""


__all__ = ["Commands", "HandRefusal", "NewTable", "TableHere", "illegal_text"]
