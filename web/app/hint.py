"""A hint: the hard bot's whole turn for the player to move (issues 12, 26).

Asked of the bot worker (a ``hint`` request, docs/WORKER.md: web/bots/advisor.py
there runs ``caravan.advice.hint``), never on the page's thread. It holds
for the turn it was asked in: the page shows it while the game's history is
the position it was asked at followed by a prefix of its actions, so "Play
it" (``#hint-play``, the next action through the game screen's own path)
plays it one action at a time and the player may stop after any, or undo
back into it. When the game leaves that path the rest is dropped, with a
word why: a refill (R13) drew goods the bot could not know of (I11), or the
player played something else. Hints are counted per seat, shown at game over.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from caravan import Good, city_wants
from caravan.actions import Action, MoveGood, PickUp, Steal, parse_action
from caravan.advice import KINDS, Reason
from caravan.errors import CaravanError
from caravan.game import Game
from web.bots.bot_turns import WORKER_ERRORS, Thinker, decision_seed, position_key, refusal_of
from web.bots.botclient import Answer
from web.words import i18n
from web.words.i18n import _, ngettext
from web.words.phrases import cost_text, describe

REFILL, OTHER = "refill", "other"  # why the rest of a hint was dropped


def hint_text(game: Game, action: Action) -> str:
    """One hinted action in words, with its gain or its cost."""
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


def _reason(data: object) -> Reason | None:
    """A reason as the worker sent it (web/bots/advisor.py), or None if malformed."""
    if not isinstance(data, dict) or data.get("kind") not in KINDS:
        return None
    good = data.get("good")
    ints = {k: data.get(k) for k in ("points", "markers", "squares")}
    squares = {k: data.get(k) for k in ("frm", "to", "victim")}
    if not all(type(v) is int for v in ints.values()) or not all(
        v is None or type(v) is int for v in squares.values()
    ):
        return None
    city, how = data.get("city"), data.get("how", "")
    if not (city is None or isinstance(city, str)) or not isinstance(how, str):
        return None
    if good is not None and (type(good) is not int or good not in {int(g) for g in Good}):
        return None
    return Reason(
        kind=str(data["kind"]),
        good=None if good is None else Good(good),
        city=city,
        how=how,
        **ints,  # type: ignore[arg-type]
        **squares,  # type: ignore[arg-type]
    )


@dataclass(frozen=True)
class TurnHint:
    """The worker's hint (docs/WORKER.md, the ``hint`` answer), read back."""

    seat: int
    actions: tuple[str, ...]
    delivered: int  # points the turn's deliveries score
    markers: int  # demand markers it takes (a point each, R15)
    gain: float  # expected points gained over ending the turn at once
    expected: float  # the search's expected final margin after it
    reasons: tuple[Reason, ...]

    @staticmethod
    def read(seat: int, fields: dict[str, Any]) -> TurnHint | None:
        actions = fields.get("actions")
        if not isinstance(actions, list) or not actions or not all(isinstance(a, str) for a in actions):
            return None
        numbers = [fields.get(k) for k in ("delivered", "markers", "gain", "expected")]
        if not all(isinstance(n, (int, float)) and not isinstance(n, bool) for n in numbers):
            return None
        raw = fields.get("reasons")
        reasons = [_reason(r) for r in raw] if isinstance(raw, list) else []
        return TurnHint(
            seat,
            tuple(actions),
            int(numbers[0]),  # type: ignore[arg-type]
            int(numbers[1]),  # type: ignore[arg-type]
            float(numbers[2]),  # type: ignore[arg-type]
            float(numbers[3]),  # type: ignore[arg-type]
            tuple(r for r in reasons if r is not None),
        )


@dataclass(frozen=True)
class Progress:
    """A hint shown on the game now: ``done`` of its actions played."""

    hint: TurnHint
    done: int

    @property
    def next(self) -> str:
        return self.hint.actions[self.done]


