"""The board as SVG markup: a pure function of the game and the selection.

Squares are drawn from the engine's public position API only (``camels_at``,
``loose_at``, ``demand_at``: docs/API.md); the highlighted targets are
exactly the actions the selection got from ``legal_actions()``, each with the
cost the engine gives. Returned as one string so the page assigns it once.
Every source and target is a focusable ``role="button"`` with a spoken name,
so the board can be played from the keyboard (main.py turns Enter and Space
into the click).
"""

from __future__ import annotations

from caravan import Camel, Game, Good, city_wants
from caravan.actions import Action, MoveCamel, MoveGood, PickUp, PlaceCamel, Steal
from caravan.board import CITY_NAMES, FILES, NUMBER_OF, RANKS, SIZE, SQUARE_NAMES, SQUARES, parse_square

from .i18n import capital, t
from .log import cost_text, describe
from .markup import esc
from .palette import good_hex, ink, player_hex
from .selection import SUPPLY, Selection
from .squareinfo import square_text

CELL = 100
MARGIN = 26
PAD = 4
VIEW = MARGIN + SIZE * CELL + PAD
TOKEN_W = 24
TOKEN_H = 28
# A camel silhouette in a 24 x 20 box (feet at y=20), drawn under its load.
_CAMEL = (
    "M2 11 Q3 5 7 6 Q9 1 12 6 Q14 2 16 7 L19 4 L22 5 L21 8 L19 9 L18 13 "
    "L17 20 L15 20 L15 14 L7 14 L6 20 L4 20 L4 14 Q2 13 2 11 Z"
)


