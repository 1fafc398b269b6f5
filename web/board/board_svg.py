"""The board as SVG markup: a pure function of the game and the selection.

Squares are drawn from the engine's public position API only (``camels_at``,
``loose_at``, ``demand_at``: docs/API.md); the targets are exactly the
actions the selection got from ``legal_actions()``, each with the cost the
engine gives. Returned as one string so the page assigns it once. Every
source and target is a focusable ``role="button"`` with a spoken name, so
the board can be played from the keyboard (web/page/keys.py turns Enter and Space
into the click).

Targets are quiet, as on lichess: a dot on an empty square, a ring on an
occupied one, the cost only where it is 2; pick-ups, steals and deliveries
have their own colour and shape. A square's centre never holds anything but
the square: goods and camels that can be chosen sit above or below it. A
choice that would be smaller than ``MIN_TAP_PX`` on screen (``unit_px`` is
the size of one board unit in CSS pixels, measured by the page) is not drawn
on the board at all but in the enlarged view of its square
(web/board/zoom_view.py), as is everything on a crowded square. The pieces on the
squares are web/board/board_pieces.py's; the legend draws the marks defined here
(web/board/legend_svg.py).
"""

from __future__ import annotations

import re

from caravan import Camel, Game, Good, city_wants
from caravan.actions import Action, PickUp, Steal
from caravan.board import FILES, NUMBER_OF, RANKS, SIZE, SQUARE_NAMES
from web.app.selection import Selection
from web.board.board_pieces import (
    CELL,
    LOOSE_HIT,
    LOOSE_Y,
    MARGIN,
    MIN_TEXT_PX,
    PAD,
    TOKEN_H,
    TOKEN_W,
    board_defs,
    cell_origin,
    cube,
    fitted,
    group_tokens,
    token_key,
    token_place,
    token_svg,
    tokens,
)
from web.board.city_label import city_label
from web.board.keynav import Ranker
from web.board.palette import good_hex, good_ink
from web.board.squareinfo import square_text
from web.board.targets import (
    MAX_DRAWN,
    Targets,
    cost_place,
    crowded,
    pick_ring,
    steal_ring,
    target_mark,
)
from web.words.i18n import _, capital, ngettext, words
from web.words.kept import Kept
from web.words.markup import esc
from web.words.names import name_of
from web.words.phrases import action_kind, cost_text, describe

VIEW = MARGIN + SIZE * CELL + PAD


_BUTTON = ' role="button" tabindex="0"'


def _source_attrs(key: str, label: str, sel: Selection) -> str:
    pressed = "true" if sel.selected == key else "false"
    return f' data-select="{key}"{_BUTTON} aria-pressed="{pressed}" aria-label="{esc(label)}"'


def _action_attrs(
    game: Game, action: Action, cost: int, *, button: bool = True, hinted: str | None = None
) -> str:
    """``data-action`` and ``data-cost`` (in that order), and the button's name:
    the action in the words of the action list, with its cost; ``data-hint``
    on the action a hint names (``hinted``, docs/UI-CONTRACT.md)."""
    label = capital(_("{action}, {cost}", action=describe(game, action), cost=cost_text(cost)))
    role = _BUTTON if button else ""
    hint = ""
    if hinted is not None and str(action) == hinted:
        hint = ' data-hint="true"'
        label = _("{action} (the hint)", action=label)
    return f' data-action="{esc(action)}" data-cost="{cost}"{hint}{role} aria-label="{esc(label)}"'


_CONTRACT_ATTR = re.compile(r'\s(?:id="board"|(?:data-[a-z-]+|role|aria-label|tabindex)="[^"]*")')


def picture(game: Game, unit_px: float = 0.8, sel: Selection | None = None) -> str:
    """The board drawn for the front page, by ``render_board``: a picture
    (hidden from screen readers, no ids or ``data-`` attributes of the
    contract, no tooltips), so tests and readers never take it for the game's;
    ``sel``: a selection whose targets are drawn (How to play's pictures)."""
    board = render_board(game, sel or Selection(), unit_px=unit_px)
    board = re.sub(r"<title>[^<]*</title>", "", _CONTRACT_ATTR.sub("", board))
    return board.replace("<svg ", '<svg class="front-board board-art" aria-hidden="true" ', 1)


