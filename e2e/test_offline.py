"""Offline: after one visit the game loads and plays with no network; a new release is offered,
cached whole or not at all (issue 11), and never mixed with the one in control.

Playwright's recipe (playwright#19677): load online, wait for the service
worker, reload once to be controlled, then take the context offline. Requests
the service worker makes go through the context's routes and offline switch
(Playwright 1.65, Chromium). Releases after the first are made as a rebuild
would make them (tools/build.py's write_service_worker stamps index.html and
writes sw.js), into a copy of the bundle served alone."""

from __future__ import annotations

import contextlib
import hashlib
import io
import random
import re
import shutil
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, Route, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from caravan import link
from caravan.game import Game
from caravan.options import Options, Player
from caravan.playout import courier_action
from e2e.conftest import Tab, wait_ready_on
from e2e.driver import Driver
from e2e.harness import bundle, csp_safe, start_server, stop_server
from e2e.saving import courier_until, put_saved
from tools.build import write_service_worker

SEED = 11
SW_READY = "navigator.serviceWorker.ready.then(r => !!r.active)"
CONTROLLED = "!!navigator.serviceWorker.controller"
RELEASE = "document.querySelector('meta[name=caravan-release]').content"
OURS = "caravan:/caravan/:"
# What the browser does on a navigation or its periodic check: fetch sw.js, install it if it changed.
CHECK_FOR_UPDATE = (
    "navigator.serviceWorker.getRegistration().then(r => r.update()).then(() => true, () => true)"
)
SETTLED = "navigator.serviceWorker.getRegistration().then(r => !r || !r.installing)"
WAITING = "navigator.serviceWorker.getRegistration().then(r => !!r.waiting)"
WORKERS = """async () => {
  const r = await navigator.serviceWorker.getRegistration(), at = w => w && [w.state, w.scriptURL];
  return {installing: at(r.installing), waiting: at(r.waiting), active: at(r.active),
    caches: await caches.keys(), text: document.getElementById('update-text').textContent};
}"""
INSTALL_MS = 60_000  # 23 MB into the cache, on a loaded machine


def _go_offline_after_one_visit(tab: Tab, query: str, saved: Game | None = None) -> None:
    """The first visit online, the reload that the service worker controls,
    then offline: a reload from the cache alone (resuming ``saved``, if given)."""
    tab.open(query)
    assert tab.page.evaluate(SW_READY), "the service worker never became active"
    tab.page.reload()
    wait_ready_on(tab.page)
    assert tab.page.evaluate(CONTROLLED), "the reloaded page is not served by the service worker"
    if saved is not None:
        put_saved(tab.page, saved)
    tab.context.set_offline(True)
    tab.page.reload()
    wait_ready_on(tab.page)


@pytest.mark.timeout(600)
def test_with_the_network_off_the_page_reloads_and_a_game_is_played_to_its_end(tab: Tab) -> None:
    """Issue 6: after a first visit, offline, the page boots from the service
    worker's cache, resumes a short 2-player game saved once its end was
    triggered (played that far by the courier in CPython: the page's clicks
    over a game's first and last turns are test_full_game.py's) and its last turns are played
    by clicks to the game-over screen (R14).
    Issue 12: then a game with a bot to move, opened by link, goes on offline
    with the bot's turn (the worker and all it loads come from the cache)."""
    near_end = courier_until(SEED, Game.end_triggered)
    assert near_end.end_triggered() and not near_end.is_over()
    _go_offline_after_one_visit(tab, "?bot_pace=0", near_end)
    assert tab.page.evaluate("navigator.onLine") is False
    driver = Driver(tab.page)
    game = driver.game()
    assert game.state_key() == near_end.state_key(), "the saved game was not resumed offline"
    rng = random.Random(SEED)
    played = 0
    while not game.is_over():
        assert played < 200, "the game did not end"
        game = driver.perform(courier_action(game, rng), game)
        played += 1
    expect(tab.page.locator("html")).to_have_attribute("data-screen", "over")
    expect(tab.page.locator("#game-over")).to_be_visible()

    seats = (Player("Bot", "yellow", "easy"), Player("Ann", "black"))
    bots = Game(Options(players=seats, start=0), seed=SEED)
    tab.page.evaluate("text => { location.hash = text; }", link.encode(bots))
    tab.page.wait_for_function(  # the linked game shown (the app worker answers the hashchange) ...
        "(document.documentElement.getAttribute('data-record') || '').includes('\"Bot\"')"
        " && document.documentElement.getAttribute('data-seat') === '1'",
        timeout=60_000,
    )  # ... and the bot played its turn, offline
    linked = driver.game()
    assert linked.history and all(step.seat == 0 for step in linked.history)


