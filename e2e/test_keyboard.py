"""The board played from the keyboard alone (issue 14): one tab stop, the
arrow keys, Enter, and the shortcuts P, E and Y.

Focus is set by the test only where a player comes back from the mouse:
else it goes where the page puts it after each update (the selected
source's most useful target, else the source the next action most likely
starts from, else end turn) and on from there by keys. Each action's record
is checked against the engine playing the same action.
"""

from __future__ import annotations

import random
import statistics
from collections import deque

import pytest
from playwright.sync_api import Page, expect

from caravan import link
from caravan.actions import Action, parse_action
from caravan.game import Game
from caravan.playout import courier_action
from e2e.conftest import Tab
from e2e.driver import RECORD_CHANGED, SETTLED, Driver, attr, board_of, source_of
from e2e.saving import courier_game, finished_game
from web.board import keynav

_FOCUSED = "css => document.activeElement !== null && document.activeElement.matches(css)"


def _wait_focus(page: Page, css: str) -> None:
    page.wait_for_function(_FOCUSED, arg=css)


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


_HERE = """() => { const e = document.activeElement;
  for (const a of ['data-action', 'data-select', 'data-zoom']) if (e.hasAttribute(a))
    return `#board ${a === 'data-action' ? '.target' : ''}[${a}=${JSON.stringify(e.getAttribute(a))}]`; }"""
_SAME = """([a, b]) => { const e = document.querySelector(a);
  return e !== null && e === document.querySelector(b); }"""
_NOT_BODY = "() => document.activeElement !== null && document.activeElement !== document.body"
_ON_BOARD = "() => document.activeElement !== null && document.activeElement.closest('#board') !== null"


def _focus(page: Page, css: str) -> int:
    """Move focus to ``css`` with keys as a player would: Shift+Tab back to the
    board's one tab stop, then the fewest arrow presses, found on the page's
    own board markup with web/board/keynav.py's moves; the presses it took."""
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


def _press_action(driver: Driver, game: Game, action: Action) -> tuple[Game, int]:
    """Play ``action`` by keys from where the page left the focus: E (and Y)
    to end the turn, P to place a camel, else the arrows to its source (into
    the enlarged square view for a good on a crowded square), Enter, the
    arrows to its target, Enter. The new position and the presses it took."""
    page = driver.page
    notation = str(action)
    src = source_of(action)
    if src is None:
        old = driver.record()
        page.keyboard.press("e")
        n = 1
        page.evaluate(SETTLED)  # the app worker has answered the key
        if page.locator("#confirm-end").count():
            page.keyboard.press("y")
            n += 1
        page.wait_for_function(RECORD_CHANGED, arg=old)
        return driver.game(), n
    n = 1
    if src == "supply":
        page.keyboard.press("p")
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
    page.locator(attr(".selected", "data-select", src)).wait_for()
    target = attr(".target", "data-action", notation)
    if page.locator("#square-view " + target).count():
        while not page.evaluate(_FOCUSED, target):
            page.keyboard.press("Tab")
            n += 1
    else:
        n += _focus(page, "#board " + target)
    return _act_by_key(driver, game, "Enter", notation), n + 1


# Played by keys: the first ten turns (every kind of action: places, moves
# of camels and goods, pick-ups, a steal, deliveries, ends of turn) and the
# last two, which end the game (R14). The middle is played by the engine
# (the same courier, drawing what the page draws from the same seed): the
# page opens it by a link (a hash change, no second boot). Seed 7's last refill is in turn 67, so the
# last two turns draw nothing and are the same game whichever way it came.
SEED = 7
FIRST_TURNS = 10
LAST_TURNS = 2


@pytest.mark.timeout(300)
def test_r5_to_r14_a_game_played_with_the_keyboard_alone_in_a_few_presses_per_action(shared_tab: Tab) -> None:
    """Issue 14: every action of the first and last turns by keys from where
    the page left the focus, each checked against the engine; after each
    action focus is on the board or a control, never on <body>; the game
    ends on the game-over screen with focus on its heading (the winner, then
    the rematch button); the median action takes at most 6 presses."""
    finished = finished_game(SEED)
    last_turn = finished.turn
    assert not any(s.draws for s in finished.history if s.turn > last_turn - LAST_TURNS)
    tab = shared_tab
    tab.open(f"?seed={SEED}&autostart=2&short=1")
    page = tab.page
    driver = Driver(page)
    game = driver.game()
    rng = random.Random(SEED)
    counts: dict[str, list[int]] = {}

    def by_keys(game: Game, rng: random.Random) -> Game:
        action = courier_action(game, rng)
        game, n = _press_action(driver, game, action)
        counts.setdefault(type(action).__name__, []).append(n)
        assert page.evaluate(_NOT_BODY), f"focus is lost after {action}"
        return game

    while game.turn <= FIRST_TURNS:
        game = by_keys(game, rng)
    game, rng = courier_game(SEED, turn=last_turn - LAST_TURNS + 1)
    old = driver.record()
    page.evaluate("text => { location.hash = text; }", link.encode(game))  # a hash change, no reboot
    page.wait_for_function(RECORD_CHANGED, arg=old)
    assert driver.game().state_key() == game.state_key(), "the linked game was not opened"
    # Back from elsewhere: the player tabs to the board's one stop.
    page.locator("#board [tabindex='0']").focus()
    while not game.is_over():
        assert len(game.history) < 2000, "the game did not end"
        game = by_keys(game, rng)
    assert [str(s.action) for s in game.history] == [str(s.action) for s in finished.history]
    _wait_focus(page, "#game-over-result")
    every = [n for ns in counts.values() for n in ns]
    print(f"key presses per action: median {statistics.median(every)}, max {max(every)}, by kind {counts}")
    assert {"PlaceCamel", "MoveCamel", "PickUp", "MoveGood", "Steal", "EndTurn"} <= set(counts)
    assert statistics.median(every) <= 6, counts


@pytest.mark.timeout(120)
def test_a_mouse_click_moves_no_focus_and_a_letter_typed_in_a_field_is_no_shortcut(shared_tab: Tab) -> None:
    tab = shared_tab
    tab.open("?seed=7&autostart=2")
    page = tab.page
    driver = Driver(page)
    # P in a text field (the share dialog's link) is the field's, not "place a camel".
    page.locator("#share").click()
    page.locator("#share-link").focus()
    page.keyboard.press("p")
    expect(page.locator("#share-dialog")).to_be_visible()
    expect(page.locator(attr(".selected", "data-select", "supply"))).to_have_count(0)
    page.locator("#share-close").click()
    driver.select("supply")
    assert page.evaluate("document.activeElement === document.body"), "a click must not focus a target"
    driver.click_action("@a1")
    assert page.evaluate("document.activeElement === document.body"), "a click must not focus the next source"
