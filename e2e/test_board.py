"""The board as a player meets it: targets are big enough on a phone, the last
turn stays marked, reduced motion means no motion (cancelling by a centre
click is checked over a game's first and last turns in test_full_game.py),
and a board patched by chunks is the board drawn whole.

Everything goes through docs/UI-CONTRACT.md; what is legal comes from the
test's own engine replaying the page's record (e2e/driver.py).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import expect

from caravan import link
from caravan.actions import EndTurn, Steal
from caravan.game import Game
from caravan.options import Options, default_players
from caravan.playout import courier_action
from caravan.record import loads
from e2e.conftest import Tab
from e2e.driver import RECORD_CHANGED, Driver, attr, source_of
from e2e.saving import courier_until, open_at
from tests.positions import blank, camel

# Every board source and target, and the enlarged view's, with its box.
_BOXES = """() => [...document.querySelectorAll(
    '#board [data-select], #board .target[data-action], #board [data-zoom], ' +
    '#square-view [data-select], #square-view .target[data-action], #square-view-close')]
  .map(e => { const r = e.getBoundingClientRect();
              return [e.getAttribute('data-select') || e.getAttribute('data-action') ||
                      e.getAttribute('data-zoom') || e.id, r.width, r.height]; })"""
# Every text drawn on the board and in the enlarged view, at its size on
# screen (font size times the scale of the board and of the group it is in,
# animations included); the ghosts of the last animation too (hidden, yet drawn).
_TEXTS = """() => [...document.querySelectorAll('#board text, #square-view svg text')].map(t => [
  t.textContent, parseFloat(getComputedStyle(t).fontSize) * Math.abs(t.getScreenCTM().a)])"""
# The smallest text (as _TEXTS) at three moments after an action, run in the
# action's own page task (Driver.fast_then): every animation paused at its
# midpoint (a good sliding along its chain, a camel dropping in), all of them
# finished, and the enlarged view of every square that has one. An enlarged
# view draws only its square, so it is opened again only when the square's
# camels, loose good or demand, or the player to move, changed since it was
# last measured (window.__measured). Returns [[moment, text, px], ...] of
# those under 10 px.
_SAMPLE = (
    """() => {
  const texts = """
    + _TEXTS
    + """;
  const small = (moment) => texts().filter(([, px]) => px < 10).map(([t, px]) => [moment, t, px]);
  const click = el => el.dispatchEvent(new MouseEvent('click', { bubbles: true, detail: 1 }));
  const out = [];
  const anims = document.getAnimations()
    .filter(a => a.effect && a.effect.target && a.effect.target.closest('#board'));
  for (const a of anims) {
    const t = a.effect.getComputedTiming();
    a.pause();
    a.currentTime = (t.delay || 0) + t.activeDuration / 2;
  }
  if (anims.length) out.push(...small('animating'));
  for (const a of anims) a.finish();
  out.push(...small('at rest'));
  const measured = window.__measured || (window.__measured = new Set());
  const seat = document.documentElement.getAttribute('data-seat');
  const names = [...document.querySelectorAll('#board [data-zoom]')].map(z => z.getAttribute('data-zoom'));
  for (const name of names) {  // found anew each time: closing a view draws the board again
    const square = document.querySelector(`#board [data-square=${JSON.stringify(name)}]`);
    const holds = ['data-camels', 'data-good', 'data-demand'].map(a => square.getAttribute(a));
    const key = [name, seat, ...holds].join('|');
    if (measured.has(key)) continue;
    measured.add(key);
    click(document.querySelector(`#board [data-zoom=${JSON.stringify(name)}]`));
    out.push(...small('enlarged ' + name));
    const close = document.querySelector('#square-view-close');
    if (close) click(close);
  }
  return out;
}"""
)
# Every animation on the page run to its end, as if the player waited for it.
_SETTLE = "() => { for (const a of document.getAnimations()) a.finish(); }"
_BANNER = """() => { const r = document.getElementById('turn-banner').getBoundingClientRect();
  const left = document.getElementById('actions-left').getBoundingClientRect();
  return [r.top, r.bottom, left.top, left.bottom, innerHeight]; }"""
_MARKS = """() => Object.fromEntries([...document.querySelectorAll('#board [data-mark]')]
  .map(e => [e.getAttribute('data-square'), e.getAttribute('data-mark')]))"""
# The longest animation or transition running on the page, in ms.
_LONGEST = """() => {
  let most = 0;
  for (const a of document.getAnimations()) {
    const t = a.effect.getComputedTiming();
    most = Math.max(most, t.activeDuration + (t.delay || 0));
  }
  for (const e of document.querySelectorAll('#board *, #square-view *')) {
    const s = getComputedStyle(e);
    for (const d of (s.transitionDuration + ',' + s.animationDuration).split(',')) {
      const v = parseFloat(d) * (d.trim().endsWith('ms') ? 1 : 1000);
      if (!isNaN(v)) most = Math.max(most, v);
    }
  }
  return most;
}"""

# The longest motion on the page or asked of element.animate() so far.
_MOTION = "() => Math.max((" + _LONGEST + ")(), ...window.__animations)"

# Every element.animate() call's duration, seen from the page's side.
_COUNT_ANIMATE = """() => {
window.__animations = [];
const animate = Element.prototype.animate;
Element.prototype.animate = function (frames, timing) {
  const t = typeof timing === 'number' ? timing : (timing || {});
  window.__animations.push((typeof t === 'number' ? t : (t.duration || 0)) + ((t && t.delay) || 0));
  return animate.call(this, frames, timing);
};
}"""

# svg#board as the page shows it, the motion's ghosts left out (a board drawn
# whole has none until its motion plays).
_DRAWN = """() => { const b = document.getElementById('board').cloneNode(true);
  b.querySelector('.fx').replaceChildren(); return b.outerHTML; }"""
# The screen drawn whole, as after a patch the page could not apply
# (docs/WORKER.md, "The board's patch"): a redraw, then a resize to the same width.
_REDRAW = """async () => {
  const width = document.getElementById('board').getBoundingClientRect().width;
  caravanApp.post(JSON.stringify({version: 1, type: 'redraw'}));
  caravanApp.post(JSON.stringify({version: 1, type: 'resize', width}));
  await caravanSettled();
}"""
# The board's patches the page applied, counted from the worker's frames.
_COUNT_PATCHES = """() => {
  window.__patches = 0;
  const listener = caravanApp.listener;
  caravanApp.listener = msg => {
    const parts = msg.screen && msg.screen.patch;
    if (parts && parts.some(part => part && part.board)) window.__patches += 1;
    listener(msg);
  };
}"""


def _crowded() -> Any:
    """A game in progress with 24 camels on d4, four of them laden
    with goods player 1 may steal (R10): the enlarged view's case."""
    game = blank(players=4, casual=True)
    loads = {0: "I", 1: "SW", 2: "M", 3: "H"}
    for seat in range(4):
        goods = list(loads[seat])
        for i in range(6):
            game = camel(game, seat, "d4", goods[i] if i < len(goods) else None)
    return game


