"""The app worker's side of the page (web/worker/driver.py, docs/WORKER.md
"The app worker"): the page's messages in, frames and storage writes out,
as the page would see them, without a browser."""

from __future__ import annotations

import itertools
import json
import re
from typing import Any

from web.worker.clock import ManualClock
from web.worker.driver import Driver

PATH = "/caravan/"
_TABS = itertools.count(1)


class Page:
    """The page's end of the line: what the worker sent, and what it can send."""

    def __init__(self, local: dict[str, str] | None = None, problem: str = "") -> None:
        self.sent: list[dict[str, Any]] = []
        self.clock = ManualClock()
        tab = next(_TABS)  # its own ids: a tab's revisions carry the first 8 characters of one
        ids = iter(f"t{tab}{n:06d}-xxxx" for n in range(10_000))
        self.driver = Driver(self.sent.append, self.clock, lambda: 1_000, lambda: next(ids))
        self.local = {} if local is None else dict(local)
        self.problem = problem

    def post(self, **message: Any) -> None:
        message["version"] = 1
        self.driver.receive(json.dumps(message))

    def boot(self, search: str = "") -> None:
        page = {
            "search": search,
            "pathname": PATH,
            "base_url": "https://x.test" + PATH,
            "hash": "",
            "lang": "en",
        }
        local = None if self.problem == "disabled" else self.local
        self.post(type="boot", page=page, local=local, local_problem=self.problem, session={})
        self.measure()

    def measure(self) -> None:
        """Answer a draft frame as the page does: the board's width."""
        for f in self.frames():
            if "draft" in f.get("screen", {}):
                self.sent[:] = [m for m in self.sent if m["type"] != "frame"]
                self.post(type="scale", draft=True, screen=f["screen"]["name"], width=600.0)

    def frames(self) -> list[dict[str, Any]]:
        return [m for m in self.sent if m["type"] == "frame"]

    def last_screen(self) -> dict[str, Any]:
        screen: dict[str, Any] = [f for f in self.frames() if "screen" in f][-1]["screen"]
        return screen

    def writes(self) -> list[list[Any]]:
        out = []
        for m in self.sent:
            if m["type"] == "store":
                out += m["writes"]
        return out

    def apply_writes(self) -> None:
        for op, area, key, value, _expect in self.writes():
            if area == "local":
                if op == "set":
                    self.local[key] = value
                else:
                    self.local.pop(key, None)


def test_boot_draws_the_new_game_form_whole_and_says_it_is_ready() -> None:
    page = Page()
    page.boot()
    frame = page.frames()[-1]
    assert frame["screen"]["name"] == "new-game"
    assert "whole" in frame["screen"] and "start-game" in frame["screen"]["whole"]
    assert frame["after"] == ["ready"]
    assert frame["announce"] == "Caravan is ready."  # issue 28: said through #announcer


def test_a_game_screen_is_first_laid_out_as_a_draft_to_measure_the_board() -> None:
    page = Page()
    page.post(type="boot", page={"search": "?seed=1&autostart=2", "pathname": PATH}, local={}, session={})
    draft = page.frames()[-1]
    assert "draft" in draft["screen"] and draft["screen"]["name"] == "game"
    page.measure()
    drawn = page.frames()[-1]["screen"]
    assert "whole" in drawn and drawn["record"] is not None  # the contract's record (docs/UI-CONTRACT.md)
    assert page.frames()[-1]["after"] == ["ready"]
    # Issue 28: ready, then the game's start: who plays in which colour, whose turn.
    assert page.frames()[-1]["announce"] == (
        "Caravan is ready. New game: Player 1, yellow; Player 2, black; Player 1 to play, 1 action."
    )


def test_a_tap_on_a_supply_camel_sends_only_the_parts_that_changed() -> None:
    page = Page()
    page.boot("?seed=1&autostart=2")
    page.sent.clear()
    page.post(type="click", keyboard=False, target={"el": {"select": "supply", "id": "supply"}})
    screen = page.last_screen()
    assert "whole" not in screen
    changed = [i for i, p in enumerate(screen["patch"]) if p is not None]
    assert 1 in changed  # the board shows the placements (R3)
    assert len(changed) < 8


