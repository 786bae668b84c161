"""Typed errors of the engine. Every refusal names the rule of RULES.md it enforces."""

from __future__ import annotations


class EngineError(Exception):
    """Base of every error the engine raises on purpose."""


class IllegalAction(EngineError):
    """An action that is not legal now. The state is unchanged (RULES.md G3).

    ``reason`` is a sentence for a person ("must follow suit D or play trump S") and ``rule``
    the number in RULES.md that decides it ("S4").
    """

    def __init__(self, reason: str, rule: str) -> None:
        super().__init__(f"{reason} ({rule})")
        self.reason = reason
        self.rule = rule


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