def _assert_sizes(page: Any, where: str, *, banner: bool = True) -> None:
    small = [(n, round(w), round(h)) for n, w, h in page.evaluate(_BOXES) if w < 24 or h < 24]
    assert not small, f"{where}: sources or targets under 24x24 CSS px: {small[:8]}"
    tiny = [(s, round(px, 1)) for s, px in page.evaluate(_TEXTS) if px < 10]
    assert not tiny, f"{where}: board texts under 10 CSS px: {tiny[:8]}"
    if not banner:  # a laptop's page fits its window by the page's layout, not the board's
        return
    top, bottom, left_top, left_bottom, height = page.evaluate(_BANNER)
    assert top >= 0 and bottom <= height, f"{where}: the turn banner is not in the viewport"
    assert left_top >= 0 and left_bottom <= height, f"{where}: the actions left are not in the viewport"


def _small_texts(
    page: Any, game: Any, rng: random.Random, stop: Callable[[Any], bool]
) -> tuple[Any, list[Any]]:
    """Plays ``game`` on the page (Driver.fast) to its end or until ``stop``
    holds after an action, sampling the board's texts after every action:
    animating, at rest, enlarged (_SAMPLE)."""
    driver = Driver(page)
    found: list[Any] = []
    while not game.is_over():
        action = courier_action(game, rng)
        game, small = driver.fast_then(action, game, _SAMPLE)
        found.extend([str(action), *s] for s in small)
        if stop(game):
            break
    return game, found


