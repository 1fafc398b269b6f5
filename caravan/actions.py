"""Actions and their text notation (docs/NOTATION.md).

Camels of one player are interchangeable, so an action names squares, not
camels: ``c6-d4`` moves any unladen camel of yours from c6. That keeps the
set of legal actions free of duplicates and makes the notation canonical:
``format_action(parse_action(s)) == s`` for every ``s`` it accepts. Parsing is
exact: no surrounding whitespace, no other case (a front end that wants to be
lenient with what a person types does so itself, as the terminal does).

Actions are interned: there is one object per value, whichever way it is made
(``MoveCamel(1, 2) is MoveCamel(1, 2)``, and so are ``parse_action``'s,
``dataclasses.replace``'s, ``copy``'s and ``pickle``'s). Equality is
therefore identity and hashing the C ``object.__hash__``, which makes sets and
dicts of actions, what searches build per position, several times cheaper
than dataclass-generated ``__eq__``/``__hash__``. Every action on the board
is built once (at import, or for moves of goods on first use: there are
38,416 of those), so generating legal actions is list building, not object
building. Constructing never validates: ``PlaceCamel(-1)`` is an action, and
``Game.why_illegal``, ``describe`` and ``cost`` say what is wrong with it.
A field equal to an int in range is stored as that int (``Steal(0, 1,
Good.SALT) is Steal(0, 1, 6)``, ``MoveGood(.., under=1)`` has ``under`` True);
other values are kept as given, one object per value while any is alive.
"""

from __future__ import annotations

import re
import weakref
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TypeVar

from .board import GOOD_BY_LETTER, GOOD_COUNT, GOODS, SQUARE_NAMES, SQUARES, parse_square
from .errors import NotationError
from .quote import excerpt
from .refusals import Refusal

MAX_SEATS = 4
_set = object.__setattr__  # frozen dataclasses: fields are set once, here


@dataclass(frozen=True, slots=True, init=False, eq=False, weakref_slot=True)
class PlaceCamel:
    """R7: a camel from your supply onto ``to``."""

    to: int

    def __new__(cls, to: int) -> PlaceCamel:
        if type(to) is int and 0 <= to < SQUARES:
            return PLACE[to]
        t = _index(to, SQUARES)
        return PLACE[t] if t is not None else _odd(cls, (to,))

    def __reduce__(self) -> tuple[type[PlaceCamel], tuple[int]]:
        return (PlaceCamel, (self.to,))

    def __str__(self) -> str:
        return "@" + SQUARE_NAMES[self.to]


@dataclass(frozen=True, slots=True, init=False, eq=False, weakref_slot=True)
class MoveCamel:
    """R7: an unladen camel of yours from ``frm`` to ``to``."""

    frm: int
    to: int

    def __new__(cls, frm: int, to: int) -> MoveCamel:
        f, t = _index(frm, SQUARES), _index(to, SQUARES)
        return MOVE[f][t] if f is not None and t is not None else _odd(cls, (frm, to))

    def __reduce__(self) -> tuple[type[MoveCamel], tuple[int, int]]:
        return (MoveCamel, (self.frm, self.to))

    def __str__(self) -> str:
        return SQUARE_NAMES[self.frm] + "-" + SQUARE_NAMES[self.to]


@dataclass(frozen=True, slots=True, init=False, eq=False, weakref_slot=True)
class PickUp:
    """R8: the loose good on ``at`` onto an unladen camel of yours there."""

    at: int

    def __new__(cls, at: int) -> PickUp:
        a = _index(at, SQUARES)
        return PICK[a] if a is not None else _odd(cls, (at,))

    def __reduce__(self) -> tuple[type[PickUp], tuple[int]]:
        return (PickUp, (self.at,))

    def __str__(self) -> str:
        return "+" + SQUARE_NAMES[self.at]


@dataclass(frozen=True, slots=True, init=False, eq=False, weakref_slot=True)
class Steal:
    """R10: ``good`` from on top of seat ``victim``'s camel on ``at``."""

    at: int
    victim: int
    good: int

    def __new__(cls, at: int, victim: int, good: int) -> Steal:
        a, v, g = _index(at, SQUARES), _index(victim, MAX_SEATS), _index(good, GOOD_COUNT)
        if a is None or v is None or g is None:
            return _odd(cls, (at, victim, good))
        return STEAL[a][v][g]

    def __reduce__(self) -> tuple[type[Steal], tuple[int, int, int]]:
        return (Steal, (self.at, self.victim, self.good))

    def __str__(self) -> str:
        return f"${SQUARE_NAMES[self.at]}/{self.victim + 1}{GOODS[self.good].letter}"


