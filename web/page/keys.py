"""Keys on the page's thread: which the app takes now (the frame's ``keys``,
so that preventDefault is called at once), which move focus here without
asking the worker (the screen-reader grid's cells, the board's arrows from
the frame's ``nav``), and which go to the worker as ``key`` messages."""

from web.page import paint
from web.page.dom import document
from web.page.refocus import cell_moved, css_of

ARROWS = ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown")
# The frame's ``keys`` (web/worker/driver.py) and ``nav``, as last drawn.
taken = {
    "plain": [],
    "ctrl": [],
    "history": [],
    "grid": [],
    "files": "",
    "ranks": "",
    "confirming": False,
    "nav": {},
}


def typing(target):
    """Keys pressed in a text field or list are the field's, never shortcuts."""
    if paint.nothing(target) or not hasattr(target, "matches"):
        return False
    return bool(target.matches("input, textarea, select, [contenteditable], [contenteditable] *"))


def keydown(event, post, activate):
    """``post`` sends a message to the worker; ``activate`` a click's path."""
    key = str(event.key)
    target = event.target
    if grid_key(event, key, post) or list_key(event, key, post):
        return
    if key == "Tab" and taken["confirming"] and not paint.state["rules"]:
        trap_tab(event)
        return
    if event.altKey:
        return
    ctrl = bool(event.ctrlKey or event.metaKey)
    if len(key) == 1 and not event.repeat and not typing(target):
        k = key.lower()
        if k in (taken["ctrl"] if ctrl else taken["plain"]):
            event.preventDefault()
            post({"type": "key", "what": "shortcut", "key": key, "ctrl": ctrl, "shift": bool(event.shiftKey)})
            return
    if ctrl:
        return
    tid = "" if paint.nothing(target) else str(target.id or "")
    if key == "Escape" and paint.close_menu():
        event.preventDefault()  # the open Menu was what Escape closes
    elif key == "Escape":
        event.preventDefault()
        post({"type": "key", "what": "escape", "key": key})
    elif key in taken["history"]:
        event.preventDefault()
        post({"type": "key", "what": "history", "key": key})
    elif key == "Enter" and tid == "sr-command":
        event.preventDefault()
        post({"type": "command", "command": str(target.value)})
        target.value = ""
    elif key == "Enter" and tid == "rename-input":
        event.preventDefault()
        post({"type": "rename", "rename": str(target.value)})
    elif key in ARROWS and not event.shiftKey and target.matches(paint.BOARD_BUTTONS):
        event.preventDefault()  # the page would scroll
        board_arrow(target, key)
    elif key in ("Enter", " "):
        if event.repeat and target.matches("button"):
            # A held key acts once: focus has moved on to a button the repeat would press.
            event.preventDefault()
        elif target.matches(paint.BOARD_BUTTONS):
            event.preventDefault()  # Space would scroll the page
            if not event.repeat:
                activate(target, True)


def grid_key(event, key, post):
    """A key on a cell of the screen-reader board; True when it was the grid's.
    Moving only moves the roving tab stop here: nothing is drawn again."""
    target = event.target
    cell = None if paint.nothing(target) or not hasattr(target, "closest") else target.closest("[data-cell]")
    if paint.nothing(cell) or event.ctrlKey or event.metaKey or event.altKey:
        return False
    name = str(cell.getAttribute("data-cell"))
    if key in ("Enter", " "):
        event.preventDefault()
        if not event.repeat:
            post({"type": "grid-list", "cell": name})
        return True
    to = cell_moved(name, key, taken["files"], taken["ranks"]) if taken["files"] else None
    if to is not None:
        event.preventDefault()
        new = document.querySelector('[data-cell="' + to + '"]')
        if not paint.nothing(new):
            cell.setAttribute("tabindex", "-1")
            new.setAttribute("tabindex", "0")
            new.focus()
            post({"type": "grid-go", "cell": to})
        return True
    if len(key) == 1 and key.lower() in taken["grid"]:
        event.preventDefault()
        post({"type": "key", "what": "grid", "key": key})
        return True
    return False


def list_key(event, key, post):
    """A digit, Home or End on the list of a space's actions (``#sr-actions``):
    the worker plays that action or says where focus goes (web/board/srboard.py)."""
    target = event.target
    if not ((len(key) == 1 and key.isdigit()) or key in ("Home", "End")):
        return False
    if paint.nothing(target) or not hasattr(target, "closest"):
        return False
    if paint.nothing(target.closest("#sr-actions")):
        return False
    event.preventDefault()
    if not event.repeat:
        buttons = document.querySelectorAll("#sr-actions button")
        at = 0
        for i in range(buttons.length):
            if buttons.item(i) == target:
                at = i + 1
        post({"type": "key", "what": "list", "key": key, "at": at})
    return True


def trap_tab(event):
    """Tab and Shift+Tab stay inside the open question (aria-modal)."""
    buttons = document.querySelectorAll("#confirm-end button")
    if not buttons.length:
        return
    first, last = buttons.item(0), buttons.item(buttons.length - 1)
    active = document.activeElement
    inside = not paint.nothing(active) and not paint.nothing(active.closest("#confirm-end"))
    if event.shiftKey and (not inside or active == first):
        last.focus()
    elif not event.shiftKey and (not inside or active == last):
        first.focus()
    else:
        return
    event.preventDefault()


def board_arrow(target, key):
    """An arrow key on the board: focus and the board's one tab stop move to
    the nearest choice that way (the frame's ``nav``, web/board/keynav.py)."""
    css = None
    for attr in ("data-action", "data-select", "data-zoom"):
        value = target.getAttribute(attr)
        if not paint.nothing(value):
            css = css_of(attr, str(value))
            break
    if css is None:
        return
    to = paint.get(paint.get(taken["nav"], css), key)
    found = None if to is None else document.querySelector(to)
    if found is None or paint.nothing(found):
        return
    paint.rove_to(found)
    found.focus()
