"""Keyboard play in a few keys (issue 14): whole games played through the
app with the courier policy, each action counted in key presses from where
the page left the focus (tests/web/keycount.py: arrows, Tab, Enter, P, E)."""

from __future__ import annotations

import random
import statistics

from caravan.playout import courier_action
from tests.positions import blank, camel, loose
from tests.web.keycount import presses
from web.app.app import App
from web.app.selection import source_of
from web.board import keynav
from web.words.phrases import action_kind


def test_r5_to_r12_the_median_action_takes_at_most_six_key_presses_over_whole_games() -> None:
    per_kind: dict[str, list[int]] = {}
    for seed in range(3):
        app = App(seed=seed)
        app.autostart(2 + seed, short=True)
        rng = random.Random(seed)
        while app.screen == "game" and app.game is not None:
            action = courier_action(app.game, rng)
            per_kind.setdefault(action_kind(app.game, action), []).append(presses(app, action))
    counts = [n for ns in per_kind.values() for n in ns]
    assert {"place", "move", "pick", "good", "deliver", "end"} <= set(per_kind)
    assert statistics.median(counts) <= 6, per_kind
    assert statistics.median(per_kind["deliver"]) <= 3, "a delivery is where focus starts"


def test_the_board_is_one_tab_stop_and_arrows_reach_every_target() -> None:
    game = blank()
    game = camel(game, 0, "c6")
    game = camel(game, 0, "c5", "I")
    game = loose(game, "f2", "M")
    app = App()
    app.resume(game)
    app.select("c6")
    view = app.view()
    board = view.markup.split('<svg id="board"', 1)[1].split("</svg>", 1)[0]
    assert board.count('tabindex="0"') == 1
    items = app.play.board_items
    targets = [i for i in items if "target" in i.classes]
    assert len(targets) == len(app.sel.targets())
    # R8: the camel reaching the meat is ranked first, so focus starts there.
    assert view.focus == '.target[data-action="c6-f2"]'
    todo = ["#board " + view.focus]
    seen = set(todo)
    while todo:
        here = todo.pop()
        for key in keynav.ARROWS:
            nxt = keynav.step(items, here, key)
            if nxt is not None and nxt.css not in seen:
                seen.add(nxt.css)
                todo.append(nxt.css)
    assert {i.css for i in targets} <= seen, "every target is reachable with the arrow keys"


def test_useful_targets_are_drawn_strongly_and_the_rest_quietly() -> None:
    """A camel that reaches a good (R8) or joins a camel carrying one (R11)
    is marked ``useful``; a move to an empty corner is not."""
    game = blank()
    game = camel(game, 0, "c6")
    game = camel(game, 0, "c3", "I")
    game = loose(game, "f2", "M")
    app = App()
    app.resume(game)
    app.select("c6")
    markup = app.view().markup
    assert 'data-action="c6-f2"' in markup

    def tag(notation: str) -> str:
        return markup.split(f'data-action="{notation}"', 1)[1].split(">", 1)[0]

    assert "useful" in tag("c6-f2") and "useful" in tag("c6-c2") and "useful" not in tag("c6-g7")


def _stepped(items: list[keynav.Item]) -> dict[str, dict[str, str]]:
    """The arrow map one ``step`` at a time: what ``arrows`` gives at once."""
    out: dict[str, dict[str, str]] = {}
    for item in items:
        moves = {}
        for key in keynav.ARROWS:
            to = keynav.step(items, item.css, key)
            if to is not None:
                moves[key] = to.css
        if moves:
            out[item.css] = moves
    return out


def test_the_arrow_map_at_once_is_every_step_with_the_same_ties() -> None:
    for players in (2, 4):
        app = App(seed=players)
        app.autostart(players, short=True)
        rng = random.Random(players)
        boards = 0
        while app.screen == "game" and app.game is not None and boards < 40:
            action = courier_action(app.game, rng)
            app.select(source_of(action) or "")
            for _ in range(2):  # with the source selected, then without
                app.view()
                items = app.play.board_items
                assert keynav.arrows(items) == _stepped(items)
                assert list(keynav.arrows(items)) == list(_stepped(items))
                boards += 1
                app.clear()
            app.act(str(action))
        assert boards == 40
