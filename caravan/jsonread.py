"""JSON from outside (files, storage, anything a person or another page
wrote), read with bounds on its size and nesting before it is parsed.

Pyodide's ``json`` overflows the WebAssembly stack at about 5,000 nested
objects or 20,000 nested arrays and kills the runtime before any
RecursionError (CPython 3.11 raises at about 1,000): such text must never
reach ``json.loads``. The depth is found without a per-character Python
loop: the strings are cut out by one regular expression (escaped quotes
included), everything but brackets by another, and then each pass of a
third removes the innermost empty pairs; a text that is not empty after
``max_depth`` passes is nested deeper than that (or its brackets do not
match). Each pass is linear and there are at most ``max_depth`` of them.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from .errors import CaravanError

# A JSON string (RFC 8259 §7): a quote, then characters other than a quote
# or a backslash, or a backslash and the character it escapes; then a quote,
# or the end of the text for a string that never ends (what follows its
# opening quote is string to json too, and json refuses it). Every match
# attempt succeeds in one forward scan: a pattern that required the closing
# quote would rescan the rest of the text from each escaped quote of an
# unended string, quadratic time (40,000 characters of \" took 2.8 s).
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*(?:"|\\?\Z)', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_INNERMOST = re.compile(r"\[\]|\{\}")


class JsonRefused(CaravanError, ValueError):
    """Text that was not parsed: too large, nested too deep, or not JSON."""


class TooLarge(JsonRefused):
    """More characters than the caller's bound."""


class TooDeep(JsonRefused):
    """Arrays and objects nested deeper than the caller's bound."""


class NotJson(JsonRefused):
    """Not JSON text at all (or brackets that do not match)."""


class DuplicateKey(JsonRefused):
    """An object with one key twice (only with ``unique_keys``)."""

    def __init__(self, key: str) -> None:
        super().__init__(f"the key {key[:40]!r} appears twice in one object")
        self.key = key


def depth(text: str, limit: int) -> int:
    """How deep arrays and objects nest in ``text`` (0 for a bare value), or
    ``limit + 1`` if deeper than ``limit``; NotJson for brackets that do not
    match (no JSON text has them). Brackets inside strings do not count."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    for level in range(limit + 1):
        if not brackets:
            return level
        fewer = _INNERMOST.sub("", brackets)
        if len(fewer) == len(brackets):
            raise NotJson("its brackets do not match")
        brackets = fewer
    return limit + 1


def loads(text: str, *, max_chars: int, max_depth: int, unique_keys: bool = False) -> Any:
    """``json.loads(text)``, after checking that ``text`` has at most
    ``max_chars`` characters and nests at most ``max_depth`` levels.

    Raises TooLarge, TooDeep, NotJson (and DuplicateKey with ``unique_keys``:
    an object with a key twice is refused, not read as "the last one wins");
    all are JsonRefused, a CaravanError and ValueError.
    """
    if not isinstance(text, str):
        raise NotJson("it is not text")
    if len(text) > max_chars:
        raise TooLarge(f"it is longer than {max_chars:,} characters")
    if depth(text, max_depth) > max_depth:
        raise TooDeep(f"it nests deeper than {max_depth} levels")
    hook: Callable[[list[tuple[str, Any]]], Any] | None = _no_duplicates if unique_keys else None
    try:
        return json.loads(text, object_pairs_hook=hook)
    except JsonRefused:
        raise
    except (ValueError, RecursionError):  # RecursionError: cannot happen within max_depth
        raise NotJson("it is not valid JSON") from None


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise DuplicateKey(key)
        out[key] = value
    return out
