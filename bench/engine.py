"""Engine speed, side by side with python-chess: is Caravan fast enough for bots?

Run as a script (``make bench``); ``--quick`` for a short run, ``--profile``
to see where Caravan's time goes. Every workload uses fixed seeds, is run a
few times (Caravan and chess in turn), and the best repetition (least time)
is reported, as ``timeit`` does: the slower ones measure the machine's
noise, not the engine. The median is printed beside it so that noise is
visible.

Targets (from the project brief): Caravan legal actions enumerated per
second >= 2x chess legal moves per second; Caravan push+pop >= 1x chess.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import platform
import pstats
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import chess

from caravan import Game, Options, SeededChance, default_players
from caravan.actions import Action
from caravan.playout import courier_action

CHESS_PLY_CAP = 400
A = TypeVar("A")
B = TypeVar("B")
now = time.perf_counter


@dataclass(frozen=True)
class Playouts:
    """One repetition of random playouts. ``gen_time`` is the time spent in
    move generation alone (summed around each call); ``time`` is the whole
    playout loop: generation, the random choice, push and the end check."""

    games: int
    steps: int
    enumerated: int
    gen_time: float
    time: float

    @property
    def steps_per_s(self) -> float:
        return self.steps / self.time

    @property
    def enumerated_per_s(self) -> float:
        return self.enumerated / self.gen_time


@dataclass(frozen=True)
class Config:
    reps: int
    caravan_games: int
    chess_games: int
    pushpop_games: int
    courier_games: int
    players: int
    max_turns: int


FULL = Config(
    reps=5, caravan_games=12, chess_games=25, pushpop_games=6, courier_games=6, players=2, max_turns=150
)
QUICK = Config(
    reps=2, caravan_games=3, chess_games=6, pushpop_games=2, courier_games=2, players=2, max_turns=80
)


def _options(cfg: Config, max_turns: int | None) -> Options:
    return Options(players=default_players(cfg.players), max_turns=max_turns)


# ------------------------------------------------------------------ playouts


def caravan_playouts(cfg: Config, seed: int) -> Playouts:
    steps = enumerated = 0
    gen = 0.0
    t0 = now()
    for g in range(cfg.caravan_games):
        game = Game(_options(cfg, cfg.max_turns), seed=seed + g)
        rng = random.Random(seed + g)
        while game.over is None:
            a = now()
            legal = game.legal_actions()
            gen += now() - a
            enumerated += len(legal)
            game.push(rng.choice(legal))
            steps += 1
    return Playouts(cfg.caravan_games, steps, enumerated, gen, now() - t0)


def _chess_over(board: chess.Board, moves: list[chess.Move]) -> bool:
    """Mate, stalemate, dead position or the 75-move rule. Fivefold repetition
    is left out: its check replays the move stack and would dominate the loop."""
    return not moves or board.halfmove_clock >= 150 or board.is_insufficient_material()


def chess_playouts(cfg: Config, seed: int) -> Playouts:
    steps = enumerated = 0
    gen = 0.0
    t0 = now()
    for g in range(cfg.chess_games):
        board = chess.Board()
        rng = random.Random(seed + g)
        for _ in range(CHESS_PLY_CAP):
            a = now()
            moves = list(board.legal_moves)
            gen += now() - a
            if _chess_over(board, moves):
                break
            enumerated += len(moves)
            board.push(rng.choice(moves))
            steps += 1
    return Playouts(cfg.chess_games, steps, enumerated, gen, now() - t0)


# ------------------------------------------------------------------ push+pop


def caravan_positions(cfg: Config, seed: int, every: int = 7) -> list[tuple[Game, list[Action]]]:
    """Positions from random games, each with every action legal in it."""
    out = []
    for g in range(cfg.pushpop_games):
        game = Game(_options(cfg, cfg.max_turns), seed=seed + g)
        rng = random.Random(seed + g)
        while game.over is None:
            legal = game.legal_actions()
            if len(game.history) % every == 0:
                # A seeded copy, so pushes that refill draw the same goods each run.
                out.append((game.copy(chance=SeededChance(seed)), legal))
            game.push(rng.choice(legal))
    return out


def chess_positions(cfg: Config, seed: int, every: int = 3) -> list[tuple[chess.Board, list[chess.Move]]]:
    out = []
    for g in range(cfg.pushpop_games * 3):
        board = chess.Board()
        rng = random.Random(seed + g)
        for ply in range(CHESS_PLY_CAP):
            moves = list(board.legal_moves)
            if _chess_over(board, moves):
                break
            if ply % every == 0:
                out.append((board.copy(), moves))
            board.push(rng.choice(moves))
    return out


def caravan_pushpop(positions: list[tuple[Game, list[Action]]]) -> tuple[int, float]:
    n = 0
    t0 = now()
    for game, legal in positions:
        push, pop = game.push, game.pop
        for action in legal:
            push(action)
            pop()
        n += len(legal)
    return n, now() - t0


def chess_pushpop(positions: list[tuple[chess.Board, list[chess.Move]]]) -> tuple[int, float]:
    n = 0
    t0 = now()
    for board, moves in positions:
        push, pop = board.push, board.pop
        for move in moves:
            push(move)
            pop()
        n += len(moves)
    return n, now() - t0


# ------------------------------------------------------------------- courier


@dataclass(frozen=True)
class Courier:
    games: int
    actions: int
    finished: int  # games that reached the real end of R14 (a delivery after the bag ran out)
    time: float


def courier_playouts(cfg: Config, seed: int) -> Courier:
    actions = finished = 0
    t0 = now()
    for g in range(cfg.courier_games):
        game = Game(_options(cfg, 1000), seed=seed + g)
        rng = random.Random(seed + g)
        while game.over is None:
            game.push(courier_action(game, rng))
            actions += 1
        finished += game.over == "delivery"
    return Courier(cfg.courier_games, actions, finished, now() - t0)


# -------------------------------------------------------------------- report


def _alternate(reps: int, a: Callable[[], A], b: Callable[[], B]) -> tuple[list[A], list[B]]:
    """Repetitions of two workloads taken in turn, so that a burst of load
    on the machine hits both rather than one."""
    ra: list[A] = []
    rb: list[B] = []
    for _ in range(reps):
        ra.append(a())
        rb.append(b())
    return ra, rb


def _best_median(values: list[float]) -> tuple[float, float]:
    return max(values), statistics.median(values)


def _line(label: str, values: list[float], unit: str) -> float:
    best, median = _best_median(values)
    print(f"  {label:<44} {best:>12,.0f} {unit}   (median {median:,.0f})")
    return best


def _ratio(label: str, caravan: float, chess_rate: float, target: float | None = None) -> bool:
    r = caravan / chess_rate
    if target is None:
        print(f"  {label:<44} {r:>8.2f}x")
        return True
    ok = r >= target
    print(f"  {label:<44} {r:>8.2f}x   target >= {target:g}x   {'MET' if ok else 'MISSED'}")
    return ok


def run(cfg: Config) -> bool:
    impl = platform.python_implementation()
    print(f"Python {platform.python_version()} ({impl}), python-chess {chess.__version__}")
    print(
        f"{cfg.reps} repetitions, best shown (median in brackets); Caravan {cfg.players} players, "
        f"random games cut at {cfg.max_turns} turns (I10); chess cut at {CHESS_PLY_CAP} plies"
    )
    seed = 20240
    cr, hr = _alternate(cfg.reps, lambda: caravan_playouts(cfg, seed), lambda: chess_playouts(cfg, seed))
    c0, h0 = cr[0], hr[0]
    print("\nRandom playouts (whole loop: generate, choose, push, check the end)")
    print(f"  Caravan: {c0.games} games, {c0.steps} steps, {c0.enumerated / c0.steps:.1f} actions per step")
    print(f"  chess:   {h0.games} games, {h0.steps} plies, {h0.enumerated / h0.steps:.1f} moves per ply")
    c_steps = _line("Caravan steps/s (whole playout)", [p.steps_per_s for p in cr], "/s")
    h_steps = _line("chess plies/s (whole playout)", [p.steps_per_s for p in hr], "/s")
    print("\nMove generation alone (time inside legal_actions() / list(board.legal_moves))")
    c_gen = _line("Caravan legal actions enumerated/s", [p.enumerated_per_s for p in cr], "/s")
    h_gen = _line("chess legal moves enumerated/s", [p.enumerated_per_s for p in hr], "/s")
    c_calls = _line("Caravan legal_actions() calls/s", [p.steps / p.gen_time for p in cr], "/s")
    h_calls = _line("chess legal_moves lists/s", [p.steps / p.gen_time for p in hr], "/s")

    cpos = caravan_positions(cfg, seed)
    hpos = chess_positions(cfg, seed)
    cp, hp = _alternate(cfg.reps, lambda: caravan_pushpop(cpos), lambda: chess_pushpop(hpos))
    print(
        f"\nPush+pop (apply + undo every legal action of {len(cpos)} Caravan / {len(hpos)} chess "
        "positions from random games)"
    )
    c_pp = _line("Caravan push+pop pairs/s", [n / t for n, t in cp], "/s")
    h_pp = _line("chess push+pop pairs/s", [n / t for n, t in hp], "/s")

    co = [courier_playouts(cfg, seed) for _ in range(cfg.reps)]
    k = co[0]
    print(f"\nCourier playouts ({k.games} games, {cfg.players} players, guard of 1000 turns)")
    print(
        f"  actions per game {k.actions / k.games:,.0f}; reached the real end (R14): {k.finished}/{k.games}"
    )
    _line("courier games/s", [c.games / c.time for c in co], "/s")
    _line("courier actions/s", [c.actions / c.time for c in co], "/s")

    print("\nRatios (Caravan / chess, best against best)")
    _ratio("steps/s vs plies/s (whole playouts)", c_steps, h_steps)
    _ratio("generate calls/s", c_calls, h_calls)
    ok = _ratio("actions enumerated/s vs moves/s", c_gen, h_gen, 2)
    ok &= _ratio("push+pop pairs/s", c_pp, h_pp, 1)
    return ok


def profile(cfg: Config, top: int = 18) -> None:
    """Where Caravan's time goes in random playouts and in push+pop."""
    positions = caravan_positions(cfg, 1)
    work: list[tuple[str, Callable[[], object]]] = [
        ("random playouts", lambda: caravan_playouts(cfg, 1)),
        ("push+pop", lambda: caravan_pushpop(positions)),
    ]
    for name, fn in work:
        prof = cProfile.Profile()
        prof.runcall(fn)
        out = io.StringIO()
        pstats.Stats(prof, stream=out).strip_dirs().sort_stats("tottime").print_stats(top)
        print(f"\n== cProfile: Caravan {name} (by own time) ==")
        print("\n".join(line for line in out.getvalue().splitlines() if line.strip())[:6000])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="a short run (a few seconds)")
    parser.add_argument("--profile", action="store_true", help="also cProfile Caravan's workloads")
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=2)
    args = parser.parse_args(argv)
    base = QUICK if args.quick else FULL
    cfg = Config(**{**base.__dict__, "players": args.players})
    ok = run(cfg)
    if args.profile:
        profile(cfg)
    print(
        "\nall targets met" if ok else "\nsome targets missed (run with --profile to see where the time goes)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
