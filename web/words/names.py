"""A seat's name as the page shows it: the name given, or the seat's default
name in the page's language (``Player.name`` None: records and links store a
default name as no name, issue 13; caravan/words.py says it)."""

from __future__ import annotations

from caravan import Game
from caravan.options import Options
from web.words.i18n import words


def name_of(game: Game | Options, seat: int) -> str:
    options = game.options if isinstance(game, Game) else game
    name = options.players[seat].name
    return words().default_name(seat) if name is None else name


def names(game: Game | Options) -> list[str]:
    options = game.options if isinstance(game, Game) else game
    return [name_of(options, seat) for seat in range(options.seats)]
