"""Keyboard focus kept across a redraw of the same screen (issue 14).

A redraw that is not a screen change and not the player's own key (a bot
worker getting ready, a bot's action, another tab's save, a resize) replaces
``#screen``'s markup, and with it the focused element: focus would fall to
``<body>`` and the next Tab would start over from the page's top. main.py
asks here for a selector naming the focused element by what it is (its id,
or the board's and the grid's data- keys of docs/UI-CONTRACT.md), and
focuses the same one in the new markup.
"""

from __future__ import annotations

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
        if ch.isascii() and (ch.isalnum() or ch in "-_") and not (i == 0 and ch.isdigit()):
            out.append(ch)
        else:
            out.append(f"\\{ord(ch):x} ")
    return "".join(out)
