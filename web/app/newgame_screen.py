"""The new-game screen: the form's values kept across visits, starting a
game from it (or from ``?autostart``), and the screen's markup."""

from __future__ import annotations

from caravan.actions import parse_action
from caravan.board import PLAYER_COLOURS
from caravan.errors import OptionsError
from caravan.game import Game
from caravan.options import Options, Player, default_players
from caravan.words import Words
from web.app import pages
from web.app.game_screen import GameScreen
from web.app.newgame import FORM_KEY, Form, form_markup, intro_markup
from web.app.saved import default_name
from web.app.services import Page, Services
from web.app.storage import StorageError
from web.app.view import View
from web.board import board_svg
from web.words.announce import start_said
from web.words.i18n import _, lang, words
from web.words.markup import esc

FIRST_SEAT = '[data-player-name="0"]'  # where focus goes when the form is shown
# The front page's picture: two players' set-up turns (R3-R5) and a pick-up (R8).
PICTURE_SEED = 5
PICTURE_ACTIONS = ("@b3", "end", "@f5", "end", "@c3", "end", "@f4", "end", "+b3", "end")


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

    def recall(self) -> None:
        """The form as it was last set up, in this browser (names, seats and
        their strengths, variants, the quick game's bot); the defaults when
        nothing is remembered, the entry is damaged or the storage is off."""
        saves = self.sv.saves
        if saves is None:
            return
        try:
            text = saves.storage.get(FORM_KEY)
        except StorageError:
            return
        self.form.recall(text)

    def remember(self) -> None:
        """Keep the form's setup for the next visit; a write the browser
        refuses is no loss worth a word (the games' own saves say theirs)."""
        saves = self.sv.saves
        if saves is None:
            return
        text = self.form.dumps()
        try:
            if saves.storage.get(FORM_KEY) != text:
                saves.storage.set(FORM_KEY, text)
        except StorageError:
            return

    def start(self, options: Options) -> None:
        """A new game, played and saved from its first position on."""
        game_seed = None if self.seed is None else self.seed + self.started
        self.started += 1
        game = Game(options, seed=game_seed)
        self.play.take(game, self.sv.new_id(), default_name(game))
        self.play.cur.save()
        self.play.page.said.append(start_said(game))  # who plays whom, whose turn (#announcer)

    def autostart(self, players: int, *, short: bool = False, casual: bool = False) -> None:
        """``?autostart=N``: default names, colours and start seat (tests, benchmarks)."""
        self.start(Options(players=default_players(players), short=short, casual=casual))

    def quick(self, values: dict[str, object]) -> None:
        """``#play-computer``: the first seat's player (as the form names
        and colours it) against a bot of the strength chosen beside it (easy
        at first), in a short game (docs/HOWTO.md's first game); the rest of
        the form is left as it was. The choices are remembered."""
        self.form.update(values)
        self.remember()
        colours = self.form.colours
        second = colours[1]
        if second == colours[0]:
            second = next(c for c in PLAYER_COLOURS if c != colours[0])
        players = (
            Player(self.form.names[0].strip() or None, colours[0]),
            Player(None, second, self.form.quick),
        )
        self.start(Options(players=players, short=True))

    def submit(self, values: dict[str, object]) -> None:
        self.form.update(values)
        try:
            options = self.form.options()
        except OptionsError as e:
            self.page.message = _("These players cannot start a game: {reason}", reason=words().error(e))
            return
        self.remember()  # a setup that made a game
        self.start(options)

    def change(self, values: dict[str, object], focus: str | None = None) -> None:
        """A choice changed on the form (the count, a colour, a seat's type):
        it is drawn again, the focus kept on ``focus`` (a CSS selector), and remembered."""
        self.form.update(values)
        self.remember()
        self.page.focus = focus

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
        body = front_page(self.form, self.page.message, can_resume=resumable, link_error=self.page.link_error)
        return View("new-game", top + body, focus=self.page.focus, title=_("Caravan"))


def front_page(form: Form, message: str = "", *, can_resume: bool = False, link_error: str = "") -> str:
    """The front page: what the game is and a drawing of its board, the
    form, and the saved games and the how-to-play a click away. The same
    function writes the bundle's first paint (tools/build.py), before Python runs."""
    error = f'<p id="link-error" role="alert">{esc(link_error)}</p>' if link_error else ""
    links = (
        f'<p class="front-links">{esc(_("New to Caravan?"))} '
        f'<button type="button" id="learn-open" data-rules-open="learn">{esc(_("Learn to play"))}</button> '
        f'<button type="button" id="howto-open" data-rules-open="howto">{esc(_("How to play"))}</button> '
        f"{pages.button('saved-button', _('Saved games'))}</p>"
    )
    form_html = form_markup(form, message, can_resume=can_resume)
    return f'{error}<div class="front">{intro_markup(front_picture())}{links}{form_html}</div>'


# Per language (the cities' names), with the words it was drawn in: drawn once per page
# and language, again if a language's catalogue is replaced (tests' pseudo-language).
_pictures: dict[str, tuple[Words, str]] = {}


def front_picture() -> str:
    """The front page's board: a game a few turns in, drawn by the board's
    own code (web/board/board_svg.py), the same at every boot and in the bundle's
    first paint (tools/build.py)."""
    code, said = lang(), words()
    cached = _pictures.get(code)
    if cached is None or cached[0] is not said:
        game = Game(Options(players=default_players(2)), seed=PICTURE_SEED)
        for text in PICTURE_ACTIONS:
            game.push(parse_action(text))
        cached = _pictures[code] = (said, board_svg.picture(game))
    return cached[1]