def test_an_action_is_saved_by_writes_the_page_makes_in_local_storage() -> None:
    page = Page()
    page.boot("?seed=1&autostart=2")
    page.post(type="click", keyboard=False, target={"el": {"select": "supply", "id": "supply"}})
    action = next(i for i in page.driver.app.play.board_items if i.attr == "data-action")  # type: ignore[union-attr]
    page.sent.clear()
    page.post(type="click", keyboard=False, target={"el": {"action": action.value}})
    keys = [w[2] for w in page.writes() if w[0] == "set" and w[1] == "local"]
    assert any(k.startswith("caravan:" + PATH) for k in keys)
    screen = page.last_screen()
    log = screen["patch"][5]
    assert log is not None  # the log gained the placement's line


def test_storage_full_at_boot_is_said_when_the_first_action_is_saved() -> None:
    page = Page(problem="full")
    page.boot("?seed=1&autostart=2")
    page.post(type="click", keyboard=False, target={"el": {"select": "supply", "id": "supply"}})
    action = next(i for i in page.driver.app.play.board_items if i.attr == "data-action")  # type: ignore[union-attr]
    page.post(type="click", keyboard=False, target={"el": {"action": action.value}})
    assert "storage for this page is full" in json.dumps(page.frames()[-1])


def test_a_write_refused_later_is_said_and_the_copy_takes_the_real_value_back() -> None:
    page = Page()
    page.boot("?seed=1&autostart=2")
    key = next(w[2] for w in page.writes() if w[0] == "set")
    page.sent.clear()
    page.post(type="stored", failed=[{"area": "local", "key": key, "actual": None, "problem": "full"}])
    assert page.driver.local.items.get(key) is None
    assert "storage for this page is full" in json.dumps(page.frames()[-1])


def test_another_tabs_write_reaches_the_copy() -> None:
    page = Page()
    page.boot()
    page.post(type="storage", key="caravan:other", value="x")
    assert page.driver.local.get("caravan:other") == "x"
    page.post(type="storage", key=None, items={"a": "b"})
    assert page.driver.local.keys() == ["a"]


def test_the_keys_the_game_screen_takes_are_sent_for_prevent_default() -> None:
    page = Page()
    page.boot("?seed=1&autostart=2")
    keys = [f["keys"] for f in page.frames() if "keys" in f][-1]  # the page keeps the last sent
    assert "u" in keys["plain"] and "e" in keys["plain"] and "z" in keys["ctrl"]
    page.post(type="key", what="shortcut", key="e", ctrl=False, shift=False)  # R6: asks first, actions left
    assert page.frames()[-1]["keys"]["confirming"] is True
    page.post(type="key", what="shortcut", key="n", ctrl=False, shift=False)  # no: the turn goes on
    assert page.frames()[-1]["keys"]["confirming"] is False
    # The same keys: none sent again.
    page.post(type="click", keyboard=False, target={"el": {"select": "supply", "id": "supply"}})
    assert "keys" not in page.frames()[-1]


def test_arrow_moves_between_board_choices_are_sent_with_the_board() -> None:
    page = Page()
    page.boot("?seed=1&autostart=2")  # the camels in supply are selected: their placements (R3)
    nav = page.frames()[-1]["nav"]
    assert len(nav) == 49 and all(
        set(moves) <= {"ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"} for moves in nav.values()
    )


def test_the_arrow_map_comes_back_when_the_reference_closes_over_a_board_that_changed_under_it() -> None:
    page = Page()
    page.boot("?seed=1&autostart=2")
    page.post(type="click", keyboard=False, target={"rules": {"open": "rules"}})
    assert page.frames()[-1]["nav"] == {}  # no arrow moves under the reference
    # The board's choices change under it (here a click that reached the worker; the page's
    # layer covers the board, but another tab's action reaches it the same way).
    page.post(type="click", keyboard=False, target={"el": {"select": "supply", "id": "supply"}})
    page.post(type="click", keyboard=False, target={"rules": {"id": "rules-back"}})
    nav = [f["nav"] for f in page.frames() if "nav" in f][-1]
    assert len(nav) > 0  # the board's map, sent again: the arrow keys move on the board


