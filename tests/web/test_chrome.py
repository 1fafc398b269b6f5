"""The page around the board, without a browser: the question before a turn
ends early (R6), shortcuts, reasons for clicks that cannot act, plurals, the
tab title, the goods legend and the final table's goods by kind."""

from __future__ import annotations

import re
from html import unescape

from caravan import ALL_GOODS, Game, Good
from caravan.actions import MoveCamel, PickUp
from caravan.board import parse_square
from tests.positions import blank, camel, deliver, loose
from web.app import panels
from web.app.app import App, title_text
from web.app.selection import Selection
from web.board.board_svg import render_board
from web.board.squareinfo import refusal, square_text
from web.words.i18n import _ as tr
from web.words.i18n import ngettext, words
from web.words.markup import esc


def _app(game: Game) -> App:
    app = App()
    app.resume(game)
    return app


def _text(markup: str, css_id: str) -> str:
    m = re.search(rf'id="{css_id}"[^>]*>(.*?)</p>', markup, re.S)
    assert m is not None, f"#{css_id} is missing"
    return unescape(re.sub(r"<[^>]+>", "", m.group(1)))


# ------------------------------------------------------------- plurals


def test_counts_of_one_are_singular_and_others_plural() -> None:
    assert ngettext("{name}: {n} camel", "{name}: {n} camels", name="Ann", n=1) == "Ann: 1 camel"
    assert ngettext("{name}: {n} camel", "{name}: {n} camels", name="Ann", n=2) == "Ann: 2 camels"
    assert ngettext("{n} demand marker", "{n} demand markers", n=1) == "1 demand marker"
    assert ngettext("{n} demand marker", "{n} demand markers", n=3) == "3 demand markers"
    assert "1 of 1 actions" not in tr("Actions left: {n} of {total}", n=1, total=1)
    assert ngettext(
        "{name} ended the turn; {next} to play with {n} action",
        "{name} ended the turn; {next} to play with {n} actions",
        name="A",
        next="B",
        n=1,
    ).endswith("with 1 action")


# ------------------------------------------------- asking before ending (R6)


def test_r6_ending_with_actions_left_asks_and_no_keeps_the_turn() -> None:
    app = _app(camel(blank(), 0, "d4"))
    game = app.game
    assert game is not None and game.left == 4
    app.act("end")
    view = app.view()
    assert app.confirming and view.modal and view.focus == "#confirm-end-no"
    assert 'id="confirm-end"' in view.markup and "4 actions left" in unescape(view.markup)
    assert game.seat == 0 and game.left == 4 and not game.history, "asking must not end the turn"
    app.confirm_end(False)
    assert not app.confirming and 'id="confirm-end"' not in app.view().markup
    assert game.seat == 0 and game.left == 4
    app.act("end")
    app.confirm_end(True)
    assert game.seat == 1 and [str(s.action) for s in game.history] == ["end"]


def test_r6_no_question_when_no_action_is_left() -> None:
    app = App(seed=5)
    app.autostart(2)
    app.act("@d4")  # turn 1 has one action (R5)
    app.act("end")
    assert not app.confirming and app.game is not None and app.game.seat == 1


def test_escape_and_the_n_key_answer_no_y_and_e_again_answer_yes() -> None:
    app = _app(camel(blank(), 0, "d4"))
    assert app.shortcut("e") and app.confirming
    assert app.escape() and not app.confirming
    assert app.shortcut("e") and app.shortcut("n") and not app.confirming
    assert app.game is not None and app.game.seat == 0
    assert app.shortcut("E") and app.shortcut("y")
    assert app.game.seat == 1
    app2 = _app(camel(blank(), 0, "d4"))
    assert app2.shortcut("e") and app2.shortcut("e")  # E twice: yes
    assert app2.game is not None and app2.game.seat == 1


def test_shortcuts_undo_redo_with_letters_and_ctrl() -> None:
    app = App(seed=5)
    app.autostart(2)
    game = app.game
    assert game is not None
    app.act("@d4")
    assert app.shortcut("u") and not game.history
    assert app.shortcut("r") and len(game.history) == 1
    assert app.shortcut("z", ctrl=True) and not game.history
    assert app.shortcut("y", ctrl=True) and len(game.history) == 1
    assert (
        app.shortcut("z", ctrl=True) and app.shortcut("Z", ctrl=True, shift=True) and len(game.history) == 1
    )
    assert not app.shortcut("x") and not app.shortcut("u", ctrl=True)
    app.new_game()
    assert not app.shortcut("u"), "shortcuts act on the game screen only"


# ------------------------------------------------------ reasons for clicks


def test_a_click_on_another_players_camel_names_its_owner() -> None:
    game = camel(camel(blank(), 1, "a1"), 0, "d4")
    app = _app(game)
    app.explain("a1")
    assert "Player 2's" in app.message and "a1" in app.message
    assert "a1" in _text(app.view().markup, "message")


def test_r7_a_laden_camel_gives_the_engines_reason() -> None:
    game = camel(camel(blank(), 0, "d4", "S"), 0, "b2")
    reason = game.why_illegal(MoveCamel(parse_square("d4"), 0))
    assert reason is not None
    assert reason in refusal(game, None, parse_square("d4"))


