"""Booting: the loading screen and a page that stays home (one cold boot), a boot that fails."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from caravan.actions import parse_action
from e2e.conftest import Tab
from e2e.driver import READY, Driver

WASM = "**/pyodide.asm.wasm"


@pytest.mark.timeout(120)
def test_loading_screen_shows_progress_and_the_front_page_until_python_is_ready_and_stays_home(
    tab: Tab,
) -> None:
    """Held back at the wasm download, the page shows #loading with a progress
    bar and is not ready, the front page drawn at build time under it (in the
    language asked for, inert: nothing in it works before Python);
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
    assert first.evaluate("el => el.inert") is True

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
    assert not any(u.endswith(".py") for u in tab.log.requests), "a module loaded as source, not from the zip"
    tab.log.assert_clean()


@pytest.mark.timeout(120)
def test_boot_failure_shows_a_plain_error_instead_of_spinning(tab: Tab) -> None:
    """With the interpreter's wasm unreachable the page must say so in words."""
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
