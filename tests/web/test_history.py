"""The history view on CPython: stepping through the past shows the position
the engine had after k actions, and never changes the game being played."""

from __future__ import annotations

import re

from caravan import record
from web.app.history import History

from .saving import game_with, make_app, play


def _past(text: str, k: int) -> tuple[object, ...]:
    game = record.loads(text)
    while len(game.history) > k:
        game.pop()
    return game.state_key()


def test_stepping_shows_each_past_position_and_never_changes_the_game() -> None:
    game = game_with(40, seed=7)
    text = record.dumps(game)
    key = game.state_key()
    h = History(game)
    assert h.pos == h.total == 40
    for k in (39, 20, 0, 1, 17, 40, 3):
        h.go(k)
        assert h.pos == k
        assert h.game.state_key() == _past(text, k)
        assert record.dumps(game) == text and game.state_key() == key
    h.go(-5)
    assert h.pos == 0
    h.go(99)
    assert h.pos == 40


def test_the_app_history_screen_steps_by_key_and_returns_to_the_same_game() -> None:
    app, storage = make_app()
    app.autostart(2)
    play(app, 15)
    assert app.game is not None
    text = record.dumps(app.game)
    app.show_history()
    view = app.view()
    assert view.screen == "history" and view.record == text
    assert 'data-step="15" data-steps="15"' in view.markup
    assert "data-select" not in view.markup and "data-action" not in view.markup
    for key, step in (("ArrowLeft", 14), ("Home", 0), ("ArrowRight", 1), ("End", 15)):
        assert app.history_key(key)
        markup = app.view().markup
        assert re.search(rf'data-step="{step}"', markup)
    assert not app.history_key("x")
    saved = dict(storage.data)
    assert app.escape()
    assert app.screen == "game" and record.dumps(app.game) == text
    assert storage.data == saved
    play(app, 1)
    assert len(app.game.history) == 16
