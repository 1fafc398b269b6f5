"""The page's state and what each click does, without the DOM.

The app worker (web/worker/driver.py) turns the page's input messages
into calls here and sends each ``View`` back as a frame; everything here
runs (and is tested) on CPython. ``App`` is the facade the driver and the
tests call: it routes between the screens, each a
controller of its own (web/app/newgame_screen.py, web/app/game_screen.py,
web/app/saved_screen.py, web/app/history_screen.py), and builds the ``View`` of the
screen shown. What they share is apart: the storage, links, clock and ids
(web/app/services.py) and the game in progress with its saved entry
(web/app/current.py). What the callers read of the page's state (the screen,
the game, the selection, the saved-games list...) ``App`` inherits from
``AppState`` (web/app/app_state.py), which reads it through to those parts.
"""

from __future__ import annotations

from collections.abc import Callable

from caravan import catalogues
from caravan.game import Game
from caravan.options import Options
from caravan.words import Translations
from web.app import opening
from web.app.app_state import AppState
from web.app.current import Current
from web.app.game_screen import GameScreen
from web.app.history_screen import HistoryScreen
from web.app.lesson_screen import LESSON, LessonScreen
from web.app.newgame_screen import NewGameScreen
from web.app.reference import Reference
from web.app.review_screen import ReviewScreen
from web.app.saved import Saves
from web.app.saved_screen import SavedScreen
from web.app.services import Page, Services, storage_problem
from web.app.storage import StorageError, StorageFull
from web.app.view import LAYOUT, View, title_text
from web.bots.bot_turns import Thinker, has_bots
from web.words import i18n
from web.words.announce import sentence, turn_said
from web.words.i18n import _
from web.words.markup import esc, link_rules

__all__ = ["App", "View", "title_text"]

LESSON_OPEN = "learn"  # data-rules-open="learn": the lesson's buttons (web/app/lesson_screen.py)


