"""The terminal as a player of a whole game meets it (issue 26): the game
over's ranking on lines of its own, the board's rules kept after a refill,
``last`` for the other players' last turns, and the bots' turns summed up
above the prompt, in every language."""

from __future__ import annotations

import io

import pytest

from caravan import Game, catalogues
from caravan.terminal import session
from tests.positions import blank, camel, keep_in_bag, refill_ready
from tools import i18n

PLAYERS = ["--players", "Ann,Bob"]


@pytest.fixture(autouse=True, scope="module")
def built() -> None:
    """The .mo files the terminal reads (make catalogues; build outputs, not in git)."""
    i18n.compile_all()


def run(lines: list[str], argv: list[str]) -> tuple[Game | None, str]:
    out = io.StringIO()
    game = session(argv, io.StringIO("".join(line + "\n" for line in lines)), out)
    return game, out.getvalue()


def last_screen(out: str) -> list[str]:
    """From the last board's top border to the last prompt: what a 24-line terminal shows."""
    lines = out.split("\n")
    top = max(
        i for i, line in enumerate(lines[:-1]) if line.startswith("  +----a") and lines[i + 1][:2] == "7 "
    )
    prompt = max(i for i, line in enumerate(lines) if "> " in line)
    return lines[top : prompt + 1]


def last_delivery(short: bool) -> str:
    """Ann to move, salt on her camel on d6 beside Timbuktu (d5), where her
    unladen camel stands; the bag is empty, so delivering it ends the game (R14)."""
    game = camel(camel(blank(short=short), 0, "d6", "S"), 0, "d5")
    return keep_in_bag(game, "").position()


@pytest.mark.parametrize("short", [False, True], ids=["full", "short"])
@pytest.mark.parametrize("lang", catalogues.LANGUAGES)
def test_r17_the_game_overs_ranking_is_lines_of_its_own_not_an_escape(lang: str, short: bool) -> None:
    """The delivery that ends the game: "... wins!" then "  1. ..." on the next line, never
    "wins!\\x0a  1." (the ranking went through the escaping of one line) nor "wins!."."""
    argv = ["--lang", lang, "--position", last_delivery(short), *PLAYERS, *(["--short"] if short else [])]
    game, out = run(["Sd6>d5", "quit"], argv)
    assert game is not None and game.is_over()
    assert "\\x0a" not in out
    lines = out.split("\n")
    first = next(i for i, line in enumerate(lines) if line.startswith("  1. "))
    assert lines[first - 1].rstrip().endswith("!")  # the winner's line, then the ranking
    assert lines[first + 1].startswith(("  2. ", "  ")), lines[first : first + 2]
    assert "!." not in out and "! ." not in out


def crowded_refill() -> str:
    """``refill_ready`` (Ann's +c6 refills, R13) with Bob's camels crowding a7, f5
    and e2 so that three ranks take two lines: the board with its rules, the
    pick-up and the refill's long sentence cannot all fit beneath in 24 lines."""
    game = refill_ready()
    for square in ("a7", "a7", "f5", "f5", "e2"):
        game = camel(game, 1, square)
    return game.position()


def test_r13_after_a_refill_the_board_keeps_the_rules_between_its_ranks() -> None:
    _, out = run(["+c6", "quit", ""], ["--position", crowded_refill(), *PLAYERS])
    screen = last_screen(out)
    assert sum(line.startswith("  +-") for line in screen) == 8, "\n".join(screen)  # two borders, six rules
    assert len(screen) <= 24, "\n".join(screen)
    said = out[out.index("> +c6") :]
    assert "Ann picked up the ivory on c6" in said and "Refill: demand markers on " in said
