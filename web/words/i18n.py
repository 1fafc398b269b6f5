"""The page's language: every text it shows goes through the functions here.

Messages are English (the msgid) marked for the gettext catalogue
(``caravan/locale``, extracted by tools/i18n.py): ``_("Undo")``,
``ngettext("{n} camel", "{n} camels", n=3)``, ``pgettext("button", "Back")``;
their ``str.format`` fields are filled after translation. The game's own
words (events, actions, refusals, goods, cities) are phrased by
``caravan.words.Words``, shared with the terminal; ``words()`` is the one
for the language shown. ``use`` switches language (a translations object
from the catalogue's ``.mo``, or None for English). Player names and
numbers are always parameters, never messages.
"""

from __future__ import annotations

import contextlib
import gettext
from collections.abc import Iterator

from caravan.words import Translations, Words

_words = Words(gettext.NullTranslations())
_lang = "en"


def words() -> Words:
    """The game's words in the language shown."""
    return _words


def lang() -> str:
    """The language shown, as its primary subtag ("en", "pl")."""
    return _lang


def use(translations: Translations | None, code: str = "en") -> None:
    """Show the page in ``code``, whose catalogue is ``translations`` (None: English)."""
    global _words, _lang
    _words = Words(translations if translations is not None else gettext.NullTranslations())
    _lang = code


@contextlib.contextmanager
def kept() -> Iterator[None]:
    """The language shown, as it is now, shown again after the block: a
    scratch app that sets its own (web/worker/warmup.py) leaves the player's."""
    global _words, _lang
    saved = _words, _lang
    try:
        yield
    finally:
        _words, _lang = saved


def _(message: str, /, **params: object) -> str:
    """``message`` in the language shown, its fields filled from ``params``."""
    return _words._(message, **params)


def ngettext(singular: str, plural: str, /, n: int, **params: object) -> str:
    """The form for the count ``n`` in the language shown, ``{n}`` and ``params`` filled."""
    return _words.ngettext(singular, plural, n=n, **params)


def pgettext(context: str, message: str, /, **params: object) -> str:
    """``message`` in ``context`` (one English word that needs two translations)."""
    return _words.pgettext(context, message, **params)


def N_(message: str) -> str:
    """Marks ``message`` for the catalogue where it is defined; ``_`` translates it where used."""
    return message


def capital(text: str) -> str:
    """``text`` with its first letter upper-cased: a label that starts with a
    parameter (a good's name, an action's words) still reads as a sentence."""
    return text[:1].upper() + text[1:]
