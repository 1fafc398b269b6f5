"""Stealing: R10 (a good from on top of another player's camel, for a theft marker) and I2."""

from __future__ import annotations

from caravan.actions import STEAL, Steal, parse_action
from caravan.events import GoodStolen
from tests.positions import blank, camel, check_invariants, good, hold_markers, on, set_theft, sq


def steal(at: str, victim: int, letter: str) -> Steal:
    return STEAL[sq(at)][victim][good(letter)]


def test_r10_steal_puts_the_good_under_your_camel_and_pays_a_theft_marker() -> None:
    game = blank(players=3)
    game = camel(game, 1, "d4", "I")
    game = camel(game, 0, "d4")
    assert steal("d4", 1, "I") in game.legal_actions()
    events = game.push(steal("d4", 1, "I"))
    assert events == [GoodStolen(seat=0, victim=1, at=sq("d4"), good=good("I"))]
    assert on(game, "d4") == ["1_I", "2"]
    assert game.state().theft == (0, 2, 1)
    assert game.left == 3
    check_invariants(game)


def test_r10_needs_a_theft_marker() -> None:
    game = blank()
    game = camel(game, 1, "d4", "I")
    game = camel(game, 0, "d4")
    game = set_theft(game, (0, 2))
    assert steal("d4", 1, "I") not in game.legal_actions()
    assert "theft marker" in (game.why_illegal(steal("d4", 1, "I")) or "")


def test_r10_needs_your_unladen_camel_on_the_same_square() -> None:
    game = blank()
    game = camel(game, 1, "d4", "I")
    game = camel(game, 0, "d5")
    assert not any(isinstance(a, Steal) for a in game.legal_actions())
    game = camel(game, 0, "d4", "S")
    assert not any(isinstance(a, Steal) for a in game.legal_actions())
    assert game.why_illegal(steal("d4", 1, "I")) is not None


def test_r10_a_good_under_a_camel_cannot_be_stolen() -> None:
    game = blank()
    game = camel(game, 1, "d4", "I", under=True)
    game = camel(game, 0, "d4")
    assert not any(isinstance(a, Steal) for a in game.legal_actions())
    assert "under a camel" in (game.why_illegal(steal("d4", 1, "I")) or "")


def test_r10_stolen_good_can_be_stolen_back_once_moved_on_top() -> None:
    game = blank()
    game = camel(game, 1, "d4", "I")
    game = camel(game, 0, "d4")
    game = camel(game, 0, "d5")
    game.push(steal("d4", 1, "I"))
    game.push(parse_action("I_d4>d5"))
    game.push(parse_action("end"))
    # Seat 1 now holds both theft markers; its unladen camel goes to d5 and steals back.
    assert game.seat == 1 and game.state().theft == (0, 2)
    game.push(parse_action("d4-d5"))
    assert steal("d5", 0, "I") in game.legal_actions()
    game.push(steal("d5", 0, "I"))
    assert on(game, "d5") == ["1", "2_I"]
    assert game.state().theft == (1, 1)


def test_r10_you_cannot_steal_from_yourself() -> None:
    game = blank()
    game = camel(game, 0, "d4", "I")
    game = camel(game, 0, "d4")
    assert steal("d4", 0, "I") not in game.legal_actions()
    assert "yourself" in (game.why_illegal(steal("d4", 0, "I")) or "")


def test_r10_the_good_must_be_the_one_the_victim_carries() -> None:
    game = blank()
    game = camel(game, 1, "d4", "I")
    game = camel(game, 0, "d4")
    assert game.why_illegal(steal("d4", 1, "G")) is not None
    assert [a for a in game.legal_actions() if isinstance(a, Steal)] == [steal("d4", 1, "I")]


def test_r10_demand_markers_are_never_stolen() -> None:
    game = blank()
    game = camel(game, 1, "c6", "I")
    game = camel(game, 0, "c6")
    game = hold_markers(game, 1, 2)  # from the supply
    game.push(steal("c6", 1, "I"))
    assert game.state().markers == (0, 2)
    check_invariants(game)


def test_r10_steal_choices_name_every_victim_and_good_on_the_square() -> None:
    game = blank(players=4)
    game = camel(game, 0, "d4")
    game = camel(game, 1, "d4", "I")
    game = camel(game, 2, "d4", "G")
    game = camel(game, 3, "d4", "S", under=True)
    steals = [a for a in game.legal_actions() if isinstance(a, Steal)]
    assert steals == [steal("d4", 1, "I"), steal("d4", 2, "G")]
    assert game.why_illegal(steal("d4", 3, "S")) is not None


def test_i2_a_steal_may_not_leave_all_your_camels_laden() -> None:
    game = blank()
    for name, letter in (("a1", "M"), ("a2", "W"), ("a3", "S"), ("a4", "H")):
        game = camel(game, 0, name, letter)
    game = camel(game, 0, "d4")
    game = camel(game, 1, "d4", "I")
    assert steal("d4", 1, "I") not in game.legal_actions()
    assert "I2" in (game.why_illegal(steal("d4", 1, "I")) or "")


def test_i2_steal_allowed_while_another_camel_stays_unladen() -> None:
    game = blank(casual=True)
    for name, letter in (("a1", "M"), ("a2", "W"), ("a3", "S"), ("a4", "H")):
        game = camel(game, 0, name, letter)
    game = camel(game, 0, "d4")
    game = camel(game, 1, "d4", "I")
    # Casual: the sixth camel is still in supply and unladen.
    assert game.why_illegal(steal("d4", 1, "I")) is None
    game.push(steal("d4", 1, "I"))
    assert game.held(0) == 5
