"""The board's part of a frame (web/worker/frames.py ``board_patch``): only
the chunks of ``svg#board`` an update changed (web/board/board_svg.py
``chunked``), which the page puts in place of the elements of their keys
(web/static/patch.js ``patchBoard``, called by web/page/paint.py). Here
the page's side is done on the markup strings, as patch.js does it on the
DOM: the board it then shows must be the new board exactly, as a whole
redraw would draw it."""

from __future__ import annotations

import json
import random
import re
from typing import Any

from tests.web.test_driver import Page
from web.app.view import View
from web.board.board_svg import CHUNK, board_frame, chunked
from web.words.markup import esc
from web.worker.frames import WHOLE_SHARE, Drawn, board_patch

_ATTR = re.compile(r'([^\s=<>"]+)="([^"]*)"')
_CHOICE_TAG = re.compile(r'<g\b[^>]*\brole="button"[^>]*>')


def apply_board(shown: str, board: dict[str, Any]) -> str:
    """What patch.js's ``patchBoard`` makes of the board ``shown``."""
    got = chunked(shown)
    assert got is not None
    tag, chunks = got
    # One parse of the changed chunks' markup, each put at its index, which holds its key.
    fresh = chunked(f"<svg>{board['html']}</svg>") if board["chunks"] else ("", [])
    assert fresh is not None and len(fresh[1]) == len(board["chunks"])
    for (index, key), (new_key, markup) in zip(board["chunks"], fresh[1], strict=True):
        assert chunks[index][0] == key == new_key  # else the page asks for a redraw
        chunks[index] = (key, markup)
    # A chunk whose elements only changed attributes: those set where it is.
    for index, key, element, name, value in board.get("set", []):
        assert chunks[index][0] == key
        chunks[index] = (key, set_attribute(chunks[index][1], element, name, value))
    # The svg's attributes: setAttribute keeps one where it is, adds a new one last.
    attrs = dict(_ATTR.findall(tag))
    for name, value in board.get("attrs", []):
        if value is None:
            attrs.pop(name)
        else:
            attrs[name] = esc(value)
    tag = "<svg" + "".join(f' {name}="{value}"' for name, value in attrs.items()) + ">"
    out = tag + "".join(markup for _, markup in chunks) + "</svg>"
    # The motion's layer emptied, as a whole board has it.
    out = re.sub(r'(<g data-chunk="fx"[^>]*>).*?(</g></svg>)$', r"\1\2", out)
    return set_stop(out, board["stop"])


def set_attribute(markup: str, element: int, name: str, value: str | None) -> str:
    """What ``setAttribute`` (``removeAttribute`` for None) on the element of
    ``markup``'s ``element``-th start tag (from 0) makes of it: a value
    changed where it is, a new attribute last."""
    tag = list(re.finditer(r"<[^/][^>]*>", markup))[element]
    end = "/>" if tag.group(0).endswith("/>") else ">"
    head = tag.group(0)[: -len(end)]
    attrs = dict(_ATTR.findall(head))
    if value is None:
        del attrs[name]
    else:
        attrs[name] = esc(value)
    rebuilt = head.split(None, 1)[0] + "".join(f' {n}="{v}"' for n, v in attrs.items()) + end
    return markup[: tag.start()] + rebuilt + markup[tag.end() :]


def set_stop(board: str, stop: str | None) -> str:
    """The board's one tab stop on the choice ``stop`` names (a selector as
    refocus.css_of writes it), every other choice ``tabindex="-1"``."""
    wanted = None
    if stop is not None:
        m = re.search(r"\[(data-[a-z]+)=(\"[^\"]*\")\]", stop)
        assert m is not None
        wanted = f'{m.group(1)}="{esc(json.loads(m.group(2)))}"'

    def one(m: re.Match[str]) -> str:
        tag = m.group(0)
        value = '"0"' if wanted is not None and f" {wanted}" in tag else '"-1"'
        return re.sub(r'tabindex="-?\d"', f"tabindex={value}", tag)

    return _CHOICE_TAG.sub(one, board)


def choices(board: str) -> list[str]:
    """The board's choices, as ``attr="value"``, in markup order."""
    out = []
    for tag in _CHOICE_TAG.findall(board):
        m = re.search(r'\s(data-action|data-select|data-zoom)="[^"]*"', tag)
        assert m is not None
        out.append(m.group(0).strip())
    return out


