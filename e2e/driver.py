"""Play the page as a person would, checking it against our own engine.

Shared by the e2e tests and bench/browser.py. Everything goes through the
contract (docs/UI-CONTRACT.md): clicks on `[data-select]` and
`[data-action]` elements, and the `data-record` attribute, which the test
process replays with its own engine to know the position and what is legal.
The driver never asks the page what is legal; it compares what the page
offers with what the engine says.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import Any

from playwright.sync_api import Locator, Page

from caravan import Game, Good
from caravan.actions import Action, EndTurn, MoveCamel, MoveGood, PickUp, PlaceCamel, Steal
from caravan.board import SQUARE_NAMES, SQUARES
from caravan.record import loads

READY = "document.documentElement.getAttribute('data-ready') === 'true'"
RECORD_CHANGED = "old => document.documentElement.getAttribute('data-record') !== old"
# One round trip: the page's selectable sources and highlighted targets.
_OFFERED = """() => {
  const all = (sel, name) => [...document.querySelectorAll(sel)].map(e => e.getAttribute(name));
  return {
    sources: all('[data-select]', 'data-select'),
    targets: all('.target[data-action]', 'data-action'),
    stray: all('#board [data-action]:not(.target)', 'data-action'),
    selected: all('.selected[data-select]', 'data-select'),
    zoom: all('#board [data-zoom]', 'data-zoom'),
  };
}"""
_BOARD = """() => Object.fromEntries([...document.querySelectorAll('#board [data-square]')].map(e => [
  e.getAttribute('data-square'),
  [e.getAttribute('data-camels'), e.getAttribute('data-good'), e.getAttribute('data-demand')],
]))"""
# The page has answered everything asked of it (docs/UI-CONTRACT.md: the app worker
# has handled every message and the page painted its answers), as a player waits for
# the screen after a click.
SETTLED = "(window.caravanSettled ? caravanSettled() : Promise.resolve())"
# One action in one round trip, through the page's own click handlers (they
# run synchronously in dispatchEvent): select its source (a good not on the
# board is in its square's enlarged view), click its target, answer "yes" if
# the page asks (R6). Returns the new record.
# The page answers a click once its app worker has (docs/WORKER.md, "The app
# worker"): each step waits, in the page, for what it brings (a mutation
# observer: no timers), so the whole action is still one round trip.
_FAST_ACT = (
    """async ([src, notation]) => {
  const q = s => document.querySelector(s);
  const html = document.documentElement;
  const until = test => new Promise((resolve, reject) => {
    const now = test();
    if (now) return resolve(now);
    const timer = setTimeout(() => {
      seen.disconnect();
      reject(new Error('the page did not answer: ' + test));
    }, 30000);
    const seen = new MutationObserver(() => {
      const got = test();
      if (got) { seen.disconnect(); clearTimeout(timer); resolve(got); }
    });
    seen.observe(html, { subtree: true, childList: true, attributes: true });
  });
  const click = el => el.dispatchEvent(new MouseEvent('click', { bubbles: true, detail: 1 }));
  const sel = v => `[data-select=${JSON.stringify(v)}]`;
  // A tap's answer may come in two frames (the board first: docs/WORKER.md): the
  // whole screen is there once the page has settled, as a player waits for it.
  const settled = () => """
    + SETTLED
    + """;
  await settled();
  if (src !== null) {
    if (!q(sel(src)) && src.length > 2) {
      const square = src.slice(-2);
      click(q(`#board [data-zoom=${JSON.stringify(square)}]`) || q('#board ' + sel(square)));
      await until(() => q(sel(src)));
    }
    const el = q(sel(src));
    if (!el.classList.contains('selected')) {
      click(el);
      await until(() => q('.selected' + sel(src)));
    }
  }
  const old = html.getAttribute('data-record');
  const css = `.target[data-action=${JSON.stringify(notation)}]`;
  const target = notation === 'end' ? q('#end-turn') : await until(() => q(css));
  click(target);
  if (notation === 'end') {
    const yes = await until(() => html.getAttribute('data-record') !== old || q('#confirm-end-yes'));
    if (yes !== true) click(yes);
  }
  await until(() => html.getAttribute('data-record') !== old);
  await settled();
  return html.getAttribute('data-record');
}"""
)
_ASKED_OR_CHANGED = """old => document.querySelector('#confirm-end-yes') ? 'asked'
  : document.documentElement.getAttribute('data-record') !== old ? 'ended' : false"""
_PANELS = """() => [...document.querySelectorAll('[data-panel-seat]')].map(p => Object.fromEntries(
  [...p.querySelectorAll('[data-field]')].map(f => [f.getAttribute('data-field'), f.textContent.trim()])))"""


def source_of(action: Action) -> str | None:
    """The contract's "Source of an action": what a player selects first."""
    if isinstance(action, PlaceCamel):
        return "supply"
    if isinstance(action, MoveCamel):
        return SQUARE_NAMES[action.frm]
    if isinstance(action, (PickUp, Steal)):
        return SQUARE_NAMES[action.at]
    if isinstance(action, MoveGood):
        return Good(action.good).letter + ("_" if action.under else "") + SQUARE_NAMES[action.frm]
    return None


