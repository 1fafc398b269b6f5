"""What the page is sent to draw: one ``frame`` message per update.

The worker keeps what the page has drawn (``Drawn``), so a frame carries
only what changed: the header, the rules layer, and the screen either whole
or as the parts of the game screen that changed (web/app/view.py ``parts``),
the log's new lines alone when the log only grew. The page (web/page/paint.py)
applies a frame as it comes and never compares markup itself. The fields
are listed in docs/WORKER.md ("The app worker").
"""

from __future__ import annotations

from typing import Any

from web.app.view import View
from web.board.keynav import ARROWS
from web.board.motion import Motion

LOG_PART = 5  # View.parts: the log's box (web/app/view.py SIDE_BOXES, from index 3)


def log_added(old: str, new: str) -> str | None:
    """The lines ``new`` adds on top of the log as drawn (``old``), when
    ``new`` is ``old`` with lines added above (newest first); None when it
    changed otherwise (an undo, another language, the first line)."""
    cut_old, cut_new = old.find("<li"), new.find("<li")
    if cut_old < 0 or cut_new < 0 or new[:cut_new] != old[:cut_old] or not new.endswith(old[cut_old:]):
        return None
    return new[cut_new : len(new) - (len(old) - cut_old)]


def motion_fields(motion: Motion | None) -> dict[str, Any] | None:
    if motion is None or not motion:
        return None
    return {
        "ghosts": motion.ghosts,
        "anims": [
            {"selector": a.selector, "keyframes": a.keyframes, "duration": a.duration, "delay": a.delay}
            for a in motion.anims
        ],
    }


class Drawn:
    """What the page shows now, as the frames sent so far left it."""

    def __init__(self) -> None:
        self.header = ""
        self.rules = ""
        self.markup = ""
        self.parts: tuple[str, ...] | None = None
        self.name = "loading"  # the screen last drawn (not a draft drawn to be measured)
        self.seq = 0

    def forget_screen(self) -> None:
        """The page could not patch what it holds: the next frame draws the screen whole."""
        self.parts = None
        self.markup = ""

    def frame(self, view: View, *, keyboard: bool, measure: bool = False) -> dict[str, Any]:
        """The frame that brings the page from what it shows to ``view``."""
        self.seq += 1
        out: dict[str, Any] = {"version": 1, "type": "frame", "seq": self.seq, "keyboard": keyboard}
        if view.header != self.header:
            out["header"] = self.header = view.header
        if view.rules:
            out["rules"] = None if view.rules == self.rules else view.rules
            self.rules = view.rules
            return out  # the screen under the reference is left as it is
        if self.rules:
            self.rules = ""
            out["closing"] = True
            if view.markup == self.markup:
                return out  # nothing changed under it: back as it was
        out["screen"] = self._screen(view, measure)
        return out

    def _screen(self, view: View, measure: bool) -> dict[str, Any]:
        # The contract's state (docs/UI-CONTRACT.md) goes with data-screen, the draft's too.
        s: dict[str, Any] = {"name": view.screen, "record": view.record, "seat": view.seat, "left": view.left}
        if measure:
            # An empty board of the same size, laid out to be measured (web/page/paint.py).
            s["draft"] = view.markup
            self.markup, self.parts = "", None
            return s
        s.update(title=view.title, modal=view.modal, focus=view.focus)
        same = self.name == view.screen
        if not same or self.parts is None or view.parts is None:
            if not same or view.markup != self.markup:
                s["whole"] = view.markup
        else:
            patch: list[dict[str, str] | None] = []
            for i, (old, new) in enumerate(zip(self.parts, view.parts, strict=True)):
                if old == new:
                    patch.append(None)
                    continue
                added = log_added(old, new) if i == LOG_PART else None
                patch.append({"html": new} if added is None else {"add": added})
            if any(p is not None for p in patch):
                s["patch"] = patch
        self.markup = view.markup
        self.parts = None if view.parts is None else tuple(view.parts)
        self.name = view.screen
        return s


def arrow_map(items: list[str], step: Any) -> dict[str, dict[str, str]]:
    """For each board choice (a selector), where each arrow key moves focus
    (web/board/keynav.py through ``step(css, key)``): the page moves focus at
    once, without asking the worker between two key presses."""
    out: dict[str, dict[str, str]] = {}
    for css in items:
        moves = {}
        for key in ARROWS:
            to = step(css, key)
            if to is not None:
                moves[key] = to
        if moves:
            out[css] = moves
    return out
