"""The page's thread: listens, paints, and touches what only a page can.

Run by PyScript under MicroPython (index.html), which starts in a tenth of
a second, while the app itself runs in Pyodide in the app worker
(web/static/app-worker.mjs, web/worker/): the page never waits on Python's
work. One delegated listener per event type on #app (keydown on the
document): each input is described in a message, as the markup names
what was hit, and posted (``caravanApp.post``, web/static/boot.js); each
``frame`` that comes back is painted (web/page/paint.py). Also here, the
browser's APIs a worker cannot reach: localStorage and sessionStorage (a
copy is sent at boot, the worker's writes made as they come), the
clipboard and the share sheet, downloads, the address's fragment, the
``storage`` event of other tabs, and the line to the bot worker. The
messages are in docs/WORKER.md ("The app worker").
"""

import json

from web.page import keys, paint
from web.page.dom import create_proxy, document, to_js, window

VERSION = 1
MAX_IMPORT = (
    200_000  # bytes, caravan/limits.py MAX_RECORD: a larger file is refused unread (the worker checks again)
)
ADDRESS_READ = 28_000  # characters of the address read: caravan/limits.py MAX_LINK + 8,000
RULES_CONTROLS = "[data-rule],[data-rules-open],[data-rules-doc],[data-rules-go],#rules-back"
ACTIVE = "[data-action],[data-select],[data-zoom],[data-saved-action],button[id]"
LONG_PRESS_MS = 500

html = document.documentElement
win = paint.win
app_line = window.caravanApp
press = {"timer": None, "square": None, "x": 0.0, "y": 0.0, "shown": False}
plan = {"leave": None}  # the leave plan: a JavaScript array of writes
ready = {"drawn": False, "restarted": False}


def post(message):
    message["version"] = VERSION
    app_line.post(json.dumps(message))


def nothing(x):
    return paint.nothing(x)


def attr(el, name):
    value = el.getAttribute(name)
    return None if nothing(value) else str(value)


# ---------------------------------------------------------------- input


def describe(target):
    """What a click hit, as the markup names it: the worker decides what it does."""
    t = {}
    c = target.closest(RULES_CONTROLS)
    if not nothing(c):
        t["rules"] = {
            "id": str(c.id or ""),
            "rule": attr(c, "data-rule"),
            "doc": attr(c, "data-rules-doc"),
            "go": attr(c, "data-rules-go"),
            "open": attr(c, "data-rules-open"),
        }
    t["layer"] = not nothing(target.closest("#rules-layer"))
    t["dialog"] = not nothing(target.closest("#rules"))
    t["confirm"] = not nothing(target.closest("#confirm-end"))
    cell = target.closest("[data-cell]")
    if not nothing(cell):
        t["cell"] = attr(cell, "data-cell")
    el = target.closest(ACTIVE)
    if not nothing(el):
        t["el"] = {
            "action": attr(el, "data-action"),
            "select": attr(el, "data-select"),
            "zoom": attr(el, "data-zoom"),
            "saved": attr(el, "data-saved-action"),
            "data_id": attr(el, "data-id"),
            "id": str(el.id or ""),
            "list": not nothing(el.closest("#action-list")),
        }
    t["board"] = not nothing(target.closest("#board"))
    t["square"] = square_of(target)
    return t


def square_of(target):
    """The square a board element belongs to: the square, or the pieces beside it (``data-on``)."""
    el = target.closest("[data-square],[data-on]")
    if nothing(el):
        return None
    name = attr(el, "data-square")
    return attr(el, "data-on") if name is None else name


def read_form():
    def values(name):
        out = [None, None, None, None]  # None: seat not on the form now, keep its value
        found = document.querySelectorAll("[" + name + "]")
        for i in range(found.length):
            el = found.item(i)
            seat = int(el.getAttribute(name))
            if 0 <= seat < 4:
                out[seat] = str(el.value)
        return out

    def field(el_id, checked=False):
        el = document.getElementById(el_id)
        if nothing(el):
            return False if checked else ""
        return bool(el.checked) if checked else str(el.value)

    return {
        "count": field("player-count"),
        "names": values("data-player-name"),
        "colours": values("data-player-colour"),
        "types": values("data-seat-type"),
        "casual": field("casual", True),
        "short": field("short", True),
        "start": field("start-player"),
        "quick": field("quick-bot"),
    }


