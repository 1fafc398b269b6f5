"""The rules reference over the page (docs/UI-CONTRACT.md, "Rules"): opened
from the new-game screen and from a game, Escape returns exactly where the
player was, a refusal's rule citation opens it at that rule, and the legend
lists every mark the board draws. One booted page for all of it."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from caravan.actions import parse_action
from e2e.conftest import Tab
from e2e.driver import Driver
from web.board.legend_svg import LEGEND_SYMBOLS

IN_VIEW = """el => {
  const r = el.getBoundingClientRect();
  return r.top >= 0 && r.top < window.innerHeight && r.bottom > 0;
}"""


@pytest.mark.timeout(180)
def test_r7_the_reference_opens_anywhere_and_escape_returns_to_the_same_place(shared_tab: Tab) -> None:
    tab = shared_tab
    tab.open()
    page = tab.page
    html = page.locator("html")
    expect(html).to_have_attribute("data-screen", "new-game")

    # From the new-game screen: the how-to-play, and back with the form as it was typed.
    page.locator('[data-player-name="0"]').fill("Zoë")
    page.locator("#howto-open").click()
    expect(page.locator("#rules")).to_have_attribute("data-doc", "howto")
    expect(page.locator("#rules")).to_be_visible()
    expect(page.locator("#rules-title")).to_be_focused()
    page.keyboard.press("Escape")
    expect(page.locator("#rules")).to_have_count(0)
    expect(html).not_to_have_attribute("data-rules", "open")
    expect(page.locator('[data-player-name="0"]')).to_have_value("Zoë")
    expect(page.locator("#howto-open")).to_be_focused()

    page.locator("#start-player").select_option("0")
    page.locator("#start-game").click()
    expect(html).to_have_attribute("data-screen", "game")
    driver = Driver(page)
    game = driver.perform(parse_action("@e5"))  # turn 1: one action, then the turn passes (R5)
    driver.click_action("end")
    game = driver.perform(parse_action("@a2"))
    # Player 2's last action cannot place onto Zoë's camel: that costs 2 (R7).
    driver.select("supply")
    page.locator('#board [data-square="e5"]').click()
    link = page.locator('#message button.rule-link[data-rule="R7"]')
    expect(link).to_have_text("R7")
    record = driver.record()

    # From the game, with a source selected and the side column scrolled: back to the same place.
    # (A game of people starts no bot worker, whose notices would redraw the game screen.)
    assert html.get_attribute("data-bot") == "off"
    side = page.locator(".side")
    side.evaluate("el => { el.scrollTop = 60; }")
    scrolled = side.evaluate("el => el.scrollTop")
    page.locator("#rules-button").click()
    expect(html).to_have_attribute("data-rules", "open")
    expect(page.locator("#rules")).to_have_attribute("data-doc", "rules")
    page.keyboard.press("u")  # the game's keys do nothing under the reference
    page.keyboard.press("Escape")
    expect(page.locator("#rules")).to_have_count(0)
    expect(page.locator('.selected[data-select="supply"]')).to_have_count(1)
    assert side.evaluate("el => el.scrollTop") == scrolled
    assert driver.record() == record
    expect(page.locator("#message")).to_contain_text("R7")
    expect(page.locator("#rules-button")).to_be_focused()

    # The refusal's rule link: the reference at R7, in view, focused and marked.
    link.click()
    rule = page.locator("#rule-R7")
    expect(rule).to_be_focused()
    expect(rule).to_have_attribute("data-current", "true")
    assert rule.evaluate(IN_VIEW)
    # A citation inside the reference leads on to that rule (I1 cites R9).
    page.locator('#rule-I1 button.rule-link[data-rule="R9"]').click()
    expect(page.locator("#rule-R9")).to_be_focused()
    assert page.locator("#rule-R9").evaluate(IN_VIEW)
    page.locator("#rules-back").click()
    expect(page.locator("#rules")).to_have_count(0)
    expect(page.locator('.selected[data-select="supply"]')).to_have_count(1)
    assert driver.record() == record

    # The legend: every mark the board draws, a camel per seat.
    symbols = page.locator("#legend [data-legend-symbol]").evaluate_all(
        "els => els.map(e => e.getAttribute('data-legend-symbol'))"
    )
    expected = [s for key in LEGEND_SYMBOLS for s in (["camel-0", "camel-1"] if key == "camel" else [key])]
    assert symbols == expected
    assert game.seats == 2
    # Opened by the player, the marks stay open when the screen is drawn again.
    page.locator("#legend-symbols summary").click()
    driver.perform(parse_action("@b2"))
    expect(page.locator("#legend-symbols")).to_have_attribute("open", "")
    tab.log.assert_clean()
