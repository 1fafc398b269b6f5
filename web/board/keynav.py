"""Keyboard play on the visual board (issue 14): the board is one tab stop,
the arrow keys move between its choices, and focus starts where the next
action most likely starts.

The board's sources and targets are ``role="button"`` elements of the SVG;
only one of them has ``tabindex="0"`` (a roving tab index, ``rove``), so Tab
passes the board in one press. An arrow key moves to the nearest choice in
its direction (``step``): with a source selected, among its targets and the
source itself (Escape drops the selection), else among the sources. Which
choice is nearest is measured on the board's own layout, from the
notation and square of each element, never from the page.

Legality stays the engine's: the choices are the elements the board drew for
``legal_actions()``. This module only orders them: ``rank`` puts the useful
targets first (a delivery, a steal, a pick-up, a good moved along its
chain, a camel that reaches a good, a good to steal or a city its goods go
to, or that joins one of the player's camels carrying a good), read from the
engine's read API (``camels_at``, ``loose_at``, ``seat_camels``); ``useful``
says which are drawn strongly. tests/web/test_keynav.py measures the key
presses per action over whole games.
"""

from __future__ import annotations

import bisect
import functools
import json
import re

from caravan import GOODS, NEIGHBOURS, Game, city_wants
from caravan.actions import Action, MoveCamel, MoveGood, PickUp, PlaceCamel, Steal, parse_action
from caravan.board import SIZE, SQUARE_NAMES, parse_square
from caravan.errors import CaravanError
from web.app.selection import SUPPLY, Selection, source_of
from web.page.refocus import css_of
from web.words.markup import unesc

ARROWS = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}
_CELL = 100  # board units per square (web/board/board_pieces.py's CELL)


