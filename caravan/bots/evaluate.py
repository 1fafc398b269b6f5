"""A position's worth for each player, for the planners (``medium``, ``hard``).

Read through the public API only (``all_camels``, ``loose_goods``,
``demand_on_board``, ``score``). Each player's value is the score as it
stands (R15) plus what the position promises:

- each good carried is worth its points, discounted by the actions still
  needed to deliver it: one when an unladen camel of the carrier's group
  (R11, I4) stands on its city (R12), otherwise one camel per square between
  the group and the city, then the good's move;
- optionally (``Weights.steal``, off by default): a good on top of a camel
  can be stolen (R10) by a player who moves before its owner does, holds a
  theft marker and may still load a good (R9, I2). Measured in the arena, the
  planner weighing that threat lost to the same planner without it (12-30%
  of games) and beat the courier only half the time (100% without it);
- a loose good under one's own unladen camel can be picked up (R8) with the
  demand markers on its square;
- the R16 penalty for the goods held counts more as the bag empties (R14);
- optionally (``Weights.opportunity``, on in ``HARD``): the best loose good
  the seat could pick up and deliver from where its camels stand, by the
  actions that would take: camels on cities and short chains are worth
  something before they carry a good, and a camel on a city another player
  needs lowers that player's value (R7: 2 actions onto an occupied space).

``margin`` turns the values into one number for one seat: its value minus
the best other player's (in 3–4 player games each seat plays for its own
result), plus a share of its own value (``Weights.own``: a pure margin let
two planners stall, each refusing a move that helped the other as much).
A finished game is worth its result (R17) times ``WIN``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..board import NEIGHBOURS, SIZE, SQUARES
from ..game import Game, actions_for_turn
from ..goods import ALL_GOODS, goods_in_game

WIN = 1000.0
# Manhattan distance between squares: the camels a chain needs between them (R11).
DIST: tuple[tuple[int, ...], ...] = tuple(
    tuple(abs(a % SIZE - b % SIZE) + abs(a // SIZE - b // SIZE) for b in range(SQUARES))
    for a in range(SQUARES)
)
CITY = tuple(g.city_square for g in ALL_GOODS)
POINTS = tuple(g.points for g in ALL_GOODS)
# The goods left in the bag once set-up has drawn 8 (R2, R3), by the short variant's flag.
_BAG_AFTER_SETUP = {short: sum(goods_in_game(short=short).values()) - 8 for short in (False, True)}


@dataclass(frozen=True, slots=True)
class Weights:
    """The evaluation's numbers, named so a caller can tune them.

    ``discount[n]``: the share of a carried good's points counted when ``n``
    actions still deliver it (the last entry for more). ``steal``: the chance
    that the next player steals a good left on top (R10); ``steal_later`` for
    players who move after them. ``pickup``: the share of a loose good's worth
    counted when one's own unladen camel stands on it (R8). ``penalty_early``:
    how much of the R16 penalty counts while the bag is full (all of it once
    empty). ``triggered``: the share of carried goods' worth once the end is
    triggered (R14): only the next delivery will still happen. ``per_action``:
    if set, a good's worth falls by that many points per action instead of the
    discount. ``one_by_one``: goods are delivered one after another, so each
    waits for the actions of those nearer delivery. ``occupied``: actions
    added when another camel stands on the city. ``own``: the share of the
    seat's own value ``margin`` adds. ``behind``: points per square, per
    point of the good, taken off a good that sits behind the front of its
    group (moving it ahead frees camels to leapfrog). ``finish``: once the end
    is triggered (R14), the worth of being able to end the game while ahead,
    discounted by the actions the nearest delivery needs. ``opportunity``: the
    share counted of the best loose good the seat could pick up and deliver,
    by the actions that would take from where its camels stand (a camel put
    on it, R7, the pick-up, R8, the chain's missing camels, R11, the move,
    R12; a camel on a square another occupies costs 2): what camels kept on
    cities and short chains are worth before a good is taken;
    ``opportunity_later`` for the other seats than the one to move.
    ``demand``: the share of a demand marker's point counted (R8, R15), held
    or waiting on a loose good: below 1, the search no longer sends camels
    across the board for markers while goods wait near their cities."""

    discount: tuple[float, ...] = tuple(0.95 * 0.9 ** max(0, n - 1) for n in range(20))
    steal: float = 0.0
    steal_later: float = 0.0
    pickup: float = 0.55
    pickup_later: float = 0.3
    penalty_early: float = 0.5
    triggered: float = 0.35
    per_action: float = 0.0
    one_by_one: bool = False
    occupied: int = 0
    own: float = 0.3
    behind: float = 0.0
    finish: float = 40.0
    opportunity: float = 0.0
    opportunity_later: float = 0.0
    demand: float = 1.0


DEFAULT = Weights()
# The weights of ``hard``'s search (caravan/bots/turnsearch.py), chosen in the
# arena, each change against the planner without it (``medium`` with the
# weights changed, 40 games a match; docs/BOTS.md): goods delivered one after
# another share the turn's actions (a good waits for those nearer delivery:
# 60%), the whole R16 penalty counts from the start (62.5%), and a carried
# good loses a fifth of its worth per action still needed instead of a tenth
# (68.8% for 0.85, then 67.5% for 0.8 against 0.85; 0.95 won 5%, 0.7 no more).
HARD_2 = Weights(
    one_by_one=True,
    penalty_early=1.0,
    discount=tuple(0.95 * 0.8 ** max(0, n - 1) for n in range(20)),
)
# Then (2026-12-06) what a seat's camels promise before a good is taken: the
# best loose good each seat could pick up and deliver from where its camels
# stand (``opportunity``), which gives worth to camels kept on cities and to
# a camel on a city another player needs (R7). The planner with it won 35 of
# 40 against the planner without; 0.5 for the seat to move and 0.3 for the
# others won 57.5%, 55% and 72.5% against 0.8 / 0.5, 0.3 / 0.3 and 0.5 / 0.
# ``hard@2`` keeps the weights before (``HARD_2``).
HARD_3 = replace(HARD_2, opportunity=0.5, opportunity_later=0.3)
# Then (2026-12-06, evening) demand markers at 0.6 of their point in the search:
# with them at full worth, ``hard`` picked up goods 5.0 squares from their
# cities on average (3.9 since) and delivered 14.5 goods a game to 22.3, its
# camels tied up for markers (people saw it: 20 of 43 points from markers, 6
# goods delivered to 17); 28 of 31 games won against that bot, ``hard@3``
# (``HARD_3``; docs/BOTS.md). Reports in points (``IN_POINTS``) count them whole.
HARD = replace(HARD_3, demand=0.6)
# ``HARD``'s values in points, as a hint or a review tells them: markers whole.
IN_POINTS = replace(HARD, demand=1.0)


def _groups(squares: list[int]) -> dict[int, list[int]]:
    """Each square of one seat's camels -> the squares of its connected group (R11, I4)."""
    out: dict[int, list[int]] = {}
    where = set(squares)
    for start in where:
        if start in out:
            continue
        group = [start]
        out[start] = group
        stack = [start]
        while stack:
            for t in NEIGHBOURS[stack.pop()]:
                if t in where and t not in out:
                    out[t] = group
                    group.append(t)
                    stack.append(t)
    return out


