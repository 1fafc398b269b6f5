"""The game: state, legality, apply (push) and undo (pop), like a chess Board.

``Game`` is in three parts, each in its own module: listing the legal actions
(``Generation``, caravan/legal.py), reading the position (``Reading``,
caravan/reading.py), and here the state and its copies, ``why_illegal``, and
apply and undo. The state's encoding and the lookups every part shares are in
caravan/slots.py.

State is a handful of flat int lists, changed in place, so that bots can play
thousands of games (camels as slots, see caravan/slots.py). Each action of
the history keeps a small undo entry (a diff, see ``Game._undo``), so a long
game or a deep search costs little memory.

For searches: ``push_legal`` applies an action just listed by
``legal_actions()`` without checking it again (like python-chess's push),
and ``legal_by_kind()`` answers "which pick-ups, steals or deliveries can I
make" without testing the type of every action.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import replace
from itertools import product
from typing import NamedTuple

from . import events as ev
from .actions import (
    Action,
    EndTurn,
    MoveCamel,
    MoveGood,
    PickUp,
    PlaceCamel,
    Steal,
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
from .goods import camels_per_player
from .legal import Generation, LegalActions
from .options import Options, default_players
from .position import check_state, format_position, parse_position
from .reading import Reading, ScoreLine, penalty
from .refusals import Refusal
from .slots import NONE, SUPPLY, UNDER, cargo, carrier_slot, off_board, unladen_slot
from .state import Reason, State, camel_order

__all__ = [  # what other modules import from here (caravan/__init__.py: from caravan import Game)
    "NONE",
    "REFILL_AT",
    "SUPPLY",
    "UNDER",
    "Game",
    "LegalActions",
    "ScoreLine",
    "Step",
    "actions_for_turn",
    "cargo",
    "penalty",
]

REFILL_AT = 4  # R13
# The undo entries' layout (see ``Game._undo``), each field named once here.
_SLOT_BITS = 5  # a camel's slot fits in 5 bits: at most 4 seats * 6 camels (R1)
_SLOT = (1 << _SLOT_BITS) - 1  # the entry's first field: a camel's slot
# Its second field (<< _SLOT_BITS): a second camel's slot (the receiver, the victim).
_LEFT = 7  # an end of turn's entry: the actions left before the turn ended (R5: at most 4)
_ENDED = 8  # an end of turn's entry: it ended the game (I10)
_DELIVERY_ENDED = 1 << (2 * _SLOT_BITS)  # a delivery's entry: it ended the game (R14)
_REFILLED = 1 << _SLOT_BITS  # a pick-up's entry: a refill followed (R13), kept in Game._refills
_TAKEN = _SLOT_BITS + 1  # a pick-up's entry: the demand markers taken (R8) << _TAKEN, as many as lay there
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
_BY_AGREEMENT = Reason.AGREED  # a module constant: an Enum member's lookup costs pop ~70 ns
_new_tuple = tuple.__new__  # builds a NamedTuple without its keyword-handling __new__


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


# An undo entry (``Game._undo``, one int per action of the history): what
# ``Game.pop`` needs that the action and the state after it do not tell, in
# the fields named at the top of this module. A camel move or placement: the
# camel's slot. An end of turn: the actions left before it (_LEFT) | _ENDED if
# it ended the game (I10). A move of a good: the carrier's slot | the
# receiver's << _SLOT_BITS, or for a delivery the carrier's | _DELIVERY_ENDED
# if it ended the game (R14). A steal: the thief's slot | the victim's <<
# _SLOT_BITS. A pick-up: the camel's slot | the demand markers taken <<
# _TAKEN, | _REFILLED if a refill followed (R13), whose own entry is on
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


class Game(Generation, Reading):
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

    def legal_actions_with_cost(self) -> list[tuple[Action, int]]:
        """``legal_actions()`` paired with what each costs now (0 for end, else 1 or 2: R7, I3)."""
        return [(action, self.cost(action)) for action in self.legal_actions()]

    def cost(self, action: Action) -> int:
        """Actions the action would use now (R7 with I3, and 1 for the others).
        An action naming a square off the board raises IllegalActionError."""
        if isinstance(action, EndTurn):
            return 0
        if isinstance(action, (PlaceCamel, MoveCamel)):
            to = action.to
            if off_board(to):
                raise IllegalActionError(Refusal("illegal_action", action=repr(action), reason=_NO_SQUARE))
            return 2 if self.count[to] else 1
        return 1

    def is_legal(self, action: Action) -> bool:
        return self.why_illegal(action) is None

    def why_illegal(self, action: Action) -> Refusal | None:
        """None if the action is legal now, else why not: a ``Refusal`` (a code
        with parameters, and as a str the reason in plain English)."""
        found = self._camels_for(action)
        return found if isinstance(found, Refusal) else None

    def _camels_for(self, action: Action) -> Refusal | int:
        """Why ``action`` is illegal now, or, when it is legal, the camels it
        uses: their slots as its undo entry holds them (the camel's | the
        other camel's << _SLOT_BITS; see ``Game._undo``), 0 for an end of turn.

        push and push_recorded hand these to ``_do``, which then need not look
        for the camels again; why_illegal keeps only the verdict. One check per
        kind, dispatched on the exact type first (cheaper than isinstance)."""
        if self.over is not None:
            return _OVER
        # Kinds in the order of how often games play them.
        if type(action) is MoveCamel:
            return self._camel_to_move(action)
        if type(action) is MoveGood:
            return self._goods_camels(action)
        if type(action) is EndTurn:
            return 0
        if type(action) is PickUp or type(action) is Steal:
            return self._taking_camels(action)
        if type(action) is PlaceCamel:
            return self._camel_to_move(action)
        return self._camels_for_subclass(action)

    def _camels_for_subclass(self, action: Action) -> Refusal | int:
        """``_camels_for`` for what is not exactly one of the action classes
        (a subclass, or no action at all)."""
        if isinstance(action, EndTurn):
            return 0
        if isinstance(action, (MoveCamel, PlaceCamel)):
            return self._camel_to_move(action)
        if isinstance(action, MoveGood):
            return self._goods_camels(action)
        if isinstance(action, (PickUp, Steal)):
            return self._taking_camels(action)
        return Refusal("not_an_action_repr", action=repr(action))

    def _camel_to_move(self, action: MoveCamel | PlaceCamel) -> Refusal | int:
        """R7 and I3: the camel placed from the supply or the unladen one
        moved, or why there is none or it cannot go."""
        to = action.to
        if off_board(to):
            return _NO_SQUARE
        seat, nc = self.seat, self.camels
        base = seat * nc
        end = base + nc
        loc = self.loc
        if isinstance(action, PlaceCamel):
            if self.left == 0:
                return _NO_ACTIONS
            i = unladen_slot(loc, self.load, SUPPLY, base, end)  # camels in the supply carry nothing
            if i < 0:
                return Refusal("no_camel_in_supply")
        else:
            frm = action.frm
            if off_board(frm):
                return _NO_SQUARE
            if self.left == 0:
                return _NO_ACTIONS
            i = unladen_slot(loc, self.load, frm, base, end)
            if i < 0:
                if frm not in loc[base:end]:
                    return Refusal("no_camel_on", square=SQUARE_NAMES[frm])
                return Refusal("laden_cannot_move")
            if frm == to:
                return Refusal("already_there")
        if self.count[to] and self.left < 2:
            return Refusal("occupied_costs_two", square=SQUARE_NAMES[to])
        return i

    def _goods_camels(self, action: MoveGood) -> Refusal | int:
        """R11 and I4: the camel of ours carrying the good | the unladen one in
        its group receiving it << _SLOT_BITS, or why there is none."""
        frm, to = action.frm, action.to
        if off_board(to) or off_board(frm):
            return _NO_SQUARE
        if self.left == 0:
            return _NO_ACTIONS
        good = action.good
        if type(good) is not int or not 0 <= good < GOOD_COUNT:
            return _NO_GOOD
        seat, nc = self.seat, self.camels
        base = seat * nc
        end = base + nc
        loc, load = self.loc, self.load
        i = carrier_slot(loc, load, frm, good + UNDER if action.under else good, base, end)
        if i < 0:
            carrier = "no_carrier_under" if action.under else "no_carrier"
            return Refusal(carrier, good=GOODS[good].letter, square=SQUARE_NAMES[frm])
        j = unladen_slot(loc, load, to, base, end)
        if j < 0:
            return Refusal("no_receiver", square=SQUARE_NAMES[to])
        if frm != to and to not in NEIGHBOURS[frm] and not self._connected(base, nc, frm, to):
            return Refusal("not_connected", frm=SQUARE_NAMES[frm], to=SQUARE_NAMES[to])
        return i | j << _SLOT_BITS

    def _taking_camels(self, action: PickUp | Steal) -> Refusal | int:
        """R8 and R10: the unladen camel of ours taking a loose good (| the
        victim's camel << _SLOT_BITS, for a steal), while one of ours stays
        unladen; or why it cannot."""
        at = action.at
        if off_board(at):
            return _NO_SQUARE
        if self.left == 0:
            return _NO_ACTIONS
        seat, nc = self.seat, self.camels
        base = seat * nc
        end = base + nc
        loc, load = self.loc, self.load
        laden = nc - load[base:end].count(NONE)
        i = unladen_slot(loc, load, at, base, end)
        if isinstance(action, PickUp):
            if i < 0:
                return Refusal("no_unladen_camel", square=SQUARE_NAMES[at])
            if self.loose[at] == NONE:
                return Refusal("nothing_to_pick_up", square=SQUARE_NAMES[at])
            if laden + 1 >= nc:
                return Refusal("pick_up_all_laden")
            return i
        victim, good = action.victim, action.good
        if type(victim) is not int or not 0 <= victim < self.seats:
            return _NO_PLAYER
        if type(good) is not int or not 0 <= good < GOOD_COUNT:
            return _NO_GOOD
        if victim == seat:
            return Refusal("steal_from_self")
        if self.theft[seat] == 0:
            return Refusal("no_theft_marker")
        if i < 0:
            return Refusal("no_unladen_camel", square=SQUARE_NAMES[at])
        j = carrier_slot(loc, load, at, good, victim * nc, victim * nc + nc)
        if j < 0:
            if carrier_slot(loc, load, at, good + UNDER, victim * nc, victim * nc + nc) >= 0:
                return Refusal("steal_under")
            return Refusal(
                "no_victim_camel", player=victim + 1, good=GOODS[good].letter, square=SQUARE_NAMES[at]
            )
        if laden + 1 >= nc:
            return Refusal("steal_all_laden")
        return i | j << _SLOT_BITS

    # ----------------------------------------------------------------- changes

    def push(self, action: Action) -> list[ev.Event]:
        """Apply a legal action and return its events; an illegal one raises
        IllegalActionError and changes nothing."""
        found = self._camels_for(action)
        if type(found) is not int:
            raise IllegalActionError(Refusal("illegal_action", action=_shown(self, action), reason=found))
        if self._redo:
            self._redo.clear()
        return self._do(action, None, False, found)

    def push_legal(self, action: Action) -> None:
        """``push`` for searches: no legality check, and no events.

        ``action`` must be one of ``legal_actions()`` (or ``legal_by_kind()``)
        of this very position. Like python-chess's ``Board.push`` it trusts the
        caller: anything else may corrupt the game instead of raising. The
        state, history, undo and redo are exactly as after ``push``; use
        ``push`` for input from players or files, or to get the events."""
        if self._redo:
            self._redo.clear()
        self._do(action, None, True, -1)

    def push_recorded(self, action: Action, draws: Sequence[int]) -> list[ev.Event]:
        """Apply an action with the draws it made before (``Step.draws``, or
        ``events.draws_of(events)``), for replaying a record or re-applying a
        line a search remembers: after ``pop`` a plain ``push`` draws anew (I11).
        Raises IllegalActionError, leaving the position as it was, if the
        action is illegal or the draws are not ones it can make from this bag.

        push's check and code: most actions draw nothing, so empty draws are
        passed on as they are, not converted (loading a record or a link)."""
        found = self._camels_for(action)
        if type(found) is not int:
            raise IllegalActionError(Refusal("illegal_action", action=_shown(self, action), reason=found))
        events = self._do(action, _draw_ints(draws) if draws else (), False, found)
        if self._redo:  # a new action ends what redo could replay; after _do: bad draws change nothing
            self._redo.clear()
        return events

    def pop(self) -> Action:
        """Undo the last action, restoring the exact previous state.

        IndexError if there is nothing to undo. A game the players agreed to
        end (I10) stays ended: pop raises IllegalActionError and changes nothing.
        """
        if self.over is _BY_AGREEMENT:
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
            i, taken = entry & _SLOT, entry >> _TAKEN
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
        return self._do(step.action, step.draws, False, -1)

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

    def _do(self, action: Action, draws: tuple[int, ...] | None, quiet: bool, camels: int) -> list[ev.Event]:
        """Apply a checked action. ``draws`` are recorded draws to make instead
        of drawing from chance (they are checked before anything changes).
        ``quiet`` (push_legal) may skip building the events of the commonest
        actions and return an empty list instead. ``camels``: the slots the
        check found (``_camels_for``), or -1 to look for them here (push_legal, redo).

        Every action leaves a small undo entry (see ``Game._undo``): for most
        a small int that Python shares, so history costs little memory."""
        seat, turn = self.seat, self.turn
        if type(action) is MoveCamel or type(action) is PlaceCamel:  # type() is: cheaper than isinstance
            if draws:
                raise IllegalActionError(_TOO_MANY_DRAWS)
            loc, count = self.loc, self.count
            to = action.to
            frm = action.frm if type(action) is MoveCamel else SUPPLY
            i = camels
            if i < 0:
                base = seat * self.camels
                i = unladen_slot(loc, self.load, frm, base, base + self.camels)  # -1: unchecked misuse
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
            if camels < 0:  # unchecked: the carrier and the unladen camel to receive it (-1: misuse)
                i = carrier_slot(loc, load, frm, good + UNDER if under else good, base, end)
                j = unladen_slot(loc, load, to, base, end)
            else:
                i, j = camels & _SLOT, camels >> _SLOT_BITS
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
            i = camels if camels >= 0 else unladen_slot(loc, load, at, base, end)  # -1: unchecked misuse
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
                self._undo.append(i | taken << _TAKEN)
                self.history.append(_new_tuple(Step, (action, (), seat, turn)))
                return _QUIET if quiet else [ev.GoodPickedUp(seat, at, good, taken)]
            triggered = self.triggered
            out = _QUIET if quiet else [ev.GoodPickedUp(seat, at, good, taken)]
            marked, filled, drawn = self._refill(draws, None if quiet else out)
            self._undo.append(i | taken << _TAKEN | _REFILLED)
            self._refills.append(_Refill(marked, filled, triggered))
            self.history.append(_new_tuple(Step, (action, drawn, seat, turn)))
            return out
        if type(action) is Steal:  # R10
            if draws:
                raise IllegalActionError(_TOO_MANY_DRAWS)
            at, victim, good = action.at, action.victim, action.good
            if camels < 0:  # unchecked: the thief's camel and the victim's
                i = unladen_slot(loc, load, at, base, end)
                j = carrier_slot(loc, load, at, good, victim * nc, victim * nc + nc)
                if i < 0 or j < 0:
                    raise AssertionError("a checked action found no camel")
            else:
                i, j = camels & _SLOT, camels >> _SLOT_BITS
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
        # Field by field, in __init__'s order, never through __dict__: touching
        # an instance's __dict__ makes CPython (3.11) keep its attributes in a
        # dict of their own, every read of them after about twice as slow, in
        # the original and the copy alike (push_legal+pop: ~1.4 us against ~1.9).
        other.options = self.options
        other.chance = chance if chance is not None else SystemChance()
        other.seats = self.seats
        other.camels = self.camels
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
        other.demand_supply = self.demand_supply
        other.loose_count = self.loose_count
        other.turn = self.turn
        other.start = self.start
        other.seat = self.seat
        other.left = self.left
        other.triggered = self.triggered
        other.over = self.over
        other.winners = self.winners
        other.history = []
        other._undo = []
        other._refills = []
        other._redo = []
        other.setup_draws = self.setup_draws
        if self._initial_position is not None:  # a game from_state's (Reading's default: None)
            other._initial_position = self._initial_position
        return other


def _draw_ints(draws: Sequence[int]) -> tuple[int, ...]:
    """Recorded draws as the engine's ints: a ``Good`` is one (docs/API.md); anything
    that is no int (a bool, a letter, None) is kept, for the checks to refuse by name."""
    return tuple(
        d if type(d) is int else int(d) if isinstance(d, int) and not isinstance(d, bool) else d
        for d in draws
    )


_ANY_SETUP = (0, 0, 1, 1, 2, 2, 3, 3)  # valid set-up draws in every variant, overwritten by from_state


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
    if any(off_board(sq) for sq in squares):
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
