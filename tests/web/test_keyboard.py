"""The board from the keyboard: every source and target is a named, focusable
button, and after each update focus goes where a keyboard player goes next."""

from __future__ import annotations

import dataclasses
import json
import random
import re
from html import unescape

from caravan.game import Game
from caravan.options import Player
from caravan.playout import courier_action
from tests.positions import blank, camel, loose
from tests.translations import Catalogue
from web.app.app import App
from web.app.selection import Selection, source_of
from web.board import keynav
from web.board.board_svg import render_board
from web.words import i18n

_TAG = re.compile(r"<(?:g|button)\b[^>]*>")


def _attr(tag: str, name: str) -> str | None:
    m = re.search(rf'\s{name}="([^"]*)"', tag)
    return None if m is None else unescape(m.group(1))


def _buttons(markup: str) -> dict[str, dict[str, str | None]]:
    """Every board source and target, by its key or notation, with the
    attributes a keyboard and a screen reader use."""
    out = {}
    for tag in _TAG.findall(markup):
        key = _attr(tag, "data-select") or _attr(tag, "data-action")
        if key is not None and tag.startswith("<g"):
            out[key] = {n: _attr(tag, n) for n in ("role", "tabindex", "aria-label", "aria-pressed")}
    return out


def _first(markup: str, kind: str) -> str | None:
    """The selector of the first source (or highlighted target) in page order,
    as ``querySelector`` would find it."""
    for tag in _TAG.findall(markup):
        key = _attr(tag, "data-select")
        if kind == "source" and key is not None:
            return f"[data-select={json.dumps(key)}]"
        action = _attr(tag, "data-action")
        if kind == "target" and action is not None and "target" in (_attr(tag, "class") or "").split():
            return f".target[data-action={json.dumps(action)}]"
    return None


def _drawn(markup: str) -> set[str]:
    """Selectors of every source drawn (board, supply, enlarged view) and square to enlarge."""
    keys = re.findall(r'data-(select|zoom)="([^"]*)"', markup)
    out = {f"[data-{a}={json.dumps(unescape(v))}]" for a, v in keys}
    return out | {f"#board {css}" for css in out}


def _selection(game: Game) -> Selection:
    sel = Selection()
    sel.refresh(game.legal_actions())
    return sel


def _crossroads() -> App:
    """Player 1 on c6 with an unladen camel and one carrying ivory; a loose
    meat to pick up and Player 2's camel with salt to steal on the same square."""
    game = blank()
    game = camel(game, 0, "c6")
    game = camel(game, 0, "c6", "I")
    game = camel(game, 1, "c6", "S")
    game = camel(game, 1, "d4")
    game = loose(game, "c6", "M")
    app = App()
    app.resume(game)
    return app


def test_every_board_source_and_target_is_a_focusable_button_named_in_plain_words() -> None:
    app = _crossroads()
    app.select("c6")
    buttons = _buttons(app.view().markup)
    assert app.game is not None
    keys = set(app.sel.sources) - {"supply"} | {str(a) for a in app.sel.targets()}
    assert set(buttons) == keys
    # Issue 14: the board is one tab stop (a roving tabindex), the focus's element.
    focus = app.view().focus
    assert focus == '.target[data-action="$c6/2S"]', "R10: the steal is the most useful target"
    for key, attrs in buttons.items():
        assert (attrs["role"], attrs["tabindex"]) == ("button", "0" if key == "$c6/2S" else "-1"), key
        assert attrs["aria-label"], key
    assert buttons["c6"]["aria-label"] == "Your camels on c6"
    assert buttons["c6"]["aria-pressed"] == "true"
    assert buttons["Ic6"]["aria-label"] == "Ivory on your camel on c6"
    assert buttons["Ic6"]["aria-pressed"] == "false"
    assert buttons["c6-d4"]["aria-label"] == "Move a camel from c6 to d4, 2 actions"
    assert buttons["c6-e4"]["aria-label"] == "Move a camel from c6 to e4, 1 action"
    assert buttons["+c6"]["aria-label"] == "Pick up the meat on c6, 1 action"
    assert buttons["$c6/2S"]["aria-label"] == "Steal the salt from Player 2 on c6, 1 action"


def test_r11_a_stolen_good_under_a_camel_is_named_as_under_it() -> None:
    game = blank()
    game = camel(game, 0, "c6", "I", under=True)
    game = camel(game, 0, "c5")
    buttons = _buttons(render_board(game, _selection(game)))
    assert buttons["I_c6"]["aria-label"] == "Ivory under your camel on c6"


