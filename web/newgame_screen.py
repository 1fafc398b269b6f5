"""The new-game screen: the form's values kept across visits, starting a
game from it (or from ``?autostart``), and the screen's markup."""

from __future__ import annotations

from caravan.errors import OptionsError
from caravan.game import Game
from caravan.options import Options, default_players

from . import pages
from .game_screen import GameScreen
from .i18n import _, words
from .markup import esc
from .newgame import Form, form_markup
from .saved import default_name
from .services import Page, Services
from .view import View

FIRST_SEAT = '[data-player-name="0"]'  # where focus goes when the form is shown


class NewGameScreen:
    """The form, and the games started from it: the ``seed`` of the page
    (None: system randomness) gives each game started its own seed, in order."""

    def __init__(self, services: Services, page: Page, play: GameScreen, seed: int | None = None) -> None:
        self.sv = services
        self.page = page
        self.play = play
        self.seed = seed
        self.started = 0
        self.form = Form()

    def start(self, options: Options) -> None:
        """A new game, played and saved from its first position on."""
        game_seed = None if self.seed is None else self.seed + self.started
        self.started += 1
        game = Game(options, seed=game_seed)
        self.play.take(game, self.sv.new_id(), default_name(game))
        self.play.cur.save()

    def autostart(self, players: int, *, short: bool = False, casual: bool = False) -> None:
        """``?autostart=N``: default names, colours and start seat (tests, benchmarks)."""
        self.start(Options(players=default_players(players), short=short, casual=casual))

    def submit(self, values: dict[str, object]) -> None:
        self.form.update(values)
        try:
            options = self.form.options()
        except OptionsError as e:
            self.page.message = _("These players cannot start a game: {reason}", reason=words().error(e))
            return
        self.start(options)

    def change(self, values: dict[str, object]) -> None:
        self.form.update(values)

    def show(self) -> None:
        """Show the form; the game in progress stays until another one starts."""
        self.page.screen = "new-game"
        self.page.message = ""
        self.page.focus = FIRST_SEAT

    def back(self) -> None:
        """Back from the form to the game that was being played, untouched."""
        game = self.play.cur.game
        if game is not None and not game.is_over():
            self.page.screen = "game"
            self.page.message = ""
            self.page.focus = None

    def view(self, top: str) -> View:
        game = self.play.cur.game
        resumable = game is not None and not game.is_over()
        link_error = self.page.link_error
        error = f'<p id="link-error" role="alert">{esc(link_error)}</p>' if link_error else ""
        form = form_markup(self.form, self.page.message, can_resume=resumable)
        saved = f'<p class="saved-open">{pages.button("saved-button", _("Saved games"))}</p>'
        # The how-to-play, offered to a first-time player without getting in the way.
        howto = (
            f'<p class="howto-offer">{esc(_("New to Caravan?"))} '
            f'<button type="button" id="howto-open" class="linkish" data-rules-open="howto">'
            f"{esc(_('How to play'))}</button></p>"
        )
        return View("new-game", top + error + howto + form + saved, focus=self.page.focus, title=_("Caravan"))
