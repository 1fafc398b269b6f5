"""The game: state, legal actions, apply (push) and undo (pop), like a chess Board.

State is a handful of flat int lists, changed in place, so that bots can play
thousands of games. Camels are slots ``seat * camels + k``; ``loc`` is a
square or SUPPLY, ``load`` is NONE, a good on top, or a good + UNDER when
stolen (R10). Each action of the history keeps a small undo entry (a diff,
see ``Game._undo``), so a long game or a deep search costs little memory.

For searches: ``push_legal`` applies an action just listed by
``legal_actions()`` without checking it again (like python-chess's push),
and ``legal_by_kind()`` answers "which pick-ups, steals or deliveries can I
make" without testing the type of every action.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from itertools import product
from operator import mul
from typing import NamedTuple

from . import events as ev
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
from .board import (
    CITY_NAMES,
    CITY_WANTS,
    DEMAND_MARKERS,
    FULL_ACTIONS,
    GOOD_COUNT,
    GOODS,
    NEIGHBOURS,
    NUMBERED,
    SETUP_DEMAND,
    SQUARE_NAMES,
    SQUARES,
)
from .chance import Chance, SeededChance, SystemChance, draw_from
from .errors import IllegalActionError, PositionError
from .goods import ALL_GOODS, Good, camels_per_player
from .options import Options, default_players
from .position import check_state, format_position, parse_position
from .refusals import Refusal
from .state import Camel, Outcome, Reason, State, camel_order

SUPPLY = -1
NONE = -1
UNDER = GOOD_COUNT  # load >= UNDER: the good load - UNDER, under the camel
REFILL_AT = 4  # R13
# The undo entries' layout (see ``Game._undo``), each field named once here.
_SLOT_BITS = 5  # a camel's slot fits in 5 bits: at most 4 seats * 6 camels (R1)
_SLOT = (1 << _SLOT_BITS) - 1  # the entry's first field: a camel's slot
_LEFT = 7  # an end of turn's entry: the actions left before the turn ended (R5: at most 4)
_ENDED = 8  # an end of turn's entry: it ended the game (I10)
_DELIVERY_ENDED = 1 << (2 * _SLOT_BITS)  # a delivery's entry: it ended the game (R14)
_REFILLED = 1 << (2 * _SLOT_BITS)  # a pick-up's entry: a refill followed (R13), kept in Game._refills
_TOO_MANY_DRAWS = Refusal("draws_too_many")
_QUIET: list[ev.Event] = []  # what _do returns to push_legal for most actions; never handed out
_ALL_SQUARES = range(SQUARES)
# R13, keyed by the empty numbered spaces in number order (those the bag
# fills): the numbered spaces holding a good, in square order (those that get
# demand markers). A lookup, not a second scan of the board, per refill.
_HOLDING: dict[tuple[int, ...], tuple[int, ...]] = {
    tuple(sq for sq, e in zip(NUMBERED, empty, strict=True) if e): tuple(
        sorted(sq for sq, e in zip(NUMBERED, empty, strict=True) if not e)
    )
    for empty in product((False, True), repeat=len(NUMBERED))
}
# Refusals without parameters, made once (why_illegal returns them often).
_NO_ACTIONS = Refusal("no_actions_left")
_AGREED = Refusal("agreed_final")
_OVER = Refusal("game_over")
_NO_SQUARE = Refusal("no_such_square")
_NO_GOOD = Refusal("no_such_good")
_NO_PLAYER = Refusal("no_such_player")
_NOT_ACTION = Refusal("not_an_action")
_RAN_OUT = Refusal("draws_ran_out")
_NOT_IN_BAG = Refusal("draw_not_in_bag")
_new_tuple = tuple.__new__  # builds a NamedTuple without its keyword-handling __new__


def _off_board(square: object) -> bool:
    """Whether ``square`` is not a square of the board (a caller's action may name anything)."""
    return type(square) is not int or not 0 <= square < SQUARES


def _unladen_slot(loc: list[int], load: list[int], square: int, base: int, end: int) -> int:
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


def _group(own: list[int], start: int) -> list[int]:
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


def _carrier_slot(loc: list[int], load: list[int], square: int, code: int, base: int, end: int) -> int:
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


def penalty(goods_held: int) -> int:
    """R16 (and I8 beyond 4 goods): n goods held cost n(n-1)/2 points."""
    return goods_held * (goods_held - 1) // 2


# R15: each good's points, split by kind, in the order of ``delivered``'s rows.
_RARE_POINTS = tuple(g.points if g.rare else 0 for g in GOODS)
_COMMON_POINTS = tuple(0 if g.rare else g.points for g in GOODS)


def actions_for_turn(turn: int) -> int:
    """R5: the k-th turn of the game has min(k, 4) actions."""
    return min(turn, FULL_ACTIONS)


class Step(NamedTuple):
    """One action in the history, with the goods it drew from the bag (I11).

    A NamedTuple, not a frozen dataclass: push makes one per action, and a
    frozen dataclass costs three times as much to build."""

    action: Action
    draws: tuple[int, ...]
    seat: int
    turn: int


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


# An undo entry (``Game._undo``, one int per action of the history): what
# ``Game.pop`` needs that the action and the state after it do not tell, in
# the fields named at the top of this module. A camel move or placement: the
# camel's slot. An end of turn: the actions left before it (_LEFT) | _ENDED if
# it ended the game (I10). A move of a good: the carrier's slot | the
# receiver's << _SLOT_BITS, or for a delivery the carrier's | _DELIVERY_ENDED
# if it ended the game (R14). A steal: the thief's slot | the victim's <<
# _SLOT_BITS. A pick-up: the camel's slot | the demand markers taken <<
# _SLOT_BITS, | _REFILLED if a refill followed (R13), whose own entry is on
# ``Game._refills``. Ints below 257 are shared by Python, so most entries cost
# one list slot (8 bytes).


class _Refill(NamedTuple):
    """What undoing a refill (R13, I9) restores: the squares that got a demand
    marker, the squares filled from the bag, and whether the end was triggered before."""

    marked: tuple[int, ...]
    filled: tuple[int, ...]
    triggered: bool


class _Scripted:
    """Replays recorded draws; used by redo and by replaying a record."""

    def __init__(self, draws: Sequence[int]) -> None:
        self.draws = list(draws)
        self.pos = 0


class Game:
    """A game of Caravan in progress.

    ``legal_actions()`` lists what the player to move may do; ``push`` applies
    an action and returns its events; ``pop`` undoes one; ``redo`` replays an
    undone one with the same draws.
    """

    def __init__(
        self,
        options: Options | None = None,
        *,
        seed: int | None = None,
        chance: Chance | None = None,
        setup_draws: Sequence[int] | None = None,
    ) -> None:
        self.options = options if options is not None else Options()
        if chance is None:
            chance = SeededChance(seed) if seed is not None else SystemChance()
        self.chance: Chance = chance
        o = self.options
        self.seats = o.seats
        self.camels = camels_per_player(casual=o.casual)  # R1
        n = self.seats * self.camels
        self.loc = [SUPPLY] * n
        self.load = [NONE] * n
        self.count = [0] * SQUARES  # camels of anyone per square
        self.loose = [NONE] * SQUARES  # the good no camel carries, per square
        self.demand = [0] * SQUARES  # demand markers on the board
        self.theft = [1] * self.seats  # R1
        self.markers = [0] * self.seats  # demand markers held
        self.delivered = [0] * (self.seats * GOOD_COUNT)
        self.bag = [g.short_count if o.short else g.full_count for g in GOODS]
        self.demand_supply = DEMAND_MARKERS
        self.loose_count = 0
        self.turn = 1
        self.start = o.start if o.start is not None else chance.below(self.seats)
        self.seat = self.start
        self.left = actions_for_turn(1)
        self.triggered = False
        self.over: Reason | None = None
        self.winners: tuple[int, ...] = ()
        self.history: list[Step] = []
        self._undo: list[int] = []  # one entry per action of the history (see _Refill)
        self._refills: list[_Refill] = []  # one per pick-up followed by a refill
        self._redo: list[Step] = []
        # R3: one good on each numbered space, demand markers on 1, 2, 7, 8.
        script = _Scripted(_draw_ints(setup_draws)) if setup_draws is not None else None
        drawn = []
        for sq in NUMBERED:
            good = self._draw(script)
            self.loose[sq] = good
            drawn.append(good)
        self.loose_count = len(NUMBERED)
        if script is not None and script.pos != len(script.draws):
            raise IllegalActionError(Refusal("setup_draws_too_many"))
        for sq in SETUP_DEMAND:
            self.demand[sq] += 1
        self.demand_supply -= len(SETUP_DEMAND)
        self.setup_draws: tuple[int, ...] = tuple(drawn)

    # ------------------------------------------------------------------ queries

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
                group = _group(own, sq)
                good, under = cargo(ld)
                goods.extend([move_good(sq, t, good, under) for t in unladen if t in group])

    def _connected(self, base: int, nc: int, a: int, b: int) -> bool:
        """Whether this seat's camels on ``a`` and ``b`` are in one group (R11, I4)."""
        if a == b or b in NEIGHBOURS[a]:
            return True
        return b in _group(self.loc[base : base + nc], a)

    def cost(self, action: Action) -> int:
        """Actions the action would use now (R7 with I3, and 1 for the others).
        An action naming a square off the board raises IllegalActionError."""
        if isinstance(action, EndTurn):
            return 0
        if isinstance(action, (PlaceCamel, MoveCamel)):
            to = action.to
            if _off_board(to):
                raise IllegalActionError(Refusal("illegal_action", action=repr(action), reason=_NO_SQUARE))
            return 2 if self.count[to] else 1
        return 1

    def is_legal(self, action: Action) -> bool:
        return self.why_illegal(action) is None

    def why_illegal(self, action: Action) -> Refusal | None:
        """None if the action is legal now, else why not: a ``Refusal`` (a code
        with parameters, and as a str the reason in plain English).

        Written as plain loops over the player's own camels, one pass per
        check: push calls this for every action. The camels it finds are the
        ones ``_do`` moves (``_unladen_slot``)."""
        if self.over is not None:
            return _OVER
        if isinstance(action, EndTurn):
            return None
        seat, nc = self.seat, self.camels
        base = seat * nc
        end = base + nc
        loc, load = self.loc, self.load
        if isinstance(action, (MoveCamel, PlaceCamel)):
            to = action.to
            if _off_board(to):
                return _NO_SQUARE
            if isinstance(action, PlaceCamel):
                if self.left == 0:
                    return _NO_ACTIONS
                if SUPPLY not in loc[base:end]:
                    return Refusal("no_camel_in_supply")
            else:
                frm = action.frm
                if _off_board(frm):
                    return _NO_SQUARE
                if self.left == 0:
                    return _NO_ACTIONS
                if _unladen_slot(loc, load, frm, base, end) < 0:
                    if frm not in loc[base:end]:
                        return Refusal("no_camel_on", square=SQUARE_NAMES[frm])
                    return Refusal("laden_cannot_move")
                if frm == to:
                    return Refusal("already_there")
            if self.count[to] and self.left < 2:
                return Refusal("occupied_costs_two", square=SQUARE_NAMES[to])
            return None
        if isinstance(action, MoveGood):
            frm, to = action.frm, action.to
            if _off_board(to) or _off_board(frm):
                return _NO_SQUARE
            if self.left == 0:
                return _NO_ACTIONS
            good = action.good
            if type(good) is not int or not 0 <= good < GOOD_COUNT:
                return _NO_GOOD
            if _carrier_slot(loc, load, frm, good + UNDER if action.under else good, base, end) < 0:
                carrier = "no_carrier_under" if action.under else "no_carrier"
                return Refusal(carrier, good=GOODS[good].letter, square=SQUARE_NAMES[frm])
            if _unladen_slot(loc, load, to, base, end) < 0:
                return Refusal("no_receiver", square=SQUARE_NAMES[to])
            if frm != to and to not in NEIGHBOURS[frm] and not self._connected(base, nc, frm, to):
                return Refusal("not_connected", frm=SQUARE_NAMES[frm], to=SQUARE_NAMES[to])
            return None
        if isinstance(action, (PickUp, Steal)):
            at = action.at
            if _off_board(at):
                return _NO_SQUARE
            if self.left == 0:
                return _NO_ACTIONS
            laden = nc - load[base:end].count(NONE)
            unladen_here = _unladen_slot(loc, load, at, base, end) >= 0
            if isinstance(action, PickUp):
                if not unladen_here:
                    return Refusal("no_unladen_camel", square=SQUARE_NAMES[at])
                if self.loose[at] == NONE:
                    return Refusal("nothing_to_pick_up", square=SQUARE_NAMES[at])
                if laden + 1 >= nc:
                    return Refusal("pick_up_all_laden")
                return None
            victim, good = action.victim, action.good
            if type(victim) is not int or not 0 <= victim < self.seats:
                return _NO_PLAYER
            if type(good) is not int or not 0 <= good < GOOD_COUNT:
                return _NO_GOOD
            if victim == seat:
                return Refusal("steal_from_self")
            if self.theft[seat] == 0:
                return Refusal("no_theft_marker")
            if not unladen_here:
                return Refusal("no_unladen_camel", square=SQUARE_NAMES[at])
            if _carrier_slot(loc, load, at, good, victim * nc, victim * nc + nc) < 0:
                if _carrier_slot(loc, load, at, good + UNDER, victim * nc, victim * nc + nc) >= 0:
                    return Refusal("steal_under")
                return Refusal(
                    "no_victim_camel", player=victim + 1, good=GOODS[good].letter, square=SQUARE_NAMES[at]
                )
            if laden + 1 >= nc:
                return Refusal("steal_all_laden")
            return None
        return Refusal("not_an_action_repr", action=repr(action))

    # ----------------------------------------------------------------- changes

    def push(self, action: Action) -> list[ev.Event]:
        """Apply a legal action and return its events; an illegal one raises
        IllegalActionError and changes nothing."""
        reason = self.why_illegal(action)
        if reason is not None:
            raise IllegalActionError(Refusal("illegal_action", action=_shown(self, action), reason=reason))
        if self._redo:
            self._redo.clear()
        return self._do(action, None, False)

    def push_legal(self, action: Action) -> None:
        """``push`` for searches: no legality check, and no events.

        ``action`` must be one of ``legal_actions()`` (or ``legal_by_kind()``)
        of this very position. Like python-chess's ``Board.push`` it trusts the
        caller: anything else may corrupt the game instead of raising. The
        state, history, undo and redo are exactly as after ``push``; use
        ``push`` for input from players or files, or to get the events."""
        if self._redo:
            self._redo.clear()
        self._do(action, None, True)

    def push_recorded(self, action: Action, draws: Sequence[int]) -> list[ev.Event]:
        """Apply an action with the draws it made before (``Step.draws``, or
        ``events.draws_of(events)``), for replaying a record or re-applying a
        line a search remembers: after ``pop`` a plain ``push`` draws anew (I11).
        Raises IllegalActionError, leaving the position as it was, if the
        action is illegal or the draws are not ones it can make from this bag."""
        self._check(action)
        return self._do(action, _draw_ints(draws), False)

    def _check(self, action: Action) -> None:
        """Refuse an illegal action; a legal new one ends what redo could replay."""
        reason = self.why_illegal(action)
        if reason is not None:
            raise IllegalActionError(Refusal("illegal_action", action=_shown(self, action), reason=reason))
        self._redo.clear()

    def pop(self) -> Action:
        """Undo the last action, restoring the exact previous state.

        IndexError if there is nothing to undo. A game the players agreed to
        end (I10) stays ended: pop raises IllegalActionError and changes nothing.
        """
        if self.over is Reason.AGREED:
            raise IllegalActionError(_AGREED)
        history = self.history
        if not history:
            raise IndexError("there is nothing to undo")
        step = history.pop()
        action, _, seat, turn = step
        entry = self._undo.pop()
        # The entry holds what the action and the state after it do not tell
        # (see Game._undo). Kinds in the order of how often games play them.
        if type(action) is MoveCamel:  # type() is: cheaper than isinstance, and mypy narrows it too
            count = self.count
            to, frm = action.to, action.frm
            count[to] -= 1
            count[frm] += 1
            self.loc[entry] = frm
            self.left += 2 if count[to] else 1  # the cost it had (R7, I3)
        elif type(action) is PlaceCamel:
            count = self.count
            to = action.to
            count[to] -= 1
            self.loc[entry] = SUPPLY
            self.left += 2 if count[to] else 1
        elif type(action) is MoveGood:
            good = action.good
            load = self.load
            self.left += 1
            load[entry & _SLOT] = good + UNDER if action.under else good
            if CITY_WANTS[action.to] != good:
                load[entry >> _SLOT_BITS & _SLOT] = NONE
            else:
                self.delivered[seat * GOOD_COUNT + good] -= 1
                if entry & _DELIVERY_ENDED:
                    self.over = None
                    self.winners = ()
        elif type(action) is EndTurn:
            self.turn = turn
            self.seat = seat
            self.left = entry & _LEFT
            if entry & _ENDED:
                self.over = None
                self.winners = ()
        elif type(action) is PickUp:
            at = action.at
            loose, load = self.loose, self.load
            self.left += 1
            i, taken = entry & _SLOT, entry >> _SLOT_BITS & _SLOT
            if entry & _REFILLED:
                marked, filled, self.triggered = self._refills.pop()
                bag = self.bag
                for sq in filled:
                    bag[loose[sq]] += 1
                    loose[sq] = NONE
                self.loose_count -= len(filled)
                if marked:
                    demand = self.demand
                    for sq in marked:
                        demand[sq] -= 1
                    self.demand_supply += len(marked)
            loose[at] = load[i]
            load[i] = NONE
            self.loose_count += 1
            if taken:
                self.demand[at] += taken
                self.markers[seat] -= taken
        elif type(action) is Steal:
            load = self.load
            self.left += 1
            load[entry & _SLOT] = NONE
            load[entry >> _SLOT_BITS] = action.good
            self.theft[seat] += 1
            self.theft[action.victim] -= 1
        self._redo.append(step)
        return action

    def redo(self) -> list[ev.Event]:
        """Re-apply the last undone action with the draws it made then.

        IndexError if there is nothing to redo; an ended game (I7, I10) has
        nothing to redo: redo raises IllegalActionError and changes nothing.
        """
        if self.over is not None:
            raise IllegalActionError(Refusal("nothing_to_redo_over"))
        if not self._redo:
            raise IndexError("there is nothing to redo")
        step = self._redo.pop()
        return self._do(step.action, step.draws, False)

    def can_redo(self) -> bool:
        return bool(self._redo) and self.over is None

    def last_revealed(self) -> bool:
        """Whether the last action drew goods: undoing it would let a player redraw."""
        return bool(self.history and self.history[-1].draws)

    def undoable(self) -> int:
        """How many actions can be undone without going back past a refill's
        draws or into another player's turn (what a front end should allow).
        0 once the players agreed to end the game (I10)."""
        if self.over is Reason.AGREED:
            return 0
        n = 0
        for step in reversed(self.history):
            if step.draws or isinstance(step.action, EndTurn):
                break
            n += 1
        return n

    def _draw(self, script: _Scripted | None) -> int:
        if script is None:
            good = draw_from(self.bag, self.chance)
        else:
            if script.pos >= len(script.draws):
                raise IllegalActionError(_RAN_OUT)
            good = script.draws[script.pos]
            script.pos += 1
            if type(good) is not int or not 0 <= good < GOOD_COUNT:
                raise IllegalActionError(Refusal("draw_not_a_good", quote=f"{good!r:.20}"))
            if self.bag[good] == 0:
                raise IllegalActionError(_NOT_IN_BAG)
        self.bag[good] -= 1
        return good

    def _do(self, action: Action, draws: tuple[int, ...] | None, quiet: bool) -> list[ev.Event]:
        """Apply a checked action. ``draws`` are recorded draws to make instead
        of drawing from chance (they are checked before anything changes).
        ``quiet`` (push_legal) may skip building the events of the commonest
        actions and return an empty list instead.

        Every action leaves a small undo entry (see ``Game._undo``): for most
        a small int that Python shares, so history costs little memory."""
        seat, turn = self.seat, self.turn
        if type(action) is MoveCamel or type(action) is PlaceCamel:  # type() is: cheaper than isinstance
            if draws:
                raise IllegalActionError(_TOO_MANY_DRAWS)
            nc = self.camels
            base = seat * nc
            loc, count = self.loc, self.count
            to = action.to
            frm = action.frm if type(action) is MoveCamel else SUPPLY
            i = _unladen_slot(loc, self.load, frm, base, base + nc)  # -1: unchecked misuse
            cost = 2 if count[to] else 1  # R7, I3: before arrival
            loc[i] = to
            count[to] += 1
            self.left -= cost
            self._undo.append(i)
            self.history.append(_new_tuple(Step, (action, (), seat, turn)))  # Step(...), faster
            if frm == SUPPLY:
                return _QUIET if quiet else [ev.CamelPlaced(seat, to, cost)]
            count[frm] -= 1
            return _QUIET if quiet else [ev.CamelMoved(seat, frm, to, cost)]
        if type(action) is EndTurn:  # R5, R6
            if draws:
                raise IllegalActionError(_TOO_MANY_DRAWS)
            unused = self.left
            self.turn = turn + 1
            self.seat = nxt = (seat + 1) % self.seats
            self.left = left = turn + 1 if turn < FULL_ACTIONS else FULL_ACTIONS  # actions_for_turn
            limit = self.options.max_turns
            ended = limit is not None and turn >= limit  # I10: turn + 1 is past the limit
            self._undo.append(unused | _ENDED if ended else unused)
            self.history.append(_new_tuple(Step, (action, (), seat, turn)))
            if quiet and not ended:
                return _QUIET
            out: list[ev.Event] = [ev.TurnEnded(seat, unused, nxt, left)]
            if ended:
                self._finish(Reason.TURN_LIMIT, out)
            return out
        nc = self.camels
        base = seat * nc
        end = base + nc
        loc, load = self.loc, self.load
        if type(action) is MoveGood:  # R11, R12
            if draws:
                raise IllegalActionError(_TOO_MANY_DRAWS)
            good, frm, to, under = action.good, action.frm, action.to, action.under
            # The carrier and the unladen camel to receive it (-1 if none: unchecked misuse).
            i = _carrier_slot(loc, load, frm, good + UNDER if under else good, base, end)
            j = _unladen_slot(loc, load, to, base, end)
            self.left -= 1
            load[i] = NONE
            if CITY_WANTS[to] != good:
                load[j] = good  # R11: a moved good always goes on top
                self._undo.append(i | j << _SLOT_BITS)
                self.history.append(_new_tuple(Step, (action, (), seat, turn)))
                return _QUIET if quiet else [ev.GoodMoved(seat, frm, to, good, under)]
            # R12: delivered.
            self.delivered[seat * GOOD_COUNT + good] += 1
            out = [
                ev.GoodMoved(seat, frm, to, good, under),
                ev.GoodDelivered(seat, to, good, GOODS[good].points),
            ]
            entry = i
            if self.triggered:  # R14, I7
                self._finish(Reason.DELIVERY, out)
                entry |= _DELIVERY_ENDED
            self._undo.append(entry)
            self.history.append(_new_tuple(Step, (action, (), seat, turn)))
            return out
        if type(action) is PickUp:  # R8
            at = action.at
            i = _unladen_slot(loc, load, at, base, end)  # -1: unchecked misuse
            refill = self._refills_after_pick_up()  # R13, I6
            if draws is not None:
                if refill:
                    self._check_draws(at, draws)
                elif draws:
                    raise IllegalActionError(_TOO_MANY_DRAWS)
            self.left -= 1
            loose = self.loose
            good = loose[at]
            load[i] = good
            loose[at] = NONE
            self.loose_count -= 1
            demand = self.demand
            taken = demand[at]
            if taken:
                demand[at] = 0
                self.markers[seat] += taken
            if not refill:
                self._undo.append(i | taken << _SLOT_BITS)
                self.history.append(_new_tuple(Step, (action, (), seat, turn)))
                return _QUIET if quiet else [ev.GoodPickedUp(seat, at, good, taken)]
            triggered = self.triggered
            out = _QUIET if quiet else [ev.GoodPickedUp(seat, at, good, taken)]
            marked, filled, drawn = self._refill(draws, None if quiet else out)
            self._undo.append(i | taken << _SLOT_BITS | _REFILLED)
            self._refills.append(_Refill(marked, filled, triggered))
            self.history.append(_new_tuple(Step, (action, drawn, seat, turn)))
            return out
        if type(action) is Steal:  # R10
            if draws:
                raise IllegalActionError(_TOO_MANY_DRAWS)
            at, victim, good = action.at, action.victim, action.good
            i = _unladen_slot(loc, load, at, base, end)
            j = _carrier_slot(loc, load, at, good, victim * nc, victim * nc + nc)
            if i < 0 or j < 0:
                raise AssertionError("a checked action found no camel")
            self.left -= 1
            load[j] = NONE
            load[i] = good + UNDER  # R10: under the thief's camel
            self.theft[seat] -= 1
            self.theft[victim] += 1
            self._undo.append(i | j << _SLOT_BITS)
            self.history.append(_new_tuple(Step, (action, (), seat, turn)))
            return _QUIET if quiet else [ev.GoodStolen(seat, victim, at, good)]
        raise IllegalActionError(Refusal("not_an_action_repr", action=repr(action)))

    def _refills_after_pick_up(self) -> bool:
        """R13 with I6: a pick-up now leaves four loose goods, and the bag is not empty."""
        return self.loose_count == REFILL_AT + 1 and any(self.bag)

    def _refill_squares(self, at: int) -> list[int]:
        """The numbered spaces a refill after picking up on ``at`` fills, in
        number order, as far as the bag lasts (R13); [] if none follows."""
        if not self._refills_after_pick_up():
            return []
        loose = self.loose
        empty = [sq for sq in NUMBERED if sq == at or loose[sq] == NONE]
        return empty[: sum(self.bag)]

    def draws_needed(self, action: Action) -> int:
        """How many goods ``action`` would draw from the bag now: for a pick-up
        that leaves four loose goods, one per empty numbered space while the
        bag lasts (R13, I6); 0 for any other action. For a legal action (a
        record or link reader asks before reading the draws)."""
        if isinstance(action, PickUp):
            return len(self._refill_squares(action.at))
        return 0

    def _check_draws(self, at: int, draws: tuple[int, ...]) -> None:
        """Refuse recorded draws that the refill after picking up on ``at``
        would not make, before anything changes (R13)."""
        bag = self.bag[:]
        squares = self._refill_squares(at)
        for n in range(len(squares)):
            if n >= len(draws):
                raise IllegalActionError(_RAN_OUT)
            good = draws[n]
            if type(good) is not int or not 0 <= good < GOOD_COUNT:
                raise IllegalActionError(Refusal("draw_not_a_good", quote=f"{good!r:.20}"))
            if bag[good] == 0:
                raise IllegalActionError(_NOT_IN_BAG)
            bag[good] -= 1
        if len(squares) != len(draws):
            raise IllegalActionError(_TOO_MANY_DRAWS)

    def _refill(
        self, draws: tuple[int, ...] | None, out: list[ev.Event] | None
    ) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
        """R13 and I9; returns the squares marked, the squares filled and the
        goods drawn, and adds the events to ``out`` (None: no events, push_legal)."""
        loose, bag = self.loose, self.bag
        supply = self.demand_supply
        filled = tuple([sq for sq in NUMBERED if loose[sq] == NONE])
        marked: tuple[int, ...] = ()
        if supply:
            # Loose goods lie on numbered spaces (R3, R13): look there, in
            # square order, unless some lie elsewhere.
            marked = _HOLDING[filled]
            if len(marked) != self.loose_count:
                marked = tuple([sq for sq in _ALL_SQUARES if loose[sq] != NONE])
            if len(marked) > supply:
                marked = marked[:supply]  # I9: while the supply lasts
            demand = self.demand
            for sq in marked:
                demand[sq] += 1
            self.demand_supply = supply - len(marked)
        in_bag = sum(bag)
        if len(filled) > in_bag:
            filled = filled[:in_bag]  # R13: while the bag lasts
        if draws is None:
            below = self.chance.below
            got = []
            for sq in filled:
                # chance.draw_from, inlined: the same draw from the same numbers.
                r = below(in_bag)
                good = 0
                while r >= bag[good]:
                    r -= bag[good]
                    good += 1
                bag[good] -= 1
                in_bag -= 1
                loose[sq] = good
                got.append(good)
            drawn = tuple(got)
        else:
            drawn = draws  # checked by _check_draws: one per square filled
            for sq, good in zip(filled, drawn):  # noqa: B905 (lengths checked)
                bag[good] -= 1
                loose[sq] = good
            in_bag -= len(drawn)
        self.loose_count += len(drawn)
        if not in_bag:
            self.triggered = True  # R14
        if out is not None:
            out.append(ev.Refilled(marked, tuple(zip(filled, drawn)), in_bag))  # noqa: B905 (same length)
            if not in_bag:
                out.append(ev.EndTriggered())
        return marked, filled, drawn

    def _finish(self, reason: Reason, out: list[ev.Event]) -> None:
        self.over = reason
        self.winners = self.result()
        out.append(ev.GameOver(reason, self.winners))

    def state_key(self) -> tuple[object, ...]:
        """Everything that makes up the position, for comparing states and as
        a key of a dict or set: a tuple of ints and tuples, hashable, cheaper
        than ``state()`` (no Camel values, no enum conversions).

        Camels are listed per seat in sorted order, so two states that differ
        only in which interchangeable camel went where compare equal.
        """
        nc, loc, load = self.camels, self.loc, self.load
        return (
            tuple(
                tuple(sorted(zip(loc[s * nc : (s + 1) * nc], load[s * nc : (s + 1) * nc], strict=True)))
                for s in range(self.seats)
            ),
            tuple(self.loose),
            tuple(self.demand),
            tuple(self.theft),
            tuple(self.markers),
            tuple(self.delivered),
            tuple(self.bag),
            self.demand_supply,
            self.loose_count,
            self.turn,
            self.seat,
            self.left,
            self.triggered,
            self.over,
            self.winners,
        )

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

    def end_by_agreement(self) -> list[ev.Event]:
        """I10: the players agree to stop; the game is scored as it stands.
        Not an action of the history: a record of such a game ends unfinished.
        Final: it cannot be undone, and actions taken back before it cannot
        be redone (``pop``/``redo`` raise IllegalActionError)."""
        if self.over is not None:
            raise IllegalActionError(_OVER)
        self._redo.clear()
        out: list[ev.Event] = []
        self._finish(Reason.AGREED, out)
        return out

    # ----------------------------------------------------------------- copies

    def copy(self, *, chance: Chance | None = None) -> Game:
        """An independent game in the same position (history included, redo not).

        The copy draws from ``chance``, or from fresh unpredictable randomness:
        a copy never shares the original's generator.
        """
        other = self.copy_position(chance=chance)
        other.history = self.history[:]
        other._undo = self._undo[:]  # entries are immutable: shared safely
        other._refills = self._refills[:]
        return other

    def view(self, seat: int, *, chance: Chance | None = None) -> Game:
        """What ``seat`` may know, as a game a bot can search (I11).

        Everything on the board and every player's holdings are public in
        Caravan; what is hidden is the future of the bag. The view keeps the
        bag's counts but draws from its own randomness, and carries no redo
        stack, so nothing in it reveals the real draws to come.
        """
        if not 0 <= seat < self.seats:
            raise ValueError(f"there is no seat {seat}")
        return self.copy(chance=chance)

    # ------------------------------------------------------------------ output

    def describe(self, action: Action) -> str:
        """The action in plain words, for the player to move. Legal or not, but
        one naming a square off the board, a seat not in the game or a good
        that does not exist raises IllegalActionError."""
        reason = _unnamed(self, action)
        if reason is not None:
            raise IllegalActionError(Refusal("illegal_action", action=_shown(self, action), reason=reason))
        if isinstance(action, EndTurn):
            return "end the turn"
        if isinstance(action, PlaceCamel):
            return f"place a camel on {SQUARE_NAMES[action.to]}"
        if isinstance(action, MoveCamel):
            return f"move a camel from {SQUARE_NAMES[action.frm]} to {SQUARE_NAMES[action.to]}"
        if isinstance(action, PickUp):
            good = self.loose[action.at]
            what = "the good" if good == NONE else f"the {GOODS[good].name}"
            return f"pick up {what} on {SQUARE_NAMES[action.at]}"
        if isinstance(action, Steal):
            name = self.options.name_of(action.victim)
            return f"steal the {GOODS[action.good].name} from {name} on {SQUARE_NAMES[action.at]}"
        moved = GOODS[action.good]
        verb = "deliver" if CITY_WANTS[action.to] == action.good else "move"
        where = f" to {CITY_NAMES[action.to]}" if verb == "deliver" else f" to {SQUARE_NAMES[action.to]}"
        return f"{verb} the {moved.name} from {SQUARE_NAMES[action.frm]}{where}"

    def __iter__(self) -> Iterator[Step]:
        return iter(self.history)

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
                out.append(frozenset(_group(own, start)))
        return out

    def legal_actions_with_cost(self) -> list[tuple[Action, int]]:
        """``legal_actions()`` paired with what each costs now (0 for end, else 1 or 2: R7, I3)."""
        return [(action, self.cost(action)) for action in self.legal_actions()]

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

    @classmethod
    def from_position(
        cls,
        text: str,
        *,
        options: Options | None = None,
        seed: int | None = None,
        chance: Chance | None = None,
    ) -> Game:
        """A game in the position ``text`` (docs/POSITION.md), with no history.

        Raises PositionError for text that is malformed or no game can hold.
        The bag holds the counts the position gives; its order is not part of
        a position (I11), so draws come from ``chance``, ``seed``, or fresh
        randomness. ``options`` give the players' names and colours and a turn
        limit; their player count and variant must be the position's.
        """
        return cls.from_state(parse_position(text), options=options, seed=seed, chance=chance)

    @classmethod
    def from_state(
        cls,
        state: State,
        *,
        options: Options | None = None,
        seed: int | None = None,
        chance: Chance | None = None,
    ) -> Game:
        """A game in the position ``state``; see ``from_position``."""
        check_state(state)
        if options is None:
            options = Options(players=default_players(state.seats), casual=state.casual, short=state.short)
        elif (options.seats, options.casual, options.short) != (state.seats, state.casual, state.short):
            raise PositionError(Refusal("options_not_position"))
        if options.start is None:
            options = replace(options, start=state.seat)
        game = cls(options, seed=seed, chance=chance, setup_draws=_ANY_SETUP)
        game._set_state(state)
        return game

    def _set_state(self, state: State) -> None:
        """Overwrite every field of the position with ``state`` (checked), history and undo emptied."""
        nc = self.camels
        self.loc = [SUPPLY] * (self.seats * nc)
        self.load = [NONE] * (self.seats * nc)
        self.count = [0] * SQUARES
        used = [0] * self.seats
        for camel in sorted(state.camels, key=camel_order):
            i = camel.seat * nc + used[camel.seat]
            used[camel.seat] += 1
            self.loc[i] = camel.square
            self.count[camel.square] += 1
            if camel.good is not None:
                self.load[i] = int(camel.good) + (UNDER if camel.under else 0)
        self.loose = [NONE if g is None else int(g) for g in state.loose]
        self.loose_count = sum(1 for g in state.loose if g is not None)
        self.demand = list(state.demand)
        self.demand_supply = state.demand_supply
        self.markers = list(state.markers)
        self.theft = list(state.theft)
        self.delivered = [n for row in state.delivered for n in row]
        self.bag = list(state.bag)
        self.turn, self.seat, self.left = state.turn, state.seat, state.left
        self.triggered = state.triggered
        self.over = None if state.over is None else Reason(state.over)
        self.winners = self.result() if state.over is not None else ()
        self.history = []
        self._undo = []
        self._refills = []
        self._redo = []
        self.setup_draws = ()
        self._initial_position = format_position(self.state())

    def copy_position(self, *, chance: Chance | None = None) -> Game:
        """An independent game in the same position, without history, undo or
        redo: what a search copies per rollout. Draws come from ``chance`` or
        fresh randomness (I11). ``pop`` on it has nothing to undo."""
        other = Game.__new__(Game)
        other.__dict__.update(self.__dict__)
        other.chance = chance if chance is not None else SystemChance()
        # The state is flat lists of ints: each copied (slices beat a loop over the fields).
        other.loc = self.loc[:]
        other.load = self.load[:]
        other.count = self.count[:]
        other.loose = self.loose[:]
        other.demand = self.demand[:]
        other.theft = self.theft[:]
        other.markers = self.markers[:]
        other.delivered = self.delivered[:]
        other.bag = self.bag[:]
        other.history = []
        other._undo = []
        other._refills = []
        other._redo = []
        return other


def _draw_ints(draws: Sequence[int]) -> tuple[int, ...]:
    """Recorded draws as the engine's ints: a ``Good`` is one (docs/API.md); anything
    that is no int (a bool, a letter, None) is kept, for the checks to refuse by name."""
    return tuple(
        d if type(d) is int else int(d) if isinstance(d, int) and not isinstance(d, bool) else d
        for d in draws
    )


_ANY_SETUP = (0, 0, 1, 1, 2, 2, 3, 3)  # valid set-up draws in every variant, overwritten by from_state


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


def _unnamed(game: Game, action: Action) -> Refusal | None:
    """Why ``action`` names something the game does not have, or None."""
    if isinstance(action, EndTurn):
        return None
    squares = (
        (action.to,)
        if isinstance(action, PlaceCamel)
        else (action.frm, action.to)
        if isinstance(action, (MoveCamel, MoveGood))
        else (action.at,)
        if isinstance(action, (PickUp, Steal))
        else None
    )
    if squares is None:
        return _NOT_ACTION
    if any(_off_board(sq) for sq in squares):
        return _NO_SQUARE
    if isinstance(action, (Steal, MoveGood)) and (
        type(action.good) is not int or not 0 <= action.good < GOOD_COUNT
    ):
        return _NO_GOOD
    if isinstance(action, Steal) and (type(action.victim) is not int or not 0 <= action.victim < game.seats):
        return _NO_PLAYER
    return None


def _shown(game: Game, action: Action) -> str:
    """An action as an error message quotes it: in the notation, or as repr
    when it names a square or good the notation cannot write (PlaceCamel(-1))."""
    reason = _unnamed(game, action)
    if reason is None or reason is _NOT_ACTION:
        return str(action)
    # The notation writes a steal from a seat not in the game; other faults only repr does.
    steal = isinstance(action, Steal) and action.victim >= 0 and reason is _NO_PLAYER
    return str(action) if steal else repr(action)


def _steal_key(action: Steal) -> tuple[int, int, int]:
    return (action.at, action.victim, action.good)
