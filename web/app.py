"""The page's state and what each click does, without the DOM.

``main.py`` turns DOM events into calls here and writes ``View`` back to
the page; everything here runs (and is tested) on CPython. Legality is the
engine's: an action is taken only if ``why_illegal`` has no objection, and
its objection is what the player reads otherwise. The game in progress is
saved (web/saved.py) after every action, undo and redo; storage that fails
is said on screen (``#storage-message``) and never stops play. A save never
replaces actions another tab saved meanwhile (web/tabs.py, ``#tab-conflict``).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from itertools import count

from caravan import record
from caravan.actions import Action, EndTurn, parse_action
from caravan.board import SQUARE_NAMES, parse_square
from caravan.errors import CaravanError, LinkError, NotationError, OptionsError, RecordError
from caravan.events import Event
from caravan.game import Game
from caravan.limits import MAX_ACTIONS
from caravan.options import Options, default_players

from . import board_svg, pages, panels, share, tabs
from .history import History, replay_log
from .i18n import t
from .log import entry_markup
from .markup import esc
from .motion import Motion, last_turn_marks, plan
from .newgame import Form, form_markup, unoffered
from .saved import (
    Entry,
    Saves,
    clean_name,
    default_name,
    export_filename,
    export_text,
    load_game,
    parse_entry,
    revision_of,
)
from .selection import SUPPLY, Selection
from .squareinfo import refusal, square_text
from .storage import StorageError, StorageFull


def _select_css(key: str) -> str:
    return f"[data-select={json.dumps(key)}]"


def _target_css(action: Action) -> str:
    return f".target[data-action={json.dumps(str(action))}]"


class View:
    """What the page shows after an update: the screen, its markup, and the
    machine-readable state of the contract (absent before a game exists).
    A plain class, not a dataclass: each ``@dataclass`` costs the boot."""

    __slots__ = ("focus", "left", "markup", "modal", "motion", "record", "screen", "seat", "title")

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


# Keyboard shortcuts on the game screen (docs/UI-CONTRACT.md): a plain key,
# or with Ctrl/Cmd the editors' undo and redo.
_SHORTCUTS = {"u": "undo", "r": "redo", "e": "end"}
_CTRL_SHORTCUTS = {"z": "undo", "y": "redo"}


_HISTORY_KEYS = {"ArrowLeft": -1, "ArrowRight": 1, "Home": -(10**9), "End": 10**9}


def _square_of(action: Action) -> int | None:
    """The square a target is drawn on: where it goes, or where it happens."""
    to = getattr(action, "to", None)
    at = getattr(action, "at", None)
    return to if isinstance(to, int) else at if isinstance(at, int) else None


def title_text(game: Game | None, screen: str) -> str:
    """The tab's title: whose turn it is while a game is played."""
    if game is None or screen not in ("game", "over", "history"):
        return t("title")
    if game.is_over():
        return t("title.over")
    return t("title.turn", name=game.options.players[game.seat].name)


_TABS = count(1)  # tab ids of Apps made without one (tests): distinct in a process


def _log_of(game: Game) -> list[str]:
    """The log of a game taken up mid-way, rebuilt by replaying its record."""
    if not game.history:
        return []
    try:
        return replay_log(game)[1]
    except CaravanError:  # a position built by hand (tests) has no set-up to replay from
        return ["" for _ in game.history]


