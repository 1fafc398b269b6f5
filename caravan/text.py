"""The game as plain text: the board, the status line, events and scores.

Kept apart from the terminal loop so that logs, tests and any other text
front end print the same words; the words themselves (events, goods,
refusals) are ``caravan.words``, shared with the page. Every function takes
the ``Words`` of the language to print (English by default). Standard
library only, like the engine. It reads the game only through the public
API (docs/API.md), as any caller outside the engine would:
``tests/test_api.py`` checks it.
"""

from __future__ import annotations

import gettext
import textwrap
from collections.abc import Sequence

from . import events as ev
from .board import CITY_NAMES, FILES, NUMBER_OF, SIZE, SQUARE_NAMES
from .errors import CaravanError
from .game import Game, ScoreLine, Step
from .goods import ALL_GOODS, city_wants
from .quote import visible
from .state import Camel
from .summary import turn_summary as turn_summary
from .words import Words

ENGLISH = Words(gettext.NullTranslations())

CELL = 9  # characters inside one square


def legend(w: Words = ENGLISH) -> str:
    """What the board's marks mean, and the goods' letters."""
    goods = ", ".join(f"{g.letter} {w.good(g)}" for g in ALL_GOODS)
    return "\n".join(
        [
            w._("Squares: #n numbered space, Cit:X city wanting good X, [X] loose good, *n demand markers."),
            w._(
                "Camels: seat number, then the good it carries: 2 unladen, 2I ivory on top, "
                "2i ivory under (stolen)."
            ),
            w._("Goods: {goods}.", goods=goods),
        ]
    )


def city_label(square: int, w: Words = ENGLISH) -> str:
    """``Mar:I``: the city's short label (about three letters) and the good it wants (R12)."""
    want = city_wants(square)
    if want is None:
        raise ValueError(f"{SQUARE_NAMES[square]} is not a city")
    return f"{w.city_short(square)}:{want.letter}"


def camel_token(camel: Camel) -> str:
    """Seat number and load; lower case marks a good under the camel (R10)."""
    if camel.good is None:
        return str(camel.seat + 1)
    letter = camel.good.letter
    return f"{camel.seat + 1}{letter.lower() if camel.under else letter}"


def _wrap(tokens: list[str], width: int) -> list[str]:
    lines: list[str] = []
    for t in tokens:
        if lines and len(lines[-1]) + 1 + len(t) <= width:
            lines[-1] += " " + t
        else:
            lines.append(t)
    return lines or [""]


WIDTH = 80  # a terminal's columns: no line of the board, the players or the status is longer
HEIGHT = 24  # a terminal's lines: the board, the players, the status and the prompt fit in them


def _cell(game: Game, square: int, w: Words) -> list[str]:
    """A square's marks, packed into lines of CELL characters: its label, the loose
    good, the demand markers, then the camels by seat (a crowded square takes two)."""
    tokens = []
    if square in CITY_NAMES:
        tokens.append(city_label(square, w))
    elif square in NUMBER_OF:
        tokens.append(f"#{NUMBER_OF[square]}")
    good = game.loose_at(square)
    if good is not None:
        tokens.append(f"[{good.letter}]")
    markers = game.demand_at(square)
    if markers:
        tokens.append(f"*{markers}")
    tokens.extend(camel_token(c) for c in game.camels_at(square))
    return _wrap(tokens, CELL)


def _border(with_files: bool) -> str:
    if not with_files:
        return "  " + ("+" + "-" * CELL) * SIZE + "+"
    return "  " + "".join("+" + f.center(CELL, "-") for f in FILES) + "+"


def board_lines(game: Game, w: Words = ENGLISH, *, height: int | None = None) -> list[str]:
    """The 7x7 board, rank 7 at the top as in the rules' diagram, the files in the
    top and bottom borders, the ranks at both sides; at most 76 columns. Every rank
    is ruled off from the next unless that makes the board taller than ``height``."""
    ranks = []
    for rank in range(SIZE - 1, -1, -1):
        cells = [_cell(game, rank * SIZE + f, w) for f in range(SIZE)]
        rows = []
        for row in range(max(len(c) for c in cells)):
            label = str(rank + 1) if row == 0 else " "
            body = "".join("|" + (c[row] if row < len(c) else "").ljust(CELL)[:CELL] for c in cells)
            rows.append(f"{label} {body}| {label}".rstrip())
        ranks.append(rows)
    ruled = sum(len(r) for r in ranks) + SIZE + 1
    rule = height is None or ruled <= height
    lines = [_border(True)]
    for i, rows in enumerate(ranks):
        if rule and i:
            lines.append(_border(False))
        lines.extend(rows)
    lines.append(_border(True))
    return lines


