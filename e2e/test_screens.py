"""The new-game form, a phone-sized screen, and touch input."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from caravan.actions import parse_action
from e2e.conftest import Tab
from e2e.driver import Driver, board_of


@pytest.mark.timeout(120)
def test_r1_r4_new_game_form_starts_a_three_player_game_with_the_names_typed(shared_tab: Tab) -> None:
    """And with the seat types chosen (issue 12): Bo, a person, starts against two bots."""
    tab = shared_tab
    names = ["Aïcha", "Bo <em id=pwn>&amp;", "Chen"]  # the second must show as text, not markup
    bots = ["hard", None, "easy"]
    tab.open()
    page = tab.page
    expect(page.locator("html")).to_have_attribute("data-screen", "new-game")
    page.locator("#player-count").select_option("3")
    expect(page.locator("[data-player-name]")).to_have_count(3)
    for i, name in enumerate(names):
        page.locator(f'[data-player-name="{i}"]').fill(name)
    for i, bot in enumerate(bots):
        page.locator(f'[data-seat-type="{i}"]').select_option(bot or "human")
    page.locator("#start-player").select_option("1")
    page.locator("#start-game").click()
    expect(page.locator("html")).to_have_attribute("data-screen", "game")

    game = Driver(page).game()
    assert [p.name for p in game.options.players] == names
    assert [p.bot for p in game.options.players] == bots
    assert game.seats == 3 and game.start == 1 and game.seat == 1
    assert len({p.colour for p in game.options.players}) == 3
    expect(page.locator("[data-panel-seat]")).to_have_count(3)
    for i, name in enumerate(names):
        expect(page.locator(f'[data-panel-seat="{i}"]')).to_contain_text(name)
    expect(page.locator("#turn-banner")).to_contain_text(names[1])
    expect(page.locator("#pwn")).to_have_count(0)


@pytest.mark.timeout(120)
def test_phone_360x740_shows_the_whole_board_without_sideways_scrolling(shared_phone_tab: Tab) -> None:
    tab = shared_phone_tab
    tab.open("?seed=1&autostart=2")
    page = tab.page
    board = page.locator("svg#board")
    expect(board).to_be_visible()
    width = page.evaluate("window.innerWidth")
    assert width == 360
    scroll = page.evaluate("document.documentElement.scrollWidth")
    assert scroll <= width, f"the page scrolls sideways: scrollWidth {scroll} > {width}"
    box = board.bounding_box()
    assert box is not None
    assert box["x"] >= 0 and box["x"] + box["width"] <= width, f"board {box} overflows {width}px"
    assert box["width"] >= 0.8 * width, f"board only {box['width']}px wide on a {width}px phone"


@pytest.mark.timeout(120)
def test_r7_touch_taps_select_the_supply_and_place_a_camel(shared_phone_tab: Tab) -> None:
    tab = shared_phone_tab
    tab.open("?seed=4&autostart=2")
    driver = Driver(tab.page)
    game = driver.game()
    after = driver.perform(parse_action("@e5"), game, tap=True)  # taps the supply, then e5
    assert driver.board() == board_of(after)
    assert driver.board()["e5"][0] == ["1"]
