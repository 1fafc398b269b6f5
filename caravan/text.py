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
from collections.abc import Sequence

from . import events as ev
from .board import CITY_NAMES, FILES, NUMBER_OF, SIZE, SQUARE_NAMES
from .game import Game, ScoreLine
from .goods import ALL_GOODS, city_wants
from .quote import visible
from .state import Camel
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


def _cell(game: Game, square: int, w: Words) -> list[str]:
    if square in CITY_NAMES:
        label = city_label(square, w)
    elif square in NUMBER_OF:
        label = f"#{NUMBER_OF[square]}"
    else:
        label = ""
    parts = []
    good = game.loose_at(square)
    if good is not None:
        parts.append(f"[{good.letter}]")
    markers = game.demand_at(square)
    if markers:
        parts.append(f"*{markers}")
    camels = _wrap([camel_token(c) for c in game.camels_at(square)], CELL)
    return [label, " ".join(parts), *camels]


def render(game: Game, w: Words = ENGLISH) -> str:
    """The 7x7 board, rank 7 at the top as in the rules' diagram, then the players."""
    border = "   " + ("+" + "-" * CELL) * SIZE + "+"
    lines = ["   " + "".join(f" {f:<{CELL}}" for f in FILES), border]
    for rank in range(SIZE - 1, -1, -1):
        cells = [_cell(game, rank * SIZE + f, w) for f in range(SIZE)]
        height = max(len(c) for c in cells)
        for row in range(height):
            head = f" {rank + 1} " if row == 0 else "   "
            body = "".join("|" + (c[row] if row < len(c) else "").ljust(CELL)[:CELL] for c in cells)
            lines.append(head + body + "|")
        lines.append(border)
    lines.append("")
    lines.extend(player_line(game, line, w) for line in game.score())
    return "\n".join(lines)


def player_name(game: Game, seat: int, w: Words = ENGLISH) -> str:
    """The seat's name with any control character made visible (names can come from files)."""
    return visible(w.name(game, seat))


def player_line(game: Game, line: ScoreLine, w: Words = ENGLISH) -> str:
    """One player's seat, name, colour, supply, markers, deliveries and score."""
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
