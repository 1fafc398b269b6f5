"""What a player can do on the page, driven through App as main.py drives it."""

from __future__ import annotations

import random
import re
from html import unescape

import pytest

from caravan import record
from caravan.options import Options, default_players
from caravan.playout import courier_action
from tests.positions import blank, camel, refill_ready, sq
from web.app.app import App
from web.app.selection import source_of
from web.app.shown_game import BOT, PERSON
from web.app.view import LAYOUT


def _field(markup: str, seat: int, field: str) -> int:
    m = re.search(rf'data-panel-seat="{seat}".*?data-field="{field}">(-?\d+)<', markup)
    assert m is not None
    return int(m.group(1))


def _play_to_end(app: App, seed: int) -> int:
    rng = random.Random(seed)
    n = 0
    while app.screen == "game":
        assert app.game is not None
        action = courier_action(app.game, rng)
        source = source_of(action)
        if source is not None:
            app.select(source)
            assert str(action) in {str(a) for a in app.sel.targets()}
        app.act(str(action))
        n += 1
    return n


def test_autostart_gives_a_game_whose_record_replays_exactly() -> None:
    app = App(seed=5)
    app.autostart(2, short=True)
    _play_to_end(app, 1)
    view = app.view()
    assert view.screen == "over" and view.record is not None
    assert app.game is not None
    assert record.loads(view.record).state_key() == app.game.state_key()


def test_the_same_seed_gives_the_same_draws() -> None:
    records = []
    for _ in range(2):
        app = App(seed=9)
        app.autostart(2)
        records.append(app.view().record)
    assert records[0] == records[1]


def test_r15_r16_r17_game_over_shows_the_engines_final_scores_and_winners() -> None:
    app = App(seed=3)
    app.autostart(3, short=True)
    _play_to_end(app, 3)
    markup = app.view().markup
    assert app.game is not None
    for line in app.game.score():
        row = re.search(rf'<tr data-final-seat="{line.seat}"(.*?)</tr>', markup)
        assert row is not None
        cells = dict(re.findall(r'data-field="(\w+)">(-?\d+)<', row.group(1)))
        assert cells == {
            "rare": str(line.rare),
            "common": str(line.common),
            "demand": str(line.demand),
            "penalty": str(line.penalty),
            "total": str(line.total),
            "delivered": str(line.delivered),
        }
        assert ('data-winner="true"' in row.group(1)) == (line.seat in app.game.winners)


def test_an_action_the_engine_refuses_is_not_taken_and_its_reason_is_shown() -> None:
    app = App(seed=1)
    app.autostart(2)
    before = app.view().record
    app.act("c6-d4")
    view = app.view()
    assert view.record == before
    assert "you have no camel on c6" in unescape(view.markup)
    app.act("nonsense")
    assert "is not an action" in unescape(app.view().markup)


def test_r5_actions_left_and_whose_turn_follow_the_engine() -> None:
    app = App(seed=1)
    app.autostart(2)
    assert app.game is not None
    view = app.view()
    assert (view.seat, view.left) == (0, 1)
    app.act("@d4")
    app.act("end")
    view = app.view()
    assert (view.seat, view.left) == (1, 2)
    assert 'id="turn-banner" data-seat="1"' in view.markup
    assert "Player 2 to play" in view.markup


def test_undo_and_redo_within_the_turn() -> None:
    app = App(seed=1)
    app.autostart(2)
    app.act("@d4")
    assert 'id="undo">' in app.view().markup  # enabled
    app.undo()
    view = app.view()
    assert view.left == 1 and 'id="undo" disabled' in view.markup and 'id="redo">' in view.markup
    app.redo()
    assert app.view().left == 0


def test_undo_never_goes_into_the_previous_players_turn() -> None:
    app = App(seed=1)
    app.autostart(2)
    app.act("@d4")
    app.act("end")
    assert 'id="undo" disabled' in app.view().markup
    app.undo()
    assert app.view().seat == 1