class Ctx:
    """What every part of one render needs."""

    __slots__ = ("game", "marks", "ranker", "sel", "targets", "unit_px", "zoom")

    def __init__(
        self,
        game: Game,
        sel: Selection,
        targets: Targets,
        marks: dict[int, str],
        unit_px: float,
        zoom: int | None,
    ) -> None:
        self.game, self.sel, self.targets, self.marks = game, sel, targets, marks
        self.unit_px, self.zoom = unit_px, zoom
        self.ranker = Ranker(game)

    def text(self, units: float) -> float:
        """A font size in board units, raised to ``MIN_TEXT_PX`` on screen."""
        return max(units, MIN_TEXT_PX / self.unit_px)


def _token(
    ctx: Ctx, square: int, camel: Camel, count: int, index: int, n: int, used: set[str], inline: bool
) -> str:
    game, sel, targets = ctx.game, ctx.sel, ctx.targets
    seat, good, under = camel.seat, camel.good, camel.under
    name = name_of(game, seat)
    x, y, scale = token_place(square, index, n, lone=n == 1 and count == 1 and good is None)
    attrs = ""
    cls = "token"
    if good is None:
        title = ngettext("{name}: {n} camel", "{name}: {n} camels", name=name, n=count)
    else:
        gname = words().good(good)
        if under:
            title = _("{name}'s camel with stolen {good} underneath", name=name, good=gname)
        else:
            title = _("{name}'s camel carrying {good} on top", name=name, good=gname)
        key = f"{good.letter}{'_' if under else ''}{SQUARE_NAMES[square]}"
        # Two camels with the same good on one square are one source (camels
        # are interchangeable): only the first is selectable.
        if inline and seat == game.seat and key in sel.sources and key not in used:
            used.add(key)
            if under:
                label = _("{good} under your camel on {square}", good=gname, square=SQUARE_NAMES[square])
            else:
                label = _("{good} on your camel on {square}", good=gname, square=SQUARE_NAMES[square])
            attrs = _source_attrs(key, capital(label), sel)
            cls += " source selected" if sel.selected == key else " source"
        hit = targets.steal.get((square, seat, good)) if not under and inline else None
        if hit is not None and str(hit[0]) not in used:
            used.add(str(hit[0]))
            attrs = _action_attrs(game, hit[0], hit[1], hinted=sel.hinted)
            cls += " target steal useful"
    ring = steal_ring() if "target" in cls else ""
    return (
        f'<g class="piece" data-token="{token_key(camel)}">'
        f'<g class="{cls}"{attrs} transform="translate({x:.1f},{y:.1f}) scale({scale})">'
        f"<title>{esc(title)}</title>"
        f'<rect x="0" y="0" width="{TOKEN_W}" height="{TOKEN_H}" class="hit"/>{ring}'
        f"{token_svg(game, camel, count, ctx.text(0) / scale, show_count=n <= 3)}</g></g>"
    )


def _camels_attr(game: Game, square: int) -> str:
    """The contract's ``data-camels``: ``1,1I,2_C`` (seat from 1, then the load)."""
    return ",".join(token_key(c) for c in game.camels_at(square))


