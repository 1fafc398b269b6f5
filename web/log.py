"""Plain words for the engine's events and actions, through ``t()``.

The engine's events carry every seat, square and good they touch, so the
log never has to compare positions to say what happened.
"""

from __future__ import annotations

from caravan import Game, Good, city_wants
from caravan import events as ev
from caravan.actions import Action, EndTurn, MoveCamel, PickUp, PlaceCamel, Steal
from caravan.board import CITY_NAMES, SQUARE_NAMES

from .i18n import t
from .markup import esc
from .names import name_of
from .names import names as seat_names


def good_name(good: int) -> str:
    """A good's name in the page's language; takes a Good or the int an event or action carries."""
    return t("good." + Good(good).label)


def cost_text(n: int) -> str:
    return t("play.cost" if n == 1 else "play.cost_plural", n=n)


def describe(game: Game, action: Action) -> str:
    """The action in plain words, for the player to move, before it is taken."""
    if isinstance(action, EndTurn):
        return t("do.end")
    if isinstance(action, PlaceCamel):
        return t("do.place", to=SQUARE_NAMES[action.to])
    if isinstance(action, MoveCamel):
        return t("do.move", frm=SQUARE_NAMES[action.frm], to=SQUARE_NAMES[action.to])
    if isinstance(action, PickUp):
        loose = game.loose_at(action.at)
        if loose is None:  # not a legal action: say it in notation rather than guess a good
            return str(action)
        return t("do.pick", good=good_name(loose), at=SQUARE_NAMES[action.at])
    if isinstance(action, Steal):
        name = name_of(game, action.victim)
        return t("do.steal", good=good_name(action.good), name=name, at=SQUARE_NAMES[action.at])
    good = good_name(action.good)
    frm, to = SQUARE_NAMES[action.frm], SQUARE_NAMES[action.to]
    if city_wants(action.to) == action.good:
        return t("do.deliver", good=good, frm=frm, city=t("city." + CITY_NAMES[action.to]))
    return t("do.good_under" if action.under else "do.good", good=good, frm=frm, to=to)


def event_line(game: Game, event: ev.Event) -> str:
    """One event in plain words (player names are parameters, never keys)."""
    names = seat_names(game)
    if isinstance(event, ev.CamelPlaced):
        return t("log.placed", name=names[event.seat], to=SQUARE_NAMES[event.to], cost=cost_text(event.cost))
    if isinstance(event, ev.CamelMoved):
        return t(
            "log.moved",
            name=names[event.seat],
            frm=SQUARE_NAMES[event.frm],
            to=SQUARE_NAMES[event.to],
            cost=cost_text(event.cost),
        )
    if isinstance(event, ev.GoodPickedUp):
        key = "log.picked_demand" if event.demand_markers else "log.picked"
        return t(
            key,
            name=names[event.seat],
            good=good_name(event.good),
            at=SQUARE_NAMES[event.at],
            n=event.demand_markers,
        )
    if isinstance(event, ev.GoodStolen):
        return t(
            "log.stolen",
            name=names[event.seat],
            victim=names[event.victim],
            good=good_name(event.good),
            at=SQUARE_NAMES[event.at],
        )
    if isinstance(event, ev.GoodMoved):
        return t(
            "log.good_moved",
            name=names[event.seat],
            good=good_name(event.good),
            frm=SQUARE_NAMES[event.frm],
            to=SQUARE_NAMES[event.to],
        )
    if isinstance(event, ev.GoodDelivered):
        return t(
            "log.delivered",
            name=names[event.seat],
            good=good_name(event.good),
            city=t("city." + CITY_NAMES[event.at]),
            points=event.points,
        )
    if isinstance(event, ev.Refilled):
        none = t("log.refilled_none")
        marked = ", ".join(SQUARE_NAMES[s] for s in event.marked) or none
        placed = ", ".join(f"{good_name(g)} {SQUARE_NAMES[s]}" for s, g in event.placed) or none
        return t("log.refilled", marked=marked, placed=placed, n=event.bag_left)
    if isinstance(event, ev.EndTriggered):
        return t("log.triggered")
    if isinstance(event, ev.TurnEnded):
        return t("log.turn_ended", name=names[event.seat], next=names[event.next_seat], n=event.next_actions)
    return t("log.over")


_KIND = {
    ev.Refilled: "refill",
    ev.GoodDelivered: "deliver",
    ev.GoodStolen: "steal",
    ev.EndTriggered: "trigger",
    ev.GameOver: "over",
    ev.TurnEnded: "turn",
}


def entry_markup(game: Game, action: Action, events: list[ev.Event]) -> str:
    """The ``li`` items for one action, newest first, each with the notation."""
    notation = esc(action)
    items = []
    for event in events:
        kind = _KIND.get(type(event), "action")
        items.append(f'<li class="log-{kind}">{esc(event_line(game, event))} <code>{notation}</code></li>')
    return "".join(reversed(items))


def action_kind(game: Game, action: Action) -> str:
    """What sort of action this is, for how the board and the action list
    draw it: ``steal``, ``pick``, ``deliver`` stand out from ``place``,
    ``move`` (a camel) and ``good`` (a good along a chain); ``end``."""
    if isinstance(action, Steal):
        return "steal"
    if isinstance(action, PickUp):
        return "pick"
    if isinstance(action, PlaceCamel):
        return "place"
    if isinstance(action, MoveCamel):
        return "move"
    if isinstance(action, EndTurn):
        return "end"
    return "deliver" if city_wants(action.to) == action.good else "good"


# Special actions first in the action list: a steal among 48 moves is found at once.
KIND_ORDER = {"deliver": 0, "steal": 1, "pick": 2, "good": 3, "place": 4, "move": 5, "end": 6}
