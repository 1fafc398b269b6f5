"""Game options (R1, R2, R4) and their validation.

Names are what players type and what records carry, so they are checked
strictly: normalised to NFC, free of control and format characters, and
told apart the way a person reads them (case and look-alike forms folded).
Colours come from one documented palette.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

from .board import PLAYER_COLOURS
from .errors import OptionsError
from .quote import HIDDEN, excerpt
from .refusals import N_, Refusal

MIN_PLAYERS = 2
MAX_PLAYERS = 4
MAX_NAME = 24

# Characters that show nothing where they stand, yet are letters or marks
# (so not in quote.HIDDEN): the Hangul fillers U+115F, U+1160, U+3164 and
# U+FFA0, U+034F COMBINING GRAPHEME JOINER and U+17B4/U+17B5 (all Unicode
# Default_Ignorable_Code_Point, UAX #44), and U+2800 BRAILLE PATTERN BLANK.
# A name with one looks like another name ("Ann" + U+3164 reads "Ann") or
# like no name at all: refused.
BLANK = frozenset("\u034f\u115f\u1160\u17b4\u17b5\u2800\u3164\uffa0")
# Default-ignorable marks that do belong in names (variation selectors pick
# an emoji's or a CJK character's form; Mongolian free variation selectors
# a letter's): kept, but ignored when names are compared.
_IGNORED = re.compile("[\ufe00-\ufe0f\U000e0100-\U000e01ef\u180b-\u180d\u180f]")

# The colours a player may take, as the words records use. The first four are
# the defaults of seats 1-4 (board.PLAYER_COLOURS); the page offers all eight
# (web/board/palette.py draws each of them).
PALETTE: tuple[str, ...] = (*PLAYER_COLOURS, "red", "blue", "green", "purple")

# The strengths a seat's bot may have, weakest first (issue 12). Records
# carry these words and links their place in a table of their own
# (caravan/link.py), so a new one is added at the end and none is renamed.
BOT_STRENGTHS: tuple[str, ...] = ("easy", "medium", "hard")


@dataclass(frozen=True, slots=True)
class Player:
    """A seat's name and colour, and who plays it: a person (``bot`` None)
    or a bot of one of ``BOT_STRENGTHS``. ``name`` None is the seat's default
    name, which each reader says in its own language ("Player 2", "Jugador 2"):
    stored as no name, so a game saved in one language reads right in another
    (issue 13). A bot's seat has a name like any other; what the page shows of
    the bot is its own words, not stored in the game."""

    name: str | None
    colour: str
    bot: str | None = None


def default_players(n: int) -> tuple[Player, ...]:
    """Seats with default names (``name`` None) in the default colours;
    OptionsError for a count Caravan is not played with."""
    if type(n) is not int or not MIN_PLAYERS <= n <= MAX_PLAYERS:
        if type(n) is int and abs(n) < 10**6:
            raise OptionsError(Refusal("options_player_count", min=MIN_PLAYERS, max=MAX_PLAYERS, count=n))
        raise OptionsError(Refusal("options_player_range", min=MIN_PLAYERS, max=MAX_PLAYERS))
    return tuple(Player(None, PLAYER_COLOURS[i]) for i in range(n))


@dataclass(frozen=True, slots=True)
class Options:
    """What a game is set up with.

    ``start`` is a 0-based seat, or None to choose at random (R4); the game
    resolves it at set-up and its record holds the seat chosen. ``max_turns``
    is for simulations only (I10): a normal game has no limit.

    Anything that cannot make a game raises OptionsError. Names are stored
    normalised to NFC (see ``check_name``); colours must be in ``PALETTE``.
    """

    players: tuple[Player, ...] = field(default_factory=lambda: default_players(2))
    casual: bool = False
    short: bool = False
    start: int | None = 0
    max_turns: int | None = None

    def __post_init__(self) -> None:
        normal = validate(self)
        if normal != self.players:
            object.__setattr__(self, "players", normal)

    @property
    def seats(self) -> int:
        return len(self.players)

    def name_of(self, seat: int) -> str:
        """Seat ``seat``'s name (0-based), its default in English (``Player 2``)
        if none was given: the engine's own texts say that; a front end in
        another language says the default in its own (``Player.name`` None)."""
        name = self.players[seat].name
        return f"Player {seat + 1}" if name is None else name


def check_name(name: object) -> str:
    """The name in NFC if a player may have it; OptionsError saying why not.

    A name is 1 to MAX_NAME characters after normalising; it has no control,
    format, private-use or unassigned characters, no lone surrogates and no
    character that shows nothing (``BLANK``), its only spaces are ordinary
    ones, it neither starts nor ends with one, and it has something to read
    once what ``name_key`` ignores is set aside.
    """
    if not isinstance(name, str):
        raise OptionsError(Refusal("name_not_text"))
    if len(name) > 4 * MAX_NAME:  # NFC never shrinks text by more than this; refuse unread
        raise OptionsError(Refusal("name_too_long", name=excerpt(name, MAX_NAME), max=MAX_NAME))
    for c in name:
        category = unicodedata.category(c)
        if category in HIDDEN or c in BLANK:
            raise OptionsError(
                Refusal("name_invisible", name=excerpt(name, MAX_NAME), char=f"U+{ord(c):04X}")
            )
        if category == "Zs" and c != " ":
            raise OptionsError(
                Refusal("name_unusual_space", name=excerpt(name, MAX_NAME), char=f"U+{ord(c):04X}")
            )
    name = unicodedata.normalize("NFC", name)
    if not name:
        raise OptionsError(Refusal("name_empty"))
    if name != name.strip(" "):
        raise OptionsError(Refusal("name_spaces", name=excerpt(name, MAX_NAME)))
    if len(name) > MAX_NAME:
        raise OptionsError(Refusal("name_too_long", name=excerpt(name, MAX_NAME), max=MAX_NAME))
    if not name_key(name):
        raise OptionsError(Refusal("name_blank", name=excerpt(name, MAX_NAME)))
    return name


def name_key(name: str) -> str:
    """What two names are compared by: case and compatibility forms folded,
    invisible and blank characters and variation selectors ignored ("Ann",
    "ANN", "Ａｎｎ", "Ann" with a zero-width space or with U+3164 are one name)."""
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
    folded = _IGNORED.sub("", folded)
    kept = "".join(c for c in folded if unicodedata.category(c) not in HIDDEN and c not in BLANK)
    return " ".join(kept.split())


def validate(options: Options) -> tuple[Player, ...]:
    """OptionsError for anything that cannot make a game; else the players
    with their names in NFC, as ``check_name`` returns them (what Options stores)."""
    players = options.players
    if not isinstance(players, tuple) or not all(isinstance(p, Player) for p in players):
        raise OptionsError(Refusal("options_players_type"))
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise OptionsError(
            Refusal("options_player_count", min=MIN_PLAYERS, max=MAX_PLAYERS, count=len(players))
        )
    names = [None if p.name is None else check_name(p.name) for p in players]
    keys = [name_key(n) for n in names if n is not None]  # default names differ by seat
    if len(set(keys)) != len(keys):
        raise OptionsError(Refusal("names_same"))
    for p in players:
        if not isinstance(p.colour, str) or p.colour not in PALETTE:
            shown = excerpt(p.colour) if isinstance(p.colour, str) else type(p.colour).__name__
            raise OptionsError(Refusal("colour_unknown", colour=shown, colours=", ".join(PALETTE)))
    colours = [p.colour for p in players]
    if len(set(colours)) != len(colours):
        raise OptionsError(Refusal("colours_same"))
    for p in players:
        check_bot(p.bot)
    # Translators: the options' names, as a refusal says them ("casual must be true or false").
    for flag, said in (("casual", N_("casual")), ("short", N_("short"))):
        if not isinstance(getattr(options, flag), bool):
            raise OptionsError(Refusal("flag_not_bool", flag=said))
    start = options.start
    if start is not None and (type(start) is not int or not 0 <= start < len(players)):
        raise OptionsError(Refusal("start_seat", count=len(players)))
    limit = options.max_turns
    if limit is not None and (type(limit) is not int or limit < 1):
        raise OptionsError(Refusal("turn_limit_type"))
    return tuple(Player(n, p.colour, p.bot) for n, p in zip(names, players, strict=True))


def check_bot(bot: object) -> None:
    """OptionsError unless ``bot`` is None (a person plays the seat) or one of
    ``BOT_STRENGTHS``."""
    if bot is None or (isinstance(bot, str) and bot in BOT_STRENGTHS):
        return
    shown = excerpt(bot) if isinstance(bot, str) else type(bot).__name__
    raise OptionsError(
        Refusal("bot_unknown", bot=shown, strengths=", ".join(BOT_STRENGTHS[:-1]), last=BOT_STRENGTHS[-1])
    )
