"""The page's state as its callers read it: each piece kept by the part that owns it.

``App`` (web/app/app.py) is the facade that the app worker's driver
(web/worker/driver.py) and the tests call; what they read of the page (the
screen shown, the game in progress and its saved entry, the selection, the
log, the saved-games list, the storage's problems) lives in the parts it
routes between: the storage, links and ids (web/app/services.py), the page
(``Page``), the game in progress (web/app/current.py), the game screen
(web/app/game_screen.py) and the saved-games screen
(web/app/saved_screen.py). ``AppState`` reads each one through to its part,
so that the facade holds what each click does and these one-line readers
live apart. A few are set too: the driver drops a motion once it is played
and a download once it is offered, and says how sharing went; tests and
benchmarks name the game.
"""

from __future__ import annotations

from caravan import record
from caravan.game import Game
from web.app import tabs
from web.app.current import Current
from web.app.game_screen import GameScreen
from web.app.saved import Entry, Saves
from web.app.saved_screen import SavedScreen
from web.app.selection import Selection
from web.app.services import Page, Services
from web.board.motion import Motion


class AppState:
    """What the page's callers read, through to the part that keeps it (``App`` makes the parts)."""

    services: Services
    page: Page
    current: Current
    play: GameScreen
    saved: SavedScreen

    @property
    def screen(self) -> str:
        return self.page.screen

    @property
    def message(self) -> str:
        return self.page.message

    @property
    def link_error(self) -> str:
        return self.page.link_error

    @property
    def saves(self) -> Saves | None:
        return self.services.saves

    @property
    def records(self) -> record.Writer:
        return self.services.records

    @property
    def link_encodes(self) -> int:
        return self.services.link_encodes

    @property
    def save_problem(self) -> str:
        return self.services.save_problem

    @property
    def read_problem(self) -> str:
        return self.services.read_problem

    @property
    def game(self) -> Game | None:
        return self.current.game

    @property
    def game_id(self) -> str | None:
        return self.current.id

    @game_id.setter
    def game_id(self, value: str | None) -> None:
        self.current.id = value

    @property
    def game_name(self) -> str:
        return self.current.name

    @game_name.setter
    def game_name(self, value: str) -> None:
        self.current.name = value

    @property
    def rev(self) -> str | None:
        return self.current.rev

    @property
    def stale(self) -> tabs.Stale | None:
        return self.current.stale

    @property
    def sel(self) -> Selection:
        return self.play.sel

    @property
    def log(self) -> list[str]:
        return self.play.log

    @property
    def zoom(self) -> int | None:
        return self.play.zoom

    @property
    def confirming(self) -> bool:
        return self.play.confirming

    @property
    def note(self) -> str:
        return self.play.note

    @property
    def motion(self) -> Motion | None:
        return self.play.motion

    @motion.setter
    def motion(self, value: Motion | None) -> None:
        self.play.motion = value

    @property
    def share_status(self) -> str:
        return self.play.share_status

    @share_status.setter
    def share_status(self, value: str) -> None:
        self.play.share_status = value

    @property
    def saved_list(self) -> list[Entry]:
        return self.saved.entries

    @property
    def saved_message(self) -> str:
        return self.saved.message

    @property
    def renaming(self) -> str | None:
        return self.saved.renaming

    @property
    def download(self) -> tuple[str, str] | None:
        return self.saved.download

    @download.setter
    def download(self, value: tuple[str, str] | None) -> None:
        self.saved.download = value
