"""The terminal game, driven through stdin as a player would type it.

Seed 3 with Ann starting sets up: a7 hides, g7 meat, c6 cloth, f5 salt,
b3 swords, e2 meat, a1 hides, g1 cloth (asserted below, so a change in the
draws fails loudly rather than confusing the later steps).
"""

from __future__ import annotations

import io
import random
from pathlib import Path

from caravan import SQUARE_NAMES, Game, Options, Player, parse_action, parse_square, record
from caravan.events import GameOver, Refilled
from caravan.playout import courier_action
from caravan.terminal import main, session
from caravan.text import event_text, render, status

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
        "@b3",  # turn 5: Ann
        "+b3",
        "@e2",
        "+e2",  # the 4th pick-up leaves 4 goods: refill (R13)
        "undo",  # refused: the refill drew goods
        f"load {saved}",
        "quit",
    ]
    game, out = run(script)
    assert game is not None
    assert "Players: 1 Ann (yellow), 2 Bob (black). Ann starts." in out
    # Every push prints its events in plain words.
    assert "Ann places a camel on c6 (1 action)." in out
    assert "Ann ends the turn. Bob to play, 2 actions." in out
    assert "Bob picks up the salt on f5." in out
    assert "Bob delivers the salt to Timbuktu: 3 points." in out
    assert "Drawn from the bag:" in out
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
    assert [p.name for p in game.options.players] == ["Ann", "Bob", "Player 3"]
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
    assert event_text(game, events[0]) == (
        "Bob steals the gems from Ann's camel on c6 and gives Ann a theft marker."
    )
    board = render(game)
    rank6 = next(line for line in board.splitlines() if line.startswith(" 6 "))
    assert "#3" in rank6
    assert "1 2g" in board  # Ann's camel unladen, Bob's with the gems under it
    assert "Mar:I" in board and "Dje:H" in board  # cities with the good they want


def test_r13_refill_event_names_the_marked_spaces_and_the_draws() -> None:
    game = Game(Options(), seed=3)
    event = Refilled(marked=(parse_square("a1"),), placed=((parse_square("c6"), 0),), bag_left=1)
    assert event_text(game, event) == (
        "Only 4 goods left on the board. Demand markers go on a1. "
        "Drawn from the bag: ivory on c6 (#3). 1 good left in the bag."
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
    winners = " and ".join(game.options.players[s].name for s in game.winners)
    assert text.startswith(f"Game over: a good was delivered after the bag ran out. {winners} ")
    ranking = text.splitlines()[1:]
    assert len(ranking) == 2 and ranking[0].startswith("  1. ")  # one line per player, best first
    assert "Game over (delivery)" in status(game)
