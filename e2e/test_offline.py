"""Offline: after one visit the game loads and plays with no network; a new release is offered.

Playwright's recipe (playwright#19677): load online, wait for the service
worker, reload once to be controlled, then take the context offline."""

from __future__ import annotations

import random
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import expect

from caravan.playout import courier_action
from e2e.conftest import Tab, wait_ready_on
from e2e.driver import Driver
from e2e.harness import bundle, start_server, stop_server
from tools.build import write_service_worker

SEED = 11
SW_READY = "navigator.serviceWorker.ready.then(r => !!r.active)"
CONTROLLED = "!!navigator.serviceWorker.controller"


def _go_offline_after_one_visit(tab: Tab, query: str) -> None:
    tab.open(query)
    assert tab.page.evaluate(SW_READY), "the service worker never became active"
    tab.page.reload()
    wait_ready_on(tab.page)
    assert tab.page.evaluate(CONTROLLED), "the reloaded page is not served by the service worker"
    tab.context.set_offline(True)
    tab.page.reload()
    wait_ready_on(tab.page)


@pytest.mark.timeout(600)
def test_with_the_network_off_the_page_reloads_and_a_whole_game_is_played(tab: Tab) -> None:
    """Issue 6: after a first visit, offline, the page boots from the service
    worker's cache and a short 2-player game is played to its end (R14)."""
    _go_offline_after_one_visit(tab, f"?seed={SEED}&autostart=2&short=1")
    assert tab.page.evaluate("navigator.onLine") is False
    driver = Driver(tab.page)
    game = driver.game()
    rng = random.Random(SEED)
    played = 0
    while not game.is_over():
        assert played < 2000, "the game did not end"
        game = driver.perform(courier_action(game, rng), game)
        played += 1
    expect(tab.page.locator("html")).to_have_attribute("data-screen", "over")
    expect(tab.page.locator("#game-over")).to_be_visible()


@pytest.fixture
def release_site(tmp_path: Path) -> Iterator[tuple[Path, str]]:
    """A copy of the bundle, served alone, that a test can replace by a new release."""
    site = tmp_path / "site"
    shutil.copytree(bundle(), site)
    proc, url = start_server(site)
    yield site, url
    stop_server(proc)


def _new_release(site: Path) -> str:
    """What a rebuild with a changed page looks like to the browser: a new index.html and sw.js."""
    index = site / "index.html"
    html = index.read_text(encoding="utf-8")
    index.write_text(html.replace("<title>", '<meta name="caravan-release" content="next">\n<title>', 1))
    version, _ = write_service_worker(site)
    return version


@pytest.mark.timeout(300)
def test_a_new_release_is_offered_when_the_network_returns_and_replaces_only_our_cache(
    open_tab: Callable[..., Tab], release_site: tuple[Path, str]
) -> None:
    site, url = release_site
    tab = open_tab()
    tab.base_url = url
    tab.log.origin = url
    _go_offline_after_one_visit(tab, "?autostart=2")
    # Another app on the same origin (GitHub Pages: user.github.io/a/ and /b/).
    tab.page.evaluate("Promise.all([caches.open('other-app'), caches.open('caravan:/elsewhere/:1')])")
    old = set(tab.page.evaluate("caches.keys()"))
    version = _new_release(site)

    tab.context.set_offline(False)
    tab.page.reload()
    wait_ready_on(tab.page)  # still the old release, from the cache
    update = tab.page.locator("#update")
    expect(update).to_be_visible(timeout=60_000)
    expect(update).to_contain_text("An update is ready")
    assert tab.page.locator('meta[name="caravan-release"]').count() == 0

    tab.page.locator("#update-reload").click()
    expect(tab.page.locator('meta[name="caravan-release"]')).to_have_count(1, timeout=60_000)
    wait_ready_on(tab.page)
    names = set(tab.page.evaluate("caches.keys()"))
    ours = {n for n in names if n.startswith("caravan:/caravan/:")}
    assert ours == {f"caravan:/caravan/:{version}"}, f"caches after the update: {names}"
    assert {"other-app", "caravan:/elsewhere/:1"} <= names, "another app's cache was deleted"
    assert len(old & ours) == 0
