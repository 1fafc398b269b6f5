"""The bot interface: what a bot is given, what it returns, and its budget.

A bot is any object with ``act(game, budget) -> Action``. ``game`` is what
the player to move may know (``Game.view(seat)``, I11): the whole board, every
player's holdings and the bag's counts, never the order of the draws to come;
the bot may do anything to it (it is a copy). ``budget`` says how long it may
think: a number of iterations (deterministic) and/or seconds of wall-clock
time (``time.perf_counter``), after which it returns the best it has found.
A bot that plans a whole turn keeps the rest of its plan and plays it one
action at a time while the position is the one it expected (``TurnBot``).

Search copies draw from the bot's own seeded chance (``search_chance``),
seeded from the bot's seed and the position, so a decision depends only on
what the player may see, the bot's seed and an iteration budget.
"""

from __future__ import annotations

import random
import time
import zlib
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from ..actions import END_TURN, Action, EndTurn
from ..chance import SeededChance
from ..game import Game
from ..playout import courier_action


@dataclass(frozen=True, slots=True)
class Budget:
    """How long a bot may think about one decision.

    ``iterations``: the bot's own unit of search (a playout, a node); with
    only iterations a bot is deterministic given its seed. ``seconds``: a
    wall-clock deadline measured with ``time.perf_counter`` from the moment
    ``act`` is called; the bot stops by itself and returns its best so far.
    Both None: the bot's default."""

    iterations: int | None = None
    seconds: float | None = None

    def start(self) -> Clock:
        return Clock(self)


class Clock:
    """A started budget: ``spent(n)`` says whether ``n`` iterations used it up."""

    __slots__ = ("deadline", "iterations")

    def __init__(self, budget: Budget) -> None:
        self.iterations = budget.iterations
        self.deadline = None if budget.seconds is None else time.perf_counter() + budget.seconds

    def spent(self, done: int) -> bool:
        if self.iterations is not None and done >= self.iterations:
            return True
        return self.deadline is not None and time.perf_counter() >= self.deadline


@runtime_checkable
class Bot(Protocol):
    """A player that is a program (docs/BOTS.md)."""

    def act(self, game: Game, budget: Budget | None = None) -> Action:
        """One legal action for the player to move in ``game`` (a view: I11)."""
        ...


def decision_seed(seed: int, game: Game) -> int:
    """A 64-bit seed for one decision: the bot's seed and the visible position.

    The position (docs/POSITION.md) holds no draw to come (I11), so two games
    that differ only in the bag's future give the same seed."""
    return (seed & 0xFFFFFFFF) << 32 | zlib.crc32(game.position().encode())


def search_chance(seed: int, game: Game, salt: int = 0) -> SeededChance:
    """The bot's own chance for a search copy (``game.copy_position(chance=...)``)."""
    return SeededChance(decision_seed(seed, game) * 0x9E3779B1 + salt)


def sample_chance(base: int, k: int, level: int) -> SeededChance:
    """The draws of the ``k``-th sample at ``level`` of a search seeded ``base``
    (``decision_seed``): the same for every turn judged (common random numbers),
    so that two turns' difference is not the noise of separate samples."""
    return SeededChance(base + 1_000_003 * k + 7_919 * level)


def decision_rng(seed: int, game: Game) -> random.Random:
    """A ``random.Random`` for one decision, seeded as ``search_chance`` is."""
    return random.Random(decision_seed(seed, game))


STALL_ROUNDS = 2


def stalled(game: Game, rounds: int = STALL_ROUNDS) -> bool:
    """Whether every turn of the last ``rounds`` rounds was ended with
    nothing done. Two planners that each see no gain in acting would pass
    for ever, and the game would never end (R14 needs goods picked up and
    delivered): found in the soak, medium against hard, 950 turns of passes."""
    steps = game.history[-(rounds * game.seats + 1) :]
    return len(steps) > rounds * game.seats and all(isinstance(s.action, EndTurn) for s in steps)


class TurnBot:
    """A bot that plans its whole turn at once (``plan``), then plays it out.

    ``act`` returns the plan's next action while the game is in the position
    the plan expected; after a refill (R13) drew other goods than the search
    sampled, or in any other position, it plans again. A plan is a list of
    actions ending with ``end`` (or with the delivery that ends the game).
    When the game has ``stalled``, the turn starts with the courier's action
    (which carries goods home and drains the bag), then is planned again."""

    name = "turn-bot"
    default_budget = Budget()

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self._plan: list[Action] = []
        self._expect: str | None = None

    def plan(self, game: Game, budget: Budget) -> list[Action]:
        """The whole turn for the player to move; subclasses define it."""
        raise NotImplementedError

    def act(self, game: Game, budget: Budget | None = None) -> Action:
        if game.is_over():
            raise ValueError("the game is over: there is nothing to play")
        position = game.position()
        if stalled(game):
            self._plan = [courier_action(game, decision_rng(self.seed, game))]
        elif not self._plan or position != self._expect or not game.is_legal(self._plan[0]):
            self._plan = self.plan(game, budget or self.default_budget) or [END_TURN]
        action = self._plan.pop(0)
        self._expect = None
        if self._plan:
            after = game.copy_position(chance=SeededChance(0))
            after.push(action)
            if after.bag_count == game.bag_count:  # no draw: the position is known
                self._expect = after.position()
        return action