# How many actions before the end is triggered (R14) the late stretch starts.
LATE = 10


@pytest.mark.timeout(600)
@pytest.mark.parametrize("size", [(360, 740), (740, 360)])
def test_on_a_phone_every_board_choice_is_24px_and_the_turn_stays_in_view(
    shared_phone_tab: Tab, size: Any
) -> None:
    """WCAG 2.2 target size on a phone, both ways up: every source and
    target on the board and in the enlarged square view is at least 24x24
    CSS px, and whose turn it is and the actions left are on screen, over the first
    turns of a game and on a square with 24 camels (opened through its
    enlarged view). Every text drawn on the board and in the enlarged view is
    at least 10 CSS px as rendered, after each action, while it animates and
    at rest (issue 14), over the stretches that hold every kind of action and
    animation a whole game has after its first 40 actions (a whole game's texts
    differ from theirs only by more of the same goods and numbers): the actions
    up to the first refill, and the end of a game, from a link LATE actions
    before its end is triggered (R14) to the game over; on a phone, on the
    history view's board too. (A laptop's board is drawn larger than either
    phone's, and its choices and texts with it.)"""
    w, h = size
    tab = shared_phone_tab  # both ways up on one phone page (touch, mobile), as a phone turned over
    tab.page.set_viewport_size({"width": w, "height": h})
    page = tab.page
    driver = Driver(page)

    # The page boots once, on a saved game with 24 camels on d4: its enlarged view.
    open_at(tab, _crowded())
    driver.select("d4", tap=True)
    view = page.locator('#square-view[data-square-view="d4"]')
    assert view.is_visible(), "selecting a square with 24 camels opens its enlarged view"
    steals = [a for a in driver.game().legal_actions() if isinstance(a, Steal)]
    assert len(steals) == 4  # swords, salt, meat, hides (R10)
    for steal in steals:
        assert view.locator(attr(".target", "data-action", str(steal))).count() == 1
    _assert_sizes(page, f"{w}x{h}, d4 enlarged", banner=True)
    before = driver.game()
    after = driver.perform(steals[0], before, tap=True)
    assert str(after.history[-1].action) == str(steals[0])

    # Then the courier's game from seed 6's set-up (as ?seed=6&autostart=2&short=1 starts
    # it), opened by a link: a hash change, no second boot.
    start = Game(Options(players=default_players(2), short=True), seed=6)
    old = driver.record()
    page.evaluate("text => { location.hash = text; }", link.encode(start))
    page.wait_for_function(RECORD_CHANGED, arg=old)
    game = driver.game()
    assert game.state_key() == start.state_key() and not game.history, "the linked game was not opened"
    rng = random.Random(6)
    for _ in range(40):
        action = courier_action(game, rng)
        src = source_of(action)
        if src is not None:
            driver.select(src, tap=True)
            _assert_sizes(page, f"{w}x{h} with {src} selected", banner=True)
        # Its target through the page's own handlers (that the page offers the
        # engine's targets, and taps on them, are test_full_game.py's), its
        # motion run to its end: the next source is tapped once it stands still.
        game, _ = driver.fast_then(action, game, _SETTLE)
    _assert_sizes(page, f"{w}x{h} after 40 actions", banner=True)
    # The next actions up to the first refill (R13): camels and goods moving, a
    # pick-up, a delivery, an end of turn, goods drawn (seed 6: actions 41-72).
    game, small = _small_texts(page, game, rng, lambda g: bool(g.history[-1].draws))
    kinds = {type(step.action).__name__ for step in game.history[40:]}
    assert {"MoveCamel", "MoveGood", "PickUp", "EndTurn"} <= kinds, kinds
    assert game.history[-1].draws, "no refill was sampled"
    # The crowded board of a game's end: opened by a link (a hash change, no
    # reboot) LATE actions before its end is triggered (played that far in
    # CPython), then played to its end.
    trigger = len(courier_until(6, Game.end_triggered).history)
    old = driver.record()
    page.evaluate(
        "text => { location.hash = text; }",
        link.encode(courier_until(6, lambda g: len(g.history) >= trigger - LATE)),
    )
    page.wait_for_function(RECORD_CHANGED, arg=old)
    game = driver.game()
    assert len(game.history) == trigger - LATE, "the linked game was not opened"
    assert not game.end_triggered()
    game, small_late = _small_texts(page, game, rng, lambda g: False)
    small += small_late
    assert game.is_over()
    assert not small, f"{w}x{h}: board texts under 10 CSS px (action, moment, text, px): {small[:8]}"
    if w == 360:  # the history view's board, drawn for a phone's width too
        page.locator("#history-button").click()
        for button in ("#history-first", "#history-forward", "#history-last"):
            page.locator(button).click()
            tiny = [(t, round(px, 1)) for t, px in page.evaluate(_TEXTS) if px < 10]
            assert not tiny, f"history board after {button}: texts under 10 CSS px: {tiny[:8]}"
        page.locator("#history-exit").click()


