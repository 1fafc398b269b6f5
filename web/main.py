"""The page's entry point: the only module that touches ``js``/``pyscript``.

One delegated click, keydown and change listener each are bound once on
the app container (per-element listeners leak proxies, see STACK.md); each
update writes one ``innerHTML`` and the contract's ``data-`` attributes.
Enter and Space on the board's focusable elements go down the click's path;
after an update made from the keyboard, focus moves to ``View.focus``.
"""

from __future__ import annotations

from typing import Any

from pyodide.ffi import create_proxy  # type: ignore[import-not-found]
from pyscript import document, window  # type: ignore[import-not-found]
from pyscript.ffi import is_none  # type: ignore[import-not-found]

from web.app import App
from web.query import parse_query

_html = document.documentElement
_screen = document.getElementById("screen")
_query = parse_query(str(window.location.search))
app = App(seed=_query.seed)


def render(*, keyboard: bool = False) -> None:
    view = app.view()
    _screen.innerHTML = view.markup
    if keyboard and view.focus is not None:
        # The old markup held the focus; a pointer user gets no focus moves
        # (no focus ring, no scrolling after a tap).
        el = document.querySelector(view.focus)
        if not is_none(el):
            el.focus()
    if view.record is None:
        for name in ("data-record", "data-seat", "data-left"):
            _html.removeAttribute(name)
    else:
        _html.setAttribute("data-record", view.record)
        _html.setAttribute("data-seat", str(view.seat))
        _html.setAttribute("data-left", str(view.left))
    _html.setAttribute("data-screen", view.screen)


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


_BUTTONS = {
    "undo": lambda: app.undo(),
    "redo": lambda: app.redo(),
    "rematch": lambda: app.rematch(),
    "new-game-button": lambda: app.new_game(),
    "abandon": lambda: app.new_game(),
    "resume-game": lambda: app.resume_game(),
}


def _activate(target: Any, *, keyboard: bool) -> None:
    """What a click on ``target`` does; Enter and Space on a board element too."""
    el = target.closest("[data-action],[data-select],button[id]")
    if is_none(el):
        if not is_none(target.closest("#board")):
            app.clear()
            render(keyboard=keyboard)
        return
    action = el.getAttribute("data-action")
    if not is_none(action):
        app.act(str(action))
    elif not is_none(select := el.getAttribute("data-select")):
        app.select(str(select))
    elif el.id == "start-game":
        app.submit_form(_read_form())
    elif el.id in _BUTTONS:
        _BUTTONS[el.id]()
    else:
        return
    render(keyboard=keyboard)


def _on_click(event: Any) -> None:
    try:
        # detail 0: not a pointer (a button pressed with Enter or Space).
        _activate(event.target, keyboard=int(event.detail) == 0)
    except Exception as e:  # a bug: show it, and let tests see it in the console
        window.console.error(f"caravan: {type(e).__name__}: {e}")
        raise


# The board's role="button" elements; HTML buttons turn Enter and Space
# into a click themselves.
_BOARD_BUTTONS = "#board [data-action], #board [data-select]"


def _on_keydown(event: Any) -> None:
    try:
        key = str(event.key)
        if event.ctrlKey or event.altKey or event.metaKey:
            return
        if key == "Escape":
            if app.escape():
                event.preventDefault()
                render(keyboard=True)
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
    except Exception as e:  # a bug: show it, and let tests see it in the console
        window.console.error(f"caravan: {type(e).__name__}: {e}")
        raise


def _on_change(event: Any) -> None:
    if str(event.target.id) == "player-count":
        app.change_form(_read_form())
        render()


def boot() -> None:
    root = document.getElementById("app")
    # Kept alive for the page's lifetime: bound once, never per render.
    root.addEventListener("click", create_proxy(_on_click))
    root.addEventListener("keydown", create_proxy(_on_keydown))
    root.addEventListener("change", create_proxy(_on_change))
    if _query.autostart:
        app.autostart(_query.autostart, short=_query.short, casual=_query.casual)
    render()
    _html.setAttribute("data-ready", "true")


try:
    boot()
except Exception as e:  # the page must say so rather than spin (index.html shows it)
    window.caravanBootFail(f"The game could not start: {type(e).__name__}: {e}")
    raise
