"""Booting: the loading screen and a page that stays home (one cold boot), a boot that fails."""

from __future__ import annotations

import gzip
import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import expect

from caravan.actions import parse_action
from e2e.conftest import Tab, wait_ready_on
from e2e.driver import READY, Driver

WASM = "**/pyodide.asm.wasm"
SNAPSHOT = "**/assets/pyodide-snapshot.*.gz"
NO_SNAPSHOT = "Python starts without its snapshot"


@pytest.mark.timeout(120)
def test_loading_screen_shows_progress_and_the_front_page_until_python_is_ready_and_stays_home(
    tab: Tab,
) -> None:
    """Held back at the wasm download, the page shows #loading with a progress
    bar and is not ready, the front page drawn at build time under it (in the
    language asked for; its fields inert before Python);
    released, it becomes ready, hides #loading and draws the live front page.
    Booting (cold: a fresh context) and playing a turn, every request stays
    on the page's origin and nothing is logged as an error."""
    held: list[Any] = []
    tab.page.route(WASM, lambda route: held.append(route))
    with tab.page.expect_request(WASM):
        tab.page.goto(tab.base_url + "?lang=pl&seed=3")
    for _ in range(200):  # each evaluate lets Playwright deliver the route event
        if held:
            break
        tab.page.evaluate("0")
    assert held, "the wasm request never reached the route handler"
    html = tab.page.locator("html")
    expect(html).to_have_attribute("data-screen", "loading")
    assert html.get_attribute("data-ready") is None
    expect(tab.page.locator("#loading")).to_be_visible()
    expect(tab.page.locator("progress#boot-progress")).to_be_visible()
    expect(html).to_have_attribute("data-front", "shown")
    first = tab.page.locator('#screen > .prerendered[data-front="pl"]')
    expect(first.locator("#start-game")).to_be_visible()
    expect(first.locator("#play-computer")).to_have_text("Zagraj z komputerem")
    expect(first.locator("svg.front-board")).to_be_visible()  # lent by the English page
    # Its buttons take a tap (kept until Python is ready: e2e/test_taps.py), its fields do not.
    assert first.evaluate("el => el.inert") is False
    assert first.locator("#player-count").evaluate("el => el.inert") is True

    held[0].continue_()
    tab.page.wait_for_function(READY, timeout=60_000)
    expect(html).to_have_attribute("data-screen", "new-game")
    expect(tab.page.locator("#loading")).to_be_hidden()
    expect(tab.page.locator(".prerendered")).to_have_count(0)
    tab.page.locator("#start-game").click()  # the live page's
    expect(html).to_have_attribute("data-screen", "game")
    expect(tab.page.locator("svg#board")).to_be_visible()

    driver = Driver(tab.page)
    game = driver.perform(parse_action("@d4"))
    game = driver.perform(parse_action("end"), game)
    assert game.turn == 2
    assert any(u.endswith("pyodide.asm.wasm") for u in tab.log.requests), "the recorder saw no requests"
    assert any("/assets/app." in u and u.endswith(".zip") for u in tab.log.requests), "no app zip loaded"
    # The glue's modules are the only sources fetched (MicroPython's [files]); the app imports from the zip.
    sources = [u for u in tab.log.requests if u.endswith(".py")]
    assert sources and all(re.search(r"/assets/page-[\w-]+\.[0-9a-f]{12}\.py$", u) for u in sources), sources
    tab.log.assert_clean()


@pytest.mark.timeout(120)
def test_boot_failure_shows_a_plain_error_instead_of_spinning(no_sw_page_tab: Tab) -> None:
    """With the interpreter's wasm unreachable the page must say so in words."""
    tab = no_sw_page_tab
    tab.log.check_on_close = False  # the failed download is logged, as it should be
    tab.page.route(WASM, lambda route: route.abort())
    tab.page.goto(tab.base_url + "?boot_timeout=5000")
    html = tab.page.locator("html")
    expect(html).to_have_attribute("data-screen", "error", timeout=30_000)
    assert html.get_attribute("data-ready") is None
    error = tab.page.locator("#boot-error")
    expect(error).to_be_visible()
    text = (error.text_content() or "").strip()
    assert len(text) > 20, f"the boot error says too little: {text!r}"
    assert "Traceback" not in text and "undefined" not in text, f"not plain words: {text!r}"
    assert not tab.log.off_origin(), f"requests outside the origin: {tab.log.off_origin()}"


def _answer(reply: dict[str, Any]) -> Callable[[Any], None]:
    return lambda route: route.fulfill(**reply)