def activate(target, keyboard):
    """A click on ``target`` (Enter and Space on a board element too), described
    for the worker; the words of a board element focused by it go with it."""
    t = describe(target)
    msg = {"type": "click", "keyboard": keyboard, "target": t}
    info = take_focus_info()
    if info is not None:
        msg["info"] = info
    el_id = t.get("el", {}).get("id") if "el" in t else ""
    if el_id in ("start-game", "play-computer"):
        msg["form"] = read_form()
    elif el_id == "rename-save":
        field = document.getElementById("rename-input")
        msg["rename"] = None if nothing(field) else str(field.value)
    elif el_id == "sr-send":
        field = document.getElementById("sr-command")
        if not nothing(field):
            msg["command"] = str(field.value)
            field.value = ""
    elif el_id == "share-copy":
        send_focus_info(info)
        copy()
        return
    post(msg)


def booting():
    """Before the first frame the prerendered page is web/static/front.js's."""
    return not ready["drawn"]


def on_click(event):
    if booting():
        return
    paint.close_menu(event.target)  # a tap outside the open Menu closes it, and does what it does
    if press["shown"]:
        press["shown"] = False
        if int(event.detail) != 0:  # the tap that ends a long-press only showed the square's text
            send_focus_info()
            return
    activate(event.target, int(event.detail) == 0)  # detail 0: Enter or Space on a button


def on_keydown(event):
    if not booting():
        keys.keydown(event, post, activate)


def on_change(event):
    if booting():
        return
    target = event.target
    el_id = str(target.id)
    if el_id == "player-count":
        post({"type": "form", "form": read_form(), "focus": "#player-count"})
    elif attr(target, "data-player-colour") is not None:
        seat = attr(target, "data-player-colour")
        post({"type": "form", "form": read_form(), "focus": '[data-player-colour="' + seat + '"]'})
    elif attr(target, "data-seat-type") is not None:
        post({"type": "seat-type", "value": str(target.value)})
    elif el_id == "language":  # boot.js has shown and remembered it (<html lang>, the boot texts)
        post({"type": "language", "code": str(target.value)})
    elif el_id == "bot-pace":
        post({"type": "pace", "value": str(target.value)})
    elif el_id == "import-file":
        app_line.importFile(target, MAX_IMPORT)  # app-data.js reads it and sends it


# The words of a board element just focused, not asked of the worker yet: a
# tap's focus comes in the same task as its click, which carries them
# (``activate``), so the worker answers the tap in one frame, where the words
# took a message and a frame of their own before it; a keyboard's focus or a
# mouse's press (its click comes later, if at all) asks in a task of its own.
focused = {"info": None, "timer": None}


def on_focusin(event):
    """Focus on a board element shows what is on its square."""
    target = event.target
    if booting() or nothing(target.closest("#board")):
        return
    square = square_of(target)
    action = attr(target, "data-action") if square is None else None
    send_focus_info()  # an earlier focus's first
    focused["info"] = {"square": square, "action": action}
    focused["timer"] = win.setTimeout(once["focus_info"], 0)


def take_focus_info():
    """The words a focus asked for and not yet asked of the worker (None: none)."""
    info = focused["info"]
    focused["info"] = None
    if focused["timer"] is not None:
        win.clearTimeout(focused["timer"])
        focused["timer"] = None
    return info


def send_focus_info(info=None):
    """Ask the worker for a focused element's words now: ``info``, or those still waiting."""
    if info is None:
        info = take_focus_info()
    if info is not None:
        post({"type": "info", "square": info["square"], "action": info["action"]})


def show_info(text):
    paint.finish()  # the rest of the last frame first: the words came after it
    el = document.getElementById("square-info")
    if not nothing(el):
        el.textContent = text


def cancel_press(_event=None):
    if press["timer"] is not None:
        win.clearTimeout(press["timer"])
        press["timer"] = None


def long_pressed():
    press["timer"] = None
    if press["square"] is not None:
        press["shown"] = True
        post({"type": "info", "square": press["square"]})


def on_pointerdown(event):
    cancel_press()
    press["shown"] = False
    if booting() or str(event.pointerType) == "mouse" or nothing(event.target.closest("#board")):
        return
    square = square_of(event.target)
    if square is None:
        return
    press["square"] = square
    press["x"], press["y"] = float(event.clientX), float(event.clientY)
    press["timer"] = win.setTimeout(once["long_press"], LONG_PRESS_MS)


def on_pointermove(event):
    moved = abs(float(event.clientX) - press["x"]) > 10 or abs(float(event.clientY) - press["y"]) > 10
    if press["timer"] is not None and moved:
        cancel_press()


def on_contextmenu(event):
    """The long-press menu of a touch browser would cover the board."""
    if not nothing(event.target.closest("#board")):
        event.preventDefault()


def fragment():
    """``location.hash``, through at most ADDRESS_READ characters of the address."""
    return str(app_line.fragment(ADDRESS_READ))


