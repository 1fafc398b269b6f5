"""The engine's net: perft counts and playthrough transcripts, written by the
engine as it is now, for tests/test_golden.py to diff against.

    python3 tools/golden.py            # rewrite both files in tests/golden/
    python3 tools/golden.py --check    # compare only; exit 1 and name what differs

Rewrite them only when a rule change is intended (say which rule in the
commit), and read the diff: every changed line is a game that now plays
differently.

- ``tests/golden/engine.perft``: positions in our notation (docs/POSITION.md)
  and the number of legal action sequences of length 1, 2 and 3 from each, as
  python-chess's ``examples/perft/*.perft`` count moves. A refill met on the
  way draws the first good the bag holds (``FirstChance``), so the counts do
  not depend on the order a search takes.
- ``tests/golden/playthroughs.txt``: complete games from fixed seeds (2, 3 and
  4 players, the casual and short variants) played by the courier policy:
  every action with its seat, turn, actions left, the number of legal actions,
  the draws, the events and the position after it, as OpenSpiel's
  ``integration_tests/playthroughs/``.
"""

from __future__ import annotations

import argparse
import difflib
import random
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from caravan import Game, Options, SeededChance, default_players  # noqa: E402
from caravan.playout import courier_action  # noqa: E402

PERFT = ROOT / "tests" / "golden" / "engine.perft"
PLAYTHROUGHS = ROOT / "tests" / "golden" / "playthroughs.txt"
DEPTH = 3


class FirstChance:
    """Draws that do not depend on the order they are made in: always the first good in the bag."""

    def below(self, n: int) -> int:
        return 0


def perft(game: Game, depth: int, *, checked: bool = False) -> int:
    """Action sequences of length ``depth`` from ``game``'s position, walked
    with push_legal and pop (``checked``: with the checked ``push``, R5-R13 as
    ``why_illegal`` has them, so a test compares generation with legality)."""
    actions = game.legal_actions()
    if depth == 1:
        return len(actions)
    push = game.push if checked else game.push_legal
    total = 0
    for action in actions:
        push(action)
        total += perft(game, depth - 1, checked=checked)
        game.pop()
    return total


@dataclass(frozen=True)
class Pick:
    """A position for the perft file: ``after`` actions into a courier game
    from ``seed``, or the first action after that where ``want`` holds."""

    name: str
    seats: int
    seed: int
    after: int
    want: str = ""
    casual: bool = False
    short: bool = False


PICKS = (
    Pick("start-2", 2, 1, 0),
    Pick("turn-2-two-actions", 2, 1, 2),
    Pick("steal-possible-2", 2, 3, 40, "steal"),
    Pick("goods-in-a-group-2", 2, 4, 60, "chain"),
    Pick("one-action-left-3c", 3, 5, 50, "one-left", casual=True),
    Pick("refill-next-4s", 4, 6, 30, "refill-next", short=True),
    Pick("end-triggered-2s", 2, 7, 100, "triggered", short=True),
    Pick("late-4cs", 4, 8, 200, "", casual=True, short=True),
)


def _wanted(game: Game, want: str) -> bool:
    if not want:
        return True
    if game.left < 2 and want != "one-left":
        return False
    kinds = game.legal_by_kind()
    if want == "steal":
        return bool(kinds.steals)
    if want == "chain":
        return any(a.frm != a.to and a.to not in _near(a.frm) for a in kinds.goods_moves)
    if want == "one-left":
        return game.left == 1 and bool(kinds.pick_ups or kinds.goods_moves)
    if want == "refill-next":
        return len(game.loose_goods()) == 5 and bool(kinds.pick_ups)
    return game.end_triggered() and bool(kinds.goods_moves)  # "triggered"


def _near(square: int) -> tuple[int, ...]:
    from caravan import NEIGHBOURS

    return NEIGHBOURS[square]


def perft_positions() -> list[tuple[str, str]]:
    out = []
    for pick in PICKS:
        options = Options(players=default_players(pick.seats), casual=pick.casual, short=pick.short)
        game = Game(options, seed=pick.seed)
        rng = random.Random(pick.seed)
        n = 0
        while not game.is_over() and (n < pick.after or not _wanted(game, pick.want)):
            game.push(courier_action(game, rng))
            n += 1
        if game.is_over():
            raise SystemExit(f"{pick.name}: the game ended before the position wanted")
        out.append((pick.name, game.position()))
    return out


def perft_text() -> str:
    lines = [
        "# Perft for Caravan: written by tools/golden.py (python3 tools/golden.py to rewrite).",
        "# id, a position (docs/POSITION.md), then 'perft DEPTH COUNT': the legal action",
        "# sequences of that length; refills on the way draw the bag's first good.",
    ]
    for name, text in perft_positions():
        lines += ["", f"id {name}", f"position {text}"]
        for depth in range(1, DEPTH + 1):
            game = Game.from_position(text, chance=FirstChance())
            lines.append(f"perft {depth} {perft(game, depth)}")
    return "\n".join(lines) + "\n"


@dataclass(frozen=True)
class Playthrough:
    name: str
    seats: int
    seed: int
    casual: bool = False
    short: bool = False


PLAYS = (
    Playthrough("two-players", 2, 11),
    Playthrough("three-players-short", 3, 12, short=True),
    Playthrough("four-players-casual-short", 4, 13, casual=True, short=True),
)


def playthrough_text() -> str:
    lines = [
        "# Playthroughs for Caravan: written by tools/golden.py (python3 tools/golden.py to rewrite).",
        "# Per action: seat, turn, actions left and legal actions before it, the action,",
        "# its draws, its events, and the position after it.",
    ]
    for play in PLAYS:
        options = Options(players=default_players(play.seats), casual=play.casual, short=play.short)
        game = Game(options, chance=SeededChance(play.seed))
        rng = random.Random(play.seed)
        lines += ["", f"game {play.name} seed {play.seed}", f"position {game.position()}"]
        while not game.is_over():
            legal = len(game.legal_actions())
            action = courier_action(game, rng)
            head = f"{len(game.history) + 1}. seat {game.seat + 1} turn {game.turn} left {game.left}"
            events = game.push(action)
            draws = "".join(f"{d}," for d in game.history[-1].draws)
            lines.append(f"{head} legal {legal}: {action} draws [{draws}]")
            lines += [f"  {e!r}" for e in events]
            lines.append(f"  = {game.position()}")
        lines.append(f"score {[line.total for line in game.score()]} winners {game.result()}")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare with the files, write nothing")
    args = parser.parse_args(argv)
    status = 0
    for path, text in ((PERFT, perft_text()), (PLAYTHROUGHS, playthrough_text())):
        old = path.read_text(encoding="utf-8") if path.exists() else ""
        if args.check:
            if old != text:
                diff = difflib.unified_diff(old.splitlines(True), text.splitlines(True), str(path), "now")
                print("".join(line if line.endswith("\n") else line + "\n" for line in list(diff)[:40]))
                status = 1
        elif old != text:
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path.relative_to(ROOT)}")
    return status


if __name__ == "__main__":
    raise SystemExit(main())
