"""Taps before Python is ready: the first paint's buttons (the front page drawn at
build time, the header's Rules) take a tap while Python boots, show it as taken beside
the boot's progress, and Python carries it out once when it is ready, without a second
tap (docs/UI-CONTRACT.md, "First paint"). Each test holds Python's boot back at the
interpreter's wasm download, taps, checks the taken state, then releases it."""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import expect

from caravan import Game, Options, PlaceCamel, link
from e2e.conftest import Tab
from e2e.driver import READY

WASM = "**/pyodide.asm.wasm"


@pytest.fixture
def tab(no_sw_page_tab: Tab) -> Tab:
    """Every test here routes the runtime's wasm: a page of its own in the test process's
    context without service workers (no_sw_page_tab), not a new context each."""
    return no_sw_page_tab


def _held(tab: Tab, query: str = "") -> Any:
    """The page opened with its boot held at the wasm download: the route to release."""
    held: list[Any] = []
    tab.page.route(WASM, lambda route: held.append(route))
    with tab.page.expect_request(WASM):
        tab.page.goto(tab.base_url + query)
    for _ in range(200):  # each evaluate lets Playwright deliver the route event
        if held:
            break
        tab.page.evaluate("0")
    assert held, "the wasm request never reached the route handler"
    expect(tab.page.locator('#screen > .prerendered [id="start-game"]')).to_be_visible()
    assert tab.page.locator("html").get_attribute("data-ready") is None
    return held[0]


def _held_game(tab: Tab, query: str) -> Any:
    """A game opened with its boot held at the wasm download, the board painted
    before Python shown (data-painted): the route to release."""
    held: list[Any] = []
    tab.page.route(WASM, lambda route: held.append(route))
    with tab.page.expect_request(WASM):
        tab.page.goto(tab.base_url + query)
    for _ in range(200):
        if held:
            break
        tab.page.evaluate("0")
    assert held, "the wasm request never reached the route handler"
    expect(tab.page.locator("html")).to_have_attribute("data-painted", "game")
    expect(tab.page.locator("#screen img.opening-board")).to_be_visible()
    return held[0]


def _release(tab: Tab, route: Any) -> None:
    route.continue_()
    tab.page.wait_for_function(READY, timeout=60_000)


def _focused(tab: Tab) -> str:
    return str(tab.page.evaluate("document.activeElement ? document.activeElement.id : ''"))


@pytest.mark.timeout(120)
def test_play_tapped_before_python_is_ready_is_shown_taken_and_opens_the_game_once_it_is(tab: Tab) -> None:
    """A pointer tap on Play while Python boots: the button is marked taken and
    keeps the focus, the boot bar's first line (in the live region #loading)
    says "Starting the game…" above the progress; released, the game screen
    opens with no second tap, and the taken state is gone. A tap after ready
    is the live page's own (nothing is kept for later)."""
    route = _held(tab, "?seed=3")
    html = tab.page.locator("html")
    play = tab.page.locator(".prerendered #start-game")
    play.click()
    expect(html).to_have_attribute("data-pending", "play")
    expect(play).to_have_attribute("data-taken", "true")
    task = tab.page.locator("#boot-task")
    expect(task).to_have_text("Starting the game…")
    expect(task).to_be_visible()
    assert tab.page.locator("#loading").get_attribute("aria-live") == "polite"
    expect(tab.page.locator("progress#boot-progress")).to_be_visible()
    assert _focused(tab) == "start-game"
    assert html.get_attribute("data-screen") == "loading"

    _release(tab, route)
    expect(html).to_have_attribute("data-screen", "game")
    expect(tab.page.locator("svg#board")).to_be_visible()
    assert html.get_attribute("data-pending") is None
    assert tab.page.locator("[data-taken]").count() == 0
    assert tab.page.evaluate("window.caravanPending") is None
    record = json.loads(str(html.get_attribute("data-record")))
    assert len(record["options"]["players"]) == 2  # the form's default: two people
    assert all(not p.get("bot") for p in record["options"]["players"])

    # After ready the header's Rules is the live page's: it opens at once, nothing is kept.
    tab.page.locator("#rules-button").click()
    expect(html).to_have_attribute("data-rules", "open")
    assert tab.page.evaluate("window.caravanPending") is None
    tab.log.assert_clean()


