"""The engine's net (issue 15): perft counts and complete playthroughs written
by the engine before its rules were consolidated, which every later version
must reproduce exactly. An intended rule change rewrites them with
``python3 tools/golden.py`` (its docstring says how to read the diff)."""

from __future__ import annotations

from pathlib import Path

import pytest

from caravan import Game
from tools import golden

PERFT = Path(__file__).resolve().parent / "golden" / "engine.perft"


def _perft_cases() -> list[tuple[str, str, int, int]]:
    cases = []
    name = text = ""
    for line in PERFT.read_text(encoding="utf-8").splitlines():
        if line.startswith("id "):
            name = line[3:]
        elif line.startswith("position "):
            text = line[len("position ") :]
        elif line.startswith("perft "):
            _, depth, count = line.split()
            cases.append((name, text, int(depth), int(count)))
    return cases


def test_the_perft_file_covers_every_player_count_and_variant_at_three_depths() -> None:
    cases = _perft_cases()
    variants = {text.split()[0] for _, text, _, _ in cases}
    assert {"2", "3c", "4s", "2s", "4cs"} <= variants
    assert {depth for _, _, depth, _ in cases} == {1, 2, 3}


@pytest.mark.parametrize(("name", "text", "depth", "count"), _perft_cases(), ids=lambda v: str(v)[:24])
def test_perft_counts_the_action_sequences_recorded(name: str, text: str, depth: int, count: int) -> None:
    game = Game.from_position(text, chance=golden.FirstChance())
    # Depths 1-2 walked with the checked push (generation against legality); depth 3
    # with push_legal (with the checked push it would take a minute).
    assert golden.perft(game, depth, checked=depth <= 2) == count, f"{name} at depth {depth}"
    assert game.position() == text and not game.history  # pop undid every step exactly


def test_the_playthroughs_are_played_as_recorded() -> None:
    """Every action, draw, event and position of three complete games
    (2, 3, 4 players; short and casual), as the file has them."""
    now = golden.playthrough_text().splitlines()
    recorded = golden.PLAYTHROUGHS.read_text(encoding="utf-8").splitlines()
    first = next((n for n, (a, b) in enumerate(zip(now, recorded, strict=False)) if a != b), None)
    assert first is None and len(now) == len(recorded), (
        f"line {first}: recorded {recorded[first] if first is not None else '(end)'!r}, "
        f"now {now[first] if first is not None and first < len(now) else '(end)'!r}"
    )
    assert sum(line.startswith("score ") for line in recorded) == 3
