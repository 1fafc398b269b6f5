"""The built-in bots, weakest first: ``random``, ``courier``, ``easy``, ``medium``, ``hard``,
and ``hard@1``, the hard bot before the turn search, kept as the yardstick.

``random`` and ``courier`` are ``caravan.playout``'s policies (what tests and
benchmarks use) behind the bot interface. ``easy`` plays as the courier with
now and then a turn planned as medium plans it; ``medium`` plans its
whole turn by beam search (``planner.best_turns``); ``hard`` judges the
planner's best turns and its steals by sampled rollouts through the next
player's reply and its own next turn (``turnsearch``); ``hard@1`` chooses
among the planner's turns by Monte Carlo over shorter rollouts
(``search.choose``). Both sample the draws of every refill from the goods
still in the bag (I11).
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from ..actions import Action
from ..game import Game, actions_for_turn
from ..playout import courier_action, random_action
from .base import Budget, TurnBot, decision_rng, decision_seed, search_chance
from .evaluate import DEFAULT, HARD, HARD_2, HARD_3, Weights
from .planner import best_turns, positions_evaluated
from .search import choose
from .turnsearch import Judged, candidate_turns, judge, utility_of


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
    """A beginner's opponent: the courier's play (one good at a time,
    leapfrogging), with a turn planned as medium plans it now and then
    (``planned``: the share of such turns, 5%: measured, 62.5% of 40 games
    against the courier; a tenth made 74%, a half won them all).

    Which kind a turn is follows from the bot's seed and the turn's number,
    so a decision still depends only on what the player may see. Both kinds
    carry goods home and drain the bag (R13, R14): its games end. (A planner with a beam of one or two
    stalled: the first step of a leapfrog gains nothing by the evaluation, so
    against random play it held goods it never moved, 1,000 turns long.)"""

    name = "easy"

    def __init__(self, seed: int = 0, planned: float = 0.05, width: int = 6) -> None:
        super().__init__(seed)
        self.planned = planned
        self.width = width

    def plan(self, game: Game, budget: Budget) -> list[Action]:
        # The turn's kind: the bot's seed and the turn's number (R5), not the draws (I11).
        kind = random.Random(decision_seed(self.seed, game) >> 32 ^ game.turn * 0x9E3779B1)
        if kind.random() < self.planned:
            turns = best_turns(game, width=self.width, keep=1, chance=search_chance(self.seed, game))
            return list(turns[0][1])
        # The courier's action; asked again after it (the plan is one action long).
        return [courier_action(game, decision_rng(self.seed, game))]


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


# hard's default budget, positions evaluated, by the number of players: an
# evaluation costs more with more seats (29, 36 and 43 us in CPython) and a
# rollout reaches further, so that each is at most about 0.5 s of CPython at
# the 95th percentile of a game's turns.
HARD_ITERATIONS = {2: 13_000, 3: 10_500, 4: 7_500}


class FrozenHardBot(TurnBot):
    """``hard@1``: the hard bot as it was until 2026-12, frozen as the yardstick every
    later ``hard`` is measured against. Candidate turns from the planner, chosen by
    Monte Carlo over short rollouts (``search``).

    ``iterations`` (the default budget) counts positions evaluated, the
    planner's and the rollouts' (``positions_evaluated``): deterministic
    given the seed, and a bound on the think time (default
    ``HARD_ITERATIONS``, by the number of players: about 0.5 s of CPython at
    the 95th percentile). ``budget`` (seconds) instead sets a wall-clock
    deadline per turn. ``horizon`` 0: the rollouts reach the bot's next
    turn; ``reply_width``: the beam of the next player's reply in them;
    ``depth``: how many rounds deeper the better candidates are rolled out
    while the budget lasts, ``samples`` times each (``search.choose``)."""

    name = "hard@1"

    def __init__(
        self,
        seed: int = 0,
        iterations: int | None = None,
        budget: float | None = None,
        candidates: int = 8,
        width: int = 6,
        horizon: int = 0,
        reply_width: int = 3,
        weights: Weights = DEFAULT,
        depth: int = 6,
        samples: int = 2,
    ) -> None:
        super().__init__(seed)
        self.default_budget = Budget(iterations=None if budget is not None else iterations, seconds=budget)
        self.candidates = candidates
        self.width = width
        self.horizon = horizon
        self.reply_width = reply_width  # >1: the other players' turns in rollouts by the beam planner
        self.weights = weights
        self.depth = depth
        self.samples = samples

    def plan(self, game: Game, budget: Budget) -> list[Action]:
        if budget.iterations is None and budget.seconds is None:
            budget = Budget(iterations=HARD_ITERATIONS[game.seats])
        clock = budget.start()
        started = positions_evaluated()
        turns = best_turns(
            game,
            width=self.width,
            keep=self.candidates,
            chance=search_chance(self.seed, game),
            weights=self.weights,
            goods_first=True,
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
            depth=self.depth,
            samples=self.samples,
        )


# hard's default budget, positions evaluated, by the number of players, half of
# it for a turn planned again after a refill: a turn's think time at the 95th
# percentile about that of hard@1 (its HARD_ITERATIONS), 0.6 s of CPython.
# hard@2's (HARD_2_BUDGET); hard's own is 8/11 of it, as its evaluation
# (the opportunity term, evaluate.HARD) costs about 1.4 times as much.
HARD_2_BUDGET = {2: 11_000, 3: 8_800, 4: 6_400}
HARD_BUDGET = {2: 8_000, 3: 6_400, 4: 4_650}


def _hard_budget(game: Game, budget: Budget, budgets: dict[int, int]) -> Budget:
    """``budget``, or the bot's default for this many players when it sets no limit."""
    if budget.iterations is None and budget.seconds is None:
        return Budget(iterations=budgets[game.seats])
    return budget


