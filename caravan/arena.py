"""The arena: bots play each other over many games, and the results say who is stronger.

    python -m caravan.arena BOT BOT [BOT BOT] --games N [--players K] [--seed S]
        [--workers W] [--dask ADDRESS] [--json] [--out games.jsonl]
        [--short] [--casual] [--max-turns T]

A BOT is a built-in name with options (``medium``, ``hard:budget=0.5``) or an
import path ``package.module:Name`` (docs/BOTS.md). The bots listed are the
seats of every game; with ``--players`` larger than the list, the last bot
fills the other seats (``hard medium --players 4``: one hard, three medium).
Game ``i`` rotates the line-up by ``i mod K`` seats, with seat 1 starting, so
each bot plays from every seat and starts as often as the others; the K
rotations of one deal share its set-up and draws (``--seed`` and the deal's
number), as seat-swapped pairs do.

Games fan out over local processes (``--workers``, default the CPU count;
1 plays in this process) or a Dask cluster (``--dask tcp://host:8786``,
``pip install caravan[arena]``). Every game depends only on the seed and its
number, so the results are the same whatever the backend and worker count
(for bots with iteration budgets; a wall-clock budget depends on the machine).
``--out`` appends one JSON line per game, its record under ``"record"``
(docs/RECORD.md); run the same command again to resume a stopped run.

The table: win rate (a shared victory counts as a fraction, R17) with a 95%
Wilson interval, mean score, mean game length in turns, think time per turn
(CPU, mean and 95th percentile). ``--json``: the last line printed is one
JSON object with the same numbers. Illegal actions and unfinished games
(stopped at the turn limit, I10) are counted and reported.
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import os
import sys
from collections.abc import Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from . import record
from .bots import BotSpecError, make_bot, parse_spec, play_game
from .game import Game
from .options import Options, default_players

_MASK = (1 << 64) - 1


class ArenaError(Exception):
    """Something the person running the arena has to change (said in plain words)."""


def _mix(*parts: int) -> int:
    """A 64-bit seed from ints (SplitMix64's finaliser over each part in turn)."""
    z = 0x9E3779B97F4A7C15
    for p in parts:
        z = (z ^ (p & _MASK)) * 0xBF58476D1CE4E5B9 & _MASK
        z = (z ^ (z >> 27)) * 0x94D049BB133111EB & _MASK
        z ^= z >> 31
    return z


@dataclass(frozen=True)
class Run:
    """What a tournament is: enough to play any of its games, anywhere."""

    bots: tuple[str, ...]  # the spec of each seat of the line-up
    names: tuple[str, ...]  # the bots' names in the table (a repeated spec gets #2, #3)
    players: int
    games: int
    seed: int
    short: bool
    casual: bool
    max_turns: int

    def key(self) -> dict[str, Any]:
        """What must match for ``--out`` to resume a run."""
        return {
            "bots": list(self.bots),
            "players": self.players,
            "seed": self.seed,
            "short": self.short,
            "casual": self.casual,
            "max_turns": self.max_turns,
        }


def names_for(specs: Iterable[str]) -> tuple[str, ...]:
    """Each spec's name in the table; one given again gets a suffix (``hard``, ``hard#2``)."""
    out: list[str] = []
    for spec in specs:
        n = sum(1 for s in out if s.split("#")[0] == spec)
        out.append(spec if n == 0 else f"{spec}#{n + 1}")
    return tuple(out)


def line_up(run: Run, index: int) -> list[int]:
    """For game ``index``: the line-up entry (into run.bots) that plays each seat."""
    k = run.players
    r = index % k
    return [(s + r) % k for s in range(k)]


def play_one(run: Run, index: int) -> dict[str, Any]:
    """Play game ``index`` of ``run``; a JSON-ready result (what ``--out`` writes)."""
    deal = index // run.players
    seats = line_up(run, index)
    options = Options(
        players=default_players(run.players),
        short=run.short,
        casual=run.casual,
        start=0,
        max_turns=run.max_turns,
    )
    game = Game(options, seed=_mix(run.seed, deal))
    bots = [
        make_bot(run.bots[entry], seed=_mix(run.seed, index, seat, 1)) for seat, entry in enumerate(seats)
    ]
    result = play_game(game, bots)
    return {
        "index": index,
        "run": run.key(),
        "seats": [run.names[entry] for entry in seats],
        "scores": result.scores,
        "winners": list(result.winners),
        "reason": result.reason,
        "turns": result.turns,
        "actions": result.actions,
        "think_ms": [[round(t * 1000, 3) for t in per_seat] for per_seat in result.think],
        "illegal": None if result.illegal is None else {"seat": result.illegal[0], "why": result.illegal[1]},
        "record": record.to_dict(game),
    }


def _local(run: Run, todo: list[int], workers: int) -> Iterator[dict[str, Any]]:
    if workers <= 1:
        for i in todo:
            yield play_one(run, i)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(play_one, run, i) for i in todo]
        for future in as_completed(futures):
            yield future.result()


