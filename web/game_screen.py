"""The game screen (and the game-over screen): what each click and key does
to the game in progress, and the screen's markup, without the DOM.

Legality is the engine's: an action is taken only if ``why_illegal`` has no
objection, and its objection is what the player reads otherwise. Every
action, undo and redo is saved (web/current.py); a copy another tab played
further is said (``#tab-conflict``) and blocks play until the player chooses.

Who acts now (issue 12, bots): every input that changes the game passes
``_blocked``, which asks ``acts_now``: ``PERSON`` (the player at this
screen) or ``BOT`` (the seat to move is a bot's, ``Player.bot``). While a
bot acts the player's inputs wait; the wait itself (what was asked of the
bot worker, the actions left to show, their pace) is web/bot_turns.py's,
and the bot's actions come in through ``_advance`` like the player's, so
that log, motion and save stay one path. Undo is the player's even then:
it takes back the bots' replies with the end of the player's turn, never
past a draw (``bot_turns.undo_back``). A hint (web/hint.py, drawn by
web/hint_view.py) is asked of the same worker.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from caravan.actions import Action, EndTurn, parse_action
from caravan.board import SQUARE_NAMES, parse_square
from caravan.errors import CaravanError, NotationError, RecordError
from caravan.events import Event
from caravan.game import Game
from caravan.limits import MAX_ACTIONS

from . import board_svg, hint_view, keynav, pages, panels, tabs, zoom_view
from .announce import action_said
from .bot_turns import (
    PACE_WORDS,
    PACES,
    BotTurns,
    Thinker,
    bot_of,
    bots_drew,
    has_bots,
    has_people,
    undo_back,
)
from .current import Current
from .hint import Hints
from .history import replay_log
from .i18n import _, words
from .markup import esc
from .motion import Motion, last_turn_marks, plan, turn_so_far_marks
from .names import name_of
from .phrases import entry_markup
from .review_view import review_button
from .saved import load_game
from .selection import SUPPLY, Selection, source_of
from .services import Page, Services
from .squareinfo import refusal, square_text
from .srboard import SrBoard
from .storage import StorageError
from .view import LAYOUT, View, title_text

PERSON = "person"  # the player at this screen acts now
BOT = "bot"  # a bot acts now: the seat to move is a bot's (web/bot_turns.py plays it)

# Keyboard shortcuts on the game screen (docs/UI-CONTRACT.md): a plain key,
# or with Ctrl/Cmd the editors' undo and redo.
_SHORTCUTS = {"u": "undo", "r": "redo", "e": "end", "p": "place"}
_CTRL_SHORTCUTS = {"z": "undo", "y": "redo"}


def select_css(key: str) -> str:
    return f"[data-select={json.dumps(key)}]"


def _target_css(action: Action) -> str:
    return f".target[data-action={json.dumps(str(action))}]"


def _square_of(action: Action) -> int | None:
    """The square a target is drawn on: where it goes, or where it happens."""
    to = getattr(action, "to", None)
    at = getattr(action, "at", None)
    return to if isinstance(to, int) else at if isinstance(at, int) else None


def _log_of(game: Game) -> list[str]:
    """The log of a game taken up mid-way, rebuilt by replaying its record."""
    if not game.history:
        return []
    try:
        return replay_log(game)[1]
    except CaravanError:  # a position built by hand (tests) has no set-up to replay from
        return ["" for _ in game.history]


class GameScreen:
    """The game screen's state: the selection, the log, the enlarged square,
    the question before ending a turn, the share dialog, the notes; the game
    itself and its saved entry are ``cur``'s."""

    def __init__(
        self, services: Services, page: Page, current: Current, thinker: Thinker | None = None
    ) -> None:
        self.sv = services
        self.page = page
        self.cur = current
        self.sel = Selection()
        self.log: list[str] = []  # markup per history step, oldest first
        self.sr = SrBoard(page)  # the screen-reader board (web/srboard.py)
        self.motion: Motion | None = None  # played once by main.py, then dropped
        self.zoom: int | None = None  # the square shown enlarged (docs/UI-CONTRACT.md)
        self.unit_px = 1.0  # CSS px per board unit, measured by main.py
        self.info = ""  # what is on the square last long-pressed or focused
        self.confirming = False  # asking before ending a turn with actions left
        self.note = ""  # what happened to a link just opened, or to a choice between tabs
        self.sharing = False
        self.share_status = ""
        self.bots = BotTurns(services.now)
        self.bots.thinker = thinker
        self.hints = Hints()
        self.hints.thinker = thinker
        self.hints.on_shown = self._show_hint
        self.board_items: list[keynav.Item] = []  # the board's choices as last drawn (arrow keys)

    # ------------------------------------------------------ taking a game

    def rephrase(self) -> None:
        """The log in the language now shown (the game and the selection are untouched)."""
        if self.cur.game is not None:
            self.log = _log_of(self.cur.game)

    def resume(self, game: Game) -> None:
        """Show a game that already exists (a saved game, a link, a replayed record)."""
        self.hints.reset(new_game=game is not self.cur.game)
        self.cur.hints = self.hints.used  # one list: the entry keeps the counts
        self.bots.reset()
        self.cur.game = game
        self.log = _log_of(game)
        self.motion = None
        self.zoom = None
        self.page.message = ""
        self.page.focus = None
        self.sel = Selection()
        self._refresh_sel()
        self.page.screen = "over" if game.is_over() else "game"
        self.drop_extras()

    def drop_extras(self) -> None:
        """Close the share dialog and drop the notes of the game shown before."""
        self.sharing = False
        self.share_status = ""
        self.note = ""
        self.page.link_error = ""

    def take(
        self, game: Game, game_id: str, name: str, rev: str | None = None, hints: list[int] | None = None
    ) -> None:
        """Continue ``game`` as the saved game ``game_id`` (its entry read at
        revision ``rev``, with the ``hints`` it counted)."""
        cur = self.cur
        if game is not cur.game or game_id != cur.id:
            self.leave()
        self.resume(game)
        cur.id, cur.name, cur.rev = game_id, name, rev
        if hints:
            self.hints.used[: len(hints)] = hints

    def resume_current(self) -> bool:
        """Take up the game this tab was playing (boot, an undone delete);
        False if there is none, or it cannot be read (then it is said)."""
        saves = self.sv.saves
        if saves is None:
            return False
        try:
            current = saves.current()
            if current is None:
                return False
            entry = saves.get(current)
        except StorageError:
            return False
        if entry.problem == _(
            "it is no longer in the browser's storage"
        ):  # nothing under that id: nothing is kept either
            self.sv.read_problem = _(
                "The last game played here is no longer in this browser's storage (deleted in another "
                "tab, or the site's data was cleared)."
            )
            return False
        try:
            game = load_game(entry)
        except RecordError as e:
            self.sv.read_problem = _(
                "The last game could not be read back ({reason}); it is kept in Saved games.",
                reason=words().error(e),
            )
            return False
        self.take(game, current, entry.name, entry.rev, entry.hints)
        return True

    # ---------------------------------------------------------- other tabs

    def acts_now(self) -> str:
        """Who takes the game's next action: ``BOT`` when the seat to move is
        played by a bot (``Player.bot``), else ``PERSON`` (the player at this
        screen). While a bot acts, ``_blocked`` holds the player's inputs."""
        game = self.cur.game
        if game is None or game.is_over() or bot_of(game) is None:
            return PERSON
        return BOT

    def _blocked(self) -> bool:
        """Whether the game cannot take the player's input now: another
        player acts (``acts_now``), or this tab's copy is stale and playing on
        would fork it further (the player chooses first)."""
        if self.acts_now() != PERSON:
            return True
        return self._stale_blocked()

    def _stale_blocked(self) -> bool:
        stale = self.cur.stale
        if stale is None:
            return False
        self.page.message = _(
            "This game changed in another tab: choose “Load the newer game” or “Keep both” before playing on."
        )
        self.page.focus = "#conflict-load" if stale.readable else "#conflict-keep"
        return True

    def storage_changed(self, key: str | None) -> bool:
        """Another tab wrote ``key`` (None: it cleared the storage); True when
        this tab's game became stale, or was and is no longer."""
        cur, saves = self.cur, self.sv.saves
        if saves is None or cur.id is None or key not in (None, saves.key(cur.id)) or cur.game is None:
            return False
        was = cur.stale
        try:
            cur.stale = cur.stale_now()  # again when stale: the notice's counts change
        except StorageError:
            cur.stale = was  # unreadable now: the check before the next write tells
        if cur.stale is not None:
            self.confirming = False
            self.sel.clear()
        return cur.stale is not None or was is not None

    def load_newer(self) -> None:
        """Load the newer game: this tab goes on from the saved copy (its
        own actions not in it, if any, are dropped: the notice said so)."""
        cur, saves = self.cur, self.sv.saves
        if cur.stale is None or cur.id is None or saves is None:
            return
        try:
            entry = saves.get(cur.id)
            game = load_game(entry)
        except (RecordError, StorageError) as e:
            reason = (
                _("Saved games cannot be read: this browser does not let the page use its storage.")
                if isinstance(e, StorageError)
                else words().error(e)
            )
            self.page.message = _(
                "This saved game cannot be opened: {reason}. It stays in the list.", reason=reason
            )
            return
        cur.stale = None
        self.take(game, entry.id, entry.name, entry.rev, entry.hints)
        self.note = _("Loaded the newer game saved in another tab.")

    def keep_both(self) -> None:
        """Keep both: this tab's game is saved as a new entry, "<name>
        (copy)", and played on here; the other copy stays as it was saved."""
        if not self.cur.fork():
            return
        self.page.message = ""
        self.note = (
            ""
            if self.sv.save_problem
            else _(
                "Both are kept: this tab now plays “{name}”, saved beside the other one.", name=self.cur.name
            )
        )

    def leave(self) -> None:
        """This tab leaves its game (another game, a reload, a closed tab):
        if it is stale with actions in no saved copy, they are kept as the
        copy ("Keep both"), so that nothing is lost unasked."""
        if self.cur.stale is not None and self.cur.stale.mine > 0:
            self.keep_both()
        self.cur.stale = None

    # -------------------------------------------------------- share dialog

    def share_url(self) -> str:
        """The link to the game as it stands (encoded once per state: web/services.py)."""
        assert self.cur.game is not None
        return self.sv.share_url(self.cur.game)

    def open_share(self) -> None:
        if self.cur.game is not None and self.page.screen in ("game", "over"):
            self.sharing = True
            self.share_status = ""

    def close_share(self) -> None:
        self.sharing = False
        self.share_status = ""

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
            self.zoom = sq if zoomed or board_svg.crowded(game, self.sel, sq, self.unit_px) else None
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
            self.page.message = ""
            self.page.focus = "#confirm-end-no"
            return
        self._advance(lambda: game.push(action))
        following = self.hints.current(game)
        if following is not None:  # the hint's action: its next one is shown as the first was
            self._show_hint(following)

    def confirm_end(self, yes: bool) -> None:
        """The answer to "End your turn?": yes ends it, no keeps it untouched."""
        if not self.confirming:
            return
        if yes:
            self.act("end")
        else:
            self.confirming = False
            self.page.focus = self.sr.cell_focus() if self.sr.on else "#end-turn"

    def explain(self, square: str) -> None:
        """A click on a square that is neither a source nor a target: say why
        nothing happened (the engine's reason where an action was implied)."""
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
        self.page.message = refusal(game, self.sel.selected, sq)

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
        what = _SHORTCUTS.get(k) if not ctrl else "redo" if k == "z" and shift else _CTRL_SHORTCUTS.get(k)
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
        events = step()
        self.log.append(entry_markup(game, game.history[-1].action, events))
        self._after()
        self.page.said.append(action_said(game, events))  # #announcer, a bot's action too
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

    def _refresh_sel(self) -> None:
        """The player's sources for the new position: none while a bot acts."""
        game = self.cur.game
        assert game is not None
        self.sel.refresh(game.legal_actions() if self.acts_now() == PERSON else [])

    # ------------------------------------------------------------ bots

    def bot_poll(self) -> None:
        """After every update (web/main.py): ask for the turn of the bot to
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
        self._advance(lambda: game.push(action))
        self.bots.played(game)
        return True

    def bot_skip(self) -> None:
        """Show the rest of the bot's reply at once."""
        self.bots.skip = True
        self.page.focus = "#bot-pace"  # the button goes: focus stays in the bot's status

    def bot_retry(self) -> None:
        self.bots.retry()
        self.hints.reset()

    def set_pace(self, value: str) -> None:
        """The pace control (``#bot-pace``): milliseconds per bot action."""
        if value.isdigit() and int(value) in PACES:
            self.bots.pace_ms = int(value)
            self.bots.due = min(self.bots.due, self.sv.now() + self.bots.pace_ms)

    def ask_hint(self) -> None:
        """``#hint``: ask what the hard bot would play now (web/hint.py)."""
        game = self.cur.game
        self.confirming = False
        if game is None or self.page.screen != "game" or self._blocked():
            return
        self.hints.ask(game, self.sv.records.dumps(game))
        self.page.focus = "#hint"

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
            self.zoom = sq if board_svg.crowded(game, self.sel, sq, self.unit_px) else None
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

    # ------------------------------------------------------------- output

    def _home_focus(self) -> str | None:
        """Where a keyboard player goes next: the selected source's most
        useful target (web/keynav.py ranks them; the first in page order
        among equals), else the source the next action most likely starts
        from, else end turn; on the game-over screen, its heading (the
        winner and the rematch follow it)."""
        if self.page.screen == "over":
            return "#game-over-title"
        if self.page.screen != "game":
            return None
        if self.sr.on:
            return self.sr.cell_focus()  # the player chose the grid
        game = self.cur.game
        targets = self.sel.targets()
        if targets and game is not None:
            ranker = keynav.Ranker(game)
            return _target_css(min(targets, key=lambda a: (ranker.rank(a), board_svg.target_order(a))))
        if self.sel.sources and game is not None:
            last = game.history[-1] if game.history else None
            mine = last.action if last is not None and last.seat == game.seat else None
            home = keynav.home_source(game, self.sel, None if isinstance(mine, EndTurn) else mine)
            if home is None:
                home = min(self.sel.sources, key=board_svg.source_order)
            return select_css(home)
        return "#end-turn"

    def _drawn_focus(self, focus: str | None, items: list[keynav.Item]) -> str | None:
        """``focus`` if the board draws it; a good on a crowded square is in
        its enlarged view, reached through the square (``data-zoom``)."""
        if focus is None or not focus.startswith("[data-select="):
            return focus
        key = json.loads(focus[len("[data-select=") : -1])
        if key == SUPPLY or any(i.value == key for i in items):
            return focus
        square = key[-2:]
        for item in items:
            if item.value == square:
                return item.css
        return focus

    def board_arrow(self, current: str, key: str) -> str | None:
        """The board choice an arrow key moves to from ``current`` (main.py)."""
        found = keynav.step(self.board_items, current, key)
        return None if found is None else found.css

    def _bot_markup(self, game: Game) -> str:
        """``#bot-status``: whether the bot to move is getting ready, thinking
        or playing its reply (with "Show at once"), or could not play (with
        "Try again"); and the pace control ``#bot-pace``."""
        bot_acts = self.acts_now() == BOT
        state = self.bots.status() if bot_acts or self.bots.error else "idle"
        player = game.options.players[game.seat]
        who = {"name": name_of(game, game.seat), "bot": words().strength(player.bot) if player.bot else ""}
        if state == "loading":
            text = _("The bot is getting ready…")
        elif state == "thinking":
            text = _("{name} ({bot}) is thinking…", **who)
        elif state == "playing":
            text = _("{name} ({bot}) is playing its turn.", **who)
        elif state == "failed":
            text = self.bots.error
        elif not has_people(game):
            text = _("Only bots play this game: watch it to the end.")
        else:
            text = ""
        out = [f'<section id="bot-status" data-bot-turn="{state}" class="bot-{state}">']
        out.append('<p id="bot-text" role="status">')
        if state in ("loading", "thinking"):
            out.append('<span class="spinner" aria-hidden="true"></span>')
        out.append(f"{esc(text)}</p>")
        if state in ("thinking", "playing") and self.bots.pace() > 0:
            out.append(f'<button type="button" id="bot-skip">{esc(_("Show at once"))}</button>')
        if state == "failed":
            out.append(f'<button type="button" id="bot-retry">{esc(_("Try again"))}</button>')
        options = "".join(
            f'<option value="{ms}"{" selected" if ms == self.bots.pace_ms else ""}>'
            f"{esc(_(PACE_WORDS[ms]))}</option>"
            for ms in PACES
        )
        pace = _("Bots' pace")
        out.append(f'<label class="bot-pace">{esc(pace)} <select id="bot-pace">{options}</select></label>')
        out.append("</section>")
        return "".join(out)

    def view(self, top: str, *, board: bool = True) -> View:
        """The game or game-over screen under ``top``; with ``board`` False,
        the board is an empty frame of its size (main.py measures it first)."""
        game = self.cur.game
        assert game is not None
        screen = self.page.screen
        zoom = self.zoom if screen == "game" else None
        self.sel.hinted = self.hints.current(game) if screen == "game" else None
        home = self._home_focus()
        if board:
            # While a bot plays its turn, its actions so far are marked as it goes.
            marks = turn_so_far_marks(game) if self.acts_now() == BOT else last_turn_marks(game)
            got = self.hints.progress(game) if screen == "game" else None
            steps = hint_view.step_marks(got.hint.actions, got.done, unit_px=self.unit_px) if got else ""
            board_markup = board_svg.render_board(
                game, self.sel, marks, unit_px=self.unit_px, zoom=zoom, overlay=steps
            )
            self.board_items = keynav.items(board_markup)
            home = self._drawn_focus(home, self.board_items)
            # One tab stop: where focus goes now if that is on the board, else
            # where the next action most likely starts on it.
            board_focus = self.page.focus or home
            if board_focus is None or not any(board_focus.endswith(i.css[7:]) for i in self.board_items):
                board_focus = next((i.css for i in self.board_items if "selected" in i.classes), home)
            board_markup = keynav.rove(board_markup, board_focus)
        else:
            board_markup = board_svg.board_frame()
        zoom_html = zoom_view.square_view(game, self.sel, zoom) if zoom is not None else ""
        log = "".join(reversed(self.log))
        # The log scrolls: a tab stop named by its heading, so a keyboard can scroll it (axe).
        log_html = (
            f'<h2 id="log-title">{esc(_("Game log"))}</h2>'
            f'<ul id="log" tabindex="0" aria-labelledby="log-title">{log}</ul>'
        )
        note = f'<p id="note" role="status">{esc(self.note)}</p>' if self.note else ""
        if self.cur.stale is not None:
            note += tabs.notice(self.cur.stale)
        dialog = pages.share_dialog(self.share_url(), self.share_status) if self.sharing else ""
        sr_board = self.sr.markup(game, playing=screen == "game")
        tools = pages.game_buttons()
        bots = has_bots(game)
        parts: list[str] | None = None  # the game screen's (View.parts)
        if screen == "over":
            hints = self.hints.used[: game.seats] if bots or any(self.hints.used) else None
            # The final board beside the winner and the breakdown: all of it
            # in view at 1280x800 (on a phone the result comes first).
            markup = (
                f'{top}{sr_board}<div class="layout over-layout"><div class="board-wrap">{board_markup}</div>'
                f'<aside class="side">{panels.game_over(game, hints, tools + review_button())}{note}{dialog}'
                f"{panels.player_panels(game)}{log_html}</aside></div>"
            )
        else:
            bot_acts = self.acts_now() == BOT
            busy = self.bots.status() if bot_acts else None
            controls = panels.controls(
                game,
                self.sel,
                undo_back=undo_back(game),
                bot_acts=bot_acts,
                bots_drew=bots_drew(game),
                hint="" if bot_acts else hint_view.hint_box(game, self.hints),
            )
            parts = [
                f"{top}{sr_board}{panels.banner(game, busy)}{note}",
                board_markup,
                f"{self._bot_markup(game) if bots else ''}{zoom_html}{dialog}{controls}"
                f'<p id="message">{esc(self.page.message)}</p>'
                f'<p id="square-info">{esc(self.info)}</p>',
                f"{panels.bag(game)}{panels.player_panels(game)}",
                panels.legend(game),
                log_html,
                f"{tools}{panels.keys_help()}"
                f'<p class="new"><button type="button" id="abandon">{esc(_("New game"))}</button></p>',
                "",
            ]
        focus = home if screen == "over" else self.page.focus or home
        modal = self.confirming and screen == "game"
        if parts is not None:
            if modal:
                parts[7] = panels.confirm_end(game)
            markup = LAYOUT.format(*parts)
        if modal:
            focus = self.page.focus or "#confirm-end-no"
        elif self.sharing:
            focus = "#share-link"
        elif screen == "over" and self.page.focus:
            focus = self.page.focus
        view = View(
            screen,
            markup,
            self.sv.records.dumps(game),
            game.seat,
            game.left,
            focus,
            title_text(game, screen),
            modal,
            self.motion,
        )
        if parts is not None:
            view.parts = tuple(parts)
        return view
