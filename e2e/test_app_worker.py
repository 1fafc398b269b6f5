"""The app worker (docs/WORKER.md, "The app worker"): the page's Python runs
there, the page's thread only paints. A worker that fails once the game is up
is replaced by a new one that resumes the game from storage, where every
action was saved, and the page says so in plain words."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from e2e.conftest import Tab
from e2e.driver import SETTLED, Driver
from e2e.saving import play, record_of

STOPPED = """() => new Promise(resolve => {
  // The worker dies silently (as when a browser kills it): no answer ever comes.
  caravanApp.worker.terminate();
  resolve(caravanApp.posted - caravanApp.handled);
})"""


def test_a_worker_that_dies_mid_game_is_replaced_and_the_game_goes_on_intact(shared_tab: Tab) -> None:
    tab = shared_tab
    page = tab.page
    tab.log.check_on_close = False  # the page warns in the console that it started a new worker
    tab.open("?seed=2&autostart=2&app_timeout=1500")
    game = play(page, 5, seed=2)
    before = record_of(page)
    assert page.evaluate(STOPPED) == 0
    page.locator("#history-button").click()  # asked of a dead worker: no answer comes
    # A new worker drew the game again, and says why in plain words.
    expect(page.locator("#message")).to_contain_text("started again", timeout=60_000)
    page.evaluate(SETTLED)
    assert record_of(page) == before, "the game was not resumed as it was"
    after = Driver(page).game()
    assert after.state_key() == game.state_key()
    # And it plays on: the new worker answers.
    played = play(page, 2, seed=3)
    assert len(played.history) == len(game.history) + 2


def test_the_scratch_game_is_played_unseen_and_the_players_game_goes_on_as_it_was(shared_tab: Tab) -> None:
    """After the boot, while the player is still, the worker plays a game of its
    own in Pyodide (web/worker/warmup.py): the page shows none of it, stores
    none of it, logs no error (the fixture fails the test on one), and the
    player's game is where it was and plays on."""
    tab = shared_tab
    page = tab.page
    tab.open("?seed=2&autostart=2")
    game = play(page, 3, seed=2)  # taps at once: it waits for the player to be still
    before = record_of(page)
    expect(page.locator("html")).to_have_attribute("data-warmed", re.compile(r"^[1-9]\d+$"), timeout=30_000)
    assert record_of(page) == before and Driver(page).game().state_key() == game.state_key()
    keys = page.evaluate("Object.keys(localStorage).concat(Object.keys(sessionStorage))")
    assert keys and not [k for k in keys if "warmup" in k], keys
    played = play(page, 2, seed=3)
    assert len(played.history) == len(game.history) + 2
