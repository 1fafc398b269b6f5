"""The game screen (and the game-over screen): what each click and key does
to the game in progress, without the DOM.

Legality is the engine's: an action is taken only if ``why_illegal`` has no
objection, and its objection is what the player reads otherwise. Every
action, undo and redo is saved (web/app/current.py); a copy another tab played
further is said (``#tab-conflict``) and blocks play until the player chooses.

Who acts now (issue 12, bots): every input that changes the game passes
``_blocked``, which asks ``acts_now``: ``PERSON`` (the player at this
screen) or ``BOT`` (the seat to move is a bot's, ``Player.bot``). While a
bot acts the player's inputs wait; the wait itself (what was asked of the
bot worker, the actions left to show, their pace) is web/bots/bot_turns.py's,
and the bot's actions come in through ``_advance`` like the player's, so
that log, motion and save stay one path. Undo is the player's even then:
it takes back the bots' replies with the end of the player's turn, never
past a draw (``bot_turns.undo_back``). A hint (web/app/hint.py, drawn by
web/app/hint_view.py) is asked of the same worker.

The screen's state, the game it shows and the other tabs' copies of it are
web/app/shown_game.py's (``ShownGame``); its markup is web/app/game_view.py's.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from caravan.actions import Action, EndTurn, PlaceCamel, parse_action
from caravan.board import SQUARE_NAMES, parse_square
from caravan.errors import CaravanError, NotationError
from caravan.events import Event, Refilled
from caravan.game import Game
from caravan.limits import MAX_ACTIONS
from web.app import hint_view, panels
from web.app.current import Current
from web.app.game_view import screen_view, select_css
from web.app.selection import SUPPLY, source_of
from web.app.services import Page, Services
from web.app.shown_game import BOT, PERSON, ShownGame
from web.app.view import View
from web.board import keynav, targets
from web.board.motion import plan
from web.board.squareinfo import refusal, square_text
from web.bots.bot_turns import PACES, Thinker, undo_back
from web.words.announce import action_said
from web.words.i18n import _, words
from web.words.phrases import entry_markup

# Keyboard shortcuts on the game screen (docs/UI-CONTRACT.md): a plain key,
# or with Ctrl/Cmd the editors' undo and redo.
SHORTCUTS = {"u": "undo", "r": "redo", "e": "end", "p": "place"}
CTRL_SHORTCUTS = {"z": "undo", "y": "redo"}


def _square_of(action: Action) -> int | None:
    """The square a target is drawn on: where it goes, or where it happens."""
    to = getattr(action, "to", None)
    at = getattr(action, "at", None)
    return to if isinstance(to, int) else at if isinstance(at, int) else None


class GameScreen(ShownGame):
    """The game screen's controller: each click, key and bot action on the
    game shown (``ShownGame``: the state, taking a game up, other tabs)."""

    def __init__(
        self, services: Services, page: Page, current: Current, thinker: Thinker | None = None
    ) -> None:
        super().__init__(services, page, current, thinker)
        self.hints.on_shown = self._hint_came
        self.hints.on_failed = self.page.said.append  # #hint-error is shown; #announcer says it

    # ------------------------------------------------------------ playing

    def select(self, key: str) -> None:
        """Select ``key`` (again: clear it). A square whose choices do not fit
        on the board opens its enlarged view; the view stays while its square
        or one of the goods in it is what is selected."""
        self.page.message = ""
        self.confirming = False
        self.motion = None
        square = None if key == SUPPLY else key[-2:]
        zoomed = self.zoom is not None and SQUARE_NAMES[self.zoom] == square
        self.sel.toggle(key)
        game = self.cur.game
        if self.sel.selected is None:
            keep = zoomed and len(key) > 2  # a good cleared inside the view: choose another
            self.zoom = self.zoom if keep else None
        elif square is not None and game is not None:
            sq = parse_square(square)
            self.zoom = sq if zoomed or targets.crowded(game, self.sel, sq, self.unit_px) else None
        else:
            self.zoom = None
        # Selected: focus goes to its first target (the default); cleared by
        # selecting it again: stay on it.
        self.page.focus = select_css(key) if self.sel.selected is None and key in self.sel.sources else None

    def act(self, notation: str) -> None:
        """Take the action written ``notation`` if the engine allows it now."""
        game = self.cur.game
        self.motion = None
        self.zoom = None
        self.page.focus = None
        if game is None or self.page.screen != "game" or self._blocked():
            return
        try:
            action = parse_action(notation)
        except NotationError as e:
            self.page.message = _("Not allowed: {reason}", reason=words().error(e))
            return
        if len(game.history) >= MAX_ACTIONS:  # caravan/limits.py: no record could hold one more
            self.page.message = _(
                "This game has reached {n} actions, more than any real game and the most a saved game "
                "can hold: no more actions can be taken in it.",
                n=words().number(MAX_ACTIONS),
            )
            return
        reason = game.why_illegal(action)
        if reason is not None:
            self.page.message = _("Not allowed: {reason}", reason=words().refusal(reason))
            return
        if isinstance(action, EndTurn) and not self.confirming and panels.asks_before_ending(game):
            self.confirming = True  # R6 allows it: ask first (confirm_end answers)
            self.end_from = None
            self.page.message = ""
            self.page.focus = "#confirm-end-no"
            return
        held = self.hints.current(game) is not None
        self._advance(lambda: game.push(action))
        following = self.hints.current(game)
        if following is not None:  # the hint's action: its next one is shown as the first was
            self._show_hint(following)
        elif held and (dropped := self.hints.dropped(game)):
            self.page.said.append(dropped)  # why the rest of the hint went (#hint-dropped is only shown)

    def confirm_end(self, yes: bool) -> None:
        """The answer to "End your turn?": yes ends it, no keeps it untouched."""
        if not self.confirming:
            return
        if yes:
            self.act("end")
        else:
            self.confirming = False
            back = self.end_from or (self.sr.cell_focus() if self.sr.on else "#end-turn")
            self.page.focus, self.end_from = back, None

    def explain(self, square: str) -> None:
        """A click on a square that is neither a source nor a target. With
        nothing selected, on a space where no camel stands, it places a camel
        there when the engine lists that placement (R7: 1 action), without
        "Place a camel" pressed first; otherwise it says why nothing happened
        (the engine's reason where an action was implied)."""
        game = self.cur.game
        self.confirming = False
        if game is None or self.page.screen != "game":
            return
        self.motion = None
        self.page.focus = None
        try:
            sq = parse_square(square)
        except KeyError:
            return
        if self.acts_now() == BOT:  # nothing on the board is the player's to use now: say why
            self.page.message = self.bot_turn_wait()
            return
        place = self._placement(game, sq)
        if place is not None:
            self.act(str(place))
            return
        self.page.message = refusal(game, self.sel.selected, sq)

    def _placement(self, game: Game, square: int) -> PlaceCamel | None:
        """The engine's legal placement on an empty ``square`` that a tap
        with nothing selected takes, or None (also while a bot is to move: the
        tap is explained as before; a stale copy is ``act``'s to refuse)."""
        if self.sel.selected is not None or game.camels_at(square) or self.acts_now() != PERSON:
            return None
        for action in self.sel.sources.get(SUPPLY, []):
            if isinstance(action, PlaceCamel) and action.to == square:
                return action
        return None

    def square_info(self, square: str | None = None, action: str | None = None) -> str:
        """What is on a square (a long-press or keyboard focus shows it):
        ``square`` by name, or the square a target ``action`` goes to."""
        game = self.cur.game
        if game is None:
            return ""
        sq: int | None
        try:
            if square is not None:
                sq = parse_square(square)
            elif action is not None:
                sq = _square_of(parse_action(action))
            else:
                return ""
        except (CaravanError, KeyError, ValueError):
            return ""
        self.info = square_text(game, sq) if sq is not None else ""
        return self.info

    def shortcut(self, key: str, *, ctrl: bool = False, shift: bool = False) -> bool:
        """A key pressed on the game screen outside a text field: U / Ctrl+Z
        undo, R / Ctrl+Y / Ctrl+Shift+Z redo, E end turn (asking first when
        actions are left), P place a camel (selects the supply: focus goes to
        its most useful target); Y / N answer that question. False if not ours."""
        if self.page.screen != "game" or self.cur.game is None:
            return False
        k = key.lower()
        if self.confirming and not ctrl and k in ("y", "n"):
            self.confirm_end(k == "y")
            return True
        what = SHORTCUTS.get(k) if not ctrl else "redo" if k == "z" and shift else CTRL_SHORTCUTS.get(k)
        if what is None:
            return False
        if what == "place":
            if SUPPLY not in self.sel.sources or self._blocked():
                return False
            self.select(SUPPLY)
            return True
        if what == "undo":
            self.undo()
        elif what == "redo":
            self.redo()
        elif self.confirming:
            self.confirm_end(True)  # E again: yes
        else:
            self.act("end")
        return True

    def undo_count(self) -> int:
        """How many actions undo takes back now: one of the player's own in
        this turn (the engine's ``undoable``), else, in a game with bots,
        their replies and the end of the player's turn (``undo_back``)."""
        game = self.cur.game
        if game is None or game.is_over():
            return 0
        if self.acts_now() == PERSON and game.undoable():
            return 1
        return undo_back(game)

    def undo(self) -> None:
        """Undo: also while a bot thinks or plays its reply (that reply goes back too)."""
        game = self.cur.game
        self.confirming = False
        n = self.undo_count()
        if game is None or n == 0 or self.page.screen != "game" or self._stale_blocked():
            return
        self.bots.reset()
        self.hints.reset()
        for _step in range(n):
            game.pop()
            self.log.pop()
        self.motion = None
        self.zoom = None
        self._after()
        self.cur.save()
        self.page.focus = "#undo" if self.undo_count() else None

    def redo(self) -> None:
        game = self.cur.game
        self.confirming = False
        if game is None or not game.can_redo() or self._blocked():
            return
        self._advance(game.redo)
        self.page.focus = "#redo" if game.can_redo() else None

    def _advance(self, step: Callable[[], list[Event]]) -> None:
        """Take one action forward (``push`` or ``redo``): its log entry, the
        new selection, its motion (planned from the position before) and the save."""
        game = self.cur.game
        assert game is not None
        before = game.copy_position()
        person = game.options.players[game.seat].bot is None  # the player's own: the actions left are said
        events = step()
        self.log.append(entry_markup(game, game.history[-1].action, events))
        refill = next((e for e in events if isinstance(e, Refilled)), None)
        if refill is not None:  # said on the board for a moment (web/app/seen.py)
            self.seen.refilled(game, refill, self.sv.now())
        self._after()
        self.page.said.append(action_said(game, events, person=person))  # #announcer, a bot's action too
        self.sr.played()
        self.motion = plan(before, game, events, self.unit_px)
        self.bots.shown()
        self.cur.save()

    def _after(self) -> None:
        game = self.cur.game
        assert game is not None
        self.page.message = ""
        self.info = ""
        self.confirming = False
        self.note = ""
        self.sharing = False
        self.page.focus = None
        self.sel.clear()
        self._refresh_sel()
        if game.is_over():
            self.page.screen = "over"

    # ------------------------------------------------------------ bots

    def bot_poll(self) -> None:
        """After every update (web/worker/driver.py): ask for the turn of the bot to
        move, unless asked already; drop a wait that no longer applies."""
        game = self.cur.game
        if game is None or self.cur.stale is not None or len(game.history) >= MAX_ACTIONS:
            return
        if self.acts_now() != BOT:
            if self.bots.waiting or self.bots.queue:
                self.bots.reset()
            return
        self.bots.ask(game, self.sv.records.dumps(game))

    def bot_delay(self) -> int | None:
        """Milliseconds until ``bot_step`` should play the bot's next action;
        None when there is none to play (thinking, or a person acts). Only on
        the game screen: the history view or a menu holds the bot's actions."""
        game = self.cur.game
        if game is None or self.page.screen != "game" or self.cur.stale is not None:
            return None
        if self.acts_now() != BOT:
            return None
        return self.bots.delay(game)

    def bot_step(self) -> bool:
        """Play the bot's next queued action (its time came); True if the page must be drawn again."""
        game = self.cur.game
        if game is None or self.page.screen != "game" or self.cur.stale is not None or self.acts_now() != BOT:
            return False
        if len(game.history) >= MAX_ACTIONS:
            self.page.message = _(
                "This game has reached {n} actions, more than any real game and the most a saved game "
                "can hold: no more actions can be taken in it.",
                n=words().number(MAX_ACTIONS),
            )
            self.bots.reset()
            return True
        notation = self.bots.next_action(game)
        if notation is None:
            return bool(self.bots.error)
        action = parse_action(notation)
        wait = self.page.message if self.page.message == self.bot_turn_wait() else ""
        self._advance(lambda: game.push(action))
        self.bots.played(game)
        if wait and self.acts_now() == BOT:
            self.page.message = self.bot_turn_wait()  # said until the bots' turns are over
        return True

    def bot_skip(self) -> None:
        """Show the rest of the bot's reply at once."""
        self.bots.skip = True
        self.page.focus = "#bot-pace"  # the button goes: focus stays in the bot's status

    def bot_pause(self) -> None:
        """``#bot-pause`` (watch mode): stop the bots after the action shown, or go on."""
        self.bots.pause(not self.bots.paused)
        self.page.focus = "#bot-pause"

    def bot_step_once(self) -> None:
        """``#bot-step`` (paused): the bots' next action, then paused again."""
        self.bots.step()
        self.page.focus = "#bot-step"

    def bot_retry(self) -> None:
        self.bots.retry()
        self.hints.reset()

    def set_pace(self, value: str) -> None:
        """The pace control (``#bot-pace``): milliseconds per bot action."""
        if value.isdigit() and int(value) in PACES:
            self.bots.pace_ms = int(value)
            self.bots.due = min(self.bots.due, self.sv.now() + self.bots.pace_ms)

    def ask_hint(self) -> None:
        """``#hint``: ask what the hard bot would play now (web/app/hint.py)."""
        game = self.cur.game
        self.confirming = False
        if game is None or self.page.screen != "game" or self._blocked():
            return
        self.hints.ask(game, self.sv.records.dumps(game))
        self.page.focus = "#hint"

    def _hint_came(self, notation: str) -> None:
        """The hint came: said once through ``#announcer``, then shown."""
        game = self.cur.game
        if game is not None:
            self.page.said.append(hint_view.hint_said(game, self.hints))
        self._show_hint(notation)

    def _show_hint(self, notation: str) -> None:
        """The hint came (or one of its actions was played): select the next
        action's source, so that its target is drawn and marked."""
        game = self.cur.game
        if game is None:
            return
        action = self.sel.find(notation)
        key = source_of(action) if action is not None else None
        self.sel.selected = key
        self.zoom = None
        if key is not None and key != SUPPLY:
            sq = parse_square(key[-2:])
            self.zoom = sq if targets.crowded(game, self.sel, sq, self.unit_px) else None
        self.page.focus = "#hint-play"

    # ----------------------------------------------- the board and the keys

    def open_zoom(self, square: str) -> None:
        """Show ``square`` enlarged (a crowded square, or choices too small to tap)."""
        self.sel.clear()
        self.page.message = ""
        self.motion = None
        self.zoom = parse_square(square) if self.page.screen == "game" else None
        self.page.focus = "#square-view-close"

    def close_zoom(self) -> None:
        if self.zoom is not None:
            self.page.focus = f"[data-square={json.dumps(SQUARE_NAMES[self.zoom])}]"
        self.zoom = None
        self.sel.clear()

    def set_unit_px(self, unit_px: float) -> bool:
        """The board's scale on screen (CSS px per board unit); True when it
        changed enough that the board must be drawn again."""
        if abs(unit_px - self.unit_px) < 0.01 or unit_px <= 0:
            return False
        self.unit_px = unit_px
        return True

    def clear(self) -> None:
        """A click on nothing selectable: drop the selection."""
        self.sel.clear()
        self.confirming = False
        self.zoom = None
        self.page.message = ""
        self.page.focus = None

    def escape(self) -> bool:
        """The Escape key once no dialog is open: close the enlarged square,
        else drop the selection, keeping focus on what was selected. False
        when there was nothing to close (the page need not redraw)."""
        key = self.sel.selected
        if key is None and self.zoom is not None and self.page.screen == "game":
            self.close_zoom()
            return True
        if key is None or self.page.screen != "game":
            return False
        self.clear()
        self.page.focus = select_css(key)
        return True

    def board_arrows(self) -> dict[str, dict[str, str]]:
        """Where each arrow key moves focus from each board choice (web/page/keys.py moves it there)."""
        return keynav.arrows(self.board_items)

    def view(self, top: str, *, board: bool = True) -> View:
        """The game or game-over screen under ``top`` (web/app/game_view.py); with
        ``board`` False, the board is an empty frame of its size (the page measures it first)."""
        return screen_view(self, top, board=board)
