"""Actions and their text notation (docs/NOTATION.md).

Camels of one player are interchangeable, so an action names squares, not
camels: ``c6-d4`` moves any unladen camel of yours from c6. That keeps the
set of legal actions free of duplicates and makes the notation canonical:
``format_action(parse_action(s)) == s`` for every ``s`` it accepts. Parsing is
exact: no surrounding whitespace, no other case (a front end that wants to be
lenient with what a person types does so itself, as the terminal does).

Every action the engine can produce is created once (at import, or for
moves of goods on first use) and shared; generating legal actions is then
list building, not object building.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from .board import GOOD_BY_LETTER, GOOD_COUNT, GOODS, SQUARE_NAMES, SQUARES, parse_square
from .errors import NotationError
from .quote import excerpt

MAX_SEATS = 4


@dataclass(frozen=True, slots=True)
class PlaceCamel:
    """R7: a camel from your supply onto ``to``."""

    to: int

    def __str__(self) -> str:
        return "@" + SQUARE_NAMES[self.to]


@dataclass(frozen=True, slots=True)
class MoveCamel:
    """R7: an unladen camel of yours from ``frm`` to ``to``."""

    frm: int
    to: int

    def __str__(self) -> str:
        return SQUARE_NAMES[self.frm] + "-" + SQUARE_NAMES[self.to]


@dataclass(frozen=True, slots=True)
class PickUp:
    """R8: the loose good on ``at`` onto an unladen camel of yours there."""

    at: int

    def __str__(self) -> str:
        return "+" + SQUARE_NAMES[self.at]


@dataclass(frozen=True, slots=True)
class Steal:
    """R10: ``good`` from on top of seat ``victim``'s camel on ``at``."""

    at: int
    victim: int
    good: int

    def __str__(self) -> str:
        return f"${SQUARE_NAMES[self.at]}/{self.victim + 1}{GOODS[self.good].letter}"


@dataclass(frozen=True, slots=True)
class MoveGood:
    """R11/R12: ``good`` from a camel of yours on ``frm`` (from under it if
    ``under``) to an unladen camel of yours on ``to``."""

    frm: int
    to: int
    good: int
    under: bool

    def __str__(self) -> str:
        mark = "_" if self.under else ""
        return f"{GOODS[self.good].letter}{mark}{SQUARE_NAMES[self.frm]}>{SQUARE_NAMES[self.to]}"


@dataclass(frozen=True, slots=True)
class EndTurn:
    """R6: end the turn, with or without actions left."""

    def __str__(self) -> str:
        return "end"


Action = PlaceCamel | MoveCamel | PickUp | Steal | MoveGood | EndTurn

# Interned instances, indexed by their fields (see module docstring).
END_TURN = EndTurn()
PLACE: tuple[PlaceCamel, ...] = tuple(PlaceCamel(t) for t in range(SQUARES))
MOVE: tuple[tuple[MoveCamel, ...], ...] = tuple(
    tuple(MoveCamel(f, t) for t in range(SQUARES)) for f in range(SQUARES)
)
PICK: tuple[PickUp, ...] = tuple(PickUp(s) for s in range(SQUARES))
# PLACE / MOVE rows without the source square (I3: no move onto your own square).
MOVE_ROWS: tuple[tuple[MoveCamel, ...], ...] = tuple(
    tuple(MOVE[f][t] for t in range(SQUARES) if t != f) for f in range(SQUARES)
)
# Moves of goods are interned on first use: there are 38,416 possible and a
# game meets a few hundred, and building them all cost most of the import
# (and of the page's boot beyond Pyodide's own).
_MOVE_GOOD: dict[tuple[int, int, int, bool], MoveGood] = {}


def move_good(frm: int, to: int, good: int, under: bool) -> MoveGood:
    """The interned MoveGood with these fields."""
    key = (frm, to, good, under)
    action = _MOVE_GOOD.get(key)
    if action is None:
        action = _MOVE_GOOD[key] = MoveGood(frm, to, good, under)
    return action


STEAL: tuple[tuple[tuple[Steal, ...], ...], ...] = tuple(
    tuple(tuple(Steal(s, v, g) for g in range(GOOD_COUNT)) for v in range(MAX_SEATS)) for s in range(SQUARES)
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
        raise NotationError(f"an action is text, not {type(text).__name__}")
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
    raise NotationError(
        f"{excerpt(text)} is not an action: expected one of @d4 (place), c6-d4 (move a camel), "
        "+c6 (pick up), $c6/2I (steal), Ic6>d4 (move a good) or end"
    )


def _good(letter: str, text: str) -> int:
    try:
        return GOOD_BY_LETTER[letter]
    except KeyError:
        letters = ", ".join(f"{g.letter} ({g.name})" for g in GOODS)
        raise NotationError(f"{excerpt(text)}: {letter!r} is not a good; goods are {letters}") from None


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
