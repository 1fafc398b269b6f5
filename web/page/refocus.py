"""Names of the page's elements that outlive a redraw: keyboard focus kept
across a redraw of the same screen, a board choice's selector, a grid cell's
neighbour. Runs on the page's thread (MicroPython) and in the app worker.

A redraw that is not a screen change and not the player's own key (a bot
worker getting ready, a bot's action, another tab's save, a resize) replaces
``#screen``'s markup, and with it the focused element: focus would fall to
``<body>`` and the next Tab would start over from the page's top. the page asks
here for a selector naming the focused element by what it is (its id,
or the board's and the grid's data- keys of docs/UI-CONTRACT.md), and
focuses the same one in the new markup.
"""

import json

# The attributes that name an element for a keyboard player, most specific first.
KEYS = ("data-cell", "data-action", "data-select", "data-zoom", "data-saved-action")


def focus_key(el_id: str, attrs: dict[str, str]) -> str | None:
    """A CSS selector for the element with id ``el_id`` (may be empty) and
    the data- ``attrs`` it carries (only those in ``KEYS`` count); None when
    nothing names it (then focus is not carried over)."""
    if el_id:
        return f"#{_css_ident(el_id)}"
    parts = [f"[{name}={json.dumps(attrs[name])}]" for name in KEYS if name in attrs]
    if "data-saved-action" in attrs and "data-id" in attrs:
        parts.append(f"[data-id={json.dumps(attrs['data-id'])}]")
    return "".join(parts) or None


def _css_ident(text: str) -> str:
    """An id as a CSS identifier: the page's ids are plain words and dashes;
    anything else is escaped (CSS escapes a character as ``\\`` + hex + space)."""
    out = []
    for i, ch in enumerate(text):
        if ord(ch) < 128 and (ch.isalpha() or ch.isdigit() or ch in "-_") and not (i == 0 and ch.isdigit()):
            out.append(ch)
        else:
            out.append(f"\\{ord(ch):x} ")
    return "".join(out)


def css_of(attr: str, value: str) -> str:
    """The selector of a board choice (web/board/keynav.py; the page builds it from the focused element)."""
    return (
        "#board " + (".target" if attr == "data-action" else "") + "[" + attr + "=" + json.dumps(value) + "]"
    )


# The grid's keys besides the files and ranks (docs/UI-CONTRACT.md, "Screen-reader board").
MOVES = {"ArrowUp": (0, 1), "ArrowDown": (0, -1), "ArrowLeft": (-1, 0), "ArrowRight": (1, 0)}


def cell_moved(name: str, key: str, files: str, ranks: str) -> str | None:
    """The cell a key on the grid goes to from cell ``name`` ("e4"): arrows,
    Home and End (the row's ends), a file letter or a rank digit; None when
    the key is not the grid's or leads off the board (the focus stays)."""
    f, r = files.index(name[0]), ranks.index(name[1])
    if key in MOVES:
        df, dr = MOVES[key]
        f, r = f + df, r + dr
    elif key == "Home":
        f = 0
    elif key == "End":
        f = len(files) - 1
    elif len(key) == 1 and key.lower() in files:
        f = files.index(key.lower())
    elif len(key) == 1 and key in ranks:
        r = ranks.index(key)
    else:
        return None
    if not (0 <= f < len(files) and 0 <= r < len(ranks)):
        return None
    return files[f] + ranks[r]
