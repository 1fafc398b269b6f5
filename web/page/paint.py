"""Frames onto the page: the app worker's ``frame`` messages applied to the DOM.

Runs on the page's thread under MicroPython (web/page/glue.py), so it only
does what must touch the page: markup in, focus, scroll, the folded state
of <details>, text being typed, the motion, the announcer, the contract's
``data-`` attributes (docs/UI-CONTRACT.md). What to draw was decided in the
worker (web/worker/frames.py): a frame carries the screen whole or only
its changed parts (of the board, only its changed chunks), so nothing is
compared here.
"""

from web.page.dom import create_proxy, document, is_none, to_js, window
from web.page.refocus import KEYS, focus_key

SCROLLERS = (".side", "#log", "#saved-list", "#history-log")
BOARD_BUTTONS = "#board [data-action], #board [data-select], #board [data-zoom]"

html = document.documentElement
# The page's Window itself: MicroPython's ``window`` is the ``js`` module, whose
# methods that need a Window as ``this`` (addEventListener, scrollTo, matchMedia)
# are called through this one.
win = document.defaultView
state = {
    "name": "loading",  # the screen last drawn
    "rules": False,
    "opener": None,
    "scroll": [],
    "said": 0,
    "url": None,
}


def nothing(x):
    return x is None or is_none(x)


_own = window.Object.prototype.hasOwnProperty


def get(o, key, default=None):
    """``o[key]`` of a JavaScript object (a frame parsed by JSON.parse), or
    ``default`` when it has no such field or it is null: the frame's markup
    goes from JavaScript to the DOM without a copy into MicroPython's heap
    as a dict (json.loads takes tens of ms on 100 kB)."""
    if nothing(o) or not _own.call(o, key):
        return default
    value = o[key]
    return default if nothing(value) else value


def listed(array):
    """A JavaScript array as a Python list."""
    return [] if nothing(array) else [array[i] for i in range(array.length)]


def each(selector):
    """The elements ``selector`` matches, as a list (a NodeList by index)."""
    found = document.querySelectorAll(selector)
    return [found.item(i) for i in range(found.length)]


def _screen():
    return document.getElementById("screen")


def board_width():
    """The board's width in CSS px as laid out now (0 when no board is shown):
    the worker draws its choices for that size (tap targets, text)."""
    board = document.getElementById("board")
    if nothing(board):
        return 0.0
    return float(board.getBoundingClientRect().width)


def keep_scroll():
    out = [("window", float(window.scrollY))]
    for sel in SCROLLERS:
        el = document.querySelector(sel)
        if not nothing(el):
            out.append((sel, float(el.scrollTop)))
    return out


def put_back_scroll(kept):
    """Scroll positions back; a column at its top is left alone (an element
    drawn anew starts there, and each write forces a layout)."""
    for sel, top in kept:
        if not top and sel != "window":
            continue
        if sel == "window":
            win.scrollTo(window.scrollX, top)
            continue
        el = document.querySelector(sel)
        if not nothing(el):
            el.scrollTop = top


def unpaint():
    """The screen first-paint.js painted from the last visit gives way to the live one."""
    if html.hasAttribute("data-painted"):
        html.removeAttribute("data-painted")
        _screen().inert = False


