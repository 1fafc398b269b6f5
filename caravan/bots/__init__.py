"""Bots: programs that play Caravan through the engine's public API (docs/BOTS.md).

A bot is any object with ``act(game, budget) -> Action``: given what the
player to move may know (``game.view(seat)``, I11) and a ``Budget``, it
returns one legal action. The built-in ones, weakest first, are made by name
with ``make_bot("medium")`` or ``make_bot("hard:budget=0.5", seed=3)``:

| name | what it does |
| --- | --- |
| ``random`` | a uniformly random legal action |
| ``courier`` | carries one good at a time to its city (``caravan.playout``'s policy) |
| ``easy`` | the courier's play, now and then a turn planned as ``medium`` plans it |
| ``medium`` | a one-turn planner: beam search over the turn's actions |
| ``hard`` | whole turns judged by sampled rollouts to its next turn |
| ``hard@1`` | the hard bot before that, frozen: the yardstick |
| ``hard@2`` | the hard bot between them, frozen: the yardstick of the evaluation's changes |
| ``hard@3`` | the hard bot before demand markers were discounted in its search, frozen |
| ``hard@4`` | the hard bot before turns without their exposed pick-ups were among its candidates, frozen |

``play_game`` plays a whole game between bots; ``caravan.arena`` measures
them against each other.
"""

from __future__ import annotations

from .base import (
    STALL_ROUNDS,
    Bot,
    Budget,
    Clock,
    TurnBot,
    decision_rng,
    decision_seed,
    search_chance,
    stalled,
)
from .evaluate import Weights, margin, values
from .match import GameResult, play_game
from .planner import best_turns, candidate_actions, greedy_turn, positions_evaluated
from .players import (
    HARD_BUDGET,
    HARD_ITERATIONS,
    CourierBot,
    EasyBot,
    FrozenHard2Bot,
    FrozenHard3Bot,
    FrozenHard4Bot,
    FrozenHardBot,
    HardBot,
    MediumBot,
    RandomBot,
)
from .registry import BUILT_IN, BotSpecError, make_bot, parse_spec

__all__ = [
    "BUILT_IN",
    "HARD_BUDGET",
    "HARD_ITERATIONS",
    "STALL_ROUNDS",
    "Bot",
    "BotSpecError",
    "Budget",
    "Clock",
    "CourierBot",
    "EasyBot",
    "FrozenHard2Bot",
    "FrozenHard3Bot",
    "FrozenHard4Bot",
    "FrozenHardBot",
    "GameResult",
    "HardBot",
    "MediumBot",
    "RandomBot",
    "TurnBot",
    "Weights",
    "best_turns",
    "candidate_actions",
    "decision_rng",
    "decision_seed",
    "greedy_turn",
    "make_bot",
    "margin",
    "parse_spec",
    "play_game",
    "positions_evaluated",
    "search_chance",
    "stalled",
    "values",
]
