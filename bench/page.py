"""What one action costs the page as the history grows (issue 11, item 2).

The page saves after every action (web/app/app.py ``_save``: the whole entry,
record included), writes the record into the contract's ``data-record`` on
every render (``App.view``), and the share dialog shows the link on every
render while it is open. This runs that path on CPython, without a browser:
an App holding a game of N actions takes an action and renders, takes it
back and renders (one "action" below is half of that pair), and renders
twice with the share dialog open.

Side by side in one run, chunks taken in turn: the same App work at 10
actions is the anchor, so the ratio says how much more an action costs at
N actions than at the start of a game (1.0: independent of the history).
CPU time (``time.process_time``), median and spread (min-max) of the chunks.

    python3 bench/page.py                 # this tree
    PYTHONPATH=<other tree> python3 bench/page.py   # the same measure of another tree

The browser's Python is about 1.8 times slower (docs/LINK.md).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

if not any(Path(p, "caravan").is_dir() for p in sys.path[1:] if p):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from caravan import Game, MoveCamel, MoveGood, Options, PickUp, PlaceCamel, Steal, city_wants, default_players
from web.app.app import App
from web.app.saved import Saves
from web.app.storage import MemoryStorage

cpu = time.process_time


def long_game(actions: int, seed: int = 5) -> Game:
    """A legal game of ``actions`` actions that never ends: random play that
    never delivers (as bench/engine.py's record_load)."""
    game = Game(Options(players=default_players(4)), seed=seed)
    rng = random.Random(seed)
    while len(game.history) < actions:
        legal = [
            a for a in game.legal_actions() if not (isinstance(a, MoveGood) and city_wants(a.to) == a.good)
        ]
        busy = [a for a in legal if isinstance(a, (PickUp, Steal, MoveGood))]
        game.push(rng.choice(busy) if busy and rng.random() < 0.7 else rng.choice(legal))
    return game


def app_with(game: Game) -> App:
    clock = iter(range(1_700_000_000_000, 10**15, 60_000))
    app = App(saves=Saves(MemoryStorage(), "/caravan/"), now=lambda: next(clock), base_url="https://x.test/")
    app.resume(game)
    app.game_id, app.game_name = "g", "bench"
    app.view()
    return app


def playable(game: Game) -> str | None:
    """An action that draws nothing (so that undo takes it back), if any."""
    legal = [a for a in game.legal_actions() if isinstance(a, (PlaceCamel, MoveCamel))]
    return str(legal[0]) if legal else None


def action_pair(app: App, notation: str) -> Callable[[], None]:
    assert app.game is not None
    n = len(app.game.history)

    def run() -> None:
        app.act(notation)
        app.view()
        assert app.game is not None and len(app.game.history) == n + 1, app.message
        app.undo()
        app.view()

    return run


def at_most(game: Game, n: int) -> tuple[Game, str]:
    """``game`` cut back to at most ``n`` actions, where a camel can move or be placed."""
    game = game.copy()
    while len(game.history) > n or playable(game) is None:
        game.pop()
    notation = playable(game)
    assert notation is not None
    return game, notation


def share_renders(app: App) -> Callable[[], None]:
    def run() -> None:
        app.open_share()
        app.view()
        app.view()

    return run


def chunk(fn: Callable[[], None], n: int) -> float:
    t = cpu()
    for _ in range(n):
        fn()
    return (cpu() - t) / n


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--sizes",
        default="600,1999",
        help="history lengths to measure (comma-separated; 1999: the last action allowed)",
    )
    parser.add_argument("--chunks", type=int, default=7)
    parser.add_argument("--per-chunk", type=int, default=10)
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    biggest = long_game(max(sizes))
    anchor_game = long_game(12)
    print(f"Per action on the page's save and render path (CPU ms; {args.chunks} chunks of {args.per_chunk})")
    head = f"  {'history':>8} {'action+render':>22} {'ratio to 10':>12}"
    print(f"{head} {'2 renders, share open':>24} {'ratio':>8}")
    anchor_game, anchor_move = at_most(anchor_game, 10)
    anchor_app = app_with(anchor_game)
    anchor_act = action_pair(anchor_app, anchor_move)
    anchor_share = share_renders(anchor_app)
    for n in sizes:
        if n != len(at_most(biggest, n)[0].history):
            print(
                f"  (at {n:,}: measured at {len(at_most(biggest, n)[0].history):,}, where a camel can move)"
            )
        game, move = at_most(biggest, n)
        app = app_with(game)
        act = action_pair(app, move)
        shared = share_renders(app)
        acts, shares, ratios, share_ratios = [], [], [], []
        for _ in range(args.chunks):  # in turn: anchor, measured, anchor, measured
            a = chunk(anchor_act, args.per_chunk) / 2
            b = chunk(act, args.per_chunk) / 2
            c = chunk(anchor_share, args.per_chunk)
            d = chunk(shared, args.per_chunk)
            acts.append(b * 1000)
            shares.append(d * 1000)
            ratios.append(b / a)
            share_ratios.append(d / c)
        print(
            f"  {n:>8,} {spread(acts):>22} {statistics.median(ratios):>12.1f} "
            f"{spread(shares):>24} {statistics.median(share_ratios):>8.1f}"
        )


def spread(values: list[float]) -> str:
    return f"{statistics.median(values):.2f} ({min(values):.2f}-{max(values):.2f})"


if __name__ == "__main__":
    main()