def _dask(run: Run, todo: list[int], address: str) -> Iterator[dict[str, Any]]:
    try:
        from distributed import Client
        from distributed import as_completed as dask_completed
    except ImportError as error:
        raise ArenaError("--dask needs the Dask client: pip install caravan[arena]") from error
    with Client(address, set_as_default=False) as client:  # type: ignore[no-untyped-call]
        futures = client.map(play_one, [run] * len(todo), todo, pure=False)
        for future in dask_completed(futures, loop=client.loop):  # type: ignore[no-untyped-call]
            yield future.result()


class Progress:
    """A progress bar with tqdm on a terminal (if installed), else a plain line now and then."""

    def __init__(self, total: int, done: int, stream: TextIO) -> None:
        self.total, self.done, self.stream = total, done, stream
        self.bar: Any = None
        if stream.isatty():
            try:  # optional: a bar on a terminal when tqdm is installed
                tqdm = importlib.import_module("tqdm").tqdm
            except ImportError:
                pass
            else:
                self.bar = tqdm(total=total, initial=done, unit="game", file=stream)
        self.step = max(1, total // 20)

    def advance(self) -> None:
        self.done += 1
        if self.bar is not None:
            self.bar.update(1)
        elif self.done % self.step == 0 or self.done == self.total:
            print(f"arena: {self.done}/{self.total} games", file=self.stream, flush=True)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate (wins may be fractional: shared victories)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (max(0.0, (centre - spread) / (1 + z * z / n)), min(1.0, (centre + spread) / (1 + z * z / n)))


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(q * len(ordered)) - 1)]


def summarise(run: Run, results: list[dict[str, Any]]) -> dict[str, Any]:
    """The table's numbers, from the games' results in order of their index."""
    results = sorted(results, key=lambda r: r["index"])
    bots: dict[str, Any] = {}
    for name in run.names:
        wins = 0.0
        scores: list[int] = []
        think: list[float] = []
        for r in results:
            for seat, who in enumerate(r["seats"]):
                if who != name:
                    continue
                scores.append(r["scores"][seat])
                think.extend(r["think_ms"][seat])
                if seat in r["winners"]:
                    wins += 1 / len(r["winners"])
        n = len(scores)
        lo, hi = wilson(wins, n)
        bots[name] = {
            "games": n,
            "win_rate": round(wins / n, 4) if n else 0.0,
            "ci95": [round(lo, 4), round(hi, 4)],
            "mean_score": round(sum(scores) / n, 2) if n else 0.0,
            "think_ms_mean": round(sum(think) / len(think), 2) if think else 0.0,
            "think_ms_p95": round(_percentile(think, 0.95), 2),
        }
    return {
        "games": len(results),
        "bots": bots,
        "mean_turns": round(sum(r["turns"] for r in results) / len(results), 1) if results else 0.0,
        "illegal": sum(1 for r in results if r["illegal"] is not None),
        "unfinished": sum(1 for r in results if r["reason"] != "delivery"),
    }


def table(summary: dict[str, Any]) -> str:
    rows = [f"{summary['games']} games, {summary['mean_turns']} turns on average"]
    head = (
        f"{'bot':<24} {'games':>5} {'win rate':>8} {'95% interval':>14} {'score':>6} "
        f"{'ms/turn':>8} {'p95 ms':>8}"
    )
    rows.append(head)
    for name, b in summary["bots"].items():
        lo, hi = b["ci95"]
        rows.append(
            f"{name:<24} {b['games']:>5} {b['win_rate']:>8.1%} {f'{lo:.1%}–{hi:.1%}':>14} "
            f"{b['mean_score']:>6.1f} {b['think_ms_mean']:>8.1f} {b['think_ms_p95']:>8.1f}"
        )
    rows.append(f"illegal actions: {summary['illegal']}, unfinished games: {summary['unfinished']}")
    return "\n".join(rows)