def keys_changed(old: str, new: str) -> list[str]:
    was, now = chunked(old), chunked(new)
    assert was is not None and now is not None
    return [key for (key, a), (_, b) in zip(now[1], was[1], strict=True) if a != b]


class Board:
    """The page's board as the frames leave it (the markup of ``#board``)."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.shown = self.drawn()
        self.kinds: list[str] = []

    def drawn(self) -> str:
        parts = self.page.driver.drawn.parts
        assert parts is not None
        return parts[1]

    def click(self, **target: Any) -> dict[str, Any] | None:
        """Click; returns the board's patch of the last frame, if the board changed by chunks."""
        self.page.sent.clear()
        before, drawn = self.shown, self.drawn()
        self.page.post(type="click", keyboard=False, target=target)
        board = None
        for frame in self.page.frames():
            screen = frame.get("screen", {})
            if "whole" in screen or "patch" not in screen or screen["patch"][1] is None:
                continue
            part = screen["patch"][1]
            if "html" in part:
                self.shown = part["html"]
                continue
            board = part["board"]
            self.shown = apply_board(self.shown, board)
            marked = {(m[0], m[1]) for m in board.get("set", [])}
            sent = sorted({(i, key) for i, key in board["chunks"]} | marked)
            assert [key for _, key in sent] == keys_changed(drawn, self.shown)  # only those that changed, all
            drawn = self.shown
            assert len(board["html"]) <= WHOLE_SHARE * len(self.shown)
        assert self.shown == self.drawn() or before == self.shown == self.drawn()
        return board


def playing(search: str = "?seed=1&autostart=2") -> tuple[Page, Board]:
    page = Page()
    page.boot(search)
    return page, Board(page)


def items(page: Page, attr: str) -> list[str]:
    return [i.value for i in page.driver.app.play.board_items if i.attr == attr]  # type: ignore[union-attr]


def test_after_an_action_and_a_selection_the_board_sends_only_the_chunks_that_changed() -> None:
    page, board = playing()
    # The first turn: only placing (R3), the placements are shown at once.
    placement = items(page, "data-action")[0]
    patch = board.click(el={"action": placement})
    assert patch is not None
    assert placement[1:] in [key for _, key in patch["chunks"]]  # the camel on its square
    assert all(key.startswith("to-") or key == placement[1:] for _, key in patch["chunks"])
    # The second player places too; then the first selects their camel (R5: moves).
    while not items(page, "data-select"):
        board.click(el={"action": (items(page, "data-action") or ["end"])[0]})
    source = items(page, "data-select")[0]
    old = board.shown
    patch = board.click(el={"select": source})
    assert patch is not None
    assert ["data-selecting", "true"] in patch["attrs"]
    keys = [key for _, key in patch["chunks"]]
    assert source[-2:] in keys and len(keys) < len(chunked(old)[1]) // 2  # type: ignore[index]
    assert patch["stop"] is not None and patch["stop"].startswith("#board ")  # a choice of the new board


def test_the_tab_stop_the_page_moved_is_put_back_where_the_frame_has_it() -> None:
    _, board = playing()
    old = board.shown
    first, far = choices(old)[0], choices(old)[-1]
    # The page's arrow keys moved the tab stop (web/page/keys.py), unknown to the worker.
    shown = set_stop(old, f"#board .target[{far}]")
    assert shown != old
    # Then another chunk changed, neither of those two (an attribute: set where it is).
    new = old.replace("Place a camel on c1", "Place a camel on c1 (again)")
    patch = board_patch(old, new)
    assert patch is not None and not patch["chunks"] and [m[1] for m in patch["set"]] == ["to-c1"]
    assert patch["stop"] == f"#board .target[{first}]"
    assert apply_board(shown, patch) == new


def test_a_game_of_clicks_keeps_the_patched_board_the_drawn_one() -> None:
    page, board = playing()
    rnd = random.Random(7)
    kinds = set()
    for _ in range(80):
        acts, sources = items(page, "data-action"), items(page, "data-select")
        if acts and rnd.random() < 0.6:
            kind, target = "act", {"el": {"action": rnd.choice(acts)}}
        elif sources:
            kind, target = "select", {"el": {"select": rnd.choice(sources)}}
        else:
            kind, target = "end", {"el": {"action": "end"}}
        if board.click(**target) is not None:
            kinds.add(kind)
        if page.driver.app is not None and page.driver.app.confirming:
            board.click(confirm=True, el={"id": "confirm-end-yes"})
    assert kinds == {"act", "select", "end"}


