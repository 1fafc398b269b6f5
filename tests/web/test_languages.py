"""The page in another language (issue 13): switching at once keeps the game
and the selection and phrases the log again; the game's words come from the
catalogue; nothing on a screen escapes translation (the pseudo-language)."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from typing import cast

import pytest

from caravan import Game, Good
from caravan.board import parse_square
from tests.translations import Catalogue, compiled, outside_brackets, pseudo
from tests.web.saving import make_app, play
from web.app.app import App
from web.app.panels import delivered_goods
from web.board.squareinfo import square_text
from web.words import i18n

PLACED = "{name} placed a camel on {to} ({cost})"
_TAG = re.compile(r"<(script|style|title|code)\b.*?</\1>|<[^>]*>", re.S)


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.use(None)


def _started() -> App:
    app = App(seed=6)
    app.autostart(2)
    return app


def _leftovers(markup: str) -> list[str]:
    """Words a screen's markup shows outside ⟦ ⟧, not names, notation or numbers."""
    texts = [
        html.unescape(c) for c in _TAG.split(markup) if c and c not in ("script", "style", "title", "code")
    ]
    return outside_brackets(texts)


def test_switching_language_keeps_the_game_and_the_selection_and_rephrases_the_log() -> None:
    app = _started()
    for text in ("@d4", "end", "@c5"):
        app.act(text)
    app.select("supply")
    before = app.view()
    assert "Player 2 placed a camel on c5 (1 action)" in before.markup
    app.set_language("xx", Catalogue({PLACED: "{name} a posé un chameau en {to} ({cost})"}))
    after = app.view()
    assert after.record == before.record and after.seat == before.seat and after.left == before.left
    assert (
        'data-select="supply"' in after.markup
        and "selected" in after.markup.split('data-select="supply"')[0][-200:]
    )
    assert "Player 2 a posé un chameau en c5 (1 action)" in after.markup
    assert "Player 2 placed a camel" not in after.markup
    assert app.language == "xx"
    app.set_language("en")
    assert "Player 2 placed a camel on c5 (1 action)" in app.view().markup


def test_an_unknown_language_is_english() -> None:
    app = _started()
    app.set_language("de")
    assert app.language == "en"
    assert "Actions left: 1 of 1" in app.view().markup


def test_default_names_are_said_in_the_language_shown_and_typed_names_stay() -> None:
    app = App(seed=1)
    app.change_form({"names": ["Ann", ""]})
    app.set_language("xx", Catalogue({"Player {n}": "Gracz {n}"}))
    assert 'value="Ann"' in app.view().markup and 'placeholder="Gracz 2"' in app.view().markup
    app.submit_form({"names": ["Ann", ""]})
    assert app.game is not None and app.game.options.players[1].name is None  # stored as no name
    assert "Gracz 2" in app.view().markup and "Player 2" not in app.view().markup


def test_the_history_view_is_phrased_again_at_the_same_step() -> None:
    app = _started()
    for text in ("@d4", "end", "@c5"):
        app.act(text)
    assert app.game is not None
    app.show_history()
    app.history_go(-1)
    app.set_language("xx", Catalogue({PLACED: "{name} a posé un chameau en {to} ({cost})"}))
    assert app.hist.history is not None and app.hist.history.pos == 2
    assert "Player 1 a posé un chameau en d4" in app.view().markup


def test_in_the_pseudo_language_no_screen_shows_text_outside_the_brackets() -> None:
    """Every text of the page goes through the catalogue (names and notation excepted):
    the new-game form, the game with a source selected, the end-turn question,
    the saved games, the history, the share dialog and game over."""
    app, _storage = make_app(seed=6)
    app.set_language("xx", pseudo())
    screens = {"new game": app.view().markup}
    app.autostart(2)
    app.act("@d4")
    app.act("end")
    app.act("@c5")
    app.select("supply")
    screens["game, a source selected"] = app.view().markup
    app.act("end")  # actions left: the question first (R6)
    screens["end-turn question"] = app.view().markup
    app.confirm_end(False)
    app.show_saved()
    screens["saved games"] = app.view().markup
    app.close_saved()
    app.show_history()
    app.history_go(-1)
    screens["history"] = app.view().markup
    app.close_history()
    app.open_share()
    screens["share"] = app.view().markup
    app.close_share()
    play(app, 2000, seed=6)
    assert app.game is not None and app.game.is_over()
    screens["game over"] = app.view().markup
    screens["header"] = app.view().header
    app.open_rules("R7")
    # The reference's own words; its text is each language's rulebook (docs/rules/), not the catalogue's.
    rules = app.view().rules
    screens["rules reference"] = rules[: rules.index('<div class="rules-body"')]
    for name, markup in screens.items():
        assert _leftovers(markup) == [], name


class _Delivered:
    """A game whose only use here is what one seat delivered (R15's count per good)."""

    def deliveries(self, seat: int) -> dict[Good, int]:
        return {Good.SALT: 2, Good.IVORY: 1}


def test_the_delivered_goods_cell_and_a_squares_text_are_the_catalogues() -> None:
    """A count is no longer glued to a good's name ("2 sól"), nor ": " and "; " to a square's
    things (French wants a space before the colon)."""
    i18n.use(compiled("pl"), "pl")
    cell = html.unescape(re.sub(r"<[^>]+>", " ", delivered_goods(cast(Game, _Delivered()), 0)))
    assert "sól: 2" in cell and "2 sól" not in cell
    i18n.use(compiled("fr"), "fr")
    app = _started()
    app.act("@d4")
    text = square_text(app.current.game, parse_square("d4"))  # type: ignore[arg-type]
    assert text.startswith("d4\u00a0: ") and "chameau" in text, text
