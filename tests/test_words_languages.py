"""The game's words in each language where code, not the catalogue, used to
decide (issue 13 follow-up, the translators' notes): numbers in a
language's digits, a city's own short label, a seat's bot strength and the
terminal's list of legal squares said by the catalogue."""

from __future__ import annotations

import gettext
import io

import pytest

from caravan.board import CITY_NAMES
from caravan.errors import OptionsError, PositionError
from caravan.game import Game
from caravan.options import Options
from caravan.position import parse_position
from caravan.refusals import Refusal
from caravan.terminal import main
from caravan.text import city_label
from caravan.words import CITY_SHORT, Words
from tests.translations import compiled

NNBSP, NBSP = "\u202f", "\u00a0"
GROUPED = {"es": "10.000", "fr": f"10{NNBSP}000", "pl": f"10{NBSP}000", "nl": "10.000"}


@pytest.mark.parametrize("lang", sorted(GROUPED))
def test_a_refusals_limit_is_written_in_the_languages_digits(lang: str) -> None:
    w = Words(compiled(lang))
    refusal = Refusal("link_game_too_long", max=10_000)
    said = w.refusal(refusal)
    assert GROUPED[lang] in said and "10,000" not in said, said
    assert str(refusal) == "this game is too long to share as a link (over 10,000 actions)"  # English stays


@pytest.mark.parametrize("lang", sorted(GROUPED))
def test_a_record_turn_limit_refusal_is_all_in_the_language(lang: str) -> None:
    """I10: the limit and the maximum in the language's digits; "billions of" is the catalogue's."""
    w = Words(compiled(lang))
    said = w.refusal(Refusal("record_turn_limit", limit=12_345, max=10_000))
    assert GROUPED[lang] in said and "12,345" not in said, said
    huge = Refusal("record_turn_limit_huge", max=10_000)
    assert "billions" in str(huge)
    assert "billions" not in w.refusal(huge) and GROUPED[lang] in w.refusal(huge)


def test_a_number_in_a_sentence_is_grouped_and_a_small_one_is_not() -> None:
    w = Words(compiled("pl"))
    assert w._("Saved the game to {path}.", path=1234).endswith(f"1{NBSP}234.")
    assert w.ngettext("{n} camel", "{n} camels", n=5) == "5 wielbłądów"


@pytest.mark.parametrize("lang", ["en", "es", "fr", "pl", "nl"])
def test_every_citys_short_label_is_its_own_three_letters_never_an_article(lang: str) -> None:
    """R12's city label ("Mar:I"): "El Cairo" and "Le Caire" do not become "El" and "Le"."""
    w = Words(compiled(lang)) if lang != "en" else Words(gettext.NullTranslations())
    for square in CITY_NAMES:
        short = w.city_short(square)
        assert len(short) == 3 and " " not in short, (lang, short)
        assert city_label(square, w).startswith(f"{short}:")
    assert len(CITY_SHORT) == len(CITY_NAMES)
    cairo = next(sq for sq, name in CITY_NAMES.items() if name == "Cairo")
    assert w.city_short(cairo) in {"Cai", "Kai"}


def test_a_bot_seats_strength_and_the_legal_squares_are_said_in_the_language() -> None:
    """The terminal: "2 Bob (noir, bot difficile)" and "1 action : c5 d4" (French wants the
    space before the colon) rather than English or a glued separator."""
    pl = Words(compiled("pl"))
    assert pl.strength_word("hard") == "trudny" and pl.strength_word("mine") == "mine"
    out = io.StringIO()
    argv = ["--lang", "fr", "--players", "Ann,Bob", "--bot", "2=hard", "--seed", "4"]
    main(argv, io.StringIO("legal\nquit\nn\n\n"), out)
    text = out.getvalue()
    assert "bot difficile" in text and "bot hard" not in text
    assert f"  1{NBSP}action{NBSP}: " in text and "  1 action: " not in text


def test_a_phrase_inside_a_refusal_is_said_in_the_language_too() -> None:
    """A position's field ("the turn number") and an option's name ("casual") are messages
    of their own: a Polish refusal holds no English phrase."""
    fields = Game(Options(), seed=1).position().split(" ")
    fields[-3] = "x"  # the turn number (docs/POSITION.md)
    with pytest.raises(PositionError) as position:
        parse_position(" ".join(fields))
    with pytest.raises(OptionsError) as options:
        Options(casual="yes")  # type: ignore[arg-type]
    pl = Words(compiled("pl"))
    for refusal, english, polish in (
        (position.value.refusal, "the turn number", "numer tury"),
        (options.value.refusal, "casual", "wariant swobodny"),
    ):
        assert refusal is not None and english in str(refusal)
        said = pl.refusal(refusal)
        assert polish in said and english not in said, said