def city_parts(ctx: Ctx, square: int, x: int, y: int, want: Good) -> tuple[str, str]:
    """A city's ground (a tinted cell, a band in the good's full colour) and
    its labels (the name on the band, the good it wants); the tooltip says
    the rest (web/board/squareinfo.py)."""
    fill = good_hex(want.colour)
    size = ctx.text(13)
    band = size + 8
    # on a phone a long name is drawn narrower, or short (web/board/city_label.py);
    # the whole name is the tooltip's and the enlarged view's
    label, squeeze = city_label(square, size, CELL - 8)
    fit = f' textLength="{squeeze:.1f}" lengthAdjust="spacingAndGlyphs"' if squeeze else ""
    cell = (
        f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" class="cell city" fill="{fill}" '
        f'fill-opacity="0.3" stroke="{fill}"/>'
        f'<rect x="{x}" y="{y}" width="{CELL}" height="{band:.1f}" class="city-band" fill="{fill}"/>'
    )
    wsize = 18 if ctx.unit_px >= 0.7 else 22  # larger on a phone, still clear of the camels below
    labels = (
        f'<text x="{x + 4}" y="{y + band / 2:.1f}" class="city-name" font-size="{size:.1f}"{fit} '
        f'fill="{good_ink(want.colour)}">{esc(label)}</text>'
    )
    seen = wsize * ctx.unit_px >= 7.5
    wx, wy = x + CELL - wsize / 2 - 6, y + band + wsize / 2 + 4
    labels += cube(wx, wy, wsize, want, ' class="wants"', letter=seen)
    return cell, labels


def last_mark(x: float, y: float, mark: str) -> str:
    """The last turn's mark on a square (``from``, ``to`` or both): four
    corners, not a fill, so a city keeps its colour and the square stays
    readable, and not a whole frame, so it is told from the selection's
    frame and a target's ring by shape, not colour alone."""
    a, b, k = 5, CELL - 5, 24  # corners only: neither a target's ring nor the selection's frame
    d = (
        f"M{x + a} {y + a + k}V{y + a}H{x + a + k}M{x + b - k} {y + a}H{x + b}V{y + a + k}"
        f"M{x + b} {y + b - k}V{y + b}H{x + b - k}M{x + a + k} {y + b}H{x + a}V{y + b - k}"
    )
    return f'<path d="{d}" class="last {mark}"/>'


def space_number(ctx: Ctx, x: float, y: float, number: int) -> str:
    """A numbered space's number (R3), in a disc at the top left."""
    size = ctx.text(14)
    r = max(11.0, size * 0.58)  # small beside the loose good on a phone held sideways (c6, e2, g1)
    c = r + 1.5
    return (
        f'<circle cx="{x + c:.1f}" cy="{y + c:.1f}" r="{r:.1f}" class="space-number"/>'
        f'<text x="{x + c:.1f}" y="{y + c:.1f}" class="space-text" font-size="{size:.1f}">{number}</text>'
    )


def demand_disc(ctx: Ctx, x: float, y: float, demand: int, *, city: bool) -> str:
    """The demand markers on a square (R8, R13), as a disc with their count:
    top right, or on a city under its name band, on the left."""
    size = ctx.text(13)
    r = max(12.0, size * 0.58)
    cx, cy = (x + CELL - r - 1.5, y + r + 1.5) if not city else (x + r + 2, y + ctx.text(13) + 8 + r + 2)
    markers = ngettext("{n} demand marker", "{n} demand markers", n=demand)
    return (
        f'<g class="demand"><title>{esc(markers)}</title>'
        f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}" class="demand-marker"/>'
        f'<text x="{cx:.1f}" y="{cy:.1f}" class="demand-text" font-size="{size:.1f}">{demand}</text></g>'
    )


def _square(ctx: Ctx, square: int) -> tuple[str, str]:
    """One square, in four groups drawn in this order: the square's element
    (the button that selects or enlarges it), its labels, what stands on it,
    and the target a place or move makes of it (the second string, "" when
    there is none: a chunk of its own, which a selection changes alone)."""
    toks = tokens(ctx.game, square)
    hit = ctx.targets.squares.get(square)
    return _square_drawn(ctx, square, toks, hit), _target_chunk(ctx, square, toks, hit)


