"""The screen-reader board (issue 14): the grid's cells named in full from
the engine's read API, its keys, and the commands' answers, typed notation
played, refused by the engine or not understood (web/board/grid.py,
web/board/squareinfo.py ``cell_name``, web/app/commands.py, web/board/srboard.py)."""

from __future__ import annotations

import re
from html import unescape

from caravan import Game, parse_action
from caravan.board import NUMBER_OF, SQUARE_NAMES
from caravan.options import Options, Player
from tests.positions import blank, camel, demand, loose, sq
from web.app import commands
from web.app.app import App
from web.board.grid import grid_markup, moved
from web.board.squareinfo import cell_name
from web.words.names import name_of

ANN, BOB = Player("Ann", "yellow"), Player("Bob", "black")


def _two_players() -> Game:
    game = blank(2)
    return Game.from_position(game.position(), options=Options(players=(ANN, BOB)), seed=1)


def test_r12_a_city_cell_says_the_city_and_the_good_it_wants_with_everything_on_it() -> None:
    """The issue's example: d5, Timbuktu (wants salt, R12), the mover's laden
    camel, another seat's camel, demand markers (R12/R13)."""
    game = _two_players()
    game = camel(game, 0, "d5", "S")  # Ann is to move: "your"
    game = camel(game, 1, "d5")
    game = demand(game, "d5", 2)
    assert game.seat == 0 and name_of(game, 1) == "Bob"
    assert cell_name(game, sq("d5")) == (
        "d5, Timbuktu, wants salt: your camel carrying salt; Bob's camel; 2 demand markers"
    )


def test_r3_r8_r10_a_numbered_space_its_loose_good_and_a_stolen_good_underneath() -> None:
    game = _two_players()
    numbered = next(s for s in NUMBER_OF if s != sq("d5"))
    name = SQUARE_NAMES[numbered]
    game = loose(game, name, "I")  # R8: free to pick up
    game = camel(game, 1, name, "C", under=True)  # R10: a stolen good under Bob's camel
    game = camel(game, 0, name)
    game = camel(game, 0, name)
    text = cell_name(game, numbered)
    assert text.startswith(f"{name}, space {NUMBER_OF[numbered]}: ")
    assert text.endswith("your 2 camels; Bob's camel with stolen cloth underneath; ivory, free to pick up")


def test_an_empty_space_says_so() -> None:
    game = _two_players()
    empty = next(
        s for s in range(49) if s not in NUMBER_OF and not game.camels_at(s) and not game.demand_at(s)
    )
    assert cell_name(game, empty).endswith(": empty")


def test_the_grid_is_49_cells_rank_7_first_with_one_tab_stop_whose_text_is_its_name() -> None:
    game = _two_players()
    markup = grid_markup(game, sq("c3"))
    cells = re.findall(
        r'<div role="gridcell" class="sr-cell" data-cell="(\w\d)" tabindex="(-?\d)">([^<]*)</div>', markup
    )
    assert len(cells) == 49 and markup.count('role="row"') == 7
    assert [c[0] for c in cells[:2]] == ["a7", "b7"] and cells[-1][0] == "g1"
    assert [c[0] for c in cells if c[1] == "0"] == ["c3"]
    assert all(unescape(text) == cell_name(game, sq(name)) for name, _tab, text in cells)


def test_grid_keys_move_jump_to_a_file_or_rank_and_stop_at_the_edge() -> None:
    d4 = sq("d4")
    assert SQUARE_NAMES[moved(d4, "ArrowUp") or 0] == "d5"
    assert SQUARE_NAMES[moved(d4, "ArrowLeft") or 0] == "c4"
    assert SQUARE_NAMES[moved(d4, "Home") or 0] == "a4"
    assert SQUARE_NAMES[moved(d4, "End") or 0] == "g4"
    assert SQUARE_NAMES[moved(d4, "b") or 0] == "b4"  # a file letter keeps the rank
    assert SQUARE_NAMES[moved(d4, "7") or 0] == "d7"  # a rank digit keeps the file
    assert moved(sq("g4"), "ArrowRight") is None
    assert moved(d4, "8") is None and moved(d4, "m") is None


def _app() -> App:
    app = App(seed=7)
    app.start(Options(players=(ANN, BOB), start=0))
    app.toggle_grid()
    assert app.announcement() == "New game: Ann, yellow; Bob, black; Ann to play, 1 action."
    return app


