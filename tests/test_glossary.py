"""The words a native speaker reads (issue 28): every catalogue and every
translated doc keeps to its language's glossary (caravan/locale/glossary.toml:
the rulebook's terms and the chosen ones), French puts its non-breaking space
before ; : ! ?, and the rules and how-to-play the page shows speak to players,
not to programmers."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from tests.translations import LANGUAGES, po_path, read_po

ROOT = Path(__file__).resolve().parent.parent
GLOSSARY = tomllib.loads((ROOT / "caravan" / "locale" / "glossary.toml").read_text(encoding="utf-8"))
DOCS = ("RULES", "HOWTO")


def _messages(lang: str) -> list[tuple[str, str]]:
    """(the English, one translated form) for every form of every message."""
    entries = read_po(po_path(lang).read_text(encoding="utf-8"))
    return [(e.msgid, s) for e in entries if e.msgid for s in e.msgstr]


def _doc_lines(lang: str) -> list[tuple[str, str]]:
    """(where, line) for every line of the language's rules and how-to-play."""
    out = []
    for doc in DOCS:
        path = ROOT / "docs" / "rules" / f"{doc}.{lang}.md"
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            out.append((f"{path.name}:{number}", line))
    return out


def _word(pattern: str) -> re.Pattern[str]:
    return re.compile(rf"(?<!\w)(?:{pattern})(?!\w)", re.IGNORECASE)


def test_the_glossary_has_every_language_and_valid_patterns() -> None:
    assert set(GLOSSARY) == set(LANGUAGES)
    for lang, terms in GLOSSARY.items():
        for t in terms:
            assert set(t) <= {"term", "use", "avoid", "only", "unless", "why"}, (lang, t)
            assert t.get("only", "docs") == "docs", (lang, t)
            for p in [t.get("use", ""), *t.get("avoid", [])]:
                _word(p)  # compiles


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_translation_keeps_to_its_glossary(lang: str) -> None:
    """The rulebook's word, never a variant: in every msgstr and every line of
    docs/rules/*.<lang>.md (the catalogue and the docs say "espacio", never
    "casilla"; "vak", never "veld")."""
    messages, lines = _messages(lang), _doc_lines(lang)
    wrong, unused = [], []
    for t in GLOSSARY[lang]:
        places = lines if t.get("only") == "docs" else [*messages, *lines]
        if "unless" in t:
            places = [
                (where, text) for where, text in places if not re.search(t["unless"], text, re.IGNORECASE)
            ]
        for pattern in t.get("avoid", []):
            found = _word(pattern)
            wrong += [
                f"{t['term']}: {pattern!r} in {where[:60]!r}: {text!r}"
                for where, text in places
                if found.search(text)
            ]
        if "use" in t:
            use = _word(t["use"])
            if not any(use.search(text) for _, text in [*messages, *lines]):
                unused.append(f"{t['term']}: {t['use']!r}")
    assert not wrong, "\n".join(wrong)
    assert not unused, "glossary terms no translation uses:\n" + "\n".join(unused)


# A ; : ! ? that ends a word and is not preceded by a (narrow) no-break space.
_FRENCH_PUNCT = re.compile(r"(?<![\u00a0\u202f])[;:!?](?=\s|$|[»)\"'])")


def _without_code(text: str) -> str:
    """The text without `code`, URLs and notation (@d4, Sd4>d5), which keep their own punctuation."""
    return re.sub(r"`[^`]*`|https?://\S+|\{[^}]*\}", "", text)


def test_french_has_a_no_break_space_before_double_punctuation() -> None:
    """French typography: « Touches : … ; … ! » with a no-break space (U+00A0 or
    U+202F) before ; : ! ? in every message and in the French docs, so a line
    never starts with the colon on a phone."""
    texts = [(msgid[:50], s) for msgid, s in _messages("fr")]
    in_code = False
    for where, line in _doc_lines("fr"):
        if line.startswith("```"):
            in_code = not in_code
        elif not in_code:
            texts.append((where, line))
    wrong = [f"{where!r}: {text!r}" for where, text in texts if _FRENCH_PUNCT.search(_without_code(text))]
    assert not wrong, f"{len(wrong)} French texts lack a no-break space:\n" + "\n".join(wrong)


# What a programmer's text says and a player's does not: files, code, tests.
_PROGRAMMERS = {
    "en": r"code|tests?|\w+\.(md|py)|caravan/",
    "es": r"código|pruebas|\w+\.(md|py)|caravan/",
    "fr": r"code|tests?|\w+\.(md|py)|caravan/",
    "pl": r"kod|testy|\w+\.(md|py)|caravan/",
    "nl": r"code|tests?|\w+\.(md|py)|caravan/",
}


@pytest.mark.parametrize("lang", ("en", *LANGUAGES))
def test_the_rules_and_how_to_play_are_a_players_text(lang: str) -> None:
    """The page shows docs/RULES.md, docs/HOWTO.md and their translations as its
    rules reference and How to play (web/words/rulesdoc.py): no sentence about
    code, tests or file names."""
    from web.words.rulesdoc import DOCS as SHOWN
    from web.words.rulesdoc import doc_path

    found = _word(_PROGRAMMERS[lang])
    wrong = []
    for doc in SHOWN:
        path = ROOT / doc_path(doc, lang)
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            link_target = re.sub(r"\]\([^)]*\)", "]", line)  # a link's target is dropped on the page
            if found.search(link_target):
                wrong.append(f"{path.name}:{number}: {line}")
    assert not wrong, "\n".join(wrong)
