"""The translations of the game's text: gettext catalogues, read with the standard library.

The catalogues are ``caravan/locale/<lang>/LC_MESSAGES/caravan.po`` (English
is the source: every msgid is the English text), compiled to ``.mo`` beside
them at build time (tools/i18n.py; ``make`` does it for the terminal and
the tests, tools/build.py for the page's bundle). ``translations(lang)``
reads one with ``gettext.GNUTranslations`` from its bytes, read by this
package's own loader (``get_data``: a folder, an installed package, or the
page's app zip, without importing ``zipfile`` or ``importlib.resources``);
English, a language without a compiled catalogue, or none asked for get
``gettext.NullTranslations`` (the English msgids).
"""

from __future__ import annotations

import gettext
import io
import os
from collections.abc import Mapping

from .words import DOMAIN, LANGUAGES

__all__ = ["LANGUAGES", "from_environment", "mo_bytes", "pick", "translations"]


def mo_bytes(lang: str) -> bytes | None:
    """The compiled catalogue of ``lang``, or None if it is not built (or English)."""
    if lang not in LANGUAGES or lang == "en":
        return None
    path = os.path.join(os.path.dirname(__file__), "locale", lang, "LC_MESSAGES", f"{DOMAIN}.mo")
    get_data = getattr(__spec__.loader, "get_data", None)
    if get_data is None:
        return None
    try:
        data = get_data(path)
    except OSError:
        return None
    return bytes(data)


def translations(lang: str | None) -> gettext.NullTranslations:
    """The translations of ``lang`` (a primary subtag, "pl"): English when there are none."""
    data = mo_bytes(lang) if lang else None
    if data is None:
        return gettext.NullTranslations()
    return gettext.GNUTranslations(io.BytesIO(data))


def pick(tags: list[str] | tuple[str, ...]) -> str:
    """The first of ``tags`` (language tags or locale names: "pl-PL", "fr_FR.UTF-8")
    that is one of the game's languages, by primary subtag; else English."""
    for tag in tags:
        primary = tag.replace("_", "-").split("-")[0].split(".")[0].lower()
        if primary in LANGUAGES:
            return primary
    return "en"


def from_environment(environ: Mapping[str, str]) -> str:
    """The language the environment asks for, as gettext reads it: the first
    of LANGUAGE (a colon-separated list), LC_ALL, LC_MESSAGES, LANG that is
    set; of that, the first entry that is one of the game's languages.
    "C" and "POSIX" mean English."""
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(var, "")
        if value:
            if var == "LANGUAGE":
                return pick(value.split(":"))
            return pick([value])
    return "en"
