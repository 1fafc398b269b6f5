"""The app worker's entry (web/static/app-worker.mjs calls ``start`` once
Python is ready, then ``receive`` for each of the page's messages, in
order): binds the driver (web/worker/driver.py) to JavaScript's timers,
clock and ids. The only module of the worker that imports ``js``."""

from __future__ import annotations

import json
import traceback
from collections.abc import Callable
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_once_callable  # type: ignore[import-not-found]

from .driver import Driver
from .warmup import Warmup


class _JsClock:
    """The worker's own setTimeout: a bot's pace and each request's deadline."""

    def now(self) -> float:
        return float(js.performance.now())

    def later(self, ms: int, fn: Callable[[], None]) -> Any:
        return js.setTimeout(create_once_callable(_reported(fn)), ms)

    def cancel(self, handle: Any) -> None:
        js.clearTimeout(handle)


def _now_ms() -> int:
    return int(js.Date.now())


def _new_id() -> str:
    try:
        return str(js.crypto.randomUUID())
    except Exception:  # not a secure context (http on a LAN address)
        return f"{_now_ms():x}-{int(js.Math.random() * 2**40):x}"


_post: list[Callable[[str], None]] = []
_driver: list[Driver] = []
_warmup: list[Warmup] = []


def _send(message: dict[str, Any]) -> None:
    _post[0](json.dumps(message, separators=(",", ":")))


def _reported(fn: Callable[[], None]) -> Callable[[], None]:
    """A timer's callback whose failure reaches the page's console."""

    def run() -> None:
        try:
            fn()
        except Exception:
            _send({"version": 1, "type": "log", "level": "error", "text": traceback.format_exc()})

    return run


def start(post: Any) -> None:
    """Python is ready: ``post`` sends a message's text to the page."""
    _post.append(lambda text: post(text))
    driver = Driver(_send, _JsClock(), _now_ms, _new_id)
    _driver.append(driver)
    _warmup.append(Warmup(_JsClock(), driver))


_received = [0]


def receive(text: str) -> None:
    """One message of the page; a failure is reported, never raised into
    JavaScript. Then ``done`` with how many were handled (boot.js's
    ``caravanSettled``)."""
    driver = _driver[0]
    _received[0] += 1
    try:
        driver.receive(str(text))
    except Exception as e:
        booting = driver.app is None
        detail = traceback.format_exc()
        if booting:  # the page cannot start: it says so (boot.js's error screen)
            _send({"version": 1, "type": "failed", "error": f"{type(e).__name__}: {e}", "detail": detail})
        else:
            _send({"version": 1, "type": "log", "level": "error", "text": detail})
    _post[0](f'{{"version":1,"type":"done","n":{_received[0]}}}')
    _warmup[0].touched()  # the scratch game waits for the player to be still (web/worker/warmup.py)
