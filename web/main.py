"""The page's entry point: the only module that touches ``js``/``pyscript``.

One delegated listener per event type (click, change, focusin, pointer
events) is bound once on the app container, keydown once on the document
(the shortcuts work with focus on <body>): a listener per element, bound
again on every render, leaves a proxy behind each time (thousands of them
on a board redrawn after every action, until the browser collects them),
where one delegated listener finding its target with ``closest`` stays
flat. Every listener, timer and promise callback goes through ``_proxy``, so
that a bug in it is shown in the console. One ``hashchange`` listener on the
window takes share links; one ``storage`` listener tells the app what other
tabs saved (web/tabs.py), and ``pagehide`` lets it keep a stale game's
unsaved actions.
Each update writes one ``innerHTML`` and the contract's ``data-``
attributes. Enter and Space on the board's focusable elements go down the
click's path; after an update made from the keyboard, focus moves to
``View.focus``. Storage, clipboard, share sheet and downloads are wrapped
here, so that everything in ``web.app`` runs on CPython. The bot worker is
started (boot.js's ``caravanBot.start``) only when a bot may play:
``_want_bot`` at boot, before the first screen is drawn, and after every
update; a bot chosen on the new-game form; the first request. It talks to
``web.botclient`` through ``_on_bot_message`` and ``bot_think``
(docs/WORKER.md); the bots' turns are timed here: after every update
``_bot_schedule`` lets the app ask the worker for a bot's turn
(web/bot_turns.py) and sets one timer for its next action.
"""

from __future__ import annotations

import contextlib
import functools
import gettext
import io
import json
from collections.abc import Callable, Iterator
from typing import Any, ParamSpec, TypeVar

from pyodide.ffi import create_once_callable, create_proxy, to_js  # type: ignore[import-not-found]
from pyscript import document, window  # type: ignore[import-not-found]
from pyscript.ffi import is_none  # type: ignore[import-not-found]

from caravan.board import SQUARE_NAMES, parse_square
from caravan.limits import MAX_LINK, MAX_RECORD
from web.announce import parity
from web.app import App
from web.board_svg import VIEW
from web.botclient import Answer, BotClient, Notice, OnAnswer
from web.grid import moved as grid_moved
from web.i18n import _
from web.keynav import ARROWS, css_of
from web.newgame import is_bot
from web.query import parse_query
from web.refocus import KEYS, focus_key
from web.saved import Saves
from web.storage import StorageError, StorageFull
from web.view import SIDE_BOXES

_html = document.documentElement
_screen = document.getElementById("screen")
_tools = document.getElementById("top-tools")
_rules_layer = document.getElementById("rules-layer")
app: App = App()  # replaced in boot()

P = ParamSpec("P")
R = TypeVar("R")


def _reported(handler: Callable[P, R]) -> Callable[P, R]:
    """A function the browser calls (an event handler, a timer, a promise's
    callback), whose exceptions are bugs: each is shown in the console
    (where the tests see it) before it propagates."""

    @functools.wraps(handler)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return handler(*args, **kwargs)
        except Exception as e:
            window.console.error(f"caravan: {type(e).__name__}: {e}")
            raise

    return run


def _proxy(handler: Callable[..., Any]) -> Any:
    """``handler`` for the browser to call, reported (``_reported``) and kept
    alive for the page's lifetime: made once in boot(), never per render
    (each would leave a proxy behind)."""
    return create_proxy(_reported(handler))


MAX_IMPORT = MAX_RECORD  # bytes (caravan/limits.py); a record of a whole game is a few kilobytes


class LocalStorage:
    """``window.localStorage`` (or ``area``: ``sessionStorage``) behind
    web.storage.Storage. Every browser failure (storage disabled, blocked,
    full) becomes a StorageError."""

    def __init__(self, area: str = "localStorage") -> None:
        try:
            self._ls: Any = getattr(window, area)
            self._ls.length  # noqa: B018  # some browsers throw only on first use
        except Exception:
            self._ls = None

    def _store(self) -> Any:
        if self._ls is None or is_none(self._ls):
            raise StorageError("storage is disabled")
        return self._ls

    def get(self, key: str) -> str | None:
        with _storage_failures():
            value = self._store().getItem(key)
        return None if is_none(value) else str(value)

    def set(self, key: str, value: str) -> None:
        with _storage_failures():
            self._store().setItem(key, value)

    def remove(self, key: str) -> None:
        with _storage_failures():
            self._store().removeItem(key)

    def keys(self) -> list[str]:
        with _storage_failures():
            ls = self._store()
            return [str(ls.key(i)) for i in range(int(ls.length))]


@contextlib.contextmanager
def _storage_failures() -> Iterator[None]:
    """What the browser raises from storage (a ``DOMException`` through
    Pyodide) as web.storage's errors: a full quota as StorageFull, anything
    else as StorageError, its message kept."""
    try:
        yield
    except StorageError:
        raise
    except Exception as e:
        if "QuotaExceeded" in f"{getattr(e, 'name', '')} {e}":
            raise StorageFull(str(e)) from None
        raise StorageError(str(e)) from None


def _now() -> int:
    return int(window.Date.now())


def _new_id() -> str:
    try:
        return str(window.crypto.randomUUID())
    except Exception:  # not a secure context (http on a LAN address)
        return f"{_now():x}-{int(window.Math.random() * 2**40):x}"


def _page_url() -> str:
    """The clean address a share link starts from: no query (share.link_url)."""
    loc = window.location
    return f"{loc.origin}{loc.pathname}"


# The most of the page's address read into Python: copying a 2 MB fragment
# cost 55 ms before link.decode refused it at once (issue 11). A fragment cut
# here is still longer than link.decode reads, so it is refused as too long,
# unless the address before it is over 6,000 characters (then as cut short).
_ADDRESS_READ = MAX_LINK + 8_000


def _fragment() -> str:
    """``location.hash``, through at most _ADDRESS_READ characters of the address."""
    href = str(window.String.prototype.substring.call(window.location, 0, _ADDRESS_READ))
    at = href.find("#")
    return "" if at < 0 else href[at:]


def _clear_hash() -> None:
    """A link once taken is in storage: a reload resumes from there."""
    loc = window.location
    window.history.replaceState(window.history.state, "", f"{loc.pathname}{loc.search}")


def _localise_dates() -> None:
    for el in document.querySelectorAll("time[data-ms]"):
        # In the page's language, not the browser's: "1.12.2026, 11:40:00" in Polish.
        el.textContent = str(window.Date.new(int(el.getAttribute("data-ms"))).toLocaleString(app.language))


