""" "Since your turn": what the other players did since the person watching
last played, in a line per player near the banner and as marks on the board.

After the bots (or the other people at a hot-seat table) have played, the
person to move reads one line per player ("Player 2: delivered salt to
Timbuktu (+4) and moved 2 camels."), the terminal's ``turn_summary``
(caravan/summary.py), and sees every action of those turns on the board: a
badge in that player's colour holding the seat's number (told apart without
colour too; the player's line starts with the same badge). The last refill
(R13) is said on the board for a moment too (``refill_said``).

Who watches: the person to move, else the person who played last (a bot
plays meanwhile: its turn so far is added action by action); in a game of
bots only (watch mode), each seat's latest turn. The person's own turn in
progress is passed over: the summary stays until they end it. The turns'
events are replayed from the record on a copy (R13's draws included, I11),
once per position and language.
"""

from __future__ import annotations

import textwrap

from caravan import events as ev
from caravan.board import SQUARE_NAMES
from caravan.errors import CaravanError
from caravan.game import Game, Step
from caravan.summary import turn_summary
from web.app.hint_view import acts_on
from web.board.board_pieces import CELL, MARGIN, MIN_TEXT_PX, PAD, TOKENS_Y, cell_origin, seat_badge, tokens
from web.words.i18n import _, lang, words
from web.words.markup import esc
from web.words.phrases import refill_lines

Turn = tuple[int, list[Step]]  # the index in the history of the turn's first step, its steps


def watcher(game: Game) -> int | None:
    """The person whose view the summary takes: the person to move, else the
    person who acted last; None in a game of bots only, or before any person acted."""
    players = game.options.players
    if players[game.seat].bot is None and not game.is_over():
        return game.seat
    for step in reversed(game.history):
        if players[step.seat].bot is None:
            return step.seat
    return None


def since_turns(game: Game) -> list[Turn]:
    """The turns (or a bot's turn so far) played since the watcher's last
    turn, oldest first; with nobody watching (bots only), each seat's latest
    turn, at most one per seat (R5: the turns go round the table)."""
    me = watcher(game)
    history = game.history
    i = len(history)
    if me is not None and not game.is_over():
        while i and history[i - 1].seat == me and history[i - 1].turn == game.turn:
            i -= 1  # the watcher's own turn in progress: the summary stays until it ends
    turns: list[Turn] = []
    while i:
        step = history[i - 1]
        if step.seat == me:
            break
        if turns and history[turns[-1][0]].turn == step.turn:
            turns[-1] = (i - 1, [step, *turns[-1][1]])
        elif any(s[0].seat == step.seat for _i, s in turns):
            break  # round the table once: this seat's latest turn is in already
        else:
            turns.append((i - 1, [step]))
        i -= 1
    return turns[::-1]


def _events(game: Game, turns: list[Turn]) -> list[list[ev.Event]] | None:
    """Each turn's events, replayed on a copy from where the first began
    (with the goods it drew, I11; the turns follow one another); None if the
    record cannot be replayed (a game ended by agreement, I10, is not undone)."""
    if not turns:
        return []
    try:
        copy = game.copy()
        for _step in range(len(game.history) - turns[0][0]):
            copy.pop()
        out: list[list[ev.Event]] = []
        for _first, steps in turns:
            told: list[ev.Event] = []
            for step in steps:
                told.extend(copy.push_recorded(step.action, step.draws))
            out.append(told)
        return out
    except (CaravanError, IndexError):
        return None


REFILL_SAID_MS = 3600  # the CSS's plate: 0.3 s in, 3.2 s shown and faded (web/caravan.css)