class App:
    """The page's state. ``saves`` is None when nothing is to be stored (tests);
    ``now`` gives epoch milliseconds and ``new_id`` fresh ids for saved games
    (main.py passes JS ``Date.now`` and ``crypto.randomUUID``: no stdlib
    time or uuid imports in the page); ``tab_id`` names this tab in the
    revisions it writes (web/tabs.py)."""

    def __init__(
        self,
        *,
        seed: int | None = None,
        saves: Saves | None = None,
        now: Callable[[], int] = lambda: 0,
        new_id: Callable[[], str] | None = None,
        base_url: str = "",
        tab_id: str | None = None,
    ) -> None:
        self.seed = seed
        self.saves = saves
        self.now = now
        ids = count(1)
        self.new_id = new_id or (lambda: f"game-{next(ids)}")
        self.base_url = base_url
        self.game_id: str | None = None
        self.game_name = ""
        self.tab_id = tab_id or f"t{next(_TABS)}"
        self._revs = count(1)
        self.rev: str | None = None  # the revision of game_id's entry as this tab last read or wrote it
        self.stale: tabs.Stale | None = None  # another tab saved newer actions of this game
        self.save_problem = ""  # what could not be saved (shown on every screen)
        self.read_problem = ""  # what could not be read
        self.storage_off = False  # storage could not be reached at the last look
        self.note = ""  # what happened to a link just opened
        self.link_error = ""
        self.sharing = False
        self.share_status = ""
        self.history: History | None = None
        self.back_to = "new-game"  # the screen the saved list returns to
        self.history_back = "game"  # the screen the history view returns to
        self.saved_list: list[Entry] = []
        self.saved_message = ""
        self.renaming: str | None = None
        self.deleted: tuple[str, str, str, bool] | None = None  # id, raw entry, name, was current
        # A file for main.py to hand to the browser as a download (name, text).
        self.download: tuple[str, str] | None = None
        self.started = 0
        self.form = Form()
        self.game: Game | None = None
        self.sel = Selection()
        self.log: list[str] = []  # markup per history step, oldest first
        self.motion: Motion | None = None  # played once by main.py, then dropped
        self.zoom: int | None = None  # the square shown enlarged (docs/UI-CONTRACT.md)
        self.unit_px = 1.0  # CSS px per board unit, measured by main.py
        self.message = ""
        self.info = ""  # what is on the square last long-pressed or focused
        self.confirming = False  # asking before ending a turn with actions left
        self.screen = "new-game"
        self._focus: str | None = None  # overrides _home_focus() for one update
        # The contract's record and the share link are written once per state
        # of the game, not once per render (record.Writer; ``share_url``).
        self.records = record.Writer()
        self.link_encodes = 0  # links encoded so far (tests count the work)
        self._link: tuple[Game, int, object, str | None, str] | None = None

    # ----------------------------------------------------------- new game

    def start(self, options: Options) -> None:
        game_seed = None if self.seed is None else self.seed + self.started
        self.started += 1
        game = Game(options, seed=game_seed)
        self._take(game, self.new_id(), default_name(game))
        self._save()

    def resume(self, game: Game) -> None:
        """Show a game that already exists (a saved game, a link, a replayed record)."""
        self.game = game
        self.log = _log_of(game)
        self.motion = None
        self.zoom = None
        self.message = ""
        self._focus = None
        self.sel = Selection()
        self.sel.refresh(game.legal_actions())
        self.screen = "over" if game.is_over() else "game"
        self._leave_extras()

    def _leave_extras(self) -> None:
        self.sharing = False
        self.share_status = ""
        self.history = None
        self.note = ""
        self.link_error = ""

    def _take(self, game: Game, game_id: str, name: str, rev: str | None = None) -> None:
        """Continue ``game`` as the saved game ``game_id`` (its entry read at revision ``rev``)."""
        if game is not self.game or game_id != self.game_id:
            self.leave()
        self.resume(game)
        self.game_id = game_id
        self.game_name = name
        self.rev = rev

    # ------------------------------------------------------------ storage

    def _save(self) -> None:
        """Store the game in progress; a failure is said, never raised."""
        if self.saves is None or self.game is None or self.game_id is None:
            return
        try:
            if self.stale is None:
                self.stale = self._stale_now()
            if self.stale is not None:
                return  # said on screen (#tab-conflict); the newer copy stays as it is
            rev = self._next_rev()
            self.saves.put(self.game_id, self.game, self.game_name, self.now(), rev=rev)
            self.rev = rev
            self.saves.set_current(self.game_id)
        except StorageFull:
            self.save_problem = t("storage.full")
        except StorageError:
            self.save_problem = t("storage.off")
        else:
            self.save_problem = ""

    def _scan(self) -> list[Entry]:
        """Every saved entry; notes how many cannot be read (they stay)."""
        if self.saves is None:
            return []
        try:
            entries = self.saves.entries()
        except StorageError:
            self.storage_off = True
            self.read_problem = t("storage.off_read")
            return []
        self.storage_off = False
        bad = sum(not e.readable for e in entries)
        self.read_problem = t("storage.unreadable", n=bad) if bad else ""
        return entries

    def boot(
        self, link_text: str = "", autostart: int | None = None, *, short: bool = False, casual: bool = False
    ) -> None:
        """The first screen: the link opened, else the game in progress, else
        ``?autostart`` (tests and benchmarks), else the new-game form."""
        self._scan()
        resumed = self._resume_current()
        if link_text.lstrip("#"):
            self.open_link(link_text)
        elif not resumed and autostart:
            self.autostart(autostart, short=short, casual=casual)

    def _resume_current(self) -> bool:
        if self.saves is None:
            return False
        try:
            current = self.saves.current()
            if current is None:
                return False
            entry = self.saves.get(current)
        except StorageError:
            return False
        if entry.problem == t("saved.gone"):  # nothing under that id: nothing is kept either
            self.read_problem = t("storage.current_gone")
            return False
        try:
            game = load_game(entry)
        except RecordError as e:
            self.read_problem = t("storage.current_unreadable", reason=str(e))
            return False
        self._take(game, current, entry.name, entry.rev)
        return True

    # ---------------------------------------------------------- other tabs

    def _next_rev(self) -> str:
        return f"{self.tab_id}.{next(self._revs)}"

    def _stale_now(self) -> tabs.Stale | None:
        """Whether another tab saved this game since this tab last read or
        wrote it, with something this tab's game lacks (web/tabs.py). The
        revision at the entry's head answers most often; only when it
        changed is the whole entry read. A name given there is taken."""
        assert self.saves is not None and self.game is not None and self.game_id is not None
        raw = self.saves.raw(self.game_id)
        if raw is None or (self.rev is not None and revision_of(raw) == self.rev):
            return None  # untouched, or deleted in another tab: this tab's game is saved again
        entry = parse_entry(self.game_id, raw)
        stale = tabs.compare(entry.record, record.to_dict(self.game))
        if stale is None and entry.readable:
            self.game_name = entry.name
        return stale

    def _blocked(self) -> bool:
        """Playing on a stale game would fork it further: the player chooses first."""
        if self.stale is None:
            return False
        self.message = t("tabs.choose")
        self._focus = "#conflict-load" if self.stale.readable else "#conflict-keep"
        return True

    def storage_changed(self, key: str | None) -> bool:
        """Another tab wrote ``key`` (main.py's ``storage`` event; None: it
        cleared the storage). True when the page must be drawn again: this
        tab's game became stale, or the saved-games list may have changed."""
        if self.saves is None or (key is not None and not key.startswith(self.saves.ns)):
            return False
        redraw = False
        ours = self.game_id is not None and key in (None, self.saves.key(self.game_id))
        if ours and self.game is not None:
            was = self.stale
            try:
                self.stale = self._stale_now()  # again when stale: the notice's counts change
            except StorageError:
                self.stale = was  # unreadable now: the check before the next write tells
            if self.stale is not None:
                self.confirming = False
                self.sel.clear()
            redraw = self.stale is not None or was is not None
        if self.screen == "saved" and self.renaming is None:
            self._refresh_saved()
            redraw = True
        return redraw

    def load_newer(self) -> None:
        """Load the newer game: this tab goes on from the saved copy (its
        own actions not in it, if any, are dropped: the notice said so)."""
        if self.stale is None or self.game_id is None or self.saves is None:
            return
        try:
            entry = self.saves.get(self.game_id)
            game = load_game(entry)
        except (RecordError, StorageError) as e:
            reason = t("storage.off_read") if isinstance(e, StorageError) else str(e)
            self.message = t("saved.cannot_open", reason=reason)
            return
        self.stale = None
        self._take(game, entry.id, entry.name, entry.rev)
        self.note = t("tabs.loaded")

    def keep_both(self) -> None:
        """Keep both: this tab's game is saved as a new entry, "<name>
        (copy)", and played on here; the other copy stays as it was saved."""
        if self.stale is None or self.game is None:
            return
        self.stale = None
        self.game_id, self.game_name, self.rev = self.new_id(), tabs.copy_name(self.game_name), None
        self.message = ""
        self._save()
        self.note = "" if self.save_problem else t("tabs.kept", name=self.game_name)

    def leave(self) -> None:
        """This tab leaves its game (another game, a reload, a closed tab):
        if it is stale with actions in no saved copy, they are kept as the
        copy ("Keep both"), so that nothing is lost unasked."""
        if self.stale is not None and self.stale.mine > 0:
            self.keep_both()
        self.stale = None

    # --------------------------------------------------------------- links

    def share_url(self) -> str:
        """The link to the game as it stands; encoded once per state of the
        game (a render while the share dialog is open reuses it)."""
        from caravan import link  # imported when first used: the page boots without it

        game = self.game
        assert game is not None
        last = game.history[-1] if game.history else None
        cached = self._link
        if (
            cached is None
            or cached[0] is not game
            or cached[1] != len(game.history)
            or cached[2] is not last
            or cached[3] != game.over
        ):
            self._link = cached = (game, len(game.history), last, game.over, link.encode(game))
            self.link_encodes += 1
        return share.link_url(self.base_url, cached[4])

    def open_link(self, text: str) -> None:
        """Show the game a link holds (docs/UI-CONTRACT.md, "Share links")."""
        from caravan import link  # imported when first used: the page boots without it

        try:
            game = link.decode(text)
            refusal = unoffered(game.options)
            if refusal is not None:
                raise LinkError(refusal)
        except LinkError as e:
            self.screen = "new-game"
            self.message = ""
            self._leave_extras()
            self.link_error = t("link.refused", reason=str(e))
            return
        rec = record.to_dict(game)
        names: dict[str, str] = {}
        revs: dict[str, str | None] = {}
        candidates: list[tuple[str, dict[str, object]]] = []
        if self.game is not None and self.game_id is not None:
            candidates.append((self.game_id, record.to_dict(self.game)))
            names[self.game_id], revs[self.game_id] = self.game_name, self.rev
        for entry in self._scan():
            if entry.record is not None and entry.id not in names:
                candidates.append((entry.id, entry.record))
                names[entry.id], revs[entry.id] = entry.name, entry.rev
        decision = share.decide(rec, candidates)
        note = t("link.opened")
        if decision.kind != "new" and decision.id is not None:
            ours = decision.id
            if decision.kind == "link":
                note = t("link.took_link", link=decision.link_steps, saved=decision.saved_steps)
                self._take(game, ours, names[ours], revs[ours])
                self._save()
                self.note = note
                return
            try:
                kept = self.game if ours == self.game_id and self.game is not None else self._load(ours)
            except RecordError:
                kept = None
            if kept is not None:
                same = decision.saved_steps == decision.link_steps
                note = (
                    t("link.same")
                    if same
                    else t("link.kept_saved", saved=decision.saved_steps, link=decision.link_steps)
                )
                self._take(kept, ours, names[ours], revs[ours])
                self.note = note
                return
        self._take(game, self.new_id(), default_name(game))
        self._save()
        self.note = note

    def _load(self, entry_id: str) -> Game:
        if self.saves is None:
            raise RecordError(t("saved.gone"))
        try:
            entry = self.saves.get(entry_id)
        except StorageError:
            raise RecordError(t("storage.off_read")) from None
        return load_game(entry)

    def open_share(self) -> None:
        if self.game is not None and self.screen in ("game", "over"):
            self.sharing = True
            self.share_status = ""

    def close_share(self) -> None:
        self.sharing = False
        self.share_status = ""

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
        """Select ``key`` (again: clear it). A square whose choices do not fit
        on the board opens its enlarged view; the view stays while its square
        or one of the goods in it is what is selected."""
        self.message = ""
        self.confirming = False
        self.motion = None
        square = None if key == SUPPLY else key[-2:]
        zoomed = self.zoom is not None and SQUARE_NAMES[self.zoom] == square
        self.sel.toggle(key)
        game = self.game
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
        self._focus = _select_css(key) if self.sel.selected is None and key in self.sel.sources else None

    def act(self, notation: str) -> None:
        """Take the action written ``notation`` if the engine allows it now."""
        game = self.game
        self.motion = None
        self.zoom = None
        self._focus = None
        if game is None or self.screen != "game" or self._blocked():
            return
        try:
            action = parse_action(notation)
        except NotationError as e:
            self.message = t("play.refused", reason=str(e))
            return
        if len(game.history) >= MAX_ACTIONS:  # caravan/limits.py: no record could hold one more
            self.message = t("play.too_long", n=f"{MAX_ACTIONS:,}")
            return
        reason = game.why_illegal(action)
        if reason is not None:
            self.message = t("play.refused", reason=reason)
            return
        if isinstance(action, EndTurn) and not self.confirming and panels.asks_before_ending(game):
            self.confirming = True  # R6 allows it: ask first (confirm_end answers)
            self.message = ""
            self._focus = "#confirm-end-no"
            return
        self._advance(lambda: game.push(action))

    def confirm_end(self, yes: bool) -> None:
        """The answer to "End your turn?": yes ends it, no keeps it untouched."""
        if not self.confirming:
            return
        if yes:
            self.act("end")
        else:
            self.confirming = False
            self._focus = "#end-turn"

    def explain(self, square: str) -> None:
        """A click on a square that is neither a source nor a target: say why
        nothing happened (the engine's reason where an action was implied)."""
        game = self.game
        self.confirming = False
        if game is None or self.screen != "game":
            return
        self.motion = None
        self._focus = None
        try:
            sq = parse_square(square)
        except KeyError:
            return
        self.message = refusal(game, self.sel.selected, sq)

    def square_info(self, square: str | None = None, action: str | None = None) -> str:
        """What is on a square (a long-press or keyboard focus shows it):
        ``square`` by name, or the square a target ``action`` goes to."""
        game = self.game
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
        actions are left); Y / N answer that question. False if not ours."""
        if self.screen != "game" or self.game is None:
            return False
        k = key.lower()
        if self.confirming and not ctrl and k in ("y", "n"):
            self.confirm_end(k == "y")
            return True
        what = _SHORTCUTS.get(k) if not ctrl else "redo" if k == "z" and shift else _CTRL_SHORTCUTS.get(k)
        if what is None:
            return False
        if what == "undo":
            self.undo()
        elif what == "redo":
            self.redo()
        elif self.confirming:
            self.confirm_end(True)  # E again: yes
        else:
            self.act("end")
        return True

    def undo(self) -> None:
        game = self.game
        self.confirming = False
        if game is None or not game.undoable() or self._blocked():
            return
        game.pop()
        self.log.pop()
        self.motion = None
        self.zoom = None
        self._after()
        self._save()
        self._focus = "#undo" if game.undoable() else None

    def redo(self) -> None:
        game = self.game
        self.confirming = False
        if game is None or not game.can_redo() or self._blocked():
            return
        self._advance(game.redo)
        self._focus = "#redo" if game.can_redo() else None

    def _advance(self, step: Callable[[], list[Event]]) -> None:
        """Take one action forward (``push`` or ``redo``): its log entry, the
        new selection, its motion (planned from the position before) and the save."""
        game = self.game
        assert game is not None
        before = game.copy_position()
        events = step()
        self.log.append(entry_markup(game, game.history[-1].action, events))
        self._after()
        self.motion = plan(before, game, events)
        self._save()

    def _after(self) -> None:
        assert self.game is not None
        self.message = ""
        self.info = ""
        self.confirming = False
        self.note = ""
        self.sharing = False
        self._focus = None
        self.sel.clear()
        self.sel.refresh(self.game.legal_actions())
        if self.game.is_over():
            self.screen = "over"

    def open_zoom(self, square: str) -> None:
        """Show ``square`` enlarged (a crowded square, or choices too small to tap)."""
        self.sel.clear()
        self.message = ""
        self.motion = None
        self.zoom = parse_square(square) if self.screen == "game" else None
        self._focus = "#square-view-close"

    def close_zoom(self) -> None:
        if self.zoom is not None:
            self._focus = f"[data-square={json.dumps(SQUARE_NAMES[self.zoom])}]"
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
        self.message = ""
        self._focus = None

    def escape(self) -> bool:
        """The Escape key: close the history view or the share dialog, else
        drop the selection, keeping focus on what was selected. False when
        there was nothing to close (the page need not redraw)."""
        if self.screen == "history":
            self.close_history()
            return True
        if self.confirming:
            self.confirm_end(False)
            return True
        if self.sharing:
            self.close_share()
            self._focus = "#share"
            return True
        if self.screen == "saved" and self.renaming is not None:
            self.renaming = None
            return True
        key = self.sel.selected
        if key is None and self.zoom is not None and self.screen == "game":
            self.close_zoom()
            return True
        if key is None or self.screen != "game":
            return False
        self.clear()
        self._focus = _select_css(key)
        return True

    # -------------------------------------------------------- saved games

    def show_saved(self) -> None:
        if self.screen != "saved":
            self.back_to = self.screen
        self.screen = "saved"
        self.saved_message = ""
        self.renaming = None
        self.deleted = None
        self._refresh_saved()

    def _refresh_saved(self) -> None:
        self.saved_list = self._scan()

    def close_saved(self) -> None:
        back = self.back_to
        if back in ("game", "over") and self.game is None:
            back = "new-game"
        self.screen = back
        self.renaming = None
        self.deleted = None
        self._focus = None

    def _fresh(self, entry: Entry) -> Entry:
        """``entry`` as it is stored now (the list may be older than another tab's last save)."""
        if self.saves is None:
            return entry
        try:
            return self.saves.get(entry.id)
        except StorageError:
            return entry

    def _entry(self, entry_id: str) -> Entry | None:
        return next((e for e in self.saved_list if e.id == entry_id), None)

    def saved_action(self, action: str, entry_id: str) -> None:
        """A button of the saved-games list: resume, history, rename, export, delete."""
        self.saved_message = ""
        entry = self._entry(entry_id)
        if entry is None:
            return
        if action == "delete":
            self._delete(entry)
            return
        self.deleted = None
        if action == "rename" and entry.readable:
            self.renaming = entry_id
            self._focus = "#rename-input"
        elif action == "export" and entry.readable:
            self.download = (export_filename(entry), export_text(entry))
            self.saved_message = t("saved.exported", name=entry.name)
        elif action in ("resume", "history"):
            mine = entry_id == self.game_id and self.game is not None
            if action == "resume" and not mine:
                entry = self._fresh(entry)  # another tab may have played it on since the list was drawn
            try:
                game = self.game if mine and self.game is not None else load_game(entry)
            except RecordError as e:
                self.saved_message = t("saved.cannot_open", reason=str(e))
                return
            if action == "resume":
                self._take(game, entry_id, entry.name, self.rev if mine else entry.rev)
                self._save()
            else:
                self._open_history(game)

    def rename(self, entry_id: str, name: str) -> None:
        name = clean_name(name)
        if not name:
            self.saved_message = t("saved.name_empty")
            return
        assert self.saves is not None
        try:
            # A new revision: a tab playing this game sees it and takes the name (web/tabs.py).
            self.saves.rename(entry_id, name, rev=self._next_rev())
        except StorageError as e:
            self.saved_message = t("storage.full" if isinstance(e, StorageFull) else "storage.off")
            return
        if entry_id == self.game_id:
            self.game_name = name
        self.renaming = None
        self._focus = None
        self._refresh_saved()

    def _delete(self, entry: Entry) -> None:
        assert self.saves is not None
        try:
            raw = self.saves.raw(entry.id)
            was_current = self.saves.current() == entry.id
            self.saves.remove(entry.id)
        except StorageError:
            self.saved_message = t("storage.off")
            return
        name = entry.name if entry.readable else t("saved.unreadable")
        self.deleted = (entry.id, raw or "", name, was_current) if raw is not None else None
        if entry.id == self.game_id:
            self.game = None
            self.game_id = None
            self.stale = None  # the player deleted the game it was about
        self.renaming = None
        self._refresh_saved()

    def undo_delete(self) -> None:
        if self.deleted is None or self.saves is None:
            return
        entry_id, raw, _, was_current = self.deleted
        try:
            if self.saves.raw(entry_id) is None:  # not saved again meanwhile by another tab
                self.saves.put_raw(entry_id, raw)
            if was_current:
                self.saves.set_current(entry_id)
        except StorageError as e:
            self.saved_message = t("storage.full" if isinstance(e, StorageFull) else "storage.off")
            return
        self.deleted = None
        if was_current and self.game is None:
            self._resume_current()
            self.screen = "saved"
        self._refresh_saved()

    def import_text(self, text: str | bytes) -> None:
        """A ``.json`` file chosen for import (its bytes, decoded strictly by
        ``record.loads``); a bad one changes nothing."""
        try:
            game = record.loads(text)
            refusal = unoffered(game.options)
            if refusal is not None:
                raise RecordError(refusal)
        except RecordError as e:
            self.saved_message = t("import.refused", reason=str(e))
            return
        name = default_name(game)
        entry_id = self.new_id()
        if self.saves is not None:
            try:
                self.saves.put(entry_id, game, name, self.now(), rev=self._next_rev())
            except StorageError as e:
                # Not storable: open it, so the player still has it to play or share.
                self._take(game, entry_id, name)
                self.save_problem = t("storage.full" if isinstance(e, StorageFull) else "storage.off")
                return
        self.deleted = None
        self._refresh_saved()
        self.saved_message = t("import.done", name=name)

    def import_refused(self, reason: str) -> None:
        self.saved_message = t("import.refused", reason=reason)

    # ------------------------------------------------------------ history

    def show_history(self) -> None:
        if self.game is not None:
            self._open_history(self.game)

    def _open_history(self, game: Game) -> None:
        self.history_back = self.screen
        self.history = History(game)
        self.sharing = False
        self.screen = "history"
        self._focus = "#history-back"

    def history_go(self, delta: int) -> None:
        h = self.history
        if h is None:
            return
        h.go(h.pos + delta)
        if h.pos == 0:
            self._focus = "#history-forward"
        elif h.pos == h.total:
            self._focus = "#history-back"
        else:
            self._focus = "#history-back" if delta < 0 else "#history-forward"

    def history_key(self, key: str) -> bool:
        """Arrow keys, Home and End step through the history view."""
        if self.screen != "history" or key not in _HISTORY_KEYS:
            return False
        self.history_go(_HISTORY_KEYS[key])
        return True

    def close_history(self) -> None:
        self.history = None
        self.screen = self.history_back
        if self.screen in ("game", "over") and self.game is None:
            self.screen = "new-game"
        if self.screen == "saved":
            self._refresh_saved()
        self._focus = "#history-button" if self.screen in ("game", "over") else None

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

    def _problems(self) -> str:
        text = " ".join(p for p in (self.save_problem, self.read_problem) if p)
        return f'<p id="storage-message" role="status">{esc(text)}</p>' if text else ""

    def view(self, *, board: bool = True) -> View:
        """The page after an update; with ``board`` False, the board is an
        empty frame of its size (main.py measures it before the first drawing)."""
        top = self._problems()
        if self.screen == "saved":
            storage_ok = self.saves is not None and not self.storage_off
            deleted = self.deleted[2] if self.deleted is not None else None
            markup = pages.saved_screen(
                self.saved_list,
                current=self.game_id,
                renaming=self.renaming,
                message=self.saved_message,
                deleted=deleted,
                storage_ok=storage_ok,
            )
            return View("saved", top + markup, focus=self._focus, title=t("title"))
        if self.screen == "history" and self.history is not None:
            rec = self.records.dumps(self.game) if self.game is not None else None
            seat = self.game.seat if self.game is not None else None
            left = self.game.left if self.game is not None else None
            return View(
                "history",
                top + pages.history_screen(self.history),
                rec,
                seat,
                left,
                self._focus,
                title_text(self.game, "history"),
            )
        if self.screen not in ("game", "over") or self.game is None:
            resumable = self.game is not None and not self.game.is_over()
            error = f'<p id="link-error" role="alert">{esc(self.link_error)}</p>' if self.link_error else ""
            form = form_markup(self.form, self.message, can_resume=resumable)
            saved = f'<p class="saved-open">{pages.button("saved-button", "saved.button")}</p>'
            return View("new-game", top + error + form + saved, title=t("title"))
        game = self.game
        zoom = self.zoom if self.screen == "game" else None
        if board:
            board_markup = board_svg.render_board(
                game, self.sel, last_turn_marks(game), unit_px=self.unit_px, zoom=zoom
            )
        else:
            board_markup = board_svg.board_frame()
        zoom_html = board_svg.square_view(game, self.sel, zoom) if zoom is not None else ""
        log = "".join(reversed(self.log))
        log_html = f'<h2>{esc(t("play.log"))}</h2><ul id="log">{log}</ul>'
        note = f'<p id="note" role="status">{esc(self.note)}</p>' if self.note else ""
        if self.stale is not None:
            note += tabs.notice(self.stale)
        dialog = pages.share_dialog(self.share_url(), self.share_status) if self.sharing else ""
        tools = pages.game_buttons()
        if self.screen == "over":
            body = (
                f"{panels.game_over(game)}{note}{tools}{dialog}"
                f'<div class="layout"><div class="board-wrap">{board_markup}</div>'
                f'<aside class="side">{panels.player_panels(game)}{log_html}</aside></div>'
            )
        else:
            body = (
                f"{panels.banner(game)}{note}"
                f'<div class="layout"><div class="board-wrap">{board_markup}</div>'
                f'<aside class="side">{zoom_html}{dialog}{panels.controls(game, self.sel)}'
                f'<p id="message" role="alert">{esc(self.message)}</p>'
                f'<p id="square-info">{esc(self.info)}</p>'
                f"{panels.bag(game)}{panels.player_panels(game)}{panels.legend(game)}{log_html}"
                f"{tools}{panels.keys_help()}"
                f'<p class="new"><button type="button" id="abandon">{esc(t("play.new_game"))}</button></p>'
                f"</aside></div>"
            )
        focus = self._home_focus() if self.screen == "over" else self._focus or self._home_focus()
        modal = self.confirming and self.screen == "game"
        if modal:
            body += panels.confirm_end(game)
            focus = self._focus or "#confirm-end-no"
        elif self.sharing:
            focus = "#share-link"
        elif self.screen == "over" and self._focus:
            focus = self._focus
        return View(
            self.screen,
            top + body,
            self.records.dumps(game),
            game.seat,
            game.left,
            focus,
            title_text(game, self.screen),
            modal,
            self.motion,
        )
