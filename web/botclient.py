"""The page's side of the bot worker's messages (docs/WORKER.md), without the DOM.

web/main.py posts the text ``request`` returns to the worker and hands every
message from it to ``receive``; this module keeps the rest: the worker's
readiness (``state``, shown as ``<html data-bot>``), which requests are still
out, and whose answer is still wanted. The worker is started only when a bot
may play (docs/WORKER.md, "When it starts"): ``launch`` says so the first
time, and the first ``request`` counts as one (boot.js starts the worker on
the first message posted). The worker cannot be interrupted, so a
request the page no longer cares about (the game changed) is ``forget``-ed:
its answer, when it comes, is dropped, and the worker counts as thinking
until then.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from caravan.jsonread import JsonRefused
from caravan.jsonread import loads as json_loads

VERSION = 2  # the messages' version this page speaks (web/botworker.py's VERSION)
MAX_MESSAGE = 100_000  # an answer is a turn in notation: a few hundred characters
MAX_DEPTH = 6  # a review's turn holds lists in an object in the answer
ADVICE = ("hint", "review")  # the requests that are not a bot's turn (docs/WORKER.md)
OFF, LOADING, READY, THINKING, FAILED = "off", "loading", "ready", "thinking", "failed"


@dataclass(frozen=True)
class Answer:
    """The worker's answer to one request: the bot's actions, or why there are none."""

    id: int
    actions: tuple[str, ...] = ()
    turn_over: bool = False
    think_ms: float = 0.0
    error: str | None = None  # English, as the worker or this client put it
    kind: str | None = None  # the error's kind, for the page's words (docs/WORKER.md)
    # A hint's or a review's answer whole (docs/WORKER.md): web/hint.py and web/review.py read it.
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


class BotClient:
    """What the page knows of its bot worker; see the module's docstring."""

    def __init__(self) -> None:
        self.launched = False  # the worker was asked to start: state is no longer "off"
        self.started = False  # the worker said it is ready (or failed): state is no longer "loading"
        self.error: str | None = None
        self.python: str | None = None
        self.start_ms: float | None = None
        self._next = 1
        self._out: set[int] = set()  # sent, not answered yet: the worker is busy with them
        self._wanted: dict[int, OnAnswer] = {}

    @property
    def state(self) -> str:
        if self.error is not None:
            return FAILED
        if not self.started:
            return LOADING if self.launched else OFF
        return THINKING if self._out else READY

    def launch(self) -> bool:
        """The worker is to start now (a bot may soon play): True the first
        time, when the caller must start it (main.py: ``caravanBot.start``)."""
        first = not self.launched
        self.launched = True
        return first

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
        rid = self._next
        self._next += 1
        if self.error is not None:
            on_answer(Answer(rid, error=f"the bot cannot play: {self.error}", kind="unavailable"))
            return rid, None
        self.launched = True
        self._out.add(rid)
        self._wanted[rid] = on_answer
        message = {"version": VERSION, "id": rid, "record": record, "seat": seat, "bot": bot, "seed": seed}
        if budget_ms is not None:
            message["budget_ms"] = budget_ms
        return rid, json.dumps(message, separators=(",", ":"))

    def advise(self, kind: str, fields: dict[str, Any], on_answer: OnAnswer) -> tuple[int, str | None]:
        """A hint or review request (``kind``, docs/WORKER.md) with its
        ``fields`` (record, seat or start, seed, budget_ms): as ``request``."""
        assert kind in ADVICE
        rid = self._next
        self._next += 1
        if self.error is not None:
            on_answer(Answer(rid, error=f"the bot cannot play: {self.error}", kind="unavailable"))
            return rid, None
        self.launched = True
        self._out.add(rid)
        self._wanted[rid] = on_answer
        message = {"version": VERSION, "id": rid, "type": kind, **fields}
        return rid, json.dumps(message, separators=(",", ":"))

    def forget(self, rid: int | None = None) -> None:
        """Drop the answer to ``rid`` (every request's, if None) when it comes."""
        if rid is None:
            self._wanted.clear()
        else:
            self._wanted.pop(rid, None)

    def receive(self, text: object) -> Notice | Answer | None:
        """One message from the worker. An answer still wanted is passed to its
        ``on_answer`` and returned; a stale or unreadable one gives None."""
        if not isinstance(text, str):
            return None
        try:
            data = json_loads(text, max_chars=MAX_MESSAGE, max_depth=MAX_DEPTH)
        except JsonRefused:
            return None
        if not isinstance(data, dict) or data.get("version") != VERSION:
            return None
        kind = data.get("type")
        if kind == "ready":
            self.started = True
            self.python = str(data.get("python", ""))
            start = data.get("start_ms")
            self.start_ms = float(start) if isinstance(start, (int, float)) else None
            return Notice("ready")
        if kind in ("failed", "csp"):
            reason = str(data.get("error") or "the bot's worker did not start")
            if kind == "failed":
                self.started = True
                self.error = reason
                self._fail_all(reason)
            return Notice(kind, reason)
        return self._answer(data)

    def _answer(self, data: dict[str, Any]) -> Answer | None:
        rid = data.get("id")
        if type(rid) is not int:
            return None
        self._out.discard(rid)
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
            answer = Answer(
                rid,
                actions=tuple(actions or ()),
                turn_over=data.get("turn_over") is True,
                think_ms=float(think) if isinstance(think, (int, float)) else 0.0,
            )
        on_answer(answer)
        return answer

    def _fail_all(self, reason: str) -> None:
        wanted, self._wanted = self._wanted, {}
        self._out.clear()
        for rid, on_answer in wanted.items():
            on_answer(Answer(rid, error=f"the bot cannot play: {reason}", kind="unavailable"))
