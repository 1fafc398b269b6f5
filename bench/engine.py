"""Engine speed and memory, as ratios to python-chess measured in the same run.

Run as a script (``make bench``); ``--quick`` for a short run, ``--players``
for 3 or 4 players, ``--profile`` to see where Caravan's time goes, and
``--engine DIR`` to measure the ``caravan`` package of another checkout
(say, an older commit) with this same script.

How it measures, so that a shared, loaded machine still gives fair figures:
- CPU time (``time.process_time``), not wall-clock time.
- Each workload is cut into chunks, and Caravan's and chess's chunks are
  taken in turn, so a burst of load hits both sides alike.
- The ratio (Caravan's rate / chess's rate) is taken per repetition, and
  the median and the spread (min-max) of the repetitions are printed.
- The work is what the product does: Caravan positions and actions come from
  complete games played by the courier policy (the engine's bots); chess
  positions come from random games, chess's moves being all alike in cost.

Targets (issue 7): push+pop of the actions played >= 1.5x python-chess's
push+pop, every kind of action >= 1x, measured with ``push_legal`` (python-
chess's push does not check the move either; the checked ``push`` is
printed beside it, without a target); the same >= 1.5x with
``push_recorded`` (issue 26: it checks the action and the draws it
recorded, as loading a record or a link and a search replaying a line do,
and returns events); legal actions per position, each
action hashed, >= 2x; <= 200 bytes of memory per action of history; a legal
record of the most actions a record may hold (caravan/limits.py MAX_ACTIONS,
2,000; until issue 11 it was about 124,000) loads in under 1 s.
"""

from __future__ import annotations

import sys
from pathlib import Path

_ENGINE = Path(__file__).resolve().parent.parent
if "--engine" in sys.argv:  # before importing caravan: which one to import
    _ENGINE = Path(sys.argv[sys.argv.index("--engine") + 1]).resolve()
sys.path.insert(0, str(_ENGINE))

import argparse  # noqa: E402
import cProfile  # noqa: E402
import gc  # noqa: E402
import io  # noqa: E402
import platform  # noqa: E402
import pstats  # noqa: E402
import random  # noqa: E402
import statistics  # noqa: E402
import time  # noqa: E402
import tracemalloc  # noqa: E402
from collections.abc import Callable  # noqa: E402
from dataclasses import dataclass  # noqa: E402
from typing import TypeVar  # noqa: E402

import chess  # noqa: E402

from caravan import Game, Options, SeededChance, city_wants, default_players  # noqa: E402
from caravan.actions import Action, MoveCamel, MoveGood, PickUp, PlaceCamel, Steal  # noqa: E402
from caravan.limits import MAX_ACTIONS  # noqa: E402
from caravan.playout import courier_action  # noqa: E402
from caravan.record import dumps, loads  # noqa: E402

cpu = time.process_time
CHESS_PLY_CAP = 400
COURIER_TURN_GUARD = 2000  # a safety net: courier games end by delivery long before (R14)
Chunk = Callable[[], int]  # does some work, returns how many operations it made
Recorded = tuple[Game, Action, tuple[int, ...]]  # a position, the action played, the draws it made
T = TypeVar("T")


@dataclass(frozen=True)
class Config:
    reps: int
    chunks: int
    courier_games: int  # games whose positions feed push+pop and generation
    chess_games: int
    timed_courier_games: int  # games played per repetition for games/s
    passes: int  # passes over the positions per chunk, so chunks are not too short to time
    record_actions: int


# Chunks small enough to stay in the CPU's caches and passed over several
# times, as a search pushes and pops around the same positions: a cold
# first pass over thousands of positions measures the memory, not the engine.
FULL = Config(
    reps=7,
    chunks=24,
    courier_games=12,
    chess_games=40,
    timed_courier_games=6,
    passes=8,
    record_actions=MAX_ACTIONS,
)
QUICK = Config(
    reps=3,
    chunks=8,
    courier_games=3,
    chess_games=10,
    timed_courier_games=2,
    passes=5,
    record_actions=MAX_ACTIONS,
)