def render(game: Game, w: Words = ENGLISH, *, height: int | None = None) -> str:
    """The board, then the players' table: what the terminal redraws after each
    action. With ``height``, the board drops its rules between ranks if the whole
    would be taller than that; every line is at most WIDTH columns."""
    players = players_table(game, w)
    board = board_lines(game, w, height=None if height is None else height - len(players))
    return "\n".join([*board, *players])


def player_name(game: Game, seat: int, w: Words = ENGLISH) -> str:
    """The seat's name with any control character made visible (names can come from files)."""
    return visible(w.name(game, seat))


def _delivered(game: Game, seat: int) -> str:
    """ "I1 S2": a good's letter and how many were delivered, in one form at any count
    (letters repeated, "ISS", grew too long to read and changed form halfway through a game)."""
    return " ".join(f"{g.letter}{n}" for g, n in game.deliveries(seat).items() if n)


def players_table(game: Game, w: Words = ENGLISH, width: int = WIDTH) -> list[str]:
    """One line per player under a heading: seat, name and colour, camels in supply,
    theft markers, demand markers, goods held, score and the goods delivered. The
    columns are as wide as their heading in the language shown; a long name is cut
    with an ellipsis so that no line is wider than ``width``."""
    heads = [
        # Translators: the headings of the terminal's table of players, short words:
        # camels in supply, theft markers, demand markers held, goods held, score, goods delivered.
        w.pgettext("players table", "camels"),
        w.pgettext("players table", "theft"),
        w.pgettext("players table", "demand"),
        w.pgettext("players table", "held"),
        w.pgettext("players table", "score"),
    ]
    delivered_head = w.pgettext("players table", "delivered")
    rows: list[tuple[int, list[str], str]] = []
    for line in game.score():
        seat = line.seat
        values = [game.supply(seat), game.theft_markers(seat), line.demand, line.held, line.total]
        rows.append((seat, [str(v) for v in values], _delivered(game, seat) or "-"))
    widths = [max(len(h), *(len(r[1][i]) for r in rows)) for i, h in enumerate(heads)]
    numbers = sum(x + 1 for x in widths)
    tail = max(len(delivered_head), *(len(r[2]) for r in rows))
    name_width = max(8, min(24, width - 2 - numbers - 1 - tail))

    def fit(text: str) -> str:
        return text if len(text) <= name_width else text[: name_width - 1] + "\u2026"

    def cells(values: list[str]) -> str:
        return "".join(" " + v.rjust(x) for v, x in zip(values, widths, strict=True))

    out = [
        "  "
        + fit(w.pgettext("players table", "player")).ljust(name_width)
        + cells(heads)
        + " "
        + delivered_head
    ]
    for seat, row, delivered in rows:
        colour = visible(w.colour(game.options.players[seat].colour))
        who = fit(f"{player_name(game, seat, w)} ({colour})")
        out.append(f"{seat + 1} {who.ljust(name_width)}{cells(row)} {delivered}"[:width].rstrip())
    return [line[:width].rstrip() for line in out]


def player_line(game: Game, line: ScoreLine, w: Words = ENGLISH) -> str:
    """One player's seat, name, colour, supply, markers, deliveries and score, as a sentence."""
    seat = line.seat
    p = game.options.players[seat]
    delivered = "".join(g.letter * n for g, n in game.deliveries(seat).items())
    return w._(
        "{seat} {name} ({colour}): {supply} in supply, {theft}, {demand}, delivered {delivered}, "
        "holding {held}; score {total}",
        seat=seat + 1,
        name=player_name(game, seat, w),
        colour=visible(w.colour(p.colour)),
        supply=w.ngettext("{n} camel", "{n} camels", n=game.supply(seat)),
        theft=w.ngettext("{n} theft marker", "{n} theft markers", n=game.theft_markers(seat)),
        demand=w.ngettext("{n} demand marker", "{n} demand markers", n=line.demand),
        # Translators: what a player has delivered when it is nothing yet.
        delivered=delivered or w.pgettext("delivered", "nothing"),
        held=w.ngettext("{n} good", "{n} goods", n=line.held),
        total=line.total,
    )


def wrapped(text: str, width: int = WIDTH) -> list[str]:
    """``text``'s lines broken at spaces to at most ``width`` columns, later parts indented."""
    out: list[str] = []
    for line in text.split("\n"):
        out.extend(textwrap.wrap(line, width, subsequent_indent="  ", break_on_hyphens=False) or [""])
    return out


def status_lines(game: Game, w: Words = ENGLISH, width: int = WIDTH) -> list[str]:
    """The status in lines of at most ``width`` columns, broken between its parts
    (whose turn | the bag | the end) where it can, not inside a phrase."""
    parts = status(game, w).split(" | ")
    lines: list[str] = []
    for part in parts:
        if lines and len(lines[-1]) + 3 + len(part) <= width:
            lines[-1] += " | " + part
        elif lines and len(part) + 2 <= width:
            lines.append("  " + part)
        else:
            lines.extend(wrapped(part, width) if not lines else wrapped("  " + part, width))
    return lines