def test_the_motion_layer_is_emptied_as_a_whole_board_has_it() -> None:
    page, board = playing()
    with_ghosts = board.shown.replace(
        'class="fx" aria-hidden="true"></g>', 'class="fx" aria-hidden="true"><g/></g>'
    )
    assert with_ghosts != board.shown
    board.shown = with_ghosts
    assert board.click(el={"action": items(page, "data-action")[0]}) is not None


def test_another_structure_or_most_of_the_board_is_sent_whole() -> None:
    _, board = playing()
    drawn = board.shown
    same = board_patch(drawn, drawn)
    assert same is not None and same["chunks"] == [] and same["html"] == ""
    assert board_patch(board_frame(), drawn) is None and board_patch(drawn, board_frame()) is None
    fewer = drawn.replace(f'{CHUNK}over"></g>', "")
    assert chunked(fewer) is not None and board_patch(fewer, drawn) is None
    # Every square's chunk changed: more than WHOLE_SHARE of the board.
    bigger = drawn.replace("<title>", "<title>x ").replace('class="hit"', 'class="hit x"')
    assert len(keys_changed(drawn, bigger)) >= 64
    assert board_patch(drawn, bigger) is None


def test_a_chunk_whose_elements_only_changed_attributes_is_sent_as_those_attributes() -> None:
    """A source selected (its class, aria-pressed): the page sets them on the
    elements it has, and keeps the element a tap focused; an attribute the
    page could not put in the new order, or a text, sends the chunk's markup."""
    _, board = playing()
    old = board.shown
    found = re.search(r'<g class="square" data-square="(\w\d)"', old)
    assert found is not None
    tag, name = found.group(0), found.group(1)
    index = [key for key, _ in chunked(old)[1]].index(name)  # type: ignore[index]
    selected = old.replace(tag, tag.replace('"square"', '"square selected"'), 1)
    patch = board_patch(old, selected)
    assert patch is not None and patch["chunks"] == [] and patch["html"] == ""
    assert patch["set"] == [[index, name, 1, "class", "square selected"]]  # 0: the chunk's own <g>
    assert apply_board(old, patch) == selected
    # An attribute before the others: setAttribute would put it last.
    first = old.replace(tag, tag.replace("<g class", '<g data-x="1" class'), 1)
    patch = board_patch(old, first)
    assert patch is not None and "set" not in patch and [key for _, key in patch["chunks"]] == [name]
    # A text changed: the markup.
    title = re.search(rf'data-square="{name}"[^>]*><title>', old)
    assert title is not None
    retitled = old[: title.end()] + "x" + old[title.end() :]
    patch = board_patch(old, retitled)
    assert patch is not None and "set" not in patch and [key for _, key in patch["chunks"]] == [name]


def test_svg_attributes_are_sent_only_when_the_page_can_set_them_in_order() -> None:
    _, board = playing()
    drawn = board.shown
    tag = drawn[: drawn.index(CHUNK)]
    added = drawn.replace(tag, tag[:-1] + ' data-selecting="true">')
    assert board_patch(drawn, added)["attrs"] == [["data-selecting", "true"]]  # type: ignore[index]
    assert board_patch(added, drawn)["attrs"] == [["data-selecting", None]]  # type: ignore[index]
    first = drawn.replace('<svg id="board"', '<svg data-new="1" id="board"')
    assert board_patch(drawn, first) is None  # a new attribute would come last


def test_another_screen_is_sent_to_be_shown_from_its_top() -> None:
    """Issue 28: Play tapped low on a scrolled form opens the game at its top,
    not 280 px down; a redraw of the same screen keeps where it was."""
    drawn = Drawn()
    first = drawn.frame(View("new-game", "<p>form</p>"), keyboard=False)
    assert "top" not in first["screen"], "the first screen after the boot: nothing to scroll back"
    again = drawn.frame(View("new-game", "<p>form again</p>"), keyboard=False)
    assert "top" not in again["screen"]
    draft = drawn.frame(View("game", "<p>board</p>"), keyboard=False, measure=True)
    game = drawn.frame(View("game", "<p>board</p>"), keyboard=False)
    assert draft["screen"]["top"] and game["screen"]["top"]
    assert "top" not in drawn.frame(View("game", "<p>board 2</p>"), keyboard=False)["screen"]
    assert drawn.frame(View("saved", "<p>list</p>"), keyboard=False)["screen"]["top"]