def cell_origin(square: int) -> tuple[int, int]:
    """Top-left of a square in board units: file a on the left, rank 7 on top."""
    return MARGIN + (square % SIZE) * CELL, PAD + (SIZE - 1 - square // SIZE) * CELL


def cube(cx: float, cy: float, size: float, good: Good, extra: str = "") -> str:
    """A good: diamond if rare, square if common, with its letter inside, so
    shape and letter tell goods apart as well as colour."""
    g = good
    fill = good_hex(g.colour)
    h = size / 2
    if g.rare:
        shape = (
            f'<polygon points="{cx},{cy - h - 2} {cx + h + 2},{cy} {cx},{cy + h + 2} {cx - h - 2},{cy}" '
            f'fill="{fill}" stroke="#222" stroke-width="1.5"/>'
        )
    else:
        shape = (
            f'<rect x="{cx - h}" y="{cy - h}" width="{size}" height="{size}" rx="{size / 6:.1f}" '
            f'fill="{fill}" stroke="#222" stroke-width="1.5"/>'
        )
    text = (
        f'<text x="{cx}" y="{cy}" class="cube-letter" font-size="{size * 0.62:.1f}" '
        f'fill="{ink(g.colour)}">{g.letter}</text>'
    )
    return f"<g{extra}>{shape}{text}</g>"


def _cost_badge(x: float, y: float, cost: int) -> str:
    return (
        f'<circle cx="{x}" cy="{y}" r="13" class="cost-badge"/>'
        f'<text x="{x}" y="{y}" class="cost-text">{cost}</text>'
    )


_BUTTON = ' role="button" tabindex="0"'


def _source_attrs(key: str, label: str, sel: Selection) -> str:
    pressed = "true" if sel.selected == key else "false"
    return f' data-select="{key}"{_BUTTON} aria-pressed="{pressed}" aria-label="{esc(label)}"'


def _action_attrs(game: Game, action: Action, cost: int) -> str:
    """``data-action`` and ``data-cost`` (in that order), and the button's name:
    the action in the words of the action list, with its cost."""
    label = capital(t("aria.target", action=describe(game, action), cost=cost_text(cost)))
    return f' data-action="{esc(action)}" data-cost="{cost}"{_BUTTON} aria-label="{esc(label)}"'


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


class _Targets:
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


def _tokens(game: Game, square: int) -> list[tuple[Camel, int]]:
    """(camel, count) to draw: unladen camels of a seat as one token with a
    count, every laden camel as its own token with its good (``camels_at``
    lists them by seat, unladen ones first)."""
    out: list[tuple[Camel, int]] = []
    for camel in game.camels_at(square):
        if not camel.laden and out and out[-1][0] == camel:
            out[-1] = (camel, out[-1][1] + 1)
        else:
            out.append((camel, 1))
    return out


def _token(
    game: Game,
    square: int,
    camel: Camel,
    count: int,
    x: float,
    y: float,
    scale: float,
    sel: Selection,
    targets: _Targets,
    used: set[str],
) -> str:
    seat, good, under = camel.seat, camel.good, camel.under
    player = game.options.players[seat]
    fill = player_hex(player.colour)
    line = ink(player.colour)
    name = player.name
    attrs = ""
    cls = "token"
    if good is None:
        title = t("board.camels", name=name, n=count)
    else:
        gname = t("good." + good.label)
        title = t("board.under" if under else "board.on_top", name=name, good=gname)
        key = f"{good.letter}{'_' if under else ''}{SQUARE_NAMES[square]}"
        # Two camels with the same good on one square are one source (camels
        # are interchangeable): only the first is selectable.
        if seat == game.seat and key in sel.sources and key not in used:
            used.add(key)
            label = t("aria.good_under" if under else "aria.good_on", good=gname, square=SQUARE_NAMES[square])
            attrs = _source_attrs(key, capital(label), sel)
            cls += " source selected" if sel.selected == key else " source"
        hit = targets.steal.get((square, seat, good)) if not under else None
        if hit is not None and str(hit[0]) not in used:
            used.add(str(hit[0]))
            attrs = _action_attrs(game, hit[0], hit[1])
            cls += " target"
    parts = [
        f'<g class="{cls}"{attrs} transform="translate({x:.1f},{y:.1f}) scale({scale})">',
        f"<title>{esc(title)}</title>",
        # A steal target gets a hit area wider than the camel: easier to tap.
        f'<rect x="-4" y="-4" width="{TOKEN_W + 8}" height="{TOKEN_H + 8}" class="hit"/>'
        if "target" in cls
        else f'<rect x="0" y="0" width="{TOKEN_W}" height="{TOKEN_H}" class="hit"/>',
    ]
    if good is not None and under:
        # Under: a smaller cube between the legs, drawn before the camel so
        # the camel stands over it, with a dashed outline.
        parts.append(cube(12, 22, 9, good, ' class="under"'))
    parts.append(
        f'<path d="{_CAMEL}" transform="translate(0,8)" fill="{fill}" stroke="{line}" '
        f'stroke-width="1.2" class="camel"/>'
    )
    if good is not None and not under:
        parts.append(cube(11, 6, 10, good, ' class="on-top"'))
    if count > 1:
        parts.append(f'<text x="11" y="19" class="count" fill="{line}">{count}</text>')
    parts.append("</g>")
    return "".join(parts)


def _camels_attr(game: Game, square: int) -> str:
    """The contract's ``data-camels``: ``1,1I,2_C`` (seat from 1, then the load)."""
    out = []
    for camel in game.camels_at(square):
        if camel.good is None:
            out.append(str(camel.seat + 1))
        else:
            out.append(f"{camel.seat + 1}{'_' if camel.under else ''}{camel.good.letter}")
    return ",".join(out)


def _square(game: Game, square: int, sel: Selection, targets: _Targets, flash: dict[int, str]) -> str:
    x, y = cell_origin(square)
    name = SQUARE_NAMES[square]
    light = (square % SIZE + square // SIZE) % 2 == 0
    loose = game.loose_at(square)
    demand = game.demand_at(square)
    attrs = (
        f'data-square="{name}" data-camels="{_camels_attr(game, square)}" '
        f'data-good="{loose.letter if loose is not None else ""}" '
        f'data-demand="{demand}"'
    )
    cls = "square"
    if name in sel.sources:
        attrs += _source_attrs(name, t("aria.camels", square=name), sel)
        cls += " source selected" if sel.selected == name else " source"
    out = [f'<g class="{cls}" {attrs}>']
    want = city_wants(square)
    title = name
    if want is not None:
        g = want
        city = t("city." + CITY_NAMES[square])
        title = f"{name}: " + t("board.city", city=city, good=t("good." + g.label))
        out.append(
            f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" class="cell city" '
            f'fill="{good_hex(g.colour)}" fill-opacity="0.35" stroke="{good_hex(g.colour)}"/>'
        )
        out.append(f'<text x="{x + 5}" y="{y + 16}" class="city-name">{esc(city)}</text>')
        out.append(cube(x + 86, y + 40, 16, want, ' class="wants"'))
    else:
        out.append(
            f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" '
            f'class="cell {"light" if light else "dark"}"/>'
        )
    number = NUMBER_OF.get(square)
    if number is not None:
        title = f"{name}: " + t("board.space", n=number)
        out.append(f'<circle cx="{x + 14}" cy="{y + 14}" r="11" class="space-number"/>')
        out.append(f'<text x="{x + 14}" y="{y + 14}" class="space-text">{number}</text>')
    title = square_text(game, square)  # everything on it in words, for hover (web/squareinfo.py)
    out.insert(1, f"<title>{esc(title)}</title>")
    if demand:
        out.append(f'<g class="demand"><title>{esc(t("board.demand", n=demand))}</title>')
        out.append(f'<circle cx="{x + 84}" cy="{y + 16}" r="12" class="demand-marker"/>')
        out.append(f'<text x="{x + 84}" y="{y + 16}" class="demand-text">{demand}</text></g>')
    if loose is not None:
        pick = targets.pick.get(square)
        if pick is None:
            out.append(cube(x + 50, y + 24, 26, loose, ' class="loose"'))
        else:
            out.append(
                f'<g class="loose target"{_action_attrs(game, pick[0], pick[1])}>'
                f'<rect x="{x + 30}" y="{y + 2}" width="40" height="44" class="hit"/>'
                f"{cube(x + 50, y + 24, 26, loose)}{_cost_badge(x + 76, y + 36, pick[1])}</g>"
            )
    tokens = _tokens(game, square)
    # Few camels are drawn larger (readable on a phone); many still fit the
    # square. Tokens stay below the centre, so a click or tap on the middle
    # of a square always selects the square itself.
    per_row, scale = (3, 1.35) if len(tokens) <= 3 else (4, 0.85) if len(tokens) <= 8 else (6, 0.66)
    step = CELL / per_row
    used: set[str] = set()
    for n, (camel, count) in enumerate(tokens):
        tx = x + (n % per_row) * step + 1
        ty = y + 52 + (n // per_row) * TOKEN_H * scale
        out.append(_token(game, square, camel, count, tx, ty, scale, sel, targets, used))
    if square in flash:
        out.append(f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" class="flash {flash[square]}"/>')
    out.append("</g>")
    hit = targets.squares.get(square)
    if hit is not None:
        action, cost = hit
        out.append(
            f'<g{_action_attrs(game, action, cost)} class="target">'
            f'<rect x="{x + 8}" y="{y + 8}" width="{CELL - 16}" height="{CELL - 16}" rx="8" '
            f'class="target-area"/>{_cost_badge(x + 50, y + 50, cost)}</g>'
        )
    return "".join(out)


def render_board(game: Game, sel: Selection, flash: dict[int, str] | None = None) -> str:
    """The whole ``svg#board`` element as markup."""
    flash = flash or {}
    targets = _Targets(game, sel.targets())
    out = [
        f'<svg id="board" viewBox="0 0 {VIEW} {VIEW}" role="group" aria-label="{esc(t("board.label"))}" '
        f'data-seat="{game.seat}">'
    ]
    for i, f in enumerate(FILES):
        cx = MARGIN + i * CELL + CELL / 2
        out.append(f'<text x="{cx}" y="{VIEW - 8}" class="coord">{f}</text>')
    for i, r in enumerate(RANKS):
        cy = PAD + (SIZE - 1 - i) * CELL + CELL / 2
        out.append(f'<text x="{MARGIN / 2}" y="{cy}" class="coord">{r}</text>')
    out.extend(_square(game, sq, sel, targets, flash) for sq in range(SIZE * SIZE))
    out.append("</svg>")
    return "".join(out)
