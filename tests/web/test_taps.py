"""Fewer taps on a phone (issue 28): a tap on an empty space places a camel
when the engine lists that placement (R7), else says why; a selected camel's
action list puts what gains something first and folds its plain moves."""

from __future__ import annotations

import json
import re
from html import unescape

from caravan import Game
from caravan.actions import PlaceCamel
from caravan.board import parse_square
from tests.positions import blank, camel, loose
from tests.web.saving import make_app
from tests.web.test_driver import Page
from web.app import panels
from web.app.app import App
from web.app.newgame import FORM_KEY, QUICK_BOT, Form
from web.app.selection import Selection
from web.app.storage import MemoryStorage


def _app(game: Game) -> App:
    app = App()
    app.resume(game)
    return app


def _text(markup: str) -> str:
    return unescape(re.sub(r"<[^>]+>", "", markup))


def test_r7_a_tap_on_an_empty_space_places_a_camel_with_nothing_selected() -> None:
    app = _app(camel(blank(), 0, "d4"))  # a camel on the board: placing is not all there is
    game = app.game
    assert game is not None and not app.sel.only_placing()
    supply = game.supply(0)
    app.explain("b2")
    assert str(game.history[-1].action) == "@b2"
    assert game.supply(0) == supply - 1 and game.left == 3
    assert app.message == ""


def test_r7_a_tap_where_no_camel_can_be_placed_gives_the_engines_reason() -> None:
    game = blank(turn=1)
    for name in ("a1", "a2", "a3", "a4", "a5"):
        game = camel(game, 0, name)  # all five camels on the board: the supply is empty
    app = _app(game)
    reason = game.why_illegal(PlaceCamel(parse_square("b2")))
    assert reason is not None
    app.explain("b2")
    assert not game.history, "nothing was played"
    assert _text(app.message).startswith("b2: ")
    assert app.message != "b2: ." and "nothing of yours" not in app.message


def test_a_tap_on_a_space_with_a_camel_or_with_a_source_selected_never_places() -> None:
    app = _app(camel(camel(blank(), 0, "d4"), 1, "a1"))
    game = app.game
    assert game is not None
    app.explain("a1")  # another player's camel stands there: said, not placed onto (2 actions)
    assert not game.history and "Player 2's" in app.message
    app.select("d4")
    app.explain("d4")  # the selected camel's own square: no move, no placement
    assert not game.history


def test_r8_a_tap_on_a_loose_good_with_no_camel_places_one_there() -> None:
    app = _app(loose(camel(blank(), 0, "d4"), "b2", "M"))
    game = app.game
    assert game is not None
    app.explain("b2")
    assert str(game.history[-1].action) == "@b2"
    assert "+b2" in {str(a) for a in game.legal_actions()}, "then it can pick the good up (R8)"


def _buttons(markup: str) -> list[str]:
    return re.findall(r'data-action="([^"]+)"', markup)


def test_a_camels_useful_actions_come_first_and_its_plain_moves_are_folded() -> None:
    # Seat 1's camel on d4 with a loose good (R8: a pick-up), goods on b2 and on a1,
    # where seat 2's camel stands (moving onto it costs 2 actions, R7).
    game = loose(loose(loose(camel(camel(blank(), 1, "a1"), 0, "d4"), "d4", "S"), "b2", "M"), "a1", "I")
    sel = Selection()
    sel.refresh(game.legal_actions())
    sel.toggle("d4")
    markup = panels.action_list(game, sel)
    listed = _buttons(markup)
    assert sorted(listed) == sorted(str(a) for a in sel.targets()), "every legal action is listed, once"
    top, _, folded = markup.partition('<li class="more">')
    # The pick-up, then the moves that reach a good, the one that costs 1 action first.
    assert _buttons(top) == ["+d4", "d4-b2", "d4-a1"]
    moves = _buttons(folded)
    assert moves and all(m.startswith("d4-") for m in moves)
    assert f"Move this camel: {len(moves)} spaces" in _text(folded)
    assert '<details id="more-d4">' in folded and '<details id="more-d4" open' not in folded


