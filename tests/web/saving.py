"""Test helper: Apps on a fake storage, playing games by the courier policy."""

from __future__ import annotations

import random
from itertools import count

from caravan.game import Game
from caravan.options import Options, default_players
from caravan.playout import courier_action
from web.app.app import App
from web.app.saved import Saves
from web.app.storage import MemoryStorage

PATH = "/caravan/"


def make_app(
    storage: MemoryStorage | None = None, path: str = PATH, seed: int = 1
) -> tuple[App, MemoryStorage]:
    storage = storage if storage is not None else MemoryStorage()
    clock = count(1_700_000_000_000, 60_000)
    app = App(
        seed=seed, saves=Saves(storage, path), now=lambda: next(clock), base_url="https://x.test/caravan/"
    )
    return app, storage


def play(app: App, n: int, seed: int = 0) -> None:
    """``n`` actions through App.act, as the page takes them."""
    rng = random.Random(seed)
    for _ in range(n):
        assert app.game is not None
        if app.game.is_over():
            return
        app.act(str(courier_action(app.game, rng)))


def game_with(n: int, seed: int = 3, players: int = 2) -> Game:
    game = Game(Options(players=default_players(players)), seed=seed)
    rng = random.Random(seed)
    for _ in range(n):
        game.push(courier_action(game, rng))
    return game