def clear_hash():
    """A link once taken is in storage: a reload resumes from there."""
    loc = window.location
    window.history.replaceState(window.history.state, "", str(loc.pathname) + str(loc.search))


def on_hashchange(_event):
    text = fragment()
    if text.lstrip("#"):
        clear_hash()
        post({"type": "link", "text": text})


def on_resize(_event):
    post({"type": "resize", "width": paint.board_width()})


def on_storage(event):
    """Another tab wrote to localStorage: the worker's copy follows, and this tab's game may be stale."""
    key = event.key
    if nothing(key):  # cleared: all that is left, sent by app-data.js (no copy of it in this small heap)
        app_line.storageCleared()
    else:
        value = event.newValue
        post({"type": "storage", "key": str(key), "value": None if nothing(value) else str(value)})


def on_pagehide(_event):
    """The worker has no time left: what leaving writes was planned (``leave-plan``)."""
    if plan["leave"] is not None:
        app_line.store(plan["leave"])
    post({"type": "left"})


# ---------------------------------------------------------------- sharing


def share_result(result):
    post({"type": "share", "result": result})


def copy_failed(_error=None):
    el = document.getElementById("share-link")
    if not nothing(el):
        el.focus()
        el.select()
    share_result("copy_failed")


def copy():
    el = document.getElementById("share-link")
    if nothing(el):
        return
    clipboard = getattr(window.navigator, "clipboard", None)
    if clipboard is None or nothing(clipboard):
        copy_failed()
        return
    try:
        clipboard.writeText(str(el.value)).then(once["copied"], once["copy_failed"])
    except Exception:
        copy_failed()


def share_refused(error=None):
    # The player closed the share sheet: nothing to say. Any other refusal: copy instead.
    if not nothing(error) and str(error.name) == "AbortError":
        return
    copy()


def send_share():
    """The system share sheet where there is one (phones), else the clipboard."""
    nav = window.navigator
    el = document.getElementById("share-link")
    if nothing(el):
        return
    if getattr(nav, "share", None) is not None:
        try:
            data = to_js({"title": str(document.title), "url": str(el.value)})
            nav.share(data).then(once["shared"], once["share_refused"])
            return
        except Exception:
            pass
    copy()


# ---------------------------------------------------------------- the worker's messages


def on_message(msg):
    """One message of the app worker, as boot.js parsed it (a JavaScript
    object): a frame's markup goes from there to the DOM without a copy in
    MicroPython's heap (web/page/paint.py ``get``)."""
    kind = str(msg.type)
    get = paint.get
    if kind == "frame":
        frame(msg)
    elif kind == "store":
        app_line.store(msg.writes)  # app-data.js: refused writes go back as "stored"
    elif kind == "info":
        show_info(get(msg, "text", ""))
    elif kind == "bot-post":
        window.caravanBot.post(msg.text)
    elif kind == "bot-start":
        window.caravanBot.start()
    elif kind == "bot-restart":
        window.caravanBot.restart()
    elif kind == "bot-state":
        html.setAttribute("data-bot", msg.state)
    elif kind == "warmed":  # the worker's scratch game is played (web/worker/warmup.py)
        html.setAttribute("data-warmed", str(msg.taps))
    elif kind == "leave-plan":
        plan["leave"] = msg.writes
    elif kind == "lang":  # a catalogue the bundle does not ship, drawn (tests)
        html.setAttribute("lang", msg.code)
    elif kind == "log":
        text = get(msg, "text", "")
        if get(msg, "level") == "error":
            window.console.error(text)
        else:
            window.console.warn(text)
    elif kind == "failed" and ready["drawn"]:
        restart_app(str(get(msg, "error", "")))
    # "progress", "csp", "error", and "failed" while booting: boot.js has shown or logged them


def on_board_resized(entries, _observer=None):
    back = paint.board_resized(entries)
    if back is not None:
        post(back)


def frame(msg):
    get = paint.get
    k = get(msg, "keys")
    if k is not None:
        for name in ("plain", "ctrl", "history", "grid"):
            keys.taken[name] = [str(x) for x in paint.listed(get(k, name))]
        keys.taken["files"] = str(get(k, "files", ""))
        keys.taken["ranks"] = str(get(k, "ranks", ""))
        keys.taken["confirming"] = bool(get(k, "confirming", False))
    nav = get(msg, "nav")
    if nav is not None:
        keys.taken["nav"] = nav
    back = paint.apply(msg)
    if back is not None:
        post(back)
    after = [str(a) for a in paint.listed(get(msg, "after"))]
    if "share" in after:
        send_share()
    if "board-into-view" in after:
        paint.board_into_view()
    got = get(msg, "download")
    if got is not None:
        paint.download(got.name, got.text)
    if "ready" in after:
        ready["drawn"] = True
        carry_out_pending()
        app_line.readyWhenSettled()  # boot.js: data-ready once that is answered too


