"""The saved-games screen: the list, rename, delete and its undo, export
and import, and the screen's markup. Opening a game from it goes to the
game screen or the history view (the callers App gives it)."""

from __future__ import annotations

import json
from collections.abc import Callable

from caravan import record
from caravan.errors import RecordError
from caravan.game import Game
from web.app import pages
from web.app.game_screen import GameScreen
from web.app.newgame import unoffered
from web.app.review import read_review
from web.app.saved import (
    Entry,
    clean_name,
    default_name,
    export_filename,
    export_text,
    load_game,
    name_from_filename,
    split_export,
)
from web.app.services import Page, Services, storage_problem
from web.app.storage import StorageError
from web.app.view import View
from web.words.i18n import _, words


class SavedScreen:
    """The list as last read, what the screen says, the entry being renamed,
    the last one deleted (to undo it) and a file to hand out."""

    def __init__(
        self, services: Services, page: Page, play: GameScreen, open_history: Callable[[Game], None]
    ) -> None:
        self.sv = services
        self.page = page
        self.play = play
        self.open_history = open_history
        self.open_review: Callable[[Game, Entry], None] = lambda game, entry: None  # App's
        self.back = "new-game"  # the screen the saved list returns to
        self.entries: list[Entry] = []
        self._message = ""
        self.renaming: str | None = None
        self.deleted: tuple[str, str, str, bool] | None = None  # id, raw entry, name, was current
        # A file for the page to hand to the browser as a download (name, text).
        self.download: tuple[str, str] | None = None

    @property
    def message(self) -> str:
        """What the screen says (``#saved-message``), also said once by ``#announcer``."""
        return self._message

    @message.setter
    def message(self, text: str) -> None:
        self._message = text
        if text:
            self.page.said.append(text)

    def show(self) -> None:
        if self.page.screen != "saved":
            self.back = self.page.screen
        self.page.screen = "saved"
        self.message = ""
        self.renaming = None
        self.deleted = None
        self.refresh()
        self.page.focus = "#saved-title"  # the screen's heading: the list follows

    def refresh(self) -> None:
        self.entries = self.sv.scan()

    def close(self) -> None:
        back = self.back
        if back in ("game", "over") and self.play.cur.game is None:
            back = "new-game"
        self.page.screen = back
        self.renaming = None
        self.deleted = None
        self.page.focus = "#saved-button"  # back on what opened the list (every screen has it)

    def cancel_rename(self) -> None:
        """The rename form's Cancel (or Escape): the name stays, focus goes back to Rename."""
        if self.renaming is not None:
            self.page.focus = entry_button(self.renaming, "rename")
        self.renaming = None

    def storage_changed(self) -> bool:
        """Another tab wrote: the list is read again, unless a name is being typed."""
        if self.page.screen != "saved" or self.renaming is not None:
            return False
        self.refresh()
        return True

    def _entry(self, entry_id: str) -> Entry | None:
        return next((e for e in self.entries if e.id == entry_id), None)

    def action(self, action: str, entry_id: str) -> None:
        """A button of the list: resume, history, review, rename, export, delete."""
        self.message = ""
        entry = self._entry(entry_id)
        if entry is None:
            return
        if action == "delete":
            self._delete(entry)
            return
        self.deleted = None
        cur = self.play.cur
        if action == "rename" and entry.readable:
            self.renaming = entry_id
            self.page.focus = "#rename-input"
        elif action == "export" and entry.readable:
            self.download = (export_filename(entry), export_text(entry))
            self.page.focus = entry_button(entry_id, "export")
            self.message = _("“{name}” was exported as a .json file.", name=entry.name)
        elif action in ("resume", "history", "review"):
            mine = entry_id == cur.id and cur.game is not None
            if action == "resume" and not mine:
                entry = self.sv.fresh(entry)  # another tab may have played it on since the list was drawn
            try:
                game = cur.game if mine and cur.game is not None else load_game(entry)
            except RecordError as e:
                self.message = _(
                    "This saved game cannot be opened: {reason}. It stays in the list.",
                    reason=words().error(e),
                )
                return
            if action == "resume":
                self.play.take(
                    game, entry_id, entry.name, cur.rev if mine else entry.rev, None if mine else entry.hints
                )
                cur.save()
            elif action == "review":
                self.open_review(game, entry)
            else:
                self.open_history(game)

    def rename(self, entry_id: str, name: str) -> None:
        name = clean_name(name)
        if not name:
            self.message = _("A game needs a name: the name was not changed.")
            return
        assert self.sv.saves is not None
        try:
            # A new revision: a tab playing this game sees it and takes the name (web/app/tabs.py).
            self.sv.saves.rename(entry_id, name, rev=self.sv.next_rev())
        except StorageError as e:
            self.message = storage_problem(e)
            return
        if entry_id == self.play.cur.id:
            self.play.cur.name = name
        self.renaming = None
        self.page.focus = entry_button(entry_id, "rename")
        self.refresh()

    def _delete(self, entry: Entry) -> None:
        saves = self.sv.saves
        assert saves is not None
        try:
            raw = saves.raw(entry.id)
            was_current = saves.current() == entry.id
            saves.remove(entry.id)
        except StorageError:
            self.message = _(
                "This browser does not let the page store anything, so this game is not saved: share "
                "it as a link to keep it."
            )
            return
        name = entry.name if entry.readable else _("Unreadable entry")
        self.deleted = (entry.id, raw or "", name, was_current) if raw is not None else None
        if entry.id == self.play.cur.id:
            self.play.cur.forget()
        self.renaming = None
        ids = [e.id for e in self.entries]
        self.refresh()
        self.page.focus = self._after_delete(ids[ids.index(entry.id) + 1 :])

    def _after_delete(self, below: list[str]) -> str:
        """Focus after a delete: the undo button, else the next entry's first
        button (the one before when it was the last), else the heading."""
        if self.deleted is not None:
            return "#undo-delete"
        left = [e.id for e in self.entries]
        after = [i for i in below if i in left] or left[-1:]
        return entry_button(after[0]) if after else "#saved-title"

    def undo_delete(self) -> None:
        saves = self.sv.saves
        if self.deleted is None or saves is None:
            return
        entry_id, raw, _shown, was_current = self.deleted
        try:
            if saves.raw(entry_id) is None:  # not saved again meanwhile by another tab
                saves.put_raw(entry_id, raw)
            if was_current:
                saves.set_current(entry_id)
        except StorageError as e:
            self.message = storage_problem(e)
            return
        self.deleted = None
        if was_current and self.play.cur.game is None:
            self.play.resume_current()
            self.page.screen = "saved"
        self.refresh()
        self.page.focus = entry_button(entry_id)  # the entry is back

    def import_text(self, text: str | bytes, filename: str = "") -> None:
        """A ``.json`` file chosen for import (its bytes, decoded strictly by
        ``record.loads``); a bad one changes nothing. The game takes the name
        its exported file carries (``name_from_filename``), else its players';
        a game already in the list exactly as the file holds it is not added again."""
        text, review = split_export(text)  # a reviewed game's file: its review comes along
        try:
            game = record.loads(text)
            refusal = unoffered(game.options)
            if refusal is not None:
                raise RecordError(refusal)
        except RecordError as e:
            self.message = _(
                "This file was not imported: {reason}. Nothing was changed.", reason=words().error(e)
            )
            return
        self.refresh()
        written = record.to_dict(game)
        there = next(
            (e for e in self.entries if e.record is not None and record.upgrade(e.record) == written), None
        )
        if there is not None:
            self.deleted = None
            self.message = _(
                "“{name}” is already in the list: this file holds the same game, so nothing was added.",
                name=there.name,
            )
            return
        name = name_from_filename(filename) or default_name(game)
        entry_id = self.sv.new_id()
        if self.sv.saves is not None:
            try:
                self.sv.saves.put(entry_id, game, name, self.sv.now(), rev=self.sv.next_rev())
                if review is not None and read_review(review, game) is not None:
                    self.sv.saves.set_review(entry_id, review)
            except StorageError as e:
                # Not storable: open it, so the player still has it to play or share.
                self.play.take(game, entry_id, name)
                self.sv.save_problem = storage_problem(e)
                return
        self.deleted = None
        self.refresh()
        self.message = _("Imported “{name}”: it is in the list.", name=name)

    def import_refused(self, reason: str) -> None:
        self.message = _("This file was not imported: {reason}. Nothing was changed.", reason=reason)

    def view(self, top: str) -> View:
        storage_ok = self.sv.saves is not None and not self.sv.storage_off
        deleted = self.deleted[2] if self.deleted is not None else None
        markup = pages.saved_screen(
            self.entries,
            current=self.play.cur.id,
            renaming=self.renaming,
            message=self.message,
            deleted=deleted,
            storage_ok=storage_ok,
        )
        return View("saved", top + markup, focus=self.page.focus, title=_("Caravan"))


def entry_button(entry_id: str, action: str | None = None) -> str:
    """The CSS selector of an entry's button ``action`` (None: its first)."""
    which = f'[data-saved-action="{action}"]' if action else ""
    return f"[data-saved-id={json.dumps(entry_id)}] button{which}"
