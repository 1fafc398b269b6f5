"""The bots' turns on the game screen, without the DOM (issue 12).

A seat whose player is a bot (``Player.bot``) is played by asking a
``Thinker`` (web/worker/botlink.py: the bot worker through web/bots/botclient.py; tests: a
fake that answers at once) for the bot's turn, then playing the actions it
returns one at a time, ``pace_ms`` apart, through the game screen's own path
(``GameScreen._advance``: log, motion marks, save). web/worker/driver.py owns the
timers: after every update it calls ``poll`` (which asks when a bot is to
move and nothing is asked yet) and, if ``delay`` is not None, plays ``step``
that many milliseconds later.

Every request and answer carries a token: whatever changes the game other
than the bot's own actions (undo, another game, a reload of a newer copy)
``reset``-s, and an answer to an older token is dropped, as is a queued
action once the game is no longer at the position it was planned for.

The bot's seed is the game's length and the seat: asked again at the same
position (after an undo) a bot gives the same turn, so nobody fishes for
another reply by undoing (RULES.md I11 keeps the draws; this keeps the
bots' choices).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from caravan.actions import EndTurn, parse_action
from caravan.errors import CaravanError
from caravan.game import Game
from web.bots.botclient import Answer
from web.words.i18n import N_, _, words
from web.words.names import name_of

DEFAULT_PACE_MS = 700  # docs/UI-CONTRACT.md: about 0.6-0.8 s per action
PACES = (0, 300, 700, 1200)  # the pace control's choices, ms per action
# Translators: the choices of "Bots' pace", how fast a bot's actions are shown.
PACE_WORDS = {0: N_("Instant"), 300: N_("Fast"), 700: N_("Normal"), 1200: N_("Slow")}
HINT_BOT = "hard"  # a hint is what the hard bot would play now
# Why a bot could not play, by the kind of its worker's error (docs/WORKER.md): the
# worker's own text is English, for logs and tests; the page says these.
# Translators: after "The bot could not play: ", why.
WORKER_ERRORS = {
    "request": N_("the page and the computer player did not understand each other"),
    "bot": N_("the game names a bot this page does not have"),
    "record": N_("the game could not be handed to the bot"),
    "over": N_("the game is over"),
    "seat": N_("it was not the bot's turn"),
    "illegal": N_("it chose an action the rules do not allow"),
    "failed": N_("the bot ran into an error"),
    "unavailable": N_("the computer player is not available"),
    "not_understood": N_("its answer was not understood"),
    "silent": N_("the computer player stopped answering"),
    "start": N_("the computer player did not start"),
}


def refusal_of(game: Game, notation: str) -> str | None:
    """Why an action the worker sent cannot be played now (None: it can):
    the page checks every answer with the engine before playing or showing it."""
    try:
        why = game.why_illegal(parse_action(notation))
    except CaravanError as e:
        return words().error(e)
    return None if why is None else words().refusal(why)


class Thinker(Protocol):
    """Who thinks for the bots (docs/WORKER.md's messages behind it)."""

    @property
    def state(self) -> str:
        """``off`` (not started), ``loading``, ``ready``, ``thinking`` or ``failed`` (botclient.py)."""
        ...

    def think(
        self,
        record: str,
        seat: int,
        bot: str,
        seed: int,
        on_answer: Callable[[Answer], None],
        *,
        budget_ms: int | None = None,
    ) -> int:
        """Ask for ``bot``'s turn at seat ``seat`` of ``record``; the answer
        goes to ``on_answer`` (perhaps before this returns). Returns an id."""
        ...

    def advise(self, kind: str, fields: dict[str, Any], on_answer: Callable[[Answer], None]) -> int:
        """Ask for a hint or a turn's review (``kind``, docs/WORKER.md); the
        answer, its ``fields`` whole, goes to ``on_answer``. Returns an id."""
        ...

    def forget(self, rid: int) -> None:
        """The answer to ``rid`` is no longer wanted."""
        ...


def bot_of(game: Game, seat: int | None = None) -> str | None:
    """The bot playing ``seat`` (the seat to move by default), None for a person."""
    return game.options.players[game.seat if seat is None else seat].bot


def has_bots(game: Game) -> bool:
    return any(p.bot is not None for p in game.options.players)


def has_people(game: Game) -> bool:
    return any(p.bot is None for p in game.options.players)


def undo_back(game: Game) -> int:
    """How many actions undo takes back at once in a game of people and bots
    when the person's own turn has not begun (or a bot is to move): the bots'
    actions since a person last ended a turn, and that end. 0 when there are
    none, when a draw was made among them (R13: a draw once seen stays drawn,
    I11; the engine's ``undoable`` stops there too), or the game is over."""
    if game.is_over() or not has_bots(game) or not has_people(game):
        return 0
    players = game.options.players
    for n, step in enumerate(reversed(game.history), 1):
        if step.draws:
            return 0
        if players[step.seat].bot is None:
            # Back to a person's end only when a bot is to move or replied:
            # nobody undoes another person's turn (as in a hot-seat game).
            across = n > 1 or players[game.seat].bot is not None
            return n if isinstance(step.action, EndTurn) and across else 0
    return 0


def bots_drew(game: Game) -> bool:
    """Whether undo stops because a bot's action since a person's last end
    drew from the bag (said on the undo button)."""
    if game.is_over() or not has_bots(game) or not has_people(game):
        return False
    players = game.options.players
    for step in reversed(game.history):
        if players[step.seat].bot is None:
            return False
        if step.draws:
            return True
    return False


def decision_seed(game: Game) -> int:
    """The seed a bot gets at this point of the game (see the module's docstring)."""
    return len(game.history) * 4 + game.seat


def position_key(game: Game) -> tuple[int, int, object]:
    """What a request or a queued action was made for: this game, this far along."""
    last = game.history[-1] if game.history else None
    return id(game), len(game.history), id(last)


class BotTurns:
    """The wait for a bot's turn: what was asked, what is left to play, at what pace."""

    def __init__(self, now: Callable[[], int]) -> None:
        self.now = now
        self.thinker: Thinker | None = None
        self.pace_ms = DEFAULT_PACE_MS
        self.instant = False  # prefers-reduced-motion (web/worker/driver.py): no pause between actions
        self.budget_ms: int | None = None  # ?bot_budget (tests): the bot's budget per decision
        self.token = 0
        self.rid: int | None = None
        self.asked: tuple[int, int, object] | None = None  # the position a request is out for
        self.queue: list[str] = []  # the answer's actions not played yet
        self.queued_for: tuple[int, int, object] | None = None  # the position the next one is for
        self.queued_seat = 0  # whose turn the queue is: nothing of it is played for another seat
        self.due = 0  # epoch ms when the next queued action plays
        self.last_shown = 0  # epoch ms of the last action shown (the player's or a bot's)
        self.skip = False  # the player asked to see the rest of this answer at once
        self.error = ""  # why the bot cannot play (said on the screen)
        # Watch mode (bots only): paused, no action is played but those ``steps`` lets through.
        self.paused = False
        self.steps = 0

    # ------------------------------------------------------------ state

    @property
    def waiting(self) -> bool:
        """A request is out: the bot thinks (or its worker is still starting)."""
        return self.asked is not None

    def status(self) -> str:
        """``loading`` (the worker is not ready), ``thinking``, ``playing``
        (actions of the answer are being shown), ``failed`` or ``idle``."""
        if self.error:
            return "failed"
        if self.queue:
            return "playing"
        if self.asked is not None:
            if self.thinker is not None and self.thinker.state in ("off", "loading"):
                return "loading"
            return "thinking"
        return "idle"

    def pace(self) -> int:
        return 0 if self.instant or self.skip else self.pace_ms

    def reset(self) -> None:
        """Drop what was asked and queued: the game changed under the bot."""
        if self.rid is not None and self.thinker is not None:
            self.thinker.forget(self.rid)
        self.token += 1
        self.rid = None
        self.asked = None
        self.queue = []
        self.queued_for = None
        self.skip = False
        self.error = ""

    def shown(self) -> None:
        """An action was just shown (the player's): the bot's first one waits a pace after it."""
        self.last_shown = self.now()

    # --------------------------------------------------------- the flow

    def ask(self, game: Game, record: str) -> None:
        """Ask for the turn of the bot to move, unless it was asked already or
        its actions are queued."""
        key = position_key(game)
        if self.asked == key or (self.queue and self.queued_for == key) or self.error:
            return
        if self.asked is not None or self.queue:
            self.reset()  # asked for another position: that answer is stale
        bot = bot_of(game)
        assert bot is not None
        if self.thinker is None:
            self.error = _("No bot can play in this page: the computer player is not available.")
            return
        self.token += 1
        token = self.token
        self.asked = key
        self.rid = None
        rid = self.thinker.think(
            record,
            game.seat,
            bot,
            decision_seed(game),
            lambda answer: self._answered(token, key, game.seat, answer),
            budget_ms=self.budget_ms,
        )
        if self.token == token and self.asked == key:  # not answered yet
            self.rid = rid

    def _answered(self, token: int, key: tuple[int, int, object], seat: int, answer: Answer) -> None:
        if token != self.token or self.asked != key:
            return  # stale: the game changed since it was asked
        self.asked = None
        self.rid = None
        if answer.error is not None or not answer.actions:
            self.error = _("The bot could not play: {reason}", reason=worker_error(answer))
            return
        self.queue = list(answer.actions)
        self.queued_for = key
        self.queued_seat = seat
        self.due = max(self.now(), self.last_shown + self.pace())

    def delay(self, game: Game) -> int | None:
        """Milliseconds until the next queued action is to be played (None: none
        is, or play is paused and no step was asked for)."""
        if not self.queue or self.queued_for != position_key(game):
            return None
        if self.paused:
            return 0 if self.steps else None
        return 0 if self.pace() == 0 else max(0, self.due - self.now())

    def next_action(self, game: Game) -> str | None:
        """The queued action to play now, taken off the queue (None: nothing
        to play for this position; a stale queue is dropped)."""
        if not self.queue:
            return None
        if self.queued_for != position_key(game):
            self.reset()
            return None
        notation = self.queue.pop(0)
        reason = refusal_of(game, notation)
        if reason is not None:
            self.reset()
            # The engine's reason speaks to the seat to move ("you have no camel on b2"):
            # quoted as what the rules told the bot, not said to the person reading.
            bot = bot_of(game)
            self.error = _(
                "{name} ({bot}) chose an action the rules do not allow, {action}; "
                "the rules told it: “{reason}”",
                name=name_of(game, game.seat),
                bot=words().strength(bot) if bot is not None else "",
                action=notation,
                reason=reason,
            )
            return None
        return notation

    def played(self, game: Game) -> None:
        """The action ``next_action`` gave was played: the next one waits a pace."""
        self.last_shown = self.now()
        self.due = self.last_shown + self.pace()
        self.steps = max(0, self.steps - 1)
        step = game.history[-1] if game.history else None
        if game.is_over() or game.seat != self.queued_seat or (step is not None and step.draws):
            # The asking seat's turn is over (or a refill drew, I6: the rest was planned
            # on the worker's own draws): whatever the answer holds beyond it is dropped,
            # never played as the next seat's; a bot still to move is asked again.
            self.queue = []
        if self.queue:
            self.queued_for = position_key(game)
        else:
            self.queued_for = None
            self.skip = False

    def pause(self, on: bool) -> None:
        """Pause the bots' play (watch mode), or go on at the pace chosen."""
        self.paused = on
        self.steps = 0
        if not on:
            self.due = max(self.now(), self.last_shown + self.pace())

    def step(self) -> None:
        """While paused: play one more action, now or as soon as the bot has chosen it."""
        if self.paused:
            self.steps = 1

    def retry(self) -> None:
        """After a failure: ask again at the next ``poll``."""
        self.reset()


def worker_error(answer: Answer) -> str:
    """Why ``answer`` holds no action, in the page's language (never the worker's English)."""
    if answer.error is None:
        return _("it gave no action")
    return _(WORKER_ERRORS.get(answer.kind or "failed", WORKER_ERRORS["failed"]))
