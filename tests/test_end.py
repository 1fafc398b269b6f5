"""The end: R14 (triggered when the bag empties, over at the next delivery),
I7 (at once, whoever delivers) and I10 (turn limit, agreement)."""

from __future__ import annotations

import pytest

from caravan.actions import END_TURN, PICK, PLACE, parse_action
from caravan.errors import IllegalActionError
from caravan.events import EndTriggered, GameOver, GoodDelivered, Refilled, TurnEnded
from caravan.game import Game
from caravan.options import Options
from caravan.state import Reason
from tests.positions import blank, camel, good, hold_markers, keep_in_bag, loose, sq


def last_four_in_bag() -> Game:
    """Seat 0 to move with a camel on c6 whose pick-up draws the bag's last 4 goods;
    seat 0 carries salt next to Timbuktu, seat 1 carries ivory next to Marrakech."""
    game = blank()
    for name, letter in (("a7", "M"), ("c6", "H"), ("f5", "W"), ("e2", "M"), ("g1", "H")):
        game = loose(game, name, letter)
    game = camel(game, 0, "c6")
    game = camel(game, 0, "d6", "S")
    game = camel(game, 0, "d5")
    game = camel(game, 1, "c7", "I")
    game = camel(game, 1, "d7")
    game = keep_in_bag(game, "ICGP")
    return game


def test_r14_drawing_the_last_four_goods_triggers_the_end() -> None:
    game = last_four_in_bag()
    assert not game.end_triggered()
    events = game.push(PICK[sq("c6")])
    assert [type(e) for e in events] == [type(events[0]), Refilled, EndTriggered]
    assert game.end_triggered() and game.bag_count == 0
    assert not game.is_over()


def test_r14_no_end_before_the_bag_is_empty() -> None:
    game = last_four_in_bag()
    events = game.push(parse_action("Sd6>d5"))
    assert events[-1] == GoodDelivered(0, sq("d5"), good("S"), 3)
    assert not game.is_over()
    assert game.legal_actions() != []


def test_r14_i7_the_next_delivery_ends_the_game_at_once_with_actions_left() -> None:
    game = last_four_in_bag()
    game.push(PICK[sq("c6")])
    events = game.push(parse_action("Sd6>d5"))
    assert isinstance(events[-2], GoodDelivered)
    assert events[-1] == GameOver(reason=Reason.DELIVERY, winners=(0,))
    assert game.over == "delivery" and game.is_over()
    assert game.left == 2  # actions left, unused: the game is over anyway
    assert game.legal_actions() == []
    assert game.why_illegal(END_TURN) == "the game is over"
    with pytest.raises(IllegalActionError):
        game.push(PLACE[sq("a2")])


def test_i7_whoever_delivers_ends_the_game() -> None:
    game = last_four_in_bag()
    game.push(PICK[sq("c6")])
    game.push(END_TURN)
    assert game.seat == 1
    before = game.score()[1].rare
    events = game.push(parse_action("Ic7>d7"))
    assert events[-1] == GameOver(Reason.DELIVERY, (1,))
    assert game.winners == (1,)
    assert game.score()[1].rare == before + 6


def test_r14_moving_a_good_without_delivering_does_not_end_the_game() -> None:
    game = last_four_in_bag()
    game.push(PICK[sq("c6")])
    game = camel(game, 0, "e6")
    game.push(parse_action("Sd6>e6"))
    assert not game.is_over()


def test_i10_turn_limit_ends_and_scores_the_game() -> None:
    game = Game(Options(max_turns=3), seed=1)
    game.push(END_TURN)
    game.push(END_TURN)
    assert not game.is_over()
    events = game.push(END_TURN)
    assert isinstance(events[0], TurnEnded)
    assert events[-1] == GameOver(reason=Reason.TURN_LIMIT, winners=(0, 1))
    assert game.over == "turn limit"
    assert game.legal_actions() == []


def test_i10_without_a_limit_a_game_nobody_delivers_in_goes_on() -> None:
    game = Game(Options(), seed=1)
    for _ in range(300):
        game.push(END_TURN)
    assert not game.is_over()
    assert game.turn == 301


def test_i10_players_may_agree_to_end_and_it_is_scored_as_it_stands() -> None:
    game = blank()
    game = camel(game, 0, "a1", "M")
    game = camel(game, 0, "a2", "W")
    game = hold_markers(game, 1, 1)
    events = game.end_by_agreement()
    # Seat 0: 2 goods held, -1; seat 1: one demand marker, +1.
    assert events == [GameOver(reason=Reason.AGREED, winners=(1,))]
    assert [line.total for line in game.score()] == [-1, 1]
    with pytest.raises(IllegalActionError):
        game.end_by_agreement()
