"""The board layout and the goods table: rules as data (see docs/RULES.md, "The board").

Everything the engine knows about where things are lives here, so another
layout can replace this one without touching the rules code. Squares are
ints 0..48: ``rank * 7 + file`` with a1 = 0, g1 = 6, a7 = 42, g7 = 48.
"""

from __future__ import annotations

from typing import NamedTuple

SIZE = 7
SQUARES = SIZE * SIZE
FILES = "abcdefg"
RANKS = "1234567"

SQUARE_NAMES: tuple[str, ...] = tuple(f + r for r in RANKS for f in FILES)
_SQUARE_INDEX = {name: i for i, name in enumerate(SQUARE_NAMES)}


def square_name(square: int) -> str:
    return SQUARE_NAMES[square]


def parse_square(text: str) -> int:
    """Square index for a name like ``"d4"``; raises KeyError if it is not one."""
    return _SQUARE_INDEX[text]


def _neighbours(square: int) -> tuple[int, ...]:
    """Orthogonal neighbours only: R11 forbids diagonal links."""
    f, r = square % SIZE, square // SIZE
    out = []
    for df, dr in ((0, -1), (-1, 0), (1, 0), (0, 1)):
        nf, nr = f + df, r + dr
        if 0 <= nf < SIZE and 0 <= nr < SIZE:
            out.append(nr * SIZE + nf)
    return tuple(out)


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(s) for s in range(SQUARES))


class GoodInfo(NamedTuple):
    """One row of the goods table; ``caravan.goods.Good`` is the named type callers use."""

    name: str
    letter: str  # used by the action notation and records
    colour: str
    rare: bool
    points: int
    city: str
    city_square: int
    full_count: int  # cubes in the full game
    short_count: int  # cubes in the short variant (R2)


def _sq(name: str) -> int:
    return _SQUARE_INDEX[name]


# R15 points, R2 short-variant counts, the cities of the board diagram.
GOODS: tuple[GoodInfo, ...] = (
    GoodInfo("ivory", "I", "grey", True, 6, "Marrakech", _sq("d7"), 3, 2),
    GoodInfo("cloth", "C", "purple", True, 6, "Fez", _sq("a4"), 3, 2),
    GoodInfo("gems", "G", "green", True, 6, "Niani", _sq("d1"), 3, 2),
    GoodInfo("paper", "P", "pink", True, 6, "Cairo", _sq("g4"), 3, 2),
    GoodInfo("meat", "M", "red", False, 3, "Walata", _sq("c4"), 9, 6),
    GoodInfo("swords", "W", "blue", False, 3, "Gao", _sq("d3"), 9, 6),
    GoodInfo("salt", "S", "white", False, 3, "Timbuktu", _sq("d5"), 9, 6),
    GoodInfo("hides", "H", "brown", False, 3, "Djenné", _sq("e4"), 9, 6),
)
GOOD_COUNT = len(GOODS)
GOOD_LETTERS = "".join(g.letter for g in GOODS)
GOOD_BY_LETTER = {g.letter: i for i, g in enumerate(GOODS)}

# The good delivered on each square, or -1: R12.
CITY_WANTS: tuple[int, ...] = tuple(
    next((i for i, g in enumerate(GOODS) if g.city_square == s), -1) for s in range(SQUARES)
)
CITY_NAMES: dict[int, str] = {g.city_square: g.city for g in GOODS}

# Numbered spaces 1..8 in numeric order (R3, R13).
NUMBERED: tuple[int, ...] = tuple(_sq(n) for n in ("a7", "g7", "c6", "f5", "b3", "e2", "a1", "g1"))
NUMBER_OF: dict[int, int] = {s: i + 1 for i, s in enumerate(NUMBERED)}
# R3: a demand marker on each of spaces 1, 2, 7 and 8 at set-up.
SETUP_DEMAND: tuple[int, ...] = (NUMBERED[0], NUMBERED[1], NUMBERED[6], NUMBERED[7])

DEMAND_MARKERS = 44  # I9
CAMELS = 5  # R1
CASUAL_CAMELS = 6  # R1, casual variant
FULL_ACTIONS = 4  # R5

PLAYER_COLOURS: tuple[str, ...] = ("yellow", "black", "orange", "teal")
