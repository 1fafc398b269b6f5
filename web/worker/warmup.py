"""A game played in the worker, unseen, while the player looks at the first
screen, so that the interpreter's hot code is compiled before the first turn.

Pyodide's interpreter is WebAssembly. V8 runs it first in its quick baseline
tier and compiles a function again with its optimizing tier, on other
threads, once the function has run enough. The first taps of a game are what
make most of it run enough: on this machine that compile took 1.9-2.6 s of
CPU in the first turn, and it competed with the slowed page's thread for two
cores (docs/WORKER.md, "The first turn's long tasks"). A scratch game played
here while the player is still, by a second ``Driver`` fed the messages the
page sends for taps, runs the same code first.

The scratch driver is the player's in every way but its ends: what it sends
is made into JSON and thrown away, its storage is a copy of nothing, its
timers never run (it has no bot). It shares the process's state with the
player's app only where that state is the same for both: caches keyed by
what they hold. The language the scratch app sets at its boot is the
player's, and the player's is put back after each step (``i18n.kept``).

One tap (a source, an action, or Yes) and its frame per step, each step a
task of its own: a tap that comes meanwhile waits at most one step. A
message of the page (``touched``) pauses it until the player has been
still for ``QUIET_MS``, and so does the bot worker starting or thinking,
whose work it would slow.
"""

from __future__ import annotations

import json
import random
from typing import Any

from caravan.playout import courier_action
from web.board.board_svg import VIEW
from web.bots.botclient import LOADING, THINKING
from web.words import i18n

from .clock import Clock, ManualClock
from .driver import VERSION, Driver

STEPS = 48  # its boot, then taps: sources, actions, Yes (32 actions: two rounds and more of 2 players)
QUIET_MS = 400  # a step waits until the page has sent nothing for this long
BOT_BUSY = (LOADING, THINKING)  # the bot worker's states a step waits out (web/bots/botclient.py)
GAP_MS = 1  # between two steps: a task of the page's in between is handled first
WIDTH = 340.0  # the board's width on screen (px) when the page has not measured it


def _discard(message: dict[str, Any]) -> None:
    json.dumps(message, separators=(",", ":"))  # as web/worker/entry.py sends it: that code runs too


class Warmup:
    """The scratch game beside ``player`` (the page's driver), stepped on ``clock``."""

    def __init__(self, clock: Clock, player: Driver, steps: int = STEPS) -> None:
        self.clock = clock
        self.player = player
        self.left = steps
        self.taps = 0  # of the scratch game, played so far
        self.rng = random.Random(1)
        self.started = False
        self.last_touch = clock.now()
        self.scratch: Driver | None = None

    def touched(self) -> None:
        """The page sent a message; the first step comes once the player's app is booted."""
        self.last_touch = self.clock.now()
        if not self.started and self.player.booted:
            self.started = True
            self.clock.later(QUIET_MS, self.step)

    @property
    def done(self) -> bool:
        return self.left <= 0

    def step(self) -> None:
        if self.done:
            return
        wait = self.last_touch + QUIET_MS - self.clock.now()
        if self.player.bots.state in BOT_BUSY:  # it would take the cores from the bot's start or think
            wait = max(wait, QUIET_MS)
        if wait > 0:
            self.clock.later(int(wait) + 1, self.step)
            return
        self.left -= 1
        with i18n.kept():  # the scratch app sets the language at its boot: the player's stays
            if self.scratch is None:
                self.scratch = self._boot()
            else:
                self._play(self.scratch)
        if self.done:
            self.scratch = None  # its game and frames are garbage now
            self.player.send({"type": "warmed", "taps": self.taps})  # <html data-warmed> (tests, benches)
        else:
            self.clock.later(GAP_MS, self.step)

    def _boot(self) -> Driver:
        # Its clock is never advanced: it has no bot, whose timers are the driver's only ones.
        scratch = Driver(_discard, ManualClock(), lambda: 0, lambda: "warmup")
        app = self.player.app
        game = app.game if app is not None else None
        players = len(game.options.players) if game is not None else 2
        page = {
            "search": f"?seed=1&autostart={players}",
            "pathname": "/warmup/",
            "lang": i18n.lang(),
            "reduced": True,
            "board_width": self.player.unit_px * VIEW or WIDTH,  # no draft frame waits to be measured
        }
        _give(scratch, {"type": "boot", "page": page, "local": {}, "session": {}})
        return scratch

    def _play(self, scratch: Driver) -> None:
        """One tap: a source on the board, an action of the courier's, or Yes to End turn's question."""
        app = scratch.app
        game = app.game if app is not None else None
        if app is None or game is None or game.is_over():
            self.left = 0
            return
        if app.confirming:
            target: dict[str, Any] = {"el": {"id": "confirm-end-yes"}, "confirm": True}
        elif self.left % 2 and (
            sources := [i.value for i in app.play.board_items if i.attr == "data-select"]
        ):
            target = {"el": {"select": self.rng.choice(sources)}, "board": True}
        else:
            target = {"el": {"action": str(courier_action(game, self.rng))}, "board": True}
        _give(scratch, {"type": "click", "target": target})
        self.taps += 1


def _give(scratch: Driver, msg: dict[str, Any]) -> None:
    msg["version"] = VERSION
    scratch.receive(json.dumps(msg))