def apply(frame):
    """One frame (a JavaScript object); returns the message to send back, if
    any: the board's width when the frame's draft was laid out to be
    measured (the first board of a screen), or ``redraw`` when the screen
    could not be patched. A board whose width is not the frame's is told
    later, by ``board_resized``."""
    finish()  # the rest of the last frame first, if it still waits
    window.caravanPatch.unpress()  # the tap's mark (web/static/patch.js): the worker has answered
    tools = document.getElementById("top-tools")
    window.caravanPatch.markup(tools, frame, "header")
    if _own.call(frame, "rules"):
        _show_rules(frame, tools)
        return None
    if state["rules"]:
        _close_rules(tools)
    screen = get(frame, "screen")
    closing = bool(get(frame, "closing", False))
    if screen is None:
        if closing:
            _focus_opener()
        return None
    name = str(screen.name)
    unpaint()
    if get(screen, "top", False):
        win.scrollTo(0, 0)  # another screen: from its top (before focus, which may scroll)
    if window.caravanPatch.markup(_screen(), screen, "draft"):
        contract(screen)
        html.setAttribute("data-screen", name)  # the screen's layout depends on it
        return {"type": "scale", "draft": True, "screen": name, "width": board_width()}
    keyboard = bool(get(frame, "keyboard", False))
    after = [str(a) for a in listed(get(frame, "after"))]
    if "keyboard-if-hint" in after:
        active = document.activeElement
        keyboard = not nothing(active) and str(active.id) == "hint"
    kept = keep_scroll() if closing else None
    if _draw_screen(screen, name, keyboard) == "redraw":
        return {"type": "redraw"}
    if kept is not None:
        put_back_scroll(kept)
        _focus_opener()
    watched["width"] = float(get(frame, "width", 0.0))
    watched["screen"] = name
    watch_board()
    motion = get(frame, "motion")
    if motion is not None:
        play(motion)
    announce(get(frame, "announce", ""))
    return None


# The board's width is watched, never read after a frame: a read after the
# frame's writes would lay the whole page out inside the frame's task (on a
# slowed phone, a third of it), where the browser's own layout after the task
# costs nothing more. A ResizeObserver on each new board calls back after that
# layout, with its size: ``board_resized``.
watched = {"observer": None, "board": None, "width": 0.0, "screen": "loading"}


def watch_board():
    """A board drawn anew is watched (one at a time); until the layout after
    it has called back, boot.js does not call the page settled."""
    observer = watched["observer"]
    board = document.getElementById("board")
    if observer is None or nothing(board):
        return
    seen = watched["board"]
    if seen is not None and bool(board.isSameNode(seen)):
        return  # patched in place: a change of size calls back by itself
    watched["board"] = board
    observer.disconnect()
    observer.observe(board)
    window.caravanApp.awaitLayout()


def board_resized(entries):
    """The watched board laid out at a width (first after it was drawn, then
    on every change): ``scale`` when it is not the width the last frame was
    drawn for, so that the worker draws its choices for the board's size."""
    if not entries.length:
        return None
    width = float(entries[entries.length - 1].contentRect.width)
    if width and abs(width - watched["width"]) > 1e-6:
        return {"type": "scale", "screen": watched["screen"], "width": width}
    return None


def _show_rules(frame, tools):
    """Open or redraw the rules reference: the screen under it stays as it is."""
    layer = document.getElementById("rules-layer")
    if not state["rules"]:
        state["opener"] = document.activeElement
        state["scroll"] = keep_scroll()
        _screen().inert = True
        tools.inert = True
        layer.hidden = False
        html.setAttribute("data-rules", "open")
        state["rules"] = True
    window.caravanPatch.markup(layer, frame, "rules")
    at = get(frame, "rules_at")
    if at:
        el = document.getElementById(at)
        if not nothing(el):
            el.scrollIntoView(to_js({"block": "start"}))
            el.focus(to_js({"preventScroll": True}))


def _close_rules(tools):
    layer = document.getElementById("rules-layer")
    layer.innerHTML = ""
    layer.hidden = True
    state["rules"] = False
    _screen().inert = False
    tools.inert = False
    html.removeAttribute("data-rules")


def _focus_opener():
    """The reference was closed: focus back where the player was."""
    opener = state["opener"]
    state["opener"] = None
    if not nothing(opener) and bool(opener.isConnected) and opener != document.body:
        opener.focus()
    else:
        el = document.getElementById("rules-button")
        if not nothing(el):
            el.focus()


