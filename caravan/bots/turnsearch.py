"""The ``hard`` bot's search: whole turns judged by sampled rollouts to the bot's next turn.

A turn has up to four actions (R5), so the search is over whole turns, not
actions (Justesen et al., "Playing Multi-Action Adversarial Games", 2018).
The candidates are the beam planner's best turns (``planner.best_turns``),
the best turns that begin with a steal (``steal_turns``, R10), the beam's
first turns without the pick-ups they leave on top (``unexposed``) and the
best turns by a utility that prices such a steal (``candidate_turns``). Each is
played on a copy of the position that draws from the bot's own chance (I11:
refills, R13, sample their goods from the bag's counts, a determinization
as in Cowling et al.'s Information Set MCTS), then the next player's reply
and the bot's own next turn, both planned by the beam (``reply_width``;
the reply also tries its best steal, ``reply_steals``), the other seats'
turns greedily; ``utility`` (the evaluation's margin with
the ``HARD`` weights) scores where that leaves the bot. The k-th sample of
every candidate draws alike (common random numbers); a candidate whose
rollout drew nothing is deterministic, and one sample is its value.

The budget is spent level by level (``judge``): at level 0 every candidate
``samples`` times, then the better half again one round of every seat's
turn further, and so on, while the budget can complete a level. It counts
positions evaluated (``planner.positions_evaluated``), the planner's own
included: it bounds the think time, and a given budget gives the same turn
for the same seed.

Near the end (the bag nearly empty, R14) the rollouts reach the delivery
that ends the game (I7), and a finished game is worth its result (R17,
``evaluate.WIN``): who can deliver first, and who wins then, decides there.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..actions import END_TURN, Action, MoveGood, PickUp
from ..chance import Chance, SeededChance
from ..game import Game
from .base import Clock, decision_seed, sample_chance, search_chance
from .evaluate import HARD, IN_POINTS, POINTS, Weights, margin, values
from .planner import best_turns, greedy_turn, positions_evaluated


def utility(game: Game, seat: int) -> float:
    """What the search maximises: ``evaluate.margin`` with the ``HARD`` weights."""
    return margin(game, seat, HARD)


Utility = Callable[[Game, int], float]


def utility_of(weights: Weights) -> Utility:
    """The search's utility with other weights than ``HARD`` (a bot measured against it)."""
    if weights == HARD:
        return utility
    return lambda game, seat: margin(game, seat, weights)


def expected_margin(game: Game, seat: int) -> float:
    """``seat``'s expected final score minus the best other seat's, in points
    (the evaluation's values, ``HARD`` with demand markers whole, ``IN_POINTS``;
    the real scores once the game is over)."""
    if game.is_over():
        lines = game.score()
        return lines[seat].total - max(x.total for x in lines if x.seat != seat)
    v = values(game, IN_POINTS)
    return v[seat] - max(x for s, x in enumerate(v) if s != seat)


@dataclass(frozen=True, slots=True)
class Judged:
    """One whole turn and what the search made of it, at each level it reached.

    ``values[L]``: the mean utility (``utility``) of its rollouts at
    level ``L``; ``margins[L]``: their mean expected final margin in points
    (this seat's expected final score minus the best other's); the last
    level decides. ``samples``: rollouts run in all."""

    actions: tuple[Action, ...]
    values: tuple[float, ...]
    margins: tuple[float, ...]
    samples: int

    @property
    def level(self) -> int:
        return len(self.values) - 1

    @property
    def value(self) -> float:
        return self.values[-1]

    @property
    def margin(self) -> float:
        return self.margins[-1]


def _play(sim: Game, turn: tuple[Action, ...], seat: int, score: Utility = utility) -> None:
    """Play ``turn`` for ``seat`` on ``sim``; a refill that drew otherwise ends it greedily."""
    for action in turn:
        if sim.is_over() or sim.seat != seat:
            return
        if not sim.is_legal(action):
            break
        sim.push_legal(action)
    if not sim.is_over() and sim.seat == seat:
        greedy_turn(sim, score)


def _planned(sim: Game, width: int, score: Utility = utility, steals: bool = False) -> None:
    """The player to move's turn on ``sim`` by the beam planner; ``steals``: or the
    best turn that begins with a steal (R10, ``scored_steal_turns``) if that scores
    better. The beam alone rarely keeps a steal's first step, and a reply that
    misses the steal hides the risk of a good left on top."""
    seat = sim.seat
    chance = sim.chance
    (value, turn), *_ = best_turns(sim, width=width, keep=1, chance=chance, weights=score, goods_first=True)
    if steals:
        for other, stealing in scored_steal_turns(sim, chance, most=1, score=score):
            if other > value:
                value, turn = other, stealing
    _play(sim, turn, seat, score)


