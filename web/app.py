"""The page's state and what each click does, without the DOM.

``main.py`` turns DOM events into calls here and writes ``View`` back to
the page; everything here runs (and is tested) on CPython. Legality is the
engine's: an action is taken only if ``why_illegal`` has no objection, and
its objection is what the player reads otherwise.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from caravan import record
from caravan.actions import Action, parse_action
from caravan.errors import NotationError, OptionsError
from caravan.events import Event
from caravan.game import Game
from caravan.options import Options, default_players

from . import board_svg, panels
from .i18n import t
from .log import entry_markup, flashes
from .markup import esc
from .newgame import Form, form_markup
from .selection import Selection


def _select_css(key: str) -> str:
    return f"[data-select={json.dumps(key)}]"


def _target_css(action: Action) -> str:
    return f".target[data-action={json.dumps(str(action))}]"


@dataclass
class View:
    """What the page shows after an update: the screen, its markup, and the
    machine-readable state of the contract (absent before a game exists)."""

    screen: str
    markup: str
    record: str | None = None
    seat: int | None = None
    left: int | None = None
    # Where keyboard focus belongs after this update (a CSS selector of an
    # element in ``markup``), since replacing the markup drops the focus.
    # main.py applies it only when the update came from the keyboard.
    focus: str | None = None


class App:
    def __init__(self, *, seed: int | None = None) -> None:
        self.seed = seed
        self.started = 0
        self.form = Form()
        self.game: Game | None = None
        self.sel = Selection()
        self.log: list[str] = []  # markup per history step, oldest first
        self.flash: dict[int, str] = {}
        self.message = ""
        self.screen = "new-game"
        self._focus: str | None = None  # overrides _home_focus() for one update

    # ----------------------------------------------------------- new game

    def start(self, options: Options) -> None:
        game_seed = None if self.seed is None else self.seed + self.started
        self.started += 1
        self.game = Game(options, seed=game_seed)
        self.log = []
        self.flash = {}
        self.message = ""
        self.screen = "game"
        self._focus = None
        self.sel = Selection()
        self.sel.refresh(self.game.legal_actions())

    def resume(self, game: Game) -> None:
        """Show a game that already exists (a replayed record; later, a saved game)."""
        self.game = game
        self.log = ["" for _ in game.history]
        self.flash = {}
        self.message = ""
        self._focus = None
        self.sel = Selection()
        self.sel.refresh(game.legal_actions())
        self.screen = "over" if game.is_over() else "game"

    def autostart(self, players: int, *, short: bool = False, casual: bool = False) -> None:
        """``?autostart=N``: default names, colours and start seat (tests, benchmarks)."""
        self.start(Options(players=default_players(players), short=short, casual=casual))

    def submit_form(self, values: dict[str, object]) -> None:
        self.form.update(values)
        try:
            options = self.form.options()
        except OptionsError as e:
            self.message = t("error.options", reason=str(e))
            return
        self.start(options)

    def change_form(self, values: dict[str, object]) -> None:
        self.form.update(values)

    def rematch(self) -> None:
        if self.game is not None:
            self.start(self.game.options)

    def new_game(self) -> None:
        """Show the form; the game in progress stays until another one starts."""
        self.screen = "new-game"
        self.message = ""

    def resume_game(self) -> None:
        """Back from the form to the game that was being played, untouched."""
        if self.game is not None and not self.game.is_over():
            self.screen = "game"
            self.message = ""
            self._focus = None

    # ------------------------------------------------------------ playing

    def select(self, key: str) -> None:
        self.message = ""
        self.flash = {}
        self.sel.toggle(key)
        # Selected: focus goes to its first target (the default); cleared by
        # selecting it again: stay on it.
        self._focus = _select_css(key) if self.sel.selected is None and key in self.sel.sources else None

    def act(self, notation: str) -> None:
        """Take the action written ``notation`` if the engine allows it now."""
        game = self.game
        self.flash = {}
        self._focus = None
        if game is None or self.screen != "game":
            return
        try:
            action = parse_action(notation)
        except NotationError as e:
            self.message = t("play.refused", reason=str(e))
            return
        reason = game.why_illegal(action)
        if reason is not None:
            self.message = t("play.refused", reason=reason)
            return
        events = game.push(action)
        self.log.append(entry_markup(game, action, events))
        self._after(events)

    def undo(self) -> None:
        game = self.game
        if game is None or not game.undoable():
            return
        game.pop()
        self.log.pop()
        self.flash = {}
        self._after([])
        self._focus = "#undo" if game.undoable() else None

    def redo(self) -> None:
        game = self.game
        if game is None or not game.can_redo():
            return
        events = game.redo()
        self.log.append(entry_markup(game, game.history[-1].action, events))
        self._after(events)
        self._focus = "#redo" if game.can_redo() else None

    def _after(self, events: list[Event]) -> None:
        assert self.game is not None
        self.message = ""
        self._focus = None
        self.flash = flashes(events)
        self.sel.clear()
        self.sel.refresh(self.game.legal_actions())
        if self.game.is_over():
            self.screen = "over"

    def clear(self) -> None:
        """A click on nothing selectable: drop the selection."""
        self.sel.clear()
        self.message = ""
        self._focus = None

    def escape(self) -> bool:
        """The Escape key: drop the selection, keeping focus on what was
        selected. False when nothing was selected (the page need not redraw)."""
        key = self.sel.selected
        if key is None or self.screen != "game":
            return False
        self.clear()
        self._focus = _select_css(key)
        return True

    # ------------------------------------------------------------- output

    def _home_focus(self) -> str | None:
        """Where a keyboard player goes next: the selected source's first
        target, else the first selectable source (in page order), else end
        turn; on the game-over screen, the rematch button."""
        if self.screen == "over":
            return "#rematch"
        if self.screen != "game":
            return None
        targets = self.sel.targets()
        if targets:
            return _target_css(min(targets, key=board_svg.target_order))
        if self.sel.sources:
            return _select_css(min(self.sel.sources, key=board_svg.source_order))
        return "#end-turn"

    def view(self) -> View:
        if self.screen == "new-game" or self.game is None:
            resumable = self.game is not None and not self.game.is_over()
            return View("new-game", form_markup(self.form, self.message, can_resume=resumable))
        game = self.game
        board = board_svg.render_board(game, self.sel, self.flash)
        log = "".join(reversed(self.log))
        log_html = f'<h2>{esc(t("play.log"))}</h2><ul id="log">{log}</ul>'
        if self.screen == "over":
            body = (
                f"{panels.game_over(game)}"
                f'<div class="layout"><div class="board-wrap">{board}</div>'
                f'<aside class="side">{panels.player_panels(game)}{log_html}</aside></div>'
            )
        else:
            body = (
                f"{panels.banner(game)}"
                f'<div class="layout"><div class="board-wrap">{board}</div>'
                f'<aside class="side">{panels.controls(game, self.sel)}'
                f'<p id="message" role="alert">{esc(self.message)}</p>'
                f"{panels.bag(game)}{panels.player_panels(game)}{log_html}"
                f'<p class="new"><button type="button" id="abandon">{esc(t("play.new_game"))}</button></p>'
                f"</aside></div>"
            )
        focus = self._home_focus() if self.screen == "over" else self._focus or self._home_focus()
        return View(self.screen, body, record.dumps(game), game.seat, game.left, focus)
