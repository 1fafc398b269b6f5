"""How the game's state encodes camels and goods, and the lookups over it.

Camels are slots ``seat * camels + k`` (R1); ``loc[slot]`` is a square or
SUPPLY, ``load[slot]`` is NONE, a good on top, or a good + UNDER when stolen
(R10). Each lookup here is the one place its rule is written: which camel of
a seat an action moves, loads or takes (``unladen_slot``, ``carrier_slot``),
which camels a good may travel along (``group_of``, R11), and what is a
square of the board (``off_board``). Generation, legality, apply and the read
API all call these.
"""

from __future__ import annotations

from .board import GOOD_COUNT, NEIGHBOURS, SQUARES

SUPPLY = -1
NONE = -1
UNDER = GOOD_COUNT  # load >= UNDER: the good load - UNDER, under the camel


def off_board(square: object) -> bool:
    """Whether ``square`` is not a square of the board (a caller's action may name anything)."""
    return type(square) is not int or not 0 <= square < SQUARES


def unladen_slot(loc: list[int], load: list[int], square: int, base: int, end: int) -> int:
    """The first of the slots ``base``..``end`` (one seat's camels) holding an
    unladen camel on ``square`` (SUPPLY: one in the supply), or -1 if none.
    The one place that says which camel an action moves, takes or loads."""
    try:
        i = loc.index(square, base, end)
        while load[i] != NONE:  # a laden camel of ours shares the square: the next one
            i = loc.index(square, i + 1, end)
    except ValueError:
        return -1
    return i


def group_of(own: list[int], start: int) -> list[int]:
    """The squares connected to ``start`` through ``own`` (one seat's camels'
    squares) orthogonally, ``start`` first: the camels a good may travel
    along (R11; I4: camels on one square connect, other players' never)."""
    group = [start]
    stack = [start]
    while stack:
        for t in NEIGHBOURS[stack.pop()]:
            if t in own and t not in group:
                group.append(t)
                stack.append(t)
    return group


def carrier_slot(loc: list[int], load: list[int], square: int, code: int, base: int, end: int) -> int:
    """The first of the slots ``base``..``end`` holding a camel on ``square``
    laden with ``code`` (a good, + UNDER for one under the camel), or -1."""
    try:
        i = load.index(code, base, end)
        while loc[i] != square:
            i = load.index(code, i + 1, end)
    except ValueError:
        return -1
    return i


def cargo(load: int) -> tuple[int, bool]:
    """The good a laden camel carries, and whether it is under the camel (R10)."""
    return (load - UNDER, True) if load >= UNDER else (load, False)