class App(AppState):
    """The page. ``saves`` is None when nothing is to be stored (tests);
    ``now`` gives epoch milliseconds and ``new_id`` fresh ids for saved games
    (web/worker/entry.py passes JS ``Date.now`` and ``crypto.randomUUID``: no stdlib
    time or uuid imports in the page); ``tab_id`` names this tab in the
    revisions it writes (web/app/tabs.py); ``thinker`` plays the bots' seats
    and gives hints (web/bots/bot_turns.py; web/worker/botlink.py: the bot worker)."""

    def __init__(
        self,
        *,
        seed: int | None = None,
        saves: Saves | None = None,
        now: Callable[[], int] = lambda: 0,
        new_id: Callable[[], str] | None = None,
        base_url: str = "",
        tab_id: str | None = None,
        thinker: Thinker | None = None,
    ) -> None:
        self.services = Services(saves=saves, now=now, new_id=new_id, base_url=base_url, tab_id=tab_id)
        self.page = Page()
        self.current = Current(self.services)
        self.play = GameScreen(self.services, self.page, self.current, thinker)
        self.new = NewGameScreen(self.services, self.page, self.play, seed)
        self.hist = HistoryScreen(self.services, self.page)
        self.saved = SavedScreen(self.services, self.page, self.play, self._open_history)
        self.review = ReviewScreen(self.services, self.page, self.hist, self._open_history)
        self.review.reviewer.thinker = thinker
        self.saved.open_review = self.review.open_entry
        self.hist.better_markup = self.review.better_markup
        self.reference = Reference()
        self.lesson = LessonScreen(self.page, self.play, lambda: self.new.quick({}))

    # ------------------------------------------------ arriving in the page

    def set_language(self, code: str, translations: Translations | None = None) -> None:
        """Show the page in ``code`` (en, es, fr, pl, nl; anything else: English)
        at once: the game, its selection and every screen's state stay as they
        are; the log and the history are phrased again (a default name,
        ``Player.name`` None, is said in the new language). ``translations`` gives a
        catalogue the package does not hold (tests: the pseudo-language)."""
        if translations is None:
            code = code if code in catalogues.LANGUAGES else "en"
            translations = catalogues.translations(code)
        i18n.use(translations, code)
        self.page.lang = code  # the rules reference's text (web/words/rulesdoc.py; English for any other)
        self.play.rephrase()
        self.hist.rephrase()

    @property
    def language(self) -> str:
        """The language shown (docs/UI-CONTRACT.md, "Languages")."""
        return i18n.lang()

    def boot(
        self, link_text: str = "", autostart: int | None = None, *, short: bool = False, casual: bool = False
    ) -> None:
        """The first screen: the link opened, else the game in progress, else
        ``?autostart`` (tests and benchmarks), else the new-game form."""
        self.services.scan()
        self.new.recall()
        resumed = self.play.resume_current()
        if link_text.lstrip("#"):
            self.open_link(link_text)
        elif not resumed and autostart:
            self.autostart(autostart, short=short, casual=casual)

    def open_link(self, text: str) -> None:
        """Show the game a link holds (docs/UI-CONTRACT.md, "Share links")."""
        opening.open_link(self.play, text)

    def storage_changed(self, key: str | None) -> bool:
        """Another tab wrote ``key`` (the page's ``storage`` event; None: it
        cleared the storage). True when the page must be drawn again: this
        tab's game became stale, or the saved-games list may have changed."""
        saves = self.services.saves
        if saves is None or (key is not None and not key.startswith(saves.ns)):
            return False
        redraw = self.play.storage_changed(key)
        return self.saved.storage_changed() or redraw

    def storage_refused(self, problem: str) -> None:
        """The browser refused a write after the page had made it here (the
        app worker's copy of the storage, web/worker/mirror.py): said as a
        write refused at once would be (``full`` or ``disabled``)."""
        error = StorageFull("the storage quota is exceeded") if problem == "full" else StorageError(problem)
        self.services.save_problem = storage_problem(error)

    # ---------------------------------------------------- the new-game form

    def start(self, options: Options) -> None:
        self.new.start(options)

    def autostart(self, players: int, *, short: bool = False, casual: bool = False) -> None:
        """``?autostart=N``: default names, colours and start seat (tests, benchmarks)."""
        self.new.autostart(players, short=short, casual=casual)

    def submit_form(self, values: dict[str, object]) -> None:
        self.new.submit(values)

    def change_form(self, values: dict[str, object], focus: str | None = None) -> None:
        self.new.change(values, focus)

    def quick_game(self, values: dict[str, object]) -> None:
        """``#play-computer``: the first seat against an easy bot, a short game."""
        self.new.quick(values)

    def new_game(self) -> None:
        """Show the form; the game in progress stays until another one starts."""
        self.new.show()

    def resume_game(self) -> None:
        """Back from the form to the game that was being played, untouched."""
        self.new.back()

    def rematch(self) -> None:
        if self.current.game is not None:
            self.new.start(self.current.game.options)

    # ------------------------------------------------------ the game screen

    def resume(self, game: Game) -> None:
        """Show a game that already exists (a saved game, a link, a replayed record)."""
        self.play.resume(game)

    def select(self, key: str) -> None:
        if self.lesson.shown:
            self.lesson.select(key)
        else:
            self.play.select(key)

    def act(self, notation: str) -> None:
        if self.lesson.shown:
            self.lesson.act(notation)
        else:
            self.play.act(notation)

    def confirm_end(self, yes: bool) -> None:
        self.play.confirm_end(yes)

    # ------------------------------------------- the screen-reader board

    @property
    def grid_on(self) -> bool:
        """Whether the screen-reader board is shown (the app worker remembers it)."""
        return self.play.sr.on

    def toggle_grid(self) -> None:
        self.play.sr.toggle()

    def set_grid(self, on: bool) -> None:
        """The remembered choice (the page (web/page/), at boot), before any screen is drawn."""
        self.play.sr.on = on

    def grid_go(self, cell: str) -> None:
        """The grid's focus moved to ``cell`` (the page (web/page/) moved it in the page)."""
        self.play.sr.go(cell)

    def grid_list(self, cell: str) -> None:
        """Enter on a grid cell: the actions from it, numbered."""
        if self.game is not None and self.page.screen == "game":
            self.play.sr.list_actions(self.game, cell)

    def grid_key(self, key: str) -> bool:
        """A command key on the grid (web/board/srboard.py KEYS); True when it was one."""
        return self.game is not None and self.play.sr.key(self.game, key)

    def list_key(self, key: str, at: int) -> bool:
        """A digit, Home or End on the list of a space's actions, focus on its
        ``at``-th button (web/board/srboard.py ``list_key``); True when the page must be drawn."""
        if self.game is None or self.page.screen != "game":
            return False
        action = self.play.sr.list_key(self.game, key, at)
        if action is not None:
            self.play.act(str(action))
        return True

    def command(self, text: str) -> None:
        """``#sr-command``: an answer said, or the typed action played when
        the engine allows it (the game screen's own path: its question before
        ending a turn with actions left, R6, included)."""
        if self.game is None or self.page.screen != "game":
            return
        action = self.play.sr.command(self.game, text)
        if action is not None:
            self.play.act(str(action))
            if self.play.confirming:
                self.play.end_from = "#sr-command"  # "No" returns to the field (R6's question)
            elif self.page.screen == "game":  # at game over focus goes to the result
                self.page.focus = "#sr-command"

    def undo(self) -> None:
        self.play.undo()

    def redo(self) -> None:
        self.play.redo()

    # The bots' turns (web/bots/bot_turns.py): the page (web/page/) calls bot_poll after every
    # update and bot_step when bot_delay's milliseconds have passed.

    def bot_settings(self, *, pace_ms: int | None, budget_ms: int | None, instant: bool) -> None:
        """``?bot_pace``, ``?bot_budget`` and prefers-reduced-motion (the page (web/page/), at boot)."""
        bots = self.play.bots
        bots.instant = instant
        if pace_ms is not None:
            bots.pace_ms = pace_ms
        bots.budget_ms = self.play.hints.budget_ms = self.review.reviewer.budget_ms = budget_ms

    @property
    def wants_bot(self) -> bool:
        """Whether a bot may soon play: the game in progress has a bot's seat
        and is not over. the page (web/page/) starts the bot worker then (at boot before
        the first screen is drawn, and after any update that made it so), and
        only then: a game between people starts none (docs/WORKER.md)."""
        game = self.current.game
        return game is not None and not game.is_over() and has_bots(game)

    def bot_poll(self) -> None:
        self.play.bot_poll()

    def bot_delay(self) -> int | None:
        # Under the reference the bot goes on thinking, but its actions wait
        # until the reference is closed: the game is left as the player saw it.
        if self.reference.is_open:
            return None
        return self.play.bot_delay()

    def bot_step(self) -> bool:
        if self.reference.is_open:
            return False
        return self.play.bot_step()

    def bot_skip(self) -> None:
        self.play.bot_skip()

    def bot_retry(self) -> None:
        self.play.bot_retry()

    def bot_pause(self) -> None:
        """``#bot-pause``: pause a game of bots only, or let it go on."""
        self.play.bot_pause()

    def bot_step_once(self) -> None:
        """``#bot-step``: while paused, the next action of the bots."""
        self.play.bot_step_once()

    def set_pace(self, value: str) -> None:
        self.play.set_pace(value)

    def button(self, el_id: str) -> bool:
        """A button of the review's screens (``#review-button``);
        False when ``el_id`` is none of them (the page (web/page/)'s fallback)."""
        if el_id.startswith("lesson-"):
            return self.lesson.button(el_id)
        if el_id == "review-button":
            cur = self.current
            if cur.game is None:
                return False
            stored = None
            if cur.id is not None and self.saves is not None:
                stored = self.saves.get(cur.id).review
            self.review.open(cur.game, cur.id, cur.name, stored)
            return True
        return self.review.button(el_id)

    # ------------------------------------------------------- the lesson

    def open_lesson(self) -> None:
        """The guided first game, "Learn to play" (the front page, How to play: web/app/lesson.py)."""
        self.reference.close()
        self.play.sharing = False
        self.lesson.open()

    def ask_hint(self) -> None:
        self.play.ask_hint()

    def explain(self, square: str) -> None:
        if self.lesson.shown:
            self.lesson.explain(square)
        else:
            self.play.explain(square)

    def square_info(self, square: str | None = None, action: str | None = None) -> str:
        return self.play.square_info(square, action)

    def shortcut(self, key: str, *, ctrl: bool = False, shift: bool = False) -> bool:
        if self.reference.is_open:
            return False  # the game's keys do nothing under the reference
        return self.play.shortcut(key, ctrl=ctrl, shift=shift)

    def open_zoom(self, square: str) -> None:
        if self.lesson.shown:
            self.lesson.open_zoom(square)
        else:
            self.play.open_zoom(square)

    def board_arrows(self) -> dict[str, dict[str, str]]:
        """For each of the board's choices (a selector), the selector each
        arrow key moves focus to (web/board/keynav.py); none while the
        reference is open or off the game screen."""
        if self.reference.is_open or self.page.screen != "game":
            return {}
        return self.play.board_arrows()

    @property
    def zoomed(self) -> int | None:
        """The square shown enlarged beside the board (the lesson's or the game's), if any."""
        return self.lesson.zoom if self.lesson.shown else self.play.zoom

    def close_zoom(self) -> None:
        if self.lesson.shown:
            self.lesson.close_zoom()
        else:
            self.play.close_zoom()

    def set_unit_px(self, unit_px: float) -> bool:
        return self.play.set_unit_px(unit_px)

    def clear(self) -> None:
        if self.lesson.shown:
            self.lesson.clear()
        else:
            self.play.clear()

    def share_url(self) -> str:
        return self.play.share_url()

    def open_share(self) -> None:
        self.play.open_share()

    def close_share(self) -> None:
        self.play.close_share()

    def load_newer(self) -> None:
        self.play.load_newer()

    def keep_both(self) -> None:
        self.play.keep_both()

    def leave(self) -> None:
        """This tab leaves its game (a reload, a closed tab): nothing unsaved is lost."""
        self.play.leave()

    def escape(self) -> bool:
        """The Escape key: close the rules reference, the history view, the
        question or the share dialog, stop renaming, else drop the selection,
        keeping focus on what was selected. False when there was nothing to
        close (no redraw)."""
        if self.reference.is_open:
            self.close_rules()
            return True
        if self.page.screen == "history":
            self.close_history()
            return True
        if self.play.confirming:
            self.play.confirm_end(False)
            return True
        if self.play.sharing:
            self.play.close_share()
            self.page.focus = "#share"
            return True
        if self.page.screen == "saved" and self.saved.renaming is not None:
            self.saved.cancel_rename()
            return True
        if self.lesson.shown:
            return self.lesson.escape()
        return self.play.escape()

    # ---------------------------------------------------- saved games

    def show_saved(self) -> None:
        self.saved.show()

    def close_saved(self) -> None:
        self.saved.close()

    def saved_action(self, action: str, entry_id: str) -> None:
        """A button of the saved-games list: resume, history, rename, export, delete."""
        self.saved.action(action, entry_id)

    def rename(self, entry_id: str, name: str) -> None:
        self.saved.rename(entry_id, name)

    def cancel_rename(self) -> None:
        """The rename form's Cancel: the name stays as it was."""
        self.saved.cancel_rename()

    def undo_delete(self) -> None:
        self.saved.undo_delete()

    def import_text(self, text: str | bytes, filename: str = "") -> None:
        self.saved.import_text(text, filename)

    def import_refused(self, reason: str) -> None:
        self.saved.import_refused(reason)

    # ---------------------------------------------------- the history view

    def show_history(self) -> None:
        if self.current.game is not None:
            self._open_history(self.current.game)

    def _open_history(self, game: Game) -> None:
        self.play.sharing = False
        self.hist.open(game)

    def history_go(self, delta: int) -> None:
        self.hist.go(delta)

    def history_key(self, key: str) -> bool:
        """Arrow keys, Home and End step through the history view."""
        if self.reference.is_open:
            return False
        return self.hist.key(key)

    def close_history(self) -> None:
        better = self.hist.better
        screen = self.hist.close()
        if screen in ("game", "over") and self.current.game is None:
            screen = "new-game"
        self.page.screen = screen
        if screen == "saved":
            self.saved.refresh()
        self.page.focus = "#history-button" if screen in ("game", "over") else None
        if screen == "review" and better is not None:
            self.page.focus = f"#review-turn-{better[0]}"  # back to the costly turn it showed

    # ---------------------------------------------------- the rules reference

    def open_rules(self, at: str | None = None) -> None:
        """Open the reference over any screen (web/app/reference.py): at rule ``at``
        ("R7"), at the how-to-play (``"howto"``), or where it was left; ``"learn"``
        (a ``data-rules-open`` button, so that a tap on it before Python is ready
        is kept as the reference's are: web/static/front.js) opens the lesson instead."""
        if at == LESSON_OPEN:
            self.open_lesson()
            return
        self.reference.open(at)

    def show_rules_doc(self, doc: str) -> None:
        """The reference's tabs: the rules or the how-to-play."""
        self.reference.show(doc)

    def close_rules(self) -> None:
        """Back to exactly where the player was: the screen under the reference was never touched."""
        self.reference.close()

    # ------------------------------------------------------------- output

    def say_ready(self) -> None:
        """The page is ready (boot): said first, then, for a game taken up as it
        was (nothing else said about it), whose turn it is."""
        said = self.page.said
        game = self.game
        resumed = game is not None and self.page.screen == "game" and not said
        said.insert(0, _("Caravan is ready."))
        if resumed and game is not None:
            said.append(sentence([turn_said(game)]))

    def announcement(self) -> str:
        """What ``#announcer`` says after this update, taken once (the page (web/page/),
        once per render): the actions played, a bot's too, whose turn it is
        when the turn passed, a refusal; empty when there is nothing new."""
        return self.page.take_said()

    def view(self, *, board: bool = True) -> View:
        """The page after an update; with ``board`` False, the board is an
        empty frame of its size (the page (web/page/) measures it before the first drawing).
        Every rule citation on the screen becomes a link into the reference
        here, whatever put it there (web/words/markup.py, ``link_rules``)."""
        view = self._screen_view(board=board)
        if view.parts is None:
            view.markup = link_rules(view.markup)
        else:  # no citation spans two parts: each is an element's whole content
            view.parts = tuple(link_rules(part) for part in view.parts)
            view.markup = LAYOUT.format(*view.parts)
        view.header = header_markup()
        view.rules = self.reference.markup(self.page.lang)
        return view

    def _screen_view(self, *, board: bool) -> View:
        top = self.services.problems()
        screen = self.page.screen
        if screen == "saved":
            return self.saved.view(top)
        if screen == LESSON:
            return self.lesson.view(top)
        if screen == "review" and self.review.reviewer.game is not None:
            return self.review.view(top, self.current.game)
        if screen == "history" and self.hist.history is not None:
            return self.hist.view(top, self.current.game, self.play.unit_px)
        if screen not in ("game", "over") or self.current.game is None:
            return self.new.view(top)
        return self.play.view(top, board=board)


def header_markup() -> str:
    """The tools of the page's header, on every screen: the rules reference."""
    return (
        f'<button type="button" id="rules-button" data-rules-open="rules" aria-haspopup="dialog">'
        f"{esc(_('Rules'))}</button>"
    )