@dataclass(frozen=True, slots=True, init=False, eq=False, weakref_slot=True)
class MoveGood:
    """R11/R12: ``good`` from a camel of yours on ``frm`` (from under it if
    ``under``) to an unladen camel of yours on ``to``."""

    frm: int
    to: int
    good: int
    under: bool

    def __new__(cls, frm: int, to: int, good: int, under: bool) -> MoveGood:
        f, t, g, u = _index(frm, SQUARES), _index(to, SQUARES), _index(good, GOOD_COUNT), _index(under, 2)
        if f is None or t is None or g is None or u is None:
            return _odd(cls, (frm, to, good, under))
        return move_good(f, t, g, u == 1)

    def __reduce__(self) -> tuple[type[MoveGood], tuple[int, int, int, bool]]:
        return (MoveGood, (self.frm, self.to, self.good, self.under))

    def __str__(self) -> str:
        mark = "_" if self.under else ""
        return f"{GOODS[self.good].letter}{mark}{SQUARE_NAMES[self.frm]}>{SQUARE_NAMES[self.to]}"


@dataclass(frozen=True, slots=True, init=False, eq=False, weakref_slot=True)
class EndTurn:
    """R6: end the turn, with or without actions left."""

    def __new__(cls) -> EndTurn:
        return END_TURN

    def __reduce__(self) -> tuple[type[EndTurn], tuple[()]]:
        return (EndTurn, ())

    def __str__(self) -> str:
        return "end"


Action = PlaceCamel | MoveCamel | PickUp | Steal | MoveGood | EndTurn
_T = TypeVar("_T", bound="Action")


def _index(value: object, limit: int) -> int | None:
    """The int in range(limit) that ``value`` is or equals as an int (a bool,
    an IntEnum such as Good), else None: the value has no interned action."""
    if isinstance(value, int) and 0 <= value < limit:
        return int(value)
    return None


def _build(cls: type[_T], *values: object) -> _T:
    """A new action object; only the tables below and ``_odd`` make them."""
    action = object.__new__(cls)
    for name, value in zip(cls.__match_args__, values, strict=True):
        _set(action, name, value)
    return action


# Actions with a field that names nothing on the board (PlaceCamel(-1),
# MoveCamel(3, 1.5)): one object per value while it is in use, then freed,
# so malformed input never grows a table for good.
_ODD: weakref.WeakValueDictionary[tuple[object, ...], Action] = weakref.WeakValueDictionary()


def _odd(cls: type[_T], values: tuple[object, ...]) -> _T:
    key = (cls, *values)
    try:
        action = _ODD.get(key)
    except TypeError:  # an unhashable field: an object of its own
        return _build(cls, *values)
    if action is None:
        action = _ODD[key] = _build(cls, *values)
    return action  # type: ignore[return-value]  # the key's class is cls


# The tables below build thousands of actions at import (the page's boot):
# setting each slot through its descriptor, rather than ``_build``'s loop over
# field names, makes that four times cheaper.
_new = object.__new__


def _setter(cls: type[Action], field: str) -> Callable[[Action, int], None]:
    """The slot descriptor's setter of ``cls.field`` (it bypasses frozen's __setattr__)."""
    setter: Callable[[Action, int], None] = getattr(cls, field).__set__
    return setter


_move_frm, _move_to = _setter(MoveCamel, "frm"), _setter(MoveCamel, "to")
_steal_at, _steal_victim, _steal_good = _setter(Steal, "at"), _setter(Steal, "victim"), _setter(Steal, "good")


def _move_camel(frm: int, to: int) -> MoveCamel:
    action = _new(MoveCamel)
    _move_frm(action, frm)
    _move_to(action, to)
    return action


def _steal(at: int, victim: int, good: int) -> Steal:
    action = _new(Steal)
    _steal_at(action, at)
    _steal_victim(action, victim)
    _steal_good(action, good)
    return action