class Seen:
    """The summary of a position, worked out once (the game screen is drawn
    after every click; the position changes only with an action)."""

    def __init__(self) -> None:
        self._key: tuple[object, ...] = ()
        # What the summary was worked out from: compared by value, and by identity.
        self._plain: tuple[object, ...] = ()
        self._held: list[object] = []
        self._lines: list[tuple[int, str]] = []
        self._squares: list[tuple[int, int]] = []
        self._refill: tuple[int, Step, ev.Refilled, int] | None = None  # index, step, event, when shown

    def update(self, game: Game) -> None:
        last = game.history[-1] if game.history else None
        key = (id(game), len(game.history), id(last), lang(), words())
        if key == self._key:
            return
        self._key = key
        turns = since_turns(game)
        # The same turns as the last time (the watcher plays on in their own
        # turn): the summary stands. Steps are compared by identity, each push
        # (a redo too) makes a new one: the same steps are the same history
        # up to them, whose replay (``_events``) is the same. The list holds
        # them, so that no id is reused.
        plain = (lang(), game.options, game.is_over(), tuple((first, len(steps)) for first, steps in turns))
        held = [game, words(), *(step for _first, steps in turns for step in steps)]
        if (
            plain == self._plain
            and len(held) == len(self._held)
            and all(a is b for a, b in zip(held, self._held, strict=True))
        ):
            return
        self._plain, self._held = plain, held
        told = _events(game, turns)
        self._lines = []
        self._squares = []
        for k, (_first, steps) in enumerate(turns):
            seat = steps[0].seat
            if told is not None:
                self._lines.append((seat, turn_summary(game, seat, told[k], words())))
            for step in steps:
                square = acts_on(step.action)
                if square is not None and (seat, square) not in self._squares:
                    self._squares.append((seat, square))

    def refilled(self, game: Game, refill: ev.Refilled, now_ms: int) -> None:
        """The action just played (``game.history[-1]``) made ``refill`` (R13), shown at ``now_ms``."""
        self._refill = (len(game.history) - 1, game.history[-1], refill, now_ms)

    def refill(self, game: Game, now_ms: int) -> tuple[int, ev.Refilled] | None:
        """The refill played here less than ``REFILL_SAID_MS`` ago, with the
        index of its action, while that action is still in the game (an undo
        takes it back; a game opened or reloaded says none)."""
        if self._refill is None:
            return None
        at, step, refill, shown = self._refill
        history = game.history
        if now_ms - shown >= REFILL_SAID_MS or at >= len(history) or history[at] is not step:
            return None
        return at, refill

    def lines(self, game: Game) -> list[tuple[int, str]]:
        """(seat, line) per turn since the watcher's last, oldest first."""
        self.update(game)
        return self._lines

    def squares(self, game: Game) -> list[tuple[int, int]]:
        """(seat, square) where those turns acted, once each, in the order played."""
        self.update(game)
        return self._squares


def seat_disc(game: Game, seat: int) -> str:
    """The seat's number on a disc of its colour: the summary's lines and
    the board's marks start with it, so they are matched without colour."""
    badge = seat_badge(seat, game.options.players[seat].colour, 10, 10, 13)
    return (
        f'<svg class="icon seen-disc board-art" viewBox="0 0 20 20" aria-hidden="true">'
        f'<g class="seen-mark">{badge}</g></svg>'
    )


def since_markup(game: Game, seen: Seen, *, side: bool = False) -> str:
    """``#since-turn``: a line per player since the watcher's last turn
    (``li[data-seat]``), under the banner; "" when there is none. The page
    holds it twice, under the banner (a phone held upright) and, with
    ``side``, ``#since-turn-side`` atop the side column (wider screens):
    the CSS shows one."""
    lines = seen.lines(game)
    if not lines:
        return ""
    me = watcher(game)
    title = _("Since your turn") if me is not None else _("Last turns")
    if me is not None and _people(game) > 1:
        title = _("Since {name}'s turn", name=words().name(game, me))
    items = "".join(
        f'<li data-seat="{seat}">{seat_disc(game, seat)}<span>{esc(line)}</span></li>' for seat, line in lines
    )
    key, where = ("since-turn-side", "since-side") if side else ("since-turn", "since-top")
    return (
        f'<section id="{key}" class="since {where}" aria-labelledby="{key}-title">'
        f'<h2 id="{key}-title" class="since-title">{esc(title)}</h2><ul>{items}</ul></section>'
    )


def _people(game: Game) -> int:
    return sum(p.bot is None for p in game.options.players)