@pytest.mark.timeout(120)
def test_a_later_choice_replaces_the_first_and_the_language_chosen_before_python_is_kept(tab: Tab) -> None:
    """How to play tapped, then the language switched to Polish, then Play
    against the computer pressed with Enter, all before ready: the last choice
    replaces the first (one control marked, its words in Polish, kept across
    the language's swap of the front page); released, the game against the
    easy bot opens in Polish, focus on the game screen as after a key, and the
    language is remembered."""
    route = _held(tab, "?seed=3")
    html = tab.page.locator("html")
    tab.page.locator(".prerendered #howto-open").click()
    expect(html).to_have_attribute("data-pending", "howto")
    expect(tab.page.locator("#boot-task")).to_have_text("Opening How to play…")

    tab.page.locator("#language").select_option("pl")
    expect(html).to_have_attribute("lang", "pl")
    expect(tab.page.locator('#screen > .prerendered[data-front="pl"]')).to_be_visible()
    expect(tab.page.locator("#boot-task")).to_have_text("Otwieranie „Jak grać”…")
    expect(tab.page.locator(".prerendered #howto-open")).to_have_attribute("data-taken", "true")

    quick = tab.page.locator(".prerendered #play-computer")
    expect(quick).to_have_text("Zagraj z komputerem")
    quick.focus()
    tab.page.keyboard.press("Enter")
    expect(html).to_have_attribute("data-pending", "play")
    expect(tab.page.locator("#boot-task")).to_have_text("Uruchamianie gry…")
    expect(quick).to_have_attribute("data-taken", "true")
    assert tab.page.locator("[data-taken]").count() == 1
    assert _focused(tab) == "play-computer"

    _release(tab, route)
    expect(html).to_have_attribute("data-screen", "game")
    expect(html).to_have_attribute("lang", "pl")
    assert html.get_attribute("data-rules") is None  # the first choice was dropped
    players = json.loads(str(html.get_attribute("data-record")))["options"]["players"]
    assert [p.get("bot") for p in players] == [None, "easy"]
    assert _focused(tab) not in ("", "play-computer")  # on the game screen, not <body>
    assert tab.page.evaluate("document.activeElement.closest('#screen') !== null")
    assert tab.page.evaluate("localStorage.getItem('caravan-lang')") == "pl"
    tab.log.assert_clean()


@pytest.mark.timeout(120)
@pytest.mark.parametrize(
    ("control", "doc", "said"),
    [
        (".prerendered #howto-open", "howto", "Opening How to play…"),
        ("#top-tools #rules-button", "rules", "Opening the rules…"),
    ],
)
def test_how_to_play_and_rules_tapped_before_python_open_once_it_is(
    tab: Tab, control: str, doc: str, said: str
) -> None:
    """How to play (front page) or Rules (the header, drawn before Python
    too) tapped while Python boots is shown taken and, once ready, opens the
    reference at that text, over the live front page."""
    route = _held(tab)
    html = tab.page.locator("html")
    button = tab.page.locator(control)
    button.click()
    expect(button).to_have_attribute("data-taken", "true")
    expect(tab.page.locator("#boot-task")).to_have_text(said)
    _release(tab, route)
    expect(html).to_have_attribute("data-rules", "open")
    expect(tab.page.locator("section#rules")).to_have_attribute("data-doc", doc)
    assert html.get_attribute("data-pending") is None
    expect(html).to_have_attribute("data-screen", "new-game")
    tab.log.assert_clean()


