"""What every screen of the page shares, kept apart from any one screen.

``Services``: the saved games and what went wrong with the storage (said on
every screen, ``#storage-message``), the clock and fresh ids (web/worker/entry.py passes
JS ``Date.now`` and ``crypto.randomUUID``: no stdlib time or uuid imports in
the page), this tab's revisions (web/app/tabs.py), the share link (encoded once
per state of a game) and the contract's record (written once per state).
``Page``: which screen is shown, the alert line, and where the focus goes.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import count

from caravan import record
from caravan.errors import RecordError
from caravan.game import Game
from web.app import share
from web.app.saved import Entry, Saves, load_game
from web.app.storage import StorageError, StorageFull
from web.words.i18n import _, ngettext
from web.words.markup import esc

_TABS = count(1)  # tab ids of Apps made without one (tests): distinct in a process


def storage_problem(e: StorageError) -> str:
    """What a failed write says: the storage is full, or it is off."""
    if isinstance(e, StorageFull):
        return _(
            "The browser's storage for this page is full, so the latest moves are not saved: delete or "
            "export old games in Saved games, or share this game as a link."
        )
    return _(
        "This browser does not let the page store anything, so this game is not saved: "
        "share it as a link to keep it."
    )


class Services:
    """The page's shared services. ``saves`` is None when nothing is to be
    stored (tests); ``now`` gives epoch milliseconds and ``new_id`` fresh ids
    for saved games; ``tab_id`` names this tab in the revisions it writes."""

    def __init__(
        self,
        *,
        saves: Saves | None = None,
        now: Callable[[], int] = lambda: 0,
        new_id: Callable[[], str] | None = None,
        base_url: str = "",
        tab_id: str | None = None,
    ) -> None:
        self.saves = saves
        self.now = now
        ids = count(1)
        self.new_id = new_id or (lambda: f"game-{next(ids)}")
        self.base_url = base_url
        self.tab_id = tab_id or f"t{next(_TABS)}"
        self._revs = count(1)
        self.save_problem = ""  # what could not be saved (shown on every screen)
        self.read_problem = ""  # what could not be read
        self.storage_off = False  # storage could not be reached at the last look
        # The contract's record and the share link are written once per state
        # of the game, not once per render (record.Writer; ``share_url``).
        self.records = record.Writer()
        self.link_encodes = 0  # links encoded so far (tests count the work)
        self._link: tuple[Game, int, object, str | None, str] | None = None

    def next_rev(self) -> str:
        """A revision no other tab writes (web/app/tabs.py)."""
        return f"{self.tab_id}.{next(self._revs)}"

    def scan(self) -> list[Entry]:
        """Every saved entry; notes how many cannot be read (they stay)."""
        if self.saves is None:
            return []
        try:
            entries = self.saves.entries()
        except StorageError:
            self.storage_off = True
            self.read_problem = _(
                "Saved games cannot be read: this browser does not let the page use its storage."
            )
            return []
        self.storage_off = False
        bad = sum(not e.readable for e in entries)
        self.read_problem = (
            ngettext(
                "{n} saved entry could not be read; it is kept, listed in Saved games.",
                "{n} saved entries could not be read; they are kept, listed in Saved games.",
                n=bad,
            )
            if bad
            else ""
        )
        return entries

    def load(self, entry_id: str) -> Game:
        """The saved game ``entry_id``; RecordError says why it cannot be had."""
        if self.saves is None:
            raise RecordError(_("it is no longer in the browser's storage"))
        try:
            entry = self.saves.get(entry_id)
        except StorageError:
            raise RecordError(
                _("Saved games cannot be read: this browser does not let the page use its storage.")
            ) from None
        return load_game(entry)

    def fresh(self, entry: Entry) -> Entry:
        """``entry`` as it is stored now (a list may be older than another tab's last save)."""
        if self.saves is None:
            return entry
        try:
            return self.saves.get(entry.id)
        except StorageError:
            return entry

    def share_url(self, game: Game) -> str:
        """The link to ``game`` as it stands; encoded once per state of the
        game (a render while the share dialog is open reuses it)."""
        from caravan import link  # imported when first used: the page boots without it

        last = game.history[-1] if game.history else None
        cached = self._link
        if (
            cached is None
            or cached[0] is not game
            or cached[1] != len(game.history)
            or cached[2] is not last
            or cached[3] != game.over
        ):
            self._link = cached = (game, len(game.history), last, game.over, link.encode(game))
            self.link_encodes += 1
        return share.link_url(self.base_url, cached[4])

    def problems(self) -> str:
        """The storage's problems as markup, on top of every screen (or nothing)."""
        text = " ".join(p for p in (self.save_problem, self.read_problem) if p)
        return f'<p id="storage-message" role="status">{esc(text)}</p>' if text else ""


class Page:
    """What the page holds across its screens: which one is shown, the alert
    line (``#message`` on the game screen, the form's error on the new-game
    screen: one line, so that what clears it clears it everywhere), why the
    link just opened was refused (``#link-error``), and where keyboard focus
    belongs after this update (a CSS selector; None: the screen's own choice)."""

    __slots__ = ("_message", "focus", "lang", "link_error", "said", "screen")

    def __init__(self) -> None:
        self.screen = "new-game"
        self._message = ""
        # What the live region ``#announcer`` says next (docs/UI-CONTRACT.md):
        # sentences in the order they came, taken once by ``App.announcement``.
        self.said: list[str] = []
        self.link_error = ""
        self.focus: str | None = None
        # The language the page is shown in (one of web/words/rulesdoc.py's
        # LANGUAGES); the rules reference is drawn in it.
        self.lang = "en"

    @property
    def message(self) -> str:
        return self._message

    @message.setter
    def message(self, text: str) -> None:
        """Every refusal set is also said once through ``#announcer`` (the
        re-drawn ``#message`` is only shown), the same one again too."""
        self._message = text
        if text:
            self.said.append(text)

    def take_said(self) -> str:
        """What ``#announcer`` says now, one text; empty when nothing new happened."""
        text = " ".join(self.said)
        self.said.clear()
        return text