def seen_marks(game: Game, seen: Seen, *, unit_px: float = 1.0) -> str:
    """``g.seen-marks``: the seat's badge (its number on a rounded square of
    its colour, web/board/board_pieces.py ``seat_badge``) on each square
    those turns acted on (``g.seen-mark[data-seat][data-on-square]``), at
    the square's right edge, from the bottom up (clear of the camels, and of
    a hint's numbered steps at the bottom left). Hidden from screen readers:
    the summary says it."""
    squares = seen.squares(game)
    if not squares:
        return ""
    size = max(15.0, MIN_TEXT_PX / max(unit_px, 0.05))
    half = size * 0.62 + 2  # the badge's half side with its edge
    count: dict[int, int] = {}
    out = ['<g class="seen-marks" aria-hidden="true">']
    for seat, square in squares:
        k = count.get(square, 0)
        count[square] = k + 1
        x, y = cell_origin(square)
        # The right third of the square, bottom up: free of camels unless three
        # or more stand there (they fill the bottom row: then above them).
        low = y + (CELL if len(tokens(game, square)) < 3 else TOKENS_Y)
        cx = x + CELL - half - 1
        cy = max(low - half - 1 - k * (2 * half), y + half)
        badge = seat_badge(seat, game.options.players[seat].colour, cx, cy, size)
        out.append(
            f'<g class="seen-mark" data-seat="{seat}" data-on-square="{SQUARE_NAMES[square]}">{badge}</g>'
        )
    out.append("</g>")
    return "".join(out)


def refill_said(game: Game, seen: Seen, now_ms: int, *, unit_px: float = 1.0) -> str:
    """``g.refill-said``: the last refill (R13) said on the board for a
    moment (the CSS fades it in and out; under reduced motion it is not
    drawn: the log says it): each square that got a good or a demand marker
    flashes (``rect.refill-flash``) and a plate over the board's middle says
    which good went where and where the demand markers went
    (web/words/phrases.py ``refill_lines``). The same markup for the
    animation's length (``REFILL_SAID_MS``), whatever is played meanwhile,
    so that the page leaves it, and its animation, in place."""
    got = seen.refill(game, now_ms)
    if got is None:
        return ""
    at, refill = got
    out = [f'<g class="refill-said" data-refill-at="{at}" aria-hidden="true">']
    for square in sorted({*refill.marked, *(sq for sq, _good in refill.placed)}):
        x, y = cell_origin(square)
        out.append(
            f'<rect class="refill-flash" data-on-square="{SQUARE_NAMES[square]}" x="{x + 4}" y="{y + 4}" '
            f'width="{CELL - 8}" height="{CELL - 8}" rx="10"/>'
        )
    size = max(22.0, MIN_TEXT_PX / max(unit_px, 0.05))
    width_units = 7 * CELL
    per_row = max(12, int((width_units - 3 * size) / (0.55 * size)))
    rows = [row for line in refill_lines(refill) for row in _packed(line, per_row)]
    line_h = size * 1.25
    width = min(width_units - 10, max(len(r) for r in rows) * 0.55 * size + 2 * size)
    height = (len(rows) + 0.6) * line_h
    cx, top = MARGIN + width_units / 2, PAD + 3.5 * CELL - height / 2
    out.append(
        f'<g class="said-plate"><rect x="{cx - width / 2:.1f}" y="{top:.1f}" width="{width:.1f}" '
        f'height="{height:.1f}" rx="12"/>'
    )
    out.extend(
        f'<text x="{cx:.1f}" y="{top + (i + 0.8) * line_h:.1f}" font-size="{size:.1f}">{esc(row)}</text>'
        for i, row in enumerate(rows)
    )
    out.append("</g></g>")
    return "".join(out)


def _packed(line: str, width: int) -> list[str]:
    """``line`` in rows of about ``width`` characters, broken after a comma
    ("salt on c6, cloth on f5"), a word only where one item is too long."""
    rows: list[str] = []
    for item in line.split(", "):
        if rows and len(rows[-1]) + 2 + len(item) <= width:
            rows[-1] += ", " + item
        else:
            if rows:
                rows[-1] += ","
            rows.extend(textwrap.wrap(item, width) or [""])
    return rows