def carry_out_pending():
    """A tap made on the first paint before the app was ready (web/static/front.js
    kept the last one): carried out once, as the same tap on the live page."""
    pending = window.caravanPending
    window.caravanPending = None
    html.removeAttribute("data-pending")
    if nothing(pending):
        return
    try:
        el = document.querySelector(str(pending.selector))
    except Exception:
        return
    if not nothing(el):
        activate(el, bool(pending.keyboard))


# ---------------------------------------------------------------- tests' hooks


def use_catalogue(code, mo_base64):
    """Tests: the page in a catalogue the bundle does not ship, from its .mo bytes in base64."""
    post({"type": "catalogue", "code": str(code), "mo": str(mo_base64)})


# ---------------------------------------------------------------- boot


def restart_app(reason):
    """The app worker failed once the game was up: a new one resumes the game
    from storage, where every action was saved (docs/WORKER.md, "A worker that
    fails"); the bot worker restarts with it, so that both start in step."""
    if ready["restarted"] and not app_line.handled:
        # The worker started for the last failure failed too, before answering anything
        # (its files gone, say): no new one, the reason in plain words (boot.js).
        window.caravanBootFail(window.caravanLanguage.text("could_not_start").replace("{error}", reason))
        return
    ready["restarted"] = True
    window.console.warn("caravan: the game's worker failed (" + reason + "): starting a new one")
    app_line.restart()
    bot = window.caravanBot
    if not nothing(bot) and bot.started:
        bot.restart()
    start_app(restarted=True)


def start_app(restarted=False):
    """The boot message: what the app worker needs of the page to start."""
    loc = window.location
    link = "" if restarted else fragment()
    if link.lstrip("#"):
        clear_hash()
    page = {
        "search": str(loc.search),
        "pathname": str(loc.pathname),
        "base_url": str(loc.origin) + str(loc.pathname),
        "hash": link,
        "lang": str(html.getAttribute("lang") or "en"),
        "reduced": bool(paint.REDUCED.matches),
        # The board already on screen (first-paint.js painted this tab's last one, or the game
        # shown when a worker failed): its choices are drawn for its width at once.
        "board_width": float(paint.board_width() if restarted else window.caravanPaintedWidth()),
        "restarted": restarted,
    }
    # app-data.js adds both storage areas' items (up to megabytes: never copied into
    # MicroPython's heap) and whether they can be written (docs/WORKER.md).
    app_line.boot(json.dumps(page))


# Callbacks handed to JavaScript again and again (a timer, a promise), made once:
# a proxy made per call is not kept by MicroPython (a later one was seen to fail).
once = {}  # type: dict[str, object]


def boot():
    """Listening from now on (index.html calls it once the glue is compiled)."""
    once["long_press"] = create_proxy(long_pressed)
    once["focus_info"] = create_proxy(lambda *_: send_focus_info())
    once["copied"] = create_proxy(lambda *_: share_result("copied"))
    once["copy_failed"] = create_proxy(copy_failed)
    once["shared"] = create_proxy(lambda *_: share_result("shared"))
    once["share_refused"] = create_proxy(share_refused)
    root = document.getElementById("app")
    for name, fn in (
        ("click", on_click),
        ("change", on_change),
        ("focusin", on_focusin),
        ("pointerdown", on_pointerdown),
        ("pointermove", on_pointermove),
        ("pointerup", cancel_press),
        ("pointercancel", cancel_press),
        ("contextmenu", on_contextmenu),
    ):
        root.addEventListener(name, create_proxy(fn))
    # Keys on the document: after a redraw focus may be on <body>, outside #app.
    document.addEventListener("keydown", create_proxy(on_keydown))
    win.addEventListener("hashchange", create_proxy(on_hashchange))
    win.addEventListener("resize", create_proxy(on_resize))
    win.addEventListener("storage", create_proxy(on_storage))
    win.addEventListener("pagehide", create_proxy(on_pagehide))
    bot = window.caravanBot
    if nothing(bot):
        failed = {"version": 2, "type": "failed", "error": "the bot's worker was not started"}
        post({"type": "bot", "text": json.dumps(failed)})
    else:
        bot.listen(create_proxy(lambda text: post({"type": "bot", "text": str(text)})))
    paint.watched["observer"] = window.ResizeObserver.new(create_proxy(on_board_resized))
    paint.rest["redraw"] = lambda: post({"type": "redraw"})
    window.caravanCatalogue = create_proxy(use_catalogue)
    app_line.listen(create_proxy(on_message))
    start_app()
