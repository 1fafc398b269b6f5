"""The page's phrases: an action, its cost, a good and an event in the
language shown, the log's items, and each action's kind, which the board
and the action list draw it by. The words themselves are ``caravan.words``
(shared with the terminal).

The engine's events carry every seat, square and good they touch, so the
log never has to compare positions to say what happened.
"""

from __future__ import annotations

from caravan import Game, city_wants
from caravan import events as ev
from caravan.actions import Action, EndTurn, MoveCamel, PickUp, PlaceCamel, Steal
from caravan.board import SQUARE_NAMES
from caravan.words import Word
from web.words.i18n import _, ngettext, words
from web.words.kept import Kept
from web.words.markup import esc


def good_name(good: int) -> Word:
    """A good's name in the page's language; takes a Good or the int an event or action carries."""
    return words().good(good)


# Phrases that depend on nothing but the language (``words()``, a new one for
# each): a board with a source selected says fifty actions and their costs
# twice a frame (its targets' names, the action list).
_KEPT = Kept(limit=5000)


def forget_kept() -> None:
    """The phrases kept, forgotten (tests: the frames of an uncached run, web/worker/frames.py)."""
    _KEPT.forget()


def cost_text(n: int) -> str:
    """What an action costs, "1 action", in the page's language."""
    said = _KEPT.within((words(),))
    text = said.get(n)
    if text is None:
        text = said[n] = words().cost(n)
    return text


def describe(game: Game, action: Action) -> str:
    """The action in plain words, for the player to move, before it is taken."""
    if isinstance(action, (PickUp, Steal)):  # their words read the game: the good there, the victim's name
        return words().action(game, action)
    said = _KEPT.within((words(),))
    text = said.get(action)
    if text is None:
        text = said[action] = words().action(game, action)
    return text


def event_line(game: Game, event: ev.Event) -> str:
    """One event in plain words (player names are parameters, never messages)."""
    return words().event(game, event)


def refill_lines(event: ev.Refilled) -> list[str]:
    """A refill (R13) said short, for the moment it shows on the board: the
    goods drawn and where they went, then where demand markers went."""
    out = []
    if event.placed:
        placed = ", ".join(
            _("{good} on {square}", good=good_name(g), square=SQUARE_NAMES[s]) for s, g in event.placed
        )
        # Translators: shown on the board for a moment after a refill (R13):
        # "Refill: salt on c6, cloth on f5".
        out.append(_("Refill: {placed}", placed=placed))
    if event.marked:
        out.append(
            # Translators: shown on the board for a moment after a refill (R13), under the goods drawn:
            # a demand marker went on each of these spaces.
            ngettext(
                "A demand marker on {squares}",
                "A demand marker on each of {squares}",
                n=len(event.marked),
                squares=", ".join(SQUARE_NAMES[s] for s in event.marked),
            )
        )
    return out


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
    for event, line in words().lines(game, events):  # a move and its delivery: one line
        kind = _KIND.get(type(event), "action")
        items.append(f'<li class="log-{kind}">{esc(line)} <code>{notation}</code></li>')
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
