"""What the page shows after an update (``View``), and the tab's title."""

from __future__ import annotations

from caravan.game import Game

from .i18n import _
from .motion import Motion
from .names import name_of


class View:
    """What the page shows after an update: the screen, its markup, and the
    machine-readable state of the contract (absent before a game exists)."""

    __slots__ = (
        "focus",
        "header",
        "left",
        "markup",
        "modal",
        "motion",
        "parts",
        "record",
        "rules",
        "screen",
        "seat",
        "title",
    )

    def __init__(
        self,
        screen: str,
        markup: str,
        record: str | None = None,
        seat: int | None = None,
        left: int | None = None,
        focus: str | None = None,
        title: str = "",
        modal: bool = False,
        motion: Motion | None = None,
    ) -> None:
        self.screen, self.markup = screen, markup
        self.record, self.seat, self.left = record, seat, left
        # Where keyboard focus belongs after this update (a CSS selector of an
        # element in ``markup``), since replacing the markup drops the focus.
        # main.py applies it only when the update came from the keyboard, or
        # always when ``modal`` (a question that must hold the focus).
        self.focus = focus
        self.title = title  # the tab's title: whose turn it is
        self.modal = modal
        self.motion = motion  # what to animate on the board after this update (web/motion.py)
        # The header's tools on every screen, and the rules reference drawn
        # over the screen ("" when closed: web/reference.py); App.view sets them.
        self.header = ""
        self.rules = ""
        # The game screen's markup in its five parts (``Parts``), so that an
        # update that leaves the side column's lower part as it was (a
        # selection: the bag, panels, legend and log unchanged) redraws only
        # the rest, in place; None on other screens (drawn whole).
        self.parts: Parts | None = None


# The game screen's markup is ``LAYOUT.format(*parts)`` for its parts (above
# the layout, the board, the side column's upper part, its lower part
# #side-rest, after the layout): main.py redraws the parts that changed.
LAYOUT = '{0}<div class="layout"><div class="board-wrap">{1}</div><aside class="side">{2}{3}</aside></div>{4}'
Parts = tuple[str, str, str, str, str]


def side_rest(markup: str) -> str:
    """The side column's lower part: #side-rest, a box of its own for the page's
    update only (CSS ``display: contents``: laid out as the column's children)."""
    return f'<div id="side-rest">{markup}</div>'


def title_text(game: Game | None, screen: str) -> str:
    """The tab's title: whose turn it is while a game is played."""
    if game is None or screen not in ("game", "over", "history"):
        return _("Caravan")
    if game.is_over():
        return _("Game over · Caravan")
    return _("{name} to play · Caravan", name=name_of(game, game.seat))
