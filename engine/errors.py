"""Typed errors of the engine. Every refusal names the rule of RULES.md it enforces.

The engine speaks no language to people: an ``IllegalAction`` carries a ``code`` and its
``details`` (suits and cards as ints), which the bot turns into a sentence in the reader's
language. ``reason`` is the English one-liner that records and the command line print.
"""

from __future__ import annotations


class EngineError(Exception):
    """Base of every error the engine raises on purpose."""


class IllegalAction(EngineError):
    """An action that is not legal now. The state is unchanged (RULES.md G3).

    ``reason`` is an English sentence for the command line ("must follow suit D or play trump
    S"), ``rule`` the number in RULES.md that decides it ("S4"), ``code`` a stable name of the
    reason ("follow-or-trump") and ``details`` its values (``{"led": 1, "trump": 3}``).
    """

    def __init__(
        self, reason: str, rule: str, code: str = "illegal", details: dict[str, int] | None = None
    ) -> None:
        super().__init__(f"{reason} ({rule})")
        self.reason = reason
        self.rule = rule
        self.code = code
        self.details = dict(details or {})


class NotYourTurn(IllegalAction):
    pass


class GameOver(IllegalAction):
    pass


class InvalidOptions(EngineError):
    """Options that RULES.md does not name, or values it does not allow."""


class RecordError(EngineError):
    """A game record that breaks the format of RECORD.md or a rule of RULES.md.

    The message is one line naming the place ("hand 3, play 7 (seat 1, 9H)") and the reason.
    """