def test_a_message_of_another_version_or_not_json_is_logged_not_raised() -> None:
    page = Page()
    page.driver.receive("{nope")
    page.driver.receive(json.dumps({"version": 9, "type": "boot"}))
    assert [m["type"] for m in page.sent] == ["log", "log"]
    assert page.driver.app is None


def test_a_bot_game_starts_the_bot_worker_and_asks_it_through_the_page() -> None:
    page = Page()
    form = {"count": "2", "types": ["person", "bot:easy", None, None], "names": [None] * 4}
    page.boot()
    page.post(type="click", keyboard=False, target={"el": {"id": "play-computer"}}, form=form)
    page.measure()
    kinds = [m["type"] for m in page.sent]
    assert "bot-start" in kinds and "bot-state" in kinds


def _stale_setup() -> tuple[Page, str]:
    """A game saved by this tab, then saved further by another tab whose storage
    event never came: this tab's copy still holds its own save."""
    page = Page()
    page.boot("?seed=1&autostart=2")
    page.apply_writes()
    key = next(k for k in page.local if k.startswith("caravan:" + PATH) and not k.endswith(":current"))
    return page, key


def test_a_write_over_a_saved_entry_carries_what_the_copy_believed_was_there() -> None:
    page, key = _stale_setup()
    page.sent.clear()
    page.post(type="click", keyboard=False, target={"el": {"select": "supply", "id": "supply"}})
    action = next(i for i in page.driver.app.play.board_items if i.attr == "data-action")  # type: ignore[union-attr]
    page.post(type="click", keyboard=False, target={"el": {"action": action.value}})
    (write,) = [w for w in page.writes() if w[2] == key]
    assert write[4] == page.local[key][:64]  # the head the page checks before writing (app-data.js)


def test_a_guarded_write_refused_as_changed_shows_the_other_tabs_save_as_stale() -> None:
    """web/app/tabs.py: one tab's late storage event must not let it overwrite another's actions."""
    page, key = _stale_setup()
    other = Page(local=page.local)  # the other tab: same storage, two actions further
    other.boot("?seed=1&autostart=2")
    other.driver.app.play.act("@a1")  # type: ignore[union-attr]
    other.driver.app.play.act("end")  # type: ignore[union-attr]
    other.driver.flush()
    theirs = next(w[3] for w in other.writes() if w[2] == key)
    page.sent.clear()
    page.post(type="stored", failed=[{"area": "local", "key": key, "actual": theirs, "problem": "changed"}])
    assert page.driver.local.get(key) == theirs
    assert "tab-conflict" in json.dumps(page.frames()[-1])


def test_leaving_a_stale_game_is_planned_so_the_page_can_write_it_at_pagehide() -> None:
    page, key = _stale_setup()
    other = Page(local=page.local)
    other.boot("?seed=1&autostart=2")
    other.driver.app.play.act("@a1")  # type: ignore[union-attr]
    other.driver.flush()
    theirs = next(w[3] for w in other.writes() if w[2] == key)
    page.post(type="click", keyboard=False, target={"el": {"select": "supply", "id": "supply"}})
    page.post(type="click", keyboard=False, target={"el": {"action": "@b1"}})  # this tab's own action
    page.sent.clear()
    page.post(type="storage", key=key, value=theirs)  # now it hears: stale, with one action of its own
    plan = [m for m in page.sent if m["type"] == "leave-plan"][-1]  # the latest: it follows every update
    copy = [w for w in plan["writes"] if w[0] == "set" and w[2] != key and not w[2].endswith(":current")]
    assert len(copy) == 1 and "(copy)" in copy[0][3]  # "Keep both": its actions saved beside theirs
    page.sent.clear()
    page.post(type="left")
    assert page.driver.app.current.id == copy[0][2].rsplit(":", 1)[1]  # type: ignore[union-attr]


