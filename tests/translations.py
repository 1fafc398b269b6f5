"""Catalogues for tests: a small dict-backed one, the pseudo-language, and
each language's own catalogue compiled from its .po at test time."""

from __future__ import annotations

import gettext
import io
import re
from collections.abc import Iterable
from pathlib import Path

from tools import i18n as tool

LANGUAGES = tool.LANGUAGES
POT = tool.POT
po_path = tool.po_path
read_po = tool.read_po


class Catalogue(gettext.NullTranslations):
    """Translations from a dict: msgid (or (context, msgid)) -> text; the rest is English."""

    def __init__(self, texts: dict[str | tuple[str, str], str]) -> None:
        super().__init__()
        self.texts = texts

    def gettext(self, message: str) -> str:
        return self.texts.get(message, message)

    def pgettext(self, context: str, message: str) -> str:
        return self.texts.get((context, message), message)


def compiled(lang: str) -> gettext.GNUTranslations:
    """``lang``'s catalogue as the game reads it, compiled from its .po now."""
    return gettext.GNUTranslations(io.BytesIO(tool.compile_po(tool.po_path(lang))))


def pseudo_mo() -> bytes:
    """The pseudo-language's .mo (every message in ⟦ ⟧ with accents), from the template."""
    return tool.pseudo_mo(tool.POT)


def pseudo() -> gettext.GNUTranslations:
    return gettext.GNUTranslations(io.BytesIO(pseudo_mo()))


def extract(output: Path) -> Path:
    """The code's messages, extracted now with Babel into ``output``."""
    return tool.extract(output)


# What a screen may show outside the pseudo-language's brackets: notation
# (squares, files, good letters, "end", actions), numbers, dates and punctuation.
# (Player names the tests type are taken out by the caller.)
_BRACKETS = re.compile(r"⟦[^⟦⟧]*⟧")  # the innermost: a message may hold a translated good
_ALLOWED = re.compile(
    r"\d{4}-\d\d-\d\d|[a-g]|[A-Z]|\d+|end|[@+$]?[A-Z]?_?[a-g][1-7]([-/>][a-g1-7][1-7A-Z]?)?"
)
_SPLIT = re.compile(r"[\s.,:;()·+=×…?!\"'“”|–—*]+")


def outside_brackets(texts: Iterable[str]) -> list[str]:
    """The words of ``texts`` outside ⟦ ⟧ that are not a name, notation or a number."""
    out: list[str] = []
    for text in texts:
        rest = text
        while _BRACKETS.search(rest):
            rest = _BRACKETS.sub(" ", rest)
        out.extend(t for t in _SPLIT.split(rest) if t.strip("-") and not _ALLOWED.fullmatch(t.strip("-")))
    return out
