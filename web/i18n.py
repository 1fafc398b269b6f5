"""Every piece of text the page shows, looked up by key.

Keeping the words out of the code lets another language be added as a new
catalogue; player names and numbers are always parameters, never keys.
"""

from __future__ import annotations

EN: dict[str, str] = {
    # boot and screens
    "title": "Caravan",
    "loading": "Loading Python…",
    # new game
    "new.heading": "New game",
    "new.players": "Players",
    "new.name": "Name of player {n}",
    "new.colour": "Colour of player {n}",
    "new.seat_type": "Who plays seat {n}",
    "new.human": "Human",
    "new.casual": "Casual: 6 camels each",
    "new.short": "Short: 32 goods instead of 48",
    "new.start": "Start player",
    "new.random": "Random",
    "new.start_button": "Start the game",
    "new.resume": "Back to the game in progress",
    "new.default_name": "Player {n}",
    # colours
    "colour.yellow": "yellow",
    "colour.black": "black",
    "colour.orange": "orange",
    "colour.teal": "teal",
    "colour.red": "red",
    "colour.blue": "blue",
    "colour.green": "green",
    "colour.purple": "purple",
    "colour.white": "white",
    # goods and cities
    "good.ivory": "ivory",
    "good.cloth": "cloth",
    "good.gems": "gems",
    "good.paper": "paper",
    "good.meat": "meat",
    "good.swords": "swords",
    "good.salt": "salt",
    "good.hides": "hides",
    "city.Marrakech": "Marrakech",
    "city.Fez": "Fez",
    "city.Niani": "Niani",
    "city.Cairo": "Cairo",
    "city.Walata": "Walata",
    "city.Gao": "Gao",
    "city.Timbuktu": "Timbuktu",
    "city.Djenné": "Djenné",
    # board
    "board.label": "The board",
    "board.square": "{square}",
    "board.city": "{city} wants {good}",
    "board.space": "space {n}",
    "board.demand": "{n} demand markers",
    "board.loose": "{good}, free to pick up",
    "board.camels": "{name}: {n} camels",
    "board.on_top": "{name}'s camel carrying {good} on top",
    "board.under": "{name}'s camel with stolen {good} underneath",
    # names of the board's buttons for keyboards and screen readers
    "aria.camels": "Your camels on {square}",
    "aria.good_on": "{good} on your camel on {square}",
    "aria.good_under": "{good} under your camel on {square}",
    "aria.target": "{action}, {cost}",
    # playing
    "turn.banner": "{name} to play",
    "turn.left": "{n} of {total} actions left",
    "turn.left_none": "No actions left: end your turn",
    "play.supply": "Place a camel ({n} in supply)",
    "play.end": "End turn",
    "play.undo": "Undo",
    "play.redo": "Redo",
    "play.bag": "Goods in the bag:",
    "play.triggered": "The bag is empty: the next delivery ends the game",
    "play.hint_none": "Choose your camels, a good on one of your camels, or the supply.",
    "play.hint_selected": "Choose a highlighted target, or the same source again to cancel.",
    "play.cost": "{n} action",
    "play.cost_plural": "{n} actions",
    "play.actions_heading": "Actions from here",
    "play.log": "Game log",
    "play.refused": "Not allowed: {reason}",
    "play.no_undo_refill": "Undo stops here: the refill has shown new goods.",
    "play.new_game": "New game",
    # action descriptions
    "do.place": "place a camel on {to}",
    "do.move": "move a camel from {frm} to {to}",
    "do.pick": "pick up the {good} on {at}",
    "do.steal": "steal the {good} from {name} on {at}",
    "do.good": "move the {good} from {frm} to {to}",
    "do.good_under": "move the {good} from under the camel on {frm} to {to}",
    "do.deliver": "deliver the {good} from {frm} to {city}",
    "do.end": "end the turn",
    # panels
    "panel.supply": "Camels in supply",
    "panel.theft": "Theft markers",
    "panel.delivered": "Goods delivered",
    "panel.demand": "Demand markers",
    "panel.held": "Goods carried",
    "panel.penalty": "Penalty now",
    "panel.total": "Score",
    "panel.to_play": "to play",
    "panel.carrying": "Carrying: {goods}",
    "panel.under": "{good} (stolen, under the camel)",
    # log lines (events)
    "log.placed": "{name} placed a camel on {to} ({cost})",
    "log.moved": "{name} moved a camel from {frm} to {to} ({cost})",
    "log.picked": "{name} picked up the {good} on {at}",
    "log.picked_demand": "{name} picked up the {good} on {at} and took {n} demand markers",
    "log.stolen": "{name} stole the {good} from {victim} on {at}",
    "log.good_moved": "{name} moved the {good} from {frm} to {to}",
    "log.delivered": "{name} delivered the {good} to {city}: {points} points",
    "log.refilled": "Refill: demand markers on {marked}; new goods: {placed}; {n} left in the bag",
    "log.refilled_none": "none",
    "log.triggered": "The last goods are out of the bag: the next delivery ends the game",
    "log.turn_ended": "{name} ended the turn; {next} to play with {n} actions",
    "log.over": "Game over",
    # game over
    "over.heading": "Game over",
    "over.player": "Player",
    "over.rare": "Rare goods",
    "over.common": "Common goods",
    "over.demand": "Demand",
    "over.penalty": "Penalty",
    "over.total": "Total",
    "over.delivered": "Delivered",
    "over.winner": "{name} wins!",
    "over.winners": "Shared victory: {names}",
    "over.tiebreak": "{names} tied on {total} points; {name} delivered more goods and wins (R17).",
    "over.shared": "Tied on points and goods delivered: the victory is shared (R17).",
    "over.rematch": "Rematch",
    "over.new_game": "New game",
    "over.reason.delivery": "The end was triggered and a good was delivered.",
    "over.reason.turn limit": "The turn limit was reached.",
    "over.reason.agreed": "The players agreed to stop.",
    # errors
    "error.options": "These players cannot start a game: {reason}",
}

_catalogue: dict[str, str] = EN


def t(key: str, **params: object) -> str:
    """The text for ``key`` in the current language, with ``params`` filled in.

    A missing key raises KeyError: a test catches it rather than a player
    reading a raw key.
    """
    text = _catalogue[key]
    return text.format(**params) if params else text


def capital(text: str) -> str:
    """``text`` with its first letter upper-cased: a label that starts with a
    parameter (a good's name, an action's words) still reads as a sentence."""
    return text[:1].upper() + text[1:]


def use(catalogue: dict[str, str]) -> None:
    """Switch language; keys missing from ``catalogue`` fall back to English."""
    global _catalogue
    _catalogue = {**EN, **catalogue}