_last_url: Any = None


def _offer_download() -> None:
    """Hand the file ``app.download`` names to the browser (export)."""
    global _last_url
    if app.download is None:
        return
    name, text = app.download
    app.download = None
    blob = window.Blob.new(
        to_js([text]), to_js({"type": "application/json"}, dict_converter=window.Object.fromEntries)
    )
    if _last_url is not None:
        window.URL.revokeObjectURL(_last_url)
    _last_url = window.URL.createObjectURL(blob)
    a = document.createElement("a")
    a.href = _last_url
    a.download = name
    document.body.appendChild(a)  # outside #app: its click is not ours to handle
    a.click()
    a.remove()


_REDUCED = window.matchMedia("(prefers-reduced-motion: reduce)")


def _board_scale() -> float:
    """CSS px per board unit as drawn now (0 when no board is shown)."""
    board = document.getElementById("board")
    if is_none(board):
        return 0.0
    return float(board.getBoundingClientRect().width) / VIEW


def _play(motion: Any) -> None:
    """Play web/motion.py's plan on the new markup with the Web Animations
    API; under prefers-reduced-motion nothing moves (the marks stay)."""
    if motion is None or not motion or bool(_REDUCED.matches):
        return
    fx = document.querySelector("#board .fx")
    if not is_none(fx):
        fx.innerHTML = motion.ghosts  # planned markup: goods and numbers only
    for anim in motion.anims:
        el = document.querySelector(anim.selector)
        if is_none(el):
            continue
        frames = to_js(anim.keyframes, dict_converter=window.Object.fromEntries)
        timing = {"duration": anim.duration, "delay": anim.delay, "easing": "ease-out", "fill": "backwards"}
        el.animate(frames, to_js(timing, dict_converter=window.Object.fromEntries))


# The rules reference (web/reference.py) is drawn in its own layer; while it
# is open the screen under it is not drawn again (a bot's answer, a storage
# event), so that closing it finds the screen exactly as it was: selection,
# scroll of the log, focus. Only if the screen changed meanwhile is it drawn
# on closing, and its scroll positions are put back.
_drawn = {"screen": "", "header": "", "rules": "", "name": "loading"}  # "name": the screen last drawn
_drawn_parts: list[Any] = [None]  # the View.parts of the markup in #screen, if any
_under: dict[str, Any] = {"opener": None, "scroll": []}
_SCROLLERS = (".side", "#log", "#saved-list", "#history-log")


def _keep_scroll() -> list[tuple[str, float]]:
    out = [("window", float(window.scrollY))]
    for sel in _SCROLLERS:
        el = document.querySelector(sel)
        if not is_none(el):
            out.append((sel, float(el.scrollTop)))
    return out


def _put_back_scroll(kept: list[tuple[str, float]]) -> None:
    for sel, top in kept:
        if sel == "window":
            window.scrollTo(window.scrollX, top)
            continue
        el = document.querySelector(sel)
        if not is_none(el):
            el.scrollTop = top


def _show_rules(view: Any) -> bool:
    """Open, redraw or close the reference; True while it is open."""
    was_open = bool(_drawn["rules"])
    if view.rules:
        if not was_open:
            _under["opener"] = document.activeElement
            _under["scroll"] = _keep_scroll()
            _screen.inert = True
            _tools.inert = True
            _rules_layer.hidden = False
            _html.setAttribute("data-rules", "open")
        if view.rules != _drawn["rules"]:
            _rules_layer.innerHTML = view.rules
            _drawn["rules"] = view.rules
        pending = app.reference.pending
        app.reference.pending = None
        if pending is not None:
            el = document.getElementById(pending)
            if not is_none(el):
                el.scrollIntoView(to_js({"block": "start"}, dict_converter=window.Object.fromEntries))
                el.focus(to_js({"preventScroll": True}, dict_converter=window.Object.fromEntries))
        return True
    if was_open:
        _rules_layer.innerHTML = ""
        _rules_layer.hidden = True
        _drawn["rules"] = ""
        _screen.inert = False
        _tools.inert = False
        _html.removeAttribute("data-rules")
    return False


def _show(view: Any, keyboard: bool) -> None:
    if view.header != _drawn["header"]:
        _tools.innerHTML = view.header
        _drawn["header"] = view.header
    was_open = bool(_drawn["rules"])
    if _show_rules(view):
        return  # the screen under the reference stays as it is
    if was_open:
        _closed_rules(view)
        return
    _draw_screen(view, keyboard)


def _closed_rules(view: Any) -> None:
    """The reference was just closed: back where the player was."""
    if view.markup != _drawn["screen"]:
        _draw_screen(view, False)
        _put_back_scroll(_under["scroll"])
    opener = _under["opener"]
    _under["opener"] = None
    if opener is not None and not is_none(opener) and bool(opener.isConnected) and opener != document.body:
        opener.focus()
    else:
        el = document.getElementById("rules-button")
        if not is_none(el):
            el.focus()


def _draw_screen(view: Any, keyboard: bool) -> None:
    # A <details> the player opened or closed (the legend, its marks) stays so
    # when the screen is drawn again: its state is the player's, not the app's.
    folded = [(str(d.id), bool(d.open)) for d in document.querySelectorAll("#screen details[id]")]
    before = _drawn["name"]  # not data-screen: the board's first measuring sets it early
    had = document.activeElement
    held = not is_none(had) and bool(_screen.contains(had))  # the focus was in the markup replaced
    kept = _focus_held(had) if held else None
    # Text being typed (the command field, a new name) outlives a redraw of the same screen.
    typed = [(str(el.id), str(el.value)) for el in document.querySelectorAll("#screen input[type=text][id]")]
    # The same screen drawn again keeps where its columns were scrolled: the
    # side column does not jump back to its top after every action (issue 14).
    scrolled = [k for k in _keep_scroll() if k[0] != "window"] if before == view.screen else []
    if before != view.screen or not _patch_screen(view.parts):
        _screen.innerHTML = view.markup
    _drawn_parts[0] = view.parts
    if before == view.screen:
        for el_id, value in typed:
            el = document.getElementById(el_id)
            if value and not is_none(el) and not str(el.value):
                el.value = value
    _drawn["screen"] = view.markup
    _put_back_scroll(scrolled)
    for el_id, is_open in folded:
        el = document.getElementById(el_id)
        if not is_none(el) and el.tagName == "DETAILS" and bool(el.open) != is_open:
            el.open = is_open
    document.title = view.title
    if view.modal:
        keyboard = True  # a question holds the focus, however it was asked
    if view.screen == "saved":
        _localise_dates()
    if view.screen == "history":
        keyboard = True  # the arrow keys work only while focus is inside the page
    # Another screen (not the first after the boot), or a saved-games button
    # gone with its entry: focus goes to View.focus whatever was clicked,
    # never left on <body>; unscrolled after a pointer click.
    settle = (before not in ("loading", view.screen)) or (view.screen == "saved" and held)
    if (keyboard or settle) and view.focus is not None:
        # The old markup held the focus; a pointer user gets no focus moves
        # on a screen it stays on (no focus ring, no scrolling after a tap).
        el = document.querySelector(view.focus)
        if not is_none(el):
            if keyboard:
                el.focus()
            else:
                el.focus(to_js({"preventScroll": True}, dict_converter=window.Object.fromEntries))
    elif not keyboard and kept is not None and before == view.screen:
        _focus_again(kept, view.focus)
    if view.record is None:
        for name in ("data-record", "data-seat", "data-left"):
            _html.removeAttribute(name)
    else:
        _html.setAttribute("data-record", view.record)
        _html.setAttribute("data-seat", str(view.seat))
        _html.setAttribute("data-left", str(view.left))
    _html.setAttribute("data-screen", view.screen)
    _drawn["name"] = view.screen


