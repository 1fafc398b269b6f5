"""The engine's error types: callers tell bad syntax, illegal actions and bad records apart.

The errors about a game and its outside input (notation, actions, records,
links, options, positions) carry a ``Refusal`` (caravan/refusals.py): a code with
parameters, whose text is the error's English message, so a front end can
say it in its own language (``error.refusal.code``, ``.params``).
"""

from __future__ import annotations

from .refusals import Refusal


class CaravanError(Exception):
    """Base of every error the engine raises on purpose. ``refusal`` is the
    code and parameters of what went wrong, or None for an error meant for
    developers only (a bot's specification, the arena)."""

    refusal: Refusal | None

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.refusal = message if isinstance(message, Refusal) else None


class Refused(CaravanError):
    """An error a player may see. The engine always raises it with a
    ``Refusal``; a front end may raise one with a message it has already put
    in its player's words (then ``refusal`` is None)."""

    @property
    def code(self) -> str | None:
        """The refusal's code, or None for a front end's own message."""
        return None if self.refusal is None else self.refusal.code


class NotationError(Refused, ValueError):
    """Text that is not an action in the notation at all (see docs/NOTATION.md)."""


class IllegalActionError(Refused, ValueError):
    """A well-formed action the rules do not allow now; the refusal says why."""


class RecordError(Refused, ValueError):
    """A game record that is malformed, inconsistent or of an unknown version."""


class OptionsError(Refused, ValueError):
    """Game options that cannot make a game (player count, names, colours)."""


class LinkError(Refused, ValueError):
    """A share link that is cut, tampered with, of a newer version, or not a Caravan game."""


class PositionError(Refused, ValueError):
    """A position (docs/POSITION.md) that is malformed or that no game can hold:
    more goods or camels than exist, a camel with two goods, counts that do not add up."""
