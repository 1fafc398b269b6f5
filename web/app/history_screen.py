"""The history view's screen: which game's history is open, the step shown,
the keys that step through it, and the screen it returns to."""

from __future__ import annotations

from collections.abc import Callable

from caravan.game import Game
from web.app import pages
from web.app.history import History
from web.app.services import Page, Services
from web.app.view import View, title_text

HISTORY_KEYS = {"ArrowLeft": -1, "ArrowRight": 1, "Home": -(10**9), "End": 10**9}


class HistoryScreen:
    """The history open (None when the view is closed) and where it returns."""

    def __init__(self, services: Services, page: Page) -> None:
        self.sv = services
        self.page = page
        self.history: History | None = None
        self.back = "game"  # the screen the history view returns to
        self.better: tuple[int, tuple[str, ...]] | None = None  # a review's better turn at a step
        self.better_markup: Callable[[float], str] = lambda unit_px: ""  # web/app/review_screen.py draws it

    def open(self, game: Game) -> None:
        """Open ``game``'s history (any game: the one played or a saved one), untouched."""
        self.back = self.page.screen
        self.better = None
        self.history = History(game)
        self.page.screen = "history"
        self.page.focus = "#history-back"

    def rephrase(self) -> None:
        """The history's log in the language now shown, at the same position."""
        h = self.history
        if h is not None:
            pos = h.pos
            h.go(h.total)  # the whole game again, to phrase every step
            self.history = History(h.game)
            self.history.go(pos)

    def go(self, delta: int) -> None:
        h = self.history
        if h is None:
            return
        h.go(h.pos + delta)
        if h.pos == 0:
            self.page.focus = "#history-forward"
        elif h.pos == h.total:
            self.page.focus = "#history-back"
        else:
            self.page.focus = "#history-back" if delta < 0 else "#history-forward"

    def key(self, key: str) -> bool:
        """Arrow keys, Home and End step through the history view."""
        if self.page.screen != "history" or key not in HISTORY_KEYS:
            return False
        self.go(HISTORY_KEYS[key])
        return True

    def close(self) -> str:
        """Close the view; the screen it returns to (App routes there)."""
        self.history = None
        return self.back

    def view(self, top: str, game: Game | None, unit_px: float = 1.0) -> View:
        """The view, with the contract's state of ``game``, the game in
        progress (if any); its board drawn for ``unit_px`` (measured by the
        page on the board shown, this one's too: web/page/paint.py)."""
        assert self.history is not None
        rec = self.sv.records.dumps(game) if game is not None else None
        seat = game.seat if game is not None else None
        left = game.left if game is not None else None
        return View(
            "history",
            top + pages.history_screen(self.history, unit_px, self.better_markup(unit_px)),
            rec,
            seat,
            left,
            self.page.focus,
            title_text(game, "history"),
        )
