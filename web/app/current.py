"""The game this tab plays and the saved entry that keeps it.

Saved after every action, undo and redo; storage that fails is said
(``Services.save_problem``) and never stops play. A save never replaces
actions another tab saved meanwhile: this tab's copy is then ``stale``
(web/app/tabs.py) and the game screen asks the player (``#tab-conflict``).
"""

from __future__ import annotations

from caravan import record
from caravan.game import Game
from web.app import tabs
from web.app.saved import parse_entry, revision_of
from web.app.services import Services
from web.app.storage import StorageError, StorageFull
from web.words.i18n import _


class Current:
    """The game in progress (None before one exists), the id and name of
    its saved entry, the revision of that entry as this tab last read or
    wrote it, and whether another tab saved newer actions of it."""

    def __init__(self, services: Services) -> None:
        self.sv = services
        self.game: Game | None = None
        self.id: str | None = None
        self.name = ""
        self.rev: str | None = None
        self.stale: tabs.Stale | None = None
        self.hints: list[int] = []  # hints used per seat (web/app/hint.py), kept in the entry

    def save(self) -> None:
        """Store the game in progress; a failure is said, never raised."""
        saves = self.sv.saves
        if saves is None or self.game is None or self.id is None:
            return
        try:
            if self.stale is None:
                self.stale = self.stale_now()
            if self.stale is not None:
                return  # said on screen (#tab-conflict); the newer copy stays as it is
            rev = self.sv.next_rev()
            saves.put(self.id, self.game, self.name, self.sv.now(), rev=rev, hints=self.hints)
            self.rev = rev
            saves.set_current(self.id)
        except StorageFull:
            self.sv.save_problem = _(
                "The browser's storage for this page is full, so the latest moves are not saved: "
                "delete or export old games in Saved games, or share this game as a link."
            )
        except StorageError:
            self.sv.save_problem = _(
                "This browser does not let the page store anything, so this game is not saved: share "
                "it as a link to keep it."
            )
        else:
            self.sv.save_problem = ""

    def stale_now(self) -> tabs.Stale | None:
        """Whether another tab saved this game since this tab last read or
        wrote it, with something this tab's game lacks (web/app/tabs.py). The
        revision at the entry's head answers most often; only when it
        changed is the whole entry read. A name given there is taken."""
        saves = self.sv.saves
        assert saves is not None and self.game is not None and self.id is not None
        raw = saves.raw(self.id)
        if raw is None or (self.rev is not None and revision_of(raw) == self.rev):
            return None  # untouched, or deleted in another tab: this tab's game is saved again
        entry = parse_entry(self.id, raw)
        stale = tabs.compare(entry.record, record.to_dict(self.game))
        if stale is None and entry.readable:
            self.name = entry.name
        return stale

    def fork(self) -> bool:
        """Keep both: this tab's game becomes a new entry, "<name> (copy)",
        saved now; the other copy stays as it was saved. False if not stale."""
        if self.stale is None or self.game is None:
            return False
        self.stale = None
        self.id, self.name, self.rev = self.sv.new_id(), tabs.copy_name(self.name), None
        self.save()
        return True

    def forget(self) -> None:
        """The player deleted this game's entry: no game is in progress."""
        self.game = None
        self.id = None
        self.stale = None  # the player deleted the game it was about
