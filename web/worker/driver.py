"""The app in its worker: the page's messages in, frames out.

The page (web/page/) only paints and listens: it describes each input in a
message (what was clicked, as the markup names it; the key; the form's
values), and this driver does what web/app/app.py says to it and sends back
a frame (web/worker/frames.py) with everything the page must change. The
messages are listed in docs/WORKER.md ("The app worker"); everything here
runs on CPython too (tests/web/test_driver.py).
"""

from __future__ import annotations

import base64
import contextlib
import gettext
import io
import json
from collections.abc import Callable
from typing import Any

from caravan.board import FILES, RANKS
from caravan.limits import MAX_RECORD as MAX_IMPORT
from web.app.app import App
from web.app.game_screen import CTRL_SHORTCUTS, SHORTCUTS
from web.app.history_screen import HISTORY_KEYS
from web.app.newgame import is_bot
from web.app.query import parse_query
from web.app.saved import Saves
from web.board.board_svg import VIEW
from web.board.srboard import KEYS as GRID_KEYS
from web.words.i18n import _

from .botlink import ASK_AGAIN, BotLink
from .clock import Clock
from .frames import Drawn, motion_fields
from .mirror import Mirror
from .storing import Storing

VERSION = 1
GRID_KEY = "caravan:sr-board"  # the screen-reader board's choice, one key for every path

# Buttons (by id) and what they do; those the page handles itself (copying the link) are not here.
_BUTTONS: dict[str, Callable[[App], None]] = {
    "undo": lambda a: a.undo(),
    "redo": lambda a: a.redo(),
    "rematch": lambda a: a.rematch(),
    "new-game-button": lambda a: a.new_game(),
    "abandon": lambda a: a.new_game(),
    "resume-game": lambda a: a.resume_game(),
    "saved-button": lambda a: a.show_saved(),
    "saved-back": lambda a: a.close_saved(),
    "undo-delete": lambda a: a.undo_delete(),
    "rename-cancel": lambda a: a.cancel_rename(),
    "history-button": lambda a: a.show_history(),
    "history-first": lambda a: a.history_go(-(10**9)),
    "history-back": lambda a: a.history_go(-1),
    "history-forward": lambda a: a.history_go(1),
    "history-last": lambda a: a.history_go(10**9),
    "history-exit": lambda a: a.close_history(),
    "share-close": lambda a: a.close_share(),
    "confirm-end-yes": lambda a: a.confirm_end(True),
    "confirm-end-no": lambda a: a.confirm_end(False),
    "square-view-close": lambda a: a.close_zoom(),
    "conflict-load": lambda a: a.load_newer(),
    "conflict-keep": lambda a: a.keep_both(),
    "hint": lambda a: a.ask_hint(),
    "bot-skip": lambda a: a.bot_skip(),
    "bot-retry": lambda a: a.bot_retry(),
    "bot-pause": lambda a: a.bot_pause(),
    "bot-step": lambda a: a.bot_step_once(),
}


# Buttons whose answer is the board (a turn ended, an action taken back or played again).
ANSWERED_ON_BOARD = ("confirm-end-yes", "undo", "redo")


