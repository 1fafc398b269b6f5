"""The five actions, undo/redo and refused moves, played through the page."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import expect

from caravan import city_wants
from caravan.actions import Action, MoveCamel, MoveGood, PickUp, PlaceCamel, Steal, parse_action
from caravan.game import Game
from caravan.playout import courier_action
from e2e.conftest import Tab
from e2e.driver import RECORD_CHANGED, Driver, attr, board_of, panels_of, sources
from e2e.saving import courier_game, open_at


def _kind(action: Action) -> str:
    if isinstance(action, PlaceCamel):
        return "place"
    if isinstance(action, MoveCamel):
        return "move"
    if isinstance(action, PickUp):
        return "pick up"
    if isinstance(action, Steal):
        return "steal"
    if isinstance(action, MoveGood):
        return "deliver" if city_wants(action.to) == action.good else "move good"
    return "end"


def _assert_shows(driver: Driver, game: Game, after: str) -> None:
    """Board, panels, bag and turn state on the page equal the engine's."""
    assert driver.board() == board_of(game), f"board differs from the engine after {after}"
    assert driver.panels() == panels_of(game), f"panels differ from the engine after {after}"
    html = driver.page.locator("html")
    assert html.get_attribute("data-seat") == str(game.seat), after
    assert html.get_attribute("data-left") == str(game.left), after
    bag = driver.page.locator("#bag-count").text_content() or ""
    assert str(game.bag_count) in bag, f"#bag-count {bag!r} should show {game.bag_count} after {after}"


@pytest.mark.timeout(300)
def test_r7_r8_r10_r11_r12_each_action_changes_board_and_panels_as_the_engine_says(shared_tab: Tab) -> None:
    tab = shared_tab
    tab.open("?seed=6&autostart=2&short=1")
    driver = Driver(tab.page)
    game = driver.game()
    _assert_shows(driver, game, "set-up")
    rng = random.Random(6)
    seen: set[str] = set()
    wanted = {"place", "move", "pick up", "steal", "move good", "deliver"}
    for _ in range(400):
        if wanted <= seen or game.is_over():
            break
        action = courier_action(game, rng)
        game = driver.perform(action, game)
        seen.add(_kind(action))
        _assert_shows(driver, game, str(action))
    assert wanted <= seen, f"never played {wanted - seen} (raise the bound or change the seed)"


@pytest.mark.timeout(300)
def test_r13_undo_is_disabled_right_after_a_pick_up_that_refilled(shared_tab: Tab) -> None:
    """Undoing a refill would let a player redraw the bag (I11). The courier's
    game from seed 11 is brought by the engine to the pick-up that refills,
    mid-turn (an action of the turn to undo), and the page resumes it there:
    the refill draws afresh (I11), what is checked is that it is drawn as
    recorded and cannot be undone."""
    tab = shared_tab
    game, rng = courier_game(11)
    for _ in range(300):
        assert not game.is_over(), "the game ended before any refill"
        action = courier_action(game, rng)
        trial = game.copy()
        trial.push(action)
        if isinstance(action, PickUp) and trial.last_revealed():
            break
        game.push(action)
    else:
        pytest.fail("no refilling pick-up within 300 actions")
    assert game.undoable(), "the refilling pick-up should follow an action of the same turn"
    open_at(tab, game)
    driver = Driver(tab.page)
    undo = tab.page.locator("#undo")
    expect(undo).to_be_enabled()
    game = driver.perform(action, game)
    assert game.history[-1].draws, "the record should hold the refill's draws"
    assert driver.board() == board_of(game), "the refilled goods are not drawn as the record says"
    # After any other action of the turn undo would be enabled (see the R6 test).
    expect(undo).to_be_disabled()