def _distance(a: int, b: int) -> int:
    return abs(a % SIZE - b % SIZE) + abs(a // SIZE - b // SIZE)


def _chain_goods(game: Game, seat: int) -> dict[int, set[int]]:
    """For each square beside one of ``seat``'s groups of camels that holds
    a good (R11), the cities those goods go to."""
    mine: dict[int, list[int]] = {}
    for camel in game.seat_camels(seat):
        mine.setdefault(camel.square, []).append(int(camel.good) if camel.good is not None else -1)
    out: dict[int, set[int]] = {}
    seen: set[int] = set()
    for start in mine:
        if start in seen:
            continue
        group, todo = [], [start]
        seen.add(start)
        while todo:
            sq = todo.pop()
            group.append(sq)
            for n in NEIGHBOURS[sq]:
                if n in mine and n not in seen:
                    seen.add(n)
                    todo.append(n)
        cities = {GOODS[g].city_square for sq in group for g in mine[sq] if g >= 0}
        if not cities:
            continue
        for sq in group:
            for n in NEIGHBOURS[sq]:
                if n not in mine:
                    out.setdefault(n, set()).update(cities)
    return out


class Ranker:
    """The legal targets of one position ordered by what they reach (lower is
    more useful); built once per position (the chains are read once)."""

    __slots__ = ("carried", "chains", "game", "prey", "ranks")

    def __init__(self, game: Game) -> None:
        self.game = game
        self.chains = _chain_goods(game, game.seat)
        self.carried = {
            GOODS[int(c.good)].city_square for c in game.seat_camels(game.seat) if c.good is not None
        }
        # The squares with another seat's camel carrying a good on top (R10),
        # from one read of the position rather than one per target.
        self.prey = {
            c.square for c in game.all_camels() if c.seat != game.seat and c.good is not None and not c.under
        }
        self.ranks: dict[Action, int] = {}  # each action's rank, once (the board, focus and home ask)

    def rank(self, action: Action) -> int:
        """0 a delivery, 1 a steal, 2 a pick-up, 3 a good moved along its
        chain (nearer its city first), 10-13 a camel that reaches a loose
        good, a good to steal, a city one of the player's goods goes to, or
        extends a chain carrying a good (nearer its city first); 50 the rest."""
        rank = self.ranks.get(action)
        if rank is None:
            rank = self.ranks[action] = self._rank(action)
        return rank

    def _rank(self, action: Action) -> int:
        game = self.game
        if isinstance(action, Steal):
            return 1
        if isinstance(action, PickUp):
            return 2
        if isinstance(action, MoveGood):
            city = GOODS[action.good].city_square
            if city_wants(action.to) == action.good:
                return 0
            return 3 + min(_distance(action.to, city), 9)
        if isinstance(action, (PlaceCamel, MoveCamel)):
            to = action.to
            if game.loose_at(to) is not None:
                return 10
            if to in self.prey:
                return 11
            if to in self.carried:
                return 12
            cities = self.chains.get(to)
            if cities:
                return 13 + min(min(_distance(to, c) for c in cities), 9)
        return 50

    def useful(self, action: Action) -> bool:
        """Whether the board draws this target strongly (docs/UI-CONTRACT.md)."""
        return self.rank(action) < 50


def home_source(game: Game, sel: Selection, last: Action | None) -> str | None:
    """The source a keyboard player most likely starts the next action from:
    the one with the most useful target (a delivery, a steal, a pick-up, a
    good to move on), else where the last action came from or went (placing
    again, moving the same good on), else the supply, else the first."""
    if not sel.sources:
        return None
    ranker = Ranker(game)
    best, best_rank = None, 10
    for key, actions in sel.sources.items():
        # A camel placed or moved ranks 10 or more: it never makes a source the best.
        r = min((ranker.rank(a) for a in actions if not isinstance(a, (PlaceCamel, MoveCamel))), default=10)
        if r < best_rank:
            best, best_rank = key, r
    if best is not None:
        return best
    if last is not None:
        src = source_of(last)
        if src in sel.sources:
            return src
        to = getattr(last, "to", None)
        if isinstance(to, int) and SQUARE_NAMES[to] in sel.sources:
            return SQUARE_NAMES[to]
    if SUPPLY in sel.sources:
        return SUPPLY
    return None


# ------------------------------------------------------------------ the board's choices

_BUTTON_TAG = re.compile(r'<g\b[^>]*\brole="button"[^>]*>')
_ATTR = re.compile(r'\s(data-select|data-action|data-zoom|class|tabindex)="([^"]*)"')


class Item:
    """One focusable choice drawn on the board: its selector and where it sits."""

    __slots__ = ("attr", "classes", "css", "value", "x", "y")

    def __init__(self, attr: str, value: str, classes: list[str], x: float, y: float) -> None:
        self.attr, self.value, self.classes, self.x, self.y = attr, value, classes, x, y
        self.css = css_of(attr, value)


def _centre(square: int) -> tuple[float, float]:
    return (square % SIZE) * _CELL + 50, (SIZE - 1 - square // SIZE) * _CELL + 50


def _place(attr: str, value: str, index: int) -> tuple[float, float] | None:
    """Where a choice sits, in board units: squares at their centre, a loose
    good above it, goods on camels below (side by side in drawing order)."""
    try:
        if attr in ("data-zoom", "data-select") and len(value) == 2:
            return _centre(parse_square(value))
        if attr == "data-select":
            x, y = _centre(parse_square(value[-2:]))
            return x - 30 + 30 * index, y + 30
        action = parse_action(value)
    except (CaravanError, KeyError, ValueError):
        return None
    if isinstance(action, PickUp):
        x, y = _centre(action.at)
        return x, y - 26
    if isinstance(action, Steal):
        x, y = _centre(action.at)
        return x - 30 + 30 * index, y + 30
    to = getattr(action, "to", None)
    return _centre(to) if isinstance(to, int) else None


# web/board/board_svg.py's CHUNK, which starts each of the board's chunks (it imports this module).
_CHUNK = '<g data-chunk="'


@functools.lru_cache(maxsize=4)
def _split(board: str) -> tuple[tuple[str, ...], tuple[tuple[int, str], ...]] | None:
    """The board's markup cut at each chunk (``board.split(_CHUNK)``), and
    the pieces that hold a choice (a ``role="button"``, which neither
    ``_CHUNK`` nor a cut holds part of), each with its cut's index and
    ``_CHUNK`` put back before it (but the first): the scans below scan
    those alone, and keep what they found in each (most are the same from
    one frame to the next; ``items`` and ``rove`` cut the same board). None
    unless each cut ends with a ``>``: then no tag spans two pieces (a tag
    holds no ``>`` but its last), and a scan of each piece finds what a
    scan of the whole would."""
    cuts = board.split(_CHUNK)
    if len(cuts) < 2 or not all(cut.endswith(">") for cut in cuts[:-1]):
        return None
    return tuple(cuts), tuple((n, _CHUNK + cut if n else cut) for n, cut in enumerate(cuts) if _ROLE in cut)


_ROLE = 'role="button"'  # in every choice's start tag: a piece without it has none


@functools.lru_cache(maxsize=256)
def _choices(markup: str) -> tuple[tuple[str, str, str], ...]:
    """The choices' start tags in ``markup`` as ``(attr, value, class)``, in page order."""
    out = []
    for tag in _BUTTON_TAG.findall(markup):
        attrs = {k: unesc(v) for k, v in _ATTR.findall(tag)}
        attr = next((a for a in ("data-action", "data-select", "data-zoom") if a in attrs), None)
        if attr is not None:
            out.append((attr, attrs[attr], attrs.get("class", "")))
    return tuple(out)


def items(board: str) -> list[Item]:
    """Every focusable choice in the board's markup, in page order."""
    split = _split(board)
    found = _choices(board) if split is None else [c for _, piece in split[1] for c in _choices(piece)]
    out: list[Item] = []
    per_square: dict[tuple[str, str], int] = {}
    for attr, value, classes in found:
        slot = (attr, value[-2:] if attr == "data-select" else value.split("/")[0])
        index = per_square.get(slot, 0)
        per_square[slot] = index + 1
        item = _item(attr, value, classes, index)
        if item is not None:
            out.append(item)
    return out


@functools.lru_cache(maxsize=1024)
def _item(attr: str, value: str, classes: str, index: int) -> Item | None:
    """A choice as ``items`` lists it, kept: items are only read (the arrow keys, the focus)."""
    at = _place(attr, value, index)
    return None if at is None else Item(attr, value, classes.split(), *at)


def reachable(all_items: list[Item]) -> list[Item]:
    """The choices the arrow keys move between: with a source selected, its
    targets and the source itself; else every source (and square to enlarge)."""
    if any("selected" in i.classes for i in all_items):
        return [i for i in all_items if "target" in i.classes or "selected" in i.classes]
    return all_items


def step(all_items: list[Item], current: str, key: str) -> Item | None:
    """The choice an arrow ``key`` moves to from the element ``current``
    (its selector): the nearest ahead in that direction, a choice straight
    ahead preferred to one off to the side. None at the edge."""
    d = ARROWS.get(key)
    if d is None:
        return None
    pool = reachable(all_items)
    here = next((i for i in all_items if i.css == current), None)
    if here is None:
        return pool[0] if pool else None
    best, best_score = None, 0.0
    for item in pool:
        dx, dy = item.x - here.x, item.y - here.y
        along = dx * d[0] + dy * d[1]
        if along <= 1:
            continue
        across = abs(dx * d[1]) + abs(dy * d[0])
        score = along + 2.5 * across
        if best is None or score < best_score:
            best, best_score = item, score
    return best


def arrows(all_items: list[Item]) -> dict[str, dict[str, str]]:
    """For each choice (its selector), where each arrow key moves focus:
    what ``step`` gives for every choice and key, with the same ties (the
    first of the pool); choices with no move at all are left out. The pool
    is sorted along each axis once, and each choice looks ahead in it only
    as far as a choice could still score better: a choice's score is at
    least how far ahead it is."""
    pool = reachable(all_items)
    firsts: dict[str, Item] = {}
    for item in all_items:
        firsts.setdefault(item.css, item)
    by_x = sorted(((item.x, item.y, n, item) for n, item in enumerate(pool)), key=lambda p: p[0])
    by_y = sorted(((item.y, item.x, n, item) for n, item in enumerate(pool)), key=lambda p: p[0])
    xs, ys = [p[0] for p in by_x], [p[0] for p in by_y]
    out: dict[str, dict[str, str]] = {}
    for css, here in firsts.items():
        hx, hy = here.x, here.y
        moves = {}
        for key, (ahead, at) in zip(ARROWS, ((-1, 0), (1, 0), (-1, 1), (1, 1)), strict=True):
            found = _nearest(
                by_y if at else by_x, ys if at else xs, hy if at else hx, hx if at else hy, ahead
            )
            if found is not None:
                moves[key] = found.css
        if moves:
            out[css] = moves
    return out


def _nearest(
    line: list[tuple[float, float, int, Item]], coords: list[float], h: float, across: float, ahead: int
) -> Item | None:
    """The best choice ahead (``ahead`` 1: up the sorted ``line``, -1: down
    it) of a choice at ``h`` on that axis and ``across`` on the other, as
    ``step`` scores it: ``along + 2.5 * |across|`` for ``along`` over 1,
    the lowest score, then the first of the pool. Each score is at least its
    ``along``, which only grows along the way: the look stops past the best."""
    best: Item | None = None
    best_score, best_n = 0.0, 0
    if ahead > 0:
        indices = range(bisect.bisect_right(coords, h), len(line))
    else:
        indices = range(bisect.bisect_left(coords, h) - 1, -1, -1)
    for i in indices:
        c, other, n, item = line[i]
        along = c - h if ahead > 0 else -(c - h)
        if along <= 1:
            continue
        if best is not None and along > best_score:
            break
        score = along + 2.5 * abs(other - across)
        if best is None or score < best_score or (score == best_score and n < best_n):
            best, best_score, best_n = item, score, n
    return best


def rove(board: str, focus: str | None) -> str:
    """The board's markup with one tab stop: the element ``focus`` names
    (a selector as ``css_of`` or the view's focus writes it), else the
    first choice; every other choice ``tabindex="-1"``."""
    wanted = _wanted(focus)
    split = _split(board)
    if split is None:
        out, found = _rove(board, wanted)
    else:  # the pieces in turn, as the whole in one scan: only those with a choice change
        cuts = list(split[0])
        found = False
        for n, piece in split[1]:
            roved, mine = _rove(piece, None if found else wanted)
            cuts[n] = roved[len(_CHUNK) :] if n else roved  # a tag's tabindex changed, not _CHUNK
            found = found or mine
        out = _CHUNK.join(cuts)
    if not found:
        out = out.replace('tabindex="-1"', 'tabindex="0"', 1)
    return out


@functools.lru_cache(maxsize=256)
def _rove(board: str, wanted: str | None) -> tuple[str, bool]:
    """``board`` with the first choice ``wanted`` names the tab stop and
    every other choice ``tabindex="-1"``; whether one was found. A
    function of its arguments alone: the last pieces' are kept."""
    found = [False]

    def one(m: re.Match[str]) -> str:
        tag = m.group(0)
        mine = not found[0] and wanted is not None and wanted in unesc(tag)
        found[0] = found[0] or mine
        return tag.replace('tabindex="0"', 'tabindex="0"' if mine else 'tabindex="-1"')

    return _BUTTON_TAG.sub(one, board), found[0]


def forget_kept() -> None:
    """The board's pieces kept by the scans above, forgotten (tests: the frames of an uncached run)."""
    for kept in (_split, _choices, _item, _rove):
        kept.cache_clear()


def _wanted(focus: str | None) -> str | None:
    """``data-select="c6"`` from a selector such as ``[data-select="c6"]``."""
    if focus is None:
        return None
    m = re.search(r"\[(data-select|data-action|data-zoom)=(\"[^\"]*\")\]", focus)
    if m is None:
        return None
    return f'{m.group(1)}="{json.loads(m.group(2))}"'
