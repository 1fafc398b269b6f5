"""Two tabs in one browser (issue 11, item 3): two pages of one context share
localStorage. Playing in both loses no action, the stale tab is told (by the
`storage` event, or by the check before writing when the event comes too
late) and each choice works, and a reload shows the tab's own game."""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import expect

from caravan import record
from e2e.conftest import Tab, wait_ready_on
from e2e.driver import Driver
from e2e.harness import csp_safe
from e2e.saving import play, record_of, reload

# Stands for a storage event that comes after the player already acted:
# while the flag is set, this tab's listeners never see one.
HOLD_STORAGE_EVENTS = """
addEventListener('storage', e => { if (window.caravanHoldStorage) e.stopImmediatePropagation(); }, true);
"""


def _history(page: Any) -> list[str]:
    return list(record.to_dict(record.loads(record_of(page)))["history"])


def _diverge(page: Any, other: Any) -> None:
    """One action on ``page`` other than the one ``other`` took from the same position."""
    driver = Driver(page)
    game = driver.game()
    taken = str(Driver(other).game().history[len(game.history)].action)
    driver.perform(next(a for a in game.legal_actions() if str(a) not in (taken, "end")), game)


def _current(page: Any) -> str:
    """The shared ``current``: the game saved last, in any tab."""
    return str(page.evaluate("localStorage.getItem('caravan:' + location.pathname + ':current')"))


def _saved(page: Any) -> dict[str, tuple[str, list[str]]]:
    """Every saved game in localStorage: id -> (name, history)."""
    raw: dict[str, str] = page.evaluate(
        """() => Object.fromEntries(Object.keys(localStorage)
             .filter(k => k.startsWith('caravan:' + location.pathname + ':') && !k.endsWith(':current'))
             .map(k => [k.slice(k.lastIndexOf(':') + 1), localStorage.getItem(k)]))"""
    )
    out = {}
    for entry_id, text in raw.items():
        data = json.loads(text)
        out[entry_id] = (data["name"], data["record"]["history"])
    return out


@pytest.mark.timeout(240)
def test_two_tabs_on_one_game_lose_no_action_and_each_keeps_its_own_game(own_page_tab: Tab) -> None:
    tab = own_page_tab
    tab.page.add_init_script(HOLD_STORAGE_EVENTS)  # only tab one ever holds them
    tab.open("?seed=3&autostart=2")
    one = tab.page
    play(one, 3)
    two = csp_safe(tab.context.new_page())
    errors: list[str] = []
    two.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    two.on("pageerror", lambda e: errors.append(str(e)))
    two.goto(tab.base_url)  # a second tab resumes the game in progress
    wait_ready_on(two)
    assert _history(two) == _history(one)

    # The storage event tells tab one at once; it cannot play on until it chooses.
    play(two, 4, seed=5)
    notice = one.locator("#tab-conflict")
    expect(notice).to_have_attribute("data-theirs", "4")
    expect(notice).to_have_attribute("data-mine", "0")
    expect(notice).to_contain_text("another tab")
    one.locator("#conflict-load").click()
    expect(notice).to_have_count(0)
    assert _history(one) == _history(two)

    # The event comes too late: one plays, the check before writing refuses to
    # overwrite two's 2 newer actions, and one is told.
    one.evaluate("window.caravanHoldStorage = true")
    play(two, 2, seed=6)
    theirs = _history(two)
    _diverge(one, two)
    expect(notice).to_have_attribute("data-theirs", "2")
    expect(notice).to_have_attribute("data-mine", "1")
    mine = _history(one)
    assert mine[:-1] == theirs[:-2]
    assert [h for _, h in _saved(one).values()] == [theirs], "the stale tab overwrote the other tab's actions"

    # Keep both: one's game is saved beside two's, nothing of either lost.
    one.locator("#conflict-keep").click()
    expect(notice).to_have_count(0)
    expect(one.locator("#note")).to_contain_text("(copy)")
    saved = _saved(one)
    assert sorted(h for _, h in saved.values()) == sorted([theirs, mine])
    assert any(name.endswith("(copy)") and h == mine for name, h in saved.values())

    # Two different games now: two saves last, and each tab's reload shows its own.
    play(two, 1, seed=8)
    theirs = _history(two)
    reload(one)
    assert _history(one) == mine
    assert _history(two) == theirs == _saved(two)[_current(two)][1]
    assert not errors, f"console errors in the second tab: {errors}"
    two.close()
