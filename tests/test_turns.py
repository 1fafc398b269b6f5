"""Turns: R5 (seat order, 1-2-3-4 actions) and R6 (end early, repeat actions)."""

from __future__ import annotations

import pytest

from caravan.actions import END_TURN, MOVE, PICK, PLACE
from caravan.events import TurnEnded
from caravan.game import Game
from caravan.options import Options, default_players
from tests.positions import blank, camel, loose, on, sq


@pytest.mark.parametrize("players", [2, 3, 4])
def test_r5_turns_go_in_seat_order_with_1_2_3_then_4_actions(players: int) -> None:
    game = Game(Options(players=default_players(players), start=1), seed=2)
    seats, budgets = [], []
    for _ in range(9):
        seats.append(game.seat)
        budgets.append(game.left)
        events = game.push(END_TURN)
        assert isinstance(events[-1], TurnEnded)
    assert seats == [(1 + k) % players for k in range(9)]
    assert budgets == [1, 2, 3, 4, 4, 4, 4, 4, 4]


def test_r5_turn_ended_event_names_next_seat_and_its_actions() -> None:
    game = Game(Options(players=default_players(3)), seed=2)
    game.push(PLACE[sq("d4")])
    (event,) = game.push(END_TURN)
    assert event == TurnEnded(seat=0, actions_unused=0, next_seat=1, next_actions=2)
    (event,) = game.push(END_TURN)
    assert event == TurnEnded(seat=1, actions_unused=2, next_seat=2, next_actions=3)


def test_r5_the_first_turn_has_exactly_one_action() -> None:
    game = Game(Options(), seed=2)
    game.push(PLACE[sq("d4")])
    assert game.left == 0
    assert game.legal_actions() == [END_TURN]
    assert game.why_illegal(PLACE[sq("e5")]) is not None


def test_r6_a_turn_may_end_with_actions_unused() -> None:
    game = blank(turn=6)
    assert game.push(END_TURN) == [TurnEnded(seat=0, actions_unused=4, next_seat=1, next_actions=4)]
    assert game.seat == 1 and game.left == 4


def test_r6_the_same_action_may_be_taken_several_times() -> None:
    game = blank()
    for name in ("a2", "b2", "c2", "e2"):
        assert PLACE[sq(name)] in game.legal_actions()
        game.push(PLACE[sq(name)])
    assert game.supply(0) == 1
    assert game.left == 0
    assert game.legal_actions() == [END_TURN]


def test_r6_actions_in_any_order_place_pick_up_move() -> None:
    game = blank()
    game = camel(game, 0, "c6")
    game = camel(game, 0, "c5")
    game = loose(game, "c6", "I")
    game.push(PLACE[sq("a3")])
    game.push(PICK[sq("c6")])
    game.push(MOVE[sq("c5")][sq("b5")])
    assert game.left == 1
    assert on(game, "c6") == ["1I"]
    assert on(game, "b5") == ["1"]
    assert game.seat == 0