def status(game: Game, w: Words = ENGLISH) -> str:
    """Whose turn, actions left, the bag, and whether the end is near (R14)."""
    bag = w.ngettext("bag: {n} good", "bag: {n} goods", n=game.bag_count)
    if game.end_triggered():
        end = w._("end triggered: the next delivery ends the game")
    else:
        end = w._("end not triggered")
    outcome = game.outcome()
    if outcome is not None:
        return w._(
            "Game over. {reason} {winners} | {bag}",
            reason=w.reason(outcome.reason),
            winners=w.winners(game, outcome.winners),
            bag=bag,
        )
    return w._(
        "Turn {turn}: {name} (seat {seat}) to play, {left} | {bag} | {end}",
        turn=game.turn,
        name=player_name(game, game.seat, w),
        seat=game.seat + 1,
        left=w.ngettext("{n} action left", "{n} actions left", n=game.left),
        bag=bag,
        end=end,
    )


def actions_count(n: int, w: Words = ENGLISH) -> str:
    """ "1 action", "2 actions": for costs and actions left."""
    return w.cost(n)


def event_text(game: Game, event: ev.Event, w: Words = ENGLISH) -> str:
    """One event in plain words, as a sentence; game over adds the ranking."""
    return _sentence(game, event, w.event(game, event), w)


def events_text(game: Game, events: Sequence[ev.Event], w: Words = ENGLISH) -> list[str]:
    """An action's events as sentences, a good's move and its delivery in one (``Words.lines``)."""
    return [_sentence(game, event, line, w) for event, line in w.lines(game, events)]


def _sentence(game: Game, event: ev.Event, line: str, w: Words) -> str:
    text = visible(line)
    if isinstance(event, ev.GameOver):
        return "\n".join([text, *ranking_lines(game, w)])
    return text + ("" if text.endswith((".", "!", "?")) else ".")


def score_line(game: Game, line: ScoreLine, w: Words = ENGLISH) -> str:
    """R15/R16 for one player."""
    return w._(
        "{name}: rare goods {rare} + common goods {common} + demand markers {demand} - penalty {penalty} "
        "({held} held) = {total}; {delivered} delivered",
        name=player_name(game, line.seat, w),
        rare=line.rare,
        common=line.common,
        demand=line.demand,
        penalty=line.penalty,
        held=w.ngettext("{n} good", "{n} goods", n=line.held),
        total=line.total,
        delivered=w.ngettext("{n} good", "{n} goods", n=line.delivered),
    )


def ranking_lines(game: Game, w: Words = ENGLISH) -> list[str]:
    """The final ranking, one line per player, best first (R17)."""
    return [f"  {place}. {score_line(game, line, w)}" for place, line in game.ranking()]


def last_turns(game: Game) -> list[list[Step]]:
    """The turns the seat to move has not played itself since its last one, oldest
    first, each with its steps: the other players' last turns (R5); once the game
    is over, the last turn of every player (R14)."""
    me = None if game.is_over() else game.seat
    turns: list[list[Step]] = []
    for step in reversed(game.history):
        if not game.is_over() and step.turn >= game.turn:
            continue  # the turn being played
        if turns and turns[-1][0].turn == step.turn:
            turns[-1].insert(0, step)
            continue
        if step.seat == me or any(t[0].seat == step.seat for t in turns):
            break
        turns.append([step])
    return turns[::-1]


def last_turns_lines(game: Game, w: Words = ENGLISH) -> list[str]:
    """``last_turns`` in words, each action in notation then what it did, the
    refills (R13) with it: replayed on a copy with the goods it drew, so that
    each sentence is said of the position it was played in."""
    turns = last_turns(game)
    if not turns:
        return [w._("No turn has been played yet.")]
    steps = [s for turn in turns for s in turn]
    history = game.history
    lines: list[str] = []
    try:
        copy = game.copy()
        for _ in range(len(history) - history.index(steps[0])):
            copy.pop()
        told = [events_text(copy, copy.push_recorded(s.action, s.draws), w) for s in steps]
    except (CaravanError, IndexError):  # a game ended by agreement (I10) is not undone: notation alone
        told = [[] for _ in steps]
    said = iter(told)
    for turn in turns:
        # Translators: the heading of one turn in the terminal's "last" command.
        lines.append(w._("Turn {turn}, {name}:", turn=turn[0].turn, name=player_name(game, turn[0].seat, w)))
        for step in turn:
            lead = f"  {step.action!s:<9} "
            pad = " " * len(lead)
            parts = [part for sentence in next(said) for part in sentence.split("\n")] or [""]
            for k, part in enumerate(parts):
                first = lead if k == 0 else pad
                wrapped_part = textwrap.wrap(part, WIDTH, initial_indent=first, subsequent_indent=pad)
                lines.extend(wrapped_part or [first.rstrip()])
    return lines
