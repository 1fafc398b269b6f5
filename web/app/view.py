"""What the page shows after an update (``View``), and the tab's title."""

from __future__ import annotations

from caravan.game import Game
from web.board.motion import Motion
from web.words.i18n import _
from web.words.names import name_of


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
        # the page applies it only when the update came from the keyboard, or
        # always when ``modal`` (a question that must hold the focus).
        self.focus = focus
        self.title = title  # the tab's title: whose turn it is
        self.modal = modal
        self.motion = motion  # what to animate on the board after this update (web/board/motion.py)
        # The header's tools on every screen, and the rules reference drawn
        # over the screen ("" when closed: web/app/reference.py); App.view sets them.
        self.header = ""
        self.rules = ""
        # The game screen's markup in its parts (``Parts``), so that the page
        # redraws in place only the parts an update changed (a selection
        # leaves the bag, panels, legend and log as they were; an action adds
        # a line to the log); None on other screens (drawn whole).
        self.parts: Parts | None = None


# The game screen's markup is ``LAYOUT.format(*parts)`` for its parts: above
# the layout, the board, the side column's upper part (controls, messages),
# then in #side-rest the bag and panels, the legend, the log and the tools,
# and after the layout (the end-turn question). Each of the four in
# #side-rest has a box of its own (CSS ``display: contents``: laid out as the
# column's children), which the page (web/page/paint.py) fills anew when that part changed.
LAYOUT = (
    '{0}<div class="layout"><div class="board-wrap">{1}</div><aside class="side">{2}<div id="side-rest">'
    '<div id="side-stats">{3}</div><div id="side-legend">{4}</div><div id="side-log">{5}</div>'
    '<div id="side-tools">{6}</div></div></aside></div>{7}'
)
Parts = tuple[str, ...]  # eight, in LAYOUT's order
# The boxes of parts 3-6, in #side-rest.
SIDE_BOXES = ("side-stats", "side-legend", "side-log", "side-tools")


def title_text(game: Game | None, screen: str) -> str:
    """The tab's title: whose turn it is while a game is played."""
    if game is None or screen not in ("game", "over", "history"):
        return _("Caravan")
    if game.is_over():
        return _("Game over · Caravan")
    return _("{name} to play · Caravan", name=name_of(game, game.seat))
