"""The game log says what happened in plain words, newest first, with the notation."""

from __future__ import annotations

from caravan.actions import parse_action
from tests.positions import blank, camel
from web.log import action_kind, describe, entry_markup


def test_r12_a_delivery_is_logged_with_city_points_and_notation() -> None:
    game = blank()
    game = camel(game, 0, "d6", "I")
    game = camel(game, 0, "d7")
    action = parse_action("Id6>d7")
    assert describe(game, action) == "deliver the ivory from d6 to Marrakech"
    events = game.push(action)
    markup = entry_markup(game, action, events)
    # newest first: the delivery comes before the move that caused it
    assert markup.index("delivered the ivory to Marrakech: 6 points") < markup.index("moved the ivory")
    assert "<code>Id6&gt;d7</code>" in markup
    assert action_kind(game, action) == "deliver"


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
