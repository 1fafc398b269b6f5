"""What the live region ``#announcer`` says (issue 14, docs/UI-CONTRACT.md):
each action in one sentence in the log's words, a bot's too; whose turn it
is when the turn passes; a refusal, once, and again when it comes again.
And where focus goes on the saved-games screen and between screens."""

from __future__ import annotations

import re
from html import unescape

from caravan.options import Options, Player
from web.app.app import App
from web.words.announce import parity

from .saving import make_app
from .thinker import bot_app

ANN, BOB = Player("Ann", "yellow"), Player("Bob", "black")


def _two(app: App) -> None:
    app.start(Options(players=(ANN, BOB), start=0))
    # Issue 28: a new game says who plays in which colour and whose turn it is; then nothing until an action.
    assert app.announcement() == "New game: Ann, yellow; Bob, black; Ann to play, 1 action."
    assert app.announcement() == ""


def _log_lines(app: App) -> list[str]:
    """The last log entry's lines as the page shows them (oldest first)."""
    items = re.findall(r'<li class="log-[a-z]+">(.*?) <code>', app.log[-1])
    return [unescape(text) for text in reversed(items)]


def test_an_action_is_said_once_in_the_logs_words() -> None:
    app = App(seed=3)
    _two(app)
    app.select("supply")
    app.act("@b1")  # R5: a camel from the supply onto an edge space
    said = app.announcement()
    assert _log_lines(app) and all(line[1:] in said for line in _log_lines(app))
    assert said.startswith("Ann placed a camel on b1") and said.endswith(".")
    assert "to play" not in said  # the turn did not pass
    assert app.announcement() == ""  # taken once: a redraw says nothing again


def test_a_turn_passing_says_whose_turn_it_is() -> None:
    app = App(seed=3)
    _two(app)
    app.act("end")  # actions left (R6): the question first, nothing said yet
    assert app.confirming and app.announcement() == ""
    app.confirm_end(True)
    said = app.announcement()
    assert all(line[1:] in said for line in _log_lines(app))
    assert "Bob to play" in said


def test_a_bots_actions_are_said_as_they_are_played() -> None:
    app, _thinker, clock, _ = bot_app(seed=5)
    app.start(Options(players=(ANN, Player("Bo", "black", "medium")), short=True, start=0))
    app.act("end")
    app.confirm_end(True)
    assert "Bo to play" in app.announcement()
    steps = 0
    while app.game is not None and app.game.seat == 1 and not app.game.is_over():
        app.bot_poll()
        delay = app.bot_delay()
        assert delay is not None
        clock.ms += delay
        assert app.bot_step()
        said = app.announcement()  # main.py takes it at every render, one bot action each
        assert said.startswith("Bo ") and all(line[1:] in said for line in _log_lines(app))
        steps += 1
    assert steps >= 2  # a medium bot's turn: some actions, then its end
    assert "Ann to play" in said


def test_an_identical_refusal_is_said_again_and_only_by_the_region() -> None:
    app = App(seed=3)
    _two(app)
    app.act("@d4")  # Ann's one action of the first turn (R5)
    app.announcement()
    app.explain("d5")  # no action left to place a camel there: the page says why the click did nothing
    first = app.announcement()
    assert first and first == app.message
    app.explain("d5")
    assert app.announcement() == first  # the same words, said a second time
    # The two texts go to alternate children of #announcer, so the second is a new addition.
    assert parity(0)[0] != parity(1)[0] and parity(0) == parity(2)
    markup = app.view().markup
    assert '<p id="message">' in markup and 'role="alert">' + first not in markup


def test_focus_on_the_saved_games_screen_never_falls_to_the_body() -> None:
    app, _ = make_app()
    app.autostart(2)
    first = app.game_id
    app.new_game()
    assert app.view().focus == '[data-player-name="0"]'  # the form: the first seat's name
    app.autostart(2)
    second = app.game_id
    assert first and second and first != second
    app.show_saved()
    view = app.view()
    assert view.focus == "#saved-title" and '<h2 id="saved-title" tabindex="-1">' in view.markup
    app.saved_action("delete", second)
    view = app.view()
    assert view.focus == "#undo-delete" and 'id="undo-delete"' in view.markup
    app.undo_delete()
    view = app.view()
    assert view.focus == f'[data-saved-id="{second}"] button' and f'data-saved-id="{second}"' in view.markup
    app.saved_action("rename", first)
    app.cancel_rename()
    assert app.view().focus == f'[data-saved-id="{first}"] button[data-saved-action="rename"]'
    app.close_saved()
    view = app.view()
    assert view.screen == "game" and view.focus == "#saved-button" and 'id="saved-button"' in view.markup


def test_the_saved_games_screen_says_what_it_did_through_the_region() -> None:
    app, _ = make_app()
    app.autostart(2)
    app.show_saved()
    app.announcement()  # the game's start
    app.import_text(b"{not a record")  # a bad file: refused in plain words, nothing changed
    said = app.announcement()
    assert said and said == app.saved_message and said.startswith("This file was not imported")
    assert '<p id="saved-message">' in app.view().markup  # shown there, said only by #announcer
