"""Self-play games for fitting the hard bot's evaluation (tools/fit_eval.py).

    python3 tools/selfplay.py --games 400 --out build/selfplay.jsonl [--seed 1] [--workers 2]

Each game is played by bots of the built-in strengths (``medium`` in most
seats, now and then ``easy`` or ``hard@1`` for variety), 2 to 4 players,
full and short (R2). One JSON line per game: the options, and for every
turn's start the position (docs/POSITION.md) and the seat to move; then the
final scores (R15-R17). The fitting script reads the positions back with
``Game.from_position`` and regresses each seat's final score on the
position's features. A game depends only on ``--seed`` and its number, so a
run can be resumed or split across machines by ``--start``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from caravan import Game, Options  # noqa: E402
from caravan.actions import EndTurn  # noqa: E402
from caravan.bots import make_bot  # noqa: E402
from caravan.options import default_players  # noqa: E402

# (players, short, weight): mostly two players, the page's most common game.
SETUPS = ((2, False, 5), (2, True, 3), (3, False, 1), (3, True, 1), (4, False, 1), (4, True, 1))
LINEUPS = (("medium", 8), ("easy", 1), ("hard@1:iterations=3000", 1))


def play(seed: int) -> dict[str, Any]:
    """One self-play game: its turn-start positions and final scores."""
    rng = random.Random(seed)
    players, short = rng.choices([(p, s) for p, s, _ in SETUPS], weights=[w for *_, w in SETUPS])[0]
    specs = [rng.choices([s for s, _ in LINEUPS], weights=[w for _, w in LINEUPS])[0] for _ in range(players)]
    options = Options(players=default_players(players), short=short, max_turns=400)
    game = Game(options, seed=rng.getrandbits(64))
    bots = [make_bot(spec, seed=rng.getrandbits(32)) for spec in specs]
    positions: list[list[Any]] = [[game.position(), game.seat]]
    while not game.is_over():
        seat = game.seat
        action = bots[seat].act(game.view(seat))
        game.push(action)
        if isinstance(action, EndTurn) and not game.is_over():
            positions.append([game.position(), game.seat])
    return {
        "seed": seed,
        "players": players,
        "short": short,
        "bots": specs,
        "reason": str(game.outcome().reason) if game.outcome() else None,
        "final": [line.total for line in game.score()],
        "positions": positions,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--out", type=Path, default=Path("build/selfplay.jsonl"))
    args = parser.parse_args(argv)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    seeds = [args.seed * 1_000_003 + i for i in range(args.start, args.start + args.games)]
    with args.out.open("a") as out:
        if args.workers <= 1:
            results = map(play, seeds)
            for i, line in enumerate(results):
                out.write(json.dumps(line) + "\n")
                out.flush()
                print(f"selfplay: {i + 1}/{args.games}", file=sys.stderr)
        else:
            with ProcessPoolExecutor(args.workers) as pool:
                for i, line in enumerate(pool.map(play, seeds)):
                    out.write(json.dumps(line) + "\n")
                    out.flush()
                    print(f"selfplay: {i + 1}/{args.games}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
