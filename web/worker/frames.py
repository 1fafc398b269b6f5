"""What the page is sent to draw: one ``frame`` message per update.

The worker keeps what the page has drawn (``Drawn``), so a frame carries
only what changed: the header, the rules layer, and the screen either whole
or as the parts of the game screen that changed (web/app/view.py ``parts``),
the log's new lines alone when the log only grew, the board's changed chunks
alone when its structure stayed (``board_patch``). The page (web/page/paint.py)
applies a frame as it comes and never compares markup itself. The fields
are listed in docs/WORKER.md ("The app worker").
"""

from __future__ import annotations

import functools
import re
from typing import Any

from web.app.view import View
from web.board import keynav
from web.board.board_svg import SQUARES_DRAWN, chunked
from web.board.motion import Motion
from web.page.refocus import css_of
from web.words import phrases
from web.words.markup import link_rules, unesc

BOARD_PART = 1  # View.parts: the board, svg#board
FIRST = 2  # View.parts before this one (the banner, the board) answer a tap on the board: painted first
LOG_PART = 5  # View.parts: the log's box (web/app/view.py SIDE_BOXES, from index 3)


def log_added(old: str, new: str) -> str | None:
    """The lines ``new`` adds on top of the log as drawn (``old``), when
    ``new`` is ``old`` with lines added above (newest first); None when it
    changed otherwise (an undo, another language, the first line)."""
    cut_old, cut_new = old.find("<li"), new.find("<li")
    if cut_old < 0 or cut_new < 0 or new[:cut_new] != old[:cut_old] or not new.endswith(old[cut_old:]):
        return None
    return new[cut_new : len(new) - (len(old) - cut_old)]


# ``chunked`` of the boards of the last frames: this frame's new board is
# the next one's old one (read only: board_patch never changes a result).
_chunked = functools.lru_cache(maxsize=4)(chunked)
WHOLE_SHARE = 0.75  # changed chunks holding more of the board than this: the board is sent whole
_ATTR = re.compile(r'([^\s=<>"]+)="([^"]*)"')
_CHOICE = ("data-action", "data-select", "data-zoom")  # a board choice's keys, as the page reads them


def board_patch(old: str, new: str) -> dict[str, Any] | None:
    """The board's part of a patch, from the board as drawn (``old``) to
    ``new`` (web/board/board_svg.py ``chunked``): ``chunks``, the
    ``[index, key]`` of each chunk that changed (its place among the
    ``svg``'s children, and its key, which the page checks), in order, and
    ``html``, their new markup one after the other, which the page parses
    at once and puts in their places; ``set``, when only attributes of a
    chunk's elements changed, those (``[index, key, element, name, value]``,
    ``_only_attrs``) instead of its markup; ``attrs``, the ``svg``'s attributes
    that changed (``[name, value]``, value None: removed), when any did;
    ``stop``, the selector of the board's one tab stop (roving tabindex) in
    ``new``, or None when it has no choices: the page moves the tab stop
    along the arrow keys without asking, so a chunk it kept may hold a stop
    of its own. None when the board is better sent whole: another structure
    (other keys, an attribute the page could not set in ``new``'s order) or
    chunks that hold most of it (``WHOLE_SHARE``)."""
    was, now = _chunked(old), _chunked(new)
    if was is None or now is None or [k for k, _ in was[1]] != [k for k, _ in now[1]]:
        return None
    changed: list[tuple[int, str, str]] = []
    marks: list[list[Any]] = []
    share = 0  # the markup of the chunks that changed, however they are sent
    for i, ((key, markup), (_, before)) in enumerate(zip(now[1], was[1], strict=True)):
        if markup == before:
            continue
        share += len(markup)
        only = _only_attrs(before, markup)
        if only is None:
            changed.append((i, key, markup))
        else:
            marks += [[i, key, element, name, value] for element, name, value in only]
    if share > WHOLE_SHARE * len(new):
        return None
    html = "".join(markup for _, _, markup in changed)
    out: dict[str, Any] = {"chunks": [[i, key] for i, key, _ in changed], "html": html}
    if marks:
        out["set"] = marks
    if was[0] != now[0]:
        attrs = _attrs_changed(was[0], now[0])
        if attrs is None:
            return None
        out["attrs"] = attrs
    out["stop"] = None
    at = new.find(' tabindex="0"')
    if at >= 0:
        tag = dict(_ATTR.findall(new[new.rfind("<", 0, at) : new.find(">", at)]))
        choice = next((k for k in _CHOICE if k in tag), None)
        if choice is None or new.count(f'{choice}="{tag[choice]}"') != 1:
            return None  # not a choice the page can name alone
        out["stop"] = css_of(choice, unesc(tag[choice]))
    return out


