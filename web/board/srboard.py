"""The screen-reader board's state and section (issue 14): whether it is
shown, the grid's focused space, the actions listed from a space, the last
answer; the grid is web/board/grid.py's, the answers web/app/commands.py's.

It is a toggle in the game screen (``#sr-toggle``, first on the screen, so
it doubles as the skip link), remembered by the app worker (web/worker/driver.py). What it says goes
through ``#announcer`` (``Page.said``); the answer is also shown in
``#sr-answer``, which is not a live region of its own.
"""

from __future__ import annotations

from collections.abc import Callable

from caravan import Game
from caravan.actions import Action
from caravan.board import SQUARE_NAMES, parse_square
from web.app import commands
from web.app.services import Page
from web.board import grid
from web.words.i18n import _, capital, ngettext
from web.words.markup import esc
from web.words.phrases import cost_text, describe

# The grid's command keys (none of them a file letter a–g or a game shortcut); ? says the grid's keys.
KEYS = {"m": "camels", "o": "goods", "s": "scores", "t": "status", "l": "last", "?": "keys"}
START = parse_square("d4")  # the grid's first tab stop: the board's middle
LIST_KEYS = ("Home", "End")  # besides the digits, on the list of a space's actions


def grid_keys() -> str:
    """The grid's and the list's keys in words (``#sr-grid-keys``, and ``?`` on the grid)."""
    return _(
        "Arrow keys move; Home and End go to the row's ends; a letter a to g or a digit 1 to 7 "
        "jumps to that file or rank; Enter lists the actions at a space; M your camels, "
        "O the goods, S the scores, T whose turn and the bag, L the last turn, ? these keys. "
        "On the list, a number plays that action; Home and End go to its first and last."
    )


def item_focus(n: int) -> str:
    """The selector of the list's ``n``-th button (from 1)."""
    return f"#sr-actions li:nth-child({n}) button"


