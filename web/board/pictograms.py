"""Each good's pictogram: a small drawing of the thing, in place of its letter.

A letter is English (W for swords reads nothing to a Polish player, who
says miecze); a tusk, a tunic, a gem, a sheet of paper, a leg of meat, a
sword, slabs of salt and a stretched hide read in every language. Each is
a filled silhouette in a 24 x 24 box, told from the others by its outline
alone (colour-blind players, and a phone's 10 px), defined once as an SVG
``<symbol>`` (in the board's ``<defs>``: web/board/board_svg.py; the
legend keeps its own copy under other ids, web/app/panels.py) and drawn with
``<use>``, in the ink that reads on the good's colour (web/board/palette.py).
The notation keeps its letters (docs/NOTATION.md).
"""

from __future__ import annotations

from caravan import ALL_GOODS, Good

# Paths in a 24 x 24 box; holes (lines on the paper, the gem's facets) by the
# even-odd rule, so that one fill draws each.
PICTOGRAMS: dict[str, str] = {
    # ivory: an elephant's tusk, curved, root wide at the bottom
    "I": "M4 22 C3 13 8 5 20 2 C21.5 1.7 22 3 21 3.8 C14 8 11 14 11 22 Z",
    # cloth: a tunic
    "C": "M8 2.5 L3.5 5 L0.8 10.5 L5 12.5 L6.5 10 L6.5 21.5 L17.5 21.5 L17.5 10 L19 12.5 L23.2 10.5 "
    "L20.5 5 L16 2.5 Q12 6.5 8 2.5 Z",
    # gems: a cut stone, its crown and pavilion parted by a line
    "G": "M6.5 3 H17.5 L23 9.5 L12 22 L1 9.5 Z M3.8 10.8 L12 19.8 L20.2 10.8 Z",
    # paper: a sheet with a folded corner and lines of writing
    "P": "M4 1.5 H15 L20.5 7 V22.5 H4 Z M14 2.8 V8 H19.2 Z M7 11 H17 V12.8 H7 Z M7 14.8 H17 V16.6 H7 Z "
    "M7 18.6 H13.5 V20.4 H7 Z",
    # meat: a leg of meat on its bone
    "M": "M15 1.5 C20.5 1.5 23.5 6.5 21.5 11.5 C19.8 15.8 14.8 17.2 11.6 15.6 L8.6 18.6 "
    "C9.6 20.8 7.2 23.2 5.2 21.6 C3.4 22.8 1 20.5 2.5 18.8 C0.8 16.8 3.2 14.4 5.4 15.4 L8.4 12.4 "
    "C6.8 9.2 7.6 5 10.4 3 C11.8 2 13.4 1.5 15 1.5 Z",
    # swords: a sword, point up to the right, with its cross-guard and pommel
    "W": "M7.8 13.4 L19.2 2 H22 V4.8 L10.6 16.2 Z M3.6 12.2 L5.8 10 L14 18.2 L11.8 20.4 Z "
    "M6.6 15.6 L8.4 17.4 L4.6 21.2 L2.8 19.4 Z M1 21.6 a1.9 1.9 0 1 0 3.8 0 a1.9 1.9 0 1 0 -3.8 0 Z",
    # salt: two slabs of rock salt, as the caravans carried it
    "S": "M2 13.5 L4 11.5 H22 V20.5 L20 22.5 H2 Z M5 4 L7 2 H19.5 V9.5 L17.5 11 H5 Z",
    # hides: a stretched hide, four legs and a tail
    "H": "M6 2 L9 4.8 H15 L18 2 L19.5 6.5 Q17 12 19.5 17.5 L18 22 L15 19.2 H13 L12 22.5 L11 19.2 H9 L6 22 "
    "L4.5 17.5 Q7 12 4.5 6.5 Z",
}


def symbol_id(good: Good, prefix: str = "good") -> str:
    """The id of ``good``'s ``<symbol>``: ``good-I`` (the board's), ``legend-good-I``."""
    return f"{prefix}-{good.letter}"


def good_symbols(prefix: str = "good") -> str:
    """Every good's ``<symbol>``, to put in a ``<defs>`` once per document
    and ``prefix``. Drawn in the fill of the ``<use>`` that shows it."""
    return "".join(
        f'<symbol id="{symbol_id(g, prefix)}" viewBox="0 0 24 24">'
        f'<path d="{PICTOGRAMS[g.letter]}" fill-rule="evenodd"/></symbol>'
        for g in ALL_GOODS
    )


def pictogram(cx: float, cy: float, side: float, good: Good, fill: str, prefix: str = "good") -> str:
    """``good``'s pictogram centred on (``cx``, ``cy``), ``side`` wide, in ``fill``."""
    h = side / 2
    return (
        f'<use href="#{symbol_id(good, prefix)}" x="{cx - h:.1f}" y="{cy - h:.1f}" '
        f'width="{side:.1f}" height="{side:.1f}" class="pictogram" fill="{fill}"/>'
    )
