"""What a search pays to copy a position, and to write and read one.

Compares ``Game.copy()`` (history and undo stack included) with
``Game.copy_position()`` (the position alone) at the start of a game and
after 100 and 500 actions of a courier game, plus ``state()``,
``position()`` and ``Game.from_position``. CPU time per call, best and
median of 7 repetitions (the slower ones measure the machine's noise).

    python3 bench/positions.py
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from caravan import Game, Options, SeededChance, default_players
from caravan.playout import courier_action

REPEATS = 7


def per_call(fn: Callable[[], object], budget: float = 0.05) -> tuple[float, float]:
    """(best, median) CPU seconds per call of ``fn``."""
    n = 1
    while True:
        start = time.process_time()
        for _ in range(n):
            fn()
        if time.process_time() - start >= budget / 5:
            break
        n *= 2
    times = []
    for _ in range(REPEATS):
        start = time.process_time()
        for _ in range(n):
            fn()
        times.append((time.process_time() - start) / n)
    return min(times), statistics.median(times)


def game_after(actions: int, players: int = 4) -> Game:
    """A courier game after ``actions`` actions (the first seed whose game lasts that long)."""
    for seed in range(1, 100):
        game = Game(Options(players=default_players(players)), seed=seed)
        rng = random.Random(seed)
        while len(game.history) < actions and not game.is_over():
            game.push(courier_action(game, rng))
        if len(game.history) == actions:
            return game
    raise AssertionError(f"no courier game lasted {actions} actions")


def rows_for(game: Game, chance: SeededChance) -> list[tuple[str, Callable[[], object]]]:
    text = game.position()
    return [
        ("copy()", lambda: game.copy(chance=chance)),
        ("copy_position()", lambda: game.copy_position(chance=chance)),
        ("state()", game.state),
        ("position()", game.position),
        ("Game.from_position(text)", lambda: Game.from_position(text, chance=chance)),
    ]


def main() -> None:
    chance = SeededChance(0)
    print(f"Python {sys.version.split()[0]}; microseconds of CPU per call, best (median) of {REPEATS}")
    for actions in (0, 100, 500):
        game = game_after(actions)
        rows = rows_for(game, chance)
        print(f"after {len(game.history)} actions (4 players):")
        for name, fn in rows:
            best, median = per_call(fn)
            print(f"  {name:26} {best * 1e6:8.1f} ({median * 1e6:.1f})")


if __name__ == "__main__":
    main()
