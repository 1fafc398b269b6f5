"""Counts are phrased with each language's plural forms (issue 13): Polish
has three (1 wielbłąd, 2-4 wielbłądy, 5 wielbłądów; 12-14 take the third,
22-24 the second), French counts 0 as singular."""

from __future__ import annotations

import gettext

import pytest

from caravan.words import Words
from tests.translations import compiled, po_path, read_po

# n -> the Polish form: n==1 ? 0 : n%10 in 2..4 and n%100 not in 12..14 ? 1 : 2, written out.
POLISH_FORM = {0: 2, 1: 0, 2: 1, 4: 1, 5: 2, 12: 2, 14: 2, 21: 2, 22: 1, 25: 2, 112: 2}


def _forms(lang: str, msgid: str) -> list[str]:
    for e in read_po(po_path(lang).read_text(encoding="utf-8")):
        if e.msgid == msgid and e.plural is not None:
            return e.msgstr
    raise AssertionError(f"{msgid!r} is not a plural message of the {lang} catalogue")


@pytest.mark.parametrize("n", sorted(POLISH_FORM))
def test_polish_counts_take_the_form_of_their_number(n: int) -> None:
    forms = _forms("pl", "{n} camel")
    assert len(set(forms)) == 3 and all(forms), "the Polish catalogue needs the three forms of {n} camel"
    words = Words(compiled("pl"))
    assert words.ngettext("{n} camel", "{n} camels", n=n) == forms[POLISH_FORM[n]].format(n=n)


def test_polish_forms_differ_where_english_has_one_plural() -> None:
    words = Words(compiled("pl"))
    said = {n: words.ngettext("{n} camel", "{n} camels", n=n) for n in (2, 5, 22, 25)}
    assert said[2].removeprefix("2") == said[22].removeprefix("22")  # same form: 2 and 22
    assert said[5].removeprefix("5") == said[25].removeprefix("25")  # same form: 5 and 25
    assert said[2].removeprefix("2") != said[5].removeprefix("5")


def test_english_says_one_camel_and_zero_camels() -> None:
    words = Words(gettext.NullTranslations())
    assert [words.ngettext("{n} camel", "{n} camels", n=n) for n in (0, 1, 2)] == [
        "0 camels",
        "1 camel",
        "2 camels",
    ]


def test_french_counts_zero_as_singular() -> None:
    french = compiled("fr")
    assert french.plural(0) == french.plural(1) == 0 and french.plural(2) == 1  # type: ignore[attr-defined]


def test_a_large_number_takes_the_languages_thousands_separator() -> None:
    assert Words(gettext.NullTranslations()).number(10000) == "10,000"
    assert Words(gettext.NullTranslations()).number(999) == "999"