def _patch_screen(parts: Any) -> bool:
    """The game screen drawn again: only the parts of it that changed
    (View.parts) are replaced, in place, and the others left as the browser
    laid them out (a selection leaves the bag, panels, legend and log; an
    action adds its line to the log, on top of the lines already drawn). A
    whole redraw would parse, style and lay out all of it again. False when
    the screen must be drawn whole: what #screen holds was not drawn from
    parts (another screen, or the board's first measuring)."""
    old = _drawn_parts[0]
    layout = _screen.querySelector(":scope > .layout")
    if old is None or parts is None or is_none(layout):
        return False
    rest = document.getElementById("side-rest")
    log_grows = parts[5] != old[5] and _log_grows(old[5], parts[5])
    # The focus leaves an element about to be replaced before anything
    # changes: taken from a removed element, the browser lays the page out
    # there and then, halfway through the changes; taken now, the layout it
    # needs is the one already done. (The redraw gives it back afterwards.)
    active = document.activeElement
    if not is_none(active) and bool(_screen.contains(active)):
        part = _part_of(active, layout, rest)
        if parts[part] != old[part] and not (part == 5 and log_grows):
            active.blur()
    span = document.createRange()
    if parts[0] != old[0]:  # the banner and what is above the layout
        span.setStart(_screen, 0)
        span.setEndBefore(layout)
        span.deleteContents()
        layout.insertAdjacentHTML("beforebegin", parts[0])
    if parts[1] != old[1]:  # the board
        layout.firstElementChild.innerHTML = parts[1]
    if parts[2] != old[2]:  # the side column's upper part: controls, message, square info
        span.setStart(rest.parentElement, 0)
        span.setEndBefore(rest)
        span.deleteContents()
        rest.insertAdjacentHTML("beforebegin", parts[2])
    for i, box in enumerate(SIDE_BOXES, start=3):
        if parts[i] == old[i]:
            continue
        if box == "side-log" and log_grows:
            _log_add(old[i], parts[i])
        else:
            document.getElementById(box).innerHTML = parts[i]
    if parts[7] != old[7]:  # the end-turn question
        span.setStartAfter(layout)
        span.setEnd(_screen, _screen.childNodes.length)
        span.deleteContents()
        layout.insertAdjacentHTML("afterend", parts[7])
    return True


def _part_of(el: Any, layout: Any, rest: Any) -> int:
    """Which of View.parts holds ``el``, an element of the game screen."""
    if not bool(layout.contains(el)):
        return 0 if int(layout.compareDocumentPosition(el)) & 2 else 7  # before the layout, or after
    if bool(layout.firstElementChild.contains(el)):
        return 1
    for i, box in enumerate(SIDE_BOXES, start=3):
        if bool(document.getElementById(box).contains(el)):
            return i
    return 2


def _log_grows(old: str, new: str) -> bool:
    """Whether the log ``new`` is the log as drawn (``old``) with lines
    added on top (newest first): ``new``'s lines then all of ``old``'s.
    False when it changed otherwise (an undo, another language, the first line)."""
    cut_old, cut_new = old.find("<li"), new.find("<li")
    if cut_old < 0 or cut_new < 0 or new[:cut_new] != old[:cut_old]:
        return False
    return new.endswith(old[cut_old:])  # the lines drawn, and the list's end


def _log_add(old: str, new: str) -> None:
    """The log as drawn (``old``), which ``new`` grows (_log_grows), gains
    the lines of ``new`` that are not in it, on top: the lines drawn before
    stay as they are."""
    cut_old, cut_new = old.find("<li"), new.find("<li")
    lines = len(old) - cut_old
    document.getElementById("log").insertAdjacentHTML("afterbegin", new[cut_new : len(new) - lines])


def _focus_held(el: Any) -> tuple[str, int] | None:
    """The keyboard focus about to be replaced by a redraw: a selector for
    its element and which match of it (the board and the list share keys);
    None for a pointer's focus (a click focuses what it hits, and a pointer
    player gets no focus moves) or an element nothing names."""
    if not bool(el.matches(":focus-visible")):
        return None
    attrs = {name: str(el.getAttribute(name)) for name in KEYS if el.hasAttribute(name)}
    if el.hasAttribute("data-id"):
        attrs["data-id"] = str(el.getAttribute("data-id"))
    key = focus_key(str(el.id or ""), attrs)
    if key is None:
        return None
    matches = document.querySelectorAll(key)
    return key, next((i for i in range(matches.length) if matches.item(i) == el), 0)


def _focus_again(kept: tuple[str, int], fallback: str | None) -> None:
    """After a redraw of the same screen that was not the player's key (a bot
    worker getting ready, a bot's action, a resize): focus on the same
    element in the new markup, else where the view puts focus (never
    <body>), unscrolled, so that Tab goes on from there; the board's one tab
    stop moves with it."""
    key, index = kept
    matches = document.querySelectorAll(key)
    el = None
    if matches.length:
        el = matches.item(min(index, matches.length - 1))
    elif fallback is not None:
        found = document.querySelector(fallback)
        el = None if is_none(found) else found
    if el is not None:
        _rove_to(el)
        el.focus(to_js({"preventScroll": True}, dict_converter=window.Object.fromEntries))
        if str(el.tagName) == "INPUT":  # typing goes on at the end of what was typed
            end = len(str(el.value))
            el.setSelectionRange(end, end)