# The chain squares between a good's square and its city (R11): for each good and
# square, per square of the board its step along a shortest path (0: off every one).
_LAYERS: dict[tuple[int, int], tuple[int, ...]] = {}


def _layers(good: int, square: int) -> tuple[int, ...]:
    key = (good, square)
    found = _LAYERS.get(key)
    if found is None:
        city = CITY[good]
        d = DIST[square][city]
        found = tuple(k if k > 0 and k + DIST[x][city] == d else 0 for x, k in enumerate(DIST[square]))
        _LAYERS[key] = found
    return found


def _opportunity(
    squares: list[int],
    unladen: list[int],
    free: int,
    occupied: set[int],
    goods: list[tuple[float, int, int, float, int]],
    discount: tuple[float, ...],
    carry_w: float,
) -> float:
    """The worth of the best loose good one seat could pick up (R8) and deliver (R12),
    discounted by the actions that would take from where its camels stand.
    ``goods``: (the most it can be worth, square, good, demand markers there by
    ``Weights.demand``,
    distance to its city), the most first."""
    last = len(discount) - 1
    mine = set(unladen)
    best = 0.0
    for most, q, g, demand, d in goods:
        if most <= best:
            break
        # A camel onto the good: none if one of ours waits there, 2 onto another's (R7).
        reach = 0 if q in mine else (2 if q in occupied else 1)
        # The chain's squares between the good and its city that our camels already hold (R11).
        layer = _layers(g, q)
        held = 0
        count = 0
        helping = 0
        for x in squares:
            k = layer[x]
            if k and not held >> k & 1:
                held |= 1 << k
                count += 1
                helping += x in mine
        missing = d - count
        cost = reach + 2 + missing
        if not held >> d & 1 and CITY[g] in occupied:
            cost += 1  # the city's camel goes onto another's (R7)
        spare = free - 1 - helping
        if missing > spare:
            cost += 2 * (missing - max(0, spare))  # camels moved up behind the good (leapfrog)
        worth = demand * discount[reach + 1 if reach < last else last]
        worth += POINTS[g] * discount[cost if cost < last else last] * carry_w
        if worth > best:
            best = worth
    return best


