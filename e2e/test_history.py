"""The history view: step through a game's past, see the board as it was, and
come back to the present with the game unchanged."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from caravan.game import Game
from caravan.record import dumps, loads
from e2e.conftest import Tab
from e2e.driver import Driver, board_of
from e2e.saving import courier_game, open_at, play, record_of, screen


def after(game: Game, k: int) -> Game:
    """``game`` after its first ``k`` actions, replayed here."""
    past = loads(dumps(game))
    while len(past.history) > k:
        past.pop()
    return past


def step_of(page: Any) -> tuple[int, int]:
    el = page.locator("#history")
    return int(el.get_attribute("data-step")), int(el.get_attribute("data-steps"))


@pytest.mark.timeout(180)
def test_history_steps_through_the_past_by_keyboard_and_returns_to_the_same_game(shared_tab: Tab) -> None:
    tab = shared_tab
    game, _ = courier_game(12, actions=25)  # a game 25 actions in, which the page resumes
    open_at(tab, game)
    page = tab.page
    n = len(game.history)
    present = record_of(page)
    driver = Driver(page)

    page.locator("#history-button").click()
    expect(page.locator("html")).to_have_attribute("data-screen", "history")
    assert step_of(page) == (n, n)
    expect(page.locator("#history [data-select], #history [data-action]")).to_have_count(0)

    for k in (n - 1, n - 2, n - 3):
        page.keyboard.press("ArrowLeft")
        expect(page.locator("#history")).to_have_attribute("data-step", str(k))
        assert driver.board() == board_of(after(game, k))
        assert record_of(page) == present
    page.keyboard.press("Home")
    expect(page.locator("#history")).to_have_attribute("data-step", "0")
    assert driver.board() == board_of(after(game, 0))
    page.keyboard.press("ArrowRight")
    expect(page.locator("#history")).to_have_attribute("data-step", "1")
    assert driver.board() == board_of(after(game, 1))
    page.locator("#history-forward").click()
    expect(page.locator("#history")).to_have_attribute("data-step", "2")
    page.keyboard.press("End")
    expect(page.locator("#history")).to_have_attribute("data-step", str(n))
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("Escape")
    expect(page.locator("html")).to_have_attribute("data-screen", "game")
    assert record_of(page) == present
    assert driver.board() == board_of(game)
    play(page, 1)  # and the game goes on from where it was


@pytest.mark.timeout(180)
def test_history_of_a_saved_game_from_the_list(shared_tab: Tab) -> None:
    tab = shared_tab
    game, _ = courier_game(13, actions=6, short=False)
    open_at(tab, game)
    page = tab.page
    present = record_of(page)
    page.locator("#saved-button").click()
    page.locator('[data-saved-action="history"]').click()
    assert screen(page) == "history"
    page.locator("#history-first").click()
    expect(page.locator("#history")).to_have_attribute("data-step", "0")
    assert Driver(page).board() == board_of(after(game, 0))
    page.locator("#history-exit").click()
    expect(page.locator("html")).to_have_attribute("data-screen", "saved")
    page.locator('[data-saved-action="resume"]').click()
    assert record_of(page) == present