def _resume(path: Path, run: Run) -> list[dict[str, Any]]:
    """The games a stopped run already wrote to ``path`` (lines cut short are played again)."""
    if not path.exists():
        return []
    done: dict[int, dict[str, Any]] = {}
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        try:
            data = json.loads(line)
        except json.JSONDecodeError:
            continue  # the last line of a run stopped mid-write
        if not isinstance(data, dict) or data.get("run") != run.key():
            raise ArenaError(
                f"{path}:{n} is a game of another run (other bots, seed or variant): use another --out"
            )
        index = data.get("index")
        if isinstance(index, int) and 0 <= index < run.games:
            done[index] = data
    return list(done.values())


def run_arena(
    run: Run,
    *,
    workers: int = 1,
    dask: str | None = None,
    out: Path | None = None,
    progress: TextIO | None = None,
) -> dict[str, Any]:
    """Play the run's games (those ``out`` does not hold yet) and return ``summarise``'s numbers."""
    results = _resume(out, run) if out is not None else []
    have = {r["index"] for r in results}
    todo = [i for i in range(run.games) if i not in have]
    source = _dask(run, todo, dask) if dask is not None else _local(run, todo, workers)
    bar = Progress(run.games, len(results), progress) if progress is not None else None
    sink = out.open("a", encoding="utf-8") if out is not None else None
    try:
        for result in source:
            results.append(result)
            if sink is not None:
                sink.write(json.dumps(result, ensure_ascii=False, separators=(",", ":")) + "\n")
                sink.flush()
            if bar is not None:
                bar.advance()
    finally:
        if sink is not None:
            sink.close()
        if bar is not None:
            bar.close()
    return summarise(run, results)


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m caravan.arena",
        description="Play bots against each other and report who is stronger (docs/BOTS.md).",
    )
    p.add_argument(
        "bots",
        nargs="+",
        metavar="BOT",
        help="random, courier, easy, medium, hard[:key=value,...] or module:Name",
    )
    p.add_argument("--games", type=int, required=True, help="games to play")
    p.add_argument("--players", type=int, default=None, help="players per game (default: the bots listed)")
    p.add_argument("--seed", type=int, default=1, help="the run's seed: the same seed plays the same games")
    p.add_argument(
        "--workers", type=int, default=os.cpu_count() or 1, help="local processes (default: CPU count)"
    )
    p.add_argument("--dask", metavar="ADDRESS", help="play on a Dask cluster (tcp://host:8786) instead")
    p.add_argument("--out", type=Path, help="append one JSON line per game; the same command resumes")
    p.add_argument("--json", action="store_true", help="end with one JSON line of the results")
    p.add_argument("--short", action="store_true", help="the short variant (R2)")
    p.add_argument("--casual", action="store_true", help="the casual variant (6 camels, R1)")
    p.add_argument(
        "--max-turns", type=int, default=1000, help="stop a game unfinished after this many turns (I10)"
    )
    return p


def main(argv: list[str] | None = None, *, stdout: TextIO | None = None, stderr: TextIO | None = None) -> int:
    out, err = stdout or sys.stdout, stderr or sys.stderr
    args = _parser().parse_args(argv)
    players = args.players if args.players is not None else len(args.bots)
    if not 2 <= players <= 4 or len(args.bots) > players:
        print("arena: a game has 2 to 4 players, and no more bots than players", file=err)
        return 2
    if args.games < 1 or args.max_turns < 1:
        print("arena: --games and --max-turns must be at least 1", file=err)
        return 2
    specs = tuple(args.bots) + (args.bots[-1],) * (players - len(args.bots))
    try:
        for spec in specs:
            parse_spec(spec)
            make_bot(spec)
    except BotSpecError as error:
        print(f"arena: {error}", file=err)
        return 2
    run = Run(
        specs, names_for(specs), players, args.games, args.seed, args.short, args.casual, args.max_turns
    )
    try:
        summary = run_arena(run, workers=args.workers, dask=args.dask, out=args.out, progress=err)
    except ArenaError as error:
        print(f"arena: {error}", file=err)
        return 2
    print(table(summary), file=out)
    if args.json:
        print(json.dumps(summary, separators=(",", ":")), file=out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
