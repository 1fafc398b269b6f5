"""The built-in bots, weakest first: ``random``, ``courier``, ``easy``, ``medium``, ``hard``.

``random`` and ``courier`` are ``caravan.playout``'s policies (what tests and
benchmarks use) behind the bot interface. ``easy`` plays a greedy turn, one
action at a time, and often settles for a worse one; ``medium`` plans its
whole turn by beam search (``planner.best_turns``); ``hard`` takes the
planner's best turns as candidates and chooses among them by Monte Carlo
(``search.choose``): short planner-driven rollouts of the next turns, with
the draws of every refill sampled from the goods still in the bag.
"""

from __future__ import annotations

from ..actions import Action
from ..game import Game
from ..playout import courier_action, random_action
from .base import Budget, TurnBot, decision_rng, search_chance
from .evaluate import DEFAULT, Weights
from .planner import best_turns, work
from .search import choose


class RandomBot:
    """Uniformly random among the legal actions (``playout.random_action``)."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def act(self, game: Game, budget: Budget | None = None) -> Action:
        return random_action(game, decision_rng(self.seed, game))


class CourierBot:
    """Carries one good at a time to its city by leapfrogging two camels (``playout.courier_action``)."""

    name = "courier"

    def __init__(self, seed: int = 0, explore: float = 0.05) -> None:
        self.seed = seed
        self.explore = explore

    def act(self, game: Game, budget: Budget | None = None) -> Action:
        return courier_action(game, decision_rng(self.seed, game), explore=self.explore)


class EasyBot(TurnBot):
    """A beginner's opponent: the planner with a narrow beam that often settles.

    It plans its turn with a beam of ``width`` (2: medium keeps 6) and,
    ``slack`` of the time, plays the second or third best turn it found
    instead of the best. It values goods as medium does, so it fetches loose
    goods, carries them home and drains the bag (R13, R14): its games end.
    (With a beam of one and no worth in standing on a loose good after the
    turn, it never stepped onto one: against random play the bag stayed full
    for 1,000 turns.) Measured: level with the courier, well below medium."""

    name = "easy"

    def __init__(self, seed: int = 0, slack: float = 0.2, width: int = 2, keep: int = 3) -> None:
        super().__init__(seed)
        self.slack = slack
        self.width = width
        self.keep = keep

    def plan(self, game: Game, budget: Budget) -> list[Action]:
        rng = decision_rng(self.seed, game)
        turns = best_turns(game, width=self.width, keep=self.keep, chance=search_chance(self.seed, game))
        pick = 0
        if len(turns) > 1 and rng.random() < self.slack:
            pick = rng.randrange(1, len(turns))
        return list(turns[pick][1])


class MediumBot(TurnBot):
    """A one-turn planner: beam search over the turn's action sequences (``planner``)."""

    name = "medium"

    def __init__(self, seed: int = 0, width: int = 6, weights: Weights = DEFAULT) -> None:
        super().__init__(seed)
        self.width = width
        self.weights = weights

    def plan(self, game: Game, budget: Budget) -> list[Action]:
        turns = best_turns(
            game, width=self.width, keep=1, chance=search_chance(self.seed, game), weights=self.weights
        )
        return list(turns[0][1])


class HardBot(TurnBot):
    """Candidate turns from the planner, chosen by Monte Carlo over short rollouts (``search``).

    ``iterations`` (default budget) are rollouts: deterministic given the
    seed. ``budget`` (seconds) instead sets a wall-clock deadline per turn."""

    name = "hard"

    def __init__(
        self,
        seed: int = 0,
        iterations: int = 14_000,
        budget: float | None = None,
        candidates: int = 8,
        width: int = 6,
        horizon: int = 0,
        reply_width: int = 3,
        weights: Weights = DEFAULT,
    ) -> None:
        super().__init__(seed)
        self.default_budget = Budget(iterations=None if budget is not None else iterations, seconds=budget)
        self.candidates = candidates
        self.width = width
        self.horizon = horizon
        self.reply_width = reply_width  # >1: the other players' turns in rollouts by the beam planner
        self.weights = weights

    def plan(self, game: Game, budget: Budget) -> list[Action]:
        clock = budget.start()
        started = work()
        turns = best_turns(
            game,
            width=self.width,
            keep=self.candidates,
            chance=search_chance(self.seed, game),
            weights=self.weights,
        )
        if len(turns) == 1:
            return list(turns[0][1])
        return choose(
            game,
            turns,
            clock,
            seed=self.seed,
            horizon=self.horizon,
            weights=self.weights,
            reply_width=self.reply_width,
            started=started,
        )
