"""The new-game form: its values, its markup, and turning it into Options.

Each seat has a type: a person ("human") or a bot at one of the engine's
strengths (``caravan.options.BOT_STRENGTHS``), which the Options made carry
as ``Player.bot``. Any mix is a game, bots only too (watch mode). A bot's
seat keeps the name in its field. A field left empty is the seat's default
name (``Player.name`` None), shown as the field's placeholder and said in
whatever language the game is later read in.
"""

from __future__ import annotations

import json

from caravan.board import PLAYER_COLOURS
from caravan.options import BOT_STRENGTHS, MAX_PLAYERS, Options, Player
from web.board.board_pieces import seat_swatch
from web.board.palette import PLAYER_CHOICES
from web.words.i18n import N_, _, words
from web.words.markup import esc

HUMAN = "human"
QUICK_BOT = "easy"  # the bot of ``#play-computer`` until the player picks another: docs/HOWTO.md's first game
# Where the form's last setup is remembered (localStorage through web/app/storage.py):
# one key for every path, as the language's; never under a path's saved games (``caravan:/…:``).
FORM_KEY = "caravan:new-game-form"
FORM_LIMIT = 4096  # characters: a remembered setup is a few hundred; anything longer is junk
NAME_LIMIT = 24  # the name fields' maxlength
SEAT_TYPES: tuple[str, ...] = (HUMAN, *BOT_STRENGTHS)  # the select's values, in its order
VARIANTS = {"casual": N_("Casual: 6 camels each"), "short": N_("Short: 32 goods instead of 48")}
# What each variant does to a game, in a line (R1, R2).
VARIANT_WHY = {
    "casual": N_("A camel more for everyone: longer chains, a gentler game (R1)."),
    "short": N_("The bag empties sooner and the game ends sooner; suggested for 2 or 3 players (R2)."),
}


def is_bot(kind: str) -> bool:
    """Whether a seat type chosen on the form is a bot's: the bot worker starts
    then, before the game does (docs/WORKER.md, "When it starts")."""
    return kind in BOT_STRENGTHS


def seat_type(kind: str) -> str:
    """A seat type's words: "Human", "Bot: easy"."""
    return _("Human") if kind == HUMAN else words().strength(kind)


class Form:
    """What the new-game screen holds; kept across re-renders and rematches."""

    def __init__(self) -> None:
        self.count = 2
        self.names = [""] * MAX_PLAYERS  # "": the seat's default name
        self.colours = list(PLAYER_COLOURS)
        self.types = ["human"] * MAX_PLAYERS
        self.casual = False
        self.short = False
        self.start = "random"
        self.quick = QUICK_BOT  # the strength of ``#play-computer``'s bot

    def update(self, values: dict[str, object]) -> None:
        """Take values read from the page (strings and booleans), ignoring junk."""
        count = values.get("count")
        if isinstance(count, str) and count in ("2", "3", "4"):
            self.count = int(count)
        for key, target in (("names", self.names), ("colours", self.colours), ("types", self.types)):
            raw = values.get(key)
            if isinstance(raw, list):
                for i, v in enumerate(raw[:MAX_PLAYERS]):
                    if isinstance(v, str) and (key != "types" or v in SEAT_TYPES):
                        target[i] = v[:NAME_LIMIT]
        for flag in ("casual", "short"):
            v = values.get(flag)
            if isinstance(v, bool):
                setattr(self, flag, v)
        start = values.get("start")
        if isinstance(start, str) and (start == "random" or start in ("0", "1", "2", "3")):
            self.start = start
        quick = values.get("quick")
        if isinstance(quick, str) and quick in BOT_STRENGTHS:
            self.quick = quick

    def dumps(self) -> str:
        """The setup as remembered across reloads: what ``update`` reads back."""
        return json.dumps(
            {
                "count": str(self.count),
                "names": self.names,
                "colours": self.colours,
                "types": self.types,
                "casual": self.casual,
                "short": self.short,
                "start": self.start,
                "quick": self.quick,
            },
            separators=(",", ":"),
        )

    def recall(self, text: str | None) -> bool:
        """Take a setup remembered by ``dumps``; False, the form untouched, when
        there is none or it cannot be read (another version's, damaged): the
        defaults then, silently. A field that makes no sense alone is skipped."""
        if not text or len(text) > FORM_LIMIT:
            return False
        try:
            values = json.loads(text)
        except (ValueError, RecursionError):
            return False
        if not isinstance(values, dict):
            return False
        colours = values.get("colours")
        if isinstance(colours, list):  # only the palette's, as the form's select offers
            values["colours"] = [c if c in PLAYER_CHOICES else None for c in colours]
        self.update(values)
        return True

    def options(self) -> Options:
        """The engine's Options; raises the engine's OptionsError if they cannot make a game."""
        n = self.count
        start = None if self.start == "random" else int(self.start)
        if start is not None and start >= n:
            start = 0
        players = tuple(
            Player(
                self.names[i].strip() or None,
                self.colours[i],
                None if self.types[i] == HUMAN else self.types[i],
            )
            for i in range(n)
        )
        return Options(players=players, casual=self.casual, short=self.short, start=start)


