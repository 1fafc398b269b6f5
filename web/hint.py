"""A hint: the action the hard bot would take now, in words (issue 12).

Asked of the same ``Thinker`` as the bots' turns (web/bot_turns.py) with
the hard bot for the player to move; the first action of the bot's answer
is the hint. It holds for the position it was asked at only. The words are
the action's (web/phrases.py ``describe``) and what it brings or costs,
"deliver the salt from c3 to Timbuktu: 3 points". Hints are counted per
seat, shown at game over.
"""

from __future__ import annotations

from collections.abc import Callable

from caravan import Good, city_wants
from caravan.actions import Action, MoveGood, PickUp, Steal, parse_action
from caravan.game import Game

from . import i18n
from .bot_turns import HINT_BOT, Thinker, decision_seed, position_key, refusal_of
from .botclient import Answer
from .i18n import _, ngettext
from .phrases import cost_text, describe


def hint_text(game: Game, action: Action) -> str:
    """The hinted action in words, with its gain or its cost."""
    words = describe(game, action)
    if isinstance(action, MoveGood) and city_wants(action.to) == action.good:
        return ngettext(
            "{action}: {n} point", "{action}: {n} points", n=Good(action.good).points, action=words
        )
    if isinstance(action, Steal):
        return _("{action} ({cost})", action=words, cost=cost_text(game.cost(action)))
    if isinstance(action, PickUp):
        loose = game.loose_at(action.at)
        city = i18n.words().city_named(Good(loose).city) if loose is not None else ""
        return _("{action}, for {city} ({cost})", action=words, city=city, cost=cost_text(game.cost(action)))
    if game.cost(action) == 0:
        return _("{action}", action=words)
    return _("{action} ({cost})", action=words, cost=cost_text(game.cost(action)))


class Hints:
    """The hint asked or shown, and how many each seat has used."""

    def __init__(self) -> None:
        self.thinker: Thinker | None = None
        self.budget_ms: int | None = None  # ?bot_budget (tests)
        self.token = 0
        self.asked: tuple[int, int, object] | None = None
        self.rid: int | None = None
        self.shown: tuple[tuple[int, int, object], str] | None = None  # (position, notation)
        self.error = ""
        self.used: list[int] = [0, 0, 0, 0]  # per seat, this game
        self.on_shown: Callable[[str], None] = lambda notation: None  # the game screen shows it

    def reset(self, *, new_game: bool = False) -> None:
        if self.rid is not None and self.thinker is not None:
            self.thinker.forget(self.rid)
        self.token += 1
        self.asked = None
        self.rid = None
        self.shown = None
        self.error = ""
        if new_game:
            self.used = [0, 0, 0, 0]

    def current(self, game: Game) -> str | None:
        """The hinted action's notation, while the game is where it was asked."""
        if self.shown is not None and self.shown[0] == position_key(game):
            return self.shown[1]
        return None

    def pending(self, game: Game) -> bool:
        return self.asked == position_key(game)

    def ask(self, game: Game, record: str) -> None:
        """Ask the hard bot what it would play now (once per position)."""
        key = position_key(game)
        if self.asked == key or self.current(game) is not None:
            return
        self.reset()
        if self.thinker is None:
            self.error = _("No bot can play in this page: its worker is not available.")
            return
        token = self.token
        self.asked = key
        rid = self.thinker.think(
            record,
            game.seat,
            HINT_BOT,
            decision_seed(game),
            lambda answer: self._answered(token, key, game, answer),
            budget_ms=self.budget_ms,
        )
        if self.token == token and self.asked == key:
            self.rid = rid

    def _answered(self, token: int, key: tuple[int, int, object], game: Game, answer: Answer) -> None:
        if token != self.token or self.asked != key:
            return  # stale
        self.asked = None
        self.rid = None
        if answer.error is not None or not answer.actions:
            self.error = _("The bot could not play: {reason}", reason=answer.error or _("it gave no action"))
            return
        notation = answer.actions[0]
        reason = refusal_of(game, notation)
        if reason is not None or position_key(game) != key:
            self.error = _(
                "The bot chose an action the rules do not allow ({action}: {reason}).",
                action=notation,
                reason=reason or "",
            )
            return
        self.shown = (key, notation)
        self.used[game.seat] += 1
        self.on_shown(notation)

    def words(self, game: Game) -> str:
        notation = self.current(game)
        return "" if notation is None else hint_text(game, parse_action(notation))