def test_r13_i6_undo_stops_at_a_refill_whose_goods_were_seen() -> None:
    game = refill_ready()
    app = App()
    app.resume(game)
    app.act("+c6")  # 4 goods left on the board: refill
    view = app.view()
    markup = view.markup
    assert "Refill" in markup
    # The refilled goods drop in (web/board/motion.py), each on its own square.
    assert view.motion is not None
    assert any("[data-loose]" in a.selector for a in view.motion.anims)
    assert 'id="undo" disabled' in markup
    app.undo()
    assert app.game is not None and len(app.game.history) == 1


def test_r10_a_steal_is_logged_with_both_names_and_highlighted() -> None:
    game = blank()
    game = camel(game, 0, "c6")
    game = camel(game, 1, "c6", "I")
    app = App()
    app.resume(game)
    app.select("c6")
    app.act("$c6/2I")
    markup = app.view().markup
    assert "Player 1 stole the ivory from Player 2 on c6" in markup
    motion = app.view().motion
    assert motion is not None
    assert [a.selector for a in motion.anims] == ['[data-on="c6"] .piece[data-token="1_I"] .under']
    assert _field(markup, 0, "theft") == 0 and _field(markup, 1, "theft") == 2


def test_r16_panels_show_the_penalty_for_goods_carried_now() -> None:
    game = blank()
    game = camel(game, 0, "c6", "I")
    game = camel(game, 0, "a1", "S")
    game = camel(game, 0, "b1", "M")
    app = App()
    app.resume(game)
    markup = app.view().markup
    assert _field(markup, 0, "held") == 3
    assert _field(markup, 0, "penalty") == 3
    assert _field(markup, 0, "total") == -3


def test_new_game_with_duplicate_names_shows_the_engines_reason() -> None:
    app = App()
    app.submit_form({"count": "2", "names": ["Ann", "ann"], "colours": ["yellow", "black"]})
    view = app.view()
    assert view.screen == "new-game"
    assert "two players have the same name" in view.markup


def test_r1_r2_r4_new_game_form_sets_players_variants_and_start() -> None:
    app = App(seed=2)
    app.submit_form(
        {
            "count": "3",
            "names": ["Ann", "Bo", "Cy", None],
            "colours": ["teal", "red", "yellow", None],
            "casual": True,
            "short": True,
            "start": "2",
        }
    )
    game = app.game
    assert game is not None and app.view().screen == "game"
    assert [p.name for p in game.options.players] == ["Ann", "Bo", "Cy"]
    assert game.camels == 6 and game.bag_count == 32 - 8
    assert game.seat == 2


def test_rematch_keeps_players_and_options_with_new_draws() -> None:
    app = App(seed=4)
    app.start(Options(players=default_players(2), short=True, start=None))
    first = app.game
    app.rematch()
    assert app.game is not first and app.game is not None and first is not None
    assert app.game.options == first.options
    assert app.game.history == []
    assert app.game.setup_draws != first.setup_draws or app.game.start != first.start


def test_new_game_button_keeps_the_game_in_progress_until_another_starts() -> None:
    app = App(seed=5)
    app.autostart(2)
    app.act("@c6")
    before = app.view().record
    app.new_game()
    form = app.view()
    assert form.screen == "new-game" and 'id="resume-game"' in form.markup
    app.resume_game()
    back = app.view()
    assert back.screen == "game" and back.record == before


def test_new_game_form_offers_no_way_back_when_there_is_no_game() -> None:
    assert 'id="resume-game"' not in App().view().markup


def test_a_crowded_square_opens_its_enlarged_view_and_an_action_closes_it() -> None:
    game = blank()
    game = camel(game, 0, "c6")
    game = camel(game, 1, "c6", "I")
    app = App()
    app.resume(game)
    app.set_unit_px(0.48)  # a 360 px phone: a camel is too small to tap
    app.select("c6")
    assert app.zoom == sq("c6")
    markup = app.view().markup
    assert 'data-square-view="c6"' in markup and 'class="target steal" data-action="$c6/2I"' in markup
    app.select("c6")  # the same source again: cancel, and the view goes with it
    assert app.zoom is None and app.sel.selected is None
    app.select("c6")
    app.act("$c6/2I")
    assert app.zoom is None and 'id="square-view"' not in app.view().markup


