"""The terminal as a player of a whole game meets it (issue 26): the game
over's ranking on lines of its own, the board's rules kept after a refill,
``last`` for the other players' last turns, and the bots' turns summed up
above the prompt, in every language."""

from __future__ import annotations

import io

import pytest

from caravan import Game, Good, Options, Player, catalogues, parse_square
from caravan import events as ev
from caravan.terminal import COMMANDS, completions, help_text, session, terminal_words
from caravan.text import turn_summary
from tests.positions import blank, camel, keep_in_bag, refill_ready
from tests.test_terminal_screen import last_screen
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


def test_r5_last_says_the_other_players_last_turn_action_by_action_with_its_refill() -> None:
    """Bob asks at the start of his turn: Ann's turn, each action in notation and in
    words, the refill (R13) with the pick-up that made it; nothing of Bob's own."""
    _, out = run(["+c6", "end", "y", "last", "quit", ""], ["--position", refill_ready().position(), *PLAYERS])
    told = out[out.index("> last") :].split("\n")[1:]
    told = told[: next(i for i, line in enumerate(told) if "> " in line)]
    assert told[0] == "Turn 4, Ann:"
    assert told[1].split()[:4] == ["+c6", "Ann", "picked", "up"]
    assert told[2].strip().startswith("Refill: demand markers on ")
    assert told[-1].split()[:4] == ["end", "Ann", "ended", "the"]
    assert not any("Bob" in line.split(";")[0] for line in told[1:])  # Bob has not played yet


def test_last_before_any_turn_says_so_and_is_listed_in_help_and_completed_by_tab() -> None:
    _, out = run(["last", "quit"], ["--seed", "3", *PLAYERS, "--start", "1"])
    assert "No turn has been played yet." in out
    assert "\n  last " in help_text()
    assert "last" in COMMANDS and completions(COMMANDS, "la") == ["last"]


@pytest.mark.parametrize("lang", catalogues.LANGUAGES)
def test_last_and_its_help_are_in_the_language(lang: str) -> None:
    w = terminal_words(lang)
    _, out = run(
        ["+c6", "end", "y", "last", "help", "quit", ""],
        ["--lang", lang, "--position", refill_ready().position(), *PLAYERS],
    )
    assert w._("Turn {turn}, {name}:", turn=4, name="Ann") in out
    assert "\n  last " in out  # the command word stays as typed
    if lang != "en":
        assert "Turn 4, Ann:" not in out
        assert "what the other players did" not in out


def test_the_bots_turn_is_summed_up_in_one_line_above_the_prompt() -> None:
    """After the bot's turn, the lines between the status and Ann's prompt say it
    in one sentence: what it delivered, picked up and how many camels it moved."""
    game, out = run(
        ["@c6", "end", "quit", ""], ["--seed", "3", *PLAYERS, "--start", "1", "--bot", "2=courier"]
    )
    assert game is not None
    screen = last_screen(out)
    status = max(i for i, line in enumerate(screen) if line.startswith("Turn 3: Ann"))
    summary = " ".join(line.strip() for line in screen[status + 1 : -1])
    assert summary.startswith("Bob: ") and summary.endswith("."), screen
    placed = sum(1 for s in game.history if s.seat == 1 and str(s.action).startswith("@"))
    if placed:
        assert f"placed {placed} camel" in summary
    picked = [str(s.action)[1:] for s in game.history if s.seat == 1 and str(s.action).startswith("+")]
    assert all(f" on {square}" in summary for square in picked)


def test_a_turn_summary_counts_camel_moves_and_says_deliveries_with_their_points() -> None:
    game = Game(Options(players=(Player("Ann", "yellow"), Player("Bob", "black"))), seed=3)
    sq, salt, cloth = parse_square, Good.from_letter("S"), Good.from_letter("C")
    events: list[ev.Event] = [
        ev.GoodMoved(1, sq("d6"), sq("d5"), salt, False),
        ev.GoodDelivered(1, sq("d5"), salt, 3),  # told once, by the delivery (R12)
        ev.CamelMoved(1, sq("a1"), sq("b2"), 1),
        ev.CamelMoved(1, sq("b2"), sq("c6"), 2),
        ev.GoodPickedUp(1, sq("c6"), cloth, 0),
        ev.TurnEnded(1, 0, 0, 4),
    ]
    assert turn_summary(game, 1, events) == (
        "Bob: delivered salt to Timbuktu (+3), moved 2 camels and picked up cloth on c6."
    )
    assert turn_summary(game, 1, [ev.TurnEnded(1, 4, 0, 4)]) == "Bob: ended the turn without acting."
