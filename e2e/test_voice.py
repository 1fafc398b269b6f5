"""The page speaks (issue 14): the live region #announcer is in the page from
its first paint, outside the re-drawn #screen, and says the action just
played; focus never falls to <body> on the saved-games screen, nor on a
redraw of the same screen. One booted page."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from caravan.actions import PlaceCamel
from e2e.conftest import Tab, wait_ready_on
from e2e.driver import Driver

# Read in one task of the page: the region, where it is, and whether Python is ready yet.
_REGION = """() => {
  const r = document.getElementById('announcer');
  return {
    exists: r !== null,
    live: r && r.getAttribute('aria-live'),
    inScreen: r !== null && r.closest('#screen') !== null,
    children: r ? r.children.length : 0,
    ready: document.documentElement.getAttribute('data-ready'),
  };
}"""
# A think request (docs/UI-CONTRACT.md), its answer kept; data-bot right after it is posted.
_THINK = """async text => {
  caravanBot.think(text).then(a => { window.__answer = a; });
  await caravanSettled();  // the app worker asked the bot worker to start
  return document.documentElement.getAttribute('data-bot');
}"""
_FOCUS = "() => document.activeElement === document.body ? 'BODY' : document.activeElement.id || ''"


@pytest.mark.timeout(120)
def test_announcer_says_the_action_and_focus_stays_on_the_saved_games_screen(shared_tab: Tab) -> None:
    tab = shared_tab
    page = tab.page
    page.goto(tab.base_url + "?seed=1&autostart=2", wait_until="domcontentloaded")
    region = page.evaluate(_REGION)
    assert region["ready"] != "true", "Python was ready before the first look: nothing shown by this check"
    assert region["exists"] and region["live"] == "polite" and not region["inScreen"]
    assert region["children"] == 2
    wait_ready_on(page)
    # Issue 28: ready and the game's start are said: who plays in which colour, whose turn.
    start = "Caravan is ready. New game: Player 1, yellow; Player 2, black; Player 1 to play, 1 action."
    expect(page.locator("#announcer")).to_contain_text(start)

    # A game of people starts no bot worker (docs/WORKER.md). A request does (a
    # hint would): the worker getting ready, then its answer, redraw the game screen
    # (no screen change), and a keyboard player's focus stays on the element it was
    # on (web/refocus.py); it fell to <body> (make test's keyboard test lost its
    # place after a Tab).
    html = page.locator("html")
    assert html.get_attribute("data-bot") == "off" and page.evaluate("caravanBot.worker") is None
    page.locator("#supply").focus()
    ask = {"record": Driver(page).record(), "seat": Driver(page).game().seat, "bot": "easy", "seed": 1}
    state = page.evaluate(_THINK, json.dumps(ask | {"budget_ms": None}))
    assert state == "loading", "the request did not start the worker"
    page.wait_for_function("window.__answer", timeout=60_000)
    expect(html).to_have_attribute("data-bot", "ready")
    assert page.evaluate(_FOCUS) == "supply"

    driver = Driver(page)
    game = driver.game()
    action = next(a for a in game.legal_actions() if isinstance(a, PlaceCamel))
    driver.perform(action, game)  # R5, clicked as a person would
    last = page.locator("#log li").first.inner_text()
    words = last.rsplit(" ", 1)[0]  # the log's line without its notation
    expect(page.locator("#announcer")).to_contain_text(words)
    assert page.evaluate(_REGION)["inScreen"] is False  # the render left it where it was

    page.locator("#saved-button").click()
    expect(page.locator("html")).to_have_attribute("data-screen", "saved")
    assert page.evaluate(_FOCUS) == "saved-title"
    page.locator('[data-saved-action="delete"]').first.click()
    expect(page.locator("#undo-delete")).to_be_visible()
    assert page.evaluate(_FOCUS) == "undo-delete"