class Hints:
    """The hint asked or shown, and how many each seat has used."""

    def __init__(self) -> None:
        self.thinker: Thinker | None = None
        self.budget_ms: int | None = None  # ?bot_budget (tests)
        self.token = 0
        self.asked: tuple[int, int, object] | None = None
        self.rid: int | None = None
        self.shown: TurnHint | None = None
        self.base: tuple[int, int, object] | None = None  # the position it was asked at
        self.error = ""
        self.used: list[int] = [0, 0, 0, 0]  # per seat, this game
        self.on_shown: Callable[[str], None] = lambda notation: None  # the game screen selects its source
        self.on_failed: Callable[[str], None] = lambda text: None  # the game screen says why (#announcer)

    def reset(self, *, new_game: bool = False) -> None:
        if self.rid is not None and self.thinker is not None:
            self.thinker.forget(self.rid)
        self.token += 1
        self.asked = None
        self.rid = None
        self.shown = None
        self.base = None
        self.error = ""
        if new_game:
            self.used = [0, 0, 0, 0]

    def _path(self, game: Game) -> tuple[int, str | None]:
        """How far along the hint the game is (its actions played since it was
        asked), and why it no longer holds (None while it does)."""
        hint, base = self.shown, self.base
        if hint is None or base is None or base[0] != id(game) or len(game.history) < base[1]:
            return 0, OTHER
        start = base[1]
        prior = game.history[start - 1] if start else None
        if id(prior) != base[2]:
            return 0, OTHER  # undone past where it was asked
        steps = game.history[start:]
        for i, step in enumerate(steps):
            if i >= len(hint.actions) or str(step.action) != hint.actions[i]:
                return i, OTHER
            if step.draws and i + 1 < len(hint.actions):
                return i + 1, REFILL
        return len(steps), None

    def progress(self, game: Game) -> Progress | None:
        """The hint, while the game is on its path with actions of it left."""
        done, broken = self._path(game)
        if self.shown is None or broken is not None or done >= len(self.shown.actions):
            return None
        return Progress(self.shown, done)

    def current(self, game: Game) -> str | None:
        """The hinted next action's notation, while the hint holds."""
        got = self.progress(game)
        return None if got is None else got.next

    def dropped(self, game: Game) -> str:
        """Why the rest of the hint was dropped, in words, while the player
        is still in the turn it was for; empty otherwise."""
        if self.shown is None or game.is_over() or game.seat != self.shown.seat:
            return ""
        _done, broken = self._path(game)
        if broken == REFILL:
            return _(
                "The refill drew goods the hint could not know of, so the rest of it was dropped. "
                "Ask again for a hint from here."
            )
        if broken == OTHER and len(game.history) - (self.base[1] if self.base else 0) > 0:
            return _("You played something else, so the rest of the hint was dropped.")
        return ""

    def pending(self, game: Game) -> bool:
        return self.asked == position_key(game)

    def ask(self, game: Game, record: str) -> None:
        """Ask the hard bot for its whole turn from here (once per position)."""
        key = position_key(game)
        if self.asked == key or self.current(game) is not None:
            return
        self.reset()
        if self.thinker is None:
            self.error = _("The bot could not play: {reason}", reason=_(WORKER_ERRORS["unavailable"]))
            self.on_failed(self.error)
            return
        token = self.token
        self.asked = key
        fields: dict[str, Any] = {"record": record, "seat": game.seat, "seed": decision_seed(game)}
        if self.budget_ms is not None:
            fields["budget_ms"] = self.budget_ms
        rid = self.thinker.advise("hint", fields, lambda answer: self._answered(token, key, game, answer))
        if self.token == token and self.asked == key:
            self.rid = rid

    def _answered(self, token: int, key: tuple[int, int, object], game: Game, answer: Answer) -> None:
        if token != self.token or self.asked != key:
            return  # stale
        self.asked = None
        self.rid = None
        if answer.error is not None:
            reason = WORKER_ERRORS.get(answer.kind or "", WORKER_ERRORS["failed"])
            self.error = _("The bot could not play: {reason}", reason=_(reason))
            self.on_failed(self.error)
            return
        hint = TurnHint.read(game.seat, answer.fields)
        if hint is None:
            self.error = _("The bot could not play: {reason}", reason=_(WORKER_ERRORS["not_understood"]))
            self.on_failed(self.error)
            return
        if position_key(game) != key:
            return  # the game moved on meanwhile: this hint is for a position gone
        why = refusal_of(game, hint.actions[0])
        if why is not None:
            # The engine's reason speaks to the seat to move: quoted as what the rules told the bot.
            self.error = _(
                "The hint's bot chose an action the rules do not allow, {action}; "
                "the rules told it: “{reason}”",
                action=hint.actions[0],
                reason=why,
            )
            self.on_failed(self.error)
            return
        self.shown = hint
        self.base = key
        self.used[game.seat] += 1
        self.on_shown(hint.actions[0])

    def asked_at(self, game: Game) -> Game:
        """A copy of ``game`` at the position the hint was asked at."""
        sim = game.copy()
        while self.base is not None and len(sim.history) > self.base[1]:
            sim.pop()
        return sim

    def steps(self, game: Game) -> list[tuple[str, str]]:
        """The hint's actions in words, each (notation, words), phrased on a
        copy of the position it was asked at as each comes."""
        if self.shown is None or self.base is None:
            return []
        sim = self.asked_at(game)
        out = []
        for notation in self.shown.actions:
            try:
                action = parse_action(notation)
                out.append((notation, hint_text(sim, action)))
                sim.push(action)
            except CaravanError:  # after a refill the copy's draws are its own
                out.append((notation, notation))
        return out
