"""The game log says what happened in plain words, newest first, with the notation."""

from __future__ import annotations

from caravan.actions import parse_action
from tests.positions import blank, camel
from web.words.phrases import action_kind, describe, entry_markup


def test_r12_a_delivery_is_logged_with_city_points_and_notation() -> None:
    game = blank()
    game = camel(game, 0, "d6", "I")
    game = camel(game, 0, "d7")
    action = parse_action("Id6>d7")
    assert describe(game, action) == "deliver the ivory from d6 to Marrakech"
    events = game.push(action)
    markup = entry_markup(game, action, events)
    # issue 14: the move and the delivery are one line with one notation, not two
    assert markup.count("<li") == 1 and markup.count("<code>Id6&gt;d7</code>") == 1
    line = "Player 1 delivered the ivory from d6 to Marrakech: 6 points"
    assert f'<li class="log-deliver">{line} <code>' in markup
    assert "moved the ivory" not in markup
    assert action_kind(game, action) == "deliver"


def test_r11_r12_a_stolen_good_delivered_from_under_a_camel_is_one_line_that_says_so() -> None:
    game = blank()
    game = camel(game, 0, "d6", "I", under=True)
    game = camel(game, 0, "d7")
    markup = entry_markup(game, parse_action("I_d6>d7"), game.push(parse_action("I_d6>d7")))
    assert markup.count("<li") == 1
    assert "delivered the ivory from under the camel on d6 to Marrakech: 6 points" in markup


def test_r12_a_move_that_is_not_a_delivery_keeps_its_own_line() -> None:
    game = blank()
    game = camel(game, 0, "d5", "I")
    game = camel(game, 0, "d6")
    markup = entry_markup(game, parse_action("Id5>d6"), game.push(parse_action("Id5>d6")))
    assert markup.count("<li") == 1 and "Player 1 moved the ivory from d5 to d6" in markup


def test_r7_a_move_onto_camels_is_logged_with_its_cost() -> None:
    game = blank()
    game = camel(game, 0, "c6")
    game = camel(game, 1, "d4")
    action = parse_action("c6-d4")
    markup = entry_markup(game, action, game.push(action))
    assert "Player 1 moved a camel from c6 to d4 (2 actions)" in markup


def test_r11_moving_a_stolen_good_says_it_came_from_under_the_camel() -> None:
    game = blank()
    game = camel(game, 0, "c6", "I", under=True)
    game = camel(game, 0, "c5")
    assert describe(game, parse_action("I_c6>c5")) == "move the ivory from under the camel on c6 to c5"
