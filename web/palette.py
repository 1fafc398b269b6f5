"""Screen colours for the colour names the engine and records use.

The engine stores colours as words (a record must not depend on our CSS);
this maps them to what is drawn, with an ink that stays readable on each.
"""

from __future__ import annotations

from caravan.options import PALETTE

# The engine's palette (Options refuses any other colour); each has a fill below.
PLAYER_CHOICES: tuple[str, ...] = PALETTE

_PLAYER_HEX = {
    "yellow": "#f2c21b",
    "black": "#262626",
    "orange": "#ea7a16",
    "teal": "#138a8a",
    "red": "#c8312c",
    "blue": "#2f5fc4",
    "green": "#2e8b3c",
    "purple": "#7a3fa0",
    "white": "#f6f6f6",
}

GOOD_HEX = {
    "grey": "#9a9a9a",
    "purple": "#8e4fb8",
    "green": "#2f9e44",
    "pink": "#f08cc0",
    "red": "#d23a2f",
    "blue": "#2f6fd0",
    "white": "#fbfbf6",
    "brown": "#8b5a2b",
}

_DARK = {"black", "teal", "red", "blue", "green", "purple", "brown"}


def player_hex(colour: str) -> str:
    """Fill for a player's colour; unknown words (from a record) get neutral grey."""
    return _PLAYER_HEX.get(colour, "#8a8a8a")


def good_hex(colour: str) -> str:
    return GOOD_HEX.get(colour, "#8a8a8a")


def ink(colour: str) -> str:
    """Text and outline colour that reads on a fill of ``colour``."""
    return "#ffffff" if colour in _DARK else "#1d1d1d"
