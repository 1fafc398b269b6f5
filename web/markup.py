"""Escaping for markup built as strings (one innerHTML per update is fast).

Everything that came from a player, a save or a link goes through ``esc``
before it is put into markup; so does every translated text, which is cheap
and means a translation cannot break the page either. Written out here rather
than imported from ``html``: the page would compile that module from source
at every boot (Pyodide ships its standard library as ``.py``).
"""

from __future__ import annotations

# The same replacements as html.escape(text, quote=True).
_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;"})


def esc(text: object) -> str:
    return str(text).translate(_ESCAPES)