class HardBot(TurnBot):
    """Whole turns from the planner, judged by sampled rollouts to the bot's next turn
    (``turnsearch``), scored by the evaluation with the ``HARD`` weights.

    ``iterations`` (the default budget) counts positions evaluated
    (``positions_evaluated``): deterministic given the seed, and a bound on
    the think time (default ``HARD_BUDGET``, by the number of players).
    ``budget`` (seconds) instead sets a wall-clock deadline per turn.
    ``candidates``: the planner's turns judged; ``width``: its beam;
    ``reply_width``: the beam of the next player's reply and of the bot's own
    next turn in the rollouts; ``reply_steals``: that reply weighs its best
    steal too (R10); ``weights``: the evaluation's (``evaluate.HARD``);
    ``wary``: how many candidates come from the evaluation with the steal of
    a good left on top priced in (0: none); ``first``: the beam's turns judged
    before the steal and wary ones (None: all of them); ``unexposed``: how many
    of the beam's turns are also judged without the pick-ups they leave on top
    where another player may steal them (``turnsearch.unexposed``, R10; 0: none);
    ``samples``: rollouts per turn at the first level; ``depth``: levels."""

    name = "hard"
    budgets = HARD_BUDGET

    def __init__(
        self,
        seed: int = 0,
        iterations: int | None = None,
        budget: float | None = None,
        candidates: int = 6,
        width: int = 6,
        reply_width: int = 3,
        samples: int = 3,
        depth: int = 3,
        weights: Weights = HARD,
        reply_steals: bool = True,
        wary: int = 2,
        first: int | None = 4,
        unexposed: int = 2,
    ) -> None:
        super().__init__(seed)
        self.default_budget = Budget(iterations=None if budget is not None else iterations, seconds=budget)
        self.candidates = candidates
        self.width = width
        self.reply_width = reply_width
        self.samples = samples
        self.depth = depth
        self.score = utility_of(weights)
        self.reply_steals = reply_steals
        # Candidates that price a steal of a good left on top (R10): the evaluation
        # with ``Weights.steal``, used only to propose turns, never to judge them.
        self.wary = wary
        self.wary_score = utility_of(replace(weights, steal=0.9, steal_later=0.4)) if wary else None
        self.first = first
        self.unexposed = unexposed

    def consider(self, game: Game, budget: Budget | None = None) -> list[Judged]:
        """The candidate turns for the player to move, judged, best first. (A review
        judges a played turn beside the best by ``caravan.review.duel``: as one more
        candidate here it changed the search and was judged on fewer samples.)"""
        clock = _hard_budget(game, budget or self.default_budget, self.budgets).start()
        started = positions_evaluated()
        turns = candidate_turns(
            game,
            seed=self.seed,
            candidates=self.candidates,
            width=self.width,
            score=self.score,
            wary=self.wary_score,
            wary_keep=self.wary,
            first=self.first,
            unexposed_of=self.unexposed,
        )
        return judge(
            game,
            turns,
            clock,
            seed=self.seed,
            started=started,
            reply_width=self.reply_width,
            samples=self.samples,
            depth=self.depth,
            score=self.score,
            reply_steals=self.reply_steals,
        )

    def turn_budget(self, game: Game, budget: Budget | None = None) -> Budget:
        """What the bot spends on this decision: ``budget`` (default: its own), half of
        it mid-turn. A hint (``caravan.advice``) asks the same, to be the bot's own turn."""
        budget = _hard_budget(game, budget or self.default_budget, self.budgets)
        if game.left < actions_for_turn(game.turn):
            # Planned again mid-turn (a refill drew other goods than the search sampled,
            # R13): fewer actions are left to choose, and the turn has had a search already.
            budget = Budget(
                iterations=None if budget.iterations is None else budget.iterations // 2,
                seconds=None if budget.seconds is None else budget.seconds / 2,
            )
        return budget

    def plan(self, game: Game, budget: Budget) -> list[Action]:
        return list(self.consider(game, self.turn_budget(game, budget))[0].actions)


class FrozenHard2Bot(HardBot):
    """``hard@2``: ``hard`` as it was until 2026-12-06, frozen as the yardstick of the
    ``hard`` after it: the evaluation without the opportunity term (``HARD_2``) and
    its larger budget (``HARD_2_BUDGET``); the next player's reply in its rollouts
    is the beam's alone, and no wary candidates."""

    name = "hard@2"
    budgets = HARD_2_BUDGET

    def __init__(self, seed: int = 0, **options: Any) -> None:
        options.setdefault("weights", HARD_2)
        options.setdefault("reply_steals", False)
        options.setdefault("wary", 0)
        options.setdefault("first", None)
        super().__init__(seed, **options)


class FrozenHard3Bot(HardBot):
    """``hard@3``: ``hard`` as it was until 2026-12-06's evening, frozen as the yardstick
    of the ``hard`` after it: demand markers at their whole point in the search
    (``HARD_3``), everything else as ``hard``."""

    name = "hard@3"

    def __init__(self, seed: int = 0, **options: Any) -> None:
        options.setdefault("weights", HARD_3)
        options.setdefault("first", None)
        options.setdefault("unexposed", 0)
        super().__init__(seed, **options)


class FrozenHard4Bot(HardBot):
    """``hard@4``: ``hard`` as it was until 2026-12-06's night, frozen as the yardstick of the
    ``hard`` after it: no turn without its exposed pick-ups among the candidates
    (``unexposed=0``), everything else as ``hard``."""

    name = "hard@4"

    def __init__(self, seed: int = 0, **options: Any) -> None:
        options.setdefault("unexposed", 0)
        super().__init__(seed, **options)