# ----------------------------------------------------------------- positions


def courier_positions(players: int, games: int, seed: int) -> list[tuple[Game, Action]]:
    """Every position of complete courier games, each with the action played in it.

    Each position is a copy drawing from a seeded generator, so a push that
    refills draws the same way on every run."""
    out: list[tuple[Game, Action]] = []
    for g in range(games):
        game = Game(Options(players=default_players(players), max_turns=COURIER_TURN_GUARD), seed=seed + g)
        rng = random.Random(seed + g)
        while not game.is_over():
            action = courier_action(game, rng)
            out.append((game.copy(chance=SeededChance(seed + len(out))), action))
            game.push(action)
    return out


def chess_positions(games: int, seed: int) -> list[tuple[chess.Board, chess.Move]]:
    """Every position of random chess games with the move played in it."""
    out = []
    for g in range(games):
        board = chess.Board()
        rng = random.Random(seed + g)
        for _ in range(CHESS_PLY_CAP):
            moves = list(board.legal_moves)
            if not moves or board.halfmove_clock >= 150 or board.is_insufficient_material():
                break
            move = rng.choice(moves)
            out.append((board.copy(), move))
            board.push(move)
    return out


def _cut(items: list[T], n: int) -> list[list[T]]:
    """``items`` in ``n`` interleaved slices (every n-th item), alike in mix."""
    return [items[k::n] for k in range(n)]


# ------------------------------------------------------------------- workloads


def caravan_pushpop(positions: list[Recorded], passes: int, how: str) -> Chunk:
    """push+pop of the action played: ``how`` is "legal" (push_legal), "recorded"
    (push_recorded with the draws the action made) or "checked" (push)."""

    def legal() -> int:
        for _ in range(passes):
            for game, action, _draws in positions:
                game.push_legal(action)
                game.pop()
        return passes * len(positions)

    def replayed() -> int:
        for _ in range(passes):
            for game, action, draws in positions:
                game.push_recorded(action, draws)
                game.pop()
        return passes * len(positions)

    def checked() -> int:
        for _ in range(passes):
            for game, action, _draws in positions:
                game.push(action)
                game.pop()
        return passes * len(positions)

    return {"legal": legal, "recorded": replayed, "checked": checked}[how]


def recorded(positions: list[tuple[Game, Action]]) -> list[Recorded]:
    """Each position with its action and the draws that action made there
    (``game.history[-1].draws``, as a record keeps them)."""
    out: list[Recorded] = []
    for game, action in positions:
        game.push(action)
        out.append((game, action, game.history[-1].draws))
        game.pop()
    return out


def chess_pushpop(positions: list[tuple[chess.Board, chess.Move]], passes: int) -> Chunk:
    def run() -> int:
        for _ in range(passes):
            for board, move in positions:
                board.push(move)
                board.pop()
        return passes * len(positions)

    return run


def caravan_generate(positions: list[tuple[Game, Action]], passes: int, hashed: bool) -> Chunk:
    def run() -> int:
        for _ in range(passes):
            for game, _ in positions:
                if hashed:
                    set(game.legal_actions())
                else:
                    game.legal_actions()
        return passes * len(positions)

    return run


def chess_generate(positions: list[tuple[chess.Board, chess.Move]], passes: int, hashed: bool) -> Chunk:
    def run() -> int:
        for _ in range(passes):
            for board, _ in positions:
                if hashed:
                    set(board.legal_moves)
                else:
                    list(board.legal_moves)
        return passes * len(positions)

    return run


@dataclass(frozen=True)
class Comparison:
    caravan: list[float]  # rate per repetition, operations per CPU second
    chess: list[float]

    @property
    def ratios(self) -> list[float]:
        return [c / h for c, h in zip(self.caravan, self.chess, strict=True)]