_said = {"count": 0}  # texts #announcer has said


def _announce(text: str) -> None:
    """Say ``text`` through the persistent live region: into one of its two
    children in turn, the other emptied, so that the same text is said again
    (a changed node is what screen readers announce; no timers)."""
    if not text:
        return
    region = document.getElementById("announcer")
    if is_none(region):
        return
    now, other = parity(_said["count"])
    _said["count"] += 1
    kids = region.children
    kids.item(other).textContent = ""
    kids.item(now).textContent = text


_measured = False  # whether the board's scale on screen was measured yet
# The board's scale last measured on each screen (the history view's board is
# smaller than the game's): a screen drawn again starts from its own scale, so
# going to the history view and back draws each screen once, not twice (issue
# 12: the game screen's redraw while a bot thinks). A resize forgets them.
_scales: dict[str, float] = {}


def render(*, keyboard: bool = False) -> None:
    global _measured
    # The board's choices depend on its size on screen (tap targets, text),
    # which only layout knows. The first time a board is shown, the screen is
    # laid out with an empty board of the same size and measured, so that the
    # board is drawn once (at boot, where drawing it twice cost the most).
    just_measured = False
    app.bot_poll()  # a bot to move is asked for its turn first: the screen shows it thinking
    if (
        not _measured
        and app.screen in ("game", "over")
        and app.game is not None
        and not app.reference.is_open
    ):
        draft = app.view(board=False)
        _screen.innerHTML = draft.markup
        _drawn_parts[0] = None
        _html.setAttribute("data-screen", draft.screen)  # the screen's layout depends on it
        _scales[app.screen] = _board_scale()
        _measured = just_measured = True
    screen = app.screen
    app.set_unit_px(_scales.get(screen, 0.0))  # 0: not measured yet, the scale stays
    view = app.view()
    _show(view, keyboard)
    # Drawn at a new size (a rotated phone), it is drawn once more at the right
    # one; not right after the frame was measured, in the very same layout
    # (measuring again would lay the page out once more at boot, for nothing).
    if not just_measured and not app.reference.is_open:
        scale = _board_scale()
        if scale:
            _scales[screen] = scale
        if app.set_unit_px(scale):
            _show(app.view(), keyboard)
    _play(view.motion)
    app.motion = None  # played once: a later redraw does not replay it
    _announce(app.announcement())
    _bot_schedule()


def _read_form() -> dict[str, object]:
    def values(attr: str) -> list[str | None]:
        out: list[str | None] = [None] * 4  # None: seat not on the form now, keep its value
        for el in document.querySelectorAll(f"[{attr}]"):
            i = int(el.getAttribute(attr))
            if 0 <= i < 4:
                out[i] = str(el.value)
        return out

    def checked(el_id: str) -> bool:
        el = document.getElementById(el_id)
        return False if is_none(el) else bool(el.checked)

    def value(el_id: str) -> str:
        el = document.getElementById(el_id)
        return "" if is_none(el) else str(el.value)

    return {
        "count": value("player-count"),
        "names": values("data-player-name"),
        "colours": values("data-player-colour"),
        "types": values("data-seat-type"),
        "casual": checked("casual"),
        "short": checked("short"),
        "start": value("start-player"),
    }


def _rename() -> None:
    el = document.getElementById("rename-input")
    if not is_none(el) and app.renaming is not None:
        app.rename(app.renaming, str(el.value))


_BUTTONS: dict[str, Callable[[], None]] = {
    "undo": lambda: app.undo(),
    "redo": lambda: app.redo(),
    "rematch": lambda: app.rematch(),
    "new-game-button": lambda: app.new_game(),
    "abandon": lambda: app.new_game(),
    "resume-game": lambda: app.resume_game(),
    "saved-button": lambda: app.show_saved(),
    "saved-back": lambda: app.close_saved(),
    "undo-delete": lambda: app.undo_delete(),
    "rename-save": _rename,
    "rename-cancel": lambda: app.cancel_rename(),
    "history-button": lambda: app.show_history(),
    "history-first": lambda: app.history_go(-(10**9)),
    "history-back": lambda: app.history_go(-1),
    "history-forward": lambda: app.history_go(1),
    "history-last": lambda: app.history_go(10**9),
    "history-exit": lambda: app.close_history(),
    "share-close": lambda: app.close_share(),
    "confirm-end-yes": lambda: app.confirm_end(True),
    "confirm-end-no": lambda: app.confirm_end(False),
    "square-view-close": lambda: app.close_zoom(),
    "conflict-load": lambda: app.load_newer(),
    "conflict-keep": lambda: app.keep_both(),
    "hint": lambda: app.ask_hint(),
    "sr-toggle": lambda: _toggle_grid(),
    "sr-send": lambda: _send_command(),
    "bot-skip": lambda: app.bot_skip(),
    "bot-retry": lambda: app.bot_retry(),
}


# ---------------------------------------------------------------- sharing


def _share_status(text: str) -> None:
    app.share_status = text
    el = document.getElementById("share-status")
    if not is_none(el):
        el.textContent = app.share_status


def _copied(_event: Any = None) -> None:
    _share_status(_("Link copied to the clipboard."))


def _copy_failed(_event: Any = None) -> None:
    _share_status(_("The link could not be copied here: it is selected, copy it by hand."))
    el = document.getElementById("share-link")
    if not is_none(el):
        el.focus()
        el.select()


def _shared(_event: Any = None) -> None:
    _share_status(_("Link shared."))


def _share_refused(error: Any = None) -> None:
    # The player closed the share sheet: nothing to say. Any other refusal: copy instead.
    if error is not None and str(getattr(error, "name", "")) == "AbortError":
        return
    _copy()


# Promise callbacks, made once in boot(): made per share or per file, each
# would leave a proxy behind.
_proxies: dict[str, Any] = {}


def _copy() -> None:
    el = document.getElementById("share-link")
    if is_none(el):
        return
    clipboard = window.navigator.clipboard
    if is_none(clipboard) or not hasattr(clipboard, "writeText"):
        _copy_failed()
        return
    try:
        clipboard.writeText(str(el.value)).then(_proxies["copied"], _proxies["copy_failed"])
    except Exception:
        _copy_failed()


