"""Test helper: build Caravan positions through the position notation.

Tests of one rule need one situation (a camel of seat 1 carrying ivory on
c6, nothing else on the board) that would take dozens of actions to reach by
play. Each helper takes a game, changes its position the way the engine
would have (camels come from their owner's supply, goods out of the bag,
demand markers out of the supply) and returns a new game set up from the
position's text with ``Game.from_position``, so every position a test uses
has passed the notation's checks (docs/POSITION.md). The new game draws with
the seed ``blank`` was given. Not part of the engine: never import this
from ``caravan/``.
"""

from __future__ import annotations

from dataclasses import replace
from weakref import WeakKeyDictionary

from caravan import (
    ALL_GOODS,
    DEMAND_MARKERS,
    SQUARES,
    Camel,
    Game,
    Good,
    Options,
    State,
    actions_for_turn,
    camels_per_player,
    default_players,
    format_position,
    goods_in_game,
    parse_square,
)

_SEEDS: WeakKeyDictionary[Game, int] = WeakKeyDictionary()


def sq(name: str) -> int:
    return parse_square(name)


def good(letter: str) -> Good:
    return Good.from_letter(letter)


def rebuild(game: Game, state: State) -> Game:
    """A new game in ``state``, with ``game``'s options and seed, made from the position's text."""
    seed = _SEEDS.get(game, 1)
    new = Game.from_position(format_position(state), options=game.options, seed=seed)
    _SEEDS[new] = seed
    return new


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
    options = Options(players=default_players(players), casual=casual, short=short, max_turns=max_turns)
    start = Game(options, seed=seed)
    state = replace(
        start.state(),
        loose=(None,) * SQUARES,
        demand=(0,) * SQUARES,
        bag=tuple(goods_in_game(short=short).values()),
        seat=seat,
        turn=turn,
        left=actions_for_turn(turn),
    )
    _SEEDS[start] = seed
    return rebuild(start, state)


def _take_from_bag(state: State, g: Good, n: int = 1) -> tuple[int, ...]:
    assert state.bag[g] >= n, f"no {g.label} left in the bag"
    return tuple(k - n if i == g else k for i, k in enumerate(state.bag))


def camel(game: Game, seat: int, square: str, load: str | None = None, *, under: bool = False) -> Game:
    """One of ``seat``'s supply camels on ``square``, carrying the good
    ``load`` (a letter; on top, or under when stolen) taken from the bag."""
    state = game.state()
    assert state.supply(seat) > 0, f"seat {seat} has no camel left in supply"
    carried = good(load) if load is not None else None
    bag = _take_from_bag(state, carried) if carried is not None else state.bag
    camels = (*state.camels, Camel(seat, sq(square), carried, under))
    return rebuild(game, replace(state, camels=camels, bag=bag))


def loose(game: Game, square: str, letter: str) -> Game:
    """A good no camel carries on ``square``, drawn out of the bag."""
    state = game.state()
    s = sq(square)
    assert state.loose[s] is None, f"{square} already has a loose good"
    g = good(letter)
    goods = tuple(g if i == s else x for i, x in enumerate(state.loose))
    return rebuild(game, replace(state, loose=goods, bag=_take_from_bag(state, g)))


FIVE_LOOSE = (("a7", "M"), ("c6", "I"), ("f5", "W"), ("e2", "S"), ("g1", "H"))
"""Goods on numbered spaces 1 (a7), 3 (c6), 4 (f5), 6 (e2) and 8 (g1): one pick-up from a refill (R13)."""


def five_loose(game: Game) -> Game:
    """``game`` with the goods of ``FIVE_LOOSE`` loose on their squares, drawn out of the bag."""
    for name, letter in FIVE_LOOSE:
        game = loose(game, name, letter)
    return game


def refill_ready(game: Game | None = None) -> Game:
    """Five loose goods (``FIVE_LOOSE``) and an unladen camel of seat 0 on c6:
    ``+c6`` leaves four loose goods, so it refills (R13). On ``blank()`` unless given."""
    return camel(five_loose(game if game is not None else blank()), 0, "c6")


def demand(game: Game, square: str, n: int = 1) -> Game:
    """``n`` demand markers from the supply onto ``square``."""
    state = game.state()
    assert state.demand_supply >= n
    s = sq(square)
    return rebuild(
        game, replace(state, demand=tuple(k + n if i == s else k for i, k in enumerate(state.demand)))
    )


def deliver(game: Game, seat: int, letter: str, n: int = 1) -> Game:
    """Credit ``n`` delivered goods to ``seat``, taking them out of the bag."""
    state = game.state()
    g = good(letter)
    bag = _take_from_bag(state, g, n)
    row = tuple(k + n if i == g else k for i, k in enumerate(state.delivered[seat]))
    delivered = tuple(row if s == seat else r for s, r in enumerate(state.delivered))
    return rebuild(game, replace(state, bag=bag, delivered=delivered, triggered=sum(bag) == 0))