def unoffered(options: Options) -> str | None:
    """Why a game from a link, a file or storage is not one this page plays,
    or None: the form never sets a turn limit (I10: a normal game has none;
    the engine keeps them for simulations)."""
    if options.max_turns is not None:
        return _("the game has a turn limit, which only simulations use; this page plays games without one")
    return None


def _select(attrs: str, choices: list[tuple[str, str]], value: str) -> str:
    opts = "".join(
        f'<option value="{esc(v)}"{" selected" if v == value else ""}>{esc(label)}</option>'
        for v, label in choices
    )
    return f"<select {attrs}>{opts}</select>"


def _seat_row(form: Form, i: int, colours: list[tuple[str, str]]) -> str:
    """One seat: its camel as drawn (colour and pattern), name, colour and
    who plays it, a person or a bot of a strength."""
    n = i + 1
    label = _("Name of player {n}", n=n)
    return (
        f'<li class="seat">{seat_swatch(i, form.colours[i])}'
        f'<input type="text" maxlength="24" data-player-name="{i}" '
        f'value="{esc(form.names[i])}" placeholder="{esc(words().default_name(i))}" '
        f'aria-label="{esc(label)}" autocomplete="off">'
        + _select(
            f'data-player-colour="{i}" aria-label="{esc(_("Colour of player {n}", n=n))}"',
            colours,
            form.colours[i],
        )
        + _select(
            f'data-seat-type="{i}" aria-label="{esc(_("Who plays seat {n}", n=n))}"',
            [(k, seat_type(k)) for k in SEAT_TYPES],
            form.types[i],
        )
        + "</li>"
    )


def intro_markup(picture: str) -> str:
    """What the game is, in two lines, beside a drawing of its board."""
    tagline = _("Joe Huber's board game of camels and goods, for 2 to 4 players.")
    pitch = _(
        "Place your camels in the desert, pass goods from camel to camel along your chains "
        "and deliver them to the cities that want them. The most points wins."
    )
    return (
        f'<div class="front-intro"><h2 class="tagline">{esc(tagline)}</h2>'
        f'<p class="pitch">{esc(pitch)}</p>'
        f'<div class="front-picture">{picture}</div></div>'
    )


def form_markup(form: Form, message: str = "", *, can_resume: bool = False) -> str:
    """The new-game form; ``can_resume`` offers a way back to the game in
    progress. The quickest start comes first: ``#play-computer``, a person
    against a bot in a short game (as docs/HOWTO.md suggests), the bot's
    strength chosen beside it (``#quick-bot``: easy until another is picked)."""
    out = [f'<section id="new-game" class="front-form"><h2>{esc(_("New game"))}</h2>']
    strength = _select(
        f'id="quick-bot" aria-label="{esc(_("Strength of the computer player"))}"',
        [(k, words().strength(k)) for k in BOT_STRENGTHS],
        form.quick,
    )
    out.append(
        f'<p class="quick"><button type="button" id="play-computer" class="play">'
        f"{esc(_('Play against the computer'))}</button> {strength} "
        f'<span class="hint">{esc(_("You against one bot, in a short game."))}</span></p>'
    )
    out.append(f'<h3 class="setup">{esc(_("Or choose the players"))}</h3>')
    out.append(
        f'<label class="row">{esc(_("Players"))} '
        + _select('id="player-count"', [(str(n), str(n)) for n in (2, 3, 4)], str(form.count))
        + "</label>"
    )
    colours = [(c, words().colour(c)) for c in PLAYER_CHOICES]
    out.append('<ol class="seats">')
    out.extend(_seat_row(form, i, colours) for i in range(form.count))
    out.append("</ol>")
    out.append(f'<fieldset class="variants"><legend>{esc(_("Variants"))}</legend>')
    for flag, text in VARIANTS.items():
        checked = " checked" if getattr(form, flag) else ""
        out.append(
            f'<label class="check"><input type="checkbox" id="{flag}"{checked}> '
            f"<span><b>{esc(_(text))}</b> "
            f'<span class="explain">{esc(_(VARIANT_WHY[flag]))}</span></span></label>'
        )
    out.append("</fieldset>")
    starts = [("random", _("Random"))] + [
        (str(i), form.names[i].strip() or words().default_name(i)) for i in range(form.count)
    ]
    out.append(
        f'<label class="row">{esc(_("Start player"))} '
        + _select('id="start-player"', starts, form.start)
        + "</label>"
    )
    out.append(f'<p id="message">{esc(message)}</p>')  # said by #announcer
    out.append(
        f'<p class="play-row"><button type="button" id="start-game" class="play">{esc(_("Play"))}</button>'
    )
    if can_resume:
        out.append(
            f' <button type="button" id="resume-game">{esc(_("Back to the game in progress"))}</button>'
        )
    out.append("</p></section>")
    return "".join(out)
