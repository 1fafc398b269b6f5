"""The screen-reader board (issue 14): the 49 spaces as a grid of text, as
lichess's blind mode does, rather than ARIA on the SVG.

One tab stop (roving tabindex): arrow keys move, Home and End go to the
row's ends, a letter a–g or a digit 1–7 jumps to that file or rank
(``moved``). Each cell is named in full from the engine's read API
(web/squareinfo.py ``cell_name``), for the player to move ("your
camel"); the markup is the cell's text itself, so what is read is what is shown.
"""

from __future__ import annotations

from caravan import Game
from caravan.board import FILES, RANKS, SQUARE_NAMES, parse_square

from .markup import esc
from .squareinfo import cell_name

# The grid's keys besides the files and ranks (docs/UI-CONTRACT.md, "Screen-reader board").
MOVES = {"ArrowUp": (0, 1), "ArrowDown": (0, -1), "ArrowLeft": (-1, 0), "ArrowRight": (1, 0)}


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
