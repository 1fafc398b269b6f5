"""The terminal game in another language (issue 13): ``--lang``, else the
environment's locale, else English; a whole game in Polish, plurals right."""

from __future__ import annotations

import io

import pytest

from caravan import catalogues
from caravan.terminal import main, terminal_words
from tests.test_plurals import POLISH_FORM
from tests.translations import po_path, read_po
from tools import i18n


@pytest.fixture(autouse=True, scope="module")
def built() -> None:
    """The .mo files the terminal reads (make catalogues; build outputs, not in git)."""
    i18n.compile_all()


@pytest.mark.parametrize(
    ("environ", "lang"),
    [
        ({"LANGUAGE": "pl:en", "LANG": "fr_FR.UTF-8"}, "pl"),  # LANGUAGE first, as gettext reads it
        ({"LANGUAGE": "de:nl_BE"}, "nl"),  # the first of the list the game speaks
        ({"LC_ALL": "es_ES.UTF-8", "LANG": "fr_FR.UTF-8"}, "es"),
        ({"LC_MESSAGES": "fr_CA.UTF-8", "LANG": "pl_PL.UTF-8"}, "fr"),
        ({"LANG": "pl_PL.UTF-8"}, "pl"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_the_environments_locale_picks_the_language(environ: dict[str, str], lang: str) -> None:
    assert catalogues.from_environment(environ) == lang


def test_lang_overrides_the_environment() -> None:
    words = terminal_words("en", {"LANG": "pl_PL.UTF-8"})
    assert words.cost(2) == "2 actions"


def test_a_language_the_game_does_not_speak_is_refused_by_the_command_line() -> None:
    with pytest.raises(SystemExit):
        main(["--lang", "de"], io.StringIO(""), io.StringIO())


def _polish(msgid: str) -> list[str]:
    for e in read_po(po_path("pl").read_text(encoding="utf-8")):
        if e.msgid == msgid:
            return e.msgstr
    raise AssertionError(msgid)


def test_a_whole_game_in_polish_between_two_bots_with_the_right_plurals() -> None:
    out = io.StringIO()
    argv = ["--lang", "pl", "--players", "Ann,Bob", "--bot", "1=courier", "--bot", "2=courier", "--seed", "4"]
    assert main(argv, io.StringIO(""), out) == 0
    text = out.getvalue()
    goodbye = _polish("Goodbye.")[0]
    assert goodbye and text.rstrip().endswith(goodbye)
    # The status line after each turn: "Turn 3: ... 3 actions left | bag: 40 goods | ..." (R5)
    left = _polish("{n} action left")
    for n, form in ((1, 0), (2, 1), (3, 1), (4, 1)):  # 1 akcja, 2-4 akcje
        assert left[form].format(n=n) in text, n
    bag = _polish("bag: {n} good")
    assert bag[POLISH_FORM[0]].format(n=0) in text  # the bag runs out before the end (R14)
    for english in ("Goodbye.", " to play", "ended the turn", "actions left", "bag: "):
        assert english not in text, english
