"""Bounded, visible quotes of untrusted text for error messages and the terminal.

An error message quotes what it refuses, but never all of it: a 50 MB action
must not make a 50 MB message, and a name read from a file must not move the
cursor or retitle the terminal it is printed on.
"""

from __future__ import annotations

import unicodedata

EXCERPT = 40  # characters of the input an error message quotes at most

# Categories printed as escapes: controls, format characters (zero-width,
# bidi overrides), surrogates, private use, unassigned, line/paragraph separators.
# A player's name may have none of them (options.check_name), so a name prints as typed.
HIDDEN = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


def visible(text: str) -> str:
    """``text`` with every invisible or terminal-controlling character written
    as an escape (``\\x1b``, ``\\u200b``); a backslash itself stays as it is."""
    if text.isprintable() and text.isascii():
        return text
    return "".join(_escape(c) if unicodedata.category(c) in HIDDEN else c for c in text)


def _escape(c: str) -> str:
    n = ord(c)
    if n < 0x100:
        return f"\\x{n:02x}"
    if n < 0x10000:
        return f"\\u{n:04x}"
    return f"\\U{n:08x}"


def excerpt(text: str, limit: int = EXCERPT) -> str:
    """A quoted, visible excerpt of ``text``: ``'abc'``, or ``'abc'… (5,000,000 characters)``.

    At most ``limit`` characters of ``text``, and fewer if their escapes
    would make the quote longer than ``2 * limit``: the message stays short
    whatever the input is made of.
    """
    shown = text[:limit]
    while len(repr(shown)) > 2 * limit + 2:
        shown = shown[: len(shown) // 2]
    if shown == text:
        return repr(text)
    return f"{shown!r}… ({len(text):,} characters)"
