"""Goods as a named type, and what each variant puts in the game (R2, R12, R15).

``Good`` is an ``IntEnum``: a good is still the int that actions, events and
``caravan.board.GOODS`` use (``Good.IVORY == 0``), so callers can pass one
wherever the engine takes a good, and read its letter, kind and city by name
instead of indexing the table.
"""

from __future__ import annotations

from enum import IntEnum

from .board import CAMELS, CASUAL_CAMELS, CITY_WANTS, GOOD_BY_LETTER, GOODS, GoodInfo


class Good(IntEnum):
    """One of the eight goods, in the order of the goods table (RULES.md, "Components")."""

    IVORY = 0
    CLOTH = 1
    GEMS = 2
    PAPER = 3
    MEAT = 4
    SWORDS = 5
    SALT = 6
    HIDES = 7

    @property
    def info(self) -> GoodInfo:
        return GOODS[self]

    @property
    def label(self) -> str:
        """The good's name in lower case, as the rules write it ("ivory")."""
        return GOODS[self].name

    @property
    def letter(self) -> str:
        """Its letter in the action and position notations ("I")."""
        return GOODS[self].letter

    @property
    def rare(self) -> bool:
        return GOODS[self].rare

    @property
    def points(self) -> int:
        """Points per good delivered (R15)."""
        return GOODS[self].points

    @property
    def city(self) -> str:
        return GOODS[self].city

    @property
    def city_square(self) -> int:
        """The square of the city that wants it (R12)."""
        return GOODS[self].city_square

    @property
    def colour(self) -> str:
        return GOODS[self].colour

    def in_game(self, *, short: bool) -> int:
        """How many of this good the game has (R2's short variant has fewer)."""
        info = GOODS[self]
        return info.short_count if short else info.full_count

    @classmethod
    def from_letter(cls, letter: str) -> Good:
        """The good written ``letter``; ValueError if no good is."""
        index = GOOD_BY_LETTER.get(letter)
        if index is None:
            raise ValueError(f"no good is written {letter[:8]!r}")
        return ALL_GOODS[index]


ALL_GOODS: tuple[Good, ...] = tuple(Good)
assert [g.name.lower() for g in ALL_GOODS] == [g.name for g in GOODS], "Good and GOODS disagree"


def city_wants(square: int) -> Good | None:
    """The good delivered on ``square`` (R12), or None for a square that is no city."""
    want = CITY_WANTS[square]
    return None if want < 0 else ALL_GOODS[want]


def goods_in_game(*, short: bool) -> dict[Good, int]:
    """Every good of a game per kind: what the bag holds before set-up (R2, R3)."""
    return {g: g.in_game(short=short) for g in ALL_GOODS}


def camels_per_player(*, casual: bool) -> int:
    """R1: 5 camels each, 6 in the casual variant."""
    return CASUAL_CAMELS if casual else CAMELS
