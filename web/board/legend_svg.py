"""The legend's drawings of every mark the board draws (``#legend``).

Each mark is drawn by the functions that draw the board (web/board/board_svg.py,
web/board/board_pieces.py), so the legend cannot show a mark the board no longer
draws; its state classes become ``...-like``, so that nothing in it is
taken for the board's targets, sources or selection.
"""

from __future__ import annotations

import re

from caravan import ALL_GOODS, Camel, Game, city_wants
from caravan.board import SIZE
from web.app.selection import Selection
from web.board.board_pieces import CELL, LOOSE_Y, cube, seat_badge, token_svg
from web.board.board_svg import Ctx, city_parts, cost_mark, demand_disc, last_mark, space_number
from web.board.targets import Targets, pick_ring, steal_ring, target_mark

# Every kind of mark the board draws, in the order the legend lists them
# (docs/UI-CONTRACT.md, ``#legend``); each is drawn by the board's own code.
LEGEND_SYMBOLS = (
    "space",
    "city",
    "demand",
    "camel",
    "count",
    "laden",
    "under",
    "source",
    "selected",
    "place",
    "quiet",
    "ring",
    "pick",
    "steal",
    "deliver",
    "last-from",
    "last-to",
    "seen",
    "hint",
)


def _cell(cls: str = "light") -> str:
    return f'<rect x="0" y="0" width="{CELL}" height="{CELL}" class="cell {cls}"/>'


def _legend_token(game: Game, camel: Camel, count: int = 1, cls: str = "token", ring: str = "") -> str:
    return (
        f'<g class="{cls}" transform="translate(26,16) scale(2)">{ring}{token_svg(game, camel, count, 0)}</g>'
    )


def legend_symbols(game: Game) -> list[tuple[str, str]]:
    """(key, ``<svg>``) for each of LEGEND_SYMBOLS and one ``camel-N`` per
    seat (its colour and pattern), drawn by the functions that draw the
    board, inside an element of class ``board-art`` that the board's CSS
    also styles: the legend cannot show a mark the board no longer draws."""
    ctx = Ctx(game, Selection(), Targets(game, []), {}, 1.0, None)
    some = ALL_GOODS[0]  # a rare good
    common = ALL_GOODS[-1]
    square = next(sq for sq in range(SIZE * SIZE) if city_wants(sq) is not None)
    want = city_wants(square)
    assert want is not None
    parts: dict[str, str] = {
        "space": _cell() + f'<g class="labels">{space_number(ctx, 0, 0, 3)}</g>',
        "city": '{}<g class="labels">{}</g>'.format(*city_parts(ctx, square, 0, 0, want)),
        "demand": _cell() + f'<g class="labels">{demand_disc(ctx, 0, 0, 2, city=False)}</g>',
        "count": _cell() + _legend_token(game, Camel(0, 0), 3),
        "laden": _cell() + _legend_token(game, Camel(0, 0, some)),
        "under": _cell() + _legend_token(game, Camel(0, 0, common, True)),
        "source": f'<g class="square source">{_cell()}</g>',
        "selected": f'<g class="square source selected">{_cell()}</g>',
        "place": _cell() + f'<g class="target place useful">{target_mark(0, 0, ring=False)}</g>',
        "quiet": _cell() + f'<g class="target place quiet">{target_mark(0, 0, ring=False)}</g>',
        "ring": _cell()
        + f'<g class="target place useful">{target_mark(0, 0, ring=True)}{cost_mark(ctx, 50, 50, 2)}</g>',
        "pick": _cell()
        + f'<g class="loose target pick">{pick_ring(0, 0)}{cube(50, LOOSE_Y, 26, common)}</g>',
        "steal": _cell()
        + _legend_token(game, Camel(1 % game.seats, 0, some), cls="token target steal", ring=steal_ring()),
        "deliver": _cell() + f'<g class="target deliver">{target_mark(0, 0, ring=True)}</g>',
        "last-from": _cell() + last_mark(0, 0, "from"),
        "last-to": _cell() + last_mark(0, 0, "to"),
        "seen": _cell()
        + f'<g class="seen-mark">{seat_badge(0, game.options.players[0].colour, 50, 50, 40)}</g>',
        "hint": _cell() + f'<g class="target place hinted">{target_mark(0, 0, ring=True)}</g>',
    }
    # The part of a square each mark sits in (x, y, width, height), so that
    # it is drawn large enough to read at the legend's size.
    token_box = (20, 12, 60, 64)
    boxes: dict[str, tuple[int, int, int, int]] = {
        "space": (0, 0, 40, 40),
        "demand": (60, 0, 40, 40),
        "count": token_box,
        "laden": (20, 4, 60, 72),
        "under": token_box,
        "place": (20, 20, 60, 60),
        "quiet": (20, 20, 60, 60),
        "pick": (20, 0, 60, 50),
        "steal": (20, 4, 60, 72),
    }
    out = []
    for key in LEGEND_SYMBOLS:
        if key == "camel":
            for seat in range(game.seats):
                body = _cell() + _legend_token(game, Camel(seat, 0))
                out.append((f"camel-{seat}", _legend_svg(body, token_box)))
            continue
        out.append((key, _legend_svg(parts[key], boxes.get(key, (-2, -2, CELL + 4, CELL + 4)))))
    return out


_CLASS = re.compile(r'class="([^"]*)"')
_STATES = frozenset({"target", "source", "selected"})


def _legend_svg(body: str, box: tuple[int, int, int, int]) -> str:
    """A mark for the legend. The board's state classes become ``...-like``
    (styled the same, caravan.css): the legend holds no target, source or
    selection that a click, a test or a screen reader could take for the board's."""

    def like(m: re.Match[str]) -> str:
        names = (f"{c}-like" if c in _STATES else c for c in m.group(1).split())
        return f'class="{" ".join(names)}"'

    body = _CLASS.sub(like, body).replace('href="#good-', 'href="#legend-good-')  # the legend's pictograms
    x, y, w, h = box
    return f'<svg class="icon legend-sym board-art" viewBox="{x} {y} {w} {h}" aria-hidden="true">{body}</svg>'
