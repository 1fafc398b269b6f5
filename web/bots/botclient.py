"""The page's side of the bot worker's messages (docs/WORKER.md), without the DOM.

The app worker (web/worker/botlink.py) posts the text ``request`` returns to the worker and hands every
message from it to ``receive``; this module keeps the rest: the worker's
readiness (``state``, shown as ``<html data-bot>``), which requests are still
out, and whose answer is still wanted. The worker is started only when a bot
may play (docs/WORKER.md, "When it starts"): ``launch`` says so the first
time, and the first ``request`` counts as one (boot.js starts the worker on
the first message posted). The worker cannot be interrupted, so a
request the page no longer cares about (the game changed) is ``forget``-ed:
its answer, when it comes, is dropped, and the worker counts as thinking
until then.

Nothing the page waits for may wait for ever: a worker can hang, close
itself, run out of memory or never get ready, and the browser says nothing
of it. So every request has a deadline (``deadline``, checked by ``expire``
when the page's timer fires): its work allowance (``budget_ms`` for each of
the up to five decisions of a turn, else ``DEFAULT_WORK_MS``) plus
``GRACE_MS``, counted from when the worker can start on it (it answers in
order); and the start has ``START_MS``. A message that cannot be an answer
(not text, too long, another version, an id never asked) means the worker
and the page no longer understand each other. Either way the worker is given
up: every request waiting gets an error at once, and ``restart`` lets the
page start a new one (its "Try again").
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from caravan.jsonread import JsonRefused
from caravan.jsonread import loads as json_loads

VERSION = 2  # the messages' version this page speaks (web/bots/botworker.py's VERSION)
MAX_MESSAGE = 100_000  # an answer is a turn in notation: a few hundred characters
MAX_DEPTH = 6  # a review's turn holds lists in an object in the answer
ADVICE = ("hint", "review")  # the requests that are not a bot's turn (docs/WORKER.md)
OFF, LOADING, READY, THINKING, FAILED = "off", "loading", "ready", "thinking", "failed"
# Deadlines (docs/WORKER.md, "Deadlines"). Generous: they must never cut short a slow
# phone's honest think (a hard turn, a hint: ~0.5-1 s on a desktop; a review's turn up
# to ~2 s; a phone 2-4x slower), only end a wait that would otherwise have no end.
GRACE_MS = 20_000  # over any request's work allowance
DEFAULT_WORK_MS = 5_000  # a request without budget_ms: the bot's own budget (positions)
DECISIONS = 5  # a turn is at most R5's four actions and its end, each with budget_ms
START_MS = 90_000  # launched to ready (the page's own boot watch waits as long)
LATE_MS = 5_000  # a deadline checked this late: the page itself slept (a phone's tab)


@dataclass(frozen=True)
class Answer:
    """The worker's answer to one request: the bot's actions, or why there are none."""

    id: int
    actions: tuple[str, ...] = ()
    turn_over: bool = False
    think_ms: float = 0.0
    error: str | None = None  # English, as the worker or this client put it
    kind: str | None = None  # the error's kind, for the page's words (docs/WORKER.md)
    # A hint's or a review's answer whole (docs/WORKER.md): web/app/hint.py and web/app/review.py read it.
    fields: dict[str, Any] = field(default_factory=dict, compare=False)

    def to_json(self) -> str:
        data: dict[str, Any] = {"id": self.id}
        if self.error is not None:
            data["error"] = self.error
            if self.kind is not None:
                data["kind"] = self.kind
        else:
            data.update(actions=list(self.actions), turn_over=self.turn_over, think_ms=self.think_ms)
        return json.dumps(data, separators=(",", ":"))


@dataclass(frozen=True)
class Notice:
    """A message from the worker that answers no request: ``ready``, ``failed`` or ``csp``."""

    kind: str
    text: str = ""


OnAnswer = Callable[[Answer], None]


def work_ms(budget_ms: object) -> int:
    """How long the worker may honestly take over a request with this ``budget_ms``."""
    if type(budget_ms) is int and budget_ms > 0:
        return budget_ms * DECISIONS
    return DEFAULT_WORK_MS


def _monotonic_ms() -> float:
    return time.monotonic() * 1000


class BotClient:
    """What the page knows of its bot worker; see the module's docstring."""

    def __init__(self, now: Callable[[], float] = _monotonic_ms) -> None:
        self.now = now
        self.launched = False  # the worker was asked to start: state is no longer "off"
        self.started = False  # the worker said it is ready (or failed): state is no longer "loading"
        self.error: str | None = None
        self.kind = "unavailable"  # the error's kind (docs/WORKER.md), while error is set
        self.python: str | None = None
        self.start_ms: float | None = None
        self.grace_ms = GRACE_MS  # ?bot_timeout (tests) replaces both
        self.start_limit_ms = START_MS
        self._next = 1
        # Sent, not answered yet, in the order the worker answers them: each one's work allowance.
        self._out: dict[int, int] = {}
        self._wanted: dict[int, OnAnswer] = {}
        self._since = 0.0  # when the worker began on what it does now (its start, or the oldest request)

    @property
    def state(self) -> str:
        if self.error is not None:
            return FAILED
        if not self.started:
            return LOADING if self.launched else OFF
        return THINKING if self._out else READY

    def launch(self) -> bool:
        """The worker is to start now (a bot may soon play): True the first
        time, when the caller must start it (web/worker/botlink.py asks the
        page to: ``caravanBot.start``)."""
        first = not self.launched
        if first:
            self._begin()
        return first

    def _begin(self) -> None:
        self.launched = True
        self._since = self.now()

    def restart(self) -> bool:
        """After a failure, the page's "Try again": True when the caller must
        start a new worker (web/worker/botlink.py asks the page to:
        ``caravanBot.restart``), whose messages are the only ones heard from
        then on. Nothing is waiting: every request got its error when the
        worker failed."""
        if self.error is None or not self.launched:
            return False
        self.error = None
        self.kind = "unavailable"
        self.started = False
        self._out.clear()
        self._wanted.clear()
        self._begin()
        return True

    def deadline(self) -> float | None:
        """When what the page waits for is overdue (on ``now``'s clock), None
        when it waits for nothing: the worker's start, else its oldest request."""
        if not self.launched or self.error is not None:
            return None
        if not self.started:
            return self._since + self.start_limit_ms
        if not self._out:
            return None
        return self._since + next(iter(self._out.values())) + self.grace_ms

    def expire(self) -> bool:
        """The page's timer for ``deadline`` fired: give the worker up if it is
        overdue (True). Checked far later than due, the page itself was asleep
        (a phone's tab in the background, the worker frozen with it): the
        worker gets its time again from now instead."""
        due = self.deadline()
        now = self.now()
        if due is None or now < due:
            return False
        if now - due > LATE_MS:
            self._since = now
            return False
        if self.started:
            self._give_up("the bot's worker stopped answering", "silent")
        else:
            self._give_up("the bot's worker did not get ready", "start")
        return True

    def _give_up(self, reason: str, kind: str) -> None:
        self.started = True
        self.error = reason
        self.kind = kind
        self._fail_all(reason)

    def request(
        self,
        record: str,
        seat: int,
        bot: str,
        seed: int,
        on_answer: OnAnswer,
        *,
        budget_ms: int | None = None,
    ) -> tuple[int, str | None]:
        """A think request: (its id, the text to post to the worker).

        The text is None when the worker failed: ``on_answer`` has then been
        called already, with the error. A request made while the worker loads
        is posted anyway: the worker answers it once it is ready. A request
        made before any ``launch`` launches it: posting it starts the worker."""
        message: dict[str, Any] = {"record": record, "seat": seat, "bot": bot, "seed": seed}
        if budget_ms is not None:
            message["budget_ms"] = budget_ms
        return self._send(message, on_answer)

    def advise(self, kind: str, fields: dict[str, Any], on_answer: OnAnswer) -> tuple[int, str | None]:
        """A hint or review request (``kind``, docs/WORKER.md) with its
        ``fields`` (record, seat or start, seed, budget_ms): as ``request``."""
        assert kind in ADVICE
        return self._send({"type": kind, **fields}, on_answer)

    def _send(self, fields: dict[str, Any], on_answer: OnAnswer) -> tuple[int, str | None]:
        rid = self._next
        self._next += 1
        if self.error is not None:
            on_answer(Answer(rid, error=f"the bot cannot play: {self.error}", kind=self.kind))
            return rid, None
        if not self.launched:
            self._begin()
        if self.started and not self._out:
            self._since = self.now()  # the worker is idle: it starts on this one now
        self._out[rid] = work_ms(fields.get("budget_ms"))
        self._wanted[rid] = on_answer
        message = {"version": VERSION, "id": rid, **fields}
        return rid, json.dumps(message, separators=(",", ":"))

    def forget(self, rid: int | None = None) -> None:
        """Drop the answer to ``rid`` (every request's, if None) when it comes."""
        if rid is None:
            self._wanted.clear()
        else:
            self._wanted.pop(rid, None)

    def receive(self, text: object) -> Notice | Answer | None:
        """One message from the worker. An answer still wanted is passed to its
        ``on_answer`` and returned; a forgotten one gives None. A message that
        cannot be one (see the module's docstring) gives the worker up: a
        ``failed`` Notice, every request waiting answered with the error."""
        if self.error is not None:
            return None  # given up: nothing it says counts any more
        try:
            if not isinstance(text, str):
                raise JsonRefused("not text")
            data = json_loads(text, max_chars=MAX_MESSAGE, max_depth=MAX_DEPTH)
        except JsonRefused:
            return self._garbled("a message that is not JSON text of the right size")
        if not isinstance(data, dict) or data.get("version") != VERSION:
            return self._garbled("a message of another version")
        kind = data.get("type")
        if kind == "ready":
            if not self.started:
                self._since = self.now()  # the requests waiting start now
            self.started = True
            self.python = str(data.get("python", ""))
            start = data.get("start_ms")
            self.start_ms = float(start) if isinstance(start, (int, float)) else None
            return Notice("ready")
        if kind in ("failed", "csp", "error"):
            reason = str(data.get("error") or "the bot's worker did not start")
            # An error event (boot.js) condemns a worker only before it is ready (its
            # script did not load); after that one that still answers goes on, and
            # one that stopped is caught by its deadline.
            if kind == "failed" or (kind == "error" and not self.started):
                self._give_up(reason, "unavailable")
                return Notice("failed", reason)
            return Notice(kind, reason)
        return self._answer(data)

    def _garbled(self, what: str) -> Notice:
        reason = f"the bot's worker sent {what}"
        self._give_up(reason, "not_understood")
        return Notice("failed", reason)

    def _answer(self, data: dict[str, Any]) -> Answer | Notice | None:
        rid = data.get("id")
        if rid is None and data.get("error") is not None and self._out:
            rid = next(iter(self._out))  # a request it could not read: answers come in order
        if type(rid) is not int or rid not in self._out:
            return self._garbled("an answer to no request")
        del self._out[rid]
        self._since = self.now()  # on to the next request
        on_answer = self._wanted.pop(rid, None)
        if on_answer is None:
            return None
        error = data.get("error")
        actions = data.get("actions")
        kind = data.get("kind")
        kind = kind if isinstance(kind, str) and len(kind) <= 20 else None
        advice = data.get("type") in ADVICE
        if advice and error is None:
            answer = Answer(rid, fields=data)
            on_answer(answer)
            return answer
        if error is None and not (isinstance(actions, list) and all(isinstance(a, str) for a in actions)):
            error, kind = "the bot's answer was not understood", "not_understood"
        if error is not None:
            answer = Answer(rid, error=str(error), kind=kind)
        else:
            think = data.get("think_ms")
            turn = list(actions or ())
            if "end" in turn:  # nothing after the end of the asking seat's turn is its own
                turn = turn[: turn.index("end") + 1]
            answer = Answer(
                rid,
                actions=tuple(turn),
                turn_over=data.get("turn_over") is True,
                think_ms=float(think) if isinstance(think, (int, float)) else 0.0,
            )
        on_answer(answer)
        return answer

    def _fail_all(self, reason: str) -> None:
        wanted, self._wanted = self._wanted, {}
        self._out.clear()
        for rid, on_answer in wanted.items():
            on_answer(Answer(rid, error=f"the bot cannot play: {reason}", kind=self.kind))
