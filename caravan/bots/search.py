"""The ``hard`` bot's choice among candidate turns: Monte Carlo, deepened as the budget allows.

Each iteration plays one candidate turn on a copy of the position that
draws from the bot's own chance (I11), so every refill (R13) on the way
samples its goods from those still in the bag; then the other players'
turns until the mover's next (``horizon``: 0; or that many turns): the next
player's by the beam planner (``reply_width``, as ``medium`` plays; 1: the
greedy policy), the others' by the greedy policy (``planner.greedy_turn``),
every seat for itself; the result is the evaluation's margin for the bot's
seat (``evaluate.margin``: its value minus the best other player's). The
k-th sample of every candidate uses the same chance (common random numbers),
so two candidates are compared on the same draws. A candidate whose
iteration drew nothing has one value only (the rollout is deterministic),
so it is played once.

Iterative deepening: level 0 rolls every candidate out as above
(``samples`` times, once if it drew nothing); each next level keeps the
better half (at least ``keep``) and rolls them one round further (every
seat's turn once more: the mover's and the next player's by the beam),
up to ``depth`` levels. The last level every candidate of which was rolled
out decides. Measured: on a turn without draws the search played each
candidate once and stopped, leaving most of its budget unused, so twice
the budget bought nothing (it lost 27% of 15 games to once the budget).

The budget counts positions evaluated (``positions_evaluated``), the
planner's own included, rather than rollouts, so that it bounds the time a
decision takes whatever the rollouts cost. A level the budget left cannot
complete (guessed from the cost of the levels before) is not begun. With a
deadline (``Budget.seconds``) the search stops when it passes; the last
complete level decides.
"""

from __future__ import annotations

from ..actions import END_TURN, Action
from ..chance import SeededChance
from ..game import Game
from .base import Clock, decision_seed, sample_chance
from .evaluate import Weights, margin
from .planner import Turn, best_turns, greedy_turn, positions_evaluated


def rollout(
    game: Game,
    turn: tuple[Action, ...],
    chance: SeededChance,
    horizon: int,
    w: Weights,
    reply_width: int = 1,
    deeper: int = 0,
) -> tuple[float, bool]:
    """Play ``turn`` and ``horizon`` more turns (0: the others' turns until the mover's next),
    then ``deeper`` more rounds of every seat's turn, on a copy: (the mover's margin, whether it drew).

    In the deeper rounds the mover and the next player plan their turns by the
    beam (``reply_width``), the others play greedily."""
    seat = game.seat
    sim = game.copy_position(chance=chance)
    bag = sim.bag_count
    for action in turn:
        if sim.is_over() or sim.seat != seat:
            break
        if not sim.is_legal(action):  # a refill drew other goods than the planner's sample
            greedy_turn(sim, w)
            break
        sim.push_legal(action)
    if not sim.is_over() and sim.seat == seat:
        greedy_turn(sim, w)
    for k in range(horizon or game.seats - 1):
        if sim.is_over():
            break
        if reply_width > 1 and k == 0:  # the next player, the first who can answer the turn
            planned_turn(sim, reply_width, w)
        else:
            greedy_turn(sim, w)
    for _ in range(deeper):
        for k in range(game.seats):
            if sim.is_over():
                break
            if reply_width > 1 and k <= 1:  # the mover, then the next player
                planned_turn(sim, reply_width, w)
            else:
                greedy_turn(sim, w)
    return margin(sim, seat, w), sim.bag_count != bag


def planned_turn(sim: Game, width: int, w: Weights) -> None:
    """The player to move's turn on ``sim`` by the beam planner (as ``medium`` plays)."""
    seat = sim.seat
    (_, turn), *_ = best_turns(sim, width=width, keep=1, chance=sim.chance, weights=w, goods_first=True)
    for action in turn:
        if sim.is_over() or sim.seat != seat:
            return
        if not sim.is_legal(action):  # a refill in the planner drew otherwise
            break
        sim.push_legal(action)
    if not sim.is_over() and sim.seat == seat:
        greedy_turn(sim, w)


def choose(
    game: Game,
    turns: list[Turn],
    clock: Clock,
    *,
    seed: int,
    horizon: int,
    weights: Weights,
    reply_width: int = 1,
    started: int | None = None,
    depth: int = 6,
    samples: int = 2,
    keep: int = 2,
) -> list[Action]:
    """The candidate turn judged best by the deepest rollouts the budget reached
    (see the module's docstring).

    ``clock``'s iterations count positions evaluated (``positions_evaluated``)
    since ``started`` (default: now), so the planner's own work counts too."""
    base = decision_seed(seed, game)
    start = positions_evaluated() if started is None else started
    idle = [0]  # rollouts that evaluated nothing (their turn ended the game, I7): one each

    def done() -> int:
        return positions_evaluated() + idle[0] - start

    alive = list(range(len(turns)))
    best = 0
    cost: list[float] = []  # positions per rollout, by level
    fixed = [False] * len(turns)
    for level in range(depth + 1):
        if level and clock.iterations is not None:
            # Skip a level the budget left cannot complete (an incomplete one decides nothing).
            guess = 3 * cost[0] if level == 1 else 2 * cost[-1] - cost[-2]
            rollouts = sum(1 if fixed[i] else samples for i in alive)
            if done() + guess * rollouts > clock.iterations:
                break
        total = [0.0] * len(turns)
        count = [0] * len(turns)
        fixed = [False] * len(turns)
        stop = False
        level_start = done()
        for k in range(samples):
            # Common random numbers: the k-th sample of every candidate draws alike.
            ran = False
            for i in alive:
                if fixed[i]:
                    continue
                if clock.spent(done()):
                    stop = True
                    break
                before = done()
                value, drew = rollout(
                    game, turns[i][1], sample_chance(base, k, level), horizon, weights, reply_width, level
                )
                if done() == before:
                    idle[0] += 1
                total[i] += value
                count[i] += 1
                fixed[i] = not drew
                ran = True
            if stop or not ran:
                break
        sampled = [i for i in alive if count[i]]
        cost.append((done() - level_start) / max(1, sum(count)))
        if not sampled or (level and len(sampled) < len(alive)):
            break  # this level is not complete: the last complete one decides
        ranked = sorted(sampled, key=lambda i: (-(total[i] / count[i]), i))
        best = ranked[0]
        if stop or len(ranked) <= 1:
            break
        alive = ranked[: max(keep, (len(ranked) + 1) // 2)]
    return list(turns[best][1]) or [END_TURN]