class Driver(Storing):
    """One page's app. ``send`` posts a message (a dict, sent as JSON text)
    to the page; ``clock`` times the bots; ``now_ms`` and ``new_id`` are the
    wall clock and fresh ids (JavaScript's ``Date.now``, ``crypto.randomUUID``)."""

    def __init__(
        self,
        send: Callable[[dict[str, Any]], None],
        clock: Clock,
        now_ms: Callable[[], int],
        new_id: Callable[[], str],
    ) -> None:
        self._send = send
        self.clock = clock
        self.now_ms = now_ms
        self.new_id = new_id
        self.app: App | None = None
        self.bots = BotLink(send, clock)
        self.bots.on_settled = self._bot_settled
        self.drawn = Drawn()
        self.local = Mirror("local", {})
        self.session = Mirror("session", {})
        self.measured = False  # whether the board's scale on screen was measured yet
        self.scales: dict[str, float] = {}  # the scale last measured on each screen
        self.unit_px = 0.0
        self.reduced = False
        self.waiting: tuple[bool, list[str]] | None = None  # a frame held until the draft is measured
        self.nav_for: tuple[str, ...] | None = None  # the board markup the page's arrow map is for
        self.keys_sent: dict[str, Any] | None = None  # the keys the page takes, as last sent
        self.leave_plan: list[Any] = []
        self.leave_id: str | None = None  # the id the next fresh id is (a fork planned, then made)
        self.planned_id: str | None = None
        self.booted = False
        self.think_ids: dict[int, Any] = {}

    # ------------------------------------------------------------ messages

    def send(self, message: dict[str, Any]) -> None:
        message.setdefault("version", VERSION)
        self._send(message)

    def receive(self, text: str) -> None:
        """One message of the page (JSON text), handled at once, in order."""
        try:
            msg = json.loads(text)
        except ValueError:
            self.send(
                {"type": "log", "level": "error", "text": "caravan: the page sent a message that is not JSON"}
            )
            return
        if not isinstance(msg, dict) or msg.get("version") != VERSION:
            self.send(
                {"type": "log", "level": "error", "text": "caravan: a message of another version was ignored"}
            )
            return
        kind = str(msg.get("type", ""))
        if kind == "boot":
            self.boot(msg)
            return
        if kind == "bot":
            self.bots.receive(str(msg.get("text", "")))
        elif self.app is not None:  # nothing else means anything before the boot
            handler = getattr(self, "on_" + kind.replace("-", "_"), None)
            if handler is None:
                self.send({"type": "log", "level": "error", "text": f"caravan: unknown message {kind!r}"})
                return
            handler(msg)
        self.flush()

    def flush(self) -> None:
        """The storage writes made since the last flush, for the page to make."""
        writes = self.local.take_writes() + self.session.take_writes()
        if writes:
            self.send({"type": "store", "writes": [list(w) for w in writes]})
        self._plan_leave()

    # ---------------------------------------------------------------- boot

    def boot(self, msg: dict[str, Any]) -> None:
        page = msg.get("page") or {}
        local = msg.get("local")
        self.local = Mirror(
            "local", local if isinstance(local, dict) else None, problem=str(msg.get("local_problem") or "")
        )
        session = msg.get("session")
        self.session = Mirror("session", session if isinstance(session, dict) else None)
        query = parse_query(str(page.get("search", "")))
        self.reduced = bool(page.get("reduced"))
        saves = Saves(self.local, str(page.get("pathname", "/")), tab=self.session)
        app = self.app = App(
            seed=query.seed,
            saves=saves,
            now=self.now_ms,
            new_id=self._fresh_id,
            base_url=str(page.get("base_url", "")),
            tab_id=self.new_id()[:8],
            thinker=self.bots,
        )
        app.bot_settings(pace_ms=query.bot_pace, budget_ms=query.bot_budget, instant=self.reduced)
        if query.bot_timeout is not None:
            self.bots.client.grace_ms = query.bot_timeout
        if query.bot_start_timeout is not None:
            self.bots.client.start_limit_ms = query.bot_start_timeout
        app.set_language(str(page.get("lang") or "en"))
        app.set_grid(self._remembered_grid())
        painted = float(page.get("board_width") or 0.0) / VIEW
        if painted:  # the board first-paint.js painted from this tab's last visit: measured already
            self.scales["game"] = self.scales["over"] = painted
            self.measured = True
        link = str(page.get("hash", ""))
        app.boot(link, query.autostart, short=query.short, casual=query.casual)
        if page.get("restarted"):  # the worker before this one failed mid-game (docs/WORKER.md)
            app.page.message = _(
                "Something went wrong while the game was running, so it started again: "
                "your game is as it was after your last action."
            )
        self.want_bot()  # the game shown has a bot's seat: its worker starts before the screen is drawn
        app.say_ready()
        self.booted = True
        self.render(after=["ready"])
        self.flush()

    def _fresh_id(self) -> str:
        if self.leave_id is not None:  # the copy the page already wrote when it was left (pagehide)
            out, self.leave_id = self.leave_id, None
            return out
        return self.new_id()

    def _remembered_grid(self) -> bool:
        try:
            return self.local.get(GRID_KEY) == "on"
        except Exception:
            return False

    # -------------------------------------------------------------- drawing

    def render(self, *, keyboard: bool = False, after: list[str] | None = None, board: bool = False) -> None:
        """Draw the app as it is now; ``after``: what the page does once it is
        drawn; ``board``: the answer to a tap on the board, which the page
        paints first (web/worker/frames.py ``Drawn.frame``)."""
        app = self.app
        assert app is not None
        app.bot_poll()  # a bot to move is asked for its turn first: the screen shows it thinking
        if (
            not self.measured
            and app.screen in ("game", "over")
            and app.game is not None
            and not app.reference.is_open
        ):
            # The board's choices depend on its size on screen, which only the
            # page's layout knows: the first board is laid out empty and measured.
            self.measured = True
            self.want_bot()  # a bot's game: its worker starts while the page measures
            self.waiting = (keyboard, list(after or []))
            self.flush()
            self.send(self.drawn.frame(app.view(board=False), keyboard=keyboard, measure=True))
            return
        self._draw(keyboard, list(after or []), board)

    def _draw(self, keyboard: bool, after: list[str], board: bool = False) -> None:
        app = self.app
        assert app is not None
        self._set_scale(self.scales.get(app.screen, 0.0))
        view = app.view()
        frame = self.drawn.frame(view, keyboard=keyboard, board=board)
        if view.rules and app.reference.pending is not None:
            frame["rules_at"] = app.reference.pending  # scrolled into view, focused (web/app/reference.py)
        app.reference.pending = None
        frame["width"] = self.unit_px * VIEW
        if (m := motion_fields(view.motion)) is not None and not self.reduced:
            frame["motion"] = m
        app.motion = None  # played once: a later redraw does not replay it
        frame["announce"] = app.announcement()
        keys = self._keys()
        if keys != self.keys_sent:  # the page keeps the last ones: most frames need none
            frame["keys"] = self.keys_sent = keys
        nav = self._nav()
        if nav is not None:
            frame["nav"] = nav
        if app.download is not None:
            name, text = app.download
            app.download = None
            frame["download"] = {"name": name, "text": text}
        if after:
            frame["after"] = after
        self.flush()  # the writes first: a page left right after this frame has them (a reload)
        self.send(frame)
        self.bot_schedule()

    def _set_scale(self, px: float) -> bool:
        assert self.app is not None
        changed = self.app.set_unit_px(px)
        if px:
            self.unit_px = px
        return changed

    def _keys(self) -> dict[str, Any]:
        """The keys the app takes now: the page calls preventDefault on them at once."""
        app = self.app
        assert app is not None
        game = app.screen == "game" and app.game is not None and not app.reference.is_open
        return {
            "plain": sorted(SHORTCUTS) + (["y", "n"] if app.confirming else []) if game else [],
            "ctrl": sorted(CTRL_SHORTCUTS) if game else [],
            "history": sorted(HISTORY_KEYS) if app.screen == "history" and not app.reference.is_open else [],
            "grid": sorted(GRID_KEYS) if app.grid_on else [],
            "files": "".join(FILES),
            "ranks": "".join(RANKS),
            "confirming": app.confirming and not app.reference.is_open,
        }

    def _nav(self) -> dict[str, dict[str, str]] | None:
        """Where the arrow keys move focus on the board, when the board changed."""
        app = self.app
        assert app is not None
        # The reference's state is part of the key: the map is empty while it is open, so
        # choices that changed under it are sent again once it closes.
        shown = app.screen == "game" and not app.reference.is_open
        items = tuple(i.css for i in app.play.board_items) if shown else ()
        if items == self.nav_for:
            return None
        self.nav_for = items
        return app.board_arrows()

    def on_scale(self, msg: dict[str, Any]) -> None:
        """The page measured the board: ``measured`` for the draft, else after a frame."""
        assert self.app is not None
        px = float(msg.get("width") or 0.0) / VIEW
        screen = str(msg.get("screen", ""))
        if px:
            self.scales[screen] = px
        if msg.get("draft") and self.waiting is not None:
            keyboard, after = self.waiting
            self.waiting = None
            self._draw(keyboard, after)
        elif px and screen == self.app.screen and self._set_scale(px) and not self.app.reference.is_open:
            self._draw(False, [])

    def on_redraw(self, _msg: dict[str, Any]) -> None:
        """The page could not patch its screen: draw it whole."""
        self.drawn.forget_screen()
        self._draw(False, [])

    def on_resize(self, msg: dict[str, Any]) -> None:
        """A rotated phone or a resized window: the board at its new size."""
        self.scales.clear()
        assert self.app is not None
        px = float(msg.get("width") or 0.0) / VIEW
        if px and self.app.screen in ("game", "over", "history"):
            self.scales[self.app.screen] = px
        if px and self._set_scale(px):
            self.render()

    # ---------------------------------------------------------------- input

    def on_click(self, msg: dict[str, Any]) -> None:
        """A click; ``info``: the words of the board element it focused
        (web/page/glue.py ``activate``), asked first as ``info`` asks them
        and drawn by the click's frame (#square-info), or sent as ``info``
        when the click draws none."""
        info = msg.get("info")
        if not isinstance(info, dict):
            self._click(msg)
            return
        drawn = self.drawn.seq
        text = self._square_info(info)
        self._click(msg)
        if self.drawn.seq == drawn:
            self.send({"type": "info", "text": text})

    def _click(self, msg: dict[str, Any]) -> None:
        app = self.app
        assert app is not None
        t = msg.get("target") or {}
        keyboard = bool(msg.get("keyboard"))
        if self._rules_click(t):
            return
        if app.confirming and not t.get("confirm"):
            app.confirm_end(False)  # a click outside the question: "no"
            self.render(keyboard=keyboard)
            return
        if t.get("cell"):  # a space of the screen-reader board: its actions, as Enter on it
            app.grid_list(str(t["cell"]))
            self.render(keyboard=keyboard)
            return
        el = t.get("el")
        if not el:
            if t.get("board"):
                if t.get("square"):
                    app.explain(str(t["square"]))  # why nothing happened
                else:
                    app.clear()
                self.render(keyboard=keyboard)
            return
        after: list[str] = []
        el_id = str(el.get("id") or "")
        # A source selected or an action played by a pointer (on the board, the supply's
        # button, the action list, End turn and its question, Undo, Redo): the banner
        # and the board are the answer, painted first (not when a square is shown
        # enlarged, below). On a slowed phone the supply's whole answer (its targets and
        # their list at once) and End turn's (the next player's board, panels, log and
        # choices) were the play's largest renderings.
        board = not keyboard and (
            el.get("action") is not None or el.get("select") is not None or el_id in ANSWERED_ON_BOARD
        )
        if el.get("action") is not None:
            app.act(str(el["action"]))
            if el.get("list"):
                after.append("board-into-view")
        elif el.get("select") is not None:
            app.select(str(el["select"]))
        elif el.get("zoom") is not None:
            app.open_zoom(str(el["zoom"]))
        elif el.get("saved") is not None:
            app.saved_action(str(el["saved"]), str(el.get("data_id") or ""))
        elif el_id == "start-game":
            app.submit_form(msg.get("form") or {})
        elif el_id == "play-computer":
            app.quick_game(msg.get("form") or {})
        elif el_id == "share":
            app.open_share()
            after.append("share")
        elif el_id == "rename-save":
            self.on_rename(msg)
        elif el_id == "sr-toggle":
            self._toggle_grid()
        elif el_id == "sr-send":
            self.on_command(msg)
        else:
            if el_id in ASK_AGAIN:
                self.bots.restart()
            if el_id in _BUTTONS:
                _BUTTONS[el_id](app)
            elif not app.button(el_id):  # the review's screens (web/app/review_screen.py)
                return
        if app.zoomed is not None:
            board = False  # a square shown enlarged beside the board holds its choices: all at once
        self.render(keyboard=keyboard, after=after, board=board)

    def _rules_click(self, t: dict[str, Any]) -> bool:
        """A click for the rules reference (its controls, or outside it): True when it was one."""
        app = self.app
        assert app is not None
        c = t.get("rules")
        if not c:
            if app.reference.is_open and t.get("layer"):
                if not t.get("dialog"):  # the backdrop around it
                    app.close_rules()
                    self.render()
                return True
            return False
        if c.get("id") == "rules-back":
            app.close_rules()
        elif c.get("rule") is not None:
            app.open_rules(str(c["rule"]))
        elif c.get("doc") is not None:
            app.show_rules_doc(str(c["doc"]))
        elif c.get("go") is not None:
            app.open_rules(str(c["go"]))
        else:
            app.open_rules(str(c.get("open") or "") or None)
        self.render()
        return True

    def on_key(self, msg: dict[str, Any]) -> None:
        """A key the page passed on (it called preventDefault where ``keys`` said to)."""
        app = self.app
        assert app is not None
        key = str(msg.get("key", ""))
        what = msg.get("what")
        if what == "shortcut":
            if app.shortcut(key, ctrl=bool(msg.get("ctrl")), shift=bool(msg.get("shift"))):
                self.render(keyboard=True)
        elif what == "escape":
            if app.escape():
                self.render(keyboard=True)
        elif what == "history":
            if app.history_key(key):
                self.render(keyboard=True)
        elif (what == "grid" and app.grid_key(key)) or (
            what == "list" and app.list_key(key, int(msg.get("at") or 0))
        ):
            self.render(keyboard=True)

    def on_grid_go(self, msg: dict[str, Any]) -> None:
        """The page moved the grid's focus (web/page/keys.py): no redraw."""
        assert self.app is not None
        self.app.grid_go(str(msg.get("cell", "")))

    def on_grid_list(self, msg: dict[str, Any]) -> None:
        assert self.app is not None
        self.app.grid_list(str(msg.get("cell", "")))
        self.render(keyboard=True)

    def on_command(self, msg: dict[str, Any]) -> None:
        """``#sr-command``'s text, sent with Enter or its button."""
        assert self.app is not None
        self.app.command(str(msg.get("command", "")))
        if msg.get("type") == "command":
            self.render(keyboard=True)

    def on_rename(self, msg: dict[str, Any]) -> None:
        app = self.app
        assert app is not None
        if app.renaming is not None and msg.get("rename") is not None:
            app.rename(app.renaming, str(msg["rename"]))
        if msg.get("type") == "rename":
            self.render(keyboard=True)

    def _toggle_grid(self) -> None:
        assert self.app is not None
        self.app.toggle_grid()
        with contextlib.suppress(Exception):  # storage off or full: the choice holds for this visit only
            self.local.set(GRID_KEY, "on" if self.app.grid_on else "off")

    def on_info(self, msg: dict[str, Any]) -> None:
        """What is on a square (focus on the board, or a long press): said in #square-info."""
        self.send({"type": "info", "text": self._square_info(msg)})

    def _square_info(self, msg: dict[str, Any]) -> str:
        assert self.app is not None
        action = msg.get("action")
        return self.app.square_info(square=msg.get("square"), action=None if action is None else str(action))

    def on_form(self, msg: dict[str, Any]) -> None:
        """The new-game form changed where the form is drawn again (players, colours)."""
        app = self.app
        assert app is not None
        focus = msg.get("focus")
        if focus == "#player-count" or app.screen == "new-game":
            app.change_form(msg.get("form") or {}, None if focus is None else str(focus))
            self.render(keyboard=True)

    def on_seat_type(self, msg: dict[str, Any]) -> None:
        assert self.app is not None
        if self.app.screen == "new-game" and is_bot(str(msg.get("value", ""))):
            self.bots.start()  # the worker gets ready while the rest of the form is filled in

    def on_language(self, msg: dict[str, Any]) -> None:
        assert self.app is not None
        self.app.set_language(str(msg.get("code", "en")))
        self.render()

    def on_catalogue(self, msg: dict[str, Any]) -> None:
        """Tests: a catalogue the bundle does not ship (the pseudo-language), as .mo bytes in base64."""
        assert self.app is not None
        data = base64.b64decode(str(msg.get("mo", "")))
        self.app.set_language(str(msg.get("code")), gettext.GNUTranslations(io.BytesIO(data)))
        self.render()
        self.send({"type": "lang", "code": str(msg.get("code"))})

    def on_pace(self, msg: dict[str, Any]) -> None:
        assert self.app is not None
        self.app.set_pace(str(msg.get("value", "")))
        self.bot_schedule()

    def on_file(self, msg: dict[str, Any]) -> None:
        """A file chosen to import: its bytes in base64, or why the page could not read it."""
        app = self.app
        assert app is not None
        if msg.get("refused") == "large" or int(msg.get("size") or 0) > MAX_IMPORT:
            app.import_refused(_("the file is far too large to be a game of Caravan"))
        elif msg.get("refused") or msg.get("data") is None:
            app.import_refused(_("the file could not be read"))
        else:
            try:
                data = base64.b64decode(str(msg["data"]), validate=True)
            except ValueError:
                app.import_refused(_("the file could not be read"))
            else:
                app.import_text(data, str(msg.get("name", "")))
        self.render()

    def on_share(self, msg: dict[str, Any]) -> None:
        """How sending the link went (the page's share sheet or clipboard)."""
        app = self.app
        assert app is not None
        result = msg.get("result")
        if result == "copied":
            app.share_status = _("Link copied to the clipboard.")
        elif result == "shared":
            app.share_status = _("Link shared.")
        elif result == "copy_failed":
            app.share_status = _("The link could not be copied here: it is selected, copy it by hand.")
        else:
            return
        self._draw(False, [])

    def on_link(self, msg: dict[str, Any]) -> None:
        """A share link opened in this tab (hashchange); the page cleared the address."""
        assert self.app is not None
        text = str(msg.get("text", ""))
        if text.lstrip("#"):
            self.app.open_link(text)
            self.render()

    # ----------------------------------------------------------------- bots

    def want_bot(self) -> None:
        assert self.app is not None
        if not self.bots.client.launched and self.app.wants_bot:
            self.bots.start()

    def bot_schedule(self) -> None:
        """Let the app ask for a bot's turn, and time the bot's next action."""
        app = self.app
        assert app is not None
        self.want_bot()
        app.bot_poll()
        self.bots.changed()
        if self._bot_timer is not None:
            self.clock.cancel(self._bot_timer)
            self._bot_timer = None
        delay = app.bot_delay()
        if delay is not None:
            self._bot_timer = self.clock.later(delay, self._bot_tick)

    _bot_timer: Any = None

    def _bot_tick(self) -> None:
        assert self.app is not None
        self._bot_timer = None
        if self.app.bot_step():
            self.render()
        else:
            self.bot_schedule()
        self.flush()

    def _bot_settled(self) -> None:
        """The bot worker answered, got ready or was given up: show it."""
        app = self.app
        if app is None or not self.booted:
            return
        if app.screen in ("game", "review"):  # a review's progress too (web/app/review.py)
            # A hint asked from the keyboard: focus goes on to "Play it" (View.focus).
            self.render(after=["keyboard-if-hint"])
        else:
            self.bot_schedule()
        self.flush()

    def on_think(self, msg: dict[str, Any]) -> None:
        """Tests: ``caravanBot.think(json)`` (docs/UI-CONTRACT.md), answered as ``thought``."""
        ask = json.loads(str(msg.get("request", "{}")))
        tid = msg.get("id")

        def answered(answer: Any) -> None:
            self.send({"type": "thought", "id": tid, "answer": answer.to_json()})

        self.bots.think(
            str(ask["record"]),
            int(ask["seat"]),
            str(ask["bot"]),
            int(ask.get("seed", 0)),
            answered,
            budget_ms=ask.get("budget_ms"),
        )