_TOKEN = re.compile(r"<[^>]*>|[^<]+")


def _only_attrs(old: str, new: str) -> list[tuple[int, str, str | None]] | None:
    """The attributes to set for a chunk drawn as ``old`` to become ``new``
    (``(element, name, value)``, ``element`` the place of its start tag
    among the chunk's, from 0 for the chunk's own; value None: removed), when
    they are all that differs (the same elements, texts and end tags), in an
    order ``setAttribute`` gives (``_attrs_changed``); None otherwise. A
    source selected or let go, the tab stop moved: the page sets them where
    the chunk is, instead of parsing it again and replacing the element a
    tap has just focused."""
    a, b = _TOKEN.findall(old), _TOKEN.findall(new)
    if len(a) != len(b):
        return None
    out: list[tuple[int, str, str | None]] = []
    element = -1
    for x, y in zip(a, b, strict=True):
        start = x.startswith("<") and not x.startswith("</")
        element += start
        if x == y:
            continue
        if not start or x.split(None, 1)[0] != y.split(None, 1)[0] or x.endswith("/>") != y.endswith("/>"):
            return None
        pairs = _attrs_changed(x, y)
        if pairs is None:
            return None
        out += [(element, str(pair[0]), pair[1]) for pair in pairs]
    return out


def _attrs_changed(old: str, new: str) -> list[list[str | None]] | None:
    """The attributes of the start tag ``new`` that differ from ``old``'s,
    as the page sets them (``setAttribute`` keeps an attribute where it is
    and adds a new one last; None: removed); None when that would not give
    ``new``'s order."""
    was, now = dict(_ATTR.findall(old)), _ATTR.findall(new)
    names = [n for n, _ in now]
    if [n for n in was if n in dict(now)] + [n for n in names if n not in was] != names:
        return None
    out: list[list[str | None]] = [[n, None] for n in was if n not in dict(now)]
    out += [[n, unesc(v)] for n, v in now if was.get(n) != v]
    return out


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

    def frame(
        self, view: View, *, keyboard: bool, measure: bool = False, board: bool = False
    ) -> dict[str, Any]:
        """The frame that brings the page from what it shows to ``view``;
        ``board``: the answer to a tap on the board (a source selected, an
        action played), whose patch says so in ``first`` when it changes
        parts on either side of ``FIRST``: the page paints the banner and the
        board in a frame of their own, and the side column in the next."""
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
        patch = out["screen"].get("patch")
        if board and patch is not None and any(patch[:FIRST]) and any(patch[FIRST:]):
            out["screen"]["first"] = FIRST
        return out

    def _screen(self, view: View, measure: bool) -> dict[str, Any]:
        # The contract's state (docs/UI-CONTRACT.md) goes with data-screen, the draft's too.
        s: dict[str, Any] = {"name": view.screen, "record": view.record, "seat": view.seat, "left": view.left}
        if self.name not in ("loading", view.screen):
            # Another screen starts at the top of the page, not where the last one was scrolled.
            s["top"] = True
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
            patch: list[dict[str, Any] | None] = []
            for i, (old, new) in enumerate(zip(self.parts, view.parts, strict=True)):
                if old == new:
                    patch.append(None)
                    continue
                if i == BOARD_PART:
                    board = board_patch(old, new)
                    patch.append({"html": new} if board is None else {"board": board})
                    continue
                added = log_added(old, new) if i == LOG_PART else None
                patch.append({"html": new} if added is None else {"add": added})
            if any(p is not None for p in patch):
                s["patch"] = patch
        self.markup = view.markup
        self.parts = None if view.parts is None else tuple(view.parts)
        self.name = view.screen
        return s


def forget_kept() -> None:
    """Everything the worker keeps from one frame to the next to draw the
    next one sooner, forgotten: the board's squares (web/board/board_svg.py
    ``SQUARES_DRAWN``), its scanned pieces (web/board/keynav.py), the rule
    links (web/words/markup.py), the actions' words (web/words/phrases.py)
    and the boards' chunks here. No frame depends on it: tests/web/test_kept.py
    draws the same frames with all of it forgotten before each message."""
    SQUARES_DRAWN.forget()
    keynav.forget_kept()
    phrases.forget_kept()
    link_rules.cache_clear()
    _chunked.cache_clear()