def _send_share() -> None:
    """The system share sheet where there is one (phones), else the clipboard."""
    nav = window.navigator
    el = document.getElementById("share-link")
    if is_none(el):
        return
    if hasattr(nav, "share") and not is_none(nav.share):
        data = to_js({"title": _("Caravan"), "url": str(el.value)}, dict_converter=window.Object.fromEntries)
        try:
            nav.share(data).then(_proxies["shared"], _proxies["share_refused"])
            return
        except Exception:
            pass
    _copy()


# ---------------------------------------------------------------- clicks


def _square_of(target: Any) -> str | None:
    """The square a board element belongs to: the square itself, or the
    pieces drawn beside it (``data-on``, docs/UI-CONTRACT.md)."""
    el = target.closest("[data-square],[data-on]")
    if is_none(el):
        return None
    name = el.getAttribute("data-square")
    return str(el.getAttribute("data-on") if is_none(name) else name)


_RULES_CONTROLS = "[data-rule],[data-rules-open],[data-rules-doc],[data-rules-go],#rules-back"


def _rules_click(target: Any) -> bool:
    """A click for the rules reference: a rule citation, the header's button,
    the how-to-play offer, the reference's tabs, contents and back button, or
    outside the reference (closes it). True when it was one."""
    el = target.closest(_RULES_CONTROLS)
    if is_none(el):
        if app.reference.is_open and not is_none(target.closest("#rules-layer")):
            if is_none(target.closest("#rules")):  # the backdrop around it
                app.close_rules()
                render()
            return True
        return False
    if el.id == "rules-back":
        app.close_rules()
    elif not is_none(rule := el.getAttribute("data-rule")):
        app.open_rules(str(rule))
    elif not is_none(doc := el.getAttribute("data-rules-doc")):
        app.show_rules_doc(str(doc))
    elif not is_none(go := el.getAttribute("data-rules-go")):
        app.open_rules(str(go))
    else:
        at = str(el.getAttribute("data-rules-open"))
        app.open_rules(at or None)
    render()
    return True


def _activate(target: Any, *, keyboard: bool) -> None:
    """What a click on ``target`` does; Enter and Space on a board element too."""
    if _rules_click(target):
        return
    if app.confirming and is_none(target.closest("#confirm-end")):
        app.confirm_end(False)  # a click outside the question: "no"
        render(keyboard=keyboard)
        return
    cell = target.closest("[data-cell]")
    if not is_none(cell):  # a space of the screen-reader board: its actions, as Enter on it
        app.grid_list(str(cell.getAttribute("data-cell")))
        render(keyboard=keyboard)
        return
    el = target.closest("[data-action],[data-select],[data-zoom],[data-saved-action],button[id]")
    if is_none(el):
        if not is_none(target.closest("#board")):
            square = _square_of(target)
            if square is None:
                app.clear()
            else:
                app.explain(square)  # why nothing happened
            render(keyboard=keyboard)
        return
    action = el.getAttribute("data-action")
    if not is_none(action):
        app.act(str(action))
        if not is_none(el.closest("#action-list")):
            render(keyboard=keyboard)
            _board_into_view()
            return
    elif not is_none(select := el.getAttribute("data-select")):
        app.select(str(select))
    elif not is_none(zoom := el.getAttribute("data-zoom")):
        app.open_zoom(str(zoom))
    elif not is_none(saved := el.getAttribute("data-saved-action")):
        app.saved_action(str(saved), str(el.getAttribute("data-id")))
    elif el.id == "start-game":
        app.submit_form(_read_form())
    elif el.id == "play-computer":
        app.quick_game(_read_form())
    elif el.id == "share":
        app.open_share()
        render(keyboard=keyboard)
        _send_share()
        return
    elif el.id == "share-copy":
        _copy()
        return
    elif el.id in _BUTTONS:
        if el.id in _ASK_AGAIN:
            _restart_bot()
        _BUTTONS[el.id]()
    else:
        if el.id in _ASK_AGAIN:
            _restart_bot()
        if not app.button(str(el.id)):  # the review's screens (web/review_screen.py)
            return
    render(keyboard=keyboard)
    _offer_download()


_PHONE_UPRIGHT = window.matchMedia("(max-width: 760px) and (orientation: portrait)")


def _board_into_view() -> None:
    """On a phone upright the action list is below the board: after an
    action taken there, the board (and what follows it, End turn) is
    scrolled back into view, under the sticky turn banner, to see the move."""
    board = document.getElementById("board")
    banner = document.getElementById("turn-banner")
    if is_none(board) or not bool(_PHONE_UPRIGHT.matches):
        return
    top = float(board.getBoundingClientRect().top)
    below = 0.0 if is_none(banner) else float(banner.getBoundingClientRect().height)
    if top < below or top > float(window.innerHeight) / 2:
        window.scrollTo(window.scrollX, float(window.scrollY) + top - below - 4)


def _on_click(event: Any) -> None:
    if _press["shown"]:
        _press["shown"] = False
        if int(event.detail) != 0:  # the tap that ends a long-press only showed the square's text
            return
    # detail 0: not a pointer (a button pressed with Enter or Space).
    _activate(event.target, keyboard=int(event.detail) == 0)


# The board's role="button" elements; HTML buttons turn Enter and Space
# into a click themselves.
_BOARD_BUTTONS = "#board [data-action], #board [data-select], #board [data-zoom]"


def _typing(target: Any) -> bool:
    """Keys pressed in a text field or list are the field's, never shortcuts."""
    if not hasattr(target, "matches"):
        return False
    return bool(target.matches("input, textarea, select, [contenteditable], [contenteditable] *"))


def _trap_tab(event: Any) -> bool:
    """Tab and Shift+Tab stay inside the open question (aria-modal)."""
    buttons = document.querySelectorAll("#confirm-end button")
    if not buttons.length:
        return False
    first, last = buttons.item(0), buttons.item(buttons.length - 1)
    active = document.activeElement
    inside = not is_none(active) and not is_none(active.closest("#confirm-end"))
    if event.shiftKey and (not inside or active == first):
        last.focus()
    elif not event.shiftKey and (not inside or active == last):
        first.focus()
    else:
        return False
    event.preventDefault()
    return True


# The screen-reader board's choice, kept across visits (one key for every page path:
# outside every saved-games prefix, web/saved.py namespace).
_GRID_KEY = "caravan:sr-board"