@pytest.mark.timeout(120)
def test_r6_undo_and_redo_within_a_turn_and_r7_i3_an_illegal_move_cannot_be_made_through_the_page(
    shared_tab: Tab,
) -> None:
    """One boot. Undo and redo within a turn, the buttons following, and never
    into another player's turn (R6); then, with one action left, a camel may
    only go to an empty square (R7): the occupied squares carry no
    data-action, and clicking one does nothing."""
    tab = shared_tab
    tab.open("?seed=2&autostart=2")
    driver = Driver(tab.page)
    undo, redo = tab.page.locator("#undo"), tab.page.locator("#redo")
    expect(undo).to_be_disabled()
    expect(redo).to_be_disabled()

    game = driver.perform(parse_action("@d4"))
    expect(undo).to_be_enabled()
    expect(redo).to_be_disabled()

    old = driver.record()
    undo.click()
    tab.page.wait_for_function(RECORD_CHANGED, arg=old)
    undone = driver.game()
    assert not undone.history
    assert driver.board()["d4"] == ([], "", 0), "the undone camel is still drawn on d4"
    expect(undo).to_be_disabled()
    expect(redo).to_be_enabled()

    old = driver.record()
    redo.click()
    tab.page.wait_for_function(RECORD_CHANGED, arg=old)
    redone = driver.game()
    assert [str(s.action) for s in redone.history] == ["@d4"]
    assert driver.board() == board_of(game)
    expect(undo).to_be_enabled()
    expect(redo).to_be_disabled()

    game = driver.perform(parse_action("end"), redone)
    expect(undo).to_be_disabled()  # never into another player's turn

    for text in ("@a1", "@b1", "end", "@c1", "@c2"):
        game = driver.perform(parse_action(text), game)
    assert [str(s.action) for s in game.history] == ["@d4", "end", "@a1", "@b1", "end", "@c1", "@c2"]
    assert game.seat == 0 and game.left == 1
    legal = sources(game.legal_actions())
    driver.select("d4")
    offered = driver.offered()
    assert set(offered["targets"]) == legal["d4"]
    for square in ("a1", "b1", "c1", "c2", "d4"):
        assert f"d4-{square}" not in legal["d4"]  # the engine agrees these are illegal now
        assert tab.page.locator(attr("", "data-action", f"d4-{square}")).count() == 0
        assert tab.page.locator(attr("", "data-square", square)).locator("[data-action]").count() == 0
    assert not offered["stray"], f"non-target board elements carry data-action: {offered['stray']}"
    listed = tab.page.locator("#action-list button[data-action]")
    assert {listed.nth(i).get_attribute("data-action") for i in range(listed.count())} == legal["d4"]

    before = driver.record()
    tab.page.locator(attr("#board ", "data-square", "a1")).click()
    tab.page.locator(attr("#board ", "data-square", "c2")).click()
    assert driver.record() == before, "clicking a square that is no target changed the game"
    assert driver.game().left == 1

    driver.select("d4")
    tab.page.locator(attr("", "data-select", "d4")).click()  # selecting it again clears it
    expect(tab.page.locator(".selected")).to_have_count(0)
    expect(tab.page.locator(".target")).to_have_count(0)


# The side column's lower parts as drawn (web/app/view.py LAYOUT), and the log's
# newest line: marked, so that a redraw that replaced one shows as its mark gone.
_BOXES = ("side-stats", "side-legend", "side-log", "side-tools")
_MARK = """boxes => { for (const id of boxes) document.getElementById(id).dataset.drawn = 'before';
  document.querySelector('#log li').dataset.drawn = 'before'; }"""
_KEPT = """boxes => [...boxes.map(id => document.getElementById(id).dataset.drawn === 'before'),
  [...document.querySelectorAll('#log li')].findIndex(li => li.dataset.drawn === 'before')]"""


@pytest.mark.timeout(120)
def test_a_selection_redraws_the_board_and_controls_in_place_and_an_action_adds_its_log_line(
    shared_tab: Tab,
) -> None:
    """Selecting a source (R7) redraws only the board and the side column's
    upper part: the bag, panels, legend, log and tools stay the very elements
    the browser laid out, their scroll and the legend the player opened with them. Placing
    a camel (R7) adds its line on top of the log, whose lines drawn before
    stay; the legend and the tools stay as they were; board and panels show
    what the engine says."""
    tab = shared_tab
    tab.open("?seed=6&autostart=2")
    page = tab.page
    driver = Driver(page)
    game = driver.game()
    game = driver.fast(next(a for a in game.legal_actions() if isinstance(a, PlaceCamel)), game)
    game = driver.fast(parse_action("end"), game)  # turn 1 is one action (R5): the log has lines
    legend_open = "document.getElementById('legend').open"
    assert not page.evaluate(legend_open)  # folded below the board until the player opens it (issue 28)
    # Opened by the player (its summary tapped on a phone; a wide screen shows it whole): it stays open.
    page.locator("#legend > summary").dispatch_event("click")
    assert page.evaluate(legend_open)
    page.evaluate(_MARK, list(_BOXES))
    driver.select("supply")
    assert page.evaluate(_KEPT, list(_BOXES)) == [True, True, True, True, 0], "a selection redrew the side"
    assert page.evaluate(legend_open)
    action = next(a for a in game.legal_actions() if isinstance(a, PlaceCamel))
    assert set(driver.offered()["targets"]) == sources(game.legal_actions())["supply"]
    game = driver.perform(action, game)
    _stats, legend, log, tools, line = page.evaluate(_KEPT, list(_BOXES))
    assert (legend, log, tools) == (True, True, True), "the action redrew the legend, log or tools"
    assert line == 1, "the action's line is not on top of the lines drawn before"
    expect(page.locator("#log li").first).to_contain_text(str(action)[1:])
    assert page.evaluate(legend_open)
    _assert_shows(driver, game, str(action))
