"""What an action changed, in the order it happened.

A view animates these and a log prints them; each carries every square,
seat and good it touches, so neither has to diff states. Seats are 0-based.

Plain slotted classes with dataclass-like ``==`` and repr, not frozen ones:
a frozen object costs three times as much to build, and every push builds at
least one event. Treat them as read-only.
"""

from __future__ import annotations

from .state import Reason


class _Fields:
    """What ``@dataclass(slots=True)`` gave these classes (keyword or positional
    construction, ``__match_args__``, field-wise ``==``, a repr that names the
    fields, unhashable), written out once: generating it per class cost the
    page's boot about 2 ms per event class in Pyodide."""

    __slots__ = ()
    __match_args__: tuple[str, ...] = ()
    __hash__ = None  # type: ignore[assignment]  # mutable and compared by value, as a dataclass

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return all(getattr(self, f) == getattr(other, f) for f in self.__match_args__)

    def __repr__(self) -> str:
        fields = ", ".join(f"{f}={getattr(self, f)!r}" for f in self.__match_args__)
        return f"{type(self).__qualname__}({fields})"


class CamelPlaced(_Fields):
    __slots__ = __match_args__ = ("seat", "to", "cost")

    def __init__(self, seat: int, to: int, cost: int) -> None:
        self.seat, self.to, self.cost = seat, to, cost


class CamelMoved(_Fields):
    __slots__ = __match_args__ = ("seat", "frm", "to", "cost")

    def __init__(self, seat: int, frm: int, to: int, cost: int) -> None:
        self.seat, self.frm, self.to, self.cost = seat, frm, to, cost


class GoodPickedUp(_Fields):
    __slots__ = __match_args__ = ("seat", "at", "good", "demand_markers")

    def __init__(self, seat: int, at: int, good: int, demand_markers: int) -> None:
        self.seat, self.at, self.good = seat, at, good
        self.demand_markers = demand_markers  # taken from the space with the good (R8)


class GoodStolen(_Fields):
    __slots__ = __match_args__ = ("seat", "victim", "at", "good")

    def __init__(self, seat: int, victim: int, at: int, good: int) -> None:
        self.seat = seat
        self.victim = victim  # receives one of ``seat``'s theft markers (R10)
        self.at, self.good = at, good


class GoodMoved(_Fields):
    __slots__ = __match_args__ = ("seat", "frm", "to", "good", "from_under")

    def __init__(self, seat: int, frm: int, to: int, good: int, from_under: bool) -> None:
        self.seat, self.frm, self.to, self.good, self.from_under = seat, frm, to, good, from_under


class GoodDelivered(_Fields):
    __slots__ = __match_args__ = ("seat", "at", "good", "points")

    def __init__(self, seat: int, at: int, good: int, points: int) -> None:
        self.seat, self.at, self.good, self.points = seat, at, good, points  # ``at``: the city


class Refilled(_Fields):
    """R13: demand markers placed on ``marked`` squares, then ``placed`` drawn."""

    __slots__ = __match_args__ = ("marked", "placed", "bag_left")

    def __init__(self, marked: tuple[int, ...], placed: tuple[tuple[int, int], ...], bag_left: int) -> None:
        self.marked = marked
        self.placed = placed  # (square, good) in numeric order
        self.bag_left = bag_left

    @property
    def draws(self) -> tuple[int, ...]:
        """The goods drawn from the bag, in order: what ``Game.push_recorded`` takes to replay them."""
        return tuple(good for _, good in self.placed)


class EndTriggered(_Fields):
    """R14: the bag is empty; the next delivery ends the game."""

    __slots__ = ()


class TurnEnded(_Fields):
    __slots__ = __match_args__ = ("seat", "actions_unused", "next_seat", "next_actions")

    def __init__(self, seat: int, actions_unused: int, next_seat: int, next_actions: int) -> None:
        self.seat, self.actions_unused = seat, actions_unused
        self.next_seat, self.next_actions = next_seat, next_actions


class GameOver(_Fields):
    __slots__ = __match_args__ = ("reason", "winners")

    def __init__(self, reason: Reason, winners: tuple[int, ...]) -> None:
        self.reason = reason  # Reason.DELIVERY (R14, I7), TURN_LIMIT or AGREED (I10)
        self.winners = winners


Event = (
    CamelPlaced
    | CamelMoved
    | GoodPickedUp
    | GoodStolen
    | GoodMoved
    | GoodDelivered
    | Refilled
    | EndTriggered
    | TurnEnded
    | GameOver
)


def draws_of(events: list[Event]) -> tuple[int, ...]:
    """The goods an action drew from the bag (I11), in order; empty if it drew none.

    ``game.push_recorded(action, draws_of(events))`` re-applies the action
    with the same draws after a ``pop``, where a plain ``push`` would draw anew.
    """
    for event in events:
        if isinstance(event, Refilled):
            return event.draws
    return ()