def side_by_side(caravan: list[Chunk], chess_: list[Chunk], reps: int) -> Comparison:
    """Chunks of both sides taken in turn, CPU time summed per side and
    repetition, after one repetition of warm-up that is not counted."""
    for a, b in zip(caravan, chess_, strict=True):
        a()
        b()
    cr: list[float] = []
    hr: list[float] = []
    for _ in range(reps):
        cn = hn = 0
        ct = ht = 0.0
        for a, b in zip(caravan, chess_, strict=True):
            t = cpu()
            cn += a()
            ct += cpu() - t
            t = cpu()
            hn += b()
            ht += cpu() - t
        cr.append(cn / ct)
        hr.append(hn / ht)
    return Comparison(cr, hr)


# -------------------------------------------------------------------- output


def _spread(values: list[float], fmt: str) -> str:
    return f"{statistics.median(values):{fmt}} ({min(values):{fmt}}-{max(values):{fmt}})"


def report(label: str, comp: Comparison, target: float | None) -> bool:
    ratio = _spread(comp.ratios, ".2f")
    rates = f"{statistics.median(comp.caravan):>9,.0f}/s vs {statistics.median(comp.chess):>9,.0f}/s"
    ok = target is None or statistics.median(comp.ratios) >= target
    verdict = "" if target is None else f"  target >= {target:g}x {'MET' if ok else 'MISSED'}"
    print(f"  {label:<46} {ratio:>19}x  {rates}{verdict}")
    return ok


# ----------------------------------------------------------------- measures


# How each push is measured: its heading, then its targets (all actions, each kind; None: none).
PUSHES: dict[str, tuple[str, float | None, float | None]] = {
    "legal": ("push_legal (unchecked, no events: like chess's push); >= 1.5x in all, >= 1x per kind", 1.5, 1),
    "recorded": (
        "push_recorded (checks the action and its recorded draws, returns events: loading a record"
        " or a link, a search replaying a line); >= 1.5x in all",
        1.5,
        None,
    ),
    "checked": (
        "push (checked by why_illegal, returns events); no target: chess's push checks nothing",
        None,
        None,
    ),
}