def sources(legal: Iterable[Action]) -> dict[str, set[str]]:
    """Legal actions (as notation) by source; end turn has no source."""
    out: dict[str, set[str]] = {}
    for action in legal:
        key = source_of(action)
        if key is not None:
            out.setdefault(key, set()).add(str(action))
    return out


def attr(selector: str, name: str, value: str) -> str:
    """`selector[name="value"]` with the value quoted for CSS (notation has `$`, `>`, `+`)."""
    return f"{selector}[{name}={json.dumps(value)}]"


def board_of(game: Game) -> dict[str, tuple[list[str], str, int]]:
    """What the engine says is on every square, in the contract's terms
    (camels sorted, since only the multiset is the game's business)."""
    out: dict[str, tuple[list[str], str, int]] = {}
    for sq in range(SQUARES):
        camels = []
        for c in game.camels_at(sq):
            load = "" if c.good is None else ("_" if c.under else "") + c.good.letter
            camels.append(f"{c.seat + 1}{load}")
        loose = game.loose_at(sq)
        out[SQUARE_NAMES[sq]] = (
            sorted(camels),
            loose.letter if loose is not None else "",
            game.demand_at(sq),
        )
    return out


def panels_of(game: Game) -> list[dict[str, str]]:
    """What the engine says every player's panel shows."""
    out = []
    for line in game.score():
        out.append(
            {
                "supply": str(game.supply(line.seat)),
                "theft": str(game.theft_markers(line.seat)),
                "delivered": str(line.delivered),
                "demand": str(line.demand),
                "held": str(line.held),
                "penalty": str(line.penalty),
                "total": str(line.total),
            }
        )
    return out


