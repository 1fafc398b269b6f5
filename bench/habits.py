"""What each bot does in arena games, against the habits people saw in a weak bot.

    python3 bench/habits.py games.jsonl [more.jsonl ...]

Reads the records that ``python -m caravan.arena ... --out games.jsonl``
keeps and replays each game through the engine's public API, then says per
bot, as means per game: points scored; goods stolen (R10); theft markers
still held at the end (never used); the share of its turns ended holding
4 goods or more (clogged: no pick-up or steal is left, R9, I2); how far
from its city a good it picked up lay (R8: squares); goods moved away
from their city along its camels (R11) per game; and goods still held at
the end (the R16 penalty).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from caravan import Good, record
from caravan.actions import EndTurn, MoveGood, PickUp, Steal

SIZE = 7


def distance(a: int, b: int) -> int:
    return abs(a % SIZE - b % SIZE) + abs(a // SIZE - b // SIZE)


def habits(paths: list[Path]) -> dict[str, dict[str, list[float]]]:
    """Per bot (the arena's name, ``hard#2`` counted as ``hard``), per habit, one value per game."""
    out: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    for path in paths:
        for line in path.open(encoding="utf-8"):
            row = json.loads(line)
            game = record.from_dict(row["record"])
            steps = list(game.history)
            while game.history:
                game.pop()
            stole: dict[int, int] = defaultdict(int)
            away: dict[int, int] = defaultdict(int)
            clogged: dict[int, int] = defaultdict(int)
            turns: dict[int, int] = defaultdict(int)
            far: dict[int, list[int]] = defaultdict(list)
            for step in steps:
                action, seat = step.action, step.seat
                if isinstance(action, PickUp):
                    loose = game.loose_at(action.at)
                    if loose is not None:
                        far[seat].append(distance(action.at, Good(loose).city_square))
                if isinstance(action, MoveGood):
                    city = Good(action.good).city_square
                    away[seat] += distance(action.to, city) > distance(action.frm, city)
                stole[seat] += isinstance(action, Steal)
                game.push_recorded(action, step.draws)
                if isinstance(action, EndTurn):
                    turns[seat] += 1
                    clogged[seat] += game.held(seat) >= 4
            for seat, name in enumerate(row["seats"]):
                bot = out[name.split("#")[0]]
                bot["score"].append(row["scores"][seat])
                bot["stolen"].append(stole[seat])
                bot["theft markers kept"].append(game.theft_markers(seat))
                bot["turns clogged"].append(clogged[seat] / max(1, turns[seat]))
                bot["pick-up's distance"].append(statistics.mean(far[seat]) if far[seat] else 0.0)
                bot["goods moved away"].append(away[seat])
                bot["held at the end"].append(game.held(seat))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", type=Path, nargs="+")
    args = parser.parse_args(argv)
    found = habits(args.files)
    names = sorted(found)
    first = found[names[0]]
    print(f"{'per game (mean)':<22}" + "".join(f"{n:>12}" for n in names))
    for habit in first:
        cells = "".join(f"{statistics.mean(found[n][habit]):>12.2f}" for n in names)
        print(f"{habit:<22}{cells}")
    print(f"{'games':<22}" + "".join(f"{len(found[n]['score']):>12}" for n in names))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
