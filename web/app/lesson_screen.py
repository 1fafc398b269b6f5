"""The "Learn to play" screen: the guided first game (web/app/lesson.py)
taken by taps, step by step, then a short game against the easy bot.

Each step says what to do; the board draws only that step's source and
target (the engine's legal action the lesson asks for); any other tap on the
board leaves the game as it was and shows the step's hint. Nothing here is
saved: a lesson is started again from its first step whenever it is opened.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from caravan.board import parse_square
from web.app import panels
from web.app.game_screen import GameScreen
from web.app.lesson import FINISHED_TEXT, FINISHED_TITLE, STEPS, Lesson
from web.app.selection import SUPPLY, Selection
from web.app.services import Page
from web.app.view import View
from web.board import board_svg, targets, zoom_view
from web.board.motion import plan
from web.words.announce import action_said
from web.words.i18n import _
from web.words.markup import esc

LESSON = "lesson"  # the screen's name (html[data-screen])


class LessonScreen:
    """The lesson's controller. The board's scale on screen and what to
    animate are the game screen's (``play``: the page measures one board)."""

    def __init__(self, page: Page, play: GameScreen, quick_game: Callable[[], None]) -> None:
        self.page = page
        self.play = play
        self.quick_game = quick_game  # the new-game screen's "Play against the computer"
        self._lesson: Lesson | None = None  # set up when first opened: the page boots without it
        self.sel = Selection()
        self.back = "new-game"  # the screen the lesson was opened from
        self.zoom: int | None = None  # the enlarged square (its choices too small to tap on the board)

    @property
    def lesson(self) -> Lesson:
        if self._lesson is None:
            self._lesson = Lesson()
        return self._lesson

    @property
    def shown(self) -> bool:
        return self.page.screen == LESSON

    def open(self) -> None:
        """Start the lesson at its first step, from whatever screen is shown."""
        if not self.shown:
            self.back = self.page.screen if self.page.screen in ("game", "over") else "new-game"
        self._lesson = Lesson()
        self.zoom = None
        self._refresh()
        self.page.screen = LESSON
        self.page.message = ""
        self.page.focus = "#lesson-title"
        self.page.said.append(self._step_words())

    def button(self, el_id: str) -> bool:
        """The lesson's buttons; False when ``el_id`` is none of them."""
        if not self.shown:
            return False
        if el_id == "lesson-restart":
            self.open()
        elif el_id == "lesson-exit":  # back where the lesson was opened from
            back = self.back
            if back in ("game", "over") and self.play.cur.game is None:
                back = "new-game"
            self.page.screen = back
            self.page.focus = None
        elif el_id == "lesson-play":  # a real short game against the easy bot, as #play-computer
            self.quick_game()
        else:
            return False
        self.sel.clear()
        return True

    def _refresh(self) -> None:
        self.sel = Selection(self.lesson.sources())

    def _step_words(self) -> str:
        step = self.lesson.step
        if step is None:
            return _("The game is over.")
        return f"{_(step.title)}. {_(step.text)}"

    def _hint(self) -> None:
        self.lesson.hinted = True
        step = self.lesson.step
        if step is not None:
            self.page.said.append(_(step.hint))
        self.page.focus = None

    # ------------------------------------------------------------ taps

    def select(self, key: str) -> None:
        """A source tapped: the step's selects it (again: clears it); any other gives the hint."""
        self.play.motion = None
        if key not in self.sel.sources:
            self.sel.clear()
            self._hint()
            return
        self.sel.toggle(key)
        self.lesson.hinted = False
        self.page.focus = None
        if self.sel.selected is not None and key != SUPPLY:
            # As on the game screen: a choice too small to tap is in the square's enlarged view.
            sq = parse_square(key[-2:])
            if self.zoom != sq and targets.crowded(self.lesson.game, self.sel, sq, self.play.unit_px):
                self.zoom = sq

    def open_zoom(self, square: str) -> None:
        """The enlarged view of ``square`` (``data-zoom``: its choices do not fit on the board)."""
        self.sel.clear()
        self.zoom = parse_square(square)
        self.page.focus = "#square-view-close"

    def close_zoom(self) -> None:
        self.zoom = None
        self.sel.clear()

    def act(self, notation: str) -> None:
        """A target tapped: the step's action is played and the next step shown."""
        game = self.lesson.game
        before = game.copy_position()
        events = self.lesson.play(notation)
        self.zoom = None
        if events is None:
            self._hint()
            return
        # What happened is said (#announcer) and shown moving on the board; the next step's words follow.
        self.page.said.append(f"{action_said(game, events)} {self._step_words()}")
        # The same game goes on: the action is shown moving (a new position is not).
        same = game is self.lesson.game
        self.play.motion = plan(before, game, events, self.play.unit_px) if same else None
        self._refresh()
        self.page.focus = None  # on to the next step's choice (``_home``)

    def explain(self, _square: str) -> None:
        """A tap on the board that is no source or target: the step's hint."""
        self.play.motion = None
        self.sel.clear()
        self.zoom = None
        self._hint()

    def clear(self) -> None:
        self.sel.clear()

    def escape(self) -> bool:
        if self.sel.selected is None and self.zoom is None:
            return False
        self.sel.clear()
        self.zoom = None
        return True

    # ------------------------------------------------------------ markup

    def view(self, top: str) -> View:
        lesson = self.lesson
        game = lesson.game
        step = lesson.step
        n = len(STEPS)
        zoom = self.zoom if step is not None else None
        board = board_svg.render_board(game, self.sel, unit_px=self.play.unit_px, zoom=zoom)
        # The enlarged square under the step's words, above the board: in view on a phone.
        zoomed = zoom_view.square_view(game, self.sel, zoom) if zoom is not None else ""
        others = (
            f'<button type="button" id="lesson-restart">{esc(_("Start the lesson again"))}</button> '
            f'<button type="button" id="lesson-exit">{esc(_("Leave the lesson"))}</button>'
        )
        if step is None:
            head = _(FINISHED_TITLE)
            body = f'<p id="lesson-text">{esc(_(FINISHED_TEXT))}</p>'
            key, at = "done", n
            hint = ""
            # The real game first, in view on a phone: the lesson's end leads there.
            body += (
                f'<p class="lesson-buttons"><button type="button" id="lesson-play">'
                f"{esc(_('Play a short game against the computer'))}</button> {others}</p>"
            )
            buttons = ""
            progress = head
        else:
            key, at = step.key, lesson.at
            body = f'<p id="lesson-text">{esc(_(step.text))}</p>'
            hint = esc(_(step.hint)) if lesson.hinted else ""
            buttons = f'<p class="lesson-buttons">{others}</p>'
            progress = _("Step {k} of {n}: {title}", k=at + 1, n=n, title=_(step.title))
        markup = (
            f'{top}<section id="lesson" data-step="{key}" data-at="{at}" data-steps="{n}">'
            f'<h2 id="lesson-title" tabindex="-1">{esc(_("Learn to play"))}</h2>'
            f'<p id="lesson-progress"><progress value="{at}" max="{n}" aria-hidden="true"></progress> '
            f"{esc(progress)}</p>{body}"
            f'<p id="lesson-hint" class="lesson-hint" data-hinted="{str(bool(hint)).lower()}">{hint}</p>'
            f"{zoomed}</section>"
            f'<div class="layout"><div class="board-wrap">{board}</div>'
            f'<aside class="side">{panels.player_panels(game)}'
            f"{buttons}</aside></div>"
        )
        focus = self.page.focus or self._home()
        return View(LESSON, markup, focus=focus, title=_("Learn to play · Caravan"))

    def _home(self) -> str:
        """Where a keyboard player goes next: the step's target once its source
        is chosen (or placing is all there is), else its source; at the end, the real game."""
        if self.lesson.done:
            return "#lesson-play"
        shown = self.sel.shown()
        if shown:
            return f".target[data-action={json.dumps(str(shown[0]))}]"
        source = next(iter(self.sel.sources), None)
        return "#lesson-title" if source is None else f"[data-select={json.dumps(source)}]"
