"""Game options (R1, R2, R4) and their validation."""

from __future__ import annotations

from dataclasses import dataclass, field

from .board import PLAYER_COLOURS
from .errors import OptionsError

MIN_PLAYERS = 2
MAX_PLAYERS = 4
MAX_NAME = 24


@dataclass(frozen=True, slots=True)
class Player:
    name: str
    colour: str


def default_players(n: int) -> tuple[Player, ...]:
    return tuple(Player(f"Player {i + 1}", PLAYER_COLOURS[i]) for i in range(n))


@dataclass(frozen=True, slots=True)
class Options:
    """What a game is set up with.

    ``start`` is a 0-based seat, or None to choose at random (R4); the game
    resolves it at set-up and its record holds the seat chosen. ``max_turns``
    is for simulations only (I10): a normal game has no limit.
    """

    players: tuple[Player, ...] = field(default_factory=lambda: default_players(2))
    casual: bool = False
    short: bool = False
    start: int | None = 0
    max_turns: int | None = None

    def __post_init__(self) -> None:
        validate(self)

    @property
    def seats(self) -> int:
        return len(self.players)


def validate(options: Options) -> None:
    players = options.players
    if not isinstance(players, tuple) or not all(isinstance(p, Player) for p in players):
        raise OptionsError("players must be a tuple of Player")
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise OptionsError(f"Caravan is for 2 to 4 players, not {len(players)}")
    names = [p.name for p in players]
    colours = [p.colour for p in players]
    for name in names:
        if not isinstance(name, str) or not name.strip():
            raise OptionsError("every player needs a name")
        if len(name) > MAX_NAME:
            raise OptionsError(f"the name {name[:MAX_NAME]!r}… is longer than {MAX_NAME} characters")
    if len({n.strip().casefold() for n in names}) != len(names):
        raise OptionsError("two players have the same name")
    for colour in colours:
        if not isinstance(colour, str) or not colour:
            raise OptionsError("every player needs a colour")
    if len(set(colours)) != len(colours):
        raise OptionsError("two players have the same colour")
    for flag in ("casual", "short"):
        if not isinstance(getattr(options, flag), bool):
            raise OptionsError(f"{flag} must be true or false")
    start = options.start
    if start is not None and (type(start) is not int or not 0 <= start < len(players)):
        raise OptionsError(f"the start player must be a seat from 1 to {len(players)}")
    limit = options.max_turns
    if limit is not None and (type(limit) is not int or limit < 1):
        raise OptionsError("the turn limit must be a whole number of at least 1")
