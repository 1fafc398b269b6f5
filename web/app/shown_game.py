"""The game the game screen shows, and the screen's state.

How a game comes onto the screen (a saved one, a link, a new one, the one
this tab played last), who acts now in it (``acts_now``: the player at this
screen, or a bot), the saved copy another tab played further
(``#tab-conflict``: load the newer copy or keep both, and nothing lost on
leaving) and the share dialog. web/app/game_screen.py adds what each click and
key does to the game; web/app/game_view.py draws the screen.
"""

from __future__ import annotations

from caravan.errors import CaravanError, RecordError
from caravan.game import Game
from web.app.current import Current
from web.app.hint import Hints
from web.app.history import replay_log
from web.app.saved import load_game
from web.app.seen import Seen
from web.app.selection import Selection
from web.app.services import Page, Services
from web.app.storage import StorageError
from web.board import keynav
from web.board.motion import Motion
from web.board.srboard import SrBoard
from web.bots.bot_turns import BotTurns, Thinker, bot_of
from web.words.announce import seat_said
from web.words.i18n import _, words
from web.words.names import name_of

PERSON = "person"  # the player at this screen acts now
BOT = "bot"  # a bot acts now: the seat to move is a bot's (web/bots/bot_turns.py plays it)


def _log_of(game: Game) -> list[str]:
    """The log of a game taken up mid-way, rebuilt by replaying its record."""
    if not game.history:
        return []
    try:
        return replay_log(game)[1]
    except CaravanError:  # a position built by hand (tests) has no set-up to replay from
        return ["" for _ in game.history]


