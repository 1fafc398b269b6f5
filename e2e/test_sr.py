"""A game through the screen-reader board alone (issues 14, 28): the grid's
keys, the numbered list of a space's actions (two digits on a long one) and
the typed command field; the live region ``#announcer`` says every action
played so exactly once, in order, with the actions left after a person's own
(counted by a MutationObserver recorded in the page), a refusal and a
notation error each in their own words, ``?`` the grid's keys; focus stays
on the visual board when a camel is chosen there, returns to the command
field when ending the turn is cancelled, and goes to the result at game
over, which says both scores; axe-core finds nothing on the grid view at
1280x800 and 360x740. One page, booted twice.

The game is test_full_game.py's courier game (seed 6, short): its first
eight and last four turns hold every kind of action; they are played here
through the grid, turns in turn by the grid's keys and by typed commands;
the long middle is the engine's, and the page resumes it from a save (with
the grid still on: the choice is kept) after the last refill, the first
action of the last four turns."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from playwright.sync_api import expect

from caravan.actions import Action, EndTurn, MoveCamel, PlaceCamel
from caravan.board import SQUARE_NAMES
from caravan.game import Game
from caravan.options import Options, default_players
from caravan.playout import courier_action
from e2e.conftest import Tab
from e2e.driver import RECORD_CHANGED, SETTLED, Driver, source_of
from e2e.saving import courier_game, finished_game, open_at
from e2e.test_axe import _violations
from e2e.test_full_game import FIRST_TURNS, KINDS, LAST_TURNS, SEED
from web.app import commands
from web.board.srboard import grid_keys
from web.words.announce import action_said

# Every text written into #announcer, in order (its two children take turns).
_OBSERVE = """() => {
  window.__said = [];
  new MutationObserver(records => {
    for (const r of records) {
      const text = r.target.textContent;
      const mine = r.target.parentElement && r.target.parentElement.id === 'announcer';
      if (mine && text) window.__said.push(text);
    }
  }).observe(document.getElementById('announcer'), {childList: true, subtree: true, characterData: true});
}"""
_CELL = "() => { const a = document.activeElement; return a && a.getAttribute('data-cell'); }"
_ACTIVE = "() => document.activeElement ? (document.activeElement.id || '') : ''"


def _square(action: Action) -> str:
    """The space whose list holds ``action``: where a camel is placed, else its source."""
    if isinstance(action, PlaceCamel):
        return SQUARE_NAMES[action.to]
    src = source_of(action)
    assert src is not None
    return src[-2:]


def _to_grid(page: Any) -> None:
    """Back to the grid's one tab stop with Shift+Tab from the command field
    (after the clicked stretch, from the toggle with Tab: the clicks left focus on <body>)."""
    if page.evaluate("() => document.activeElement.closest('#sr-board') === null"):
        page.locator("#sr-toggle").focus()
        page.keyboard.press("Tab")
    for _ in range(12):
        if page.evaluate(_CELL):
            return
        page.keyboard.press("Shift+Tab")
    raise AssertionError(f"Shift+Tab did not reach the grid: focus on {page.evaluate(_ACTIVE)!r}")


def _to_field(page: Any) -> None:
    if page.evaluate("() => document.activeElement.closest('#sr-board') === null"):
        page.locator("#sr-toggle").focus()  # after the clicked stretch, as in _to_grid
    for _ in range(60):  # past a long list of actions
        if page.evaluate(_ACTIVE) == "sr-command":
            return
        page.keyboard.press("Tab")
    raise AssertionError("Tab did not reach the command field")


def _answer_yes_if_asked(page: Any, cancelled: list[bool]) -> None:
    """Ending with actions left asks first (R6): the question has the focus; y
    answers yes. The first time, n first: focus goes back to the command field."""
    page.evaluate(SETTLED)  # the app worker has answered "end"
    if page.locator("#confirm-end").count():
        expect(page.locator("#confirm-end-no")).to_be_focused()
        if not cancelled:
            page.keyboard.press("n")
            expect(page.locator("#sr-command")).to_be_focused()
            cancelled.append(True)
            page.keyboard.type("end")
            page.keyboard.press("Enter")
            expect(page.locator("#confirm-end-no")).to_be_focused()
        page.keyboard.press("y")


def _by_grid(page: Any, game: Game, action: Action) -> None:
    """File letter and rank digit to the space, Enter for its list, the action's number."""
    _to_grid(page)
    square = _square(action)
    page.keyboard.press(square[0])
    page.keyboard.press(square[1])
    page.wait_for_function(f"() => document.activeElement.getAttribute('data-cell') === '{square}'")
    page.keyboard.press("Enter")
    listed = [str(a) for a, _c in commands.actions_from(game, game_square(square))]
    number = listed.index(str(action)) + 1
    expect(page.locator("#sr-actions button").first).to_be_focused()
    for digit in str(number):  # on a list of ten or more, "1" waits for a second digit
        page.keyboard.press(digit)
    if number * 10 <= len(listed):  # it could still go on: focus is on that action, Enter plays it
        expect(page.locator(f"#sr-actions li:nth-child({number}) button")).to_be_focused()
        page.keyboard.press("Enter")


def game_square(name: str) -> int:
    return SQUARE_NAMES.index(name)


def _typed(page: Any, text: str) -> None:
    _to_field(page)
    page.keyboard.type(text)
    page.keyboard.press("Enter")


