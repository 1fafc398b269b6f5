"""Legal actions: what the player to move may do (R5-R12), listed fast.

``Generation`` is the part of ``Game`` (caravan/game.py) that lists actions:
``legal_actions()`` and ``legal_by_kind()`` (a ``LegalActions``, for bots
that ask "which deliveries can I make" without testing every action's type).
Legality of one action, ``why_illegal``, stays beside ``push`` in game.py; the
camel lookups and the group search both use are in caravan/slots.py.
"""

from __future__ import annotations

from .actions import (
    END_TURN,
    MOVE,
    MOVE_ROWS,
    PICK,
    PLACE,
    STEAL,
    Action,
    EndTurn,
    MoveCamel,
    MoveGood,
    PickUp,
    PlaceCamel,
    Steal,
    move_good,
)
from .board import CITY_WANTS, NEIGHBOURS, SQUARES
from .slots import NONE, SUPPLY, UNDER, cargo, group_of
from .state import Reason

_ALL_SQUARES = range(SQUARES)


class LegalActions:
    """The legal actions of a position grouped by kind (``Game.legal_by_kind()``).

    The groups partition ``legal_actions()``: each action is in exactly the
    group of its type, and ``all()`` lists them in ``legal_actions()``'s order.
    Each group is a list of the caller's own. The object holds what it needs
    of the position, so it stays right after the game moves on; placements
    and camel moves, most of the actions, are listed when first read.
    """

    __slots__ = (
        "_empty",
        "_moves",
        "_places",
        "_supply",
        "_unladen",
        "end_turn",
        "goods_moves",
        "pick_ups",
        "steals",
    )

    def __init__(
        self,
        end_turn: list[EndTurn],
        supply: bool,
        unladen: list[int],
        empty: list[int] | None,
        pick_ups: list[PickUp],
        steals: list[Steal],
        goods_moves: list[MoveGood],
    ) -> None:
        self.end_turn = end_turn  # [END_TURN] while the game goes on (R6)
        self.pick_ups = pick_ups  # R8
        self.steals = steals  # R10
        self.goods_moves = goods_moves  # R11, deliveries included (R12)
        self._supply = supply
        self._unladen = unladen
        self._empty = empty
        self._places: list[PlaceCamel] | None = None
        self._moves: list[MoveCamel] | None = None

    @property
    def places(self) -> list[PlaceCamel]:
        """Camels the player may place from the supply (R7)."""
        if self._places is None:
            self._places = []
            _add_camel_actions(self._supply, [], self._empty, self._places, [])
        return self._places

    @property
    def camel_moves(self) -> list[MoveCamel]:
        """Unladen camels the player may move (R7)."""
        if self._moves is None:
            self._moves = []
            _add_camel_actions(False, self._unladen, self._empty, [], self._moves)
        return self._moves

    def all(self) -> list[Action]:
        """Every legal action, as ``legal_actions()`` lists them."""
        return [
            *self.end_turn,
            *self.places,
            *self.camel_moves,
            *self.pick_ups,
            *self.steals,
            *self.goods_moves,
        ]

    def deliveries(self) -> list[MoveGood]:
        """The moves of goods that deliver to a city wanting the good (R12)."""
        return [a for a in self.goods_moves if CITY_WANTS[a.to] == a.good]

    def __len__(self) -> int:
        """How many legal actions there are, without listing the camel moves."""
        empty = self._empty
        reach = SQUARES - 1 if empty is None else len(empty)  # I3: not onto its own square
        places = (SQUARES if empty is None else len(empty)) if self._supply else 0
        moves = len(self._unladen) * reach
        return (
            len(self.end_turn)
            + places
            + moves
            + len(self.pick_ups)
            + len(self.steals)
            + len(self.goods_moves)
        )


def _add_camel_actions(
    supply: bool,
    unladen: list[int],
    empty: list[int] | None,
    places: list[PlaceCamel] | list[Action],
    moves: list[MoveCamel] | list[Action],
) -> None:
    """Append the legal placements and camel moves (R7): anywhere with 2
    actions left, else only onto ``empty`` squares (I3: an occupied one costs 2)."""
    if empty is None:
        if supply:
            places.extend(PLACE)
        for sq in unladen:
            moves.extend(MOVE_ROWS[sq])
    else:
        if supply:
            places.extend([PLACE[t] for t in empty])
        for sq in unladen:
            row = MOVE[sq]
            moves.extend([row[t] for t in empty])