@pytest.fixture
def release_site(tmp_path: Path) -> Iterator[tuple[Path, str]]:
    """A copy of the bundle, served alone, that a test can replace by a new release."""
    site = tmp_path / "site"
    shutil.copytree(bundle(), site)
    proc, url = start_server(site)
    yield site, url
    stop_server(proc)


def _app_worker(site: Path) -> str:
    """The app worker index.html names (assets/app-worker.<hash>.mjs)."""
    (name,) = re.findall(
        r"assets/app-worker\.[0-9a-f]{12}\.mjs", (site / "index.html").read_text(encoding="utf-8")
    )
    return str(name)


def _app_zip(site: Path) -> str:
    """The app zip the app worker loads (assets/app.<hash>.zip)."""
    (name,) = set(
        re.findall(r"app\.[0-9a-f]{12}\.zip", (site / _app_worker(site)).read_text(encoding="utf-8"))
    )
    return f"assets/{name}"


def _new_release(site: Path, tag: str) -> str:
    """What a rebuild that changed the Python code looks like to the browser: a new
    content-hashed app zip, an app worker naming it, an index.html naming that
    (stamped with the new release) and a new sw.js. The old files stay, as on a host
    that keeps them. Returns the release id."""
    index = site / "index.html"
    html = index.read_text(encoding="utf-8")
    worker, old = _app_worker(site), _app_zip(site)
    data = io.BytesIO((site / old).read_bytes())
    with zipfile.ZipFile(data, "a") as app:
        app.writestr(f"release-{tag}.txt", tag)
    new = f"assets/app.{hashlib.sha256(data.getvalue()).hexdigest()[:12]}.zip"
    (site / new).write_bytes(data.getvalue())
    code = (site / worker).read_text(encoding="utf-8").replace(old[len("assets/") :], new[len("assets/") :])
    new_worker = f"assets/app-worker.{hashlib.sha256(code.encode()).hexdigest()[:12]}.mjs"
    (site / new_worker).write_text(code, encoding="utf-8")
    index.write_text(html.replace(worker, new_worker), encoding="utf-8")
    version, _ = write_service_worker(site)
    return version


def _tab_on(open_tab: Callable[..., Tab], url: str) -> Tab:
    tab = open_tab()
    tab.base_url = url
    tab.log.origin = url
    return tab


def _installed_once(tab: Tab, query: str = "") -> str:
    """Open the page online until its first release is cached and in control; returns that release."""
    tab.open(query)
    assert tab.page.evaluate(SW_READY), "the service worker never became active"
    tab.page.wait_for_function(CONTROLLED, timeout=INSTALL_MS)
    release: str = tab.page.evaluate(RELEASE)
    assert _our_caches(tab.page) == {OURS + release}
    return release


def _expect_release(page: Page, release: str) -> None:
    """Wait (through the reload) until the page is the given release."""
    expect(page.locator('meta[name="caravan-release"]')).to_have_attribute(
        "content", release, timeout=INSTALL_MS
    )


def _our_caches(page: Page) -> set[str]:
    return {n for n in page.evaluate("caches.keys()") if n.startswith(OURS)}


def _caches_become(page: Page, expected: set[str], why: str) -> None:
    """Our caches come to be ``expected``: the failed install's cache is deleted
    before the worker tells the page, but the deletion reaches caches.keys()
    in this page a moment later on a loaded machine."""
    names = sorted(expected)
    with contextlib.suppress(PlaywrightTimeout):
        page.wait_for_function(
            """([ours, names]) => caches.keys().then(keys =>
                 JSON.stringify(keys.filter(k => k.startsWith(ours)).sort()) === JSON.stringify(names))""",
            arg=[OURS, names],
            timeout=5_000,
        )
    assert _our_caches(page) == expected, why


