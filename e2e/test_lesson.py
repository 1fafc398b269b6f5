"""The lesson, "Learn to play" (issue 28), on a phone: opened from How to play,
played through by taps at 390x844 with touch, a wrong tap answered by the
step's hint, axe finding nothing on How to play's pictures, a step with its
hint, a square enlarged or the end (every step's markup is the first's but for
its words), and its end starting a real short game against the easy bot. One
page load."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from caravan import record
from caravan.actions import parse_action
from e2e.conftest import BOOT_MS, Tab
from e2e.driver import Driver
from e2e.test_axe import AXE, _violations
from web.app.lesson import STEPS
from web.app.selection import source_of


@pytest.mark.timeout(240)
def test_the_lesson_is_played_by_taps_on_a_phone_and_ends_in_a_real_game(shared_phone_tab: Tab) -> None:
    assert AXE.is_file(), f"{AXE} is missing: run `npm ci` (axe-core is a devDependency)"
    tab = shared_phone_tab
    page = tab.page
    page.set_viewport_size({"width": 390, "height": 844})
    tab.open("?seed=4")
    found: list[str] = []
    page.locator("#howto-open").tap()
    expect(page.locator("#rules .howto-picture")).to_have_count(3)
    found += _violations(page, "How to play, its pictures")
    page.locator("#howto-learn").tap()  # How to play's own way in: the reference closes
    expect(page.locator("html")).to_have_attribute("data-screen", "lesson")
    expect(page.locator("#rules")).to_have_count(0)
    lesson = page.locator("#lesson")
    hint = page.locator("#lesson-hint")
    last = len(STEPS) - 1
    for at, step in enumerate(STEPS):
        expect(lesson).to_have_attribute("data-at", str(at))
        if at in (0, 4):  # a tap on a space the step does not want: the hint, nothing played
            page.locator('#board [data-square="g6"] .cell').tap()
            expect(hint).to_have_attribute("data-hinted", "true")
            expect(hint).not_to_be_empty()
            expect(lesson).to_have_attribute("data-at", str(at))
        if at == 0:  # every step's markup is the first's but for its words: axe once, with the hint
            found += _violations(page, "the first step, its hint shown")
        target = page.locator(f".target[data-action={json.dumps(step.wanted)}]")
        if not target.count():
            source = source_of(parse_action(step.wanted))
            assert source is not None
            Driver(page).select(source, tap=True)  # through the square's enlarged view if need be
        if at == last:
            expect(page.locator("#lesson #square-view")).to_be_visible()  # the hides under the camel
            found += _violations(page, "the last step, its square enlarged")
        target.tap()
    expect(lesson).to_have_attribute("data-step", "done")
    found += _violations(page, "the lesson's end")
    assert not found, "axe found violations:\n" + "\n".join(found)
    page.locator("#lesson-play").tap()
    html = page.locator("html")
    expect(html).to_have_attribute("data-screen", "game", timeout=BOOT_MS)
    game = record.loads(str(html.get_attribute("data-record")))
    assert game.options.short and [p.bot for p in game.options.players] == [None, "easy"]
    assert not game.history and game.start_position() is None  # a new game, set up as any (R3)
