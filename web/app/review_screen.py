"""The review screen (``data-screen="review"``): which game is
reviewed, where the screen returns, and its buttons; the review itself runs
in web/app/review.py, its markup is web/app/review_view.py's.

Opened from the game-over screen (``#review-button``: the game just played)
or a saved game (``data-saved-action="review"``: any game, over or not). A
review kept with the game (its entry's ``"review"``, web/app/saved.py) is shown
at once; otherwise one is run, and kept when it finishes. A costly turn's
button opens the history view at that turn with the bot's better turn drawn
on the board (numbered as a hint, web/app/hint_view.py).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable

from caravan.actions import parse_action
from caravan.game import Game
from caravan.review import Review
from web.app.hint_view import step_marks
from web.app.history_screen import HistoryScreen
from web.app.review import DONE, RUNNING, Reviewer, read_review
from web.app.review_view import review_screen
from web.app.saved import Entry
from web.app.services import Page, Services
from web.app.storage import StorageError
from web.app.view import View, title_text
from web.words.i18n import _, capital, words
from web.words.markup import esc


class ReviewScreen:
    """The game under review and the screen the review returns to."""

    def __init__(
        self, services: Services, page: Page, hist: HistoryScreen, open_history: Callable[[Game], None]
    ) -> None:
        self.sv = services
        self.page = page
        self.hist = hist
        self.open_history = open_history
        self.reviewer = Reviewer()
        self.reviewer.on_done = self._keep
        self.name = ""
        self.back = "over"

    def open(self, game: Game, entry_id: str | None, name: str, stored: object = None) -> None:
        """Review ``game`` (kept as ``entry_id``): show the review kept with it, else run one."""
        if self.page.screen != "history":
            self.back = self.page.screen
        self.name = name
        self.page.screen = "review"
        self.page.focus = "#review-title"
        r = self.reviewer
        if r.game is game and r.state in (RUNNING, DONE):
            return  # back from the history view, or asked again while it runs
        kept = read_review(stored, game) if stored is not None else None
        if kept is not None:
            r.show(game, entry_id, kept)
        else:
            r.start(game, entry_id, self.sv.records.dumps(game))

    def open_entry(self, game: Game, entry: Entry) -> None:
        self.open(game, entry.id, entry.name, entry.review)

    def _keep(self, review: Review) -> None:
        """A finished review is kept with its saved game (web/app/saved.py)."""
        entry_id, saves = self.reviewer.entry_id, self.sv.saves
        if entry_id is None or saves is None:
            return
        with contextlib.suppress(StorageError):  # not kept: shown all the same, run again next time
            saves.set_review(entry_id, review.to_dict())

    def button(self, el_id: str) -> bool:
        """The screen's buttons; False when ``el_id`` is not one of them."""
        r = self.reviewer
        if el_id == "review-cancel":
            r.cancel()
            self.page.focus = "#review-again"
        elif el_id == "review-again" and r.game is not None:
            r.start(r.game, r.entry_id, self.sv.records.dumps(r.game))
            self.page.focus = "#review-cancel"
        elif el_id == "review-back":
            self.close()
        elif el_id.startswith("review-turn-") and el_id[12:].isdigit():
            self.show_turn(int(el_id[12:]))
        else:
            return False
        return True

    def close(self) -> None:
        """Back where the review was opened from; a review still running stops."""
        self.reviewer.cancel()
        self.page.screen = self.back
        self.page.focus = "#review-button" if self.back == "over" else None

    def show_turn(self, index: int) -> None:
        """The history view before the turn at ``index``, the bot's better turn drawn on it."""
        r = self.reviewer
        turn = next((t for t in r.result.turns if t.index == index), None) if r.result else None
        if turn is None or r.game is None:
            return
        self.open_history(r.game)
        self.hist.back = "review"
        assert self.hist.history is not None
        self.hist.history.go(index)
        self.hist.better = (index, tuple(str(a) for a in turn.best))

    def better_markup(self, unit_px: float) -> str:
        """The history view's better turn at its step: the board's marks and
        their words, joined by NUL (web/app/pages.py, ``history_screen``)."""
        h, better = self.hist.history, self.hist.better
        if h is None or better is None or h.pos != better[0]:
            return ""
        actions = better[1]
        steps = []
        sim = h.game.copy()
        for notation in actions:
            action = parse_action(notation)
            steps.append(f"<li>{esc(capital(words().action(sim, action)))}</li>")
            try:
                sim.push(action)
            except Exception:  # after a refill the copy's draws are its own
                break
        title = _("The bot's better turn here")
        said = (
            f'<section id="history-better" aria-labelledby="history-better-title">'
            f'<h3 id="history-better-title">{esc(title)}</h3>'
            f'<ol id="history-better-steps">{"".join(steps)}</ol></section>'
        )
        return step_marks(actions, unit_px=unit_px) + "\0" + said

    def view(self, top: str, current: Game | None) -> View:
        r = self.reviewer
        assert r.game is not None
        rec = self.sv.records.dumps(current) if current is not None else None
        return View(
            "review",
            top + review_screen(r.game, self.name, r),
            rec,
            current.seat if current is not None else None,
            current.left if current is not None else None,
            self.page.focus,
            title_text(current, "history"),
        )
