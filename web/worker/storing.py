"""The app worker's side of the browser's storage: another tab's writes,
writes the page could not make, and what leaving a stale game writes
(docs/WORKER.md, "Storage across the split"). A part of the driver
(web/worker/driver.py), apart so that each module holds one concern."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from web.app.app import App
from web.app.newgame import FORM_KEY

from .mirror import Mirror


class Storing:
    """The driver's storage messages; the driver provides its state and ``render``."""

    app: App | None
    local: Mirror
    session: Mirror
    leave_plan: list[Any]
    leave_id: str | None
    planned_id: str | None
    new_id: Callable[[], str]

    def send(self, message: dict[str, Any]) -> None:
        raise NotImplementedError

    def render(self, *, keyboard: bool = False, after: list[str] | None = None, board: bool = False) -> None:
        raise NotImplementedError

    def on_storage(self, msg: dict[str, Any]) -> None:
        """Another tab wrote to localStorage: this tab's game may be stale now."""
        assert self.app is not None
        key = msg.get("key")
        value = msg.get("value")
        self.local.changed(
            None if key is None else str(key), None if value is None else str(value), msg.get("items")
        )
        if self.app.storage_changed(None if key is None else str(key)):
            self.render()

    def on_stored(self, msg: dict[str, Any]) -> None:
        """Writes the page did not make: the browser refused them (the quota
        reached since the boot), or another tab had saved over what this
        copy knew (``changed``: the game may be stale now, web/app/tabs.py)."""
        app = self.app
        assert app is not None
        failed = msg.get("failed") or []
        redraw = False
        for f in failed:
            area = self.session if f.get("area") == "session" else self.local
            key, problem = str(f.get("key")), str(f.get("problem", ""))
            area.refused(key, f.get("actual"), problem)
            if problem == "changed" and area is self.local:
                redraw = app.storage_changed(key) or redraw
        # The form's remembered setup (web/app/newgame.py) refused says nothing: no game was lost.
        refused = [f for f in failed if f.get("problem") in ("full", "disabled") and f.get("key") != FORM_KEY]
        if refused:
            app.storage_refused("full" if any(f.get("problem") == "full" for f in refused) else "disabled")
            redraw = True
        if redraw:
            self.render()

    def _plan_leave(self) -> None:
        """What leaving now would write (a stale game's own actions, kept as a
        copy: web/app/game_screen.py ``leave``), for the page to write at once on
        pagehide, when this worker has no time left to answer."""
        app = self.app
        if app is None:
            return
        stale = app.current.stale
        plan: list[Any] = []
        if stale is not None and stale.mine > 0:
            plan = self._trial_fork()
        else:
            self.planned_id = None
        if plan != self.leave_plan:
            self.leave_plan = plan
            self.send({"type": "leave-plan", "writes": plan})

    def _trial_fork(self) -> list[Any]:
        """The writes of "Keep both" (web/app/current.py ``fork``), made on the
        copies and taken back: the app's state and the copies stay as they were."""
        app = self.app
        assert app is not None
        cur, sv = app.current, app.services
        kept = (cur.stale, cur.id, cur.name, cur.rev, sv.save_problem)
        areas = [(m, dict(m.items), m.take_writes(), m.problem) for m in (self.local, self.session)]
        self.planned_id = self.leave_id = self.planned_id or self.new_id()  # one copy's id while stale
        try:
            cur.fork()
            return [list(w) for m in (self.local, self.session) for w in m.take_writes()]
        finally:
            self.leave_id = None
            cur.stale, cur.id, cur.name, cur.rev, sv.save_problem = kept
            for m, items, writes, problem in areas:
                m.items, m.writes, m.problem = items, writes, problem

    def on_left(self, _msg: dict[str, Any]) -> None:
        """The page was hidden (and wrote the leave plan): the app leaves its game too."""
        assert self.app is not None
        if self.leave_plan:
            self.leave_id = self.planned_id  # the copy gets the id the page wrote it under
        self.app.leave()
        self.leave_id = None
        self.local.take_writes()  # the page made them already
        self.session.take_writes()