def _toggle_grid() -> None:
    app.toggle_grid()
    with contextlib.suppress(Exception):  # storage off or full: the choice holds for this visit only
        window.localStorage.setItem(_GRID_KEY, "on" if app.grid_on else "off")


def _remembered_grid() -> bool:
    try:
        return str(window.localStorage.getItem(_GRID_KEY)) == "on"
    except Exception:
        return False


def _send_command() -> None:
    el = document.getElementById("sr-command")
    if is_none(el):
        return
    text = str(el.value)
    el.value = ""
    app.command(text)


def _grid_keydown(event: Any, key: str) -> bool:
    """A key on a cell of the screen-reader board (web/grid.py); True when it was the grid's.
    Moving only moves the roving tab stop in the page: nothing is drawn again."""
    cell = event.target.closest("[data-cell]")
    if is_none(cell) or event.ctrlKey or event.metaKey or event.altKey:
        return False
    name = str(cell.getAttribute("data-cell"))
    if key in ("Enter", " "):
        event.preventDefault()
        if not event.repeat:
            app.grid_list(name)
            render(keyboard=True)
        return True
    to = grid_moved(parse_square(name), key)
    if to is not None:
        event.preventDefault()
        new = document.querySelector(f'[data-cell="{SQUARE_NAMES[to]}"]')
        if not is_none(new):
            cell.setAttribute("tabindex", "-1")
            new.setAttribute("tabindex", "0")
            new.focus()
            app.grid_go(SQUARE_NAMES[to])
        return True
    if app.grid_key(key):
        event.preventDefault()
        render(keyboard=True)
        return True
    return False


def _list_digit(event: Any, key: str) -> bool:
    """A digit on the list of a space's actions plays that one (``#sr-actions``)."""
    if len(key) != 1 or not key.isdigit() or is_none(event.target.closest("#sr-actions")):
        return False
    buttons = document.querySelectorAll("#sr-actions button")
    n = int(key)
    event.preventDefault()
    if 1 <= n <= buttons.length and not event.repeat:
        buttons.item(n - 1).click()
    return True


def _on_keydown(event: Any) -> None:
    key = str(event.key)
    if _grid_keydown(event, key) or _list_digit(event, key):
        return
    if key == "Tab" and app.confirming and not app.reference.is_open:
        _trap_tab(event)
        return
    if event.altKey:
        return
    ctrl = bool(event.ctrlKey or event.metaKey)
    shortcut = len(key) == 1 and not event.repeat and not _typing(event.target)
    if shortcut and app.shortcut(key, ctrl=ctrl, shift=bool(event.shiftKey)):
        event.preventDefault()
        render(keyboard=True)
        return
    if ctrl:
        return
    if key == "Escape":
        if app.escape():
            event.preventDefault()
            render(keyboard=True)
    elif app.history_key(key):
        event.preventDefault()
        render(keyboard=True)
    elif key == "Enter" and str(event.target.id) == "sr-command":
        event.preventDefault()
        _send_command()
        render(keyboard=True)
    elif key == "Enter" and str(event.target.id) == "rename-input":
        event.preventDefault()
        _rename()
        render(keyboard=True)
    elif key in ARROWS and not event.shiftKey and event.target.matches(_BOARD_BUTTONS):
        event.preventDefault()  # the page would scroll
        _board_arrow(event.target, key)
    elif key in ("Enter", " "):
        target = event.target
        if event.repeat and target.matches("button"):
            # A held key acts once: focus has moved on to a button (end
            # turn, say) that the repeat would press.
            event.preventDefault()
        elif target.matches(_BOARD_BUTTONS):
            event.preventDefault()  # Space would scroll the page
            if not event.repeat:
                _activate(target, keyboard=True)


def _board_arrow(target: Any, key: str) -> None:
    """An arrow key on the board: focus and the board's one tab stop move to
    the nearest choice that way (web/keynav.py); at the edge nothing moves."""
    for attr in ("data-action", "data-select", "data-zoom"):
        value = target.getAttribute(attr)
        if not is_none(value):
            break
    else:
        return
    css = app.board_arrow(css_of(attr, str(value)), key)
    found = None if css is None else document.querySelector(css)
    if found is None or is_none(found):
        return
    _rove_to(found)
    found.focus()


def _rove_to(el: Any) -> None:
    """The board's one tab stop (roving tabindex) moves to ``el`` if it is a board choice."""
    if is_none(el.closest("#board")) or not el.matches(_BOARD_BUTTONS):
        return
    for other in document.querySelectorAll('#board [tabindex="0"]'):
        other.tabIndex = -1
    el.tabIndex = 0


def _on_focusin(event: Any) -> None:
    """Keyboard focus on a board element shows what is on its square."""
    target = event.target
    if is_none(target.closest("#board")):
        return
    square = _square_of(target)
    action = target.getAttribute("data-action") if square is None else None
    text = app.square_info(
        square=square,
        action=None if action is None or is_none(action) else str(action),
    )
    _show_info(text)


def _show_info(text: str) -> None:
    el = document.getElementById("square-info")
    if not is_none(el):
        el.textContent = text


# Long-press on a touch screen: the square's text in #square-info (the
# <title> a mouse shows on hover). The press that showed it selects nothing.
LONG_PRESS_MS = 500
_press: dict[str, Any] = {"timer": None, "square": None, "x": 0.0, "y": 0.0, "shown": False}


def _cancel_press(_event: Any = None) -> None:
    if _press["timer"] is not None:
        window.clearTimeout(_press["timer"])
        _press["timer"] = None


def _long_pressed() -> None:
    _press["timer"] = None
    square = _press["square"]
    if square is not None:
        _press["shown"] = True
        _show_info(app.square_info(square=square))


def _on_pointerdown(event: Any) -> None:
    _cancel_press()
    _press["shown"] = False
    if str(event.pointerType) == "mouse":
        return
    if is_none(event.target.closest("#board")):
        return
    square = _square_of(event.target)
    if square is None:
        return
    _press["square"] = square
    _press["x"], _press["y"] = float(event.clientX), float(event.clientY)
    _press["timer"] = window.setTimeout(_proxies["long_press"], LONG_PRESS_MS)


def _on_pointermove(event: Any) -> None:
    if _press["timer"] is not None and (
        abs(float(event.clientX) - _press["x"]) > 10 or abs(float(event.clientY) - _press["y"]) > 10
    ):
        _cancel_press()


def _on_contextmenu(event: Any) -> None:
    """The long-press menu of a touch browser would cover the board."""
    if not is_none(event.target.closest("#board")):
        event.preventDefault()


