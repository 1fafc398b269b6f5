"""Simple policies for simulations: uniformly random, and a courier that finishes games.

Uniformly random play almost never delivers, so tests and benchmarks that
need games to reach the real end (R14) use the courier: it carries one good
at a time to its city by leapfrogging two camels (the good moves onto a
camel placed on the next square toward the city, R11), picks up another
good when it carries none, and sometimes steals (R10). Every choice it makes
is among ``game.legal_actions()``, so it can only play legal games.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from .actions import END_TURN, Action, MoveCamel, MoveGood, PickUp, PlaceCamel, Steal
from .board import GOODS, NEIGHBOURS, SIZE
from .game import NONE, SUPPLY, Game, cargo

Policy = Callable[[Game, random.Random], Action]


def random_action(game: Game, rng: random.Random) -> Action:
    return rng.choice(game.legal_actions())


def _distance(a: int, b: int) -> int:
    return abs(a % SIZE - b % SIZE) + abs(a // SIZE - b // SIZE)


def courier_action(game: Game, rng: random.Random, *, explore: float = 0.05) -> Action:
    """One action of the courier policy for the player to move."""
    legal = game.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if rng.random() < explore:
        return rng.choice(legal)
    mine = game.camels_of(game.seat)
    # Deliver, or move a carried good one step closer to its city.
    goods = [a for a in legal if isinstance(a, MoveGood)]
    best: MoveGood | None = None
    for mg in goods:
        city = GOODS[mg.good].city_square
        if _distance(mg.to, city) < _distance(mg.frm, city) and (
            best is None or _distance(mg.to, city) < _distance(best.to, GOODS[best.good].city_square)
        ):
            best = mg
    if best is not None:
        return best
    steals = [a for a in legal if isinstance(a, Steal)]
    if steals and rng.random() < 0.5:
        return rng.choice(steals)
    carried = [(game.loc[i], game.load[i]) for i in mine if game.load[i] != NONE]
    legal_set = set(legal)
    if carried:
        # Put an unladen camel on the next square toward the city of the first good.
        sq, ld = min(carried)
        good, _ = cargo(ld)
        city = GOODS[good].city_square
        steps = sorted(NEIGHBOURS[sq], key=lambda t: (_distance(t, city), t))
        target = steps[0]
        for a in _camel_moves_to(game, target, avoid={sq} | {t for t in NEIGHBOURS[target]}):
            if a in legal_set:
                return a
        return END_TURN
    picks = [a for a in legal if isinstance(a, PickUp)]
    if picks:
        return rng.choice(picks)
    loose = [s for s in range(len(game.loose)) if game.loose[s] != NONE]
    rng.shuffle(loose)
    for target in loose:
        for a in _camel_moves_to(game, target, avoid=set()):
            if a in legal_set:
                return a
    return END_TURN


def _camel_moves_to(game: Game, target: int, avoid: set[int]) -> list[Action]:
    """Ways to get an unladen camel of the player to move onto ``target``,
    preferring the supply, then camels standing where they are not needed."""
    out: list[Action] = []
    for i in game.camels_of(game.seat):
        if game.load[i] != NONE or game.loc[i] == target:
            continue
        if game.loc[i] == SUPPLY:
            out.insert(0, PlaceCamel(target))
        elif game.loc[i] not in avoid:
            out.append(MoveCamel(game.loc[i], target))
    return out


def play(
    game: Game,
    policy: Policy,
    rng: random.Random,
    *,
    max_actions: int = 100_000,
    on_action: Callable[[Game], None] | None = None,
) -> int:
    """Play until the game is over (give ``game`` a turn limit, I10); returns actions played."""
    n = 0
    while not game.is_over() and n < max_actions:
        game.push(policy(game, rng))
        n += 1
        if on_action is not None:
            on_action(game)
    return n
