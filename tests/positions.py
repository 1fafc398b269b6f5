"""Test helper: build Caravan positions by editing a Game's fields directly.

Tests of one rule need one situation (a camel of seat 1 carrying ivory on
c6, nothing else on the board) that would take dozens of actions to reach by
play. These helpers edit the state the way the engine would have left it:
camels come from their owner's supply, goods come out of the bag (and go back
to it when cleared) and demand markers come out of the supply, so ``count``,
``loose_count`` and every conservation total stay consistent. Not part of the
engine: never import this from ``caravan/``.
"""

from __future__ import annotations

from caravan.board import DEMAND_MARKERS, GOOD_BY_LETTER, GOODS, SQUARES, parse_square
from caravan.game import NONE, SUPPLY, UNDER, Game, actions_for_turn
from caravan.options import Options, default_players


def sq(name: str) -> int:
    return parse_square(name)


def good(letter: str) -> int:
    return GOOD_BY_LETTER[letter]


def blank(
    players: int = 2,
    *,
    casual: bool = False,
    short: bool = False,
    seat: int = 0,
    turn: int = 4,
    seed: int = 1,
    max_turns: int | None = None,
) -> Game:
    """A game with no loose goods and no demand markers on the board, ``seat``
    to move on game turn ``turn`` (4 or later: a full turn of 4 actions)."""
    game = Game(
        Options(players=default_players(players), casual=casual, short=short, max_turns=max_turns),
        seed=seed,
    )
    for s in range(SQUARES):
        if game.loose[s] != NONE:
            game.bag[game.loose[s]] += 1
            game.loose[s] = NONE
        game.demand_supply += game.demand[s]
        game.demand[s] = 0
    game.loose_count = 0
    game.seat = seat
    game.turn = turn
    game.left = actions_for_turn(turn)
    return game


def camel(game: Game, seat: int, square: str, load: str | None = None, *, under: bool = False) -> int:
    """Put one of ``seat``'s supply camels on ``square``, carrying the good
    ``load`` (a letter; on top, or under when stolen). Returns the camel slot."""
    for i in game.camels_of(seat):
        if game.loc[i] == SUPPLY:
            break
    else:
        raise AssertionError(f"seat {seat} has no camel left in supply")
    s = sq(square)
    game.loc[i] = s
    game.count[s] += 1
    if load is not None:
        g = good(load)
        _take_from_bag(game, g)
        game.load[i] = g + (UNDER if under else 0)
    return i


def loose(game: Game, square: str, letter: str) -> None:
    """A good no camel carries on ``square``, drawn out of the bag."""
    s = sq(square)
    assert game.loose[s] == NONE, f"{square} already has a loose good"
    g = good(letter)
    _take_from_bag(game, g)
    game.loose[s] = g
    game.loose_count += 1


def demand(game: Game, square: str, n: int = 1) -> None:
    """``n`` demand markers from the supply onto ``square``."""
    assert game.demand_supply >= n
    game.demand[sq(square)] += n
    game.demand_supply -= n


def _take_from_bag(game: Game, g: int) -> None:
    assert game.bag[g] > 0, f"no {GOODS[g].name} left in the bag"
    game.bag[g] -= 1


def goods_total(game: Game) -> int:
    """Every good of the game: bag + loose + carried + delivered (R2 totals)."""
    carried = sum(1 for ld in game.load if ld != NONE)
    loose_now = sum(1 for g in game.loose if g != NONE)
    return sum(game.bag) + loose_now + carried + sum(game.delivered)


def demand_total(game: Game) -> int:
    """Demand markers on the board + held by players + in the supply (I9)."""
    return sum(game.demand) + sum(game.markers) + game.demand_supply


def check_invariants(game: Game) -> None:
    """The conservation laws every reachable position keeps."""
    o = game.options
    expected = sum(g.short_count if o.short else g.full_count for g in GOODS)
    assert goods_total(game) == expected
    assert all(n >= 0 for n in game.bag)
    assert all(n >= 0 for n in game.delivered)
    assert game.loose_count == sum(1 for g in game.loose if g != NONE)
    assert demand_total(game) == DEMAND_MARKERS
    assert game.demand_supply >= 0 and all(n >= 0 for n in game.demand) and all(n >= 0 for n in game.markers)
    assert sum(game.theft) == game.seats and all(n >= 0 for n in game.theft)
    for i, s in enumerate(game.loc):
        if s == SUPPLY:
            assert game.load[i] == NONE, "a camel in supply carries a good"
        assert -1 <= game.load[i] < 2 * UNDER
    assert game.count == [sum(1 for s in game.loc if s == t) for t in range(SQUARES)]
    for seat in range(game.seats):
        # R9/I1: a player never has every camel laden.
        assert game.held(seat) < game.camels
    assert 0 <= game.left <= 4


def expected_score(game: Game, seat: int) -> int:
    """R15/R16 recomputed from the raw fields, independently of Game.score()."""
    points = 0
    for g, info in enumerate(GOODS):
        points += game.delivered[seat * len(GOODS) + g] * (6 if info.rare else 3)
    points += game.markers[seat]
    held = sum(1 for i in game.camels_of(seat) if game.load[i] != NONE)
    table = {0: 0, 1: 0, 2: 1, 3: 3, 4: 6, 5: 10}
    return points - table[held]
