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
from .board import (
    CAMELS,
    CASUAL_CAMELS,
    DEMAND_MARKERS,
    FULL_ACTIONS,
    GOODS,
    NEIGHBOURS,
    NUMBERED,
    SETUP_DEMAND,
    SQUARE_NAMES,
    SQUARES,
    parse_square,
    square_name,
)
from .chance import Chance, SeededChance, SystemChance
from .errors import (
    CaravanError,
    IllegalActionError,
    LinkError,
    NotationError,
    OptionsError,
    PositionError,
    RecordError,
)
from .events import draws_of
from .game import Game, LegalActions, ScoreLine, Step, actions_for_turn, penalty
from .goods import ALL_GOODS, Good, camels_per_player, city_wants, goods_in_game
from .options import Options, Player, default_players
from .position import format_position, parse_position
from .refusals import Refusal
from .state import Camel, Outcome, Reason, State

__all__ = [
    "ALL_GOODS",
    "CAMELS",
    "CASUAL_CAMELS",
    "DEMAND_MARKERS",
    "FULL_ACTIONS",
    "GOODS",
    "NEIGHBOURS",
    "NUMBERED",
    "SETUP_DEMAND",
    "SQUARES",
    "SQUARE_NAMES",
    "Action",
    "Camel",
    "CaravanError",
    "Chance",
    "EndTurn",
    "Game",
    "Good",
    "IllegalActionError",
    "LegalActions",
    "LinkError",
    "MoveCamel",
    "MoveGood",
    "NotationError",
    "Options",
    "OptionsError",
    "Outcome",
    "PickUp",
    "PlaceCamel",
    "Player",
    "PositionError",
    "Reason",
    "RecordError",
    "Refusal",
    "ScoreLine",
    "SeededChance",
    "State",
    "Steal",
    "Step",
    "SystemChance",
    "actions_for_turn",
    "camels_per_player",
    "city_wants",
    "default_players",
    "draws_of",
    "format_action",
    "format_position",
    "goods_in_game",
    "parse_action",
    "parse_position",
    "parse_square",
    "penalty",
    "square_name",
]
