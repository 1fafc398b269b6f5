"""Fit the hard bot's evaluation (caravan/bots/fitted.py) to self-play games.

    python3 tools/selfplay.py --games 400 --out build/selfplay.jsonl
    python3 tools/fit_eval.py build/selfplay.jsonl [more.jsonl ...] [--write]

Every turn-start position of every game gives one row per seat: the
position's features for that seat (``caravan.bots.fitted.features``) and
the seat's final score (R15, R16). A ridge-regularised least squares fit
(standard library: the normal equations solved by Gaussian elimination)
gives one weight per feature; ``--write`` stores them in
caravan/bots/fitted_weights.py. Games are split by number into a fitting
and a held-out set (every fifth game), and the held-out error is printed
beside the fitting error, so that a fit which only memorises shows.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from caravan import Game, Options  # noqa: E402
from caravan.bots.fitted import FEATURES, features  # noqa: E402
from caravan.options import default_players  # noqa: E402

WEIGHTS_FILE = Path(__file__).resolve().parent.parent / "caravan" / "bots" / "fitted_weights.py"


def rows(paths: list[Path]) -> tuple[list[tuple[list[float], float]], list[tuple[list[float], float]]]:
    """(fitting rows, held-out rows): (features, final score) per seat and position."""
    fit: list[tuple[list[float], float]] = []
    held: list[tuple[list[float], float]] = []
    n = 0
    for path in paths:
        for line in path.open():
            game_data = json.loads(line)
            if game_data.get("reason") != "delivery":
                continue
            options = Options(players=default_players(game_data["players"]), short=game_data["short"])
            target = fit if n % 5 else held
            n += 1
            for text, _seat in game_data["positions"]:
                game = Game.from_position(text, options=options)
                for s, f in enumerate(features(game)):
                    target.append((f, float(game_data["final"][s])))
    return fit, held


def solve(data: list[tuple[list[float], float]], ridge: float) -> list[float]:
    """Least squares weights with a ridge penalty (the bias left unpenalised)."""
    k = len(FEATURES)
    a = [[0.0] * k for _ in range(k)]
    b = [0.0] * k
    for f, y in data:
        for i in range(k):
            fi = f[i]
            if fi:
                row = a[i]
                for j in range(k):
                    row[j] += fi * f[j]
                b[i] += fi * y
    for i in range(1, k):
        a[i][i] += ridge * len(data) / 1000.0
    # Gaussian elimination with partial pivoting.
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(k):
        pivot = max(range(col, k), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        if abs(m[col][col]) < 1e-12:
            continue
        for r in range(k):
            if r != col and m[r][col]:
                factor = m[r][col] / m[col][col]
                m[r] = [x - factor * y for x, y in zip(m[r], m[col], strict=True)]
    return [m[i][k] / m[i][i] if abs(m[i][i]) >= 1e-12 else 0.0 for i in range(k)]


def rmse(data: list[tuple[list[float], float]], w: list[float]) -> float:
    return math.sqrt(sum((sum(a * b for a, b in zip(f, w, strict=True)) - y) ** 2 for f, y in data) / max(1, len(data)))


def write(w: list[float]) -> None:
    body = "\n".join(f"    {name!r}: {value:.4f}," for name, value in zip(FEATURES, w, strict=True))
    WEIGHTS_FILE.write_text(
        '"""The fitted evaluation\'s weights (caravan/bots/fitted.py), written by tools/fit_eval.py: data."""\n\n'
        f"WEIGHTS: dict[str, float] = {{\n{body}\n}}\n".replace("'", '"')
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", type=Path, nargs="+")
    parser.add_argument("--ridge", type=float, default=1.0)
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args(argv)
    fit, held = rows(args.files)
    w = solve(fit, args.ridge)
    print(f"{len(fit)} rows fitted, {len(held)} held out")
    print(f"rmse: fitting {rmse(fit, w):.2f}, held out {rmse(held, w):.2f} points")
    for name, value in zip(FEATURES, w, strict=True):
        print(f"  {name:<18} {value:8.3f}")
    if args.write:
        write(w)
        print(f"written: {WEIGHTS_FILE}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
