"""Caravan (Joe Huber): the rules engine. Pure Python, standard library only.

Runs unmodified on CPython 3.11+ and on Pyodide; knows nothing of any front end.
"""

from __future__ import annotations

from .actions import (
    Action,
    EndTurn,
    MoveCamel,
    MoveGood,
    PickUp,
    PlaceCamel,
    Steal,
    format_action,
    parse_action,
)
from .board import GOODS, NUMBERED, SQUARE_NAMES, parse_square, square_name
from .chance import Chance, SeededChance, SystemChance
from .errors import CaravanError, IllegalActionError, LinkError, NotationError, OptionsError, RecordError
from .game import Game, ScoreLine, Step, penalty
from .options import Options, Player, default_players

__all__ = [
    "GOODS",
    "NUMBERED",
    "SQUARE_NAMES",
    "Action",
    "CaravanError",
    "Chance",
    "EndTurn",
    "Game",
    "IllegalActionError",
    "LinkError",
    "MoveCamel",
    "MoveGood",
    "NotationError",
    "Options",
    "OptionsError",
    "PickUp",
    "PlaceCamel",
    "Player",
    "RecordError",
    "ScoreLine",
    "SeededChance",
    "Steal",
    "Step",
    "SystemChance",
    "default_players",
    "format_action",
    "parse_action",
    "parse_square",
    "penalty",
    "square_name",
]
