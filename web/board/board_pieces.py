"""The board's pieces as SVG, and where they sit in board units.

A square's place on the board (``cell_origin``), a good (``cube``: its
shape, colour and letter), a camel with its load (``token_svg``) and where
the tokens of one square are laid out, and each seat's fill pattern. The
board (web/board/board_svg.py), its enlarged squares (web/board/zoom_view.py), the
legend (web/board/legend_svg.py), the new-game form's swatches and the
animations (web/board/motion.py) all draw with these, so a piece looks the same
wherever it is shown.
"""

from __future__ import annotations

from collections.abc import Iterable

from caravan import Camel, Game, Good
from caravan.board import SIZE
from web.board.palette import SEAT_PATTERNS, good_hex, good_ink, ink, player_hex
from web.board.pictograms import good_symbols, pictogram

CELL = 100
MARGIN = 26
PAD = 4
TOKEN_W = 24
TOKEN_H = 28
MIN_TEXT_PX = 10.5  # no text on the board smaller than this, CSS px
# A camel silhouette in a 24 x 20 box (feet at y=20), drawn under its load.
_CAMEL = (
    "M2 11 Q3 5 7 6 Q9 1 12 6 Q14 2 16 7 L19 4 L22 5 L21 8 L19 9 L18 13 "
    "L17 20 L15 20 L15 14 L7 14 L6 20 L4 20 L4 14 Q2 13 2 11 Z"
)
# The loose good and its pick-up area: the top of the square, clear of the centre.
LOOSE_Y = 24
LOOSE_HIT = (26, 2, 48, 44)  # x, y, width, height inside the square
TOKENS_Y = 56  # camels start below the centre (y = 50)