class SrBoard:
    """The toggle's state and what the grid and the commands hold between updates."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.on = False
        self.at = START
        self.listed: int | None = None  # the space whose actions the list shows
        self.answer = ""
        self.digits = ""  # the number being typed on the list (a list of ten or more)
        self.confirm: Action | None = None  # a typed move costing 2 actions, asked about (R7)
        # What is said instead of listing or playing while the player cannot act
        # (a bot's turn): empty when the player to move is at this screen (web/app/game_screen.py).
        self.waiting: Callable[[], str] = lambda: ""

    def toggle(self) -> None:
        """``#sr-toggle``: shown or hidden; focus goes to the grid, or back to the toggle."""
        self.on = not self.on
        self.page.focus = self.cell_focus() if self.on else "#sr-toggle"

    def cell_focus(self) -> str:
        return f'[data-cell="{SQUARE_NAMES[self.at]}"]'

    def go(self, cell: str) -> None:
        """The grid's focus moved (the page moves it, web/page/keys.py, without a redraw)."""
        self.at = parse_square(cell)

    def say(self, text: str) -> None:
        self.answer = text
        if text:
            self.page.said.append(text)

    def list_actions(self, game: Game, cell: str) -> None:
        """Enter on a cell: its actions numbered, said, and the list focused (or the cell, if none)."""
        self.go(cell)
        self.digits = ""
        waiting = self.waiting()
        if waiting:
            self.listed = None
            self.say(waiting)
            self.page.focus = self.cell_focus()
            return
        self.listed = self.at
        self.say(commands.listing(game, self.at))
        found = commands.actions_from(game, self.at)
        self.page.focus = "#sr-actions button" if found else self.cell_focus()

    def key(self, game: Game, key: str) -> bool:
        """A command key pressed on the grid; True when it was one."""
        name = KEYS.get(key.lower()) if len(key) == 1 else None
        if name is None:
            return False
        if name == "keys":
            self.say(grid_keys())
        else:
            self.say(commands.answer(game, name, at=self.at, listed=self.listed_actions(game)).said)
        self.page.focus = self.cell_focus()
        return True

    def list_key(self, game: Game, key: str, at: int) -> Action | None:
        """A key on the list of a space's actions, focus on its ``at``-th button
        (from 1): Home and End go to its ends; a digit plays that action, or,
        on a list of ten or more, waits for a second digit while one could
        follow (focus on the action so far: Enter plays it). Returns the action to play."""
        found = self.listed_actions(game)
        n = len(found)
        if not n:
            return None
        if key in LIST_KEYS:
            self.digits = ""
            self.page.focus = item_focus(1 if key == "Home" else n)
            return None
        if len(key) != 1 or not key.isdigit():
            return None
        typed = self.digits + key
        if typed.startswith("0") or int(typed) > n:
            typed = key
        if typed == "0" or int(typed) > n:
            self.digits = ""
            self.say(ngettext("The list has {n} action.", "The list has {n} actions.", n=n))
            self.page.focus = item_focus(max(1, min(at, n)))
            return None
        if int(typed) * 10 <= n:  # a second digit may follow: show where the number is so far
            self.digits = typed
            self.page.focus = item_focus(int(typed))
            return None
        self.digits = ""
        return found[int(typed) - 1]

    def command(self, game: Game, text: str) -> Action | None:
        """The command field's text: its answer said, or the action to play
        (the engine found it legal; the caller plays it through the game screen).
        A typed move costing 2 actions is asked about first: sent again (or
        ``yes``), it is played."""
        self.page.focus = "#sr-command"
        pending, self.confirm = self.confirm, None
        again = pending is not None and str(pending) in (text.strip(), commands.forgiven(text))
        if pending is not None and (again or commands.is_yes(text)) and game.why_illegal(pending) is None:
            return pending
        got = commands.answer(game, text, at=self.at, listed=self.listed_actions(game))
        waiting = self.waiting()
        if waiting and (got.play is not None or got.confirm is not None or got.listed is not None):
            self.say(waiting)
            return None
        if got.listed is not None:
            self.listed = got.listed
            self.digits = ""
        self.confirm = got.confirm
        self.say(got.said)
        return got.play

    def listed_actions(self, game: Game) -> list[Action]:
        return [] if self.listed is None else [a for a, _c in commands.actions_from(game, self.listed)]

    def played(self) -> None:
        """An action was played (anyone's): the list and the answer are out of date."""
        self.listed = None
        self.answer = ""
        self.digits = ""
        self.confirm = None

    def toggle_markup(self) -> str:
        pressed = "true" if self.on else "false"
        return (
            f'<p id="sr-toggle-box"><button type="button" id="sr-toggle" aria-pressed="{pressed}">'
            f"{esc(_('Screen-reader board'))}</button></p>"
        )

    def markup(self, game: Game, *, playing: bool) -> str:
        """The section: the toggle, and when on the grid, the keys, the list
        and (while the game is played) the command field."""
        if not self.on:
            return self.toggle_markup()
        keys = grid_keys()
        out = [
            self.toggle_markup(),
            '<section id="sr-board" aria-labelledby="sr-board-title">',
            f'<h2 id="sr-board-title">{esc(_("The board, space by space"))}</h2>',
            f'<p id="sr-grid-keys">{esc(keys)}</p>',
            grid.grid_markup(game, self.at),
        ]
        if playing:
            out.append(self._list_markup(game))
            out.append(
                '<div id="sr-command-box">'
                f'<label for="sr-command">{esc(_("Command or move"))}</label> '
                '<input id="sr-command" type="text" autocomplete="off" autocapitalize="off" '
                'spellcheck="false" aria-describedby="sr-command-help">'
                f' <button type="button" id="sr-send">{esc(_("Send"))}</button>'
                f'<p id="sr-command-help">{esc(commands.help_text())}</p>'
                f'<p id="sr-answer">{esc(self.answer)}</p></div>'
            )
        out.append("</section>")
        return "".join(out)

    def _list_markup(self, game: Game) -> str:
        if self.listed is None:
            return ""
        found = commands.actions_from(game, self.listed)
        if not found:
            return ""
        title = _("Actions at {square}", square=SQUARE_NAMES[self.listed])
        items = "".join(
            f'<li><button type="button" data-action="{esc(str(a))}">'
            f"{i}. {esc(capital(describe(game, a)))} ({esc(cost_text(c))})</button></li>"
            for i, (a, c) in enumerate(found, 1)
        )
        return (
            f'<h3 id="sr-actions-title">{esc(title)}</h3>'
            f'<ol id="sr-actions" aria-labelledby="sr-actions-title">{items}</ol>'
        )