def test_a_tap_on_the_board_is_answered_by_the_board_first_and_the_side_column_after() -> None:
    """A source or target tapped on the board, or the supply's button (its
    answer is where a camel can go, R7): the frame's ``first`` says that the
    banner and the board (parts before it) are the answer, which the page
    paints in a frame of their own (web/page/paint.py); not for a tap on a
    button that changes neither, nor for a key."""
    page = Page()
    page.boot("?seed=1&autostart=2")
    page.sent.clear()
    page.post(type="click", keyboard=False, target={"el": {"select": "supply", "id": "supply"}})
    screen = page.last_screen()
    assert screen["first"] == 2 and screen["patch"][1] is not None  # the targets on the board first
    assert screen["patch"][2] is not None  # then the button selected and the targets' list
    page.sent.clear()
    page.post(type="click", keyboard=False, target={"el": {"id": "hint"}})
    assert "first" not in page.last_screen()  # another button beside the board
    page.post(type="click", keyboard=False, target={"el": {"select": "supply", "id": "supply"}})
    action = next(i for i in page.driver.app.play.board_items if i.attr == "data-action")  # type: ignore[union-attr]
    page.sent.clear()
    page.post(type="click", keyboard=False, target={"el": {"action": action.value}, "board": True})
    screen = page.last_screen()
    assert screen["first"] == 2
    patch = screen["patch"]
    assert patch[1] is not None and any(p is not None for p in patch[2:])  # the board, then the log
    square = action.value[1:]
    page.sent.clear()
    page.post(type="click", keyboard=True, target={"el": {"select": square}, "board": True})
    assert "first" not in page.last_screen()  # Enter on the camel: the focus moves with it, all at once


def test_a_tap_that_ends_the_turn_or_takes_an_action_back_is_answered_by_the_board_first() -> None:
    """End turn (R6: with actions left, once its question is answered), Undo
    and Redo tapped beside the board: the next player's banner and board, or
    the position taken back, are the answer, painted before the side column."""
    page = Page()
    page.boot("?seed=1&autostart=2")

    def place() -> None:
        page.post(type="click", keyboard=False, target={"el": {"select": "supply", "id": "supply"}})
        screen = page.last_screen()
        places = re.findall(r'data-action="(@[a-g][1-7])" data-cost="1"', str(screen["patch"]))
        page.post(type="click", keyboard=False, target={"el": {"action": places[-1]}, "board": True})

    def tapped(el: dict[str, str], **where: bool) -> dict[str, Any]:
        page.sent.clear()
        page.post(type="click", keyboard=False, target={"el": el, **where})
        return page.last_screen()

    place()
    for el in ({"id": "undo"}, {"id": "redo"}):
        screen = tapped(el)
        assert screen["first"] == 2 and screen["patch"][1] is not None, el  # the camel gone, then back
    screen = tapped({"action": "end", "id": "end-turn"})  # the first turn's one action played
    assert screen["seat"] == 1 and screen["first"] == 2 and screen["patch"][0] is not None
    place()
    screen = tapped({"action": "end", "id": "end-turn"})
    assert screen["seat"] == 1 and "first" not in screen  # the question (R6), beside the board
    screen = tapped({"id": "confirm-end-yes"}, confirm=True)
    assert screen["seat"] == 0 and screen["first"] == 2
    page.sent.clear()
    page.post(type="click", keyboard=True, target={"el": {"id": "undo"}})
    assert "first" not in page.last_screen()  # a key: all at once


def test_the_words_of_a_board_element_a_tap_focused_come_with_its_frame() -> None:
    """The words a tap's focus asks for (web/page/glue.py ``activate``) come
    in the click's frame, in #square-info, not in a message of their own;
    a click that draws nothing sends them as ``info``."""
    page = Page()
    page.boot("?seed=1&autostart=2")
    page.sent.clear()
    info = {"square": "c6", "action": None}
    page.post(type="click", keyboard=False, target={"el": {"select": "supply"}, "board": True}, info=info)
    assert not [m for m in page.sent if m["type"] == "info"]
    side = page.last_screen()["patch"][2]["html"]
    assert '<p id="square-info">c6: ' in side
    page.sent.clear()
    page.post(type="click", keyboard=False, target={}, info={"square": "c5", "action": None})
    assert not page.frames()
    said = [m["text"] for m in page.sent if m["type"] == "info"]
    assert len(said) == 1 and said[0].startswith("c5: ")