def _draw_screen(s, name, keyboard):
    root = _screen()
    before = state["name"]
    had = document.activeElement
    held = not nothing(had) and bool(root.contains(had))
    kept = focus_held(had) if held else None
    # A <details> the player opened or closed stays so: its state is the player's.
    # Text being typed (the command field, a new name) outlives a redraw of the
    # same screen, which also keeps where its columns were scrolled (patch.js).
    had_put = window.caravanPatch.keep(root, before == name)
    parts = get(s, "patch")
    # A tap on the board answered first (the worker's ``first``): the parts
    # before it now, in a frame of their own, the rest once that is painted.
    first = get(s, "first", 0)
    if parts is None or keyboard or kept is not None or before != name or get(s, "modal", False):
        first = 0
    whole = bool(window.caravanPatch.whole(root, s))  # the screen sent whole
    if not whole and parts is not None and not patch(root, parts, 0, first or parts.length):
        return "redraw"
    window.caravanPatch.putBack(had_put)
    if first:
        rest["parts"], rest["first"] = parts, first
        window.caravanPatch.later(rest["run"])
    document.title = get(s, "title", "")
    if get(s, "modal", False):
        keyboard = True  # a question holds the focus, however it was asked
    if name == "saved":
        localise_dates()
    if name == "history":
        keyboard = True  # the arrow keys work only while focus is inside the page
    settle = (before not in ("loading", name)) or (name == "saved" and held)
    focus = get(s, "focus")
    if (keyboard or settle) and focus:
        el = document.querySelector(focus)
        if not nothing(el):
            if keyboard:
                el.focus()
            else:
                el.focus(to_js({"preventScroll": True}))
    elif not keyboard and kept is not None and before == name:
        focus_again(kept, focus)
    contract(s)
    html.setAttribute("data-screen", name)
    state["name"] = name
    return None


def _rest():
    """The rest of a frame whose answer was painted first (``_draw_screen``):
    its parts from ``first`` on, what the player had in them kept and put back."""
    parts = rest["parts"]
    rest["parts"] = None
    if parts is None:
        return
    root = _screen()
    had_put = window.caravanPatch.keep(root, True)
    if not patch(root, parts, rest["first"], parts.length):
        rest["redraw"]()  # the page could not patch its screen: the worker sends it whole
        return
    window.caravanPatch.putBack(had_put)


# The frame whose rest waits for its answer to be painted (web/static/patch.js
# ``later``); ``run``, the callback, made once; ``redraw``, set by the glue.
rest = {"parts": None, "first": 0, "run": create_proxy(_rest), "redraw": None}


def finish():
    """The rest of the last frame put on the page now, if it still waits: a
    newer frame or the square's words come after it."""
    window.caravanPatch.now()


def contract(s):
    """The game's state as the contract's attributes (docs/UI-CONTRACT.md)."""
    record = get(s, "record")
    if record is None:
        for attr in ("data-record", "data-seat", "data-left"):
            html.removeAttribute(attr)
    else:
        html.setAttribute("data-record", record)
        html.setAttribute("data-seat", str(get(s, "seat")))
        html.setAttribute("data-left", str(get(s, "left")))


def patch(root, parts, start, end):
    """The game screen drawn again in place: only its changed parts are
    replaced (web/app/view.py ``parts``, those from ``start`` to ``end``,
    excluded; ``add``: the log's new lines; of the board, only its changed
    chunks). False when #screen does not hold the game screen's layout or the
    board's patch found no place for a chunk or its tab stop. Done by
    web/static/patch.js in one call: its DOM calls, up to a few hundred for a
    move, each across MicroPython's FFI were a third of the frame."""
    return bool(window.caravanPatch.screen(root, parts, start, end))


def focus_held(el):
    """The keyboard focus about to be replaced by a redraw, as (selector,
    which match); None for a pointer's focus or an element nothing names."""
    if not bool(el.matches(":focus-visible")):
        return None
    attrs = {}
    for name in KEYS + ("data-id",):  # noqa: RUF005 (MicroPython has no starred tuples)
        if el.hasAttribute(name):
            attrs[name] = str(el.getAttribute(name))
    key = focus_key(str(el.id or ""), attrs)
    if key is None:
        return None
    matches = document.querySelectorAll(key)
    for i in range(matches.length):
        if matches.item(i) == el:
            return key, i
    return key, 0


