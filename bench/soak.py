"""The bots' soak: many arena games across every strength, player count and
variant, counting illegal actions and unfinished games (issue 12: 0 of each
in 10,000 games). Too long for ``make test``; a maintainer runs it:

    nice -n 15 python3 bench/soak.py --games 10000 --out build/soak [--workers W]

The games are spread evenly over cells: 2, 3 and 4 players x the four
variants (full, short R2, casual R1, both) x four line-ups drawn in turn from
``easy``, ``medium``, ``hard`` (at a reduced iteration budget, ``--hard``, so
the soak fits in hours rather than days) and ``courier``. Each cell is one
arena run (``caravan.arena``: seats and the start player rotate) with its
own ``--out`` file under the ``--out`` folder, so a stopped soak resumes where
it was with the same command (or with a larger ``--games``); ``--shard 1/2`` and
``--shard 2/2`` split the cells between two processes. The cells are
played in passes, ``--chunk`` games each, so a soak stopped early has
covered all of them alike. Prints one line per cell, then the totals; with
``--json`` a last line ``{"games": n, "illegal": i, "unfinished": u, ...}``.
Exits 1 if any game had an illegal action or did not finish.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from caravan.arena import Run, names_for, run_arena

VARIANTS = (
    ("full", False, False),
    ("short", True, False),
    ("casual", False, True),
    ("casual-short", True, True),
)


def strengths(hard_iterations: int) -> tuple[str, ...]:
    return ("easy", "medium", f"hard:iterations={hard_iterations}", "courier")


def cells(hard_iterations: int) -> list[tuple[int, str, bool, bool, tuple[str, ...]]]:
    """(players, variant, short, casual, line-up) for every cell, in a fixed order."""
    bots = strengths(hard_iterations)
    out = []
    for players in (2, 3, 4):
        for variant, short, casual in VARIANTS:
            for first in range(len(bots)):
                line_up = tuple(bots[(first + k) % len(bots)] for k in range(players))
                out.append((players, variant, short, casual, line_up))
    return out


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=10_000, help="games in all (spread over the cells)")
    p.add_argument("--out", type=Path, default=Path("build/soak"), help="folder of the cells' JSONL files")
    p.add_argument("--hard", type=int, default=1500, help="hard's budget (positions evaluated)")
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--chunk", type=int, default=5, help="games per cell in each pass over the cells")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--max-turns", type=int, default=1000)
    p.add_argument("--json", action="store_true")
    p.add_argument("--shard", default="1/1", help="K/N: only every N-th cell from the K-th (parallel soaks)")
    args = p.parse_args()
    shard, shards = (int(x) for x in args.shard.split("/"))
    every = cells(args.hard)
    per_cell = math.ceil(args.games / len(every))
    todo = [(n, cell) for n, cell in enumerate(every) if n % shards == shard - 1]
    args.out.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    totals: dict[str, dict[str, int]] = {}
    # Passes over the cells, ``--chunk`` more games per cell each time, so a soak
    # stopped early has covered every cell alike.
    for upto in range(args.chunk, per_cell + args.chunk, args.chunk):
        for n, (players, variant, short, casual, line_up) in todo:
            games = min(upto, per_cell)
            seed = args.seed + n
            run = Run(line_up, names_for(line_up), players, games, seed, short, casual, args.max_turns)
            name = f"{players}p-{variant}-" + "-".join(b.split(":")[0] for b in line_up)
            summary = run_arena(run, workers=args.workers, out=args.out / f"{name}.jsonl")
            totals[name] = {k: summary[k] for k in ("games", "illegal", "unfinished")}
        games = sum(t["games"] for t in totals.values())
        illegal = sum(t["illegal"] for t in totals.values())
        unfinished = sum(t["unfinished"] for t in totals.values())
        print(f"soak: {games} games so far, {illegal} with an illegal action, {unfinished} unfinished")
        sys.stdout.flush()
    for name, t in totals.items():
        print(f"{name:<44} {t['games']:>5} games  illegal {t['illegal']}  unfinished {t['unfinished']}")
    minutes = (time.perf_counter() - start) / 60
    print(f"soak: {games} games, {illegal} illegal, {unfinished} unfinished ({minutes:.0f} min)")
    if args.json:
        print(json.dumps({"games": games, "illegal": illegal, "unfinished": unfinished, "cells": len(todo)}))
    return 1 if illegal or unfinished else 0


if __name__ == "__main__":
    sys.exit(main())
