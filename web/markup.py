"""Escaping for markup built as strings (one innerHTML per update is fast).

Everything that came from a player, a save or a link goes through ``esc``
before it is put into markup; so does every translated text, which is cheap
and means a translation cannot break the page either.
"""

from __future__ import annotations

from html import escape


def esc(text: object) -> str:
    return escape(str(text), quote=True)
