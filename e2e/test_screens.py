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


# Whose turn, the board and the main controls: what a player needs in view to play a turn.
_IN_VIEW = """ids => ids.map(sel => { const r = document.querySelector(sel).getBoundingClientRect();
  return [sel, r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth
    && r.height > 0]; })"""


@pytest.mark.timeout(150)
def test_phone_390x844_board_banner_and_controls_fit_one_screen_and_the_tools_are_in_a_menu(
    shared_phone_tab: Tab,
) -> None:
    """Issue 28: at 390x844 (touch) the board, the turn banner and undo, end
    turn and hint are all in view without scrolling, in a game well under
    way (three players, goods carried and stolen); the tools are behind the
    header's Menu (a disclosure: aria-expanded for screen readers), a tap
    opens it, Escape or a tap outside closes it, and its History works; a player's panel is a compact row that
    a tap unfolds to its details."""
    import random

    from caravan import Game, Options, default_players, link
    from caravan.actions import Steal
    from caravan.playout import courier_action

    game = Game(Options(players=default_players(3)), seed=5)
    rng = random.Random(5)
    while not any(isinstance(h.action, Steal) for h in game.history):
        game.push(courier_action(game, rng))
    tab = shared_phone_tab
    page = tab.page
    page.set_viewport_size({"width": 390, "height": 844})
    tab.open("#" + link.encode(game))
    expect(page.locator("html")).to_have_attribute("data-screen", "game")
    page.evaluate("caravanSettled()")
    assert page.evaluate("scrollY") == 0
    wanted = ["#board", "#turn-banner", "#undo", "#end-turn", "#hint", "#game-menu > summary"]
    seen = dict(page.evaluate(_IN_VIEW, wanted))
    assert all(seen.values()), f"not in view at 390x844: {[k for k, v in seen.items() if not v]}"

    for tool in ("#share", "#history-button", "#saved-button", "#abandon"):
        expect(page.locator(tool)).to_be_hidden()
    page.locator("#game-menu > summary").tap()
    for tool in ("#share", "#history-button", "#saved-button", "#abandon"):
        expect(page.locator(tool)).to_be_visible()
    page.locator("#share").focus()
    page.keyboard.press("Escape")  # Escape closes the Menu, focus back on its button
    expect(page.locator("#share")).to_be_hidden()
    expect(page.locator("#game-menu > summary")).to_be_focused()
    page.locator("#game-menu > summary").tap()
    expect(page.locator("#share")).to_be_visible()
    page.locator("#turn-banner").tap(position={"x": 20, "y": 10})  # a tap outside it closes it too
    expect(page.locator("#share")).to_be_hidden()
    page.locator("#game-menu > summary").tap()
    expect(page.locator("#share")).to_be_visible()

    panel = page.locator('[data-panel-seat="1"]')
    total = panel.locator('[data-field="total"]')
    expect(total).to_be_hidden()
    assert (panel.bounding_box() or {"height": 999})["height"] < 80, "a panel on a phone is a compact row"
    panel.locator("summary").tap()
    expect(total).to_be_visible()

    page.locator("#game-menu > summary").tap()  # the tap on the panel closed the Menu
    page.locator("#history-button").tap()
    expect(page.locator("html")).to_have_attribute("data-screen", "history")
