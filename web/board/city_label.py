"""A city's name on its band: whole where it fits, else a short form a player reads.

A phone's board is about 50 CSS px a square, and its texts are at least
10.5 px (web/board/board_pieces.py ``MIN_TEXT_PX``): "Marrakech" does not fit
the band there. The name is then drawn a little narrower (``textLength``,
down to ``SQUEEZE``), and where even that is too long, in the board's
short form of the name (translated per language: "Marrak.", "Tombouc."),
never three letters that name nothing ("Mar", "Tim": those are the
terminal's, caravan/text.py). The whole name is always the square's
tooltip and the enlarged view's.
"""

from __future__ import annotations

from caravan.board import CITY_NAMES
from caravan.words import C_
from web.words.i18n import pgettext, words

SQUEEZE = 0.8  # the narrowest a name is drawn, as a share of its own width

# Translators: a city's name on the board's city band on a phone, where about seven
# letters fit: the whole name if it is that short, else a short form a player
# still reads as the city ("Marrak.", "Timbuk."; drop an article: "Cairo" for
# "El Cairo"). Never three letters.
BOARD_SHORT: dict[str, tuple[str, str]] = {
    "Marrakech": C_("city, short on the board", "Marrak."),
    "Fez": C_("city, short on the board", "Fez"),
    "Niani": C_("city, short on the board", "Niani"),
    "Cairo": C_("city, short on the board", "Cairo"),
    "Walata": C_("city, short on the board", "Walata"),
    "Gao": C_("city, short on the board", "Gao"),
    "Timbuktu": C_("city, short on the board", "Timbuk."),
    "Djenné": C_("city, short on the board", "Djenné"),
}

_NARROW = frozenset("fijlrtI.,'’ ")
_WIDE = frozenset("mwMWŻ")


def text_width(text: str, size: float) -> float:
    """About how wide ``text`` is in a bold sans-serif of ``size``: a
    generous guess (fonts differ per phone), so a name is never cut."""
    return size * sum(_share(c) for c in text)


def _share(c: str) -> float:
    """A character's width as a share of the font's size."""
    return 0.36 if c in _NARROW else 0.95 if c in _WIDE else 0.74 if c.isupper() else 0.64


def city_label(square: int, size: float, room: float) -> tuple[str, float | None]:
    """The name to draw on ``square``'s band at ``size`` in ``room`` board
    units, and the length to squeeze it to (None: drawn as it is)."""
    city = str(words().city(square))
    for label in (city, pgettext(*BOARD_SHORT[CITY_NAMES[square]])):
        wide = text_width(label, size)
        if wide <= room:
            return label, None
        if wide * SQUEEZE <= room:
            return label, room
    return label, room
