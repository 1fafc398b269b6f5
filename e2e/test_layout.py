"""Phones and small windows keep everything in view (issue 14). That no
text in Polish overflows its box on any screen at both sizes (issue 13) is
checked on the same walk of the screens as the pseudo-language's, in
e2e/test_languages.py; the measure is e2e/layout.py."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import expect

from caravan import Game, Options, link
from caravan.options import MAX_NAME, Player
from caravan.playout import courier_action
from e2e.conftest import Tab
from e2e.driver import Driver, open_menu_for
from e2e.layout import LABELS_APART, WHERE, inside_viewport, overlap
from e2e.saving import finished_game

PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 800}
SIDEWAYS = {"width": 740, "height": 360}


_SIDE = """() => { const s = document.querySelector('.side');
  return [s.scrollTop, s.scrollHeight, s.clientHeight]; }"""


@pytest.mark.timeout(240)
def test_phones_and_small_windows_keep_everything_in_view(shared_tab: Tab) -> None:
    """Issue 14, one page: four players at 1280x800, no panel label wraps or
    touches its number; the side column keeps its scroll position after an
    action; the update notice never covers the board (1280x800, 740x360,
    360x740); on a phone, after an action taken in the action list the board
    is back in view under the turn banner, the share dialog opens inside the
    viewport, and the game-over table fits the screen's width."""
    tab = shared_tab
    page = tab.page
    page.set_viewport_size(DESKTOP)
    tab.open("?seed=6&autostart=4")
    assert page.evaluate(LABELS_APART) == []

    # The side column, scrolled halfway, stays there after an action.
    top, height, shown = page.evaluate(_SIDE)
    assert height > shown + 200, "the side column should scroll at 1280x800 with four players"
    # Scrolled as a player scrolls it: the page learns a column's scroll from its scroll
    # event (web/static/patch.js, keep), which the browser sends with its next frame; an
    # action in the same frame as a scroll set by script found the column "at its top"
    # on a loaded machine (once, in a make test), and the column then moved 66 px.
    page.evaluate(
        """() => new Promise(done => {
          const side = document.querySelector('.side');
          side.addEventListener('scroll', () => done(), { once: true });
          side.scrollTop = 200;
        })"""
    )
    driver = Driver(page)
    game = driver.game()
    rng = random.Random(6)
    action = courier_action(game, rng)
    game = driver.fast(action, game)
    assert page.evaluate(_SIDE)[0] == pytest.approx(200, abs=1), f"the side column jumped after {action}"

    page.evaluate("document.getElementById('update').hidden = false")  # as boot.js shows it
    for size in (DESKTOP, SIDEWAYS, PHONE):
        page.set_viewport_size(size)
        page.evaluate("document.getElementById('board').scrollIntoView({block: 'end'})")
        assert not overlap(page, "#update", "#board"), f"the update notice covers the board at {size}"
    page.evaluate("document.getElementById('update').hidden = true")

    # A phone: an action from the list, scrolled to the top of the window.
    page.set_viewport_size(PHONE)
    while page.locator('[data-select="supply"]').count() == 0:  # until placing a camel is offered
        game = driver.fast(courier_action(game, rng), game)
    driver.select("supply")
    page.evaluate("document.getElementById('action-list').scrollIntoView({block: 'start'})")
    board_top = page.evaluate(WHERE, "#board")[0]
    assert board_top < 0, "the board should be scrolled away before the list is used"
    old = driver.record()
    page.locator("#action-list button").first.click()
    page.wait_for_function("old => document.documentElement.getAttribute('data-record') !== old", arg=old)
    top = page.evaluate(WHERE, "#board")[0]
    banner = page.evaluate(WHERE, "#turn-banner")[1]
    assert banner - 2 <= top <= page.evaluate("innerHeight") / 2, "after a list tap the board is in view"

    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    open_menu_for(page, "#share")
    page.locator("#share").click()
    expect(page.locator("#share-dialog")).to_be_visible()
    assert inside_viewport(page, "#share-dialog"), f"share dialog at {page.evaluate(WHERE, '#share-dialog')}"
    page.locator("#share-close").click()
    for size in (DESKTOP,):
        page.set_viewport_size(size)
        page.evaluate("document.querySelector('.side').scrollTop = 1e6")
        page.locator("#share").click()
        expect(page.locator("#share-dialog")).to_be_visible()
        assert inside_viewport(page, "#share-dialog"), f"share dialog at {size}"
        page.locator("#share-close").click()

    page.set_viewport_size(PHONE)
    page.goto(tab.base_url + "?seed=6&autostart=4#" + link.encode(finished_game()))  # a hash change
    expect(page.locator("#game-over")).to_be_visible()
    _top, _bottom, left, right, width, _h = page.evaluate(WHERE, "#game-over table")
    assert left >= 0 and right <= width, (
        f"the game-over table is {right - left} px wide in a {width} px window"
    )

    # Issue 28: a name of 24 characters without a space (MAX_NAME) wraps in the banner, not clipped.
    wide = Game(Options(players=(Player("W" * MAX_NAME, "teal"), Player("Bo", "black"))), seed=1)
    page.goto(tab.base_url + "?seed=6&autostart=4#" + link.encode(wide))  # a hash change
    expect(page.locator("#turn-banner")).to_contain_text("W" * MAX_NAME)
    clipped = page.evaluate(
        "[...document.querySelectorAll('#turn-banner, #turn-banner *')]"
        ".filter(e => e.scrollWidth > e.clientWidth + 1 && e.clientWidth > 0).map(e => e.id || e.className)"
    )
    assert clipped == [], f"the banner clips a {MAX_NAME}-character name at 360 px: {clipped}"
