"""Picking up: R8 (loose good onto an unladen camel, with the demand markers), R9 and I1."""

from __future__ import annotations

import pytest

from caravan.actions import PICK, PickUp, parse_action
from caravan.events import GoodPickedUp
from tests.positions import blank, camel, check_invariants, demand, good, loose, on, sq


def test_r8_pick_up_loads_the_good_and_takes_every_demand_marker() -> None:
    game = blank()
    game = camel(game, 0, "c6")
    game = loose(game, "c6", "G")
    game = demand(game, "c6", 3)
    assert PICK[sq("c6")] in game.legal_actions()
    events = game.push(PICK[sq("c6")])
    assert events == [GoodPickedUp(seat=0, at=sq("c6"), good=good("G"), demand_markers=3)]
    assert on(game, "c6") == ["1G"]
    assert game.loose_at(sq("c6")) is None and len(game.loose_goods()) == 0
    assert game.demand_at(sq("c6")) == 0
    assert game.state().markers == (3, 0)
    assert game.left == 3
    check_invariants(game)


def test_r8_demand_markers_stay_with_the_player_after_the_good_leaves() -> None:
    game = blank()
    game = camel(game, 0, "c6")
    game = camel(game, 0, "c5")
    game = loose(game, "c6", "G")
    game = demand(game, "c6", 2)
    game.push(PICK[sq("c6")])
    game.push(parse_action("Gc6>c5"))
    assert on(game, "c5") == ["1G"]
    assert game.markers_held(0) == 2 and game.demand_at(sq("c6")) == 0


def test_r8_needs_your_own_unladen_camel_on_the_square() -> None:
    game = blank()
    game = loose(game, "c6", "G")
    assert "unladen camel" in (game.why_illegal(PICK[sq("c6")]) or "")
    game = camel(game, 1, "c6")
    assert game.why_illegal(PICK[sq("c6")]) is not None
    game = camel(game, 0, "c6", "I")
    assert game.why_illegal(PICK[sq("c6")]) is not None
    assert not any(isinstance(a, PickUp) for a in game.legal_actions())
    game = camel(game, 0, "c6")
    assert game.why_illegal(PICK[sq("c6")]) is None
    assert PICK[sq("c6")] in game.legal_actions()


def test_r8_no_pick_up_where_there_is_no_loose_good() -> None:
    game = blank()
    game = camel(game, 0, "c6")
    assert PICK[sq("c6")] not in game.legal_actions()
    assert "no good" in (game.why_illegal(PICK[sq("c6")]) or "")


def test_r8_a_good_carried_by_a_camel_is_not_loose() -> None:
    game = blank()
    game = camel(game, 1, "c6", "I")
    game = camel(game, 0, "c6")
    assert PICK[sq("c6")] not in game.legal_actions()


@pytest.mark.parametrize(("casual", "camels"), [(False, 5), (True, 6)])
def test_r9_may_not_pick_up_if_all_camels_would_be_laden(casual: bool, camels: int) -> None:
    game = blank(casual=casual)
    letters = "MWSHCP"
    for k in range(camels - 2):
        game = camel(game, 0, f"a{k + 1}", letters[k])
    game = camel(game, 0, "c6")
    game = camel(game, 0, "f5")
    game = loose(game, "c6", "I")
    game = loose(game, "f5", "G")
    # With two unladen camels left, one pick-up is fine; the second would leave none unladen.
    game.push(PICK[sq("c6")])
    assert game.held(0) == camels - 1
    assert PICK[sq("f5")] not in game.legal_actions()
    assert "R9" in (game.why_illegal(PICK[sq("f5")]) or "")


def test_i1_camels_in_supply_count_as_camels_for_r9() -> None:
    game = blank()
    # Only one camel on the board, unladen, four in supply: picking up is allowed.
    game = camel(game, 0, "c6")
    game = loose(game, "c6", "I")
    assert game.supply(0) == 4
    assert game.why_illegal(PICK[sq("c6")]) is None
    game.push(PICK[sq("c6")])
    assert on(game, "c6") == ["1I"]


def test_i1_r9_counts_camels_in_supply_as_unladen_with_four_laden() -> None:
    game = blank()
    for name, letter in (("a1", "M"), ("a2", "W"), ("a3", "S")):
        game = camel(game, 0, name, letter)
    game = camel(game, 0, "c6")
    game = loose(game, "c6", "I")
    # 3 laden, 1 unladen on c6, 1 in supply: picking up leaves the supply camel unladen.
    assert game.why_illegal(PICK[sq("c6")]) is None
    game.push(PICK[sq("c6")])
    assert game.supply(0) == 1
    game = loose(game, "f5", "G")
    game = camel(game, 0, "f5")  # the last camel, from the supply
    assert game.supply(0) == 0
    assert game.why_illegal(PICK[sq("f5")]) is not None
