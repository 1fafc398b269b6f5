"""Undo and redo: exact restoration, identical redraws, and how far a player may take back."""

from __future__ import annotations

import random

import pytest

from caravan.actions import END_TURN, PICK, PLACE
from caravan.events import Refilled
from caravan.game import Game
from caravan.options import Options, default_players
from caravan.playout import courier_action
from tests.positions import blank, refill_ready, sq


def test_undo_restores_the_exact_state_after_every_action() -> None:
    game = Game(Options(players=default_players(3), casual=True), seed=21)
    rng = random.Random(21)
    keys = [game.state_key()]
    legal = [game.legal_actions()]
    while not game.is_over() and len(keys) < 400:
        game.push(courier_action(game, rng))
        keys.append(game.state_key())
        legal.append(game.legal_actions())
    while game.history:
        keys.pop()
        legal.pop()
        game.pop()
        assert game.state_key() == keys[-1]
        assert game.legal_actions() == legal[-1]
    with pytest.raises(IndexError):
        game.pop()


def test_redo_replays_the_same_draws_and_events() -> None:
    game = refill_ready()
    before = game.state_key()
    events = game.push(PICK[sq("c6")])
    after = game.state_key()
    assert any(isinstance(e, Refilled) for e in events)
    for _ in range(3):
        game.pop()
        assert game.state_key() == before
        assert game.redo() == events
        assert game.state_key() == after
    with pytest.raises(IndexError):
        game.redo()


def test_a_new_action_after_undo_drops_the_redo() -> None:
    game = blank()
    game.push(PLACE[sq("a1")])
    game.pop()
    assert game.can_redo()
    game.push(PLACE[sq("b1")])
    assert not game.can_redo()


def test_undoable_stops_at_a_turn_boundary() -> None:
    game = Game(Options(), seed=2)
    game.push(PLACE[sq("d4")])
    assert game.undoable() == 1
    game.push(END_TURN)
    assert game.undoable() == 0
    game.push(PLACE[sq("b4")])
    game.push(PLACE[sq("c2")])
    assert game.undoable() == 2


def test_undoable_stops_at_a_refill_and_last_revealed_says_why() -> None:
    game = refill_ready()
    game.push(PLACE[sq("d2")])
    assert game.undoable() == 1 and not game.last_revealed()
    game.push(PICK[sq("c6")])  # refill: draws seen
    assert game.last_revealed()
    assert game.undoable() == 0
    game.push(PLACE[sq("d3")])
    assert not game.last_revealed()
    assert game.undoable() == 1


def test_last_revealed_is_false_on_a_new_game() -> None:
    game = Game(Options(), seed=2)
    assert not game.last_revealed()
    assert game.undoable() == 0


def test_undo_of_the_game_ending_delivery_reopens_the_game() -> None:
    game = Game(Options(short=True), seed=6)
    rng = random.Random(6)
    while not game.is_over():
        game.push(courier_action(game, rng))
    final = game.state_key()
    game.pop()
    assert not game.is_over() and game.legal_actions()
    game.redo()
    assert game.state_key() == final and game.over == "delivery"


def test_r8_undoing_a_pick_up_of_many_demand_markers_puts_every_one_back() -> None:
    """A position may hold all 44 markers but the set-up's on one square (I9):
    the pick-up takes them all (R8) and pop restores them exactly."""
    text = "2 a1*1/g1*1/c6I*40:1/a7*1/g7*1 *0$1/*0$1 I2C3G3P3M9W9S9H9 1 1 3 - -"
    game = Game.from_position(text)
    game.push(PICK[sq("c6")])
    assert game.markers_held(0) == 40 and game.demand_at(sq("c6")) == 0
    game.pop()
    assert game.position() == text