def hold_markers(game: Game, seat: int, n: int) -> Game:
    """``n`` demand markers from the supply to ``seat``."""
    state = game.state()
    assert state.demand_supply >= n
    markers = tuple(k + n if s == seat else k for s, k in enumerate(state.markers))
    return rebuild(game, replace(state, markers=markers))


def keep_in_bag(game: Game, letters: str) -> Game:
    """Leave only the goods ``letters`` in the bag. The others must be somewhere:
    they count as delivered, shared out so that no seat gains points on another
    (rare goods first, each to the seat with the fewest points so far, as far
    as the goods allow). An empty bag triggers the end (R14)."""
    state = game.state()
    points = [0] * state.seats
    for g in ALL_GOODS:
        extra = state.bag[g] - letters.count(g.letter)
        assert extra >= 0, f"the bag has too few {g.label}"
        for _ in range(extra):
            seat = points.index(min(points))
            points[seat] += g.points
            game = deliver(game, seat, g.letter)
    return game


def goods_total(game: Game) -> int:
    """Every good of the game: bag + loose + carried + delivered (R2 totals)."""
    carried = sum(len([c for c in game.seat_camels(s) if c.laden]) for s in range(game.seats))
    delivered = sum(sum(game.deliveries(s).values()) for s in range(game.seats))
    return sum(game.bag_contents().values()) + len(game.loose_goods()) + carried + delivered


def demand_total(game: Game) -> int:
    """Demand markers on the board + held by players + in the supply (I9)."""
    held = sum(game.markers_held(s) for s in range(game.seats))
    return sum(game.demand_on_board().values()) + held + game.demand_left()


def check_invariants(game: Game) -> None:
    """The conservation laws every reachable position keeps, read through the public API."""
    o = game.options
    assert goods_total(game) == sum(goods_in_game(short=o.short).values())
    for g, n in game.bag_contents().items():
        placed = [c for s in range(game.seats) for c in game.seat_camels(s) if c.good == g]
        loose_now = [x for x in game.loose_goods().values() if x == g]
        delivered = sum(game.deliveries(s)[g] for s in range(game.seats))
        assert n >= 0 and n + len(placed) + len(loose_now) + delivered == g.in_game(short=o.short)
    assert game.bag_count == sum(game.bag_contents().values())
    assert demand_total(game) == DEMAND_MARKERS
    assert game.demand_left() >= 0 and all(n > 0 for n in game.demand_on_board().values())
    assert sum(game.theft_markers(s) for s in range(game.seats)) == game.seats
    assert all(game.theft_markers(s) >= 0 for s in range(game.seats))
    nc = camels_per_player(casual=o.casual)
    for seat in range(game.seats):
        mine = game.seat_camels(seat)
        assert game.supply(seat) + len(mine) == nc
        assert game.held(seat) == sum(1 for c in mine if c.laden)
        # R9/I1: a player never has every camel laden.
        assert game.held(seat) < nc
        assert all(not c.under or c.laden for c in mine)
    on_squares = [c for s in range(SQUARES) for c in game.camels_at(s)]
    assert len(on_squares) == sum(len(game.seat_camels(s)) for s in range(game.seats))
    assert game.end_triggered() == (game.bag_count == 0)
    assert 0 <= game.left <= 4


def expected_score(game: Game, seat: int) -> int:
    """R15/R16 recomputed from the position, independently of Game.score()."""
    points = 0
    for g, n in game.deliveries(seat).items():
        points += n * (6 if g.rare else 3)
    points += game.markers_held(seat)
    held = sum(1 for c in game.seat_camels(seat) if c.laden)
    table = {0: 0, 1: 0, 2: 1, 3: 3, 4: 6, 5: 10}
    return points - table[held]


def on(game: Game, square: str) -> list[str]:
    """The camels on ``square`` as the position notation writes them: ``1`` an
    unladen camel of seat 0, ``2I`` seat 1 with ivory on top, ``1_C`` cloth under."""
    out = []
    for c in game.camels_at(sq(square)):
        load = "" if c.good is None else ("_" if c.under else "") + c.good.letter
        out.append(f"{c.seat + 1}{load}")
    return out


def set_theft(game: Game, theft: tuple[int, ...]) -> Game:
    """Theft markers per seat (they must still add up to one per player, R1)."""
    return rebuild(game, replace(game.state(), theft=theft))


def last_delivery() -> Game:
    """R14: the bag is empty, so the next delivery ends the game (I7). Seat 1 (0) can
    deliver the salt on d4 to Timbuktu (d5); seat 2 the meat on c3 to Walata (c4)."""
    g = blank(short=True)
    g = camel(camel(g, 0, "d4", "S"), 0, "d5")
    g = camel(camel(g, 1, "c3", "M"), 1, "c4")
    return keep_in_bag(g, "")
