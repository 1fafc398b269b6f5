"""A post-game review, run in the bot worker turn by turn.

``Reviewer`` asks the worker for one turn at a time (a ``review`` request,
docs/WORKER.md): every turn's margins for the chart, and the people's
turns judged beside the hard bot's best (``caravan.review.review_turn``).
One request at a time: the page never waits on it, a Cancel waits for one
turn at most, and bots' turns in another game are not queued behind a
whole review. The finished ``caravan.review.Review`` is kept with the saved
game (web/app/saved.py: the entry's ``"review"``) and in exported files
(``export_text``'s envelope), so that it is made once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from caravan.game import Game
from caravan.review import Review, ReviewError, TurnReview, TurnStart, turns
from web.bots.bot_turns import WORKER_ERRORS, Thinker
from web.bots.botclient import Answer
from web.words.i18n import _

IDLE, RUNNING, DONE, FAILED, CANCELLED = "idle", "running", "done", "failed", "cancelled"


def judged_seats(game: Game) -> set[int]:
    """Whose turns are judged: the people's (every seat when only bots played)."""
    people = {i for i, p in enumerate(game.options.players) if p.bot is None}
    return people or set(range(game.seats))


def costliest(review: Review, n: int = 3) -> list[TurnReview]:
    """The ``n`` turns that lost the most points, costliest first (none that lost nothing)."""
    lost = [t for t in review.turns if t.lost > 0]
    return sorted(lost, key=lambda t: (-t.lost, t.index))[:n]


def read_review(data: object, game: Game) -> Review | None:
    """A stored review, if it reads (``Review.from_dict``) and fits ``game``:
    every turn within its history and seats. None otherwise (the game opens
    without it: a damaged review is only lost work)."""
    try:
        review = Review.from_dict(data)
    except ReviewError:
        return None
    n = len(game.history)
    if any(t.index >= n or t.seat >= game.seats for t in review.turns):
        return None
    if any(len(m) != game.seats for _turn, m in review.margins):
        return None
    return review


class Reviewer:
    """One review running (or its result): see the module's docstring."""

    def __init__(self) -> None:
        self.thinker: Thinker | None = None
        self.budget_ms: int | None = None  # ?bot_budget (tests): the judge's time per turn
        self.state = IDLE
        self.error = ""
        self.game: Game | None = None
        self.entry_id: str | None = None
        self.result: Review | None = None
        self._starts: list[TurnStart] = []
        self._seats: set[int] = set()
        self._record = ""
        self._done: list[TurnReview] = []
        self._margins: list[tuple[int, tuple[float, ...]]] = []
        self._judge = ""
        self._rid: int | None = None
        self._token = 0
        self._in_ask = False
        self.on_done: Callable[[Review], None] = lambda review: None  # App keeps it with the game
        self.on_change: Callable[[], None] = lambda: None

    @property
    def progress(self) -> tuple[int, int]:
        """Turns reviewed, of all."""
        return len(self._margins), len(self._starts)

    def show(self, game: Game, entry_id: str | None, review: Review) -> None:
        """A review made before (kept with the game): shown at once."""
        self.cancel()
        self.game, self.entry_id, self.result, self.state = game, entry_id, review, DONE

    def start(self, game: Game, entry_id: str | None, record: str) -> None:
        """Review ``game`` (its ``record`` text) turn by turn."""
        self.cancel()
        self.game, self.entry_id, self.result, self.error = game, entry_id, None, ""
        self._starts = turns(game)
        self._seats = judged_seats(game)
        self._record = record
        self._done, self._margins, self._judge = [], [], ""
        if self.thinker is None:
            self.state = FAILED
            self.error = _("The review could not run: {reason}", reason=_(WORKER_ERRORS["unavailable"]))
            return
        self.state = RUNNING
        self._ask()

    def cancel(self) -> None:
        """Stop: the answer on its way is dropped (the worker cannot be interrupted)."""
        self._token += 1
        if self._rid is not None and self.thinker is not None:
            self.thinker.forget(self._rid)
        self._rid = None
        if self.state == RUNNING:
            self.state = CANCELLED

    def _ask(self) -> None:
        """Ask for the next turn; an answer that comes at once (tests' fake
        worker) is followed by the next request here, not from inside it."""
        assert self.thinker is not None
        self._in_ask = True
        try:
            while self.state == RUNNING:
                i = len(self._margins)
                if i >= len(self._starts):
                    self._finish()
                    return
                start = self._starts[i]
                fields: dict[str, Any] = {
                    "record": self._record,
                    "start": start.index,
                    "judge": start.seat in self._seats,
                    "seed": start.index,
                }
                if self.budget_ms is not None:
                    fields["budget_ms"] = self.budget_ms
                token = self._token
                rid = self.thinker.advise("review", fields, self._on_answer(token, start))
                if len(self._margins) == i:  # not answered yet: its answer calls _ask again
                    self._rid = rid if self.state == RUNNING else None
                    return
        finally:
            self._in_ask = False

    def _on_answer(self, token: int, start: TurnStart) -> Callable[[Answer], None]:
        return lambda answer: self._answered(token, start, answer)

    def _answered(self, token: int, start: TurnStart, answer: Answer) -> None:
        if token != self._token or self.state != RUNNING:
            return
        self._rid = None
        if self._read(start, answer) is None:
            return
        if not self._in_ask:
            self._ask()
        self.on_change()

    def _read(self, start: TurnStart, answer: Answer) -> tuple[float, ...] | None:
        """The answer's margins (and judged turn, kept); None when it failed."""
        fields = answer.fields
        margins = fields.get("margins")
        game = self.game
        ok = (
            answer.error is None
            and game is not None
            and fields.get("index") == start.index
            and isinstance(margins, list)
            and len(margins) == game.seats
            and all(isinstance(m, (int, float)) and not isinstance(m, bool) for m in margins)
        )
        turn: TurnReview | None = None
        if ok and start.seat in self._seats:
            judged = (
                read_review({"version": 1, "judge": "", "turns": [fields.get("review")], "margins": []}, game)
                if game is not None
                else None
            )
            turn = judged.turns[0] if judged is not None and judged.turns else None
            ok = turn is not None and turn.index == start.index
        if not ok:
            reason = WORKER_ERRORS.get(answer.kind or "", WORKER_ERRORS["not_understood"])
            self.state = FAILED
            self.error = _("The review could not run: {reason}", reason=_(reason))
            self.on_change()
            return None
        values = tuple(round(float(m), 1) for m in margins)  # type: ignore[union-attr]
        self._margins.append((start.turn, values))
        if turn is not None:
            self._done.append(turn)
        judge = fields.get("judge")
        if isinstance(judge, str) and len(judge) <= 100:
            self._judge = judge
        return values

    def _finish(self) -> None:
        self.state = DONE
        self.result = Review(tuple(self._done), self._judge, tuple(self._margins))
        self.on_done(self.result)
