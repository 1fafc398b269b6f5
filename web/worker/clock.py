"""Time in the app worker: the worker's own timers (web/worker/entry.py
binds them to JavaScript's), or a manual clock: in tests, and for the
scratch game's driver (web/worker/warmup.py), which never advances it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol


class Clock(Protocol):
    def now(self) -> float:
        """Milliseconds, monotonic."""

    def later(self, ms: int, fn: Callable[[], None]) -> Any:
        """Call ``fn`` once after ``ms``; a handle for ``cancel``."""

    def cancel(self, handle: Any) -> None: ...


class ManualClock:
    """Timers that run when their owner says the time has come (``advance``)."""

    def __init__(self) -> None:
        self.ms = 0.0
        self.timers: dict[int, tuple[float, Callable[[], None]]] = {}
        self._next = 1

    def now(self) -> float:
        return self.ms

    def later(self, ms: int, fn: Callable[[], None]) -> int:
        handle = self._next
        self._next += 1
        self.timers[handle] = (self.ms + ms, fn)
        return handle

    def cancel(self, handle: Any) -> None:
        self.timers.pop(handle, None)

    def advance(self, ms: float) -> None:
        """Move time on, running every timer that falls due, in order."""
        end = self.ms + ms
        while True:
            due = [(at, h) for h, (at, _) in self.timers.items() if at <= end]
            if not due:
                break
            at, handle = min(due)
            self.ms = max(self.ms, at)
            _, fn = self.timers.pop(handle)
            fn()
        self.ms = end