# The name of the file being read for import: an export's carries the game's name.
_importing = {"name": ""}


def _file_text(data: Any) -> None:
    """The file's bytes (an ArrayBuffer): record.loads decodes them strictly,
    where ``File.text()`` would put U+FFFD in place of bytes that are not UTF-8."""
    app.import_text(bytes(data.to_bytes()), _importing["name"])
    render()


def _file_failed(_event: Any = None) -> None:
    app.import_refused(_("the file could not be read"))
    render()


def _on_change(event: Any) -> None:
    target = event.target
    el_id = str(target.id)
    if el_id == "player-count":
        app.change_form(_read_form(), "#player-count")
        render(keyboard=True)
    elif app.screen == "new-game" and not is_none(seat := target.getAttribute("data-player-colour")):
        # The seat's camel is drawn in its colour: draw the form again, focus kept.
        app.change_form(_read_form(), f'[data-player-colour="{seat}"]')
        render(keyboard=True)
    elif app.screen == "new-game" and not is_none(target.getAttribute("data-seat-type")):
        if is_bot(str(target.value)):
            _start_bot()  # the worker gets ready while the rest of the form is filled in
    elif el_id == "language":  # boot.js has shown and remembered it (<html lang>, the boot texts)
        app.set_language(str(target.value))
        render()
    elif el_id == "bot-pace":
        app.set_pace(str(target.value))
        _bot_schedule()
    elif el_id == "import-file":
        files = target.files
        if is_none(files) or not files.length:
            return
        f = files.item(0)
        target.value = ""  # the same file can be chosen again
        if int(f.size) > MAX_IMPORT:
            app.import_refused(_("the file is far too large to be a game of Caravan"))
            render()
            return
        _importing["name"] = str(f.name)
        f.arrayBuffer().then(_proxies["file_text"], _proxies["file_failed"])


def _on_resize(_event: Any) -> None:
    """A rotated phone or a resized window: redraw the board at its new size."""
    _scales.clear()
    if app.set_unit_px(_board_scale()):
        render()


def _on_hashchange(_event: Any) -> None:
    text = _fragment()
    if text.lstrip("#"):
        app.open_link(text)
        _clear_hash()
        render()


def _on_storage(event: Any) -> None:
    """Another tab wrote to localStorage: this tab's game may be stale now."""
    key = event.key
    if app.storage_changed(None if is_none(key) else str(key)):
        render()


def _on_pagehide(_event: Any) -> None:
    app.leave()


# ---------------------------------------------------------------- the bot worker
# Started by boot.js when this page asks, once a bot may play (docs/WORKER.md,
# "When it starts"); its messages come here, and its readiness is
# <html data-bot> (docs/UI-CONTRACT.md): "off" until it is started.

bot_client = BotClient()


# The buttons that ask the bot again after a failure: a worker given up (it did not
# start, stopped answering, or answered nonsense) is replaced by a new one first.
_ASK_AGAIN = ("bot-retry", "hint", "review-again")


def _start_bot() -> None:
    """Start the bot worker (once): a bot may soon play."""
    if bot_client.launch() and bot_client.error is None:  # error: boot.js's caravanBot is missing
        window.caravanBot.start()
    _bot_changed()


def _restart_bot() -> None:
    """A new worker for one given up (docs/WORKER.md, "Deadlines")."""
    bot = getattr(window, "caravanBot", None)
    if bot is None or is_none(bot) or not hasattr(bot, "restart"):
        return  # no boot.js: nothing can start one
    if bot_client.restart():
        bot.restart()
        _bot_changed()


def _bot_changed() -> None:
    """After anything that changed the worker's state: ``<html data-bot>``,
    and one timer for the deadline of what the page now waits for."""
    _html.setAttribute("data-bot", bot_client.state)
    if _deadline_timer["id"] is not None:
        window.clearTimeout(_deadline_timer["id"])
        _deadline_timer["id"] = None
    due = bot_client.deadline()
    if due is not None and "bot_expire" in _proxies:
        wait = max(0, int(due - bot_client.now()) + 1)
        _deadline_timer["id"] = window.setTimeout(_proxies["bot_expire"], wait)


_deadline_timer: dict[str, Any] = {"id": None}


def _bot_expire() -> None:
    """The deadline's timer: a worker overdue is given up, and its requests fail."""
    _deadline_timer["id"] = None
    if bot_client.expire():
        window.console.warn(f"caravan: the bot cannot play: {bot_client.error}")
        _bot_settled()
    else:
        _bot_changed()  # not due yet (or the page slept): wait again


def _want_bot() -> None:
    """Start the worker if the game in progress has a bot's seat (App.wants_bot)."""
    if not bot_client.launched and app.wants_bot:
        _start_bot()


def _on_bot_message(text: Any) -> None:
    got = bot_client.receive(str(text))
    if isinstance(got, Notice) and got.kind == "csp":
        window.console.error(f"CSP violation: (in the bot worker) {got.text}")
    elif isinstance(got, Notice) and got.kind in ("failed", "error"):
        window.console.warn(f"caravan: the bot cannot play: {got.text}")
    if isinstance(got, (Answer, Notice)):
        _bot_settled()
    else:
        _bot_changed()


def _bot_settled() -> None:
    """The worker answered, got ready or was given up: show it."""
    _bot_changed()
    if _booted:
        # The game screen shows the bot's state; another screen (a form
        # being typed in, the history) is left alone until it is left.
        if app.screen in ("game", "review"):  # a review's progress too (web/review.py)
            # A hint asked from the keyboard: focus goes on to "Play it" (View.focus).
            active = document.activeElement
            render(keyboard=not is_none(active) and str(active.id) == "hint")
        else:
            _bot_schedule()


class _WorkerThinker:
    """The bot worker as web/bot_turns.py's Thinker."""

    @property
    def state(self) -> str:
        return bot_client.state

    def think(
        self,
        record: str,
        seat: int,
        bot: str,
        seed: int,
        on_answer: OnAnswer,
        *,
        budget_ms: int | None = None,
    ) -> int:
        return bot_think(record, seat, bot, seed, on_answer, budget_ms=budget_ms)

    def advise(self, kind: str, fields: dict[str, Any], on_answer: OnAnswer) -> int:
        rid, text = bot_client.advise(kind, fields, on_answer)
        if text is not None:
            window.caravanBot.post(text)
        _bot_changed()
        return rid

    def forget(self, rid: int) -> None:
        bot_client.forget(rid)


