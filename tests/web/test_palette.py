"""Colours a player can read: contrast of every ink, cities under protanopia."""

from __future__ import annotations

from itertools import pairwise

from caravan import ALL_GOODS
from caravan.options import PALETTE
from web.board.palette import GOOD_HEX, contrast, good_hex, good_ink, ink, luminance, player_hex

# Machado, Oliveira and Fernandes (2009), protanopia at full severity, on linear RGB.
_PROTAN = ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998))


def _protan_luminance(hex_colour: str) -> float:
    def lin(c: int) -> float:
        x = c / 255
        return x / 12.92 if x <= 0.04045 else ((x + 0.055) / 1.055) ** 2.4

    rgb = [lin(int(hex_colour[i : i + 2], 16)) for i in (1, 3, 5)]
    r, g, b = (max(0.0, min(1.0, sum(m * c for m, c in zip(row, rgb, strict=True)))) for row in _PROTAN)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def test_every_player_colour_has_an_ink_at_4_5_to_1() -> None:
    for colour in PALETTE:
        assert contrast(player_hex(colour), ink(colour)) >= 4.5, colour


def test_every_good_letter_reads_at_4_5_to_1_on_its_good() -> None:
    for good in ALL_GOODS:
        assert contrast(good_hex(good.colour), good_ink(good.colour)) >= 4.5, good.label


def test_walata_djenne_and_niani_differ_in_lightness_under_protanopia() -> None:
    """Their goods are red, brown and green: alike for a protanope unless
    their lightness differs (seen: all three tan before)."""
    tones = sorted(_protan_luminance(GOOD_HEX[c]) for c in ("red", "brown", "green"))
    assert all(b - a >= 0.1 for a, b in pairwise(tones)), tones


def test_luminance_and_contrast_follow_wcag() -> None:
    assert luminance("#ffffff") == 1.0 and luminance("#000000") == 0.0
    assert round(contrast("#ffffff", "#000000"), 1) == 21.0