def _square_drawn(
    ctx: Ctx, square: int, toks: list[tuple[Camel, int]], hit: tuple[Action, int] | None
) -> str:
    """The square's first three groups (``_square``): its element, labels and pieces."""
    x, y = cell_origin(square)
    inline = not crowded(ctx.game, ctx.sel, square, ctx.unit_px)
    want = city_wants(square)
    cx, cy, behind = cost_place(x, y, len(toks))
    # No room beside three tokens: the cost goes under them, never over their goods.
    under = cost_mark(ctx, cx, cy, hit[1]) if hit is not None and behind else ""
    if want is None:
        ground = f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" class="cell {_shade(square)}"/>'
        city = ""
    else:
        ground, city = city_parts(ctx, square, x, y, want)
    return (
        _square_element(ctx, square, inline, ground)
        + _labels(ctx, square, toks, inline, city=city, cost=under)
        + _standing(ctx, square, toks, inline)
    )


def _target_chunk(
    ctx: Ctx, square: int, toks: list[tuple[Camel, int]], hit: tuple[Action, int] | None
) -> str:
    """The target a place or move makes of the square (``_square``'s second string)."""
    if hit is None:
        return ""
    x, y = cell_origin(square)
    cx, cy, behind = cost_place(x, y, len(toks))
    badge = "" if behind else cost_mark(ctx, cx, cy, hit[1])
    occupied = bool(toks) or ctx.game.loose_at(square) is not None
    return _square_target(ctx, square, hit[0], hit[1], badge, occupied=occupied)


