"""The ``hard`` bot's evaluation: each seat's expected final score, fitted to self-play.

A position is described per seat by a few numbers (``FEATURES``): points
banked (goods delivered and demand markers, R15), the R16 penalty as it
stands and as it would stand at the end, each carried good's points by the
actions still needed to deliver it through the carrier's camels (R11, R12),
the same scaled by how full the bag still is (a far good is worth less when
few turns remain, R14), what thieves who move first could take (R10), one's
own chance to steal, free camels, and a pick-up waiting under one's camel
(R8). The weights (``caravan/bots/fitted_weights.py``) come from a least
squares fit of each seat's final score on these numbers over self-play
games (tools/fit_eval.py, docs/BOTS.md): data, not hand-set numbers.

``expected_scores`` gives every seat's expected final score in points;
``expected_margin`` one seat's against the best other (what a hint or a
review reports); ``utility`` is what the search maximises: the margin, plus
a win's worth once the game is over, plus a small share of the seat's own
score (a pure margin lets two bots stall, each refusing what helps both).
"""

from __future__ import annotations

from ..board import NEIGHBOURS
from ..game import Game, actions_for_turn
from ..goods import goods_in_game
from .evaluate import CITY, DIST, POINTS
from .fitted_weights import WEIGHTS

# The features' names, in the order ``features`` returns them (tools/fit_eval.py fits them).
FEATURES: tuple[str, ...] = (
    "bias",
    "bias_bag",
    "banked",
    "penalty",
    "penalty_end",
    "carry_1",
    "carry_2",
    "carry_3",
    "carry_4",
    "carry_6",
    "carry_far",
    "carry_1_bag",
    "carry_2_bag",
    "carry_3_bag",
    "carry_4_bag",
    "carry_6_bag",
    "carry_far_bag",
    "exposed",
    "can_steal",
    "theft_marker_bag",
    "free_camels_bag",
    "pickup",
    "to_move",
    "to_move_bag",
)
_EXPOSED = FEATURES.index("exposed")
_CAN_STEAL = FEATURES.index("can_steal")
_THEFT = FEATURES.index("theft_marker_bag")
_FREE = FEATURES.index("free_camels_bag")
_PICKUP = FEATURES.index("pickup")
_TO_MOVE = FEATURES.index("to_move")
_BUCKET = (0, 0, 1, 2, 3, 4, 4, 5)  # actions needed -> carry_* index (1, 2, 3, 4, 5-6, 7+)
_BAG_AFTER_SETUP = {short: sum(goods_in_game(short=short).values()) - 8 for short in (False, True)}
WIN = 30.0  # a won game's worth over its margin, for the search (points)
OWN = 0.1  # the share of the seat's own expected score in ``utility``


def _groups(squares: set[int]) -> dict[int, frozenset[int]]:
    """Each square of one seat's camels -> the squares of its connected group (R11, I4)."""
    out: dict[int, frozenset[int]] = {}
    for start in squares:
        if start in out:
            continue
        group = {start}
        stack = [start]
        while stack:
            for t in NEIGHBOURS[stack.pop()]:
                if t in squares and t not in group:
                    group.add(t)
                    stack.append(t)
        frozen = frozenset(group)
        for sq in frozen:
            out[sq] = frozen
    return out


def features(game: Game) -> list[list[float]]:
    """Each seat's feature vector (``FEATURES``' order) in the position."""
    seats = game.seats
    lines = game.score()
    own: list[set[int]] = [set() for _ in range(seats)]
    unladen: list[set[int]] = [set() for _ in range(seats)]
    laden: list[list[tuple[int, int, bool]]] = [[] for _ in range(seats)]
    for c in game.all_camels():
        own[c.seat].add(c.square)
        if c.good is None:
            unladen[c.seat].add(c.square)
        else:
            laden[c.seat].append((c.square, int(c.good), c.under))
    per_player = game.camels
    full = _BAG_AFTER_SETUP[game.options.short]
    bag = game.bag_count / full if full else 0.0
    loose = game.loose_goods()
    to_move = game.seat
    out: list[list[float]] = []
    top: list[int] = [0] * seats  # the best good on top of a camel, per owner (R10)
    for s in range(seats):
        line = lines[s]
        f = [0.0] * len(FEATURES)
        f[0] = 1.0
        f[1] = bag
        f[2] = line.total + line.penalty
        f[3] = line.penalty
        held = len(laden[s])
        f[4] = held * (held - 1) / 2 * (1.0 - bag)
        groups = _groups(own[s]) if laden[s] else {}
        free = per_player - held
        for sq, good, under in laden[s]:
            city = CITY[good]
            d = min(DIST[city][t] for t in groups[sq])
            if d == 0:
                need = 1 if city in unladen[s] else 3
            else:
                need = d + 1
                if d > free:  # leapfrog: a camel freed by the good's move goes ahead again
                    need += d - free
            b = _BUCKET[need] if need < len(_BUCKET) else 5
            p = POINTS[good]
            f[5 + b] += p
            f[11 + b] += p * bag
            if not under and p > top[s]:
                top[s] = p
        f[_FREE] = free * bag
        if held + 1 < per_player:  # R9: it may still pick up
            best = 0.0
            for sq in unladen[s]:
                g = loose.get(sq)
                if g is not None:
                    worth = game.demand_at(sq) + POINTS[int(g)] * (1.0 if DIST[sq][CITY[int(g)]] < 3 else 0.5)
                    best = max(best, worth)
            f[_PICKUP] = best
        if s == to_move:
            f[_TO_MOVE] = game.left / 4.0
            f[_TO_MOVE + 1] = f[_TO_MOVE] * bag
        f[_THEFT] = game.theft_markers(s) * bag
        out.append(f)
    # R10: the best good a thief moving before the owner's next turn could take.
    order = [(to_move + k) % seats for k in range(seats)]
    for rank, thief in enumerate(order):
        if game.theft_markers(thief) == 0 or len(laden[thief]) + 1 >= per_player:
            continue
        left = game.left if rank == 0 else actions_for_turn(game.turn + rank)
        if left < 2 and not unladen[thief]:
            continue
        out[thief][_CAN_STEAL] = float(max((top[v] for v in range(seats) if v != thief), default=0))
        for victim in order[rank + 1 :]:
            out[victim][_EXPOSED] = max(out[victim][_EXPOSED], float(top[victim]))
    return out


_W = tuple(WEIGHTS.get(name, 0.0) for name in FEATURES)


def expected_scores(game: Game) -> list[float]:
    """Every seat's expected final score (points): the score itself once the game is over."""
    if game.is_over():
        return [float(line.total) for line in game.score()]
    w = _W
    return [sum(a * b for a, b in zip(f, w, strict=True)) for f in features(game)]


def expected_margin(game: Game, seat: int) -> float:
    """``seat``'s expected final score minus the best other seat's, in points."""
    v = expected_scores(game)
    return v[seat] - max(x for s, x in enumerate(v) if s != seat)


def utility(game: Game, seat: int) -> float:
    """What the search maximises (see the module's docstring)."""
    v = expected_scores(game)
    mine = v[seat]
    value = mine - max(x for s, x in enumerate(v) if s != seat) + OWN * mine
    outcome = game.outcome()
    if outcome is not None:
        value += WIN if seat in outcome.winners else -WIN
    return value
