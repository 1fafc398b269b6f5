"""A game played blind (issue 28, part 5): what the screen-reader board and
``#announcer`` say, as a listener would hear them, and where focus goes.

Each test drives the app as the page would (web/app/app.py) and reads the
announcement (``App.announcement``, the text ``#announcer`` gets) and the
view's focus; legality is always the engine's (``why_illegal``)."""

from __future__ import annotations

import random
import re

from caravan import Game
from caravan.actions import EndTurn, MoveCamel
from caravan.options import Options, Player
from caravan.playout import courier_action
from tests.positions import blank, camel, loose, sq
from web.app import commands
from web.app.app import App
from web.board.squareinfo import cell_name
from web.board.srboard import grid_keys

from .thinker import FakeThinker, bot_app

ANN, BOB = Player("Ann", "yellow"), Player("Bob", "black")


def _app(game: Game | None = None) -> App:
    """The screen-reader board on, Ann (seat 0) to move; the start already said."""
    app = App(seed=7)
    app.start(Options(players=(ANN, BOB), start=0, short=True))
    if game is not None:
        app.resume(game)
    app.toggle_grid()
    app.announcement()
    return app


def _crowded() -> Game:
    """Turn 4 (4 actions, R5): Ann's unladen camel on c3 beside a loose ivory
    (R8) and Bob's camel carrying salt (R10); Ann's camel on a1 may move onto c3."""
    game = blank(2)
    game = Game.from_position(game.position(), options=Options(players=(ANN, BOB)), seed=1)
    game = loose(game, "c3", "I")
    game = camel(game, 1, "c3", "S")
    game = camel(game, 0, "c3")
    return camel(game, 0, "a1")


def test_r5_a_persons_own_action_says_the_actions_left_and_status_says_the_turn_and_the_bag() -> None:
    app = App(seed=7)
    app.start(Options(players=(ANN, BOB), start=0))
    assert app.announcement() == "New game: Ann, yellow; Bob, black; Ann to play, 1 action."
    app.toggle_grid()
    app.command("@b1")
    assert app.announcement() == "Ann placed a camel on b1 (1 action); no action left: end your turn."
    app.command("end")
    assert app.announcement() == "Ann ended the turn; Bob to play with 2 actions."  # the turn passed
    app.command("@c1")
    assert app.announcement() == "Bob placed a camel on c1 (1 action); 1 action left."
    game = app.game
    assert game is not None
    app.command("status")
    status = f"Turn 2; Bob to play, 1 action left of 2; {game.bag_count} goods in the bag."
    assert app.announcement() == status
    assert app.grid_key("t") and app.announcement() == status  # T on the grid says the same


def test_r7_r10_camels_of_any_player_a_space_a_rank_and_a_file_from_the_command_field() -> None:
    app = _app(_crowded())
    game = app.game
    assert game is not None
    bobs = f"Bob's camels: c3, carrying salt; {game.supply(1)} camels in Bob's supply."
    app.command("camels 2")  # seats from 1, as in the steal notation
    assert app.announcement() == bobs
    app.command("camels bob")
    assert app.announcement() == bobs
    app.command("camels all")
    assert app.announcement() == f"Your camels: a1, c3; {game.supply(0)} camels in your supply. {bobs}"
    app.command("camels 3")
    assert app.announcement().startswith("Not understood: 3 is not a player;")
    app.command("C3")
    assert app.announcement() == cell_name(game, sq("c3")) + "."
    app.command("rank 3")
    rank = app.announcement()
    assert rank.startswith("Rank 3: a3") and rank.index("c3") < rank.index("g3")
    assert cell_name(game, sq("c3")) in rank
    app.command("file c")
    file_c = app.announcement()
    assert file_c.startswith("File c: c7") and file_c.index("c7") < file_c.index("c1")
    app.command("rank 9")
    assert app.announcement().startswith("Not understood: ")
    assert game.history == []  # queries play nothing


def test_r8_r10_a_spaces_list_says_steals_and_pick_ups_first_and_includes_moves_onto_it() -> None:
    app = _app(_crowded())
    game = app.game
    assert game is not None
    app.grid_list("c3")
    said = app.announcement()
    found = [str(a) for a, _c in commands.actions_from(game, sq("c3"))]
    legal = {str(a) for a in game.legal_actions()}
    assert set(found) <= legal and "a1-c3" in found  # a move onto the space is listed
    assert found[:2] == ["$c3/2S", "+c3"]  # the steal and the pick-up before 40-odd moves
    assert said.startswith(f"{len(found)} actions at c3: 1. steal the salt")
    assert "2. pick up the ivory" in said and said.endswith(f"and {len(found) - 9} more in the list.")


