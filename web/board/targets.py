"""Where the board's choices are and how they are marked: the selection's
actions indexed by where they are drawn, the order of sources and targets
in the page, when a square's choices are too small to tap on the board
(``crowded``: its enlarged view holds them, web/board/zoom_view.py), and the
marks of a target (a dot, a ring, the rings of a pick-up and a steal, a
cost's place). The board (web/board/board_svg.py), the enlarged view and the
legend (web/board/legend_svg.py) draw with them.
"""

from __future__ import annotations

from caravan import Game
from caravan.actions import Action, MoveCamel, MoveGood, PickUp, PlaceCamel, Steal
from caravan.board import SQUARE_NAMES, SQUARES, parse_square
from web.app.selection import SUPPLY, Selection
from web.board.board_pieces import CELL, LOOSE_HIT, TOKEN_H, TOKEN_W, token_layout, tokens

MIN_TAP_PX = 24  # WCAG 2.2 target size, CSS px


def source_order(key: str) -> tuple[int, int]:
    """Where a source's element comes in the page: the board's squares in
    markup order (a square before the goods on its camels), then the supply."""
    if key == SUPPLY:
        return (SQUARES, 0)
    return (parse_square(key[-2:]), 0 if len(key) == 2 else 1)


def target_order(action: Action) -> tuple[int, int]:
    """Where a target is drawn in the markup: per square, the loose good to
    pick up and the camels to steal from (inside the square's group), then
    the square itself as the destination of a place or move."""
    if isinstance(action, PickUp):
        return (action.at, 0)
    if isinstance(action, Steal):
        return (action.at, 1)
    if isinstance(action, (PlaceCamel, MoveCamel, MoveGood)):
        return (action.to, 2)
    return (SQUARES, 0)


class Targets:
    """The selected source's actions, indexed by where on the board they are drawn."""

    def __init__(self, game: Game, actions: list[Action]) -> None:
        self.squares: dict[int, tuple[Action, int]] = {}
        self.pick: dict[int, tuple[Action, int]] = {}
        self.steal: dict[tuple[int, int, int], tuple[Action, int]] = {}
        for a in actions:
            cost = game.cost(a)
            if isinstance(a, (PlaceCamel, MoveCamel, MoveGood)):
                self.squares[a.to] = (a, cost)
            elif isinstance(a, PickUp):
                self.pick[a.at] = (a, cost)
            elif isinstance(a, Steal):
                self.steal[(a.at, a.victim, a.good)] = (a, cost)


MAX_DRAWN = 12  # tokens drawn on a crowded square; its enlarged view shows them all


def crowded(game: Game, sel: Selection, square: int, unit_px: float) -> bool:
    """True when what can be chosen on ``square`` (goods on the current
    player's camels, the good to pick up, camels to steal from) would be
    smaller than ``MIN_TAP_PX`` on screen, or the square holds more camels
    than can be read at once: its choices then live in its enlarged view
    (web/board/zoom_view.py)."""
    toks = tokens(game, square)
    if len(toks) > 3:
        return True
    name = SQUARE_NAMES[square]
    goods = any(len(k) > 2 and k.endswith(name) for k in sel.sources)
    own = sel.sources.get(name, [])
    steal = any(isinstance(a, Steal) for a in own)
    pick = any(isinstance(a, PickUp) for a in own)
    _n, scale = token_layout(len(toks))
    if (goods or steal) and TOKEN_W * scale * unit_px < MIN_TAP_PX:
        return True
    return pick and min(LOOSE_HIT[2:]) * unit_px < MIN_TAP_PX


def cost_place(x: float, y: float, n: int) -> tuple[float, float, bool]:
    """Where the cost of a move onto ``n`` tokens is drawn (R7: 2 only onto
    camels), and whether behind them: beside the tokens, clear of the loose
    good above them and of the demand disc, so that it never covers a carried good."""
    if n == 1:
        return x + 70, y + 62, False
    if n == 2:
        return x + 83.5, y + 68, False
    return x + 50, y + 50, n >= 3


def pick_ring(x: float, y: float) -> str:
    """The ring around a good that can be picked up (R8), which takes the tap."""
    hx, hy, hw, hh = LOOSE_HIT
    return f'<rect x="{x + hx}" y="{y + hy}" width="{hw}" height="{hh}" rx="8" class="hit pick-ring"/>'


def steal_ring() -> str:
    """The ring around a camel whose good can be stolen (R10), in its token's box."""
    return f'<rect x="-1.5" y="-1.5" width="{TOKEN_W + 3}" height="{TOKEN_H + 3}" rx="5" class="steal-ring"/>'


def target_mark(x: float, y: float, *, ring: bool) -> str:
    """Where a camel or a good can go: a dot on an empty square, a ring on
    an occupied one or a city to deliver to."""
    if ring:
        return f'<rect x="{x + 4}" y="{y + 4}" width="{CELL - 8}" height="{CELL - 8}" rx="14" class="ring"/>'
    return f'<circle cx="{x + 50}" cy="{y + 50}" r="12" class="dot"/>'