class ShownGame:
    """The game screen's state: the selection, the log, the enlarged square,
    the question before ending a turn, the share dialog, the notes; the game
    itself and its saved entry are ``cur``'s."""

    def __init__(
        self, services: Services, page: Page, current: Current, thinker: Thinker | None = None
    ) -> None:
        self.sv = services
        self.page = page
        self.cur = current
        self.sel = Selection()
        self.log: list[str] = []  # markup per history step, oldest first
        self.sr = SrBoard(page)  # the screen-reader board (web/board/srboard.py)
        self.sr.waiting = self._waiting
        self.motion: Motion | None = None  # played once by the page (web/page/paint.py), then dropped
        self.zoom: int | None = None  # the square shown enlarged (docs/UI-CONTRACT.md)
        self.unit_px = 1.0  # CSS px per board unit, measured by the page (web/page/paint.py)
        self.info = ""  # what is on the square last long-pressed or focused
        self.confirming = False  # asking before ending a turn with actions left
        self.bot_said = ""  # the bot's status last said through #announcer (web/app/game_view.py)
        self.end_from: str | None = None  # where "No" returns focus, if not #end-turn: the command field
        self.note = ""  # what happened to a link just opened, or to a choice between tabs
        self.sharing = False
        self.share_status = ""
        self.bots = BotTurns(services.now)
        self.bots.thinker = thinker
        self.hints = Hints()
        self.hints.thinker = thinker
        self.seen = Seen()  # the turns since the watcher's last (web/app/seen.py)
        self.board_items: list[keynav.Item] = []  # the board's choices as last drawn (arrow keys)

    # ------------------------------------------------------ taking a game

    def rephrase(self) -> None:
        """The log in the language now shown (the game and the selection are untouched)."""
        if self.cur.game is not None:
            self.log = _log_of(self.cur.game)

    def resume(self, game: Game) -> None:
        """Show a game that already exists (a saved game, a link, a replayed record)."""
        self.hints.reset(new_game=game is not self.cur.game)
        self.cur.hints = self.hints.used  # one list: the entry keeps the counts
        self.bots.reset()
        if game is not self.cur.game:
            self.bots.pause(False)  # a pause is the watched game's: another game's bots play
        self.cur.game = game
        self.log = _log_of(game)
        self.motion = None
        self.zoom = None
        self.page.message = ""
        self.page.focus = None
        self.sel = Selection()
        self._refresh_sel()
        self.page.screen = "over" if game.is_over() else "game"
        self.drop_extras()

    def drop_extras(self) -> None:
        """Close the share dialog and drop the notes of the game shown before."""
        self.sharing = False
        self.share_status = ""
        self.note = ""
        self.page.link_error = ""

    def take(
        self, game: Game, game_id: str, name: str, rev: str | None = None, hints: list[int] | None = None
    ) -> None:
        """Continue ``game`` as the saved game ``game_id`` (its entry read at
        revision ``rev``, with the ``hints`` it counted)."""
        cur = self.cur
        if game is not cur.game or game_id != cur.id:
            self.leave()
        self.resume(game)
        cur.id, cur.name, cur.rev = game_id, name, rev
        if hints:
            self.hints.used[: len(hints)] = hints

    def resume_current(self) -> bool:
        """Take up the game this tab was playing (boot, an undone delete);
        False if there is none, or it cannot be read (then it is said)."""
        saves = self.sv.saves
        if saves is None:
            return False
        try:
            current = saves.current()
            if current is None:
                return False
            entry = saves.get(current)
        except StorageError:
            return False
        if entry.problem == _(
            "it is no longer in the browser's storage"
        ):  # nothing under that id: nothing is kept either
            self.sv.read_problem = _(
                "The last game played here is no longer in this browser's storage (deleted in another "
                "tab, or the site's data was cleared)."
            )
            return False
        try:
            game = load_game(entry)
        except RecordError as e:
            self.sv.read_problem = _(
                "The last game could not be read back ({reason}); it is kept in Saved games.",
                reason=words().error(e),
            )
            return False
        self.take(game, current, entry.name, entry.rev, entry.hints)
        return True

    # ------------------------------------------------ who acts; other tabs

    def acts_now(self) -> str:
        """Who takes the game's next action: ``BOT`` when the seat to move is
        played by a bot (``Player.bot``), else ``PERSON`` (the player at this
        screen). While a bot acts, ``_blocked`` holds the player's inputs."""
        game = self.cur.game
        if game is None or game.is_over() or bot_of(game) is None:
            return PERSON
        return BOT

    def _waiting(self) -> str:
        """What the screen-reader board says instead of listing or playing
        while a bot is to move; empty when the player acts."""
        game = self.cur.game
        if game is None or self.acts_now() == PERSON:
            return ""
        return _("{name} is playing: wait for your turn.", name=seat_said(game, game.seat))

    def _refresh_sel(self) -> None:
        """The player's sources for the new position: none while a bot acts."""
        game = self.cur.game
        assert game is not None
        self.sel.refresh(game.legal_actions() if self.acts_now() == PERSON else [])

    def _blocked(self) -> bool:
        """Whether the game cannot take the player's input now: another
        player acts (``acts_now``), or this tab's copy is stale and playing on
        would fork it further (the player chooses first)."""
        if self.acts_now() != PERSON:
            self.page.message = self.bot_turn_wait()
            return True
        return self._stale_blocked()

    def bot_turn_wait(self) -> str:
        """What a tap, a key or a button of the player's is answered with while
        a bot plays its turn: whose turn it is, and to wait."""
        game = self.cur.game
        assert game is not None
        bot = bot_of(game)
        return _(
            "{name} ({bot}) is playing its turn: wait for it to finish.",
            name=name_of(game, game.seat),
            bot=words().strength(bot) if bot is not None else "",
        )

    def _stale_blocked(self) -> bool:
        stale = self.cur.stale
        if stale is None:
            return False
        self.page.message = _(
            "This game changed in another tab: choose “Load the newer game” or “Keep both” before playing on."
        )
        self.page.focus = "#conflict-load" if stale.readable else "#conflict-keep"
        return True

    def storage_changed(self, key: str | None) -> bool:
        """Another tab wrote ``key`` (None: it cleared the storage); True when
        this tab's game became stale, or was and is no longer."""
        cur, saves = self.cur, self.sv.saves
        if saves is None or cur.id is None or key not in (None, saves.key(cur.id)) or cur.game is None:
            return False
        was = cur.stale
        try:
            cur.stale = cur.stale_now()  # again when stale: the notice's counts change
        except StorageError:
            cur.stale = was  # unreadable now: the check before the next write tells
        if cur.stale is not None:
            self.confirming = False
            self.sel.clear()
        return cur.stale is not None or was is not None

    def load_newer(self) -> None:
        """Load the newer game: this tab goes on from the saved copy (its
        own actions not in it, if any, are dropped: the notice said so)."""
        cur, saves = self.cur, self.sv.saves
        if cur.stale is None or cur.id is None or saves is None:
            return
        try:
            entry = saves.get(cur.id)
            game = load_game(entry)
        except (RecordError, StorageError) as e:
            reason = (
                _("Saved games cannot be read: this browser does not let the page use its storage.")
                if isinstance(e, StorageError)
                else words().error(e)
            )
            self.page.message = _(
                "This saved game cannot be opened: {reason}. It stays in the list.", reason=reason
            )
            return
        cur.stale = None
        self.take(game, entry.id, entry.name, entry.rev, entry.hints)
        self.note = _("Loaded the newer game saved in another tab.")

    def keep_both(self) -> None:
        """Keep both: this tab's game is saved as a new entry, "<name>
        (copy)", and played on here; the other copy stays as it was saved."""
        if not self.cur.fork():
            return
        self.page.message = ""
        self.note = (
            ""
            if self.sv.save_problem
            else _(
                "Both are kept: this tab now plays “{name}”, saved beside the other one.", name=self.cur.name
            )
        )

    def leave(self) -> None:
        """This tab leaves its game (another game, a reload, a closed tab):
        if it is stale with actions in no saved copy, they are kept as the
        copy ("Keep both"), so that nothing is lost unasked."""
        if self.cur.stale is not None and self.cur.stale.mine > 0:
            self.keep_both()
        self.cur.stale = None

    # -------------------------------------------------------- share dialog

    def share_url(self) -> str:
        """The link to the game as it stands (encoded once per state: web/app/services.py)."""
        assert self.cur.game is not None
        return self.sv.share_url(self.cur.game)

    def open_share(self) -> None:
        if self.cur.game is not None and self.page.screen in ("game", "over"):
            self.sharing = True
            self.share_status = ""

    def close_share(self) -> None:
        self.sharing = False
        self.share_status = ""