def focus_again(kept, fallback):
    """After a redraw of the same screen that was not the player's key: focus
    on the same element in the new markup, else where the view puts it."""
    key, index = kept
    matches = document.querySelectorAll(key)
    el = None
    if matches.length:
        el = matches.item(min(index, matches.length - 1))
    elif fallback:
        found = document.querySelector(fallback)
        el = None if nothing(found) else found
    if el is not None:
        rove_to(el)
        el.focus(to_js({"preventScroll": True}))
        if str(el.tagName) == "INPUT":  # typing goes on at the end of what was typed
            end = len(str(el.value))
            el.setSelectionRange(end, end)


def rove_to(el):
    """The board's one tab stop (roving tabindex) moves to ``el`` if it is a board choice."""
    if nothing(el.closest("#board")) or not el.matches(BOARD_BUTTONS):
        return
    for other in each('#board [tabindex="0"]'):
        other.tabIndex = -1
    el.tabIndex = 0


def announce(text):
    """Say ``text`` through the live region: into one of its two children in
    turn, the other emptied, so that the same text is said again."""
    if not text:
        return
    region = document.getElementById("announcer")
    if nothing(region):
        return
    now = state["said"] % 2
    state["said"] += 1
    kids = region.children
    kids.item(1 - now).textContent = ""
    kids.item(now).textContent = text


REDUCED = win.matchMedia("(prefers-reduced-motion: reduce)")


def play(motion):
    """The worker's motion plan (web/board/motion.py) with the Web Animations API;
    under prefers-reduced-motion nothing moves."""
    if bool(REDUCED.matches):
        return
    fx = document.querySelector("#board .fx")
    if not nothing(fx):
        fx.innerHTML = motion["ghosts"]  # planned markup: goods and numbers only
    for anim in motion["anims"]:
        el = document.querySelector(anim["selector"])
        if nothing(el):
            continue
        timing = {
            "duration": anim["duration"],
            "delay": anim["delay"],
            "easing": "ease-out",
            "fill": "backwards",
        }
        el.animate(to_js(anim["keyframes"]), to_js(timing))


def localise_dates():
    lang = str(html.getAttribute("lang") or "en")
    for el in each("time[data-ms]"):
        # In the page's language, not the browser's: "1.12.2026, 11:40:00" in Polish.
        el.textContent = str(window.Date.new(int(el.getAttribute("data-ms"))).toLocaleString(lang))


def download(name, text):
    """Hand an exported file to the browser."""
    if state["url"] is not None:
        window.URL.revokeObjectURL(state["url"])
    blob = window.Blob.new(to_js([text]), to_js({"type": "application/json"}))
    state["url"] = window.URL.createObjectURL(blob)
    a = document.createElement("a")
    a.href = state["url"]
    a.download = name
    document.body.appendChild(a)  # outside #app: its click is not ours to handle
    a.click()
    a.remove()


def close_menu(target=None):
    """The game's Menu (``details#game-menu``, open on a phone upright) closes
    on Escape (``target`` None: focus back on its button when it was inside)
    or on a tap outside it (``target``: what was tapped); True when it closed."""
    menu = document.getElementById("game-menu")
    if nothing(menu) or not bool(menu.open):
        return False
    if target is not None and not nothing(target) and bool(menu.contains(target)):
        return False
    active = document.activeElement
    inside = not nothing(active) and bool(menu.contains(active))
    menu.open = False
    if target is None and inside:
        menu.querySelector("summary").focus()
    return True


PHONE_UPRIGHT = win.matchMedia("(max-width: 760px) and (orientation: portrait)")


def board_into_view():
    """On a phone upright, after an action taken in the list below the
    board, the board is scrolled back into view under the sticky banner."""
    board = document.getElementById("board")
    banner = document.getElementById("turn-banner")
    if nothing(board) or not bool(PHONE_UPRIGHT.matches):
        return
    top = float(board.getBoundingClientRect().top)
    below = 0.0 if nothing(banner) else float(banner.getBoundingClientRect().height)
    if top < below or top > float(window.innerHeight) / 2:
        win.scrollTo(window.scrollX, float(window.scrollY) + top - below - 4)