def _marks(page: Any) -> dict[str, str]:
    marks: dict[str, str] = page.evaluate(_MARKS)
    return marks


@pytest.mark.timeout(300)
def test_the_last_turns_squares_stay_marked_until_the_next_player_acts(shared_tab: Tab) -> None:
    tab = shared_tab
    tab.open("?seed=3&autostart=2")
    page = tab.page
    driver = Driver(page)
    game = driver.game()
    rng = random.Random(3)
    turns = 0
    while turns < 4:
        action = courier_action(game, rng)
        if isinstance(action, EndTurn):
            turn = [s.action for s in game.history if s.turn == game.turn]
            game = driver.perform(action, game)
            marks = _marks(page)
            want: dict[str, set[str]] = {}
            for a in turn:
                for name, kind in _ends(a):
                    want.setdefault(name, set()).add(kind)
            assert {k: set(v.split()) for k, v in marks.items()} == want, f"marks after turn {game.turn - 1}"
            turns += 1
            continue
        game = driver.perform(action, game)
        assert _marks(page) == {}, f"marks stay after {action}, the next player's action"


def _ends(action: Any) -> list[tuple[str, str]]:
    text = str(action)
    if text.startswith("@"):
        return [(text[1:3], "to")]
    if text.startswith(("+", "$")):
        return [(text[1:3], "to")]
    if "-" in text:
        return [(text[:2], "from"), (text[3:5], "to")]
    frm, to = text.split(">")
    return [(frm[-2:], "from"), (to, "to")]


@pytest.mark.timeout(300)
def test_with_reduced_motion_nothing_moves_for_more_than_10_ms(shared_tab: Tab) -> None:
    """prefers-reduced-motion: every action (moves, pick-ups, refills, steals)
    leaves no animation or transition longer than 10 ms; without it, a
    camel's move does animate (so the check can fail). One page: the
    preference changes while it is open, as a player's system setting can."""
    tab = shared_tab
    tab.open("?seed=6&autostart=2&short=1")
    tab.page.evaluate(_COUNT_ANIMATE)  # after the boot: the page animates only once an action is taken
    driver = Driver(tab.page)
    game = driver.perform(next(a for a in driver.game().legal_actions() if str(a).startswith("@")))
    started = tab.page.evaluate("window.__animations")
    assert started and max(started) > 100, "without reduced motion a placed camel should animate"

    tab.page.emulate_media(reduced_motion="reduce")
    tab.page.evaluate("window.__animations = []")
    rng = random.Random(6)
    kinds = set()
    for _ in range(80):  # through the page's click handlers, measured in the action's own task
        action = courier_action(game, rng)
        kinds.add(type(action).__name__)
        game, longest = driver.fast_then(action, game, _MOTION)
        assert longest <= 10, f"{longest} ms of motion after {action} with reduced motion"
    assert {"PlaceCamel", "MoveCamel", "PickUp"} <= kinds


