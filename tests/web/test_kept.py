"""What the worker keeps from one frame to the next (web/worker/frames.py
``forget_kept``: the board's squares, its scanned pieces, rule links, the
boards' chunks) changes no frame: a fixed game of taps, keys, two languages,
a resize, an undo and an enlarged square sends the same messages, byte for
byte, as the same game with all of it forgotten before each message."""

from __future__ import annotations

import json
import random
from typing import Any

from caravan.playout import courier_action
from web.app.selection import source_of
from web.board.board_svg import SQUARES_DRAWN
from web.worker.clock import ManualClock
from web.worker.driver import Driver
from web.worker.frames import forget_kept


def _played(forget: bool) -> list[str]:
    sent: list[dict[str, Any]] = []
    ids = iter(f"t1{n:06d}-xxxx" for n in range(1000))
    driver = Driver(sent.append, ManualClock(), lambda: 1_000, lambda: next(ids))

    def post(**message: Any) -> None:
        if forget:
            forget_kept()
        message["version"] = 1
        driver.receive(json.dumps(message))

    def click(el: dict[str, Any], *, keyboard: bool = False) -> None:
        post(type="click", keyboard=keyboard, target={"el": el})
        if driver.app is not None and driver.app.confirming:
            post(type="click", keyboard=keyboard, target={"el": {"id": "confirm-end-yes"}, "confirm": True})

    page = {"search": "?seed=1&autostart=2", "pathname": "/caravan/", "base_url": "https://x.test/caravan/"}
    post(type="boot", page={**page, "hash": "", "lang": "en"}, local={}, session={})
    post(type="scale", draft=True, screen="game", width=600.0)
    app = driver.app
    assert app is not None and app.game is not None
    rng = random.Random(1)
    for n in range(14):
        chosen = courier_action(app.game, rng)
        action = str(chosen)
        source = source_of(chosen)
        if source:
            click({"select": source}, keyboard=n == 2)
        if n == 3:  # Escape drops the selection; the action is clicked without one
            post(type="key", what="escape", key="Escape")
        if n == 4:
            post(type="click", keyboard=False, target={"board": True, "square": "a1"})
            click({"zoom": "d4"})
            click({"id": "square-view-close"})
        if n == 5:
            post(type="language", code="es")
        if n == 6:  # a smaller board: its scale changes
            post(type="resize", width=420.0)
            post(type="scale", screen="game", width=420.0)
        if n == 8:
            post(type="language", code="en")
        click({"action": action}, keyboard=n == 2)
        if n == 9:  # taken back and played again: positions drawn before
            click({"id": "undo"})
            click({"id": "redo"})
    assert app.screen == "game" and len(app.game.history) >= 14
    return [json.dumps(m, sort_keys=True) for m in sent]


def test_the_frames_drawn_with_what_was_kept_are_those_drawn_without() -> None:
    kept = _played(forget=False)
    assert SQUARES_DRAWN.kept, "squares were kept"
    fresh = _played(forget=True)
    assert len(kept) == len(fresh) > 40
    for n, (a, b) in enumerate(zip(kept, fresh, strict=True)):
        assert a == b, f"message {n} differs"
