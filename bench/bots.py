"""How fast the bots think in CPython: the hard bot's iterations (positions
evaluated) per second and think time per turn, medium's think time per turn,
beside an anchor.

The anchor is random playouts on the public API (``copy_position`` +
``legal_actions`` + ``push_legal``: actions per CPU second), measured in the
same run, in turn with the bots, so a busy machine shows as a lower anchor.
Positions: every 8th turn start of courier games (2, 3 and 4 players).
CPU time (``time.process_time``); ROUNDS rounds, median and spread.

    python3 bench/bots.py [--rounds N] [--iterations N]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from caravan import EndTurn, Game, Options, SeededChance, default_players
from caravan.bots import Budget, HardBot, MediumBot, positions_evaluated
from caravan.playout import courier_action


def positions(count: int) -> list[Game]:
    out: list[Game] = []
    for seed in range(1, 50):
        game = Game(Options(players=default_players(2 + seed % 3)), seed=seed)
        rng = random.Random(seed)
        turn = 0
        while not game.is_over() and len(out) < count:
            action = courier_action(game, rng)
            game.push(action)
            if isinstance(action, EndTurn):
                turn += 1
                if turn % 8 == 0 and game.turn > 4:
                    out.append(game.copy_position())
        if len(out) >= count:
            break
    return out


def anchor(games: list[Game], actions: int = 20_000) -> float:
    """Random playout actions per CPU second on the public API."""
    rng = random.Random(1)
    done = 0
    start = time.process_time()
    while done < actions:
        for game in games:
            sim = game.copy_position(chance=SeededChance(done))
            for _ in range(60):
                legal = sim.legal_actions()
                if not legal:
                    break
                sim.push_legal(rng.choice(legal))
                done += 1
    return done / (time.process_time() - start)


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--iterations", type=int, default=None, help="hard's budget (default: HARD_BUDGET)")
    p.add_argument("--positions", type=int, default=8)
    args = p.parse_args()
    games = positions(args.positions)
    rates, hard_turn, medium_turn, iter_rate = [], [], [], []
    for r in range(args.rounds):
        rates.append(anchor(games))
        start = time.process_time()
        for k, game in enumerate(games):
            MediumBot(seed=r * 100 + k).plan(game, Budget())
        medium_turn.append((time.process_time() - start) / len(games))
        start = time.process_time()
        before = positions_evaluated()
        for k, game in enumerate(games):
            HardBot(seed=r * 100 + k).plan(game, Budget(iterations=args.iterations))  # None: by players
        per_turn = (time.process_time() - start) / len(games)
        hard_turn.append(per_turn)
        iter_rate.append((positions_evaluated() - before) / len(games) / per_turn)

    def show(name: str, values: list[float], unit: str, scale: float = 1.0) -> None:
        v = [x * scale for x in values]
        print(f"{name:<44} median {statistics.median(v):10.1f} {unit}  (min {min(v):.1f}, max {max(v):.1f})")

    print(
        f"{len(games)} positions, {args.rounds} rounds, hard at {args.iterations or 'its default'} "
        "iterations (positions evaluated), "
        f"CPython {sys.version.split()[0]}"
    )
    show("anchor: random playout actions / CPU s", rates, "/s")
    show("medium: think time per turn", medium_turn, "ms", 1000)
    show("hard: think time per turn (planner + search)", hard_turn, "ms", 1000)
    show("hard: positions evaluated / CPU s (planner incl.)", iter_rate, "/s")
    ratio = [h * a for h, a in zip(hard_turn, rates, strict=True)]
    show("hard: a turn, in anchor actions", ratio, "actions")


if __name__ == "__main__":
    main()
