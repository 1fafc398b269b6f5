"""Whole turns found by beam search over the turn's action sequences (``medium``).

A turn has up to four actions (R5) and each has dozens to hundreds of
choices, most of them camels put on squares that do nothing. The planner
keeps the actions that can matter: every pick-up, steal and move of a good,
and camels put or moved only onto squares that hold a loose good, touch one
of the player's camels (chains, R11), are a city, or hold another player's
laden camel (R10). Each partial turn is scored as if the turn ended there
(``evaluate.margin`` after ``end``), the best ``width`` are extended, and the
best turns seen at any length are returned, distinct by where they lead.

The planner searches a copy that draws from the chance it is given (the
bot's own, I11): a pick-up that refills the board (R13) samples its draws.
"""

from __future__ import annotations

from collections.abc import Callable

from ..actions import END_TURN, Action, MoveCamel
from ..board import NEIGHBOURS
from ..chance import Chance
from ..game import Game
from ..goods import ALL_GOODS
from .evaluate import DEFAULT, Weights, margin

CITIES = frozenset(g.city_square for g in ALL_GOODS)
Turn = tuple[float, tuple[Action, ...]]
# A position's worth for a seat, higher better: ``evaluate.margin`` by default
# (``medium``, ``hard@1``), ``turnsearch.utility`` for ``hard``.
Score = Callable[[Game, int], float]


def scorer(weights: Weights | Score) -> Score:
    """The score function a planner uses: ``weights`` itself, or ``margin`` with those weights."""
    if isinstance(weights, Weights):
        w = weights
        return lambda game, seat: margin(game, seat, w)
    return weights


def interesting_squares(game: Game) -> set[int]:
    """Where a camel of the player to move may usefully go (see the module's docstring)."""
    seat = game.seat
    out = set(game.loose_goods())
    for c in game.all_camels():
        if c.seat == seat:
            out.update(NEIGHBOURS[c.square])
            if c.good is not None:
                out.add(c.good.city_square)
        elif c.good is not None and not c.under:
            out.add(c.square)
    return out


def candidate_actions(game: Game, goods_first: bool = False) -> list[Action]:
    """The legal actions worth trying now: a subset of ``legal_actions()``, in its order
    (``goods_first``: the moves of goods, pick-ups and steals before the camels')."""
    legal = game.legal_by_kind()
    if len(legal) <= 1:
        return list(legal.end_turn)
    where = interesting_squares(game)
    out: list[Action] = []
    if goods_first:
        out.extend(legal.goods_moves)
        out.extend(legal.pick_ups)
        out.extend(legal.steals)
    out.extend(a for a in legal.places if a.to in where)
    moves: list[MoveCamel] = legal.camel_moves
    out.extend(a for a in moves if a.to in where)
    if not goods_first:
        out.extend(legal.pick_ups)
        out.extend(legal.steals)
        out.extend(legal.goods_moves)
    return out


# Positions evaluated so far, in this process: the hard bot's unit of work
# (``positions_evaluated()``), counted so that an iteration budget bounds its time.
_evaluated = [0]


def positions_evaluated() -> int:
    """How many positions the planners have evaluated in this process so far."""
    return _evaluated[0]


def _score_after_end(game: Game, seat: int, score: Score) -> float:
    """The position's score for ``seat`` as if the turn ended now."""
    _evaluated[0] += 1
    if game.is_over():
        return score(game, seat)
    game.push_legal(END_TURN)
    value = score(game, seat)
    game.pop()
    return value


def best_turns(
    game: Game,
    *,
    width: int,
    keep: int,
    chance: Chance,
    weights: Weights | Score = DEFAULT,
    goods_first: bool = False,
) -> list[Turn]:
    """The ``keep`` best whole turns for the player to move, best first, by beam search.

    Each turn is (score, actions) with actions ending in ``end``, or in the
    delivery that ends the game (I7). Ties keep the order of ``legal_actions``;
    ``goods_first``: of ``candidate_actions(goods_first=True)``, so that the first
    step of a leapfrog (a good onto the camel beside it: R11, worth nothing yet
    by the evaluation) stays in the beam rather than a camel's move that does nothing."""
    seat = game.seat
    score_of = scorer(weights)
    root = game.copy_position(chance=chance)
    found: dict[tuple[int, ...], Turn] = {}

    def note(score: float, seq: tuple[Action, ...], over: bool) -> None:
        key = tuple(sorted(map(id, seq)))
        turn = (score, seq if over else (*seq, END_TURN))
        old = found.get(key)
        if old is None or score > old[0]:
            found[key] = turn

    note(_score_after_end(root, seat, score_of), (), False)
    beam: list[tuple[Game, tuple[Action, ...]]] = [(root, ())]
    while beam:
        children: list[tuple[float, int, Game, tuple[Action, ...], Action]] = []
        seen: set[tuple[int, ...]] = set()
        n = 0
        for node, seq in beam:
            if node.is_over() or node.left == 0:
                continue
            for action in candidate_actions(node, goods_first):
                if action is END_TURN:
                    continue
                key = tuple(sorted(map(id, (*seq, action))))
                if key in seen:
                    continue
                seen.add(key)
                node.push_legal(action)
                score = _score_after_end(node, seat, score_of)
                over = node.is_over()
                node.pop()
                note(score, (*seq, action), over)
                if not over:
                    children.append((score, n, node, seq, action))
                    n += 1
        children.sort(key=lambda c: (-c[0], c[1]))
        beam = []
        for _, _, node, seq, action in children[:width]:
            child = node.copy_position(chance=chance)
            child.push_legal(action)
            beam.append((child, (*seq, action)))
    turns = sorted(found.values(), key=lambda t: -t[0])
    return turns[:keep]


def greedy_turn(game: Game, weights: Weights | Score = DEFAULT) -> None:
    """Play the player to move's turn on ``game`` itself, one best action at a
    time (a beam of one): the rollout policy of ``hard``. Draws come from ``game``'s chance."""
    seat = game.seat
    score_of = scorer(weights)
    while not game.is_over() and game.seat == seat:
        if game.left == 0:
            game.push_legal(END_TURN)
            return
        best = _score_after_end(game, seat, score_of)
        choice: Action = END_TURN
        for action in candidate_actions(game):
            if action is END_TURN:
                continue
            game.push_legal(action)
            score = _score_after_end(game, seat, score_of)
            game.pop()
            if score > best:
                best, choice = score, action
        game.push_legal(choice)
        if choice is END_TURN:
            return
