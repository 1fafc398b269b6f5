"""The front page, the first action and the game-over screen as a player
reads them (issue 14, "A game that looks finished"), through App as main.py
drives it, and the bundle's first paint (tools/prerender.py)."""

from __future__ import annotations

import gettext
import io
import random
import re
from html import unescape
from html.parser import HTMLParser

from caravan import city_wants
from caravan.board import SIZE, SQUARE_NAMES
from caravan.game import Game
from caravan.options import BOT_STRENGTHS, Options, default_players
from caravan.playout import courier_action
from tests.positions import blank, camel
from tests.web.saving import make_app
from tools import i18n as catalogues
from tools import prerender
from tools.build import _with_front_pages
from web.app.app import App, header_markup
from web.app.newgame import QUICK_BOT, VARIANT_WHY, VARIANTS
from web.app.newgame_screen import PICTURE_ACTIONS
from web.board.palette import player_hex
from web.words import i18n


def _front(markup: str) -> str:
    m = re.search(r'<div class="front">.*', markup, re.S)
    assert m is not None, "no front page"
    return m[0]


def _text(markup: str) -> str:
    return unescape(re.sub(r"<[^>]+>", " ", markup))


def _board(markup: str) -> str:
    """The game's ``svg#board`` element (it holds no other svg)."""
    start = markup.index('<svg id="board"')
    return markup[start : markup.index("</svg>", start)]


def _picture(markup: str) -> str:
    m = re.search(r'<svg class="front-board[^"]*".*?</svg>', markup, re.S)
    assert m is not None, "no drawing of the board"
    return m[0]


def test_the_front_page_says_what_the_game_is_beside_a_drawing_of_its_board() -> None:
    app, _ = make_app()
    app.boot()
    assert app.screen == "new-game"
    front = _front(app.view().markup)
    text = _text(front)
    assert "Joe Huber's board game of camels and goods" in text
    assert "deliver them to the cities that want them" in text
    picture = _picture(front)
    # Drawn by the board's own code from the engine's layout: 49 spaces, each city named.
    assert len(re.findall(r'class="cell (?:light|dark|city)"', picture)) == SIZE * SIZE
    cities = [sq for sq in range(SIZE * SIZE) if city_wants(sq) is not None]
    assert len(cities) == 8
    for square in cities:
        assert i18n.words().city(square) in picture
    # A picture: no board of the contract (tests, screen readers), nothing to press.
    assert 'aria-hidden="true"' in picture.split(">", 1)[0]
    for attr in ('id="board"', "data-square=", "data-action=", "data-select=", 'role="button"', "<title>"):
        assert attr not in picture
    # It shows a few turns in (R3-R5, R8): camels on the board, one of them laden.
    assert len(PICTURE_ACTIONS) > 4 and picture.count('class="camel"') >= 4


def test_each_seat_shows_its_camel_in_colour_and_pattern_and_who_plays_it() -> None:
    app, _ = make_app()
    app.boot()
    app.change_form({"count": "4", "colours": ["red", "teal", "white", "black"], "types": ["human", "hard"]})
    front = _front(app.view().markup)
    seats = re.findall(r'<li class="seat">(.*?)</li>', front, re.S)
    assert len(seats) == 4
    for i, (seat, colour) in enumerate(zip(seats, ["red", "teal", "white", "black"], strict=True)):
        swatch = re.search(r'<svg class="seat-swatch.*?</svg>', seat, re.S)
        assert swatch is not None, f"seat {i} has no camel drawn"
        assert f'fill="{player_hex(colour)}"' in swatch[0]
        if i:  # seats 2-4 carry a pattern beside the colour (web/board/palette.py SEAT_PATTERNS)
            assert f'fill="url(#swatch-{i})"' in swatch[0] and f'id="swatch-{i}"' in swatch[0]
        chosen = re.search(r'data-seat-type="\d"[^>]*>.*?<option value="(\w+)" selected', seat, re.S)
        assert chosen is not None and chosen[1] == ("hard" if i == 1 else "human")
    # A colour chosen on the form is drawn again with the focus kept on its select.
    app.change_form({"colours": ["blue"]}, '[data-player-colour="0"]')
    view = app.view()
    assert view.focus == '[data-player-colour="0"]'
    assert f'fill="{player_hex("blue")}"' in re.findall(r'<li class="seat">(.*?)</li>', view.markup, re.S)[0]


def test_every_variant_is_explained_in_a_line_that_cites_its_rule() -> None:
    app, _ = make_app()
    app.boot()
    text = _text(_front(app.view().markup))
    assert set(VARIANTS) == set(VARIANT_WHY) == {"casual", "short"}
    for flag in VARIANTS:
        said = _text(VARIANT_WHY[flag])
        words = said.split("(")[0].strip()
        assert words in text
    assert "(R1)" in VARIANT_WHY["casual"] and "(R2)" in VARIANT_WHY["short"]