@pytest.mark.timeout(180)
def test_a_reload_of_a_game_paints_its_board_before_python_inert_until_ready(tab: Tab) -> None:
    """The game in progress is painted at once on a reload, as this tab last showed
    it (docs/UI-CONTRACT.md, "First paint"), under the boot's progress, and takes no
    tap until the app worker's first frame replaces it with the live board."""
    page = tab.page
    tab.open("?seed=1&autostart=2")
    page.locator("#board .target[data-action]").first.click()
    page.evaluate("caravanSettled()")
    record = page.locator("html").get_attribute("data-record")
    held: list[Any] = []
    page.route(WASM, lambda route: held.append(route))
    with page.expect_request(WASM):
        page.goto(tab.base_url)  # the game resumes: no link, no ?autostart
    for _ in range(200):
        if held:
            break
        page.evaluate("0")
    assert held, "the wasm request never reached the route handler"
    html = page.locator("html")
    expect(html).to_have_attribute("data-painted", "game")
    assert html.get_attribute("data-ready") is None and html.get_attribute("data-record") is None
    expect(page.locator("#screen #board")).to_be_visible()
    expect(page.locator("#loading")).to_be_visible()  # the boot's progress, over the board
    assert page.evaluate("document.getElementById('screen').inert") is True
    _release(tab, held[0])
    expect(html).not_to_have_attribute("data-painted", "game")
    assert html.get_attribute("data-record") == record
    assert page.evaluate("document.getElementById('screen').inert") is False
    expect(page.locator("#loading")).to_be_hidden()


@pytest.mark.timeout(120)
def test_a_shared_game_paints_the_empty_board_before_python_then_the_game(tab: Tab) -> None:
    """A game opened with no drawing of it in the tab (a share link here) shows
    the board with nothing on it from the first paint, where the game's board
    will be, instead of the front page (docs/UI-CONTRACT.md, "First paint"):
    inert, under the boot's progress. Released, the live board replaces it
    in its place and size (but for the link's note above it), with the link's
    goods and camels, and nothing of the front page showed."""
    game = Game(Options(), seed=5)
    game.push(next(a for a in game.legal_actions() if isinstance(a, PlaceCamel)))  # R7: a camel on the board
    page = tab.page
    page.set_viewport_size({"width": 390, "height": 844})  # a phone held upright
    route = _held_game(tab, "#" + link.encode(game))
    html = page.locator("html")
    opening = page.locator("#screen img.opening-board")
    painted = opening.bounding_box()
    assert page.evaluate("document.querySelector('#screen img.opening-board').naturalWidth") > 0  # it decoded
    expect(page.locator("#screen > .prerendered")).to_be_hidden()
    expect(page.locator("#loading")).to_be_visible()
    assert page.evaluate("document.getElementById('screen').inert") is True
    _release(tab, route)
    expect(html).not_to_have_attribute("data-painted", "game")
    expect(html).to_have_attribute("data-screen", "game")
    expect(opening).to_have_count(0)
    expect(page.locator("#board [data-token]")).to_have_count(1)  # the link's camel, on the live board
    assert page.evaluate("document.getElementById('screen').inert") is False
    # The live board takes the image's place and size (an empty row of the banner's
    # height is above the image), moved down only by the link's note above it.
    live, note = page.locator("#board").bounding_box(), page.locator("#note").bounding_box()
    assert painted is not None and live is not None and note is not None
    for key in ("x", "width", "height"):
        assert abs(painted[key] - live[key]) <= 2, (key, painted, live)
    assert abs(live["y"] - (painted["y"] + note["height"] + 6)) <= 2, (painted, note, live)  # 6: its margin


@pytest.mark.timeout(120)
def test_learn_to_play_tapped_before_python_opens_the_lesson_once_it_is(tab: Tab) -> None:
    """The front page's "Learn to play" works as its other buttons do
    (issue 28): tapped while Python boots, it is shown taken ("Opening the
    lesson…") and, once ready, the lesson opens at its first step."""
    route = _held(tab)
    html = tab.page.locator("html")
    button = tab.page.locator(".prerendered #learn-open")
    button.click()
    expect(html).to_have_attribute("data-pending", "learn")
    expect(button).to_have_attribute("data-taken", "true")
    expect(tab.page.locator("#boot-task")).to_have_text("Opening the lesson…")
    _release(tab, route)
    expect(html).to_have_attribute("data-screen", "lesson")
    expect(tab.page.locator("#lesson")).to_have_attribute("data-at", "0")
    assert html.get_attribute("data-pending") is None
    tab.log.assert_clean()
