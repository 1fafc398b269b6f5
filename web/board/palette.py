"""Screen colours for the colour names the engine and records use.

The engine stores colours as words (a record must not depend on our CSS);
this maps them to what is drawn, with an ink that stays readable on each
(chosen by WCAG contrast, so every label on a fill reaches 4.5:1), and a
pattern per seat so players are told apart without colour.
"""

from __future__ import annotations

from functools import cache

from caravan.options import PALETTE

# The engine's palette (Options refuses any other colour); each has a fill below.
PLAYER_CHOICES: tuple[str, ...] = PALETTE

_PLAYER_HEX = {
    "yellow": "#f2c21b",
    "black": "#262626",
    "orange": "#ea7a16",
    "teal": "#0e7c7c",
    "red": "#c8312c",
    "blue": "#2f5fc4",
    "green": "#267a33",
    "purple": "#7a3fa0",
    "white": "#f6f6f6",
}

# Meat (red), hides (brown) and gems (green) differ in lightness as well as
# hue, so Walata, Djenne and Niani stay apart under protanopia (simulated
# luminance 0.16, 0.03 and 0.39 at full colour).
GOOD_HEX = {
    "grey": "#9a9a9a",
    "purple": "#8e4fb8",
    "green": "#35b58f",
    "pink": "#f08cc0",
    "red": "#e0553a",
    "blue": "#2f6fd0",
    "white": "#fbfbf6",
    "brown": "#4a2c14",
}

# A second cue beside colour, per seat (R1 seats 0-3): the pattern drawn on
# that player's camels and the shape of their mark (docs/UI-CONTRACT.md).
SEAT_PATTERNS: tuple[str, ...] = ("plain", "stripes", "dots", "checks")

DARK_INK = "#111111"
LIGHT_INK = "#ffffff"


def player_hex(colour: str) -> str:
    """Fill for a player's colour; unknown words (from a record) get neutral grey."""
    return _PLAYER_HEX.get(colour, "#8a8a8a")


def good_hex(colour: str) -> str:
    return GOOD_HEX.get(colour, "#8a8a8a")


def _channel(c: int) -> float:
    x = c / 255
    return x / 12.92 if x <= 0.04045 else ((x + 0.055) / 1.055) ** 2.4


def luminance(hex_colour: str) -> float:
    """WCAG relative luminance of ``#rrggbb``."""
    r, g, b = (int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * _channel(r) + 0.7152 * _channel(g) + 0.0722 * _channel(b)


def contrast(a: str, b: str) -> float:
    """WCAG contrast ratio of two ``#rrggbb`` colours (1 to 21)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@cache  # fills are few and every square, camel and cube asks: the first render's hot spot
def ink_on(fill: str) -> str:
    """The darker or lighter ink, whichever contrasts more with ``fill``."""
    return LIGHT_INK if contrast(fill, LIGHT_INK) > contrast(fill, DARK_INK) else DARK_INK


def ink(colour: str) -> str:
    """Text and outline colour that reads on a player's fill of ``colour``."""
    return ink_on(player_hex(colour))


def good_ink(colour: str) -> str:
    """Text colour that reads on a good's fill of ``colour``."""
    return ink_on(good_hex(colour))
