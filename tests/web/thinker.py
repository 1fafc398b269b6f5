"""Test helper: a fake bot worker for the page's bots, on CPython.

``FakeThinker`` is web/bots/bot_turns.py's ``Thinker`` without a worker: each
request goes through the real protocol (web/bots/botclient.py's text, answered by
web/bots/botworker.py, which plays caravan.bots), answered at once or, with
``hold``, when the test calls ``deliver`` (the bot is "thinking" until then).
``Clock`` is the page's clock, moved by hand; ``run_bots`` does what
web/worker/driver.py's timer does: poll, wait ``bot_delay``, step.
"""

from __future__ import annotations

from collections.abc import Callable

from web.app.app import App
from web.app.saved import Saves
from web.app.storage import MemoryStorage
from web.bots import botworker
from web.bots.botclient import Answer, BotClient


class FakeThinker:
    def __init__(self, *, hold: bool = False, ready: bool = True) -> None:
        self.client = BotClient()
        if ready:
            self.client.receive(botworker.ready())
        self.hold = hold
        self.inbox: list[str] = []
        self.asked: list[dict[str, object]] = []
        # Who answers hints and reviews: the worker's own code unless a test says otherwise.
        self.adviser: Callable[[str], str] = botworker.answer

    @property
    def state(self) -> str:
        return self.client.state

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
        rid, text = self.client.request(record, seat, bot, seed, on_answer, budget_ms=budget_ms)
        self.asked.append({"seat": seat, "bot": bot, "seed": seed, "budget_ms": budget_ms})
        if text is not None:
            self.inbox.append(botworker.answer(text))
            if not self.hold:
                self.deliver()
        return rid

    def advise(self, kind: str, fields: dict[str, object], on_answer: Callable[[Answer], None]) -> int:
        rid, text = self.client.advise(kind, fields, on_answer)
        self.asked.append({"type": kind, **{k: v for k, v in fields.items() if k != "record"}})
        if text is not None:
            self.inbox.append(self.adviser(text))
            if not self.hold:
                self.deliver()
        return rid

    def forget(self, rid: int) -> None:
        self.client.forget(rid)

    def deliver(self) -> None:
        """The worker's answers arrive (in order)."""
        while self.inbox:
            self.client.receive(self.inbox.pop(0))


class Clock:
    def __init__(self, start: int = 1_700_000_000_000) -> None:
        self.ms = start

    def __call__(self) -> int:
        return self.ms


def bot_app(
    thinker: FakeThinker | None = None, storage: MemoryStorage | None = None, *, seed: int = 1
) -> tuple[App, FakeThinker, Clock, MemoryStorage]:
    thinker = thinker if thinker is not None else FakeThinker()
    storage = storage if storage is not None else MemoryStorage()
    clock = Clock()
    app = App(
        seed=seed,
        saves=Saves(storage, "/caravan/"),
        now=clock,
        base_url="https://x.test/caravan/",
        thinker=thinker,
    )
    return app, thinker, clock, storage


def run_bots(app: App, clock: Clock, limit: int = 5_000) -> list[int]:
    """Play the bots' actions as main.py's timer does, until a person is to
    move or the game is over; returns the delays waited, one per action."""
    waited: list[int] = []
    while True:
        app.bot_poll()
        delay = app.bot_delay()
        if delay is None:
            return waited
        assert len(waited) < limit, "the bots did not stop"
        clock.ms += delay
        waited.append(delay)
        assert app.bot_step(), "a due bot action was not played"