def line_of_play(
    game: Game,
    turn: tuple[Action, ...],
    chance: SeededChance,
    level: int,
    reply_width: int,
    score: Utility = utility,
    reply_steals: bool = True,
) -> Game:
    """Where a rollout leaves the game: ``turn``, then every other seat's reply and
    the mover's next turn, on a copy. The next player and the mover plan their
    turns by the beam (the next player's reply weighs its best steal too,
    ``reply_steals``, R10), and each level past 0 adds a round of every seat's
    turn, played greedily; ``score`` judges the turns played. A review plays
    the same lines (caravan.review)."""
    seat = game.seat
    sim = game.copy_position(chance=chance)
    _play(sim, turn, seat, score)
    for k in range(game.seats * (1 + level)):
        if sim.is_over():
            break
        if k < game.seats and (k == 0 or sim.seat == seat):
            _planned(sim, reply_width, score, steals=reply_steals and k == 0)
        else:
            greedy_turn(sim, score)
    return sim


def judge(
    game: Game,
    turns: list[tuple[Action, ...]],
    clock: Clock,
    *,
    seed: int,
    started: int | None = None,
    reply_width: int = 3,
    keep: int = 2,
    samples: int = 3,
    depth: int = 3,
    score: Utility = utility,
    reply_steals: bool = True,
) -> list[Judged]:
    """``turns`` judged by rollouts level by level (see the module's docstring), best first.

    Each level rolls out the turns still in the running ``samples`` times
    (once for a turn whose rollout drew nothing), then keeps the better half
    (at least ``keep``) for the next level; a level the budget cannot
    complete (guessed from the levels before) is not begun, and one cut by
    a deadline does not count."""
    base = decision_seed(seed, game)
    start = positions_evaluated() if started is None else started
    means: list[list[float]] = [[] for _ in turns]  # per turn, per level
    margins: list[list[float]] = [[] for _ in turns]
    runs = [0] * len(turns)
    alive = list(range(len(turns)))
    cost: list[float] = []  # positions evaluated per rollout, by level
    all_fixed = False

    def done() -> int:
        return positions_evaluated() - start

    for level in range(depth + 1):
        if level and clock.iterations is not None:
            guess = 1.5 * cost[-1]
            if done() + guess * len(alive) * (1 if all_fixed else 2) > clock.iterations:
                break
        total = dict.fromkeys(alive, 0.0)
        points = dict.fromkeys(alive, 0.0)
        count = dict.fromkeys(alive, 0)
        fixed = dict.fromkeys(alive, False)
        level_start, rollouts, cut = done(), 0, False
        for k in range(samples if level == 0 else max(1, samples - 1)):
            for i in alive:
                if fixed[i]:
                    continue
                if (level or k or i != alive[0]) and clock.spent(done()):
                    cut = True
                    break
                chance = sample_chance(base, k, level)
                sim = line_of_play(game, turns[i], chance, level, reply_width, score, reply_steals)
                total[i] += score(sim, game.seat)
                points[i] += expected_margin(sim, game.seat)
                count[i] += 1
                runs[i] += 1
                rollouts += 1
                fixed[i] = sim.bag_count == game.bag_count  # drew nothing: one sample is its value
            if cut or all(fixed.values()):
                break
        cost.append((done() - level_start) / max(1, rollouts))
        if cut and level:
            break  # an incomplete level decides nothing
        for i in alive:
            if count[i]:
                means[i].append(total[i] / count[i])
                margins[i].append(points[i] / count[i])
        all_fixed = all(fixed.values())
        alive = sorted((i for i in alive if count[i]), key=lambda i: (-means[i][-1], i))
        if cut or len(alive) <= 1:
            break
        alive = alive[: max(keep, (len(alive) + 1) // 2)]
    out = [
        Judged(turns[i], tuple(means[i]), tuple(margins[i]), runs[i]) for i in range(len(turns)) if means[i]
    ]
    out.sort(key=lambda j: (-j.level, -j.value))
    return out


def scored_steal_turns(
    game: Game, chance: Chance, most: int = 2, score: Utility = utility
) -> list[tuple[float, tuple[Action, ...]]]:
    """Turns that begin by stealing (R10) one of the ``most`` best goods on top of
    another player's camel: a camel put or moved there (2 actions, R7), the
    steal, then the rest of the turn played greedily. The beam rarely keeps
    the first step, which gains nothing by itself."""
    seat = game.seat
    if game.theft_markers(seat) == 0 or game.left < 3 or game.held(seat) + 2 > game.camels:
        return []
    targets = sorted(
        (
            (POINTS[int(c.good)], c.square)
            for c in game.all_camels()
            if c.seat != seat and c.good is not None and not c.under
        ),
        reverse=True,
    )
    legal = game.legal_by_kind()
    out: list[tuple[float, tuple[Action, ...]]] = []
    for _, square in targets[:most]:
        arrivals: list[Action] = []
        arrivals += [a for a in legal.places if a.to == square][:1]
        arrivals += [a for a in legal.camel_moves if a.to == square][:2]
        best: tuple[float, tuple[Action, ...]] | None = None
        for arrive in arrivals:
            sim = game.copy_position(chance=chance)
            sim.push_legal(arrive)
            steals = [a for a in sim.legal_by_kind().steals if a.at == square]
            if not steals:
                continue
            sim.push_legal(max(steals, key=lambda a: POINTS[int(a.good)]))
            if not sim.is_over() and sim.seat == seat:
                greedy_turn(sim, score)
            value = score(sim, seat)
            if best is None or value > best[0]:
                best = (value, tuple(step.action for step in sim.history))
        if best is not None:
            out.append(best)
    return out


def steal_turns(
    game: Game, chance: Chance, most: int = 2, score: Utility = utility
) -> list[tuple[Action, ...]]:
    """``scored_steal_turns`` without their scores."""
    return [turn for _, turn in scored_steal_turns(game, chance, most, score)]


def unexposed(game: Game, turn: tuple[Action, ...], chance: Chance) -> tuple[Action, ...] | None:
    """``turn`` without its pick-ups (R8) whose good ends the turn on top of the
    mover's camel while another player holds a theft marker (R10: the next turns
    may steal it), nor those goods' moves (R11); None when it has none, or when
    what is left is not a legal turn. The beam scores a turn by where it ends and
    keeps every pick-up that gains a demand marker or a step, so all its turns may
    leave a good on top; and the wary beam, which prices that, prunes a pick-up
    before the move that would have delivered it: between the two, a turn that
    delivers one good and leaves the other was not proposed at all (game by hand,
    2026-12-06, night: the bot ended a turn with 4 actions and a 7-point delivery in reach)."""
    seat = game.seat
    if not any(game.theft_markers(s) for s in range(game.seats) if s != seat):
        return None
    sim = game.copy_position(chance=chance)
    chains: list[list[int]] = []  # per pick-up: its index, then its good's moves
    where: dict[tuple[int, int], int] = {}  # (square, good) -> the chain of a good picked up this turn
    for i, action in enumerate(turn):
        if sim.is_over() or sim.seat != seat or not sim.is_legal(action):
            return None
        if isinstance(action, PickUp):
            good = sim.loose_at(action.at)
            if good is not None:
                where[(action.at, int(good))] = len(chains)
                chains.append([i])
        elif isinstance(action, MoveGood) and not action.under and (action.frm, action.good) in where:
            chain = where.pop((action.frm, action.good))
            chains[chain].append(i)
            where[(action.to, action.good)] = chain
        sim.push_legal(action)
    if sim.is_over():  # nothing is left to steal from
        return None
    exposed = {
        (c.square, int(c.good))
        for c in sim.all_camels()
        if c.seat == seat and c.good is not None and not c.under
    }
    drop = {i for key, chain in where.items() if key in exposed for i in chains[chain]}
    if not drop:
        return None
    kept = tuple(a for i, a in enumerate(turn) if i not in drop)
    check = game.copy_position(chance=chance)
    for action in kept:
        if check.is_over() or check.seat != seat or not check.is_legal(action):
            return None
        check.push_legal(action)
    return kept


def candidate_turns(
    game: Game,
    *,
    seed: int,
    candidates: int,
    width: int,
    score: Utility = utility,
    wary: Utility | None = None,
    wary_keep: int = 2,
    first: int | None = None,
    unexposed_of: int = 0,
) -> list[tuple[Action, ...]]:
    """The beam planner's best whole turns for the player to move, the best turns
    that begin with a steal (``steal_turns``) and, with ``wary``, the ``wary_keep``
    best turns by that utility: one that prices the steal of a good left on top
    (R10), so that a turn that builds the chain first and picks up later is among
    the candidates when every turn the beam keeps picks up at once. ``first``: how
    many of the beam's turns come before the steal and wary turns (the rest after
    them): the budget rarely judges every candidate, and the beam's lower turns
    are mostly the same turn with a camel elsewhere (all of them, when None).
    ``unexposed_of``: the beam's first turns that also come without the pick-ups
    they leave on top (``unexposed``), after the steal turns and before the wary
    ones (the budget judges about six candidates in a busy position)."""
    chance = search_chance(seed, game)
    turns = best_turns(game, width=width, keep=candidates, chance=chance, weights=score, goods_first=True)
    beam = [t for _, t in turns] or [(END_TURN,)]
    out = beam[:first]  # all of them when first is None
    out += [t for t in steal_turns(game, chance, score=score) if t not in out]
    for turn in beam[:unexposed_of]:
        kept = unexposed(game, turn, chance)
        if kept is not None and kept not in out:
            out.append(kept)
    if wary is not None:
        narrow = max(2, width // 2)  # a cheaper beam: it only proposes
        safe = best_turns(game, width=narrow, keep=wary_keep, chance=chance, weights=wary, goods_first=True)
        out += [t for _, t in safe if t not in out]
    if first is not None:
        out += [t for t in beam[first:] if t not in out]
    return out
