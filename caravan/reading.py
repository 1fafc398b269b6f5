"""The read API of a game (docs/API.md): what a player sees, in named types.

``Reading`` is the part of ``Game`` (caravan/game.py) that only reads: camels,
goods, markers, the bag's counts, the score (R15-R17), the whole position as a
``State`` or in notation. caravan/state.py holds the types and
caravan/position.py the notation (docs/POSITION.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import mul

from .board import GOOD_COUNT, GOODS
from .goods import ALL_GOODS, Good
from .options import Options
from .position import format_position
from .slots import NONE, SUPPLY, cargo, group_of
from .state import Camel, Outcome, Reason, State


def penalty(goods_held: int) -> int:
    """R16 (and I8 beyond 4 goods): n goods held cost n(n-1)/2 points."""
    return goods_held * (goods_held - 1) // 2


# R15: each good's points, split by kind, in the order of ``delivered``'s rows.
_RARE_POINTS = tuple(g.points if g.rare else 0 for g in GOODS)
_COMMON_POINTS = tuple(0 if g.rare else g.points for g in GOODS)


@dataclass(frozen=True, slots=True)
class ScoreLine:
    """R15/R16 for one seat, at any moment (penalty for the goods held now)."""

    seat: int
    rare: int  # points from rare goods delivered
    common: int  # points from common goods delivered
    demand: int  # demand markers held, 1 point each
    delivered: int  # goods delivered (R17's tie-break)
    held: int  # goods on or under this seat's camels
    penalty: int
    total: int


class Reading:
    """Reading a game, as a part of ``Game``: never changes its state."""

    options: Options
    seats: int
    camels: int
    loc: list[int]
    load: list[int]
    loose: list[int]
    demand: list[int]
    demand_supply: int
    markers: list[int]
    theft: list[int]
    delivered: list[int]
    bag: list[int]
    seat: int
    left: int
    turn: int
    triggered: bool
    over: Reason | None
    winners: tuple[int, ...]
    setup_draws: tuple[int, ...]

    @property
    def bag_count(self) -> int:
        return sum(self.bag)

    def camels_of(self, seat: int) -> range:
        return range(seat * self.camels, (seat + 1) * self.camels)

    def supply(self, seat: int) -> int:
        return sum(1 for i in self.camels_of(seat) if self.loc[i] == SUPPLY)

    def held(self, seat: int) -> int:
        """Goods on or under this seat's camels (R16)."""
        return sum(1 for i in self.camels_of(seat) if self.load[i] != NONE)

    def is_over(self) -> bool:
        return self.over is not None

    # ------------------------------------------------------------------ scores

    def score(self) -> list[ScoreLine]:
        """R15 and R16 for every seat, as the game stands now."""
        lines = []
        nc, load, delivered = self.camels, self.load, self.delivered
        for seat in range(self.seats):
            row = delivered[seat * GOOD_COUNT : (seat + 1) * GOOD_COUNT]
            rare = sum(map(mul, row, _RARE_POINTS))
            common = sum(map(mul, row, _COMMON_POINTS))
            held = nc - load[seat * nc : (seat + 1) * nc].count(NONE)
            pen = penalty(held)
            demand = self.markers[seat]
            total = rare + common + demand - pen
            lines.append(ScoreLine(seat, rare, common, demand, sum(row), held, pen, total))
        return lines

    def result(self) -> tuple[int, ...]:
        """The winners as the game stands (R17): highest total, then most goods
        delivered; players still tied share the victory."""
        lines = self.score()
        best = max((line.total, line.delivered) for line in lines)
        return tuple(line.seat for line in lines if (line.total, line.delivered) == best)

    def ranking(self) -> list[tuple[int, ScoreLine]]:
        """(place, score line) for every seat, best first; tied seats share a place."""
        lines = sorted(self.score(), key=lambda line: (-line.total, -line.delivered, line.seat))
        out: list[tuple[int, ScoreLine]] = []
        for n, line in enumerate(lines):
            if out and (out[-1][1].total, out[-1][1].delivered) == (line.total, line.delivered):
                out.append((out[-1][0], line))
            else:
                out.append((n + 1, line))
        return out

    # ------------------------------------------------- the visible position
    # The read-only API (docs/API.md): what a player sees, in named types.
    # Kept in one block, apart from the rules code; caravan/state.py holds
    # the types and caravan/position.py the notation (docs/POSITION.md).

    _initial_position: str | None = None  # set by from_state

    def camels_at(self, square: int) -> list[Camel]:
        """Every camel on ``square``, in seat order, unladen ones first (like python-chess's piece_at)."""
        nc, load = self.camels, self.load
        return _sorted_camels(
            [_camel_key(i // nc, square, load[i]) for i, s in enumerate(self.loc) if s == square]
        )

    def seat_camels(self, seat: int) -> list[Camel]:
        """The camels of ``seat`` on the board, by square; the rest are in its supply."""
        loc, load = self.loc, self.load
        return _sorted_camels(
            [_camel_key(seat, loc[i], load[i]) for i in self.camels_of(seat) if loc[i] != SUPPLY]
        )

    def all_camels(self) -> list[Camel]:
        """Every camel on the board, in ``State.camels``' order (by square, seat,
        unladen first): the cheap read of a whole position for evaluation
        functions. Camels are shared immutable values, so this builds one list."""
        nc, load = self.camels, self.load
        return _sorted_camels(
            [_camel_key(i // nc, sq, load[i]) for i, sq in enumerate(self.loc) if sq != SUPPLY]
        )

    def loose_at(self, square: int) -> Good | None:
        """The good no camel carries on ``square`` (R8), or None."""
        good = self.loose[square]
        return None if good == NONE else ALL_GOODS[good]

    def loose_goods(self) -> dict[int, Good]:
        """Square -> loose good, for every square that has one."""
        return {sq: ALL_GOODS[g] for sq, g in enumerate(self.loose) if g != NONE}

    def demand_at(self, square: int) -> int:
        """Demand markers on ``square`` (R8, R13)."""
        return self.demand[square]

    def demand_on_board(self) -> dict[int, int]:
        """Square -> demand markers, for every square that has some."""
        return {sq: n for sq, n in enumerate(self.demand) if n}

    def demand_left(self) -> int:
        """Demand markers still in the supply (I9: 44 in all)."""
        return self.demand_supply

    def markers_held(self, seat: int) -> int:
        """Demand markers ``seat`` has taken (R8), 1 point each (R15)."""
        return self.markers[seat]

    def theft_markers(self, seat: int) -> int:
        """Theft markers ``seat`` holds (R1, R10)."""
        return self.theft[seat]

    def deliveries(self, seat: int) -> dict[Good, int]:
        """Goods ``seat`` has delivered, per good (every good listed, 0 included)."""
        row = self.delivered[seat * GOOD_COUNT : (seat + 1) * GOOD_COUNT]
        return dict(zip(ALL_GOODS, row, strict=True))

    def bag_contents(self) -> dict[Good, int]:
        """How many of each good the bag holds: counts, never their order (I11)."""
        return dict(zip(ALL_GOODS, self.bag, strict=True))

    def end_triggered(self) -> bool:
        """R14: the bag is empty and the next delivery ends the game."""
        return self.triggered

    def outcome(self) -> Outcome | None:
        """How the game ended (reason and winners), or None while it goes on."""
        return None if self.over is None else Outcome(self.over, self.winners)

    def groups(self, seat: int) -> list[frozenset[int]]:
        """The squares of ``seat``'s connected camels, one set per group (R11, I4)."""
        own = [sq for sq in (self.loc[i] for i in self.camels_of(seat)) if sq != SUPPLY]
        out: list[frozenset[int]] = []
        for start in own:  # a group per camel not yet in one, in slot order
            if not any(start in group for group in out):
                out.append(frozenset(group_of(own, start)))
        return out

    def state(self) -> State:
        """The whole visible position as an immutable value; equal positions compare equal."""
        return State(
            seats=self.seats,
            casual=self.options.casual,
            short=self.options.short,
            camels=tuple(self.all_camels()),
            loose=tuple(None if g == NONE else ALL_GOODS[g] for g in self.loose),
            demand=tuple(self.demand),
            markers=tuple(self.markers),
            theft=tuple(self.theft),
            delivered=tuple(
                tuple(self.delivered[s * GOOD_COUNT : (s + 1) * GOOD_COUNT]) for s in range(self.seats)
            ),
            bag=tuple(self.bag),
            seat=self.seat,
            left=self.left,
            turn=self.turn,
            triggered=self.triggered,
            over=self.over,
        )

    def position(self) -> str:
        """The position in one line of text (docs/POSITION.md); ``from_position`` reads it back."""
        return format_position(self.state())

    def setup_goods(self) -> tuple[Good, ...]:
        """The goods drawn onto numbered spaces 1-8 at set-up (R3), in that order;
        ``Game(options, setup_draws=...)`` sets up a game with them. Empty for a
        game set up from a position (``start_position()``)."""
        return tuple(ALL_GOODS[g] for g in self.setup_draws)

    def start_position(self) -> str | None:
        """The position this game was set up from, or None for the normal set-up (R3)."""
        return self._initial_position


# Camels are immutable values: each (seat, square, load) is built once and
# shared, so reading a whole position costs list building, not object building.
# Keyed by camel_order's order as one int, so sorting the keys sorts the camels.
_CAMELS: dict[int, Camel] = {}


def _camel_key(seat: int, square: int, load: int) -> int:
    """An int that sorts as ``camel_order`` does (square, seat, good, on top before under)."""
    if load == NONE:
        return (square * 4 + seat) * 18
    good, under = cargo(load)
    return (square * 4 + seat) * 18 + (good + 1) * 2 + under


def _camel_of(key: int) -> Camel:
    camel = _CAMELS.get(key)
    if camel is None:
        rest, under = divmod(key, 2)
        rest, good = divmod(rest, 9)
        square, seat = divmod(rest, 4)
        camel = Camel(seat, square) if good == 0 else Camel(seat, square, ALL_GOODS[good - 1], bool(under))
        _CAMELS[key] = camel
    return camel


def _sorted_camels(keys: list[int]) -> list[Camel]:
    keys.sort()
    table = _CAMELS
    return [table.get(k) or _camel_of(k) for k in keys]