def test_player_names_in_labels_are_parameters_and_escaped() -> None:
    app = _crossroads()
    assert app.game is not None
    name = '<Bo & "Al">'
    players = (app.game.options.players[0], Player(name, app.game.options.players[1].colour))
    app.game.options = dataclasses.replace(app.game.options, players=players)
    app.select("c6")
    markup = app.view().markup
    assert 'aria-label="Steal the salt from &lt;Bo &amp; &quot;Al&quot;&gt; on c6, 1 action"' in markup
    assert _buttons(markup)["$c6/2S"]["aria-label"] == f"Steal the salt from {name} on c6, 1 action"


def test_board_labels_come_from_the_catalogue() -> None:
    try:
        i18n.use(
            Catalogue(
                {
                    "Your camels on {square}": "Vos chameaux en {square}",
                    "{action}, {cost}": "{action} ({cost})",
                }
            )
        )
        app = _crossroads()
        app.select("c6")
        buttons = _buttons(app.view().markup)
    finally:
        i18n.use(None)
    assert buttons["c6"]["aria-label"] == "Vos chameaux en c6"
    assert buttons["c6-e4"]["aria-label"] == "Move a camel from c6 to e4 (1 action)"


def test_r5_focus_follows_a_keyboard_turn_supply_target_end_turn_next_player() -> None:
    app = App(seed=7)
    app.autostart(2)
    assert app.view().focus == '[data-select="supply"]'
    app.select("supply")
    assert app.view().focus == '.target[data-action="@a1"]'
    app.act("@a1")  # the first turn has one action: nothing left to select
    assert app.view().focus == "#end-turn"
    app.act("end")
    view = app.view()
    assert view.seat == 1 and view.focus == '[data-select="supply"]'


def test_focus_goes_to_the_most_useful_target_then_a_drawn_source() -> None:
    """Played with the courier policy: after every selection the focus is the
    most useful target (web/board/keynav.py's rank; the first on the page among
    equals), after every action a source drawn on the page, on the board or
    the supply (end turn when there is none). Issue 14 replaced "the first
    target, the first source in page order" of the Tab-through design."""
    app = App(seed=11)
    app.autostart(3, short=True)
    rng = random.Random(11)
    checked = 0
    while app.screen == "game" and checked < 300:
        assert app.game is not None
        action = courier_action(app.game, rng)
        source = source_of(action)
        if source is not None:
            app.select(source)
            view = app.view()
            ranker = keynav.Ranker(app.game)
            best = min(ranker.rank(a) for a in app.sel.targets())
            assert view.focus is not None and view.focus.startswith(".target[data-action=")
            chosen = app.sel.find(json.loads(view.focus[len(".target[data-action=") : -1]))
            assert chosen is not None and ranker.rank(chosen) == best
        app.act(str(action))
        view = app.view()
        if app.confirming:  # R6: ending with actions left asks first; the answer has the focus
            assert view.modal and view.focus == "#confirm-end-no"
            app.confirm_end(True)
            view = app.view()
        if view.screen == "game":
            drawn = _first(view.markup, "source") is not None or 'id="supply"' in view.markup
            assert view.focus == "#end-turn" if not drawn else view.focus in _drawn(view.markup), view.focus
        checked += 1
    assert checked >= 100


def test_escape_clears_the_selection_and_keeps_focus_on_the_source() -> None:
    app = _crossroads()
    assert not app.escape(), "nothing selected: nothing to redraw"
    app.select("Ic6")
    assert app.escape()
    view = app.view()
    assert app.sel.selected is None and "selected" not in view.markup.split("<aside")[0]
    assert view.focus == '[data-select="Ic6"]'
    assert not app.escape()


def test_selecting_the_source_again_clears_it_and_keeps_focus_on_it() -> None:
    app = _crossroads()
    app.select("c6")
    app.select("c6")
    view = app.view()
    assert app.sel.selected is None
    assert view.focus == '[data-select="c6"]'


def test_r6_undo_keeps_focus_on_undo_while_there_is_more_to_undo() -> None:
    app = App(seed=1)
    app.autostart(2)
    app.act("@d4")
    app.act("end")
    app.act("@a1")
    app.act("@b1")
    app.undo()
    assert app.view().focus == "#undo"
    app.undo()  # back at the start of the turn: undo is disabled
    assert app.view().focus == '[data-select="supply"]'
    app.redo()
    assert app.view().focus == "#redo"


def test_game_over_focuses_its_result() -> None:
    """Issues 14, 28: focus goes to the game-over result, who won with the
    points (R17; the breakdown and the rematch follow it)."""
    app = App(seed=3)
    app.autostart(2, short=True)
    rng = random.Random(3)
    while app.screen == "game":
        assert app.game is not None
        app.act(str(courier_action(app.game, rng)))
    view = app.view()
    assert view.screen == "over" and view.focus == "#game-over-result"
    assert 'id="game-over-result" tabindex="-1">' in view.markup and 'id="rematch"' in view.markup
