"""The visible position as plain values: what a player at the table sees.

``Game.state()`` returns a ``State``, an immutable, hashable snapshot that
compares equal for equal positions; ``Game.from_state`` sets a game up from
one, and ``caravan.position`` writes and reads it as one line of text
(docs/POSITION.md). Nothing here reveals the bag's order (I11): the bag is
counts per good.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .board import DEMAND_MARKERS
from .goods import ALL_GOODS, Good, camels_per_player


@dataclass(frozen=True, slots=True)
class Camel:
    """A camel on the board: its owner (0-based seat), its square and its load.

    ``good`` is None for an unladen camel; ``under`` says a carried good is
    under the camel (stolen, R10) rather than on top of it.
    """

    seat: int
    square: int
    good: Good | None = None
    under: bool = False

    @property
    def laden(self) -> bool:
        return self.good is not None


def camel_order(camel: Camel) -> tuple[int, int, int, int]:
    """The order camels are listed in: by square, seat, unladen first, good, on top before under."""
    good = -1 if camel.good is None else int(camel.good)
    return (camel.square, camel.seat, good, camel.under)


class Reason(StrEnum):
    """How a game ended: a code, not a sentence (a front end words it). A
    ``str`` equal to the text the engine always used ("delivery", ...), so
    records, positions and callers comparing strings see no change."""

    DELIVERY = "delivery"  # the end was triggered and a good was delivered (R14, I7)
    TURN_LIMIT = "turn limit"  # the turn limit of a simulation was reached (I10)
    AGREED = "agreed"  # the players agreed to stop (I10)


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: ``reason`` a ``Reason``; ``winners`` the winning
    seats (R17, several on a shared win)."""

    reason: Reason
    winners: tuple[int, ...]


REASONS = tuple(r.value for r in Reason)


@dataclass(frozen=True, slots=True)
class State:
    """The whole position as a player sees it; per-seat tuples are indexed by 0-based seat.

    ``camels`` lists the camels on the board in ``camel_order``; the others are
    in their owners' supplies. ``loose`` and ``demand`` are per square (0..48),
    ``delivered`` per seat and per good, ``bag`` per good (counts, never order:
    I11). ``seat`` is the player to move, ``left`` the actions left this turn,
    ``turn`` the game's turn number (R5). ``over`` is an Outcome's ``Reason``, or None.
    """

    seats: int
    casual: bool
    short: bool
    camels: tuple[Camel, ...]
    loose: tuple[Good | None, ...]
    demand: tuple[int, ...]
    markers: tuple[int, ...]
    theft: tuple[int, ...]
    delivered: tuple[tuple[int, ...], ...]
    bag: tuple[int, ...]
    seat: int
    left: int
    turn: int
    triggered: bool
    over: Reason | None = None

    @property
    def camels_per_player(self) -> int:
        return camels_per_player(casual=self.casual)

    def camels_at(self, square: int) -> tuple[Camel, ...]:
        return tuple(c for c in self.camels if c.square == square)

    def supply(self, seat: int) -> int:
        """Camels of ``seat`` not on the board."""
        return self.camels_per_player - sum(1 for c in self.camels if c.seat == seat)

    @property
    def demand_supply(self) -> int:
        """Demand markers neither on the board nor held (I9: 44 in all)."""
        return DEMAND_MARKERS - sum(self.demand) - sum(self.markers)

    def bag_contents(self) -> dict[Good, int]:
        return dict(zip(ALL_GOODS, self.bag, strict=True))

    @property
    def bag_count(self) -> int:
        return sum(self.bag)

    def loose_goods(self) -> dict[int, Good]:
        return {sq: g for sq, g in enumerate(self.loose) if g is not None}