class Generation:
    """Listing the legal actions, as a part of ``Game``: reads its state only."""

    over: Reason | None
    left: int
    seat: int
    camels: int
    loc: list[int]
    load: list[int]
    count: list[int]
    loose: list[int]
    theft: list[int]

    def legal_actions(self) -> list[Action]:
        """Every action the player to move may take now, without duplicates.

        A turn with no actions left waits for ``end``: ``[EndTurn()]`` is then
        the only legal action (R6). A finished game has none."""
        if self.over is not None:
            return []
        out: list[Action] = [END_TURN]
        if self.left == 0:
            return out
        supply, unladen, laden = self._own()
        _add_camel_actions(supply, unladen, self._empty(), out, out)
        self._add_other_actions(unladen, laden, out, out, out)
        return out

    def legal_by_kind(self) -> LegalActions:
        """The legal actions grouped by kind, so a bot can ask "which deliveries,
        pick-ups or steals can I make" without testing every action's type.
        Together the groups hold exactly ``legal_actions()``, in its order.
        Placements and camel moves (most actions) are listed when first read."""
        picks: list[PickUp] = []
        steals: list[Steal] = []
        goods: list[MoveGood] = []
        if self.over is not None:
            return LegalActions([], False, [], None, picks, steals, goods)
        if self.left == 0:
            return LegalActions([END_TURN], False, [], None, picks, steals, goods)
        supply, unladen, laden = self._own()
        self._add_other_actions(unladen, laden, picks, steals, goods)
        return LegalActions([END_TURN], supply, unladen, self._empty(), picks, steals, goods)

    def _own(self) -> tuple[bool, list[int], list[tuple[int, int]]]:
        """For the player to move: a camel in supply?, the squares with an
        unladen camel (sorted), and (square, load) of each laden camel."""
        nc = self.camels
        base = self.seat * nc
        loc, load = self.loc, self.load
        supply = False
        unladen: list[int] = []
        laden: list[tuple[int, int]] = []
        for i in range(base, base + nc):
            sq = loc[i]
            ld = load[i]
            if ld == NONE:
                if sq == SUPPLY:
                    supply = True
                elif sq not in unladen:
                    unladen.append(sq)
            else:
                laden.append((sq, ld))
        unladen.sort()
        return supply, unladen, laden

    def _empty(self) -> list[int] | None:
        """R7 with I3: with 1 action left, the squares a camel may go to (the
        empty ones); None when every square is in reach."""
        if self.left >= 2:
            return None
        count = self.count
        return [t for t in _ALL_SQUARES if count[t] == 0]

    def _add_other_actions(
        self,
        unladen: list[int],
        laden: list[tuple[int, int]],
        picks: list[PickUp] | list[Action],
        steals: list[Steal] | list[Action],
        goods: list[MoveGood] | list[Action],
    ) -> None:
        """Append the legal pick-ups, steals and moves of goods, kind by kind."""
        if not unladen:
            return
        seat, nc = self.seat, self.camels
        base = seat * nc
        # R8, R9 with I1: never all camels laden afterwards.
        if len(laden) + 1 < nc:
            loose = self.loose
            for sq in unladen:
                if loose[sq] != NONE:
                    picks.append(PICK[sq])
            # R10 with I2.
            if self.theft[seat] > 0:
                load = self.load
                seen: list[Steal] = []
                for i, sq in enumerate(self.loc):
                    if sq in unladen:
                        ld = load[i]
                        if 0 <= ld < UNDER and not base <= i < base + nc:
                            action = STEAL[sq][i // nc][ld]
                            if action not in seen:
                                seen.append(action)
                if seen:
                    seen.sort(key=_steal_key)
                    steals.extend(seen)
        # R11, I4, I5: a good moves to any unladen camel of ours in its group.
        if laden:
            loc = self.loc
            own = [loc[i] for i in range(base, base + nc)]
            laden.sort()
            last = None
            for here in laden:
                if here == last:
                    continue
                last = here
                sq, ld = here
                group = group_of(own, sq)
                good, under = cargo(ld)
                goods.extend([move_good(sq, t, good, under) for t in unladen if t in group])

    def _connected(self, base: int, nc: int, a: int, b: int) -> bool:
        """Whether this seat's camels on ``a`` and ``b`` are in one group (R11, I4)."""
        if a == b or b in NEIGHBOURS[a]:
            return True
        return b in group_of(self.loc[base : base + nc], a)


def _steal_key(action: Steal) -> tuple[int, int, int]:
    return (action.at, action.victim, action.good)
