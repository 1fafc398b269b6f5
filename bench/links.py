"""Share-link lengths and speed (docs/LINK.md): are links short enough to paste into a chat?

Plays complete games with the engine's courier policy (fixed seeds, 100 per
player count by default), encodes each as a link and prints the length
distribution per player count, the length after 100 actions, and how long
encoding and decoding take (best of a few runs per game, as ``timeit`` does).
For comparison it prints the length of the JSON record deflated and in
base64url, the placeholder format the codec replaced.

Target (issue 6): p95 <= 900 characters for complete games; chat apps cut
at about 2,000. The browser's Python is about 1.8x slower than CPython.
"""

from __future__ import annotations

import argparse
import base64
import platform
import random
import statistics
import sys
import time
import zlib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from caravan import Game, Options, default_players, link, record
from caravan.playout import courier_action, play

TARGET_P95 = 900
CHAT_LIMIT = 2000
REPEAT = 3


def courier_game(seed: int, players: int, actions: int = 100_000) -> Game:
    game = Game(Options(players=default_players(players)), seed=seed)
    play(game, courier_action, random.Random(seed), max_actions=actions)
    return game


def deflated_json(game: Game) -> int:
    raw = zlib.compress(record.dumps(game).encode("utf-8"), 9)
    return len("c0.") + len(base64.urlsafe_b64encode(raw).rstrip(b"="))


def p95(values: list[int]) -> float:
    return statistics.quantiles(values, n=20, method="inclusive")[-1]


def summary(values: list[int]) -> str:
    return (
        f"min {min(values):4d}  median {statistics.median(values):6.0f}  "
        f"p95 {p95(values):6.0f}  max {max(values):4d}"
    )


def best_time(fn: object, *args: object) -> float:
    assert callable(fn)
    best = float("inf")
    for _ in range(REPEAT):
        t0 = time.perf_counter()
        fn(*args)
        best = min(best, time.perf_counter() - t0)
    return best


def main() -> int:
    raw = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=raw)
    parser.add_argument("--games", type=int, default=100, help="games per player count (default 100)")
    parser.add_argument("--timed", type=int, default=20, help="4-player games to time (default 20)")
    args = parser.parse_args()
    python = f"Python {platform.python_version()} ({platform.python_implementation()})"
    print(f"{python}, {args.games} courier games per player count")
    print()
    print("complete games (R14): link length in characters")
    worst_p95 = 0.0
    for players in (2, 3, 4):
        lengths, actions, json_lengths = [], [], []
        for seed in range(args.games):
            game = courier_game(seed, players)
            text = link.encode(game)
            assert link.decode(text).state_key() == game.state_key()
            lengths.append(len(text))
            actions.append(len(game.history))
            json_lengths.append(deflated_json(game))
        worst_p95 = max(worst_p95, p95(lengths))
        bits = statistics.median(6 * n / a for n, a in zip(lengths, actions, strict=True))
        print(
            f"  {players} players: {summary(lengths)}   "
            f"({statistics.median(actions):.0f} actions, {bits:.1f} bits each; "
            f"deflated JSON median {statistics.median(json_lengths):.0f})"
        )
    print()
    print("after 100 actions: link length in characters")
    for players in (2, 3, 4):
        lengths = [len(link.encode(courier_game(seed, players, actions=100))) for seed in range(args.games)]
        print(f"  {players} players: {summary(lengths)}")
    print()
    games = [courier_game(seed, 4) for seed in range(args.timed)]
    texts = [link.encode(g) for g in games]
    enc = [best_time(link.encode, g) * 1000 for g in games]
    dec = [best_time(link.decode, t) * 1000 for t in texts]
    n = statistics.median(len(g.history) for g in games)
    print(f"complete 4-player games ({args.timed}, median {n:.0f} actions), best of {REPEAT} runs each:")
    print(f"  encode: median {statistics.median(enc):5.1f} ms, max {max(enc):5.1f} ms")
    print(f"  decode: median {statistics.median(dec):5.1f} ms, max {max(dec):5.1f} ms")
    print()
    verdict = "meets" if worst_p95 <= TARGET_P95 else "MISSES"
    print(f"worst p95 {worst_p95:.0f} characters: {verdict} the target of {TARGET_P95}", end="")
    print(f" (chat apps cut at about {CHAT_LIMIT})")
    return 0 if worst_p95 <= TARGET_P95 else 1


if __name__ == "__main__":
    raise SystemExit(main())