def test_r7_a_selected_source_and_a_wrong_square_give_the_engines_reason() -> None:
    game = camel(camel(blank(turn=1), 0, "d4"), 1, "a1")  # one action left
    app = _app(game)
    app.select("d4")
    assert "d4-a1" not in {str(a) for a in app.sel.targets()}
    app.explain("a1")
    reason = game.why_illegal(MoveCamel(parse_square("d4"), parse_square("a1")))
    assert reason is not None and reason in app.message
    assert app.sel.selected == "d4", "a refused target keeps the selection"
    app.sel.clear()
    app.explain("a1")
    assert "Player 2's" in app.message, "nothing selected: a camel not yours is named, never placed onto"


def test_r8_a_loose_good_without_a_camel_of_yours_gives_the_engines_reason() -> None:
    game = loose(camel(blank(), 0, "d4"), "b2", "M")
    text = refusal(game, None, parse_square("b2"))
    reason = game.why_illegal(PickUp(parse_square("b2")))
    assert reason is not None and reason in text


def test_a_square_is_described_in_words() -> None:
    game = loose(camel(camel(camel(blank(), 0, "d7"), 0, "d7"), 1, "d7", "I"), "d7", "S")
    text = square_text(game, parse_square("d7"))
    assert text.startswith("d7: Marrakech, wants ivory")
    assert "Player 1: 2 camels" in text and "Player 2's camel carrying ivory" in text
    assert "salt, free to pick up" in text
    assert square_text(game, parse_square("b2")) == "b2: empty"


# ------------------------------------------------------------- chrome


def test_the_tab_title_says_whose_turn_it_is() -> None:
    game = blank(seat=1)
    assert title_text(game, "game") == "Player 2 to play · Caravan"
    assert title_text(None, "new-game") == "Caravan"
    app = _app(game)
    assert app.view().title == "Player 2 to play · Caravan"


def test_the_selection_help_shows_only_when_something_is_selectable() -> None:
    app = App(seed=5)
    app.autostart(2)
    assert 'id="select-help"' in app.view().markup
    app.act("@d4")  # no action left: only end turn
    assert 'id="select-help"' not in app.view().markup


def test_r2_r12_r15_the_legend_is_the_engines_goods_table_with_the_bag() -> None:
    game = blank(short=True)
    markup = panels.legend(game)
    bag = game.bag_contents()
    rows = re.findall(r'<tr data-legend-good="(\w)">(.*?)</tr>', markup, re.S)
    assert [letter for letter, _ in rows] == [g.letter for g in ALL_GOODS]
    for letter, row in rows:
        good = Good.from_letter(letter)
        fields = dict(re.findall(r'data-field="(\w+)">([^<]*)<', row))
        assert fields["name"] == good.label
        assert fields["city"] == words().city_named(good.city)
        assert fields["kind"].startswith("rare" if good.rare else "common")
        assert str(good.points) in fields["kind"]
        assert int(fields["bag"]) == bag[good]
        assert ("<polygon" in row) == good.rare, "rare goods are diamonds, common ones squares"


def test_i9_the_bag_line_shows_demand_markers_left() -> None:
    game = blank()
    markup = panels.bag(game)
    assert f'id="demand-left">{game.demand_left()}<' in markup
    assert f'id="bag-count">{game.bag_count}<' in markup


def test_r15_the_final_table_splits_delivered_goods_by_kind() -> None:
    game = deliver(deliver(blank(), 0, "I", 2), 0, "S")
    cell = panels.delivered_goods(game, 0)
    assert "2 ivory" in unescape(re.sub(r"<[^>]+>", "", cell))
    assert "1 salt" in unescape(re.sub(r"<[^>]+>", "", cell))
    assert panels.delivered_goods(game, 1) == "none"


def test_r15_every_header_of_the_final_table_has_words_and_its_scroll_box_is_a_named_stop() -> None:
    # axe: empty-table-header, scrollable-region-focusable (the phone's table scrolls sideways).
    markup = panels.game_over(deliver(blank(), 0, "I"))
    headers = re.findall(r"<th\b[^>]*>(.*?)</th>", markup, re.S)
    assert headers and all(unescape(re.sub(r"<[^>]+>", "", h)).strip() for h in headers)
    assert '<div class="table-wrap" tabindex="0" role="region" aria-labelledby="game-over-title">' in markup
    assert 'id="game-over-title"' in markup


def test_player_panels_head_at_the_level_after_the_page_title_and_the_log_is_a_named_stop() -> None:
    # axe: heading-order (the page's <h1>, then the panels' names), scrollable-region-focusable on #log.
    app = _app(blank())
    markup = app.view().markup
    assert re.search(r'<section class="panel[^"]*" data-panel-seat="0"><h2>', markup)
    assert "<h3" not in panels.player_panels(blank())
    assert '<ul id="log" tabindex="0" aria-labelledby="log-title">' in markup
    assert '<h2 id="log-title">' in markup


def test_hovering_a_square_names_everything_on_it() -> None:
    game = loose(camel(camel(blank(), 0, "d7"), 1, "d7", "I"), "d7", "S")
    svg = render_board(game, Selection())
    expected = esc(square_text(game, parse_square("d7")))
    assert 'data-square="d7"' in svg and f"<title>{expected}</title>" in svg
    assert "salt, free to pick up" in unescape(expected)


def test_focus_or_long_press_text_for_a_square_or_a_target() -> None:
    app = _app(loose(camel(blank(), 0, "d4"), "b2", "M"))
    assert app.square_info(square="b2") == "b2: meat, free to pick up"
    assert app.square_info(action="d4-b2") == "b2: meat, free to pick up"
    assert app.square_info(action="$d4/2I").startswith("d4: ")
    assert app.square_info(action="end") == ""
    assert app.square_info(square="z9") == ""
    assert "b2: meat" in app.view().markup
