"""Simple policies for simulations: uniformly random, and a courier that finishes games.

Outside the engine, play them as bots: ``caravan.bots.make_bot("random")``
and ``make_bot("courier")`` (docs/BOTS.md), the one documented way to make a
player; the functions here stay for the engine's own tests and benchmarks.

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

from .actions import END_TURN, MOVE, PLACE, Action, MoveGood
from .board import GOODS, NEIGHBOURS, SIZE
from .game import NONE, SUPPLY, Game, cargo

Policy = Callable[[Game, random.Random], Action]


def random_action(game: Game, rng: random.Random) -> Action:
    return rng.choice(game.legal_actions())


def _distance(a: int, b: int) -> int:
    return abs(a % SIZE - b % SIZE) + abs(a // SIZE - b // SIZE)


def courier_action(game: Game, rng: random.Random, *, explore: float = 0.05) -> Action:
    """One action of the courier policy for the player to move.

    It asks the engine for its legal actions grouped by kind
    (``legal_by_kind``) rather than testing each action's type, and checks a
    camel move it wants with ``is_legal`` rather than building a set."""
    legal = game.legal_by_kind()
    if len(legal) == 1:
        return END_TURN
    if rng.random() < explore:
        return rng.choice(legal.all())
    # Deliver, or move a carried good one step closer to its city.
    best: MoveGood | None = None
    best_distance = 0
    for mg in legal.goods_moves:
        city = GOODS[mg.good].city_square
        to_city = _distance(mg.to, city)
        if to_city < _distance(mg.frm, city) and (best is None or to_city < best_distance):
            best, best_distance = mg, to_city
    if best is not None:
        return best
    steals = legal.steals
    if steals and rng.random() < 0.5:
        return rng.choice(steals)
    loc, load = game.loc, game.load
    carried = [(loc[i], load[i]) for i in game.camels_of(game.seat) if load[i] != NONE]
    if carried:
        # Put an unladen camel on the next square toward the city of the first good.
        sq, ld = min(carried)
        good, _ = cargo(ld)
        city = GOODS[good].city_square
        steps = sorted(NEIGHBOURS[sq], key=lambda t: (_distance(t, city), t))
        target = steps[0]
        for a in _camel_moves_to(game, target, avoid={sq, *NEIGHBOURS[target]}):
            if game.is_legal(a):
                return a
        return END_TURN
    picks = legal.pick_ups
    if picks:
        return rng.choice(picks)
    loose = [s for s in range(len(game.loose)) if game.loose[s] != NONE]
    rng.shuffle(loose)
    for target in loose:
        for a in _camel_moves_to(game, target, avoid=set()):
            if game.is_legal(a):
                return a
    return END_TURN


def _camel_moves_to(game: Game, target: int, avoid: set[int]) -> list[Action]:
    """Ways to get an unladen camel of the player to move onto ``target``,
    preferring the supply, then camels standing where they are not needed."""
    out: list[Action] = []
    loc, load = game.loc, game.load
    for i in game.camels_of(game.seat):
        if load[i] != NONE or loc[i] == target:
            continue
        if loc[i] == SUPPLY:
            out.insert(0, PLACE[target])
        elif loc[i] not in avoid:
            out.append(MOVE[loc[i]][target])
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