_booted = False
_bot_timer: dict[str, Any] = {"id": None}


def _bot_schedule() -> None:
    """Let the app ask for a bot's turn, and time the bot's next action."""
    _want_bot()
    app.bot_poll()
    _bot_changed()
    if _bot_timer["id"] is not None:
        window.clearTimeout(_bot_timer["id"])
        _bot_timer["id"] = None
    delay = app.bot_delay()
    if delay is not None:
        _bot_timer["id"] = window.setTimeout(_proxies["bot_tick"], delay)


def _bot_tick() -> None:
    _bot_timer["id"] = None
    if app.bot_step():
        render()
    else:
        _bot_schedule()


def bot_think(
    record: str, seat: int, bot: str, seed: int, on_answer: OnAnswer, *, budget_ms: int | None = None
) -> int:
    """Ask the worker for ``bot``'s turn in ``record``; ``on_answer`` gets it. Returns the request's id."""
    rid, text = bot_client.request(record, seat, bot, seed, on_answer, budget_ms=budget_ms)
    if text is not None:
        window.caravanBot.post(text)
    _bot_changed()
    return rid


def _think_for_test(text: Any) -> Any:
    """``caravanBot.think(json)`` (docs/UI-CONTRACT.md): a request's fields in,
    a Promise of the answer's JSON out."""
    ask = json.loads(str(text))

    def executor(resolve: Any, _reject: Any) -> None:
        bot_think(
            str(ask["record"]),
            int(ask["seat"]),
            str(ask["bot"]),
            int(ask.get("seed", 0)),
            lambda answer: resolve(answer.to_json()),
            budget_ms=ask.get("budget_ms"),
        )

    return window.Promise.new(create_once_callable(executor))


def _connect_bot() -> None:
    """Listen to the worker's messages (boot.js keeps them until now: none
    came unless something started the worker already)."""
    bot = getattr(window, "caravanBot", None)
    if bot is None or is_none(bot):
        failed = {"version": 2, "type": "failed", "error": "the bot's worker was not started"}
        bot_client.receive(json.dumps(failed))
        _html.setAttribute("data-bot", bot_client.state)
        return
    bot.think = _proxy(_think_for_test)
    bot.listen(_proxy(_on_bot_message))


def _use_catalogue(code: Any, data: Any) -> None:
    """Tests: show the page in a catalogue the bundle does not ship (the
    pseudo-language), from its .mo bytes (a Uint8Array)."""
    translations = gettext.GNUTranslations(io.BytesIO(bytes(data.to_py())))
    app.set_language(str(code), translations)
    _html.setAttribute("lang", str(code))
    render()


def _carry_out_pending() -> None:
    """A tap made on the first paint (the front page drawn at build time, the
    header's Rules) before Python was ready: web/static/front.js kept the
    last one and showed it as taken, so the player waited for it rather than
    tapping again. It is carried out here once, as the same tap on the live
    page just drawn (its controls have the same ids), and then forgotten."""
    pending = getattr(window, "caravanPending", None)
    window.caravanPending = None
    _html.removeAttribute("data-pending")
    if pending is None or is_none(pending):
        return
    try:
        el = document.querySelector(str(pending.selector))
    except Exception:  # not a selector: nothing that front.js would keep
        return
    if not is_none(el):
        _activate(el, keyboard=bool(pending.keyboard))


def boot() -> None:
    global app, _booted
    query = parse_query(str(window.location.search))
    saves = Saves(LocalStorage(), str(window.location.pathname), tab=LocalStorage("sessionStorage"))
    tab_id = _new_id()[:8]
    app = App(
        seed=query.seed,
        saves=saves,
        now=_now,
        new_id=_new_id,
        base_url=_page_url(),
        tab_id=tab_id,
        thinker=_WorkerThinker(),
    )
    # Under reduced motion a bot's actions show at once.
    app.bot_settings(pace_ms=query.bot_pace, budget_ms=query.bot_budget, instant=bool(_REDUCED.matches))
    # Tests: a worker's silence found out in seconds (docs/WORKER.md, "Deadlines").
    if query.bot_timeout is not None:
        bot_client.grace_ms = query.bot_timeout
    if query.bot_start_timeout is not None:
        bot_client.start_limit_ms = query.bot_start_timeout
    for name, fn in (
        ("copied", _copied),
        ("copy_failed", _copy_failed),
        ("shared", _shared),
        ("share_refused", _share_refused),
        ("file_text", _file_text),
        ("file_failed", _file_failed),
        ("long_press", _long_pressed),
        ("bot_tick", _bot_tick),
        ("bot_expire", _bot_expire),
    ):
        _proxies[name] = _proxy(fn)
    root = document.getElementById("app")
    root.addEventListener("click", _proxy(_on_click))
    # Keys on the document: after a click re-renders the board, focus is on
    # <body>, outside #app, and the shortcuts must still work.
    document.addEventListener("keydown", _proxy(_on_keydown))
    root.addEventListener("change", _proxy(_on_change))
    root.addEventListener("focusin", _proxy(_on_focusin))
    root.addEventListener("pointerdown", _proxy(_on_pointerdown))
    root.addEventListener("pointermove", _proxy(_on_pointermove))
    for name in ("pointerup", "pointercancel"):
        root.addEventListener(name, _proxy(_cancel_press))
    root.addEventListener("contextmenu", _proxy(_on_contextmenu))
    window.addEventListener("hashchange", _proxy(_on_hashchange))
    window.addEventListener("resize", _proxy(_on_resize))
    window.addEventListener("storage", _proxy(_on_storage))
    window.addEventListener("pagehide", _proxy(_on_pagehide))
    _connect_bot()
    app.set_language(str(_html.getAttribute("lang") or "en"))  # boot.js chose it (docs/UI-CONTRACT.md)
    app.set_grid(_remembered_grid())
    window.caravanCatalogue = _proxy(_use_catalogue)
    link_text = _fragment()
    app.boot(link_text, query.autostart, short=query.short, casual=query.casual)
    _want_bot()  # the game shown has a bot's seat: its worker starts before the screen is drawn
    if link_text.lstrip("#"):
        _clear_hash()
    _booted = True
    render()
    _carry_out_pending()
    _html.setAttribute("data-ready", "true")


try:
    boot()
except Exception as e:  # the page must say so rather than spin (index.html shows it)
    window.caravanBootFail(
        window.caravanLanguage.text("could_not_start").replace("{error}", f"{type(e).__name__}: {e}")
    )
    raise