@pytest.mark.timeout(180)
def test_python_boots_from_the_builds_snapshot_and_without_it_when_it_cannot_be_had(
    no_sw_page_tab: Tab,
) -> None:
    """The interpreter module (web/static/pyodide-boot.mjs) restores the memory
    snapshot the build took of Python's start; a host that lost it, or a
    snapshot that is not one, costs the player only the longer boot: Python
    starts the usual way, with a warning in the console, and the game plays.
    (No service worker: it would answer from its cache, past the routes.)"""
    tab = no_sw_page_tab
    page = tab.page
    tab.open("?seed=3&autostart=2")
    assert [u for u in tab.log.requests if re.search(r"/assets/pyodide-snapshot\.[0-9a-f]{12}\.gz$", u)]
    assert not [t for _, t in tab.log.console if NO_SNAPSHOT in t]
    game = Driver(page).perform(parse_action("@d4"))
    broken = {
        "missing": {"status": 404, "body": "gone"},
        "not gzip": {"status": 200, "body": b"snapshot"},
        "not a snapshot": {"status": 200, "body": gzip.compress(b"\0snp" + bytes(4096))},
    }
    for kind, reply in broken.items():
        page.unroute(SNAPSHOT)
        page.route(SNAPSHOT, _answer(reply))
        page.reload()
        wait_ready_on(page)
        warned = [t for _, t in tab.log.console if NO_SNAPSHOT in t]
        assert len(warned) == 1, (kind, tab.log.console)
        if kind == "missing":
            assert "404" in warned[0], warned
            # The browser's own line for the failed download, as for any 404.
            tab.log.console[:] = [(k, t) for k, t in tab.log.console if "status of 404" not in t]
        tab.log.console[:] = [(k, t) for k, t in tab.log.console if NO_SNAPSHOT not in t]
        assert Driver(page).game().state_key() == game.state_key(), f"{kind}: the game was not resumed"
    Driver(page).perform(parse_action("end"), game)  # and it plays on


@pytest.mark.timeout(120)
@pytest.mark.parametrize("cores", [2, 8])
def test_the_app_worker_starts_beside_the_glue_only_with_cores_to_spare(tab: Tab, cores: int) -> None:
    """With more than two cores the app worker starts while the page is still
    parsed, beside PyScript and the glue; with two it starts once the glue
    listens, after the page is parsed, as Pyodide's start would take the page's
    core from the glue (docs/WORKER.md, "Starting"). Either way the game boots
    ready to play."""
    tab.page.add_init_script(
        f"Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', {{get: () => {cores}}})"
    )
    tab.open("?seed=1&autostart=2")
    started, parsed = tab.page.evaluate(
        """() => [performance.getEntriesByName('caravan:app-worker-start')[0].startTime,
                  performance.getEntriesByType('navigation')[0].domContentLoadedEventStart]"""
    )
    assert (started < parsed) is (cores > 2), (started, parsed)
    game = Driver(tab.page).perform(parse_action("@d4"))
    assert game.turn == 1 and len(game.history) == 1


@pytest.mark.timeout(120)
def test_the_front_page_drawn_at_build_time_becomes_the_live_one_as_python_would_draw_it(tab: Tab) -> None:
    """The English front page drawn at build time is the markup the app's first
    frame draws, so the page takes that drawing over instead of drawing it again
    (web/static/patch.js ``whole``): the very button shown before Python is the
    live one after, its fields no longer inert, and the screen is what Python
    draws when it draws the front page anew (here after a language and back).
    The drawing's root is #screen's own and stays in place: nothing of it is
    taken out of the layout and put back. Nor is PyScript's own package
    written to MicroPython's files before the glue (web/static/pyscript-main-only.js):
    the page never imports it, and writing it was the boot's longest task. Nor
    does PyScript watch the document for scripts it could run: its observer
    searched everything a frame inserts (an XPath search per element), and the
    page's one script is in index.html; an observer set up later still sees
    what it asked for."""
    tab.page.add_init_script(
        "window.xpaths = 0; const xpath = XPathEvaluator.prototype.createExpression;"
        " XPathEvaluator.prototype.createExpression = function () {"
        "   window.xpaths++; return xpath.apply(this, arguments); };"
        "document.addEventListener('DOMContentLoaded', () => {"
        " window.drawnButton = document.querySelector('.prerendered #start-game');"
        " window.drawnRoot = document.querySelector('#screen > .front.prerendered');"
        ' const core = document.querySelector(\'script[type="module"][src$="/core.js"]\');'
        " import(core.src).then(({ hooks }) => hooks.main.onBeforeRunAsync.add((wrap) => {"
        "   window.glueInterpreter = wrap.interpreter; })); })"
    )
    tab.open("?lang=en")
    files = tab.page.evaluate("window.glueInterpreter.FS.readdir('/')")
    assert "web" in files and "pyscript" not in files, files
    assert tab.page.evaluate("window.drawnButton !== null && window.drawnButton.isConnected")
    assert tab.page.evaluate("window.drawnRoot !== null")
    assert tab.page.evaluate("document.querySelector('#screen > .front') === window.drawnRoot")
    expect(tab.page.locator(".prerendered")).to_have_count(0)
    expect(tab.page.locator("#screen [inert]")).to_have_count(0)
    adopted = tab.page.locator("#screen").inner_html()
    for lang in ("fr", "en"):
        tab.page.select_option("#language", lang)
        tab.page.wait_for_function(f"document.documentElement.lang === '{lang}'")
        tab.page.wait_for_function("() => window.caravanSettled().then(() => true)")
    assert tab.page.evaluate("window.drawnButton.isConnected") is False  # drawn anew this time
    assert tab.page.locator("#screen").inner_html() == adopted
    searched = tab.page.evaluate("window.xpaths")  # so far: PyScript's own search of the page at its start
    tab.page.locator("#start-game").click()
    expect(tab.page.locator("html")).to_have_attribute("data-screen", "game")
    tab.page.wait_for_function("() => window.caravanSettled().then(() => true)")
    assert tab.page.evaluate("window.xpaths") == searched, "PyScript searched the game screen's markup"
    records = tab.page.evaluate(
        """() => new Promise((resolve) => {
             const o = new MutationObserver((r) => { o.disconnect(); resolve(r.length); });
             o.observe(document, { childList: true, subtree: true, attributes: true });
             document.body.setAttribute('data-probe', ''); })"""
    )
    assert records == 1
    tab.log.assert_clean()