def test_play_starts_the_form_and_play_against_the_computer_an_easy_bot_in_a_short_game() -> None:
    app, _ = make_app()
    app.boot()
    markup = app.view().markup
    assert re.search(r'id="start-game"[^>]*>Play<', markup)
    assert re.search(r'id="play-computer"[^>]*>Play against the computer<', markup)
    assert markup.index('id="play-computer"') < markup.index('id="player-count"')  # the quickest way first
    app.quick_game({"names": ["Ann", None, None, None]})
    game = app.game
    assert app.screen == "game" and game is not None
    assert [p.bot for p in game.options.players] == [None, QUICK_BOT]
    assert QUICK_BOT in BOT_STRENGTHS and game.options.short and not game.options.casual
    assert game.options.players[0].name == "Ann"
    assert game.options.players[0].colour != game.options.players[1].colour
    # The form keeps what it had: two humans, no variant.
    app.new_game()
    assert 'id="short" checked' not in app.view().markup


def test_r3_r5_with_no_camel_on_the_board_the_placements_are_shown_and_said() -> None:
    app, _ = make_app(seed=7)
    app.autostart(2)
    game = app.game
    assert game is not None and not game.seat_camels(game.seat)
    markup = app.view().markup
    help_text = re.search(r'<p id="select-help" class="prompt">([^<]*)</p>', markup)
    assert help_text is not None
    assert unescape(help_text[1]).startswith("You have no camel on the board yet: place one")
    # The board shows exactly the engine's placements, before "Place a camel" is pressed;
    # a click plays one; the board stays one tab stop (a roving tab index, web/board/keynav.py).
    placements = {str(a) for a in game.legal_actions() if str(a).startswith("@")}
    board = _board(markup)
    shown = set(re.findall(r'data-action="(@[a-g]\d)"', board))
    assert shown == placements and len(shown) > 1
    assert board.count('tabindex="0"') == 1 and board.count('tabindex="-1"') == len(placements) - 1
    assert app.view().focus == '[data-select="supply"]'
    first = sorted(placements)[0]
    app.act(first)  # straight from the board, the supply never pressed
    assert app.game is not None and [str(h.action) for h in app.game.history] == [first]


# Seat 0 to play, 2 actions left, its one camel on g7 carrying swords: by the
# engine's legal actions it can only place another (R7-R9; found by courier
# play, seed 0, six actions in).
ONLY_PLACING = "2 a1S*1/g1S*1/e2:2M/b3G/f5S/c6W/a7S*1/g7:1W *1$1/*0$1 I3C3G2P3M8W7S5H9 1 2 3 - -"


def test_r7_placing_as_the_only_kind_of_action_left_is_said_and_shown_too() -> None:
    game = Game.from_position(ONLY_PLACING)
    assert game.seat_camels(game.seat), "the player has a camel on the board"
    app, _ = make_app()
    app.resume(game)
    assert set(app.sel.sources) == {"supply"}  # the engine's word, not the page's
    markup = app.view().markup
    help_text = re.search(r'<p id="select-help" class="prompt">([^<]*)</p>', markup)
    assert help_text is not None
    said = unescape(help_text[1])
    assert said == "Placing a camel is all you can do now: the highlighted spaces show where."
    shown = set(re.findall(r'data-action="(@[a-g]\d)"', _board(markup)))
    assert shown == {str(a) for a in game.legal_actions() if str(a).startswith("@")}


def test_with_other_sources_nothing_is_shown_until_one_is_chosen() -> None:
    game = camel(blank(2), 0, "d2")
    app, _ = make_app()
    app.resume(game)
    assert "d2" in app.sel.sources and "supply" in app.sel.sources
    markup = app.view().markup
    help_text = re.search(r'<p id="select-help"( class="prompt")?>([^<]*)</p>', markup)
    assert help_text is not None and not help_text[1]
    assert unescape(help_text[2]) == (
        "Choose your camels, a good on one of your camels, or an empty space for a new camel."
    )
    assert "data-action=" not in _board(markup)  # nothing shown until a source is chosen
    app.select("supply")
    assert "data-action=" in _board(app.view().markup)


def _finished_app() -> tuple[App, Game]:
    app, _ = make_app(seed=11)
    app.start(Options(players=default_players(2), short=True))
    rng = random.Random(11)
    while app.screen == "game":
        assert app.game is not None
        app.act(str(courier_action(app.game, rng)))
    assert app.game is not None
    return app, app.game