@pytest.mark.timeout(600)
def test_a_whole_game_through_the_grid_and_typed_commands_each_action_said_once(shared_tab: Tab) -> None:
    last_turn = finished_game(SEED).turn
    tab = shared_tab
    page = tab.page
    tab.open(f"?seed={SEED}&autostart=2&short=1")
    page.evaluate(_OBSERVE)
    driver = Driver(page)
    game = driver.game()

    # The toggle is the screen's first stop; pressed, the grid has the focus and the choice is kept.
    page.locator("#sr-toggle").focus()
    page.keyboard.press("Enter")
    expect(page.locator('[data-cell="d4"]')).to_be_focused()
    assert page.evaluate("localStorage.getItem('caravan:sr-board')") == "on"
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("End")
    assert page.evaluate(_CELL) == "g4"
    page.keyboard.press("Enter")  # a list to look at, for axe too
    page.locator("#sr-actions").wait_for()
    found = _violations(page, "screen-reader board")
    assert not found, "axe-core reports:\n" + "\n".join(found)
    page.set_viewport_size({"width": 1280, "height": 720})

    # A refusal and a notation error, each said in its own words, the same refusal again;
    # ? on the grid says the grid's keys (issue 28).
    _typed(page, "Sd4>d5")
    _typed(page, "Sd4>d5")
    _typed(page, "Xd9")
    _to_grid(page)
    page.keyboard.press("?")
    page.wait_for_function("() => window.__said.length >= 5")
    said = page.evaluate("window.__said")
    assert said[0].startswith("1 action at g4: 1. place a camel on g4")
    assert said[1] == said[2] and said[1].startswith("Not allowed: ")
    assert said[3].startswith("Not understood: ") and "Xd9" in said[3]
    assert said[4] == grid_keys()
    assert driver.game().history == []

    rng = random.Random(SEED)
    by_grid: set[str] = set()
    cancelled: list[bool] = []
    asked: list[str] = []

    def through_grid(game: Game, rng: random.Random) -> Game:
        action = courier_action(game, rng)
        old = driver.record()
        if isinstance(action, EndTurn):
            _typed(page, "end")
            _answer_yes_if_asked(page, cancelled)
        elif game.turn % 2:
            _by_grid(page, game, action)
        else:
            _typed(page, str(action))
            if isinstance(action, (PlaceCamel, MoveCamel)) and game.cost(action) == 2:
                # R7: onto camels, 2 actions: the field asks first; y plays it (issue 28).
                page.wait_for_function("() => window.__said.some(s => s.includes('costs 2 actions'))")
                page.evaluate("window.__said = window.__said.filter(s => !s.includes('costs 2 actions'))")
                asked.append(str(action))
                _typed(page, "y")
        page.wait_for_function(RECORD_CHANGED, arg=old)
        game = driver.game()
        assert str(game.history[-1].action) == str(action)
        by_grid.add(type(action).__name__)
        return game

    while game.turn <= FIRST_TURNS:
        game = through_grid(game, rng)
    first = [s.action for s in game.history]
    page.wait_for_function("n => window.__said.length >= n", arg=5 + len(first))
    said = page.evaluate("window.__said")[5:]
    assert cancelled, "no end of turn asked first"

    # The middle by the engine, the page resuming it from a save with the grid
    # still on. A refill draws afresh in a resumed game (I11): the game resumes
    # after the last one, the first action of the last four turns.
    finished = finished_game(SEED)
    game, rng = courier_game(SEED, turn=last_turn - LAST_TURNS + 1, actions=1)
    resumed = len(game.history)
    assert game.history[-1].draws and not any(s.draws for s in finished.history[resumed:])
    open_at(tab, game, keep=("caravan:sr-board",))
    expect(page.locator("#sr-board")).to_be_visible()
    page.evaluate(_OBSERVE)
    # A camel chosen on the visual board with the grid on: focus goes to its targets there (issue 28).
    camel = page.locator("#board [data-select]:not([data-select='supply'])").first
    camel.focus()
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.activeElement.matches('#board .target')")
    page.keyboard.press("Escape")
    expect(camel).to_be_focused()
    while not game.is_over():
        assert len(game.history) < 2000, "the game did not end"
        game = through_grid(game, rng)
    assert by_grid == KINDS, f"kinds never played through the grid: {KINDS - by_grid}"
    assert asked, "no typed move onto camels was asked about"
    assert [str(s.action) for s in game.history] == [str(s.action) for s in finished.history]
    page.locator('html[data-screen="over"]').wait_for()
    # Game over: focus on the result, as the accessibility tree names it; both scores said (R15-R17).
    result = page.locator("#game-over-result")
    expect(result).to_be_focused()
    assert " wins! " in result.aria_snapshot()
    totals = sorted((line.total for line in game.score()), reverse=True)
    page.wait_for_function(
        "t => window.__said.some(s => s.endsWith(t))", arg=f" wins, {totals[0]} to {totals[1]}."
    )

    # Each action played through the grid said exactly once, in order, as web/words/announce.py says it.
    replay = Game(Options(players=default_players(2), short=True), seed=SEED)
    # Every seat is a person's: each action of a turn that goes on says the actions left.
    expected = [
        action_said(replay, replay.push_recorded(s.action, s.draws), person=True) for s in game.history
    ]
    expected = expected[: len(first)] + expected[resumed:]
    page.wait_for_function("n => window.__said.length >= n", arg=len(expected) - len(first))
    said += page.evaluate("window.__said")
    actions_said = [text for text in said if text in set(expected)]
    assert actions_said == expected, "an action was not said, or said twice"
    others = [text for text in said if text not in set(expected)]  # the lists asked for, nothing else
    listed = r"\d+ actions? at [a-g][1-7]: 1\. |Caravan is ready"
    assert all(re.match(listed, text) for text in others), others[:3]
