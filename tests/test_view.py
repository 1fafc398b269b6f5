"""I11: a player's view of the game keeps the board and hides the future of the bag."""

from __future__ import annotations

import random

from caravan.actions import PLACE, Action
from caravan.game import Game
from caravan.options import Options, default_players
from caravan.playout import courier_action


def draws_until(game: Game, actions: list[Action]) -> tuple[int, ...]:
    """Replay ``actions`` on ``game`` until the first one that draws; return its draws."""
    for action in actions:
        game.push(action)
        if game.history[-1].draws:
            return game.history[-1].draws
    raise AssertionError("no draw")


def test_i11_view_does_not_draw_the_same_future_goods() -> None:
    differs = 0
    for seed in range(8):
        game = Game(Options(players=default_players(3)), seed=seed)
        view = game.view(1)
        assert view.state_key() == game.state_key()
        rng = random.Random(seed)
        actions = []
        while not (game.history and game.history[-1].draws):
            actions.append(courier_action(game, rng))
            game.push(actions[-1])
        if draws_until(view, actions) != game.history[-1].draws:
            differs += 1
    assert differs >= 1


def test_i11_view_carries_no_redo_and_no_generator_of_the_game() -> None:
    game = Game(Options(), seed=3)
    game.push(PLACE[24])
    game.pop()
    assert game.can_redo()
    view = game.view(0)
    assert not view.can_redo()
    assert view.chance is not game.chance
    assert view.history == game.history


def test_i11_view_is_independent_of_the_game() -> None:
    game = Game(Options(), seed=3)
    view = game.view(1)
    view.push(PLACE[24])
    assert len(game.camels_at(24)) == 0 and game.history == []
    game.push(PLACE[30])
    assert len(view.camels_at(30)) == 0
    view.pop()
    assert view.state_key() != game.state_key()
    game.pop()
    assert view.state_key() == game.state_key()
