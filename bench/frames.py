"""The app worker's CPU per tap: this checkout's web/ and caravan/ against another's, side by side.

    .venv/bin/python bench/frames.py [--base REV|DIR] [--reps 7] [--actions 60] [--chunk 6]
                                     [--query '?seed=1&autostart=2'] [--profile]

What a tap costs the worker (web/worker/driver.py) in CPython: a 2-player
game (``--query``), ``--actions`` actions of the courier policy played as a
person taps them, the source first, then the action (and "yes" when the end
of the turn is asked), each message handled by ``Driver.receive`` as the page
(tests/web/test_driver.py's ``Page``) sends it. ``--base`` is the old code: a
git revision of this repository (its caravan/ and web/ are extracted to a
temporary directory) or a directory holding them; ``main`` by default.

How it measures, as bench/engine.py does, so that a shared, loaded machine
still gives fair figures:
- Each side runs in a process of its own (its own ``web`` package), which
  times its taps in CPU time (``time.process_time``); the two never run at once.
- The run is cut into chunks of ``--chunk`` actions, the old side's and the
  new side's taken in turn, so a burst of load hits both alike.
- Each side's tap times p50 and p95 are taken per repetition; the ratios
  old / new (of the whole run's CPU, of p50, of p95) per repetition; their
  medians and spreads (min-max) are printed.
- The frames are compared: every message each side sent, byte for byte, in
  every repetition ("frames identical"); the first that differs is printed.

Measured, never asserted (docs/WORKER.md, "The worker's CPU per tap").
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import statistics
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


# ------------------------------------------------------------------ one side


class Side:
    """One side's game, in the process that serves it: taps timed, messages kept."""

    def __init__(self, query: str, seed: int) -> None:
        import random

        from caravan.playout import courier_action
        from web.app.selection import source_of
        from web.worker.clock import ManualClock
        from web.worker.driver import Driver

        self.courier = courier_action
        self.source_of = source_of  # the key a person selects first (each side's own)
        self.sent: list[dict[str, Any]] = []
        ids = iter(f"t1{n:06d}-xxxx" for n in range(10_000))
        self.driver = Driver(self.sent.append, ManualClock(), lambda: 1_000, lambda: next(ids))
        self.rng = random.Random(seed)
        self.texts: list[str] = []  # every message sent, as JSON text
        self.taps: list[str] = []  # what was tapped, to check both sides played the same
        page = {"search": query, "pathname": "/caravan/", "base_url": "https://x.test/caravan/"}
        self.post(type="boot", page={**page, "hash": "", "lang": "en"}, local={}, session={})
        for m in self.sent:
            if m["type"] == "frame" and "draft" in m.get("screen", {}):
                self.post(type="scale", draft=True, screen=m["screen"]["name"], width=600.0)
                break
        self.keep()

    def post(self, **message: Any) -> None:
        message["version"] = 1
        self.driver.receive(json.dumps(message))

    def keep(self) -> None:
        self.texts += [json.dumps(m, sort_keys=True) for m in self.sent]
        self.sent.clear()

    def play(self, actions: int) -> list[float]:
        """``actions`` more actions by taps: the CPU ms of each tap."""
        import time

        app = self.driver.app
        assert app is not None
        out: list[float] = []
        for _ in range(actions):
            if app.game is None or app.game.is_over() or app.screen != "game":
                break
            chosen = self.courier(app.game, self.rng)
            s = str(chosen)
            taps: list[dict[str, Any]] = []
            src = self.source_of(chosen)
            if src:
                taps.append({"el": {"select": src}})
            taps.append({"el": {"action": s}})
            for target in taps:
                self.taps.append(json.dumps(target))
                t = time.process_time()
                self.post(type="click", keyboard=False, target=target)
                if app.confirming:
                    self.post(
                        type="click",
                        keyboard=False,
                        target={"el": {"id": "confirm-end-yes"}, "confirm": True},
                    )
                out.append((time.process_time() - t) * 1000)
                self.keep()
        return out

    def digest(self) -> str:
        h = hashlib.sha256()
        for text in self.texts + self.taps:
            h.update(text.encode() + b"\n")
        return h.hexdigest()


def serve(code: str) -> None:
    """A side's process: commands in on stdin, answers out on stdout, one JSON line each."""
    sys.path.insert(0, code)
    side: Side | None = None
    prof: Any = None
    for line in sys.stdin:
        cmd = json.loads(line)
        out: Any = None
        if cmd["do"] == "new":
            side = Side(cmd["query"], cmd["seed"])
            out = str(sys.modules["web"].__file__)
        elif cmd["do"] == "play":
            assert side is not None
            if cmd.get("profile"):
                import cProfile

                prof = prof or cProfile.Profile()
                prof.enable()
            out = side.play(cmd["actions"])
            if prof is not None:
                prof.disable()
        elif cmd["do"] == "digest":
            assert side is not None
            out = {"digest": side.digest(), "texts": len(side.texts)}
        elif cmd["do"] == "text":
            assert side is not None
            n = cmd["n"]
            out = side.texts[n] if n < len(side.texts) else None
        elif cmd["do"] == "stats":
            import pstats

            s = io.StringIO()
            pstats.Stats(prof, stream=s).strip_dirs().sort_stats("cumulative").print_stats(cmd["top"])
            out = s.getvalue()
        print(json.dumps(out), flush=True)