def _update_until_one_waits(page: Page, tries: int = 3) -> None:
    """Ask for an update until a new release is installed and waits.

    An update check of the browser's own, made around the offline reload, can
    still be installing the half-published release (its sw.js fetched before
    the deploy was whole) when the page is online again; an update asked then
    is answered by that one (the browser runs one update of a registration at
    a time), and it ends refused, as it should. The next check finds the
    whole release. Seen in about one full run of five with the app's modules
    in the boot snapshot (a faster boot moves the browser's check later).
    Any other refusal fails here: only that one is expected."""
    for _ in range(tries):
        page.evaluate(CHECK_FOR_UPDATE)
        page.wait_for_function(SETTLED, timeout=INSTALL_MS)
        if page.evaluate(WAITING):
            return
        if page.locator("html").get_attribute("data-update") == "failed":
            expect(page.locator("#update-text")).to_contain_text("the server already has another version")


def _expect_failed_update(page: Page, reason: str) -> None:
    """The page says in plain words that the new release could not be stored, and why."""
    html = page.locator("html")
    expect(html).to_have_attribute("data-update", "failed", timeout=INSTALL_MS)
    expect(page.locator("#update")).to_be_visible()
    expect(page.locator("#update-text")).to_contain_text("The new version could not be downloaded")
    expect(page.locator("#update-text")).to_contain_text(reason)
    expect(page.locator("#update-text")).to_contain_text("This version keeps working, offline too")
    expect(page.locator("#update-reload")).to_be_hidden()
    page.wait_for_function(SETTLED, timeout=INSTALL_MS)
    assert page.evaluate(WAITING) is False, "a failed release is waiting to take over"
    page.locator("#update-dismiss").click()
    expect(page.locator("#update")).to_be_hidden()
    expect(html).not_to_have_attribute("data-update", re.compile(".*"))


@pytest.mark.timeout(600)
def test_a_release_is_cached_whole_or_not_at_all_and_the_one_in_control_keeps_playing_offline(
    open_tab: Callable[..., Tab], release_site: tuple[Path, str]
) -> None:
    """Issue 11: an install that fails, and a deploy that lands while a worker installs,
    leave the release in control and its cache untouched, say so, and leave no partial
    cache behind; once the deploy is whole, its release replaces only our own cache."""
    site, url = release_site
    tab = _tab_on(open_tab, url)
    page = tab.page
    first = _installed_once(tab, f"?seed={SEED}&autostart=2")
    # Other apps on the same origin (GitHub Pages: user.github.io/a/ and /b/).
    page.evaluate("Promise.all([caches.open('other-app'), caches.open('caravan:/elsewhere/:1')])")

    # A file of the new release fails to download (after others were stored).
    _new_release(site, "b")
    wasm = next(site.glob("runtime/pyodide-*/pyodide.asm.wasm")).relative_to(site).as_posix()
    tab.context.route(f"**/{wasm}", lambda route: route.fulfill(status=500, body="the server is down"))
    page.evaluate(CHECK_FOR_UPDATE)
    _expect_failed_update(page, f"{wasm}: the server answered 500")
    _caches_become(page, {OURS + first}, "a partial cache of the failed release was left behind")
    tab.context.unroute(f"**/{wasm}")

    # A deploy lands mid-install: release C's worker is served release D's index.html,
    # which names an app zip C does not cache (before the fix: "Failed to fetch" offline).
    _new_release(site, "c")
    worker_c = (site / "sw.js").read_text(encoding="utf-8")
    last = _new_release(site, "d")
    (site / "sw.js").write_text(worker_c, encoding="utf-8")
    page.evaluate(CHECK_FOR_UPDATE)
    _expect_failed_update(page, "the server already has another version")
    _caches_become(page, {OURS + first}, "a partial cache of the release refused mid-install was left behind")

    # The release in control still boots and plays with no network, all of it from its cache.
    tab.context.set_offline(True)
    page.reload()
    wait_ready_on(page)
    assert page.evaluate(RELEASE) == first
    driver = Driver(page)
    game = driver.game()
    driver.perform(courier_action(game, random.Random(SEED)), game)

    # The deploy completes: D's own worker installs whole, is offered, and replaces only our cache.
    assert write_service_worker(site)[0] == last, "the same files are not the same release"
    tab.context.set_offline(False)
    _update_until_one_waits(page)
    try:
        expect(page.locator("html")).to_have_attribute("data-update", "ready", timeout=INSTALL_MS)
    except AssertionError as e:  # say where the install stands
        raise AssertionError(f"{e}\nservice worker: {page.evaluate(WORKERS)}") from None
    expect(page.locator("#update-text")).to_have_text("An update is ready: reload to play the new version.")
    expect(page.locator("#update-dismiss")).to_be_hidden()
    page.locator("#update-reload").click()
    _expect_release(page, last)
    wait_ready_on(page)
    names = set(page.evaluate("caches.keys()"))
    assert _our_caches(page) == {OURS + last}, f"caches after the update: {names}"
    assert {"other-app", "caravan:/elsewhere/:1"} <= names, "another app's cache was deleted"

    tab.context.set_offline(True)
    page.reload()
    wait_ready_on(page)
    assert page.evaluate(RELEASE) == last