def cell_origin(square: int) -> tuple[int, int]:
    """Top-left of a square in board units: file a on the left, rank 7 on top."""
    return MARGIN + (square % SIZE) * CELL, PAD + (SIZE - 1 - square // SIZE) * CELL


def fitted(size: float, min_font: float) -> tuple[float, float]:
    """A good's side and its letter's font size, the letter at least
    ``min_font``: where the plain letter (0.62 of the side) would be smaller,
    the letter grows to 0.85 of the side and the good grows with it."""
    font = max(size * 0.62, min_font)
    return max(size, font / LETTER_MAX), font


LETTER_MAX = 0.85  # the largest letter a good holds, as a share of its side


def cube(
    cx: float,
    cy: float,
    size: float,
    good: Good,
    extra: str = "",
    *,
    letter: bool = True,
    font: float | None = None,
    badge: bool = False,
    sprite: str = "good",
) -> str:
    """A good: diamond if rare, square if common, with its pictogram inside
    (web/board/pictograms.py), so shape and pictogram tell goods apart as
    well as colour (``letter``: False leaves the pictogram out where it
    would be too small to read; ``font``: the size of a text as readable,
    which the pictogram is at least as large as; ``sprite``: whose
    ``<symbol>``s it uses, the board's or the legend's). ``badge``: a round badge
    with a light rim instead, for a good stolen under a camel (R10)."""
    g = good
    fill = good_hex(g.colour)
    h = size / 2
    if badge:
        r = h + 1.5
        shape = (
            f'<circle cx="{cx}" cy="{cy}" r="{r + 1.2:.1f}" fill="#fff" class="badge-rim"/>'
            f'<circle cx="{cx}" cy="{cy}" r="{r:.1f}" fill="{fill}" stroke="#222" stroke-width="1.5"/>'
        )
        room = r * 1.5
    elif g.rare:
        shape = (
            f'<polygon points="{cx},{cy - h - 2:.1f} {cx + h + 2:.1f},{cy} {cx},{cy + h + 2:.1f} '
            f'{cx - h - 2:.1f},{cy}" fill="{fill}" stroke="#222" stroke-width="1.5"/>'
        )
        room = (h + 2) * 1.45
    else:
        shape = (
            f'<rect x="{cx - h:.1f}" y="{cy - h:.1f}" width="{size:.1f}" height="{size:.1f}" '
            f'rx="{size / 6:.1f}" fill="{fill}" stroke="#222" stroke-width="1.5"/>'
        )
        room = size * 0.86
    side = min(room, max(size * 0.78, 0.0 if font is None else font * 1.2))
    glyph = pictogram(cx, cy, side, g, good_ink(g.colour), sprite) if letter else ""
    return f"<g{extra}>{shape}{glyph}</g>"


def board_defs(game: Game) -> str:
    """The board's ``<defs>``: one fill pattern per seat and every good's pictogram."""
    return seat_patterns(game).replace("</defs>", good_symbols() + "</defs>")


def tokens(game: Game, square: int) -> list[tuple[Camel, int]]:
    """(camel, count) to draw: unladen camels of a seat as one token with a
    count, every laden camel as its own token with its good (``camels_at``
    lists them by seat, unladen ones first)."""
    return group_tokens(game.camels_at(square))


def group_tokens(camels: Iterable[Camel]) -> list[tuple[Camel, int]]:
    """``tokens`` of the camels of one square, listed as ``camels_at`` lists them."""
    out: list[tuple[Camel, int]] = []
    for camel in camels:
        if not camel.laden and out and out[-1][0] == camel:
            out[-1] = (camel, out[-1][1] + 1)
        else:
            out.append((camel, 1))
    return out


def token_key(camel: Camel) -> str:
    """A token's ``data-token``: the contract's ``data-camels`` item (``1``, ``1I``, ``2_C``)."""
    if camel.good is None:
        return str(camel.seat + 1)
    return f"{camel.seat + 1}{'_' if camel.under else ''}{camel.good.letter}"


def token_layout(n: int) -> tuple[int, float]:
    """Tokens per row and their scale for ``n`` tokens on a square: few are
    drawn larger (readable on a phone), many still fit below the centre."""
    if n == 1:
        return (3, 1.7)  # as tall as the space below the centre allows
    if n == 2:
        return (2, 1.55)  # two side by side, each half the square wide
    return (3, 1.35) if n <= 3 else (4, 0.85) if n <= 8 else (6, 0.66)


def token_place(square: int, index: int, n: int, *, lone: bool = False) -> tuple[float, float, float]:
    """Top-left and scale of the ``index``-th of ``n`` tokens on ``square``:
    below the centre (y = 50), which stays the square's own, a lone token
    as large as the room down to the square's edge allows. ``lone``: a
    single unladen camel, the commonest sight, needs no room for a load
    above it: its silhouette fills that room (its box's empty top reaches
    over the centre, but an unladen camel is never a choice and lets clicks
    through to its square)."""
    x, y = cell_origin(square)
    if lone:
        scale = (CELL - LONE_TOP - 1) / CAMEL_H
        return x + 1, y + LONE_TOP - (TOKEN_H - CAMEL_H) * scale, scale
    per_row, scale = token_layout(n)
    step = CELL / per_row
    top = CELL - 1 - TOKEN_H * scale if n == 1 else TOKENS_Y
    return x + (index % per_row) * step + 1, y + top + (index // per_row) * TOKEN_H * scale * 0.75, scale


def lone(toks: list[tuple[Camel, int]]) -> bool:
    """True when a square's tokens are one unladen camel (``token_place``'s ``lone``)."""
    return len(toks) == 1 and toks[0][1] == 1 and toks[0][0].good is None


CAMEL_H = 20  # the silhouette's height in its token's box (under the room for a load)
LONE_TOP = 53  # where a lone unladen camel's silhouette starts, below the centre


# Where a carried good sits in its token's box (its bottom edge), and the
# largest good a token holds (a wider one would hide its camel).
ON_TOP_BOTTOM = 11.5
MAX_GOOD = 22.0


def _pattern(pattern_id: str, seat: int, colour: str) -> str:
    """A seat's fill pattern (SEAT_PATTERNS) in the ink of its colour; "" for plain."""
    kind = SEAT_PATTERNS[seat % len(SEAT_PATTERNS)]
    line = ink(colour)
    if kind == "stripes":
        # thin: the camel still reads as its colour (a black camel as black), the stripes as the cue
        body = (
            f'<path d="M-1 1 L1 -1 M0 6 L6 0 M5 7 L7 5" stroke="{line}" stroke-width="0.9" '
            'stroke-opacity="0.85"/>'
        )
    elif kind == "dots":
        body = f'<circle cx="3" cy="3" r="1.4" fill="{line}"/>'
    elif kind == "checks":
        sq = '<rect x="{0}" y="{0}" width="2.4" height="2.4" fill="{1}"/>'  # teal stays the colour
        body = sq.format(0, line) + sq.format(3, line)
    else:
        return ""
    return f'<pattern id="{pattern_id}" width="6" height="6" patternUnits="userSpaceOnUse">{body}</pattern>'


def seat_patterns(game: Game) -> str:
    """One fill pattern per seat, in that player's ink: the second cue."""
    out = ["<defs>"]
    for seat, player in enumerate(game.options.players):
        out.append(_pattern(f"seat-{seat}", seat, player.colour))
    out.append("</defs>")
    return "".join(out)


def seat_swatch(seat: int, colour: str) -> str:
    """A seat's camel as the board draws it, colour and pattern, for the
    new-game form (its own pattern id: the form has no board's ``defs``)."""
    fill, line = player_hex(colour), ink(colour)
    pattern = _pattern(f"swatch-{seat}", seat, colour)
    over = f'<path d="{_CAMEL}" fill="url(#swatch-{seat})"/>' if pattern else ""
    return (
        f'<svg class="seat-swatch board-art" viewBox="-3 -4 30 29" aria-hidden="true">'
        f'<defs>{pattern}</defs><rect x="-3" y="-4" width="30" height="29" rx="4" class="cell light"/>'
        f'<path d="{_CAMEL}" fill="{fill}" stroke="{line}" stroke-width="1.2"/>{over}</svg>'
    )


def seat_badge(seat: int, colour: str, cx: float, cy: float, size: float) -> str:
    """The seat's number (from 1) on a rounded square of its colour, white
    edged: where the player acted since the watcher's turn (web/app/seen.py).
    A square, not a disc, so it is not taken for a space's number, a demand
    marker or a hint's step; the number tells the players apart without colour."""
    h = size * 0.62
    return (
        f'<rect x="{cx - h:.1f}" y="{cy - h:.1f}" width="{2 * h:.1f}" height="{2 * h:.1f}" rx="{h / 3:.1f}" '
        f'fill="{player_hex(colour)}" class="badge"/>'
        f'<text x="{cx:.1f}" y="{cy:.1f}" font-size="{size:.1f}" fill="{ink(colour)}">{seat + 1}</text>'
    )


def token_svg(game: Game, camel: Camel, count: int, text_min: float, *, show_count: bool = True) -> str:
    """A camel and its load in its own 24 x 28 box (board and enlarged view).
    A good's letter is at least ``text_min`` (token units): the good grows to
    hold it (``fitted``), up to ``MAX_GOOD`` units; where even that is too
    small (a crowded square on a phone) the letter is left out: shape and
    colour still tell the good, the enlarged view and the tooltip name it."""
    seat, good, under = camel.seat, camel.good, camel.under
    player = game.options.players[seat]
    fill = player_hex(player.colour)
    line = ink(player.colour)
    parts = []
    # A dark rim round every camel, then its colour and pattern, then its
    # ink's outline over the pattern: a hatched or checked camel keeps a
    # whole silhouette on any square (a black one a light line inside the rim).
    parts.append(
        f'<path d="{_CAMEL}" transform="translate(0,8)" fill="{fill}" stroke="#111" '
        f'stroke-width="2.4" stroke-linejoin="round" class="camel"/>'
    )
    if SEAT_PATTERNS[seat % len(SEAT_PATTERNS)] != "plain":
        parts.append(
            f'<path d="{_CAMEL}" transform="translate(0,8)" fill="url(#seat-{seat})" class="pattern"/>'
        )
    if line != "#111111" or SEAT_PATTERNS[seat % len(SEAT_PATTERNS)] != "plain":
        parts.append(
            f'<path d="{_CAMEL}" transform="translate(0,8)" fill="none" stroke="{line}" '
            f'stroke-width="{1.1 if line != "#111111" else 1.4}" stroke-linejoin="round" class="outline"/>'
        )
    if good is not None:
        # On top: above the hump. Under (stolen, R10): a round badge with a
        # light rim at the camel's rear, its bottom on the feet, drawn over
        # the camel so that it is seen whole and never taken for a load; the
        # camel's head and hump stay in view.
        if under:
            cls = ' class="under"'
            seen = text_min * 0.57 <= 10.1  # the pictogram at least 6 CSS px
            parts.append(cube(7, 20.5, 13, good, cls, letter=seen, badge=True))
        else:
            size, font = fitted(13, text_min)
            letter = size <= MAX_GOOD
            if not letter:
                size, font = 13, text_min
            top = ON_TOP_BOTTOM - size / 2
            parts.append(cube(12, round(top, 1), size, good, ' class="on-top"', letter=letter, font=font))
    if count > 1 and show_count:
        size = max(9.0, text_min)
        r = size * 0.62
        cx, cy = f"{20 - r / 3:.1f}", f"{5 - r / 3:.1f}"
        parts.append(
            f'<circle cx="{cx}" cy="{cy}" r="{r:.1f}" fill="{line}" class="count-badge"/>'
            f'<text x="{cx}" y="{cy}" class="count" font-size="{size:.1f}" fill="{fill}">{count}</text>'
        )
    return "".join(parts)