# Interned instances, indexed by their fields (see module docstring).
END_TURN: EndTurn = _build(EndTurn)
PLACE: tuple[PlaceCamel, ...] = tuple(_build(PlaceCamel, t) for t in range(SQUARES))
MOVE: tuple[tuple[MoveCamel, ...], ...] = tuple(
    tuple(_move_camel(f, t) for t in range(SQUARES)) for f in range(SQUARES)
)
PICK: tuple[PickUp, ...] = tuple(_build(PickUp, s) for s in range(SQUARES))
# PLACE / MOVE rows without the source square (I3: no move onto your own square).
MOVE_ROWS: tuple[tuple[MoveCamel, ...], ...] = tuple(
    tuple(MOVE[f][t] for t in range(SQUARES) if t != f) for f in range(SQUARES)
)
# Moves of goods are interned on first use: there are 38,416 possible and a
# game meets a few hundred, and building them all cost most of the import
# (and of the page's boot beyond Pyodide's own).
_MOVE_GOOD: dict[tuple[int, int, int, bool], MoveGood] = {}


def move_good(frm: int, to: int, good: int, under: bool) -> MoveGood:
    """The interned MoveGood with these fields, which must be in range (ints, and a bool)."""
    key = (frm, to, good, under)
    action = _MOVE_GOOD.get(key)
    if action is None:
        action = _MOVE_GOOD[key] = _build(MoveGood, frm, to, good, under)
    return action


STEAL: tuple[tuple[tuple[Steal, ...], ...], ...] = tuple(
    tuple(tuple(_steal(s, v, g) for g in range(GOOD_COUNT)) for v in range(MAX_SEATS)) for s in range(SQUARES)
)

# ASCII only and anchored with fullmatch: no \d or \w that would let other
# scripts' digits or letters in, and no $ that would accept a final newline.
_SQ = r"([a-g][1-7])"
_PATTERNS = (
    (re.compile(r"@" + _SQ), "place"),
    (re.compile(_SQ + "-" + _SQ), "move"),
    (re.compile(r"\+" + _SQ), "pick"),
    (re.compile(r"\$" + _SQ + r"/([1-4])([A-Z])"), "steal"),
    (re.compile(r"([A-Z])(_?)" + _SQ + ">" + _SQ), "good"),
    (re.compile(r"end"), "end"),
)


_LONGEST = len("I_c6>d4")  # no action is longer; longer text is refused unread


def parse_action(text: str) -> Action:
    """Parse one action in the notation, exactly as ``str(action)`` writes it;
    raises NotationError for anything else (whitespace and case included).

    Whether the action is legal is a separate question (Game.push answers it).
    """
    if not isinstance(text, str):
        raise NotationError(Refusal("notation_not_text", type=type(text).__name__))
    s = text if len(text) <= _LONGEST else ""
    for pattern, kind in _PATTERNS:
        m = pattern.fullmatch(s)
        if not m:
            continue
        g = m.groups()
        if kind == "place":
            return PLACE[parse_square(g[0])]
        if kind == "move":
            return MOVE[parse_square(g[0])][parse_square(g[1])]
        if kind == "pick":
            return PICK[parse_square(g[0])]
        if kind == "steal":
            return STEAL[parse_square(g[0])][int(g[1]) - 1][_good(g[2], text)]
        if kind == "good":
            good = _good(g[0], text)
            return move_good(parse_square(g[2]), parse_square(g[3]), good, g[1] == "_")
        return END_TURN
    raise NotationError(Refusal("notation_unknown", quote=excerpt(text)))


def _good(letter: str, text: str) -> int:
    try:
        return GOOD_BY_LETTER[letter]
    except KeyError:
        letters = ", ".join(f"{g.letter} ({g.name})" for g in GOODS)
        raise NotationError(
            Refusal("notation_good", quote=excerpt(text), letter=repr(letter), goods=letters)
        ) from None


def all_actions() -> Iterator[Action]:
    """Every action the notation can write, legal or not (exhaustive tests)."""
    yield END_TURN
    yield from PLACE
    yield from PICK
    for row in MOVE:
        yield from row
    for per_square in STEAL:
        for per_victim in per_square:
            yield from per_victim
    for f in range(SQUARES):
        for t in range(SQUARES):
            for g in range(GOOD_COUNT):
                yield move_good(f, t, g, False)
                yield move_good(f, t, g, True)


def format_action(action: Action) -> str:
    return str(action)