# ------------------------------------------------------------------ the two sides


class Proc:
    def __init__(self, code: Path) -> None:
        self.code = code
        self.p = subprocess.Popen(
            [sys.executable, __file__, "--serve", str(code)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            cwd=str(code),
        )

    def ask(self, **cmd: Any) -> Any:
        assert self.p.stdin is not None and self.p.stdout is not None
        self.p.stdin.write(json.dumps(cmd) + "\n")
        self.p.stdin.flush()
        line = self.p.stdout.readline()
        if not line:
            raise SystemExit(f"bench/frames.py: the side in {self.code} stopped")
        return json.loads(line)

    def close(self) -> None:
        assert self.p.stdin is not None
        self.p.stdin.close()
        self.p.wait()


def base_code(base: str, tmp: str) -> Path:
    """The old code's directory: ``base`` itself, or a git revision's caravan/ and web/ extracted."""
    if Path(base).is_dir():
        return Path(base).resolve()
    data = subprocess.run(
        ["git", "archive", "--format=tar", base, "caravan", "web"], cwd=ROOT, check=True, capture_output=True
    ).stdout
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        tar.extractall(tmp, filter="data")
    return Path(tmp)


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))]


def _spread(values: list[float], fmt: str) -> str:
    return f"{statistics.median(values):{fmt}} ({min(values):{fmt}}-{max(values):{fmt}})"


def first_difference(old: Proc, new: Proc, count: int) -> str:
    for n in range(count):
        a, b = old.ask(do="text", n=n), new.ask(do="text", n=n)
        if a != b:
            at = next((i for i, (x, y) in enumerate(zip(a or "", b or "", strict=False)) if x != y), 0)
            lo, hi = max(0, at - 80), at + 120
            return f"message {n} differs at {at}:\n  old {(a or '')[lo:hi]}\n  new {(b or '')[lo:hi]}"
    return "the messages differ in number"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--base", default="main", help="the old code: a git revision or a directory")
    parser.add_argument("--reps", type=int, default=7)
    parser.add_argument("--actions", type=int, default=60)
    parser.add_argument("--chunk", type=int, default=6, help="actions per chunk, the sides in turn")
    parser.add_argument("--query", default="?seed=1&autostart=2")
    parser.add_argument("--profile", action="store_true", help="cProfile the new side's taps")
    parser.add_argument("--serve", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve:
        serve(args.serve)
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        old, new = Proc(base_code(args.base, tmp)), Proc(ROOT)
        try:
            return compare(old, new, args)
        finally:
            old.close()
            new.close()


def compare(old: Proc, new: Proc, args: argparse.Namespace) -> int:
    print(f"old: {args.base} ({old.code}); new: {new.code}")
    print(
        f"{args.actions} actions by taps, {args.query}, chunks of {args.chunk} actions,"
        f" {args.reps} repetitions"
    )
    ratios: list[float] = []
    p50s: dict[str, list[float]] = {"old": [], "new": []}
    p95s: dict[str, list[float]] = {"old": [], "new": []}
    same = True
    for rep in range(args.reps + 1):  # the first is a warm-up, not counted
        times: dict[str, list[float]] = {"old": [], "new": []}
        where = [side.ask(do="new", query=args.query, seed=1) for side in (old, new)]
        if rep == 0:
            print("web packages:", " and ".join(where))
        done = 0
        while done < args.actions:
            n = min(args.chunk, args.actions - done)
            first = (old, new) if (rep + done // args.chunk) % 2 == 0 else (new, old)
            for side in first:
                times["old" if side is old else "new"] += side.ask(do="play", actions=n, profile=False)
            done += n
        a, b = old.ask(do="digest"), new.ask(do="digest")
        if a != b:
            same = False
            print("frames differ:", first_difference(old, new, max(a["texts"], b["texts"])))
        if rep == 0:
            continue
        ratios.append(sum(times["old"]) / sum(times["new"]))
        for k in ("old", "new"):
            p50s[k].append(_pct(times[k], 0.5))
            p95s[k].append(_pct(times[k], 0.95))
    taps = len(times["new"])
    print(f"\nCPU ms per tap ({taps} taps a run), median (min-max) of the repetitions")
    for k in ("old", "new"):
        print(f"  {k:<4} p50 {_spread(p50s[k], '.2f'):>19}   p95 {_spread(p95s[k], '.2f'):>19}")
    print("  old / new, per repetition, median (min-max):")
    print(f"    the run's CPU {_spread(ratios, '.2f')}x", end="")
    for name, per in (("p50", p50s), ("p95", p95s)):
        print(
            f", {name} {_spread([a / b for a, b in zip(per['old'], per['new'], strict=True)], '.2f')}x",
            end="",
        )
    print()
    print(f"  frames identical: {'yes' if same else 'NO'} ({a['texts']} messages a run, every repetition)")
    if args.profile:
        new.ask(do="new", query=args.query, seed=1)
        new.ask(do="play", actions=args.actions, profile=True)
        print(new.ask(do="stats", top=35))
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