@pytest.mark.timeout(300)
def test_a_first_visit_whose_offline_copy_fails_says_so_keeps_no_cache_and_plays_online(
    open_tab: Callable[..., Tab], release_site: tuple[Path, str]
) -> None:
    """Issue 11: the download is aborted (the page's own requests get through): no partial
    21 MB cache, the page says that it cannot be played offline, and plays on."""
    site, url = release_site
    tab = _tab_on(open_tab, url)
    zipped = _app_zip(site)

    def worker_fails(route: Route) -> None:
        if route.request.service_worker is not None:
            route.abort("connectionreset")
        else:
            route.continue_()

    tab.context.route(f"**/{zipped}", worker_fails)
    tab.open(f"?seed={SEED}&autostart=2")
    page = tab.page
    html = page.locator("html")
    expect(html).to_have_attribute("data-update", "failed", timeout=INSTALL_MS)
    text = page.locator("#update-text")
    expect(text).to_contain_text("The game could not be stored for playing offline")
    expect(text).to_contain_text(f"{zipped} did not download")
    expect(text).to_contain_text("It plays while you are online")
    page.wait_for_function(SETTLED, timeout=INSTALL_MS)
    assert _our_caches(page) == set()
    assert page.evaluate("navigator.serviceWorker.getRegistration().then(r => !!(r && r.active))") is False
    driver = Driver(page)
    game = driver.game()
    driver.perform(courier_action(game, random.Random(SEED)), game)


@pytest.mark.timeout(300)
def test_an_old_tabs_update_button_reloads_into_the_release_another_tab_took(
    open_tab: Callable[..., Tab], release_site: tuple[Path, str]
) -> None:
    """Issue 11: two tabs are offered the update, one takes it; the other's button,
    whose waiting worker is gone (it is in control now), still reloads into it."""
    site, url = release_site
    tab = _tab_on(open_tab, url)
    first = _installed_once(tab)
    other = csp_safe(tab.context.new_page())
    other.on("console", lambda m: tab.log.console.append((m.type, m.text)))
    other.on("pageerror", lambda e: tab.log.errors.append(str(e)))
    other.goto(url)
    wait_ready_on(other)
    other.wait_for_function(CONTROLLED)

    new = _new_release(site, "b")
    tab.page.evaluate(CHECK_FOR_UPDATE)
    for page in (tab.page, other):
        expect(page.locator("html")).to_have_attribute("data-update", "ready", timeout=INSTALL_MS)
    other.locator("#update-reload").click()
    _expect_release(other, new)
    wait_ready_on(other)

    assert tab.page.evaluate(RELEASE) == first
    expect(tab.page.locator("#update-reload")).to_be_enabled()
    tab.page.locator("#update-reload").click()
    _expect_release(tab.page, new)
    wait_ready_on(tab.page)
    assert _our_caches(tab.page) == {OURS + new}
