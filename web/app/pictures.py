"""How to play's pictures: a chain, a delivery and a steal, each a corner
of the board drawn by the board's own code (web/board/board_svg.py) from a
position of the lesson (web/app/lesson.py), with the move's targets shown."""

from __future__ import annotations

import re
from typing import NamedTuple

from caravan.actions import parse_action
from caravan.board import SIZE
from web.app.lesson import EARLY, LATE, lesson_game
from web.app.selection import Selection, group_actions
from web.board import board_svg
from web.board.board_pieces import CELL, MARGIN, PAD
from web.words.i18n import N_, _, lang, words
from web.words.markup import esc

SHOWN_PX = 240  # about the width a picture is shown at (its texts are sized for it)


class Picture(NamedTuple):
    """``position`` after ``played``, with the targets of ``shown`` drawn;
    the corner of files ``files`` (from, to) and ranks ``ranks`` (from, to), 0-based."""

    key: str
    position: str
    played: tuple[str, ...]
    shown: tuple[str, ...]
    files: tuple[int, int]
    ranks: tuple[int, int]
    caption: str


PICTURES = (
    Picture(
        "chain",
        EARLY,
        ("@c6", "a1-d5", "+c6"),
        ("Sc6>c5", "Sc6>d5"),
        (2, 4),
        (4, 5),
        N_(
            "A chain: your camels on c6, c5 and d5 touch along their sides, so the salt on c6 can "
            "go to either of the others in one action (R11)."
        ),
    ),
    Picture(
        "delivery",
        LATE,
        ("$e3/2H",),
        ("H_e3>e4",),
        (3, 5),
        (2, 3),
        N_(
            "A delivery: the hides under your camel on e3 move onto your camel on Djenné, the city "
            "that wants them. They leave the board and score 3 points at the end (R12, R15)."
        ),
    ),
    Picture(
        "steal",
        LATE,
        (),
        ("$e3/2H",),
        (3, 5),
        (2, 3),
        N_(
            "A steal: your unladen camel shares e3 with a camel carrying hides. For your theft "
            "marker the hides go under your camel (R10)."
        ),
    ),
)

_drawn: dict[str, tuple[object, str]] = {}


def _corner(pic: Picture) -> str:
    game = lesson_game(pic.position)
    for text in pic.played:
        game.push(parse_action(text))
    sel = Selection(group_actions([parse_action(a) for a in pic.shown]))
    (sel.selected,) = set(sel.sources)
    f0, f1 = pic.files
    r0, r1 = pic.ranks
    width, height = (f1 - f0 + 1) * CELL, (r1 - r0 + 1) * CELL
    svg = board_svg.picture(game, SHOWN_PX / width, sel)
    view = f'viewBox="{MARGIN + f0 * CELL} {PAD + (SIZE - 1 - r1) * CELL} {width} {height}"'
    full = f'viewBox="0 0 {board_svg.VIEW} {board_svg.VIEW}"'
    svg = svg.replace(full, view, 1).replace("front-board board-art", "howto-board board-art", 1)
    return _CLASS.sub(_like, svg)


_CLASS = re.compile(r'class="([^"]*)"')
_STATES = frozenset({"target", "source", "selected"})


def _like(m: re.Match[str]) -> str:
    """A state class as the legend's (web/board/legend_svg.py): ``target-like``, styled
    the same, so that nothing in a picture is taken for the board's target or source."""
    return 'class="' + " ".join(f"{c}-like" if c in _STATES else c for c in m.group(1).split()) + '"'


def howto_pictures() -> str:
    """The three pictures with their captions, in the language shown (drawn once per language)."""
    code, said = lang(), words()
    cached = _drawn.get(code)
    if cached is None or cached[0] is not said:
        figures = "".join(
            f'<figure class="howto-picture" data-picture="{p.key}">{_corner(p)}'
            f"<figcaption>{esc(_(p.caption))}</figcaption></figure>"
            for p in PICTURES
        )
        cached = _drawn[code] = (said, f'<div class="howto-pictures">{figures}</div>')
    return cached[1]
