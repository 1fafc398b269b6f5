"""The app worker's line to the bot worker, through the page.

The bots think in a worker of their own (docs/WORKER.md): a think must never
delay the answer to a tap, which this worker gives. Its messages reach this
worker through the page (``bot`` messages in, ``bot-post`` out); this module
holds the page's side of the bot protocol (web/bots/botclient.py), starts the bot
worker only when a bot may play, times a bot's next action and each
request's deadline, and tells the page the bot's state (``<html data-bot>``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from web.bots.botclient import Answer, BotClient, Notice, OnAnswer

from .clock import Clock

# The buttons that ask the bot again after a failure: a worker given up (it did not
# start, stopped answering, or answered nonsense) is replaced by a new one first.
ASK_AGAIN = ("bot-retry", "hint", "review-again")


class BotLink:
    """The bot worker as web/bots/bot_turns.py's Thinker, and its timers."""

    def __init__(self, send: Callable[[dict[str, Any]], None], clock: Clock) -> None:
        self.client = BotClient(now=clock.now)
        self.send = send
        self.clock = clock
        self.shown = ""  # the state the page was last told
        self.deadline_timer: Any = None
        self.on_settled: Callable[[], None] = lambda: None  # the driver redraws

    # ------------------------------------------------- Thinker (web/bots/bot_turns.py)

    @property
    def state(self) -> str:
        return self.client.state

    def think(
        self,
        record: str,
        seat: int,
        bot: str,
        seed: int,
        on_answer: OnAnswer,
        *,
        budget_ms: int | None = None,
    ) -> int:
        """Ask the worker for ``bot``'s turn in ``record``; ``on_answer`` gets it."""
        rid, text = self.client.request(record, seat, bot, seed, on_answer, budget_ms=budget_ms)
        if text is not None:
            self.send({"type": "bot-post", "text": text})
        self.changed()
        return rid

    def advise(self, kind: str, fields: dict[str, Any], on_answer: OnAnswer) -> int:
        rid, text = self.client.advise(kind, fields, on_answer)
        if text is not None:
            self.send({"type": "bot-post", "text": text})
        self.changed()
        return rid

    def forget(self, rid: int) -> None:
        self.client.forget(rid)

    # ------------------------------------------------------------ the worker

    def start(self) -> None:
        """Start the bot worker (once): a bot may soon play."""
        if self.client.launch() and self.client.error is None:
            self.send({"type": "bot-start"})
        self.changed()

    def restart(self) -> None:
        """A new worker for one given up (docs/WORKER.md, "Deadlines")."""
        if self.client.restart():
            self.send({"type": "bot-restart"})
            self.changed()

    def changed(self) -> None:
        """After anything that changed the worker's state: the page's
        ``data-bot``, and one timer for the deadline of what is awaited."""
        state = self.client.state
        if state != self.shown:
            self.shown = state
            self.send({"type": "bot-state", "state": state})
        if self.deadline_timer is not None:
            self.clock.cancel(self.deadline_timer)
            self.deadline_timer = None
        due = self.client.deadline()
        if due is not None:
            self.deadline_timer = self.clock.later(max(0, int(due - self.clock.now()) + 1), self._expire)

    def _expire(self) -> None:
        """A worker overdue is given up, and its requests fail."""
        self.deadline_timer = None
        if self.client.expire():
            self.send(
                {"type": "log", "level": "warn", "text": f"caravan: the bot cannot play: {self.client.error}"}
            )
            self.changed()
            self.on_settled()
        else:
            self.changed()  # not due yet (or the device slept): wait again

    def receive(self, text: str) -> None:
        """A message of the bot worker, as the page got it."""
        got = self.client.receive(text)
        if isinstance(got, Notice) and got.kind == "csp":
            self.send(
                {"type": "log", "level": "error", "text": f"CSP violation: (in the bot worker) {got.text}"}
            )
        elif isinstance(got, Notice) and got.kind in ("failed", "error"):
            self.send({"type": "log", "level": "warn", "text": f"caravan: the bot cannot play: {got.text}"})
        self.changed()
        if isinstance(got, (Answer, Notice)):
            self.on_settled()