class Driver:
    """One page showing a game; ``perform`` plays an action through clicks."""

    def __init__(self, page: Page, tapper: Callable[[Locator], None] | None = None) -> None:
        self.page = page
        # How a tap is made: Playwright's ``tap()``, or the caller's (bench/phone.py: a
        # finger's, held down before it lifts).
        self.tapper = tapper

    # ---------------------------------------------------------------- reading

    def record(self) -> str:
        text = self.page.evaluate(
            SETTLED + ".then(() => document.documentElement.getAttribute('data-record'))"
        )
        assert isinstance(text, str), "the page shows no data-record"
        return text

    def game(self) -> Game:
        return loads(self.record())

    def offered(self) -> dict[str, list[str]]:
        result: dict[str, list[str]] = self.page.evaluate(_OFFERED)
        return result

    def board(self) -> dict[str, tuple[list[str], str, int]]:
        raw: dict[str, list[Any]] = self.page.evaluate(_BOARD)
        out = {}
        for name, (camels, good, demand) in raw.items():
            assert camels is not None and good is not None and demand is not None, (
                f"square {name} lacks data-camels/data-good/data-demand (docs/UI-CONTRACT.md)"
            )
            out[name] = (sorted(c for c in camels.split(",") if c), good, int(demand))
        return out

    def panels(self) -> list[dict[str, str]]:
        result: list[dict[str, str]] = self.page.evaluate(_PANELS)
        return result

    # ---------------------------------------------------------------- acting

    def press(self, selector: str, *, tap: bool = False) -> None:
        """Click (or tap) the first element ``selector`` finds, and wait for nothing."""
        element = self.page.locator(selector).first
        if tap and self.tapper is not None:
            self.tapper(element)
        elif tap:
            element.tap()
        else:
            element.click()

    def select(self, source: str, *, tap: bool = False) -> None:
        """Select ``source``; a good that is not on the board is in its
        square's enlarged view, opened by the square (docs/UI-CONTRACT.md)."""
        if self.page.locator(attr("", "data-select", source)).count() == 0 and len(source) > 2:
            square = source[-2:]
            zoom = attr("#board ", "data-zoom", square)
            opener = zoom if self.page.locator(zoom).count() else attr("#board ", "data-select", square)
            self.press(opener, tap=tap)
            self.page.locator(attr("#square-view ", "data-select", source)).wait_for()
        self.press(attr("", "data-select", source), tap=tap)
        self.page.locator(attr(".selected", "data-select", source)).wait_for()

    def click_action(self, notation: str, *, tap: bool = False) -> str:
        """Click (or tap) the highlighted target and wait for the new record."""
        old = self.record()
        if notation != "end":
            self.press(attr(".target", "data-action", notation), tap=tap)
        else:
            self.press(attr("", "data-action", "end"), tap=tap)
            # Ending with actions left asks first (R6, docs/UI-CONTRACT.md): answer yes.
            self.page.wait_for_function(_ASKED_OR_CHANGED, arg=old)
            if self.page.evaluate("() => !!document.querySelector('#confirm-end-yes')"):
                self.press("#confirm-end-yes", tap=tap)
        self.page.wait_for_function(RECORD_CHANGED, arg=old)
        return self.record()

    def perform(self, action: Action, game: Game | None = None, *, tap: bool = False) -> Game:
        """Play ``action`` through the UI, checking on the way that the page
        offers exactly the engine's legal actions; returns the new position."""
        game = game if game is not None else self.game()
        legal = sources(game.legal_actions())
        notation = str(action)
        src = source_of(action)
        if src is not None and not isinstance(action, EndTurn):
            offered = self.offered()
            shown = set(offered["sources"])
            assert shown <= set(legal), f"sources the engine does not offer: {shown - set(legal)}"
            # A good the board has no room for is reached through its square.
            openers = shown | set(offered["zoom"])
            hidden = {k for k in set(legal) - shown if not (len(k) > 2 and k[-2:] in openers)}
            assert not hidden, f"sources the page does not offer: {hidden}"
            if offered["selected"] != [src]:  # selecting it again would clear it
                self.select(src, tap=tap)
            offered = self.offered()
            assert notation in offered["targets"], f"{notation} is not highlighted after selecting {src}"
            assert set(offered["targets"]) == legal[src], f"targets of {src} differ from the engine's"
            assert not offered["stray"], f"non-target board elements carry data-action: {offered['stray']}"
        after = loads(self.click_action(notation, tap=tap))
        assert len(after.history) == len(game.history) + 1, "one click must make exactly one action"
        assert str(after.history[-1].action) == notation, "the page played another action than clicked"
        return after

    def fast(self, action: Action, game: Game) -> Game:
        """Play ``action`` through the page's own click handlers in one round
        trip, without ``perform``'s checks of what is offered: for the long
        stretches of a game that only bring it to the moves a test is about.
        The page must have taken exactly that action."""
        after = loads(self.page.evaluate(_FAST_ACT, [source_of(action), str(action)]))
        _assert_taken(after, game, action)
        return after

    def fast_then(self, action: Action, game: Game, probe: str) -> tuple[Game, Any]:
        """``fast``, then ``probe`` (a page function of no argument) in the same
        page task, so that it sees what the action left before the browser
        draws a frame (animations just started, not yet run): one round trip
        for both. Returns the new position and what the probe returned."""
        script = f"async args => [await ({_FAST_ACT})(args), ({probe})()]"
        text, seen = self.page.evaluate(script, [source_of(action), str(action)])
        after = loads(text)
        _assert_taken(after, game, action)
        return after, seen


def _assert_taken(after: Game, game: Game, action: Action) -> None:
    """The page took exactly ``action`` from ``game``."""
    assert len(after.history) == len(game.history) + 1, f"{action} was not taken"
    assert str(after.history[-1].action) == str(action), f"the page played another action than {action}"


_OPEN_MENU = """css => { const menu = document.getElementById('game-menu'), el = document.querySelector(css);
  if (menu && el && menu.contains(el) && !menu.open && !el.checkVisibility()) {
    menu.querySelector('summary').click(); } }"""


def open_menu_for(page: Page, css: str) -> None:
    """Open the game screen's Menu (``details#game-menu``) when ``css`` is one of
    its tools and hidden in it (a phone upright), as a player taps Menu first."""
    page.evaluate(_OPEN_MENU, css)
