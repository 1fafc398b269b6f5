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

    @property
    def draws(self) -> tuple[int, ...]:
        """The goods drawn from the bag, in order: what ``Game.push_recorded`` takes to replay them."""
        return tuple(good for _, good in self.placed)


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


def draws_of(events: list[Event]) -> tuple[int, ...]:
    """The goods an action drew from the bag (I11), in order; empty if it drew none.

    ``game.push_recorded(action, draws_of(events))`` re-applies the action
    with the same draws after a ``pop``, where a plain ``push`` would draw anew.
    """
    for event in events:
        if isinstance(event, Refilled):
            return event.draws
    return ()