def test_r15_r17_game_over_celebrates_the_winner_beside_the_final_board_and_offers_what_next() -> None:
    app, game = _finished_app()
    assert app.screen == "over"
    markup = app.view().markup
    over = markup[markup.index('<section id="game-over"') : markup.index("</section>")]
    outcome = game.outcome()
    assert outcome is not None
    winners = outcome.winners
    top = max(line.total for line in game.score())
    celebrate = re.search(r'<div class="celebrate">(.*?)</div>', over, re.S)
    assert celebrate is not None
    names = [p.name or i18n.words().default_name(i) for i, p in enumerate(game.options.players)]
    said = _text(celebrate[1])
    assert (f"{names[winners[0]]} wins!" if len(winners) == 1 else "Shared victory") in said
    assert f"{top} points" in said
    for seat in winners:  # the winner's camel, in its colour
        assert f'fill="{player_hex(game.options.players[seat].colour)}"' in celebrate[1]
    for button in ('id="rematch"', 'id="new-game-button"', 'id="share"'):
        assert button in over, f"game over offers no {button}"
    # The final board is on the same screen, beside the result.
    assert '<div class="layout over-layout"><div class="board-wrap"><svg id="board"' in markup
    assert markup.index('<svg id="board"') < markup.index('<section id="game-over"')
    # The place column's header has words for screen readers (axe: empty-table-header).
    assert re.search(r'<th scope="col"><span class="sr-only">[^<]+</span></th>', over)
    assert len(re.findall(r"data-final-seat=", over)) == 2


class _Controls(HTMLParser):
    """The buttons, inputs and selects of some markup, split by whether an
    ancestor is ``inert``."""

    VOID = frozenset({"input", "br", "img", "meta", "link", "hr"})

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[bool] = []  # inert or not, per open element
        self.live: list[str] = []
        self.dead: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        inert = "inert" in named or (bool(self.stack) and self.stack[-1])
        if tag in ("button", "input", "select"):
            name = named.get("id") or ("rule" if "data-rule" in named else tag)
            (self.dead if inert else self.live).append(str(name))
        if tag not in self.VOID:
            self.stack.append(inert)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in self.VOID:
            self.handle_starttag(tag, attrs)
            self.stack.pop()
        else:
            self.handle_starttag(tag, attrs)

    def handle_endtag(self, tag: str) -> None:
        if tag not in self.VOID and self.stack:
            self.stack.pop()


def _controls(markup: str) -> tuple[list[str], list[str]]:
    parser = _Controls()
    parser.feed(markup)
    return parser.live, parser.dead


def test_the_first_paint_is_the_front_page_the_page_draws_in_each_language() -> None:
    pages = prerender.front_pages()
    assert list(pages) == ["en", *catalogues.LANGUAGES]
    app, _ = make_app()
    app.boot()
    # The same function, the same page, but for its fields: inert until Python draws the live
    # ones (what was typed there would be lost), while its buttons take a tap (front.js).
    assert pages["en"].replace(" inert ", " ") == _front(app.view().markup)
    live, dead = _controls(pages["en"])
    assert {"play-computer", "start-game", "howto-open", "saved-button"} <= set(live)
    assert len(dead) >= 2 + 2 * 2 + len(VARIANTS) + 1  # count; names, colours, types; variants; start
    assert not [name for name in dead if name in live]
    for lang in catalogues.LANGUAGES:
        po = prerender.ROOT / "caravan" / "locale" / lang / "LC_MESSAGES" / "caravan.po"
        i18n.use(gettext.GNUTranslations(io.BytesIO(catalogues.compile_po(po))), lang)
        try:
            assert pages[lang] != pages["en"]
            assert i18n._("Play against the computer") in unescape(pages[lang])
            assert i18n.words().city(SQUARE_NAMES.index("d7")) in pages[lang]
        finally:
            i18n.use(None)
    html = _with_front_pages('<main id="screen"></main>', pages)
    assert html.count("<template data-front=") == 4  # es, fr, pl, nl: English is in #screen
    # The templates leave the board's picture out (front.js lends them the English one).
    assert html.count('<svg class="front-board') == 1
    # The English page is #screen's own, its root marked as drawn before Python (no box
    # around it: patch.js takes it over by attributes alone), and nothing else differs.
    english = pages["en"].replace('<div class="front">', '<div class="front prerendered" data-front="en">', 1)
    assert english != pages["en"]
    assert html.startswith(f'<main id="screen">{english}</main>')


def test_the_headers_rules_button_in_the_first_paint_is_the_one_the_page_draws() -> None:
    """index.html draws the header's Rules before Python runs (a tap on it is
    kept until Python is ready, web/static/front.js): the same button as
    web/app/app.py's, but for the boot's word key, so that Python's drawing over it
    changes nothing a player or a test sees."""
    page = (prerender.ROOT / "index.html").read_text(encoding="utf-8")
    m = re.search(r'<nav id="top-tools">(.*?)</nav>', page, re.S)
    assert m is not None
    assert m[1].replace(' data-boot="rules"', "") == header_markup()