@pytest.mark.timeout(300)
def test_a_board_patched_by_chunks_is_the_board_drawn_whole(shared_tab: Tab) -> None:
    """Every selection and action of three turns: the board the page made of
    the worker's chunks (web/static/patch.js patchBoard) is, element for
    element and attribute for attribute, the one a whole redraw gives.
    Before each click an arrow key moves the board's tab stop, which the
    worker does not know of: the page puts it back where the new board has it."""
    tab = shared_tab
    tab.open("?seed=3&autostart=2")
    page = tab.page
    page.evaluate(_COUNT_PATCHES)
    driver = Driver(page)
    game = driver.game()
    rng = random.Random(4)
    moved = 0

    def arrow() -> None:
        nonlocal moved
        stop = page.locator('#board [tabindex="0"]')
        if not stop.count():
            return
        before = stop.evaluate("e => e.outerHTML")
        stop.focus()
        page.keyboard.press(rng.choice(["ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"]))
        moved += page.locator('#board [tabindex="0"]').evaluate("e => e.outerHTML") != before

    def same(after: str) -> None:
        patched = page.evaluate(_DRAWN)
        page.evaluate(_REDRAW)
        assert page.evaluate(_DRAWN) == patched, f"the patched board differs from the whole one after {after}"

    turns = 0
    while turns < 3:
        action = courier_action(game, rng)
        source = source_of(action)
        if source is not None and not isinstance(action, EndTurn):
            arrow()
            driver.select(source)
            same(f"selecting {source}")
        arrow()
        game = loads(driver.click_action(str(action)))
        same(str(action))
        turns += isinstance(action, EndTurn)
    assert page.evaluate("window.__patches") > 10 and moved > 3


# A pointerdown on `sel`, then what the mark shows in that same task: pressed,
# and its box against the element's (web/static/patch.js).
_PRESS_NOW = """([sel, type]) => {
  const el = document.querySelector(sel);
  el.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, isPrimary: true, pointerType: type }));
  const mark = document.getElementById('press-mark');
  if (!mark) return null;
  const a = mark.getBoundingClientRect(), b = el.getBoundingClientRect();
  return { pressed: mark.hasAttribute('data-pressed'),
           inScreen: document.getElementById('screen').contains(mark),
           hidden: mark.getAttribute('aria-hidden'),
           off: Math.max(Math.abs(a.left - b.left), Math.abs(a.top - b.top),
                         Math.abs(a.width - b.width), Math.abs(a.height - b.height)) };
}"""


def test_a_touch_on_a_choice_is_marked_at_once_and_the_mark_decides_nothing(shared_phone_tab: Tab) -> None:
    """The tap's acknowledgement: a touch on a choice shows div#press-mark over
    it in the pointerdown's own task, outside #screen and hidden from screen
    readers; a touch cancelled takes it off and asks the worker nothing; the
    worker's answer takes it off; a mouse gets none."""
    tab = shared_phone_tab
    tab.open("?seed=1&autostart=2")
    page = tab.page
    driver = Driver(page)
    game = driver.game()
    source = next(s for s in (source_of(a) for a in game.legal_actions()) if s is not None)
    choice = attr("", "data-select", source)
    record = driver.record()

    shown = page.evaluate(_PRESS_NOW, [choice, "touch"])
    assert shown is not None and shown["pressed"] and not shown["inScreen"] and shown["hidden"] == "true"
    assert shown["off"] < 1, "the mark is not over the element touched"
    page.locator(choice).dispatch_event("pointercancel")
    expect(page.locator("#press-mark")).not_to_have_attribute("data-pressed", "")
    page.evaluate("window.caravanSettled()")
    assert page.locator(".selected").count() == 0 and driver.record() == record

    page.locator(choice).tap()
    expect(page.locator(attr(".selected", "data-select", source))).to_have_count(1)
    expect(page.locator("#press-mark")).not_to_have_attribute("data-pressed", "")

    target = page.locator("#board .target[data-action]").first
    shown = page.evaluate(_PRESS_NOW, ["#board .target[data-action]", "mouse"])
    assert shown is not None and not shown["pressed"]
    assert target.count() == 1 and driver.record() == record
