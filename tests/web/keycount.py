"""Key presses a keyboard player needs per action on the page's game screen,
counted on the app's own views (CPython): arrows between the board's
choices as web/board/keynav.py moves them (the fewest, found breadth first), Tab
to and from the board's one tab stop, Enter to select and to act, and the
shortcuts P (place a camel) and E (end turn, Y to confirm). The e2e test
(e2e/test_keyboard.py) presses the real keys in the page."""

from __future__ import annotations

import re
from collections import deque

from caravan.actions import Action, EndTurn
from web.app.app import App
from web.app.selection import SUPPLY, source_of
from web.app.view import View
from web.board import keynav

_FOCUSABLE = re.compile(r"<(button|select|summary|ul|section|div|g|input)\b([^>]*)>")


def _tab_stops(markup: str) -> list[str]:
    """The tab stops of a screen's markup in order, as ``id``/key strings."""
    out = []
    for tag, attrs in _FOCUSABLE.findall(markup):
        if " disabled" in attrs or 'tabindex="-1"' in attrs:
            continue
        if tag in ("button", "select", "summary") or 'tabindex="0"' in attrs:
            m = re.search(r'\s(?:id|data-select|data-action|data-zoom)="([^"]*)"', attrs)
            out.append(m.group(1) if m else tag)
    return out


def _key_of(css: str | None) -> str | None:
    if css is None:
        return None
    if css.startswith("#") and "[" not in css:
        return css[1:]
    m = re.search(r'="([^"]*)"\]', css)
    return m.group(1) if m else css


def _arrows(items: list[keynav.Item], start: str, goal: str) -> int | None:
    """Fewest arrow presses from one board choice to another (None: unreachable)."""
    seen = {start: 0}
    todo = deque([start])
    while todo:
        here = todo.popleft()
        if here == goal:
            return seen[here]
        for key in keynav.ARROWS:
            nxt = keynav.step(items, here, key)
            if nxt is not None and nxt.css not in seen:
                seen[nxt.css] = seen[here] + 1
                todo.append(nxt.css)
    return None


def _reach(app: App, view: View, want: str) -> int:
    """Presses to move focus from ``view.focus`` (a selector) to the element whose
    key (``id``, source key or notation) is ``want``; ``view`` is ``app.view()``
    of the state as it is (the board's items are that view's)."""
    focus = view.focus
    items = app.play.board_items
    board = {i.value: i.css for i in keynav.reachable(items)}
    here = _key_of(focus)
    if here == want:
        return 0
    stops = _tab_stops(view.markup)
    tab_board = next((s for s in stops if s in {i.value for i in items}), None)  # its one tab stop
    if want in board:
        start = board.get(here or "") if here in board else None
        extra = 0
        if start is None:  # from outside the board: Tab (or Shift+Tab) to its one stop
            if here in stops and tab_board in stops:
                extra = abs(stops.index(here) - stops.index(tab_board))
            else:
                extra = 1
            start = next(i.css for i in items if i.value == tab_board)
        n = _arrows(items, start, board[want])
        assert n is not None, f"{want} cannot be reached with the arrow keys from {start}"
        return extra + n
    assert want in stops, f"{want} is neither on the board nor a tab stop"
    origin = here if here in stops else tab_board
    assert origin is not None
    return abs(stops.index(origin) - stops.index(want))


def presses(app: App, action: Action) -> int:
    """Play ``action`` on ``app`` counting the key presses it takes from
    where focus is now (the view's focus: where the last update put it)."""
    assert app.game is not None
    notation = str(action)
    if isinstance(action, EndTurn):
        n = 1  # Enter on #end-turn, or E anywhere
        app.act("end")
        if app.confirming:
            n += 1  # Y
            app.confirm_end(True)
        return n
    src = source_of(action)
    assert src is not None
    n = 0
    # The screen is drawn (app.view(), the board's items with it) once for each
    # state a step leaves, not for every count: a view is most of the test's time.
    if src == SUPPLY:
        n += 1  # P anywhere, or Enter on the supply
        app.select(SUPPLY)
        view = app.view()
    else:
        view = app.view()
        drawn = {i.value for i in app.play.board_items}
        if src not in drawn:  # a good on a crowded square: in its enlarged view
            square = src[-2:]
            n += _reach(app, view, square) + 1
            if square in app.sel.sources:
                app.select(square)
            else:
                app.open_zoom(square)
            view = app.view()
        n += _reach(app, view, src) + 1
        if app.sel.selected != src:
            app.select(src)
            view = app.view()
    n += _reach(app, view, notation) + 1
    app.act(notation)
    return n
