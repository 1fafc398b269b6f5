"""The board played from the keyboard alone: Tab, Enter, Space and Escape.

Focus is never set by the test: it goes where the page puts it after each
update (the selected source's first target, else the first source, else end
turn) and on from there with Tab. Each action's record is checked against
the engine playing the same action.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from caravan.actions import parse_action
from caravan.game import Game
from e2e.conftest import Tab
from e2e.driver import RECORD_CHANGED, Driver, attr, board_of

_FOCUSED = "css => document.activeElement !== null && document.activeElement.matches(css)"
# Whether the page handled the last key (bubbles to document after #app's listener).
_WATCH_KEYS = "document.addEventListener('keydown', e => { window.__prevented = e.defaultPrevented; })"


def _wait_focus(page: Page, css: str) -> None:
    page.wait_for_function(_FOCUSED, arg=css)


def _select_by_key(page: Page, key: str, source: str, first_target: str) -> None:
    page.keyboard.press(key)
    page.locator(attr(".selected", "data-select", source)).wait_for()
    _wait_focus(page, attr(".target", "data-action", first_target))


def _act_by_key(driver: Driver, game: Game, key: str, notation: str) -> Game:
    """Press ``key`` on the focused element; the page must have played
    ``notation`` and reached the position the engine reaches with it."""
    old = driver.record()
    driver.page.keyboard.press(key)
    driver.page.wait_for_function(RECORD_CHANGED, arg=old)
    after = driver.game()
    mine = game.copy()
    mine.push(parse_action(notation))
    assert [str(h.action) for h in after.history] == [str(h.action) for h in mine.history]
    assert after.state_key() == mine.state_key(), f"the page's position after {notation} is not the engine's"
    assert driver.board() == board_of(mine), f"the board drawn after {notation} is not the engine's"
    html = driver.page.locator("html")
    expect(html).to_have_attribute("data-seat", str(mine.seat))
    expect(html).to_have_attribute("data-left", str(mine.left))
    return after


@pytest.mark.timeout(120)
def test_r5_r7_r8_place_move_pick_up_and_end_turn_with_the_keyboard_only(shared_tab: Tab) -> None:
    tab = shared_tab
    tab.open("?seed=7&autostart=2")
    page = tab.page
    page.evaluate(_WATCH_KEYS)
    driver = Driver(page)
    game = driver.game()
    assert (game.seat, game.left) == (0, 1)

    # No camel on the board yet: Tab reaches the supply first.
    for _ in range(10):
        page.keyboard.press("Tab")
        if page.evaluate(_FOCUSED, "[data-select='supply']"):
            break
    expect(page.locator("#supply")).to_be_focused()

    # Turn 1 (one action): Space on the supply, Enter on the first target.
    _select_by_key(page, "Space", "supply", "@a1")
    expect(page.get_by_role("button", name="Place a camel on a1, 1 action")).to_be_focused()
    game = _act_by_key(driver, game, "Enter", "@a1")
    _wait_focus(page, "#end-turn")  # no action left: nothing else to select
    game = _act_by_key(driver, game, "Enter", "end")

    # Turn 2, Player 2: Escape drops a selection and keeps focus on it.
    _wait_focus(page, "#supply")
    _select_by_key(page, "Enter", "supply", "@a1")
    before = driver.record()
    page.keyboard.press("Escape")
    expect(page.locator(".selected")).to_have_count(0)
    _wait_focus(page, "#supply")
    assert driver.record() == before, "Escape must not play anything"
    _select_by_key(page, "Enter", "supply", "@a1")
    page.keyboard.press("Tab")  # past a1 (occupied, 2 actions) to b1 (empty, 1 action)
    _wait_focus(page, attr(".target", "data-action", "@b1"))
    game = _act_by_key(driver, game, "Space", "@b1")
    assert page.evaluate("window.__prevented") is True, "Space on the board must not scroll the page"
    _wait_focus(page, attr("", "data-select", "b1"))  # Player 2's camel, before the supply
    for _ in range(3):  # the supply, undo (redo is disabled), end turn
        page.keyboard.press("Tab")
    _wait_focus(page, "#end-turn")
    page.keyboard.press("Enter")  # one action left: the page asks first (R6)
    _wait_focus(page, "#confirm-end-no")
    page.keyboard.press("Shift+Tab")
    _wait_focus(page, "#confirm-end-yes")
    game = _act_by_key(driver, game, "Enter", "end")

    # Turn 3, Player 1 (three actions): pick up at a1, place, move, end.
    _wait_focus(page, attr("", "data-select", "a1"))
    expect(page.get_by_role("button", name="Your camels on a1")).to_be_focused()
    _select_by_key(page, "Enter", "a1", "+a1")  # the loose good is the first target on a1
    game = _act_by_key(driver, game, "Enter", "+a1")
    _wait_focus(page, "#supply")  # the camel on a1 is laden now: it cannot move
    _select_by_key(page, "Space", "supply", "@a1")
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")  # @a1 and @b1 cost 2; c1 is empty
    _wait_focus(page, attr(".target", "data-action", "@c1"))
    game = _act_by_key(driver, game, "Enter", "@c1")
    _wait_focus(page, attr("", "data-select", "c1"))
    _select_by_key(page, "Enter", "c1", "c1-d1")  # one action left: only empty squares
    game = _act_by_key(driver, game, "Space", "c1-d1")
    _wait_focus(page, "#end-turn")
    game = _act_by_key(driver, game, "Enter", "end")
    assert [str(h.action) for h in game.history] == ["@a1", "end", "@b1", "end", "+a1", "@c1", "c1-d1", "end"]


@pytest.mark.timeout(120)
def test_a_mouse_click_does_not_move_the_focus(shared_tab: Tab) -> None:
    tab = shared_tab
    tab.open("?seed=7&autostart=2")
    page = tab.page
    driver = Driver(page)
    driver.select("supply")
    assert page.evaluate("document.activeElement === document.body"), "a click must not focus a target"
    driver.click_action("@a1")
    assert page.evaluate("document.activeElement === document.body"), "a click must not focus the next source"