def test_r5_r7_enter_on_a_cell_lists_its_legal_actions_numbered_and_a_digit_plays_one() -> None:
    app = _app()
    assert app.game is not None
    app.grid_list("a1")
    said = app.announcement()
    legal = [a for a in app.game.legal_actions() if str(a) == "@a1"]
    assert legal and said.startswith("1 action at a1: 1. place a camel on a1")
    view = app.view()
    assert view.focus == "#sr-actions button"
    assert re.search(
        r'<ol id="sr-actions"[^>]*><li><button type="button" data-action="@a1">1\. ', view.markup
    )
    app.command("1")  # the number typed plays the first of the list, through the engine
    assert [str(s.action) for s in app.game.history] == ["@a1"]
    assert app.announcement() == "Ann placed a camel on a1 (1 action); no action left: end your turn."
    assert "sr-actions" not in app.view().markup  # the list is out of date once anyone acted


def test_typed_notation_is_played_refused_by_the_engine_or_not_understood_each_said_apart() -> None:
    app = _app()
    assert app.game is not None
    app.command("Sd4>d5")  # notation, but no camel of Ann's carries salt on d4 (R11)
    refused = app.announcement()
    reason = app.game.why_illegal(parse_action("Sd4>d5"))
    assert reason is not None and refused.startswith("Not allowed: ")
    app.command("Xd4")  # not notation at all
    garbled = app.announcement()
    assert garbled.startswith("Not understood: ") and "Xd4" in garbled
    assert app.game.history == []  # nothing played by either
    app.command("Sd4>d5")
    assert app.announcement() == refused  # the same refusal is said again
    app.command("  @b1 ")
    assert [str(s.action) for s in app.game.history] == ["@b1"]
    assert app.announcement().startswith("Ann placed a camel on b1")
    assert app.view().focus == "#sr-command"  # back in the field for the next command


def test_r6_a_typed_end_with_actions_left_asks_first() -> None:
    app = _app()
    for notation in ("@b1", "end", "@c1"):  # Ann's first turn has one action (R5); Bob has 2
        app.command(notation)
    assert not app.play.confirming  # Ann's end came with no action left: at once
    app.announcement()
    app.command("end")
    assert app.play.confirming and app.view().focus == "#confirm-end-no"
    assert app.announcement() == ""  # asked, nothing played
    app.confirm_end(True)
    assert app.announcement() == "Bob ended the turn; Ann to play with 3 actions."


def test_r1_r16_camels_goods_scores_and_the_last_turn_in_words() -> None:
    app = _app()
    game = app.game
    assert game is not None
    app.command("camels")
    assert app.announcement() == f"No camel of yours on the board; {game.supply(0)} camels in your supply."
    for notation in ("@a1", "end", "@b1"):
        app.command(notation)
        if app.play.confirming:
            app.confirm_end(True)
    app.announcement()
    app.command("camels")  # Bob's, as Bob is to move
    assert app.announcement() == f"Your camels: b1; {game.supply(1)} camels in your supply."
    app.command("goods")
    goods = app.announcement()
    loose_goods = game.loose_goods()
    assert goods.startswith("Goods on the board: ") and goods.count(" on ") == 1 + len(loose_goods)
    app.command("scores")
    totals = {line.seat: line.total for line in game.score()}
    assert app.announcement() == f"Scores: Ann {totals[0]} points, Bob {totals[1]} points."
    app.command("last")  # Ann's turn, as it was said then
    assert app.announcement() == (
        "Last turn: Ann placed a camel on a1 (1 action). Ann ended the turn; Bob to play with 2 actions."
    )
    assert app.grid_key("s") and app.announcement().startswith("Scores: ")  # S on the grid


def test_a_space_that_is_not_one_and_an_empty_command_say_what_can_be_typed() -> None:
    app = _app()
    app.command("actions z9")
    assert app.announcement() == "Not understood: z9 is not a space of the board."
    app.command("   ")
    assert app.announcement() == commands.help_text()


def test_the_toggle_is_first_on_the_game_screen_and_the_grid_takes_the_focus() -> None:
    app = App(seed=7)
    app.start(Options(players=(ANN, BOB), start=0))
    off = app.view().markup
    assert 'id="sr-toggle" aria-pressed="false"' in off and "sr-grid" not in off
    assert off.index("sr-toggle") < off.index('id="turn-banner"')
    app.toggle_grid()
    view = app.view()
    assert 'aria-pressed="true"' in view.markup and view.focus == '[data-cell="d4"]'
    app.grid_go("e6")
    app.act("@a1")  # an action from the visual board: focus goes back to the grid's stop
    assert app.view().focus == '[data-cell="e6"]'
    app.toggle_grid()
    assert app.view().focus == "#sr-toggle"
