"""The engine's one family of exceptions.

Invalid *input* (a malformed tile string, fifteen tiles in a closed hand, an event that breaks the rules)
raises one of these; an ordinary outcome such as "not a winning hand" or "no yaku" is a result value.
"""

from __future__ import annotations


class EngineError(Exception):
    """Base of every error the engine raises on bad input."""


class NotationError(EngineError):
    """A tile string that does not follow the `123m406p789s1122z` notation."""


class TileCountError(EngineError):
    """More copies of a tile than a set holds, or a hand of the wrong size for its melds."""


class RuleError(EngineError):
    """An unknown rule preset or override, or an override of the wrong type."""


class IllegalEventError(EngineError):
    """A game event that the rules do not allow in the current state; `event` is the offending event."""

    def __init__(self, message: str, event: object | None = None) -> None:
        super().__init__(message)
        self.event = event
