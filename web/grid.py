"""The screen-reader board (issue 14): the 49 spaces as a grid of text, as
lichess's blind mode does, rather than ARIA on the SVG.

One tab stop (roving tabindex): arrow keys move, Home and End go to the
row's ends, a letter a–g or a digit 1–7 jumps to that file or rank
(``moved``). Each cell is named in full from the engine's read API
(``camels_at``, ``loose_at``, ``demand_at``, ``city_wants``) in the words of
caravan/words.py, for the player to move ("your camel"); the markup is the
cell's text itself, so what is read is what is shown.
"""

from __future__ import annotations

from caravan import Game, city_wants
from caravan.board import FILES, NUMBER_OF, RANKS, SQUARE_NAMES, parse_square

from .i18n import _, ngettext, pgettext, words
from .log import good_name
from .markup import esc
from .names import name_of

# The grid's keys besides the files and ranks (docs/UI-CONTRACT.md, "Screen-reader board").
MOVES = {"ArrowUp": (0, 1), "ArrowDown": (0, -1), "ArrowLeft": (-1, 0), "ArrowRight": (1, 0)}


def cell_head(square: int) -> str:
    """The space's name, its city and what the city wants (R12), its number (R3)."""
    head = SQUARE_NAMES[square]
    want = city_wants(square)
    if want is not None:
        head += ", " + _("{city}, wants {good}", city=words().city(square), good=good_name(want))
    number = NUMBER_OF.get(square)
    if number is not None:
        head += ", " + _("space {n}", n=number)
    return head


def cell_contents(game: Game, square: int) -> list[str]:
    """What stands on the space, the player to move's camels first ("your
    camel carrying salt"), then each other seat's, the loose good (R8), the
    demand markers (R12)."""
    parts: list[str] = []
    camels = game.camels_at(square)
    seats = [game.seat] + [s for s in range(game.seats) if s != game.seat]
    for seat in seats:
        mine = seat == game.seat
        unladen = sum(1 for c in camels if c.seat == seat and c.good is None)
        if unladen:
            if mine:
                parts.append(ngettext("your camel", "your {n} camels", n=unladen))
            else:
                parts.append(
                    ngettext("{name}'s camel", "{name}'s {n} camels", n=unladen, name=name_of(game, seat))
                )
        for camel in camels:
            if camel.seat != seat or camel.good is None:
                continue
            good = good_name(camel.good)
            if mine and camel.under:
                parts.append(_("your camel with stolen {good} underneath", good=good))
            elif mine:
                parts.append(_("your camel carrying {good}", good=good))
            elif camel.under:
                parts.append(
                    _("{name}'s camel with stolen {good} underneath", name=name_of(game, seat), good=good)
                )
            else:
                parts.append(_("{name}'s camel carrying {good}", name=name_of(game, seat), good=good))
    loose = game.loose_at(square)
    if loose is not None:
        parts.append(_("{good}, free to pick up", good=good_name(loose)))
    demand = game.demand_at(square)
    if demand:
        parts.append(ngettext("{n} demand marker", "{n} demand markers", n=demand))
    return parts


def cell_name(game: Game, square: int) -> str:
    """``d5, Timbuktu, wants salt: your camel carrying salt; Bashir's camel; 2 demand markers``"""
    parts = cell_contents(game, square)
    if not parts:
        return _("{square}: empty", square=cell_head(square))
    between = pgettext("square, between things", "; ")
    return _("{square}: {contents}", square=cell_head(square), contents=between.join(parts))


def moved(square: int, key: str) -> int | None:
    """The space a key on the grid goes to from ``square``; None when the key
    is not the grid's or leads off the board (the focus stays)."""
    name = SQUARE_NAMES[square]
    f, r = FILES.index(name[0]), RANKS.index(name[1])
    if key in MOVES:
        df, dr = MOVES[key]
        f, r = f + df, r + dr
    elif key == "Home":
        f = 0
    elif key == "End":
        f = len(FILES) - 1
    elif len(key) == 1 and key.lower() in FILES:
        f = FILES.index(key.lower())
    elif len(key) == 1 and key in RANKS:
        r = RANKS.index(key)
    else:
        return None
    if not (0 <= f < len(FILES) and 0 <= r < len(RANKS)):
        return None
    return parse_square(FILES[f] + RANKS[r])


def grid_markup(game: Game, at: int) -> str:
    """The grid, rank 7 at the top as on the board; ``at`` is its one tab stop."""
    rows = []
    for rank in reversed(RANKS):
        cells = []
        for file in FILES:
            square = parse_square(file + rank)
            tab = "0" if square == at else "-1"
            cells.append(
                f'<div role="gridcell" class="sr-cell" data-cell="{SQUARE_NAMES[square]}" tabindex="{tab}">'
                f"{esc(cell_name(game, square))}</div>"
            )
        rows.append(f'<div role="row">{"".join(cells)}</div>')
    return (
        f'<div id="sr-grid" role="grid" aria-labelledby="sr-board-title" aria-describedby="sr-grid-keys">'
        f"{''.join(rows)}</div>"
    )
