"""What an action changed, in the order it happened.

A view animates these and a log prints them; each carries every square,
seat and good it touches, so neither has to diff states. Seats are 0-based.

Plain slotted dataclasses, not frozen ones: a frozen dataclass costs three
times as much to build, and every push builds at least one event. Treat them
as read-only.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(slots=True)
class CamelPlaced:
    seat: int
    to: int
    cost: int


@dataclass(slots=True)
class CamelMoved:
    seat: int
    frm: int
    to: int
    cost: int


@dataclass(slots=True)
class GoodPickedUp:
    seat: int
    at: int
    good: int
    demand_markers: int  # taken from the space with the good (R8)


@dataclass(slots=True)
class GoodStolen:
    seat: int
    victim: int  # receives one of ``seat``'s theft markers (R10)
    at: int
    good: int


@dataclass(slots=True)
class GoodMoved:
    seat: int
    frm: int
    to: int
    good: int
    from_under: bool


@dataclass(slots=True)
class GoodDelivered:
    seat: int
    at: int  # the city
    good: int
    points: int


@dataclass(slots=True)
class Refilled:
    """R13: demand markers placed on ``marked`` squares, then ``placed`` drawn."""

    marked: tuple[int, ...]
    placed: tuple[tuple[int, int], ...]  # (square, good) in numeric order
    bag_left: int


@dataclass(slots=True)
class EndTriggered:
    """R14: the bag is empty; the next delivery ends the game."""


@dataclass(slots=True)
class TurnEnded:
    seat: int
    actions_unused: int
    next_seat: int
    next_actions: int


@dataclass(slots=True)
class GameOver:
    reason: str  # "delivery" (R14, I7) or "turn limit" (I10) or "agreed" (I10)
    winners: tuple[int, ...]


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
