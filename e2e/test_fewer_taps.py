"""A finished game on a phone (issue 28), at 390×844 with touch, on one page
load: a screen change starts at the top of the page (Play tapped low on a
scrolled form, "Back to the game in progress"), a tap on an empty space
places a camel with nothing selected (R7), a camel's plain moves are folded,
and no keyboard shortcuts are said on a touch screen."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from caravan.actions import parse_action
from caravan.board import parse_square
from e2e.conftest import Tab
from e2e.driver import RECORD_CHANGED, SETTLED, Driver, attr, open_menu_for

PHONE = {"width": 390, "height": 844}
ON_SCREEN = "sel => document.documentElement.dataset.screen === sel"


def _tap_low(tab: Tab, button: str, screen: str) -> None:
    """Scroll the page to its bottom, tap ``button`` and wait for ``screen`` drawn."""
    page = tab.page
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    assert page.evaluate("window.scrollY") > 100, "the form should be scrolled down first"
    page.locator(button).tap()
    page.wait_for_function(ON_SCREEN, arg=screen)
    page.evaluate(SETTLED)


def _board_at_top(tab: Tab, when: str) -> None:
    page = tab.page
    assert page.evaluate("window.scrollY") == 0, f"{when}: the game opened scrolled down"
    top = page.evaluate("document.getElementById('board').getBoundingClientRect().top")
    assert 0 <= top < 200, f"{when}: the board's top is {top} px down the screen"


@pytest.mark.timeout(180)
def test_on_a_phone_screens_open_at_their_top_and_a_tap_on_an_empty_space_places_a_camel(
    shared_phone_tab: Tab,
) -> None:
    tab = shared_phone_tab
    page = tab.page
    page.set_viewport_size(PHONE)
    tab.open("?seed=4")
    _tap_low(tab, "#start-game", "game")
    _board_at_top(tab, "Play")

    driver = Driver(page)
    game = driver.game()
    for text in ("@d4", "end", "@a1", "end"):  # a camel on the board: placing is no longer all
        game = driver.fast(parse_action(text), game)
    assert game.seat == 0 and game.left == 3
    expect(page.locator('[data-select="supply"]')).to_be_visible()
    assert not game.camels_at(parse_square("f6"))

    old = driver.record()
    page.locator(attr("#board ", "data-square", "f6")).tap()  # nothing selected: no "Place a camel" first
    page.wait_for_function(RECORD_CHANGED, arg=old)
    after = driver.game()
    assert [str(s.action) for s in after.history[len(game.history) :]] == ["@f6"]
    assert driver.board()["f6"][0] == ["1"]

    driver.select("d4", tap=True)  # the camel's plain moves folded under one line
    fold = page.locator("#action-list li.more summary")
    expect(fold).to_be_visible()
    expect(fold).to_contain_text("Move this camel")
    expect(page.locator("#action-list li.more button").first).to_be_hidden()
    expect(page.locator("#keys")).to_be_hidden()  # no keyboard on a touch screen

    open_menu_for(page, "#abandon")  # the tools are in the Menu on a phone
    page.locator("#abandon").tap()  # the form, then back to the game from low on it
    page.wait_for_function(ON_SCREEN, arg="new-game")
    assert page.evaluate("window.scrollY") == 0, "the form opened scrolled down"
    _tap_low(tab, "#resume-game", "game")
    _board_at_top(tab, "Back to the game in progress")
