"""Layouts survive longer words (issue 13): in Polish, one of the two
longest of the five languages, at 360x740 and at 1280x800, no button,
label, heading or table cell has text wider than its box, every panel's
label shares its line with its number, and neither the page nor the
game-over table scrolls sideways, on the new-game form, the game (a source
selected, the enlarged square view, the end-turn question), the rules
reference and the how-to-play, saved games (a long name), history, share
and game over. The measure is e2e/layout.py; one booted page for all."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from caravan import link, parse_action
from e2e.conftest import Tab
from e2e.driver import Driver
from e2e.layout import layout_problems
from e2e.saving import finished_game

PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 800}
LONG_NAME = "Niedzielna partia z sąsiadami zza ściany, runda druga"


@pytest.mark.timeout(240)
def test_in_polish_no_text_overflows_its_box_on_any_screen_at_both_sizes(tab: Tab) -> None:
    page = tab.page
    problems: dict[str, list[str]] = {}

    def check(screen: str, *, sizes: tuple[dict[str, int], ...] = (PHONE, DESKTOP)) -> None:
        for size in sizes:
            page.set_viewport_size(size)
            found = layout_problems(page)
            if found:
                problems[f"{screen} at {size['width']}x{size['height']}"] = found

    page.set_viewport_size(PHONE)
    tab.open("?lang=pl&seed=6")
    check("new game")
    page.locator("#start-game").click()
    expect(page.locator("html")).to_have_attribute("data-screen", "game")
    driver = Driver(page)
    game = driver.game()
    for text in ("@d4", "end", "@a1"):  # the second player's camel by the salt on a1
        game = driver.perform(parse_action(text), game)
    driver.select("supply")
    check("game, a source selected")
    page.keyboard.press("Escape")
    page.set_viewport_size(PHONE)
    driver.select("a1")  # its pick-up is too small on a phone: the enlarged view
    expect(page.locator('#square-view[data-square-view="a1"]')).to_be_visible()
    check("enlarged square", sizes=(PHONE,))
    page.locator("#square-view-close").click()
    page.locator("#end-turn").click()
    expect(page.locator("#confirm-end")).to_be_visible()
    check("end-turn question")
    page.locator("#confirm-end-no").click()
    page.locator("#rules-button").click()
    expect(page.locator("#rules")).to_be_visible()
    check("rules reference")
    page.locator("#rules-show-howto").click()
    expect(page.locator("#rules")).to_have_attribute("data-doc", "howto")
    check("how to play")
    page.keyboard.press("Escape")
    page.locator("#saved-button").click()
    expect(page.locator("html")).to_have_attribute("data-screen", "saved")
    page.locator('[data-current="true"] [data-saved-action="rename"]').click()
    page.locator("#rename-input").fill(LONG_NAME)
    page.locator("#rename-save").click()
    expect(page.locator('[data-current="true"] [data-field="name"]')).to_have_text(LONG_NAME)
    check("saved games")
    page.locator("#saved-back").click()
    page.locator("#history-button").click()
    expect(page.locator("html")).to_have_attribute("data-screen", "history")
    check("history")
    page.locator("#history-exit").click()
    page.locator("#share").click()
    expect(page.locator("#share-dialog")).to_be_visible()
    check("share")
    page.locator("#share-close").click()
    page.goto(tab.base_url + "?lang=pl&seed=6#" + link.encode(finished_game()))  # a hash change
    expect(page.locator("#game-over")).to_be_visible()
    check("game over")
    assert problems == {}
