"""Refill: R13 (at four loose goods: demand markers, then four draws in numeric order),
I6 (mid-turn, nothing when the bag is empty) and I9 (44 demand markers)."""

from __future__ import annotations

import random

import pytest

from caravan.actions import PICK, PLACE
from caravan.board import NUMBERED, square_name
from caravan.events import EndTriggered, GoodPickedUp, Refilled
from caravan.game import Game
from caravan.options import Options, default_players
from caravan.playout import courier_action
from tests.positions import (
    blank,
    camel,
    check_invariants,
    demand,
    five_loose,
    hold_markers,
    keep_in_bag,
    loose,
    refill_ready,
    sq,
)


def test_r13_refill_at_four_loose_goods_marks_them_then_fills_empty_numbered_spaces() -> None:
    game = five_loose(blank())
    game = demand(game, "f5", 1)
    game = camel(game, 0, "c6")
    bag_before = game.bag_count
    events = game.push(PICK[sq("c6")])
    assert isinstance(events[0], GoodPickedUp)
    refill = events[1]
    assert isinstance(refill, Refilled)
    assert refill.marked == tuple(sorted(sq(n) for n in ("a7", "f5", "e2", "g1")))
    # Numbered spaces without a good, in numeric order: 2 g7, 3 c6, 5 b3, 7 a1.
    assert [s for s, _ in refill.placed] == [sq("g7"), sq("c6"), sq("b3"), sq("a1")]
    for s, g in refill.placed:
        assert game.loose_at(s) == g
    assert refill.bag_left == bag_before - 4 == game.bag_count
    assert game.demand_at(sq("f5")) == 2  # a space may collect several
    assert game.demand_at(sq("a7")) == game.demand_at(sq("e2")) == game.demand_at(sq("g1")) == 1
    assert game.demand_at(sq("c6")) == 0  # the picked-up good's space was empty at the refill
    assert len(game.loose_goods()) == 8
    assert all(game.loose_at(s) is not None for s in NUMBERED)
    assert game.history[-1].draws == tuple(g for _, g in refill.placed)
    check_invariants(game)


def test_r13_no_refill_while_more_than_four_goods_are_loose() -> None:
    game = five_loose(blank())
    game = loose(game, "b3", "G")
    game = camel(game, 0, "c6")
    events = game.push(PICK[sq("c6")])
    assert not any(isinstance(e, Refilled) for e in events)
    assert len(game.loose_goods()) == 5


def test_r13_refill_in_a_real_game_comes_with_the_fourth_pick_up() -> None:
    game = Game(Options(), seed=11)
    game.turn, game.left = 4, 4
    squares = [sq(n) for n in ("a7", "g7", "c6", "f5")]
    for s in squares:
        game = camel(game, 0, square_name(s))
    refills = []
    for n, s in enumerate(squares, 1):
        refills += [e for e in game.push(PICK[s]) if isinstance(e, Refilled)]
        assert len(game.loose_goods()) == (8 - n if n < 4 else 8)
    assert len(refills) == 1
    assert [s for s, _ in refills[0].placed] == squares
    assert refills[0].marked == tuple(sorted(set(NUMBERED) - set(squares)))
    # a7 had a set-up demand marker, taken by the pick-up; now it has none, while
    # g1 and a1 (set-up markers, goods still there) have two.
    assert game.demand_at(sq("a7")) == 0 and game.demand_at(sq("g1")) == 2 and game.demand_at(sq("a1")) == 2
    assert game.markers_held(0) == 2
    check_invariants(game)


def test_i6_refill_happens_mid_turn_and_the_turn_goes_on() -> None:
    game = refill_ready()
    game.push(PICK[sq("c6")])
    assert game.seat == 0 and game.left == 3
    # The new good on c6 can be picked up in the same turn by another camel.
    game.push(PLACE[sq("c6")])
    assert game.left == 1
    assert PICK[sq("c6")] in game.legal_actions()
    game.push(PICK[sq("c6")])
    assert game.held(0) == 2 and game.left == 0


def test_i6_nothing_is_refilled_when_the_bag_is_empty() -> None:
    game = refill_ready()
    game = keep_in_bag(game, "")
    supply = game.demand_left()
    events = game.push(PICK[sq("c6")])
    assert [type(e) for e in events] == [GoodPickedUp]
    assert len(game.loose_goods()) == 4
    assert game.demand_left() == supply
    assert game.history[-1].draws == ()


def test_i6_refill_with_less_than_four_goods_in_the_bag_places_what_is_left() -> None:
    game = refill_ready()
    game = keep_in_bag(game, "MW")
    events = game.push(PICK[sq("c6")])
    refill = next(e for e in events if isinstance(e, Refilled))
    assert [s for s, _ in refill.placed] == [sq("g7"), sq("c6")]
    assert sorted(g for _, g in refill.placed) == [4, 5]
    assert isinstance(events[-1], EndTriggered)


def test_i9_demand_markers_run_out_and_only_what_is_left_is_placed() -> None:
    game = refill_ready()
    game = hold_markers(game, 1, 42)  # where the others went: 2 are left
    events = game.push(PICK[sq("c6")])
    refill = next(e for e in events if isinstance(e, Refilled))
    assert len(refill.marked) == 2
    assert game.demand_left() == 0
    assert sum(game.demand_on_board().values()) == 2
    check_invariants(game)


@pytest.mark.parametrize(("short", "refills"), [(False, 10), (True, 6)])
def test_i9_a_whole_game_uses_all_44_markers_over_its_refills(short: bool, refills: int) -> None:
    game = Game(Options(players=default_players(3), short=short, max_turns=2000), seed=4)
    rng = random.Random(4)
    seen: list[Refilled] = []
    while not game.is_over():
        seen += [e for e in game.push(courier_action(game, rng)) if isinstance(e, Refilled)]
    assert game.over == "delivery"
    assert len(seen) == refills
    assert all(len(r.marked) == 4 and len(r.placed) == 4 for r in seen)
    used = 4 + 4 * refills
    assert game.demand_left() == 44 - used
    assert seen[-1].bag_left == 0


def test_r13_draws_needed_says_before_each_action_how_many_goods_it_draws() -> None:
    """Game.draws_needed (what link.py asks before reading draws): the pick-up
    leaving four loose goods draws one per empty numbered space while the bag
    lasts (R13, I6: fewer at its end, none once empty); every other action 0."""
    seen: set[int] = set()
    for seed in range(6):
        game = Game(Options(players=default_players(2 + seed % 3), short=True), seed=seed)
        rng = random.Random(seed)
        while not game.is_over():
            action = courier_action(game, rng)
            needed = game.draws_needed(action)
            game.push(action)
            assert needed == len(game.history[-1].draws), (seed, len(game.history), action)
            seen.add(needed)
    assert seen == {0, 4}  # four empty numbered spaces at every refill of these games
    for bag, draws in (("MW", 2), ("", 0)):  # the bag's last goods; an empty bag (I6)
        game = camel(five_loose(blank()), 0, "c6")
        game = keep_in_bag(game, bag)
        assert game.draws_needed(PICK[sq("c6")]) == draws
        assert game.draws_needed(PLACE[sq("d4")]) == 0
        game.push(PICK[sq("c6")])
        assert len(game.history[-1].draws) == draws