def test_the_list_takes_two_digits_home_and_end() -> None:
    app = _app(_crowded())
    game = app.game
    assert game is not None
    app.grid_list("c3")
    app.announcement()
    found = [a for a, _c in commands.actions_from(game, sq("c3"))]
    assert len(found) >= 20
    app.list_key("End", 1)
    assert app.view().focus == f"#sr-actions li:nth-child({len(found)}) button"
    app.list_key("Home", len(found))
    assert app.view().focus == "#sr-actions li:nth-child(1) button"
    app.list_key("1", 1)  # 1 could begin 10-19: focus on the first, nothing played
    assert game.history == [] and app.view().focus == "#sr-actions li:nth-child(1) button"
    app.list_key("2", 1)
    assert [s.action for s in game.history] == [found[11]]  # the twelfth
    assert app.announcement().startswith("Ann moved a camel from c3")
    assert app.view().focus == '[data-cell="c3"]'  # played from the list: back to the grid


def test_forgiving_notation_and_a_question_before_a_typed_move_onto_camels() -> None:
    app = _app(_crowded())
    game = app.game
    assert game is not None
    app.command("a1 - c3")  # R7: c3 has camels, 2 actions
    assert app.announcement() == (
        "c3 has camels: move a camel from a1 to c3 costs 2 actions. Send it again, or yes, to play it."
    )
    assert game.history == []
    app.command("scores")  # anything else drops the question
    app.announcement()
    app.command("y")
    assert game.history == [] and app.announcement().startswith("Not understood: ")
    app.command("A1C3")
    app.announcement()
    app.command("y")
    assert [s.action for s in game.history] == [MoveCamel(sq("a1"), sq("c3"))]
    assert app.announcement() == "Ann moved a camel from a1 to c3 (2 actions); 2 actions left."
    app.command("+C3")  # R8, in capitals
    assert str(game.history[-1].action) == "+c3"
    app.command("@D4")
    assert str(game.history[-1].action) == "@d4"
    app.announcement()
    app.command("@z9")
    assert app.announcement().startswith("Not understood: ")


def test_focus_stays_on_the_visual_board_returns_to_the_field_and_question_mark_says_the_grid_keys() -> None:
    app = _app(_crowded())
    app.select("c3")  # a camel chosen on the visual board: focus on its targets there, not the grid
    focus = app.view().focus
    assert focus is not None and focus.startswith(".target[data-action=")
    app.select("c3")
    app.command("end")  # R6: actions left, asked first
    assert app.play.confirming and app.view().focus == "#confirm-end-no"
    app.confirm_end(False)
    assert app.view().focus == "#sr-command"
    assert app.grid_key("?") and app.announcement() == grid_keys()


def test_r15_r17_game_over_says_both_scores_once_and_focuses_the_result() -> None:
    app = _app()
    rng = random.Random(3)
    triggered = False
    while app.screen == "game":
        game = app.game
        assert game is not None
        if game.end_triggered() and not triggered:
            triggered = True
            app.command("status")
            assert app.announcement().endswith("; The bag is empty: the next delivery ends the game.")
        action = courier_action(game, rng)
        app.command(str(action))
        if app.play.confirming:
            app.confirm_end(True)
        said = app.announcement()
        assert said and "!." not in said
    game = app.game
    assert game is not None and triggered
    totals = sorted((line.total for line in game.score()), reverse=True)
    assert re.search(rf"Game over\. .+ (Ann|Bob) wins, {totals[0]} to {totals[1]}\.$", said), said
    view = app.view()
    assert view.screen == "over" and view.focus == "#game-over-result"


def test_a_game_against_a_bot_says_who_plays_whom_and_the_bot_thinking_once() -> None:
    app, _thinker, _clock, _ = bot_app(FakeThinker(hold=True), seed=5)
    app.quick_game({})
    assert app.announcement() in (
        "You are Player 1, yellow, against Player 2 (Bot: easy); your turn, 1 action.",
        "You are Player 1, yellow, against Player 2 (Bot: easy); Player 2 (Bot: easy) plays first.",
    )
    game = app.game
    assert game is not None
    if game.seat == 0:
        app.act(str(next(a for a in game.legal_actions() if not isinstance(a, EndTurn))))
        app.act("end")
        app.announcement()
    app.bot_poll()
    markup = app.view().markup
    assert '<p id="bot-text">' in markup  # drawn anew each frame: no live region of its own
    assert app.announcement() == "Player 2 (Bot: easy) is thinking…"
    app.view()
    assert app.announcement() == ""  # said once, not at every frame
    app.command("actions b1")
    assert app.announcement() == "Player 2 (Bot: easy) is playing: wait for your turn."


def test_the_commands_in_polish_typed_without_accents_answer_in_polish() -> None:
    app = _app(_crowded())
    game = app.game
    assert game is not None
    try:
        app.set_language("pl")
        app.command("rzad 3")  # "rząd", the accent left out
        assert app.announcement().startswith("Rząd 3: a3")
        app.command("wielbłądy 2")
        assert app.announcement() == (
            f"Wielbłądy gracza Bob: c3, wielbłąd niesie sól; {game.supply(1)} wielbłądy w zapasie gracza Bob."
        )
        app.command("stan")
        said = app.announcement()
        bag = rf"{game.bag_count} towar(y|ów)? w torbie"
        assert re.fullmatch(rf"Tura 4; Ann ma ruch, zostały 4 akcje z 4; {bag}\.", said)
    finally:
        app.set_language("en")