def test_on_a_wide_board_a_lone_steal_stays_on_the_board() -> None:
    game = blank()
    game = camel(game, 0, "c6")
    game = camel(game, 1, "c6", "I")
    app = App()
    app.resume(game)
    app.select("c6")
    assert app.zoom is None
    assert 'id="square-view"' not in app.view().markup


def test_the_frame_measured_before_the_first_drawing_is_the_same_screen_with_an_empty_board() -> None:
    # main.py lays this out to measure the board's scale, then draws the board once.
    app = App(seed=5)
    app.autostart(2, short=True)
    full, frame = app.view(), app.view(board=False)
    viewbox = re.compile(r'<svg id="board" viewBox="([^"]+)"')
    full_box, frame_box = viewbox.search(full.markup), viewbox.search(frame.markup)
    assert full_box is not None and frame_box is not None
    assert frame_box.group(1) == full_box.group(1)
    boards = [re.search(r'<svg id="board".*?</svg>', v.markup, re.S) for v in (full, frame)]
    assert boards[0] is not None and boards[1] is not None
    assert boards[0].group(0).count('class="square') == 49
    assert 'class="square' not in boards[1].group(0)
    assert frame.screen == full.screen == "game"
    assert 'id="log"' in frame.markup  # the side panels are laid out beside it, as they will be


def test_while_another_player_acts_the_players_actions_and_redo_change_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The seam bots will use (issue 12): every input that changes the game asks acts_now.
    app = App(seed=5)
    app.autostart(2)
    game = app.game
    assert game is not None
    for notation in ("@a1", "end", "@g7"):
        app.act(notation)
    app.undo()
    assert [str(s.action) for s in game.history] == ["@a1", "end"] and game.can_redo()
    monkeypatch.setattr(app.play, "acts_now", lambda: BOT)
    for press in (lambda: app.act("@g7"), app.redo, lambda: app.shortcut("e"), lambda: app.shortcut("r")):
        press()
        assert len(game.history) == 2 and game.can_redo()
    monkeypatch.setattr(app.play, "acts_now", lambda: PERSON)
    app.redo()
    assert [str(s.action) for s in game.history] == ["@a1", "end", "@g7"]


def test_the_game_screen_is_its_parts_and_a_selection_leaves_the_lower_side_column_alone() -> None:
    """View.parts (main.py redraws in place only the parts that changed): on
    the game screen the markup is LAYOUT over the parts, rule links
    included; selecting a source (R7) changes the board and the upper side
    column but never the bag, panels, legend, log or tools; every action (R5)
    adds its line on top of the log's (what main.py inserts alone); the
    end-turn question (R6) is the last part."""
    app = App(seed=6)
    app.autostart(2, short=True)
    rng = random.Random(6)
    selections = questions = 0
    while app.screen == "game" and app.game is not None and len(app.game.history) < 120:
        before = app.view()
        assert before.parts is not None and LAYOUT.format(*before.parts) == before.markup
        assert len(before.parts) == 8 and before.parts[7] == ""
        action = courier_action(app.game, rng)
        src = source_of(action)
        if src is not None:
            app.select(src)
            chosen = app.view()
            assert chosen.parts is not None and LAYOUT.format(*chosen.parts) == chosen.markup
            assert chosen.parts[3:7] == before.parts[3:7], f"selecting {src} changed the lower side column"
            assert chosen.parts[1] != before.parts[1], f"selecting {src} left the board as it was"
            selections += 1
        app.act(str(action))
        if app.confirming:  # ending with actions left asks first (R6)
            asked = app.view()
            assert asked.parts is not None and 'id="confirm-end"' in asked.parts[7]
            assert LAYOUT.format(*asked.parts) == asked.markup
            questions += 1
            app.confirm_end(True)
        after = app.view()
        assert after.parts is not None
        old_log, new_log = before.parts[5], after.parts[5]
        lines = old_log[old_log.find("<li") :] if "<li" in old_log else "</ul></details>"
        assert new_log.endswith(lines) and new_log.count("<li") > old_log.count("<li"), f"{action}: log"
    assert selections > 50 and questions > 0
    assert app.game is not None
    while not app.game.is_over():
        app.act(str(courier_action(app.game, rng)))
        if app.confirming:
            app.confirm_end(True)
    over = app.view()
    assert over.screen == "over" and over.parts is None