def _shade(square: int) -> str:
    """A square's colour on the chequered board: a1 is dark."""
    return "light" if (square % SIZE + square // SIZE) % 2 == 0 else "dark"


def _square_element(ctx: Ctx, square: int, inline: bool, ground: str) -> str:
    """The square's own element and the contract's attributes on it
    (docs/UI-CONTRACT.md): its ground, the last turn's mark and, for hover,
    everything on it in words (web/board/squareinfo.py); a source when the
    player's camels there can act, else enlargeable when its choices are too
    small to tap."""
    game, sel = ctx.game, ctx.sel
    name = SQUARE_NAMES[square]
    loose = game.loose_at(square)
    attrs = (
        f'data-square="{name}" data-camels="{_camels_attr(game, square)}" '
        f'data-good="{loose.letter if loose is not None else ""}" '
        f'data-demand="{game.demand_at(square)}"'
    )
    mark = ctx.marks.get(square)
    if mark:
        attrs += f' data-mark="{mark}"'
    cls = "square"
    if name in sel.sources:
        attrs += _source_attrs(name, _("Your camels on {square}", square=name), sel)
        cls += " source selected" if sel.selected == name else " source"
    elif not inline and ctx.zoom != square and sel.sources:
        # Nothing to select on the square itself: a tap opens its enlarged
        # view (not on a board with nothing to play, as in the history view).
        show = capital(_("show everything on {square}", square=name))
        attrs += f' data-zoom="{name}"{_BUTTON} aria-label="{esc(show)}"'
        cls += " zoomable"
    if ctx.zoom == square:
        cls += " zoomed"
    x, y = cell_origin(square)
    last = last_mark(x, y, mark) if mark else ""
    return f'<g class="{cls}" {attrs}><title>{esc(square_text(game, square))}</title>{ground}{last}</g>'


def _labels(
    ctx: Ctx, square: int, toks: list[tuple[Camel, int]], inline: bool, *, city: str, cost: str
) -> str:
    """The square's texts (``city``: a city's name and wanted good, "" on
    other squares; its space number, demand and crowd's count; ``cost``: a
    target's cost drawn under its tokens) beside its element, not in it: a
    button's name holds the text it shows (axe, label-content-name-mismatch),
    and "Your camels on d3" is what it does."""
    x, y = cell_origin(square)
    out = [f'<g class="labels" data-labels="{SQUARE_NAMES[square]}">{city}']
    number = NUMBER_OF.get(square)
    if number is not None:
        out.append(space_number(ctx, x, y, number))
    demand = ctx.game.demand_at(square)
    if demand:
        out.append(demand_disc(ctx, x, y, demand, city=bool(city)))
    if not inline and len(toks) > 3:
        size = ctx.text(12)
        out.append(
            f'<text x="{x + CELL - 4}" y="{y + CELL - size / 2 - 2:.1f}" class="crowd" '
            f'font-size="{size:.1f}">'
            f"{sum(c for _tok, c in toks)}</text>"
        )
    out.append(f"{cost}</g>")
    return "".join(out)


def _standing(ctx: Ctx, square: int, toks: list[tuple[Camel, int]], inline: bool) -> str:
    """What stands on the square: its loose good and its camels (at most
    ``MAX_DRAWN``), drawn beside the square's element, not in it: a tap
    near the centre of a selected square must find the square, and a
    browser's touch adjustment prefers a button inside the one tapped
    (Chromium drops candidates that contain another candidate). Pieces that
    cannot be chosen let clicks through to the square (CSS)."""
    out = [f'<g class="on" data-on="{SQUARE_NAMES[square]}">']
    loose = ctx.game.loose_at(square)
    if loose is not None:
        out.append(_loose(ctx, square, loose, inline))
    used: set[str] = set()
    for n, (camel, count) in enumerate(toks[:MAX_DRAWN]):
        out.append(_token(ctx, square, camel, count, n, len(toks), used, inline))
    out.append("</g>")
    return "".join(out)


def _loose(ctx: Ctx, square: int, loose: Good, inline: bool) -> str:
    """The good lying on the square (R8): a pick-up target with its ring and
    cost when the selection can pick it up here, else named by its tooltip."""
    x, y = cell_origin(square)
    size, font = fitted(26.0 if ctx.unit_px >= 0.7 else 30.0, ctx.text(0))  # larger on a phone
    good = cube(x + 50, y + LOOSE_Y, size, loose, font=font)
    pick = ctx.targets.pick.get(square) if inline else None
    if pick is None:
        free = _("{good}, free to pick up", good=words().good(loose))
        return f'<g class="loose" data-loose="{loose.letter}"><title>{esc(free)}</title>{good}</g>'
    attrs = _action_attrs(ctx.game, pick[0], pick[1], hinted=ctx.sel.hinted)
    badge = cost_mark(ctx, x + 50 + LOOSE_HIT[2] / 2, y + LOOSE_HIT[3], pick[1])
    return (
        f'<g class="loose target pick useful" data-loose="{loose.letter}"{attrs}>'
        f"{pick_ring(x, y)}{good}{badge}</g>"
    )


def cost_mark(ctx: Ctx, cx: float, cy: float, cost: int) -> str:
    """The cost, drawn only where it is 2 (a plain action costs 1)."""
    if cost < 2:
        return ""
    size = ctx.text(15)
    return (
        f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{size * 0.66:.1f}" class="cost-badge"/>'
        f'<text x="{cx:.1f}" y="{cy:.1f}" class="cost-text" font-size="{size:.1f}">{cost}</text>'
    )


def _square_target(ctx: Ctx, square: int, action: Action, cost: int, badge: str, *, occupied: bool) -> str:
    """A place or move target: a dot on an empty square, a ring on an
    occupied one, gold for a delivery; the whole square takes the tap."""
    x, y = cell_origin(square)
    kind = action_kind(ctx.game, action)
    mark = target_mark(x, y, ring=occupied or kind == "deliver")
    # Placements shown before the supply is chosen (Selection.shown) are
    # board choices like any other: a click plays one; the board's one tab
    # stop (web/board/keynav.py rove) may be on one of them.
    attrs = _action_attrs(ctx.game, action, cost, hinted=ctx.sel.hinted)
    # Useful targets (web/board/keynav.py: a delivery, a good moved on, a camel that
    # reaches a good, a city or a chain) are drawn strongly, the rest quietly.
    weight = "useful" if ctx.ranker.useful(action) else "quiet"
    return (
        f'<g{attrs} class="target {kind} {weight}">'
        f'<rect x="{x + 2}" y="{y + 2}" width="{CELL - 4}" height="{CELL - 4}" class="hit"/>'
        f"{mark}{badge}</g>"
    )


def camels_by_square(game: Game) -> dict[int, tuple[Camel, ...]]:
    """``camels_at`` for every square that has camels, from one read of the
    position (``all_camels``: by square, then as ``camels_at`` lists them)."""
    out: dict[int, list[Camel]] = {}
    for camel in game.all_camels():
        out.setdefault(camel.square, []).append(camel)
    return {sq: tuple(cs) for sq, cs in out.items()}


class SquaresDrawn(Kept):
    """The board's markup kept, each piece by everything it is drawn from,
    so that a selection or an action, which changes a few squares, does not
    draw the others again. A square (``_square_drawn``) by its camels, loose
    good and demand, its last-turn mark, whether it is the enlarged one,
    whether the board has any choice (a crowded square is then enlargeable),
    the cost drawn under its tokens, and the choices drawn on it (its
    sources' keys, whether its camels can pick up or steal, the one
    selected, whose turn it is, a good to pick up or camels to steal from
    with their actions and costs, the hint's action); a
    place or move target (``_target_chunk``) by its action and cost, the
    tokens it sits by, whether the square is occupied, whether it is the
    hint's and whether it is drawn strongly (``Ranker.useful``); the head
    (``_head``) by nothing more. What the keys leave out is the context:
    the language (``words()``, a new one for each), the seats' names and
    colours (``game.options``) and the board's scale (``unit_px``); another
    context starts the cache afresh."""

    def __init__(self) -> None:
        super().__init__(limit=2000)  # a short game to its end kept 916 pieces, 0.4 MB of markup

    def for_context(self, game: Game, unit_px: float) -> dict[object, str]:
        return self.within((words(), game.options, unit_px))


SQUARES_DRAWN = SquaresDrawn()


def _head(ctx: Ctx) -> str:
    """The board's first chunk: the seats' patterns, the goods' pictograms, the coordinates."""
    out = [f'{CHUNK}head">', board_defs(ctx.game)]
    size = ctx.text(16)
    for i, f in enumerate(FILES):
        cx = MARGIN + i * CELL + CELL / 2
        out.append(
            f'<text x="{cx}" y="{VIEW - PAD - MARGIN / 2 + 4}" class="coord" '
            f'font-size="{size:.1f}">{f}</text>'
        )
    for i, r in enumerate(RANKS):
        cy = PAD + (SIZE - 1 - i) * CELL + CELL / 2
        out.append(f'<text x="{MARGIN / 2}" y="{cy}" class="coord" font-size="{size:.1f}">{r}</text>')
    out.append("</g>")
    return "".join(out)


def render_board(
    game: Game,
    sel: Selection,
    marks: dict[int, str] | None = None,
    *,
    unit_px: float = 1.0,
    zoom: int | None = None,
    overlay: str = "",
    said: str = "",
) -> str:
    """The whole ``svg#board`` element as markup. ``marks``: squares of the
    last turn's actions (``from``, ``to`` or both, docs/UI-CONTRACT.md);
    ``overlay``: drawn over the squares (a hint's numbered steps, web/app/hint_view.py);
    ``said``: a refill's words over all, shown for a moment by the CSS
    (web/app/seen.py): a chunk of its own, so that the page keeps it, and
    its animation, while the board's other chunks change."""
    ctx = Ctx(game, sel, Targets(game, sel.shown()), marks or {}, max(unit_px, 0.05), zoom)
    selecting = ' data-selecting="true"' if sel.selected else ""  # other sources drawn quietly (CSS)
    kept = SQUARES_DRAWN.for_context(game, ctx.unit_px)
    head = kept.get(("head",))
    if head is None:
        head = kept["head",] = _head(ctx)
    out = [
        f'<svg id="board" viewBox="0 0 {VIEW} {VIEW}" role="group" aria-label="{esc(_("The board"))}" '
        f'data-seat="{game.seat}"{selecting}>',
        head,
    ]
    camels = camels_by_square(game)
    # The choices the selection draws on each square (its sources, a good
    # to pick up, camels to steal from), part of what a square is kept by.
    # Of a square's sources, its drawing reads their keys and whether the
    # square's own can pick up or steal (``crowded``), not their other actions.
    sources: dict[str, list[str]] = {}
    for key in sel.sources:
        sources.setdefault(key[-2:], []).append(key)
    stealing: dict[int, list[tuple[tuple[int, int, int], tuple[Action, int]]]] = {}
    for at, stolen in ctx.targets.steal.items():
        stealing.setdefault(at[0], []).append((at, stolen))
    steals = {sq: tuple(found) for sq, found in stealing.items()}
    picked = sel.selected[-2:] if sel.selected is not None else None
    zoomable = bool(sel.sources)
    for sq in range(SIZE * SIZE):
        name = SQUARE_NAMES[sq]
        here = camels.get(sq, ())
        hit = ctx.targets.squares.get(sq)
        keys = sources.get(name)
        mine = None
        if keys is not None:
            own = sel.sources.get(name, [])
            mine = (
                tuple(keys),
                any(isinstance(a, Steal) for a in own),
                any(isinstance(a, PickUp) for a in own),
            )
        pick = ctx.targets.pick.get(sq)
        prey = steals.get(sq)
        choices = (
            (mine, sel.selected if picked == name else None, game.seat, pick, prey, sel.hinted)
            if mine is not None or pick is not None or prey is not None
            else None
        )
        seen = (
            sq,
            here,
            game.loose_at(sq),
            game.demand_at(sq),
            ctx.marks.get(sq),
            ctx.zoom == sq,
            zoomable,
            None if hit is None else hit[1],
            choices,
        )
        drawn = kept.get(seen)
        if drawn is None:
            drawn = kept[seen] = _square_drawn(ctx, sq, group_tokens(here), hit)
        target = ""
        if hit is not None:
            toks = group_tokens(here)
            occupied = bool(toks) or game.loose_at(sq) is not None
            aim = ("to", sq, *hit, len(toks), occupied, sel.hinted == str(hit[0]), ctx.ranker.useful(hit[0]))
            target = kept.get(aim, "")
            if not target:
                target = kept[aim] = _target_chunk(ctx, sq, toks, hit)
        out.append(f'{CHUNK}{name}">{drawn}</g>{CHUNK}to-{name}">{target}</g>')
    out.append(f'{CHUNK}over">{overlay}</g>{CHUNK}said">{said}</g>')
    out.append(f'{CHUNK}fx" class="fx" aria-hidden="true"></g></svg>')
    return "".join(out)


# Every child of ``svg#board`` is a keyed chunk, ``<g data-chunk="KEY">``: ``head``
# (the seats' patterns and the coordinates), two per square, ``d4`` (its
# element, labels and pieces) and ``to-d4`` (the target a place or move makes
# of it, often empty: a selection shows and hides targets alone), ``over``
# (the overlay), ``said`` (a refill's words) and ``fx`` (the motion's layer), in this order, which is
# the order they are painted in. A frame sends only the chunks an update
# changed (web/worker/frames.py ``board_patch``); the page replaces just those.
CHUNK = '<g data-chunk="'


def chunked(board: str) -> tuple[str, list[tuple[str, str]]] | None:
    """``render_board``'s markup as the ``svg`` element's start tag and its
    chunks, ``(key, markup)`` in order; None for any other markup (an empty
    frame to measure, a front page's picture)."""
    start = board.find(CHUNK)
    end = len(board) - len("</svg>")
    if (
        start < 0
        or not board.startswith("<svg")
        or not board.endswith("</svg>")
        or board.count("<", 0, start) != 1
    ):
        return None
    out = []
    # Each chunk runs from its CHUNK to the next one's (the last to the end tag).
    for cut in board[start + len(CHUNK) : end].split(CHUNK):
        key = cut.find('"')
        if key < 0 or not cut.endswith("</g>"):
            return None
        out.append((cut[:key], CHUNK + cut))
    return board[:start], out


def board_frame() -> str:
    """An empty ``svg#board``, laid out at the board's size: what the page
    measures the board's scale on before drawing it the first time."""
    return f'<svg id="board" viewBox="0 0 {VIEW} {VIEW}" aria-hidden="true"></svg>'