def test_the_hinted_move_stays_in_view_and_a_list_without_plain_moves_folds_nothing() -> None:
    game = camel(blank(), 0, "d4")
    sel = Selection()
    sel.refresh(game.legal_actions())
    sel.toggle("d4")
    sel.hinted = "d4-g1"
    top, _, folded = panels.action_list(game, sel).partition('<li class="more">')
    assert "d4-g1" in _buttons(top) and "d4-g1" not in _buttons(folded)
    sel.toggle("supply")  # placing: every space listed, none folded
    assert '<li class="more">' not in panels.action_list(game, sel)


# ------------------------------------------------- the new-game form remembered


def test_the_forms_last_setup_and_the_quick_games_strength_outlive_a_reload() -> None:
    app, storage = make_app()
    app.boot()
    assert 'id="quick-bot"' in app.view().markup and app.new.form.quick == QUICK_BOT
    setup = {
        "count": "3",
        "names": ["Ann", "Bob", "", None],
        "colours": ["teal", "red", "blue", None],
        "types": ["human", "hard", "medium", None],
        "casual": True,
        "short": False,
        "start": "1",
        "quick": "medium",
    }
    app.submit_form(setup)
    assert app.screen == "game"
    again, _ = make_app(storage)  # a reload: a new app over the same storage
    again.boot()
    again.new_game()
    form = again.new.form
    assert (form.count, form.names[:3], form.colours[:3], form.types[:3]) == (
        3,
        ["Ann", "Bob", ""],
        ["teal", "red", "blue"],
        ["human", "hard", "medium"],
    )
    assert (form.casual, form.short, form.start, form.quick) == (True, False, "1", "medium")
    front = again.view().markup
    assert 'value="Ann"' in front and 'id="casual" checked' in front
    assert re.search(r'id="quick-bot".*?<option value="medium" selected>', front, re.S)
    again.quick_game({"quick": "hard"})  # Play against the computer: the strength picked
    game = again.game
    assert game is not None and [p.bot for p in game.options.players] == [None, "hard"]
    third, _ = make_app(storage)
    third.boot()
    assert third.new.form.quick == "hard"


def test_a_damaged_or_missing_remembered_setup_gives_the_defaults_silently_and_keeps_the_games() -> None:
    fresh = Form()
    for junk in (
        None,
        "",
        "{",
        "[1, 2]",
        "nul",
        "[" * 3000,
        '{"count": 9, "colours": ["mauve", 3], "types": ["x"]}',
    ):
        storage = MemoryStorage({FORM_KEY: junk} if junk is not None else {})
        app, _ = make_app(storage)
        app.autostart(2)  # a game in progress, saved
        kept = dict(storage.data)
        again, _ = make_app(storage)
        again.boot()
        form = again.new.form
        assert (form.count, form.colours, form.types, form.quick) == (
            fresh.count,
            fresh.colours,
            fresh.types,
            "easy",
        )
        assert again.message == "" and again.services.save_problem == again.services.read_problem == ""
        assert again.game is not None, "the game in progress is resumed as before"
        assert {k: v for k, v in storage.data.items() if k != FORM_KEY} == {
            k: v for k, v in kept.items() if k != FORM_KEY
        }
    off, _ = make_app(MemoryStorage(disabled=True))
    off.boot()
    off.quick_game({"quick": "medium"})  # storage off: the game starts, nothing said about the form
    assert off.game is not None and off.new.form.quick == "medium"


def test_the_app_worker_draws_the_remembered_setup_and_a_refused_write_of_it_says_nothing() -> None:
    """Through the worker's copy of localStorage (web/worker/mirror.py, storing.py)."""
    setup = Form()
    setup.recall('{"names": ["Ann", "Bob"], "quick": "hard"}')
    page = Page(local={FORM_KEY: setup.dumps()})
    page.boot("?seed=1")
    front = page.last_screen()["whole"]
    assert 'value="Ann"' in front and re.search(r'<option value="hard" selected>', front)
    page.post(type="click", keyboard=False, target={"el": {"id": "play-computer"}}, form={"quick": "medium"})
    written = [w for w in page.writes() if w[0] == "set" and w[2] == FORM_KEY]
    assert written and json.loads(written[-1][3])["quick"] == "medium"
    page.sent.clear()
    page.post(type="stored", failed=[{"area": "local", "key": FORM_KEY, "actual": None, "problem": "full"}])
    assert "storage for this page is full" not in json.dumps(page.sent)
