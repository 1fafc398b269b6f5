"""The engine's error types: callers tell bad syntax, illegal actions and bad records apart."""

from __future__ import annotations


class CaravanError(Exception):
    """Base of every error the engine raises on purpose."""


class NotationError(CaravanError, ValueError):
    """Text that is not an action in the notation at all (see docs/NOTATION.md)."""


class IllegalActionError(CaravanError, ValueError):
    """A well-formed action the rules do not allow now; the message says why."""


class RecordError(CaravanError, ValueError):
    """A game record that is malformed, inconsistent or of an unknown version."""


class OptionsError(CaravanError, ValueError):
    """Game options that cannot make a game (player count, names, colours)."""


class LinkError(CaravanError, ValueError):
    """A share link that is cut, tampered with, of a newer version, or not a Caravan game."""


class PositionError(CaravanError, ValueError):
    """A position (docs/POSITION.md) that is malformed or that no game can hold:
    more goods or camels than exist, a camel with two goods, counts that do not add up."""
