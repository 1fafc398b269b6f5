"""The board played from the keyboard alone: Tab, Enter, Space and Escape.

Focus is never set by the test: it goes where the page puts it after each
update (the selected source's first target, else the first source, else end
turn) and on from there with Tab. Each action's record is checked against
the engine playing the same action.
"""

from __future__ import annotations

from collections import deque

import pytest
from playwright.sync_api import Page, expect

from caravan.actions import parse_action
from caravan.game import Game
from e2e.conftest import Tab
from e2e.driver import RECORD_CHANGED, Driver, attr, board_of
from web import keynav

_FOCUSED = "css => document.activeElement !== null && document.activeElement.matches(css)"
# Whether the page handled the last key (bubbles to document after #app's listener).
_WATCH_KEYS = "document.addEventListener('keydown', e => { window.__prevented = e.defaultPrevented; })"


def _wait_focus(page: Page, css: str) -> None:
    page.wait_for_function(_FOCUSED, arg=css)


def _select_by_key(page: Page, key: str, source: str, first_target: str) -> None:
    page.keyboard.press(key)
    page.locator(attr(".selected", "data-select", source)).wait_for()
    _wait_focus(page, attr(".target", "data-action", first_target))


def _act_by_key(driver: Driver, game: Game, key: str, notation: str) -> Game:
    """Press ``key`` on the focused element; the page must have played
    ``notation`` and reached the position the engine reaches with it."""
    old = driver.record()
    driver.page.keyboard.press(key)
    driver.page.wait_for_function(RECORD_CHANGED, arg=old)
    after = driver.game()
    mine = game.copy()
    mine.push_recorded(parse_action(notation), after.history[-1].draws)  # a refill draws (R13, I11)
    assert [str(h.action) for h in after.history] == [str(h.action) for h in mine.history]
    assert after.state_key() == mine.state_key(), f"the page's position after {notation} is not the engine's"
    assert driver.board() == board_of(mine), f"the board drawn after {notation} is not the engine's"
    html = driver.page.locator("html")
    expect(html).to_have_attribute("data-seat", str(mine.seat))
    expect(html).to_have_attribute("data-left", str(mine.left))
    return after


_CENTRE = """css => { const e = document.querySelector(css); if (!e) return null;
  const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; }"""
_HERE = """() => { const e = document.activeElement;
  for (const a of ['data-action', 'data-select', 'data-zoom']) if (e.hasAttribute(a))
    return `#board ${a === 'data-action' ? '.target' : ''}[${a}=${JSON.stringify(e.getAttribute(a))}]`; }"""
_SAME = """([a, b]) => { const e = document.querySelector(a);
  return e !== null && e === document.querySelector(b); }"""
_ON_BOARD = "() => document.activeElement !== null && document.activeElement.closest('#board') !== null"


def _focus(page: Page, css: str) -> int:
    """Move focus to ``css`` with keys as a player would: Shift+Tab back to the
    board's one tab stop, then the fewest arrow presses, found on the page's
    own board markup with web/keynav.py's moves; the presses it took."""
    n = 0
    for _ in range(12):
        if page.evaluate(_ON_BOARD):
            break
        page.keyboard.press("Shift+Tab")
        n += 1
    assert page.evaluate(_ON_BOARD), "Shift+Tab does not reach the board"
    if page.evaluate(_FOCUSED, css):
        return n
    items = keynav.items(page.evaluate("document.getElementById('board').outerHTML"))
    here = page.evaluate(_HERE)
    path: dict[str, list[str]] = {here: []}
    todo = deque([here])
    while todo:
        at = todo.popleft()
        for key in keynav.ARROWS:
            nxt = keynav.step(items, at, key)
            if nxt is not None and nxt.css not in path:
                path[nxt.css] = [*path[at], key]
                todo.append(nxt.css)
    want = next((c for c in path if page.evaluate(_SAME, [c, css])), None)
    assert want is not None, f"{css} cannot be reached with the arrow keys"
    for key in path[want]:
        page.keyboard.press(key)
    _wait_focus(page, css)
    return n + len(path[want])


@pytest.mark.timeout(240)
def test_r5_to_r12_a_game_played_with_the_keyboard_alone_in_a_few_presses_per_action(shared_tab: Tab) -> None:
    """Issue 14: every action by keys from where the page left the focus
    (arrows, Shift+Tab, Enter, P to place, E to end and Y to confirm), each
    checked against the engine; the median action takes at most 6 presses."""
    import random
    import statistics

    from caravan.playout import courier_action
    from e2e.driver import source_of

    tab = shared_tab
    tab.open("?seed=7&autostart=2&short=1")
    page = tab.page
    page.evaluate(_WATCH_KEYS)
    driver = Driver(page)
    game = driver.game()
    rng = random.Random(7)
    counts: dict[str, list[int]] = {}
    for _ in range(60):
        action = courier_action(game, rng)
        notation = str(action)
        kind = type(action).__name__
        n = 0
        src = source_of(action)
        if src is None:
            old = driver.record()
            page.keyboard.press("e")
            n += 1
            if page.locator("#confirm-end").count():
                page.keyboard.press("y")
                n += 1
            page.wait_for_function(RECORD_CHANGED, arg=old)
            game = driver.game()
        else:
            if src == "supply":
                page.keyboard.press("p")
                n += 1
            else:
                if not page.locator(attr("", "data-select", src)).count():
                    square = src[-2:]
                    n += _focus(page, f"#board [data-zoom='{square}'], #board [data-select='{square}']") + 1
                    page.keyboard.press("Enter")
                    page.locator("#square-view").wait_for()
                    while not page.evaluate(_FOCUSED, attr("", "data-select", src)):
                        page.keyboard.press("Tab")
                        n += 1
                else:
                    n += _focus(page, attr("", "data-select", src))
                page.keyboard.press("Enter")
                n += 1
            page.locator(attr(".selected", "data-select", src)).wait_for()
            target = attr(".target", "data-action", notation)
            if page.locator("#square-view " + target).count():
                while not page.evaluate(_FOCUSED, target):
                    page.keyboard.press("Tab")
                    n += 1
            else:
                n += _focus(page, "#board " + target)
            game = _act_by_key(driver, game, "Enter", notation)
            n += 1
        counts.setdefault(kind, []).append(n)
        if game.is_over():
            break
    every = [n for ns in counts.values() for n in ns]
    print(f"key presses per action: median {statistics.median(every)}, max {max(every)}, by kind {counts}")
    assert {"PlaceCamel", "EndTurn", "PickUp"} <= set(counts)
    assert statistics.median(every) <= 6, counts


@pytest.mark.timeout(120)
def test_a_mouse_click_does_not_move_the_focus(shared_tab: Tab) -> None:
    tab = shared_tab
    tab.open("?seed=7&autostart=2")
    page = tab.page
    driver = Driver(page)
    driver.select("supply")
    assert page.evaluate("document.activeElement === document.body"), "a click must not focus a target"
    driver.click_action("@a1")
    assert page.evaluate("document.activeElement === document.body"), "a click must not focus the next source"
