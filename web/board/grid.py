"""The screen-reader board (issue 14): the 49 spaces as a grid of text, as
lichess's blind mode does, rather than ARIA on the SVG.

One tab stop (roving tabindex): arrow keys move, Home and End go to the
row's ends, a letter a–g or a digit 1–7 jumps to that file or rank
(``moved``). Each cell is named in full from the engine's read API
(web/board/squareinfo.py ``cell_name``), for the player to move ("your
camel"); the markup is the cell's text itself, so what is read is what is shown.
"""

from __future__ import annotations

from caravan import Game
from caravan.board import FILES, RANKS, SQUARE_NAMES, parse_square
from web.board.squareinfo import cell_name
from web.page.refocus import cell_moved
from web.words.markup import esc


def moved(square: int, key: str) -> int | None:
    """The space a key on the grid goes to from ``square`` (the page moves
    focus itself: web/page/refocus.py ``cell_moved``); None when the key is
    not the grid's or leads off the board."""
    to = cell_moved(SQUARE_NAMES[square], key, "".join(FILES), "".join(RANKS))
    return None if to is None else parse_square(to)


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
