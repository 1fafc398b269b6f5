"""The gettext catalogues (caravan/locale): in step with the code, complete,
and faithful to each message's placeholders and plural forms (issue 13)."""

from __future__ import annotations

from pathlib import Path
from string import Formatter

import pytest

from caravan.words import CITY_FORMS, GOOD_FORMS
from tests.translations import LANGUAGES, POT, extract, po_path, read_po
from tools.i18n import Entry

pytest.importorskip("babel", reason="extracting the messages needs Babel (requirements-dev.txt)")

# The plural rules each catalogue must carry, and how many forms they have.
PLURALS = {
    "es": ("nplurals=2; plural=(n != 1);", 2),
    "fr": ("nplurals=2; plural=(n > 1);", 2),
    "pl": ("nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);", 3),
    "nl": ("nplurals=2; plural=(n != 1);", 2),
}
# Fields whose form a translation may choose (caravan/words.py: {good:acc}, {city:to}).
FORMS = {"good": {spec for spec, _ in GOOD_FORMS}, "city": {spec for spec, _ in CITY_FORMS}}


def _key(e: Entry) -> tuple[str | None, str, str | None]:
    return e.context, e.msgid, e.plural


def _entries(path: Path) -> list[Entry]:
    return [e for e in read_po(path.read_text(encoding="utf-8")) if e.msgid]


def _header(path: Path) -> str:
    head = read_po(path.read_text(encoding="utf-8"))[0]
    assert head.msgid == ""
    return head.msgstr[0]


@pytest.fixture(scope="module")
def extracted(tmp_path_factory: pytest.TempPathFactory) -> list[Entry]:
    """The messages the code uses now, extracted to a temporary .pot."""
    return _entries(extract(tmp_path_factory.mktemp("pot") / "caravan.pot"))


def _fields(text: str) -> dict[str, str]:
    """A str.format template's fields: name -> format spec."""
    return {name: spec or "" for _, name, spec, _ in Formatter().parse(text) if name is not None}


def test_the_template_holds_exactly_the_messages_the_code_uses(extracted: list[Entry]) -> None:
    assert len(extracted) > 400, "the extraction found almost nothing: the keyword list is broken"
    in_pot = {_key(e) for e in _entries(POT)}
    used = {_key(e) for e in extracted}
    assert sorted(used - in_pot, key=str) == [], "run: python tools/i18n.py extract update"
    assert sorted(in_pot - used, key=str) == [], "messages the code no longer uses"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_catalogue_holds_every_message_the_code_uses_and_no_other(
    lang: str, extracted: list[Entry]
) -> None:
    entries = _entries(po_path(lang))
    keys = [_key(e) for e in entries if not e.obsolete]
    used = {_key(e) for e in extracted}
    assert sorted(used - set(keys), key=str) == []
    assert sorted(set(keys) - used, key=str) == []
    assert len(keys) == len(set(keys))
    assert [e.msgid for e in entries if e.obsolete] == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_entry_is_fuzzy(lang: str) -> None:
    assert [e.msgid for e in _entries(po_path(lang)) if "fuzzy" in e.flags] == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_plural_forms_are_the_languages_and_complete(lang: str) -> None:
    rule, count = PLURALS[lang]
    assert f"Plural-Forms: {rule}\n" in _header(po_path(lang))
    assert f"Language: {lang}\n" in _header(po_path(lang))
    for e in _entries(po_path(lang)):
        assert len(e.msgstr) == (count if e.plural is not None else 1), e.msgid


def _plural_zero_is_form_zero(lang: str) -> bool:
    return lang == "fr"  # n > 1: French counts 0 as singular


@pytest.mark.parametrize("lang", LANGUAGES)
def test_translations_keep_the_placeholders_of_the_english(lang: str) -> None:
    """Every field of the English is in each translation and no other: a good's or
    a city's field may take another grammatical form ({good:acc}), and the
    singular of a plural may leave out {n} only where it is used for n == 1 alone."""
    problems = []
    for e in _entries(po_path(lang)):
        english = _fields(e.msgid) | (_fields(e.plural) if e.plural else {})
        for i, text in enumerate(e.msgstr):
            if not text:
                continue
            try:
                got = _fields(text)
            except ValueError as err:
                problems.append((e.msgid, i, f"not a str.format template: {err}"))
                continue
            need = set(english)
            if e.plural is not None and i == 0 and not _plural_zero_is_form_zero(lang):
                need.discard("n")  # this form is for n == 1 alone: "a camel" may say it in words
            if not need <= set(got) <= set(english):
                problems.append((e.msgid, i, f"fields {sorted(got)}, expected {sorted(need)}"))
            for name, spec in got.items():
                allowed = FORMS.get(name, set()) | {english.get(name, ""), ""}  # "{max}" may drop ","
                if spec not in allowed:
                    problems.append((e.msgid, i, f"{{{name}:{spec}}} is not a form of {name}"))
    assert problems == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_is_translated(lang: str) -> None:
    """Fails until the translators are done (their .po files)."""
    missing = [e.msgid for e in _entries(po_path(lang)) if not all(e.msgstr)]
    assert missing == []


def test_the_pseudo_language_covers_every_message() -> None:
    from tests.translations import pseudo

    t = pseudo()
    for e in _entries(POT):
        text = t.pgettext(e.context, e.msgid) if e.context else t.gettext(e.msgid)
        if e.context != "number":
            assert text.startswith("⟦") and text.endswith("⟧"), e.msgid
            assert _fields(text).keys() == _fields(e.msgid).keys()
