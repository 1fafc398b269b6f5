"""The game as plain text: the board, the status line, events and scores.

Kept apart from the terminal loop so that logs, tests and any other text
front end print the same words. Standard library only, like the engine.
It reads the game only through the public API (docs/API.md), as any caller
outside the engine would: ``tests/test_api.py`` checks it.
"""

from __future__ import annotations

from . import events as ev
from .board import CITY_NAMES, FILES, NUMBER_OF, SIZE, SQUARE_NAMES
from .game import Game, ScoreLine
from .goods import ALL_GOODS, city_wants
from .quote import visible
from .state import Camel, Reason

CELL = 9  # characters inside one square

LEGEND = (
    "Squares: #n numbered space, Cit:X city wanting good X, [X] loose good, *n demand markers.\n"
    "Camels: seat number, then the good it carries: 2 unladen, 2I ivory on top, 2i ivory under (stolen).\n"
    "Goods: " + ", ".join(f"{g.letter} {g.label}" for g in ALL_GOODS) + "."
)


def city_label(square: int) -> str:
    """``Mar:I``: the city's first three letters and the good it wants (R12)."""
    want = city_wants(square)
    if want is None:
        raise ValueError(f"{SQUARE_NAMES[square]} is not a city")
    return f"{CITY_NAMES[square][:3]}:{want.letter}"


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


def _cell(game: Game, square: int) -> list[str]:
    if square in CITY_NAMES:
        label = city_label(square)
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


def render(game: Game) -> str:
    """The 7x7 board, rank 7 at the top as in the rules' diagram, then the players."""
    border = "   " + ("+" + "-" * CELL) * SIZE + "+"
    lines = ["   " + "".join(f" {f:<{CELL}}" for f in FILES), border]
    for rank in range(SIZE - 1, -1, -1):
        cells = [_cell(game, rank * SIZE + f) for f in range(SIZE)]
        height = max(len(c) for c in cells)
        for row in range(height):
            head = f" {rank + 1} " if row == 0 else "   "
            body = "".join("|" + (c[row] if row < len(c) else "").ljust(CELL)[:CELL] for c in cells)
            lines.append(head + body + "|")
        lines.append(border)
    lines.append("")
    lines.extend(player_line(game, line) for line in game.score())
    return "\n".join(lines)


def player_name(game: Game, seat: int) -> str:
    """The seat's name with any control character made visible (names can come from files)."""
    return visible(game.options.name_of(seat))


def player_line(game: Game, line: ScoreLine) -> str:
    seat = line.seat
    p = game.options.players[seat]
    delivered = "".join(g.letter * n for g, n in game.deliveries(seat).items())
    return (
        f"{seat + 1} {player_name(game, seat)} ({visible(p.colour)}): "
        f"{plural(game.supply(seat), 'camel')} in supply, "
        f"{plural(game.theft_markers(seat), 'theft marker')}, {plural(line.demand, 'demand marker')}, "
        f"delivered {delivered or 'nothing'}, holding {plural(line.held, 'good')}; score {line.total}"
    )


def status(game: Game) -> str:
    """Whose turn, actions left, the bag, and whether the end is near (R14)."""
    bag = f"bag: {game.bag_count} goods"
    end = "end triggered: the next delivery ends the game" if game.end_triggered() else "end not triggered"
    outcome = game.outcome()
    if outcome is not None:
        winners = " and ".join(player_name(game, s) for s in outcome.winners)
        return f"Game over ({outcome.reason}). Winner: {winners}. | {bag}"
    who = player_name(game, game.seat)
    left = f"{game.left} action{'s' if game.left != 1 else ''} left"
    return f"Turn {game.turn}: {who} (seat {game.seat + 1}) to play, {left} | {bag} | {end}"


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def actions_count(n: int) -> str:
    """ "1 action", "2 actions": for costs and actions left."""
    return plural(n, "action")


def event_text(game: Game, event: ev.Event) -> str:
    """One event in plain words; ``game`` supplies the players' names."""
    name = player_name
    sq = SQUARE_NAMES
    if isinstance(event, ev.CamelPlaced):
        return f"{name(game, event.seat)} places a camel on {sq[event.to]} ({actions_count(event.cost)})."
    if isinstance(event, ev.CamelMoved):
        return (
            f"{name(game, event.seat)} moves a camel from {sq[event.frm]} to {sq[event.to]} "
            f"({actions_count(event.cost)})."
        )
    if isinstance(event, ev.GoodPickedUp):
        taken = f" and takes {plural(event.demand_markers, 'demand marker')}" if event.demand_markers else ""
        good = ALL_GOODS[event.good].label
        return f"{name(game, event.seat)} picks up the {good} on {sq[event.at]}{taken}."
    if isinstance(event, ev.GoodStolen):
        victim = name(game, event.victim)
        return (
            f"{name(game, event.seat)} steals the {ALL_GOODS[event.good].label} from {victim}'s camel on "
            f"{sq[event.at]} and gives {victim} a theft marker."
        )
    if isinstance(event, ev.GoodMoved):
        under = " (from under the camel)" if event.from_under else ""
        return (
            f"{name(game, event.seat)} moves the {ALL_GOODS[event.good].label} from {sq[event.frm]}{under} "
            f"to {sq[event.to]}."
        )
    if isinstance(event, ev.GoodDelivered):
        return (
            f"{name(game, event.seat)} delivers the {ALL_GOODS[event.good].label} to "
            f"{CITY_NAMES[event.at]}: {event.points} points."
        )
    if isinstance(event, ev.Refilled):
        marked = ", ".join(sq[s] for s in event.marked) or "none (no markers left)"
        placed = ", ".join(f"{ALL_GOODS[g].label} on {sq[s]} (#{NUMBER_OF[s]})" for s, g in event.placed)
        return (
            f"Only 4 goods left on the board. Demand markers go on {marked}. "
            f"Drawn from the bag: {placed or 'nothing'}. {plural(event.bag_left, 'good')} left in the bag."
        )
    if isinstance(event, ev.EndTriggered):
        return "The bag is empty: the next delivery ends the game (R14)."
    if isinstance(event, ev.TurnEnded):
        unused = f" with {actions_count(event.actions_unused)} unused" if event.actions_unused else ""
        return (
            f"{name(game, event.seat)} ends the turn{unused}. "
            f"{name(game, event.next_seat)} to play, {actions_count(event.next_actions)}."
        )
    reasons = {
        Reason.DELIVERY: "a good was delivered after the bag ran out",
        Reason.TURN_LIMIT: "the turn limit was reached",
        Reason.AGREED: "the players agreed to stop",
    }
    winners = " and ".join(name(game, s) for s in event.winners)
    verb = "wins" if len(event.winners) == 1 else "share the victory"
    head = f"Game over: {reasons.get(event.reason, event.reason)}. {winners} {verb}."
    return "\n".join([head, *ranking_lines(game)])


def score_line(game: Game, line: ScoreLine) -> str:
    """R15/R16 for one player."""
    return (
        f"{player_name(game, line.seat)}: rare goods {line.rare} + common goods {line.common} "
        f"+ demand markers {line.demand} - penalty {line.penalty} ({plural(line.held, 'good')} held) "
        f"= {line.total}; {plural(line.delivered, 'good')} delivered"
    )


def ranking_lines(game: Game) -> list[str]:
    return [f"  {place}. {score_line(game, line)}" for place, line in game.ranking()]
