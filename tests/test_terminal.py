"""The terminal game, driven through stdin as a player would type it.

Seed 3 with Ann starting sets up: a7 hides, g7 meat, c6 cloth, f5 salt,
b3 swords, e2 meat, a1 hides, g1 cloth (asserted below, so a change in the
draws fails loudly rather than confusing the later steps).
"""

from __future__ import annotations

import io
import itertools
import json
import os
import random
from pathlib import Path
from typing import TextIO, cast

import pytest

from caravan import (
    SQUARE_NAMES,
    Game,
    NotationError,
    Options,
    Player,
    parse_action,
    parse_square,
    record,
)
from caravan.events import GameOver, Refilled
from caravan.playout import courier_action
from caravan.terminal import main, session
from caravan.text import CELL, event_text, render, status, status_lines
from tests.positions import blank, camel, deliver, demand, hold_markers, keep_in_bag, loose

SEED = ["--seed", "3"]


def run(lines: list[str], argv: list[str] | None = None) -> tuple[Game | None, str]:
    out = io.StringIO()
    game = session([*SEED, *(argv or [])], io.StringIO("".join(line + "\n" for line in lines)), out)
    return game, out.getvalue()


SETUP = ["2", "Ann", "Bob", "n", "", "1"]  # players, names, casual no, short default, Ann starts