def values(game: Game, w: Weights = DEFAULT) -> list[float]:
    """Each seat's worth in the position, in points (see the module's docstring)."""
    seats = game.seats
    lines = game.score()
    outcome = game.outcome()
    if outcome is not None:
        return [line.total + (WIN if line.seat in outcome.winners else -WIN) for line in lines]
    own: list[list[int]] = [[] for _ in range(seats)]
    unladen: list[list[int]] = [[] for _ in range(seats)]
    laden: list[list[tuple[int, int, bool]]] = [[] for _ in range(seats)]
    occupied = set()
    for c in game.all_camels():
        own[c.seat].append(c.square)
        occupied.add(c.square)
        if c.good is None:
            unladen[c.seat].append(c.square)
        else:
            laden[c.seat].append((c.square, int(c.good), c.under))
    per_player = game.camels
    bag = game.bag_count
    full = _BAG_AFTER_SETUP[game.options.short]
    closeness = 1.0 - bag / full if full else 1.0
    pen_w = w.penalty_early + (1.0 - w.penalty_early) * closeness
    triggered = game.end_triggered()
    carry_w = w.triggered if triggered else 1.0
    discount = w.discount
    last = len(discount) - 1
    to_move = game.seat
    loose = game.loose_goods()
    goods: list[tuple[float, int, int, float, int]] | None = None  # loose goods, for _opportunity
    value = [0.0] * seats
    stealable: list[list[float]] = [[] for _ in range(seats)]  # worth of each good on top, per owner
    for s in range(seats):
        line = lines[s]
        v = line.total + line.penalty * (1.0 - pen_w) - (1.0 - w.demand) * line.demand
        squares = own[s]
        free = per_player - len(laden[s])  # camels that can still move: unladen or in the supply
        carried: list[tuple[int, int, bool]] = []
        groups = _groups(squares) if laden[s] else {}
        for sq, good, under in laden[s]:
            city = CITY[good]
            # The carrier's group, and its square nearest the city.
            d = min(map(DIST[city].__getitem__, groups[sq]))
            if d == 0:
                need = 1 if city in unladen[s] else 3
            else:
                need = d + 1 + (w.occupied if city in occupied else 0)
                if d > free:  # leapfrog: a camel freed by the good's move goes ahead again
                    need += d - free
            carried.append((need, good, under))
            # A good ahead in its group frees the camels behind it (leapfrog).
            v -= w.behind * POINTS[good] * (DIST[sq][city] - d)
        if triggered and carried and w.finish:
            # R14, I7: the next delivery ends the game; a seat ahead wants to make it soon.
            need, good, _ = min(carried)
            if line.total + POINTS[good] > max(x.total for x in lines if x.seat != s):
                v += w.finish * discount[need if need < last else last]
        if w.one_by_one:
            carried.sort()
        waited = 0
        for need, good, under in carried:
            # Goods go one after another (``one_by_one``): each waits for those nearer delivery.
            waited = waited + need if w.one_by_one else need
            if w.per_action:
                worth = max(POINTS[good] * 0.1, POINTS[good] - w.per_action * (waited - 1)) * carry_w
            else:
                worth = POINTS[good] * discount[waited if waited < last else last] * carry_w
            v += worth
            if not under:
                stealable[s].append(worth)
        if len(laden[s]) + 1 < per_player:  # R9: it may still pick up
            mine = w.pickup if s == to_move else w.pickup_later
            best = 0.0
            for sq in set(unladen[s]):
                good_here = loose.get(sq)
                if good_here is not None:
                    g = int(good_here)
                    d = DIST[sq][CITY[g]]
                    worth = w.demand * game.demand_at(sq) + POINTS[g] * discount[min(d + 1, last)] * carry_w
                    best = max(best, worth)
            v += mine * best
            share = w.opportunity if s == to_move else w.opportunity_later
            if share and loose:
                if goods is None:
                    goods = []
                    for q, good in loose.items():
                        g, demand = int(good), w.demand * game.demand_at(q)
                        most = demand * discount[1] + POINTS[g] * discount[2] * carry_w
                        goods.append((most, q, g, demand, DIST[q][CITY[g]]))
                    goods.sort(reverse=True)
                v += share * _opportunity(squares, unladen[s], free, occupied, goods, discount, carry_w)
        value[s] = v
    # R10: thieves who move before the owner's next turn.
    order = [(to_move + k) % seats for k in range(seats)]
    for rank, o in enumerate(order):
        if game.theft_markers(o) == 0 or len(laden[o]) + 1 >= per_player:
            continue
        if not unladen[o] and len(own[o]) == per_player:
            continue
        left = game.left if rank == 0 else actions_for_turn(game.turn + rank)
        if left < 3 and not unladen[o]:
            continue
        p = w.steal if rank == 0 else w.steal_later
        best_loss, victim = 0.0, -1
        for v_seat in order[rank + 1 :]:
            for worth in stealable[v_seat]:
                if worth > best_loss:
                    best_loss, victim = worth, v_seat
        if victim >= 0:
            value[victim] -= p * best_loss
            value[o] += p * best_loss * 0.8
    return value


def margin(game: Game, seat: int, w: Weights = DEFAULT) -> float:
    """``seat``'s value minus the best other player's: what a bot maximises."""
    v = values(game, w)
    mine = v[seat]
    return mine * (1.0 + w.own) - max(x for s, x in enumerate(v) if s != seat)
