"""The terminal game in an 80x24 terminal, and what it asks before it loses
anything (issue 15): the board, the players, the status, the last action's
events and the prompt on one screen in every language; readline's completion;
load, quit, save over a file and end with actions left ask first; ``~`` in a
file name; ``--version``; a square off the board named as such."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from caravan import catalogues, record
from caravan.terminal import COMMANDS, completions, line_editor, main, session
from caravan.text import WIDTH
from tests.positions import blank, camel, deliver, demand, loose
from tools import i18n

PLAYERS = ["--players", "Ann,Bob", "--start", "1", "--seed", "3"]
LONG = "Maximiliane-Wilhelmina,Bartholomäus Xaverius,Przemysława Szczęsna,Zeeger van Oudshoorn"


@pytest.fixture(autouse=True, scope="module")
def built() -> None:
    """The .mo files the terminal reads (make catalogues; build outputs, not in git)."""
    i18n.compile_all()


def run(lines: list[str], argv: list[str]) -> tuple[object, str]:
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


def crowded() -> str:
    """A 4-player position late in a game: camels everywhere, goods and markers, deliveries."""
    game = blank(4)
    for seat, square in ((0, "c6"), (1, "c6"), (2, "c6"), (3, "c6"), (0, "d4"), (1, "d4"), (2, "e5")):
        game = camel(game, seat, square)
    game = camel(game, 3, "d4", "I")
    game = camel(game, 0, "c5", "S", under=True)
    game = loose(game, "a7", "M")
    game = loose(game, "g7", "W")
    game = demand(game, "a1", 3)
    game = deliver(game, 1, "S", 5)
    game = deliver(game, 2, "C", 3)
    return game.position()


@pytest.mark.parametrize("lang", catalogues.LANGUAGES)
def test_one_action_shows_board_players_status_and_prompt_in_80x24(lang: str) -> None:
    """Polish and Dutch words are long: still no line over 80 columns, the board
    whole with the rules between its ranks (issue 26), its top not scrolled away."""
    _, out = run(["@b2", "quit", ""], ["--lang", lang, "--position", crowded(), "--players", LONG])
    screen = last_screen(out)
    assert len(screen) <= 24, "\n".join(screen)  # the prompt's line is the 24th
    assert all(len(line) <= WIDTH for line in screen), max(screen, key=len)
    assert screen[-1].endswith("> @b2") or screen[-1].endswith("> quit")  # the prompt closes the screen
    assert any(line.startswith("7 |") for line in screen) and any(line.startswith("1 |") for line in screen)
    assert sum(line.startswith("  +-") for line in screen) == 8  # two borders and six rules
    players = [line for line in screen if line[:1] in "1234" and line[1:2] == " " and line[2:3] != "|"]
    assert [p[0] for p in players] == ["1", "2", "3", "4"]  # the four players' table rows


def test_every_line_fits_80_columns_for_help_legal_and_score() -> None:
    _, out = run(["help", "legal", "@c6", "score", "quit", ""], ["--lang", "pl", *PLAYERS])
    board = [line for line in out.split("\n") if line.startswith(("  +-", "7 |", "1 |"))]
    assert board and all(len(line) <= WIDTH for line in board)


def test_tab_completes_the_legal_actions_and_the_commands() -> None:
    words = ["@c6", "@c7", "+c6", "end", *COMMANDS]
    assert completions(words, "@c") == ["@c6", "@c7"]
    assert completions(words, "sa") == ["save "]
    assert completions(words, "zz") == []


def test_without_a_terminal_no_readline_is_used_and_lines_are_read_plainly() -> None:
    """Windows, Pyodide or a script: no readline, and the game still plays."""
    assert line_editor(io.StringIO("@d4\n")) is None
    _game, out = run(["@d4", "quit", ""], PLAYERS)
    assert "Ann placed a camel on d4" in out


def test_end_with_actions_left_asks_first() -> None:
    game, out = run(["@c6", "end", "@f5", "end", "n", "end", "y", "quit", ""], PLAYERS)
    assert "End your turn with 1 action left unused? [y/N]" in out
    assert "The turn goes on." in out
    assert game is not None and [str(s.action) for s in game.history] == ["@c6", "end", "@f5", "end"]  # type: ignore[attr-defined]


def test_quit_offers_to_save_a_changed_game(tmp_path: Path) -> None:
    saved = tmp_path / "left.json"
    game, out = run(["@d4", "quit", str(saved)], PLAYERS)
    assert "Save the game before leaving?" in out and f"Saved the game to {saved}." in out
    assert record.loads(saved.read_bytes()).state_key() == game.state_key()  # type: ignore[attr-defined]
    _, out = run(["@d4", f"save {tmp_path / 'x.json'}", "quit"], PLAYERS)
    assert "Save the game before leaving?" not in out  # nothing to lose: saved just now


def test_save_asks_before_replacing_a_file_and_a_no_keeps_it(tmp_path: Path) -> None:
    saved = tmp_path / "g.json"
    saved.write_text("the old save", encoding="utf-8")
    _, out = run(["@d4", f"save {saved}", "n", "quit", ""], PLAYERS)
    assert f"{saved} already exists. Replace it with this game? [y/N]" in out
    assert "Not saved; the game goes on." in out
    assert saved.read_text(encoding="utf-8") == "the old save"


def test_load_asks_before_replacing_a_game_in_progress(tmp_path: Path) -> None:
    saved = tmp_path / "g.json"
    run(["@c6", f"save {saved}", "quit"], PLAYERS)
    game, out = run(["@d4", f"load {saved}", "n", "quit", ""], PLAYERS)
    assert "in place of the game in progress? [y/N]" in out and "Not loaded; the game goes on." in out
    assert [str(s.action) for s in game.history] == ["@d4"]  # type: ignore[attr-defined]
    game, out = run([f"load {saved}", "quit"], PLAYERS)  # nothing played yet: no question
    assert "in place of" not in out and [str(s.action) for s in game.history] == ["@c6"]  # type: ignore[attr-defined]


def test_save_and_load_expand_the_home_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    _, out = run(["@d4", "save ~/x.json", "quit"], PLAYERS)
    assert (tmp_path / "x.json").is_file() and f"Saved the game to {tmp_path / 'x.json'}." in out
    game, _ = run(["load ~/x.json", "quit"], PLAYERS)
    assert [str(s.action) for s in game.history] == ["@d4"]  # type: ignore[attr-defined]


@pytest.mark.parametrize("typed", ["@h9", "c6-c8", "Ic6>j4", "+a0"])
def test_a_square_off_the_board_is_named_as_such(typed: str) -> None:
    _, out = run([typed, "zz", "quit", ""], PLAYERS)
    assert "there is no such square on the board; squares are a1 to g7" in out
    assert f"'{typed}' is not an action" not in out
    assert "'zz' is not an action" in out  # not a square at all: the notation's message


def test_version_prints_the_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out.strip() == "python -m caravan 0.1.0"