def test_scripted_game_setup_actions_errors_undo_and_save_load(tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    script = [
        *SETUP,
        "@c6",
        "end",  # turn 1: Ann, 1 action (R5)
        "@f5",
        "+f5",
        "end",  # turn 2: Bob picks up the salt
        "legal",  # turn 3: Ann has 3 actions
        "+c6",
        "@c5",
        "Cc6>c5",
        "+a7",  # illegal: no actions left
        "zz",  # bad syntax
        "end",
        "@e5",  # turn 4: Bob
        "undo",
        "redo",
        "@d5",
        "Sf5>d5",  # delivers the salt to Timbuktu (R12)
        "score",
        f"save {saved}",
        "end",
        "y",  # yes, end the turn with 1 action unused
        "@b3",  # turn 5: Ann
        "+b3",
        "@e2",
        "+e2",  # the 4th pick-up leaves 4 goods: refill (R13)
        "undo",  # refused: the refill drew goods
        f"load {saved}",
        "y",  # yes, load it in place of the game in progress
        "quit",
    ]
    game, out = run(script)
    assert game is not None
    assert "Players: 1 Ann (yellow), 2 Bob (black). Ann starts." in out
    # Every push prints its events in plain words.
    assert "Ann placed a camel on c6 (1 action)." in out
    assert "Ann ended the turn; Bob to play with 2 actions." in out
    assert "Bob picked up the salt on f5." in out
    # issue 14: the good's move and its delivery are one sentence, not two
    assert "Bob delivered the salt from f5 to Timbuktu: 3 points." in out
    assert "Bob moved the salt from f5 to d5" not in out
    assert "Refill: demand markers on" in out and "new goods:" in out
    # legal groups actions with costs and plain words.
    assert "Place a camel from your supply (@square):" in out
    assert "Pick up a good:" in out
    assert "+c6" in out and "pick up the cloth on c6" in out
    # The engine's reasons, unchanged state.
    assert "Not allowed: +a7: you have no actions left this turn: end your turn" in out
    assert "'zz' is not an action" in out
    assert "Took back @e5." in out
    assert "That action drew goods from the bag: it cannot be taken back." in out
    assert "Bob: rare goods 0 + common goods 3 + demand markers 0 - penalty 0 (0 goods held) = 3" in out
    assert f"Saved the game to {saved}." in out
    assert f"Loaded the game from {saved}." in out
    assert out.rstrip().endswith("Goodbye.")
    # The game returned is the one loaded: Bob's turn 4, after the delivery.
    assert [str(s.action) for s in game.history] == [
        "@c6", "end", "@f5", "+f5", "end", "+c6", "@c5", "Cc6>c5", "end", "@e5", "@d5", "Sf5>d5",
    ]  # fmt: skip
    assert (game.turn, game.seat, game.left) == (4, 1, 1)
    assert [line.total for line in game.score()] == [0, 3]
    assert record.loads(saved.read_text(encoding="utf-8")).state_key() == game.state_key()


def test_r3_seeded_setup_is_the_one_the_scripted_game_expects() -> None:
    game, _ = run(["quit"], ["--players", "Ann,Bob", "--start", "1"])
    assert game is not None
    loose = {SQUARE_NAMES[sq]: g.letter for sq, g in game.loose_goods().items()}
    assert loose == {"a7": "H", "g7": "M", "c6": "C", "f5": "S", "b3": "W", "e2": "M", "a1": "H", "g1": "C"}


def test_command_line_options_skip_the_questions() -> None:
    game, out = run(["quit"], ["--players", "Ann,Bob,Cy", "--casual", "--short", "--start", "2"])
    assert game is not None
    assert "How many players" not in out
    o = game.options
    assert [p.name for p in o.players] == ["Ann", "Bob", "Cy"]
    assert (o.casual, o.short, game.start, game.camels, game.bag_count) == (True, True, 1, 6, 32 - 8)
    assert "Turn 1: Bob (seat 2) to play, 1 action left" in out


def test_setup_questions_reject_bad_answers_and_ask_again() -> None:
    game, out = run(["9", "3", "Ann", "ann", "Bob", "", "y", "n", "7", "3", "quit"])
    assert game is not None
    assert "Caravan is for 2 to 4 players." in out
    assert "Another player has that name." in out
    assert "Answer a number from 1 to 3, or r." in out
    # Enter took the default name: stored as none (issue 13)
    assert [p.name for p in game.options.players] == [
        "Ann",
        "Bob",
        None,
    ]  # Enter: the default name (issue 13)
    assert (game.options.casual, game.options.short, game.start) == (True, False, 2)


def test_eof_ends_cleanly_during_setup_and_during_play() -> None:
    game, out = run(["2", "Ann"])
    assert game is None and out.rstrip().endswith("Goodbye.")
    game, out = run(["@d4"], ["--players", "Ann,Bob", "--start", "1"])
    assert game is not None and [str(s.action) for s in game.history] == ["@d4"]
    assert out.rstrip().endswith("Goodbye.")


def test_load_errors_are_plain_words_and_keep_the_game(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "caravan", "version": 99}', encoding="utf-8")
    missing = tmp_path / "missing.json"
    game, out = run(
        ["@d4", f"load {bad}", f"load {missing}", "load", "quit"], ["--players", "Ann,Bob", "--start", "1"]
    )
    assert game is not None and [str(s.action) for s in game.history] == ["@d4"]
    assert "newer version of Caravan" in out
    assert f"Could not read {missing}" in out
    assert "The current game goes on." in out
    assert "Say where: load FILE" in out


def test_undo_stays_in_the_current_turn() -> None:
    game, out = run(["@d4", "end", "undo", "quit"], ["--players", "Ann,Bob", "--start", "1"])
    assert game is not None
    assert "Nothing to undo in this turn." in out
    assert [str(s.action) for s in game.history] == ["@d4", "end"]


def test_help_explains_the_notation_and_the_good_letters() -> None:
    _, out = run(["help", "quit"], ["--players", "Ann,Bob"])
    for text in ("@d4", "c6-d4", "+c6", "$c6/2I", "Ic6>d4", "I_c6>d4", "save FILE", "I ivory", "H hides"):
        assert text in out


def test_bad_command_line_players_exit_with_status_2() -> None:
    out = io.StringIO()
    assert main(["--players", "Ann,Ann"], io.StringIO(""), out) == 2
    assert "two players have the same name" in out.getvalue()


def test_r10_board_shows_a_stolen_good_under_the_thiefs_camel() -> None:
    game = Game(
        Options(players=(Player("Ann", "yellow"), Player("Bob", "black"))), setup_draws=list(range(8))
    )
    for text in ("@c6", "end", "@c6", "end", "+c6", "end", "$c6/1G"):
        events = game.push(parse_action(text))
    assert event_text(game, events[0]) == ("Bob stole the gems from Ann on c6; Ann takes a theft marker.")
    board = render(game)
    rank6 = next(line for line in board.splitlines() if line.startswith("6 "))
    assert "#3" in rank6
    assert "1 2g" in board  # Ann's camel unladen, Bob's with the gems under it
    assert "Mar:I" in board and "Dje:H" in board  # cities with the good they want


def _cell(board: str, square: str) -> list[str]:
    """The text lines of one square of ``render``'s board, blank ones dropped."""
    file, rank = "abcdefg".index(square[0]), int(square[1])
    lines = board.splitlines()
    top = next(i for i, line in enumerate(lines) if line.startswith(f"{rank} "))
    rows = itertools.takewhile(lambda line: line.startswith((f"{rank} ", "  |")), lines[top:])
    start = 3 + file * (CELL + 1)
    return [text for row in rows if (text := row[start : start + CELL].strip())]


def test_r8_r10_r14_board_and_player_lines_show_the_whole_position() -> None:
    game = blank()
    game = loose(game, "c5", "M")
    game = demand(game, "c5", 2)
    game = camel(game, 0, "d4", "I")
    game = camel(game, 0, "d4")
    game = camel(game, 1, "d4", "C", under=True)
    game = deliver(game, 1, "S", 2)
    game = deliver(game, 1, "I")
    game = hold_markers(game, 1, 3)
    board = render(game)
    assert _cell(board, "c5") == ["[M] *2"]  # a loose good and demand markers (R8, R13)
    assert _cell(board, "d4") == ["1 1I 2c"]  # by seat, unladen first; lower case under (R10)
    assert _cell(board, "d7") == ["Mar:I"] and _cell(board, "a7") == ["#1"]
    heading, *players = board.splitlines()[-3:]
    assert heading.split() == ["player", "camels", "theft", "demand", "held", "score", "delivered"]
    assert players[0].split() == ["1", "Player", "1", "(yellow)", "3", "1", "0", "1", "0", "-"]
    total = game.score()[1].total
    assert players[1].split() == ["2", "Player", "2", "(black)", "4", "1", "3", "1", str(total), "I1", "S2"]
    assert status(game).endswith("| bag: 42 goods | end not triggered")
    assert status(keep_in_bag(blank(), "")).endswith(
        "| bag: 0 goods | end triggered: the next delivery ends the game"  # R14
    )


def test_the_board_shows_the_position_not_the_order_camels_came_in() -> None:
    game, _ = run(["@c6", "end", "@f5", "end", "y", "+c6", "@c6", "quit", ""], PLAYERS)
    assert game is not None
    assert _cell(render(game), "c6") == ["#3 1 1C"]  # the laden camel came first
    same = Game.from_position(game.position(), options=game.options)
    assert render(same) == render(game) and status(same) == status(game)


def test_r13_refill_event_names_the_marked_spaces_and_the_draws() -> None:
    game = Game(Options(), seed=3)
    event = Refilled(marked=(parse_square("a1"),), placed=((parse_square("c6"), 0),), bag_left=1)
    assert (
        event_text(game, event)
        == "Refill: demand markers on a1; new goods: ivory on c6; 1 good left in the bag."
    )


def test_r14_r17_game_over_prints_the_reason_winners_and_ranking() -> None:
    game = Game(Options(players=(Player("Ann", "yellow"), Player("Bob", "black"))), seed=5)
    rng = random.Random(5)
    events: list[object] = []
    while not game.is_over():
        events = list(game.push(courier_action(game, rng)))
    over = events[-1]
    assert isinstance(over, GameOver) and over.reason == "delivery"
    text = event_text(game, over)
    (winner,) = (game.options.name_of(s) for s in game.winners)
    assert text.startswith(f"Game over. The end was triggered and a good was delivered. {winner} wins!\n")
    ranking = text.splitlines()[1:]
    assert len(ranking) == 2 and ranking[0].startswith("  1. ")  # one line per player, best first
    assert status(game).startswith(
        f"Game over. The end was triggered and a good was delivered. {winner} wins!"
    )


# ------------------------------------------------- never lose a game


class Interrupted:
    """Scripted input in which the line ``^C`` is Ctrl-C."""

    def __init__(self, text: str) -> None:
        self.lines = io.StringIO(text)

    def readline(self) -> str:
        line = self.lines.readline()
        if line == "^C\n":
            raise KeyboardInterrupt
        return line

    def isatty(self) -> bool:
        return False


def run_raw(lines: list[str], argv: list[str]) -> tuple[Game | None, str]:
    out = io.StringIO()
    stdin = cast(TextIO, Interrupted("".join(line + "\n" for line in lines)))
    game = session([*SEED, *argv], stdin, out)
    return game, out.getvalue()


PLAYERS = ["--players", "Ann,Bob", "--start", "1"]


def test_a_failed_save_keeps_the_old_file_and_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    saved = tmp_path / "g.json"
    saved.write_text("the old save", encoding="utf-8")

    def broken_replace(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("caravan.terminal.os.replace", broken_replace)
    game, out = run(["@d4", f"save {saved}", "y", "end", "quit"], PLAYERS)
    assert f"Could not save to {saved}: No space left on device. Nothing was changed" in out
    assert saved.read_text(encoding="utf-8") == "the old save"
    assert [p.name for p in tmp_path.iterdir()] == ["g.json"]  # no temporary file left behind
    assert game is not None and [str(s.action) for s in game.history] == ["@d4", "end"]


def test_a_save_of_text_that_cannot_be_encoded_keeps_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    saved = tmp_path / "g.json"
    saved.write_text("the old save", encoding="utf-8")
    monkeypatch.setattr("caravan.terminal.record.dumps", lambda game: '{"name": "Ann\ud800"}')
    game, out = run(["@d4", f"save {saved}", "y", "quit"], PLAYERS)
    assert "cannot be saved. The game goes on." in out
    assert saved.read_text(encoding="utf-8") == "the old save"
    assert game is not None and len(game.history) == 1


def test_save_replaces_the_old_file_whole(tmp_path: Path) -> None:
    saved = tmp_path / "g.json"
    saved.write_text("x" * 100_000, encoding="utf-8")
    game, _out = run(["@d4", f"save {saved}", "y", "quit"], PLAYERS)
    assert game is not None
    assert record.loads(saved.read_bytes()).state_key() == game.state_key()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.json"]


def test_the_issue_save_with_an_undecodable_name_no_longer_crashes(tmp_path: Path) -> None:
    saved = tmp_path / "g.json"
    saved.write_text("the old save", encoding="utf-8")
    # "Ann\xff" read from a terminal with surrogateescape is "Ann\udcff".
    game, out = run(["2", "Ann\udcff", "Ann", "Bob", "", "", "1", f"save {saved}", "y", "quit"], [])
    assert "The name 'Ann\\udcff' contains an invisible or control character (U+DCFF)" in out
    assert game is not None and [p.name for p in game.options.players] == ["Ann", "Bob"]
    assert record.loads(saved.read_bytes()).options == game.options


def test_ctrl_c_offers_to_save_then_leaves_cleanly(tmp_path: Path) -> None:
    saved = tmp_path / "g.json"
    game, out = run_raw(["@d4", "end", "^C", str(saved)], PLAYERS)
    assert "Interrupted." in out and "Save the game before leaving?" in out
    assert f"Saved the game to {saved}." in out and out.rstrip().endswith("Goodbye.")
    assert "Traceback" not in out
    assert game is not None and record.loads(saved.read_bytes()).state_key() == game.state_key()


def test_ctrl_c_then_enter_leaves_without_saving_and_a_failed_save_asks_again(tmp_path: Path) -> None:
    game, out = run_raw(["@d4", "^C", ""], PLAYERS)
    assert game is not None and out.rstrip().endswith("Goodbye.")
    game, out = run_raw(
        ["^C", str(tmp_path / "no" / "such" / "dir.json"), str(tmp_path / "ok.json")], PLAYERS
    )
    assert "Could not save to" in out and "Saved the game to" in out
    assert (tmp_path / "ok.json").exists()


def test_ctrl_c_during_setup_and_at_the_save_question_leaves_cleanly() -> None:
    game, out = run_raw(["2", "^C"], [])
    assert game is None and out.rstrip().endswith("Goodbye.")
    game, out = run_raw(["@d4", "^C", "^C"], PLAYERS)
    assert game is not None and out.rstrip().endswith("Goodbye.")
    game, out = run_raw(["@d4", "^C", "help", "quit"], PLAYERS)
    assert "Type a file name to save the game in" in out and "Saved" not in out
    assert game is not None and out.rstrip().endswith("Goodbye.")
    assert main([*SEED], cast(TextIO, Interrupted("^C\n")), io.StringIO()) == 0


@pytest.mark.parametrize(
    ("answers", "explained"),
    [
        (["help"], "Caravan is for 2 to 4 players (R1)"),
        (["2", "help"], "Type the name of the player who plays yellow"),
        (["2", "Ann", "Bob", "?"], "6 camels, not 5 (R1)"),
        (["2", "Ann", "Bob", "", "help"], "32 goods instead of 48 (R2)"),
        (["2", "Ann", "Bob", "", "", "HELP"], "The start player (R4)"),
    ],
)
def test_help_and_quit_work_at_every_setup_prompt(answers: list[str], explained: str) -> None:
    game, out = run([*answers, "quit"], [])
    assert explained in out and "Type quit to leave." in out
    assert game is None and out.rstrip().endswith("Goodbye.")


def test_help_is_not_a_name() -> None:
    game, _out = run(["2", "help", "Ann", "Bob", "", "", "1", "quit"], [])
    assert game is not None and [p.name for p in game.options.players] == ["Ann", "Bob"]


@pytest.mark.parametrize("typed", ["END", "End"])
def test_actions_are_accepted_in_upper_case(typed: str) -> None:
    game, out = run(["@F5", typed, "@C6", "IC6>D4", "quit"], PLAYERS)
    assert game is not None
    assert [str(s.action) for s in game.history] == ["@f5", "end", "@c6"]
    assert "Not allowed: Ic6>d4:" in out  # read as Ic6>d4, then refused by the rules


def test_upper_case_steals_and_moves_of_goods_read_their_good_letter() -> None:
    from caravan.terminal import typed_action

    assert str(typed_action("$C6/2I")) == "$c6/2I"
    assert str(typed_action("$c6/2i")) == "$c6/2I"
    assert str(typed_action("i_C6>D4")) == "I_c6>d4"
    with pytest.raises(NotationError):
        typed_action("@Ｄ4")


def test_control_characters_from_files_and_arguments_are_shown_visibly(tmp_path: Path) -> None:
    evil = "\x1b]0;owned\x07\x1b[2J"
    bad = tmp_path / "evil.json"
    data = json.loads(record.dumps(Game(Options(), seed=1)))
    data["options"]["players"][0]["name"] = evil
    bad.write_text(json.dumps(data), encoding="utf-8")
    weird = tmp_path / "a\x1bb.json"
    _game, out = run([f"load {bad}", f"load {weird}", "@d4\x07", "quit"], PLAYERS)
    assert "\x1b" not in out and "\x07" not in out
    assert "\\x1b]0;owned\\x07" in out and "a\\x1bb.json" in out
    out2 = io.StringIO()
    assert main(["--players", f"Ann,{evil}"], io.StringIO(""), out2) == 2
    assert "\x1b" not in out2.getvalue() and "invisible or control character" in out2.getvalue()


def test_text_shows_names_with_control_characters_visibly() -> None:
    from caravan.quote import visible
    from caravan.text import player_name

    game = Game(Options(), seed=1)
    assert visible("a\x1b[2Jb\u200b\u202e") == "a\\x1b[2Jb\\u200b\\u202e"
    assert visible("José 李") == "José 李"
    object.__setattr__(game.options, "players", (Player("A\x1b", "yellow"), game.options.players[1]))
    assert player_name(game, 0) == "A\\x1b"
    assert "\x1b" not in render(game) + status(game)


def test_load_refuses_devices_folders_and_pipes_without_reading(tmp_path: Path) -> None:
    paths = [str(tmp_path)]
    if Path("/dev/zero").exists():
        paths.append("/dev/zero")
    if hasattr(os, "mkfifo"):
        fifo = tmp_path / "fifo"
        os.mkfifo(fifo)
        paths.append(str(fifo))
    game, out = run(["@d4", *(f"load {p}" for p in paths), "quit"], PLAYERS)
    assert out.count("it is not a regular file. The current game goes on.") == len(paths)
    assert game is not None and len(game.history) == 1


def test_load_refuses_a_file_too_large_by_its_size(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    with big.open("wb") as f:
        f.truncate(record.MAX_BYTES + 1)  # sparse: nothing is written or read
    game, out = run(["@d4", f"load {big}", "quit"], PLAYERS)
    assert f"it is too large to be a saved game ({record.MAX_BYTES + 1:,} bytes)" in out
    assert game is not None and len(game.history) == 1


def test_load_of_bytes_that_are_not_text_keeps_the_game(tmp_path: Path) -> None:
    bad = tmp_path / "bin.json"
    bad.write_bytes(b"\xff\xfe\x00{")
    game, out = run(["@d4", f"load {bad}", "quit"], PLAYERS)
    assert "the file is not UTF-8 text" in out and game is not None and len(game.history) == 1


def test_position_option_starts_from_a_position() -> None:
    game = Game(Options(players=(Player("Ann", "yellow"), Player("Bob", "black"))), seed=5)
    rng = random.Random(5)
    for _ in range(40):
        game.push(courier_action(game, rng))
    text = game.position()
    started, out = run(["quit"], ["--position", text])
    assert started is not None and started.position() == text
    assert "Starting from the position given." in out


def test_a_bad_position_exits_with_status_2_and_a_plain_message() -> None:
    out = io.StringIO()
    assert main(["--position", "not a position \x1b"], io.StringIO(""), out) == 2
    assert "\nCannot set up the game: " in out.getvalue() and "\x1b" not in out.getvalue()


def test_a_bot_seat_plays_its_turn_action_by_action_and_hint_suggests_a_legal_action() -> None:
    game, out = run(
        ["@c6", "end", "hint", "quit"], ["--players", "Ann,Bob", "--start", "1", "--bot", "2=easy"]
    )
    assert game is not None
    bob = [step for step in game.history if step.seat == 1]
    assert bob and str(bob[-1].action) == "end"  # turn 2: its actions, then end (R5, R6)
    shown = [line for line in out.splitlines() if line.startswith("Bob (bot): ")]
    assert [line.split()[2] for line in shown] == [str(s.action) for s in bob]  # each action, in order
    assert "Players: 1 Ann (yellow), 2 Bob (black, bot easy)" in out
    (hint,) = [line.partition("Hint: ")[2] for line in out.splitlines() if "Hint: " in line]
    assert parse_action(hint.split()[0]) in game.legal_actions()  # turn 3 is Ann's again


def test_bad_bot_seats_exit_with_status_2_and_say_why() -> None:
    for argv, why in (
        (["--bot", "3=easy"], "say which seat, 1 to 2"),
        (["--bot", "2=grandmaster"], "not a built-in bot"),
        (["--bot", "2=easy", "--bot", "2=hard"], "given twice"),
    ):
        out = io.StringIO()
        assert main(["--players", "Ann,Bob", *argv], io.StringIO(""), out) == 2
        assert "Cannot set up the game" in out.getvalue() and why in out.getvalue(), argv


def test_the_status_breaks_between_its_parts_not_inside_a_phrase() -> None:
    """A status wider than the terminal (a long name, two-digit turns) goes on a
    second line at a " | ", so "end not triggered" (R14) is never cut in two."""
    game = Game(Options(players=(Player("N" * 24, "yellow"), Player("Bot", "black"))), seed=1)
    for _ in range(40):  # turn 41: two digits
        game.push(next(iter(game.legal_actions())))
    assert len(status(game)) > 80
    lines = status_lines(game)
    assert all(len(line) <= 80 for line in lines)
    assert lines[0].startswith("Turn 41: " + "N" * 24) and lines[-1].endswith(" | end not triggered")
    assert " | ".join(line.strip() for line in lines) == status(game)
