"""Placing and moving camels: R7 (anywhere, unladen only) and I3 (cost read before arrival)."""

from __future__ import annotations

from caravan.actions import MOVE, PLACE, MoveCamel, PlaceCamel
from caravan.events import CamelMoved, CamelPlaced
from tests.positions import blank, camel, check_invariants, on, sq


def test_r7_place_puts_a_supply_camel_on_any_square_for_one_action() -> None:
    game = blank()
    legal = game.legal_actions()
    assert all(PLACE[s] in legal for s in range(49))
    events = game.push(PLACE[sq("g7")])
    assert events == [CamelPlaced(seat=0, to=sq("g7"), cost=1)]
    assert game.supply(0) == 4
    assert len(game.camels_at(sq("g7"))) == 1
    assert game.left == 3


def test_r7_move_goes_anywhere_not_only_to_neighbours() -> None:
    game = blank()
    game = camel(game, 0, "a1")
    assert MOVE[sq("a1")][sq("g7")] in game.legal_actions()
    events = game.push(MOVE[sq("a1")][sq("g7")])
    assert events == [CamelMoved(seat=0, frm=sq("a1"), to=sq("g7"), cost=1)]
    assert len(game.camels_at(sq("a1"))) == 0 and len(game.camels_at(sq("g7"))) == 1
    check_invariants(game)


def test_r7_place_or_move_onto_occupied_square_costs_two() -> None:
    game = blank()
    game = camel(game, 1, "d4")
    game = camel(game, 0, "a1")
    assert game.cost(PLACE[sq("d4")]) == 2
    assert game.cost(MOVE[sq("a1")][sq("d4")]) == 2
    assert game.cost(PLACE[sq("d5")]) == 1
    events = game.push(PLACE[sq("d4")])
    assert events == [CamelPlaced(0, sq("d4"), 2)]
    assert game.left == 2
    game.push(MOVE[sq("a1")][sq("d4")])
    assert game.left == 0
    assert len(game.camels_at(sq("d4"))) == 3


def test_r7_cost_two_needs_two_actions_left() -> None:
    game = blank(turn=1)  # one action
    game = camel(game, 1, "d4")
    game = camel(game, 0, "a1")
    legal = game.legal_actions()
    assert PLACE[sq("d4")] not in legal
    assert MOVE[sq("a1")][sq("d4")] not in legal
    assert "2 actions" in (game.why_illegal(PLACE[sq("d4")]) or "")
    assert game.why_illegal(MOVE[sq("a1")][sq("d4")]) is not None
    assert PLACE[sq("d5")] in legal and game.why_illegal(PLACE[sq("d5")]) is None


def test_r7_laden_camel_cannot_move() -> None:
    game = blank()
    game = camel(game, 0, "c6", "I")
    game = camel(game, 0, "b3", "S", under=True)
    legal = game.legal_actions()
    assert not any(isinstance(a, MoveCamel) for a in legal)
    assert "cannot move" in (game.why_illegal(MOVE[sq("c6")][sq("d4")]) or "")
    assert "cannot move" in (game.why_illegal(MOVE[sq("b3")][sq("d4")]) or "")


def test_r7_unladen_camel_moves_off_a_square_shared_with_a_laden_one() -> None:
    game = blank()
    game = camel(game, 0, "c6", "I")
    game = camel(game, 0, "c6")
    assert MOVE[sq("c6")][sq("c5")] in game.legal_actions()
    game.push(MOVE[sq("c6")][sq("c5")])
    assert on(game, "c6") == ["1I"]
    assert on(game, "c5") == ["1"]


def test_r7_no_place_when_the_supply_is_empty() -> None:
    game = blank()
    for name in ("a1", "a2", "a3", "a4", "a5"):
        game = camel(game, 0, name)
    assert not any(isinstance(a, PlaceCamel) for a in game.legal_actions())
    assert "supply" in (game.why_illegal(PLACE[sq("d4")]) or "")


def test_r7_only_your_own_camels_move() -> None:
    game = blank()
    game = camel(game, 1, "a1")
    assert game.why_illegal(MOVE[sq("a1")][sq("b1")]) is not None
    assert not any(isinstance(a, MoveCamel) for a in game.legal_actions())


def test_r7_cities_and_numbered_spaces_hold_any_number_of_camels() -> None:
    game = blank(players=4)
    for seat in range(4):
        game = camel(game, seat, "d7")
    assert PLACE[sq("d7")] in game.legal_actions()
    game.push(PLACE[sq("d7")])
    assert len(game.camels_at(sq("d7"))) == 5


def test_i3_cost_looks_at_destination_before_arrival() -> None:
    game = blank()
    game = camel(game, 0, "a1")
    # a1 -> b1: b1 is empty before the camel arrives, so 1 action (a1 emptied does not matter).
    assert game.cost(MOVE[sq("a1")][sq("b1")]) == 1
    events = game.push(MOVE[sq("a1")][sq("b1")])
    assert events == [CamelMoved(0, sq("a1"), sq("b1"), 1)]
    # Onto a square where only our own camel stands: occupied, 2 actions.
    game = camel(game, 0, "c1")
    assert game.cost(MOVE[sq("b1")][sq("c1")]) == 2
    game.push(MOVE[sq("b1")][sq("c1")])
    assert game.left == 1


def test_i3_moving_a_camel_to_its_own_square_is_not_an_action() -> None:
    game = blank()
    game = camel(game, 0, "d4")
    assert MOVE[sq("d4")][sq("d4")] not in game.legal_actions()
    assert "I3" in (game.why_illegal(MOVE[sq("d4")][sq("d4")]) or "")


def test_r7_camel_left_from_supply_still_placed_after_others_move() -> None:
    game = blank()
    game.push(PLACE[sq("a1")])
    game.push(MOVE[sq("a1")][sq("a2")])
    assert game.supply(0) == 4 and on(game, "a2") == ["1"]