def pushpop(cfg: Config, cpos: list[tuple[Game, Action]], hpos: list[tuple[chess.Board, chess.Move]]) -> bool:
    n = cfg.chunks
    hchunks = [chess_pushpop(c, cfg.passes) for c in _cut(hpos, n)]
    print(
        f"\nPush+pop of the action played, Caravan / chess, median (min-max) of {cfg.reps} repetitions,"
        f" then median rates\n  ({len(cpos):,} positions of {cfg.courier_games} complete courier games;"
        f" {len(hpos):,} of {cfg.chess_games} random chess games)"
    )
    ok = True
    replays = recorded(cpos)
    kinds: dict[str, list[Recorded]] = {}
    for item in replays:
        kinds.setdefault(type(item[1]).__name__, []).append(item)
    refills = sum(bool(draws) for _, action, draws in replays if isinstance(action, PickUp))
    # The targets are for the like-for-like comparison: python-chess's push
    # checks nothing, as push_legal does not; push_recorded checks, as loading
    # a record must, and still has a target. The checked push (what the page
    # and the terminal use) is reported beside them, without one.
    hows = ["legal", "recorded", "checked"] if hasattr(Game, "push_legal") else ["recorded", "checked"]
    for how in hows:
        heading, target, kind_target = PUSHES[how]
        print(f"  {heading}")
        comp = side_by_side(
            [caravan_pushpop(c, cfg.passes, how) for c in _cut(replays, n)], hchunks, cfg.reps
        )
        ok &= report("  all actions played", comp, target)
        for kind, items in sorted(kinds.items(), key=lambda kv: -len(kv[1])):
            # Rare kinds get more passes, so each chunk is long enough to time.
            passes = max(cfg.passes, -(-400 * n // len(items)))
            comp = side_by_side(
                [caravan_pushpop(c, passes, how) for c in _cut(items, n)],
                hchunks,
                cfg.reps,
            )
            share = len(items) / len(cpos)
            note = f", {refills / len(items):.0%} refill" if kind == "PickUp" else ""
            ok &= report(f"    {kind} ({share:.0%} of actions{note})", comp, kind_target)
    if "legal" not in hows:
        print("  (this engine has no push_legal)")
    return ok


def generation(
    cfg: Config, cpos: list[tuple[Game, Action]], hpos: list[tuple[chess.Board, chess.Move]]
) -> bool:
    n = cfg.chunks
    c_actions = sum(len(g.legal_actions()) for g, _ in cpos) / len(cpos)
    h_moves = sum(b.legal_moves.count() for b, _ in hpos) / len(hpos)
    print(
        f"\nLegal actions per position, Caravan / chess (positions per second; {c_actions:.0f} actions"
        f" per Caravan position, {h_moves:.0f} moves per chess position)"
    )
    ok = True
    for hashed in (True, False):
        comp = side_by_side(
            [caravan_generate(c, cfg.passes, hashed) for c in _cut(cpos, n)],
            [chess_generate(c, cfg.passes, hashed) for c in _cut(hpos, n)],
            cfg.reps,
        )
        if hashed:
            ok &= report("each action hashed: set(legal_actions())", comp, 2)
        else:
            report("listed only, not touched: legal_actions()", comp, None)
    interned = PlaceCamel.__hash__ is object.__hash__
    how = "interned, so hashed by identity (C)" if interned else "hashed by value (dataclass __hash__)"
    print(f"  (Caravan's actions are {how}; chess's moves by value, in its Python __hash__)")
    return ok


def courier_games(cfg: Config, players: int) -> None:
    """Complete courier games per CPU second, and the policy's share of that time."""
    rates: list[float] = []
    shares: list[float] = []
    actions = 0
    for _ in range(cfg.reps):
        total = policy = 0.0
        actions = 0
        for g in range(cfg.timed_courier_games):
            seed = 7000 + g
            t0 = cpu()
            game = Game(Options(players=default_players(players), max_turns=COURIER_TURN_GUARD), seed=seed)
            rng = random.Random(seed)
            while not game.is_over():
                t = cpu()
                action = courier_action(game, rng)
                policy += cpu() - t
                game.push(action)
                actions += 1
            total += cpu() - t0
        rates.append(cfg.timed_courier_games / total)
        shares.append(policy / total)
    print(
        f"\nComplete courier games ({players} players, {actions / cfg.timed_courier_games:,.0f} actions"
        f" per game), median (min-max) of {cfg.reps} repetitions"
    )
    print(f"  {'games per CPU second':<46} {_spread(rates, '.1f'):>19}")
    print(f"  {'share of the time in the policy':<46} {_spread([s * 100 for s in shares], '.0f'):>19} %")


def memory(players: int) -> None:
    """Memory the history of a complete courier game keeps, per action."""
    seed = 4242
    options = Options(players=default_players(players), max_turns=COURIER_TURN_GUARD)

    def play() -> Game:
        game = Game(options, seed=seed)
        rng = random.Random(seed)
        while not game.is_over():
            game.push(courier_action(game, rng))
        return game

    play()  # interns the game's actions first: they are shared, not history
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    fresh = Game(options, seed=seed)
    size0 = tracemalloc.get_traced_memory()[0] - base
    del fresh
    base = tracemalloc.get_traced_memory()[0]
    game = play()
    kept = tracemalloc.get_traced_memory()[0] - base - size0
    tracemalloc.stop()
    n = len(game.history)
    print(f"\nMemory of history (tracemalloc, a complete {players}-player courier game of {n} actions)")
    print(f"  {'bytes per action of history':<46} {kept / n:>19,.0f}   target <= 200")


def record_load(cfg: Config) -> None:
    """Load time and memory of a legal record of MAX_ACTIONS actions, the longest one read.

    Random play that takes a pick-up, steal or move of a good when it can
    (7 times in 10) and never delivers, so the game never ends: a record
    heavier in those actions than real games, whose undo costs the most."""
    from caravan.record import MAX_TEXT

    game = Game(Options(players=default_players(4)), seed=5)  # it never delivers: no end
    rng = random.Random(5)
    while not game.is_over() and len(game.history) < cfg.record_actions:
        legal = [
            a for a in game.legal_actions() if not (isinstance(a, MoveGood) and city_wants(a.to) == a.good)
        ]
        busy = [a for a in legal if isinstance(a, (PickUp, Steal, MoveGood))]
        game.push(rng.choice(busy) if busy and rng.random() < 0.7 else rng.choice(legal))
    text = dumps(game)
    while len(text) > MAX_TEXT:  # the record format's limit
        for _ in range(1000):
            game.pop()
        text = dumps(game)
    times = []
    for _ in range(3):
        t = cpu()
        back = loads(text)
        times.append(cpu() - t)
    assert back.state_key() == game.state_key()
    del back
    tracemalloc.start()
    back = loads(text)
    current, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert back.is_over() == game.is_over()
    size = len(text.encode()) / 1000
    camel = sum(isinstance(step.action, (PlaceCamel, MoveCamel)) for step in game.history) / len(game.history)
    print(
        f"\nLoading a legal record (4 players, busy random play, {len(game.history):,} actions of which"
        f" {camel:.0%} camel moves and placements, {size:,.0f} kB)"
    )
    print(f"  {'CPU ms to load (median of 3)':<46} {statistics.median(times) * 1000:>19.1f}   target < 1,000")
    print(f"  {'memory, peak while loading / kept (MB)':<46} {peak / 1e6:>12.1f} / {current / 1e6:.1f}")


def run(cfg: Config, players: int) -> bool:
    python = f"Python {platform.python_version()} ({platform.python_implementation()})"
    print(f"{python}, python-chess {chess.__version__}, Caravan from {_ENGINE}; {players} players")
    cpos = courier_positions(players, cfg.courier_games, 1000)
    hpos = chess_positions(cfg.chess_games, 1000)
    # The thousands of positions kept are set-up, not work: out of the
    # collector's sight, so neither side pays for scanning them.
    gc.collect()
    gc.freeze()
    ok = pushpop(cfg, cpos, hpos)
    ok &= generation(cfg, cpos, hpos)
    courier_games(cfg, players)
    memory(players)
    record_load(cfg)
    return ok


def profile(cfg: Config, players: int, top: int = 18) -> None:
    """Where Caravan's time goes in push+pop and in courier games."""
    positions = courier_positions(players, cfg.courier_games, 1)
    work: list[tuple[str, Callable[[], object]]] = [
        ("push+pop of the actions played", caravan_pushpop(recorded(positions), 1, "checked")),
        ("push_recorded+pop of the actions played", caravan_pushpop(recorded(positions), 1, "recorded")),
        ("legal actions, hashed", caravan_generate(positions, 1, True)),
        ("courier positions (games played)", lambda: courier_positions(players, cfg.courier_games, 1)),
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
    parser.add_argument("--quick", action="store_true", help="a short run")
    parser.add_argument("--profile", action="store_true", help="also cProfile Caravan's workloads")
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=2)
    parser.add_argument(
        "--engine", metavar="DIR", help="measure the caravan package in DIR (another checkout)"
    )
    args = parser.parse_args(argv)
    cfg = QUICK if args.quick else FULL
    ok = run(cfg, args.players)
    if args.profile:
        profile(cfg, args.players)
    print("\nall targets met" if ok else "\nsome targets missed (--profile shows where Caravan's time goes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
