"""Reviews: every turn of a game set beside the hard bot's best turn there.

Each turn is judged from the position at its start, as the seat to move saw
it (``game.view(seat)``, I11: never the draws that came after). The bot's
own turn there is ``HardBot.consider(view)[0]``, its search as it plays,
not changed by the turn played. A played turn that ends where the bot's
does (``same_end``), or wins the game outright (``wins_now``, R17), is the
best and loses 0. Otherwise both are judged by one ``duel``: each played on
as the search's rollouts play on, on the same sampled draws (common random
numbers, R13), to the deepest level the budget completes for both (and to
the end of a triggered game, ``settle``), and scored by ``points_margin``
(the expected final margin in points). The better of the two is the best turn; the played turn
loses what it is behind, never less than 0. (Judging the played turn as an
extra candidate of the bot's search compared unequal samples, at times
none at all, and counted a search bonus as points: a plain delivery lost
"23 points".) A turn is a seat's actions from its start to its ``end`` (or
to the delivery that ends the game, I7), a refill mid-turn included (R13,
I6). ``python -m caravan.review FILE.json`` reviews a game record.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, TextIO

from . import record
from .actions import Action, EndTurn, format_action, parse_action
from .bots import Budget, HardBot
from .bots.base import Clock, decision_seed, sample_chance
from .bots.evaluate import IN_POINTS, values
from .bots.planner import greedy_turn, positions_evaluated
from .bots.players import HARD_BUDGET
from .bots.turnsearch import expected_margin, line_of_play, utility
from .chance import SeededChance
from .errors import CaravanError
from .game import Game
from .limits import MAX_ACTIONS, MAX_RECORD

# Points lost, at least, for each verdict, worst first. A common good is 3
# points and a rare one 6 (R15), a demand marker 1: 2 points is most of a
# common delivery or two markers given away (noticeable, not yet costly);
# 5 is about a common good and a marker, or most of a rare good; 10 is
# more than a rare good and a common one, a swing that can decide a game.
# Under 2 the search's own noise (sampled refills, R13) is of that order.
THRESHOLDS: tuple[tuple[str, float], ...] = (("blunder", 10.0), ("mistake", 5.0), ("inaccuracy", 2.0))
VERDICTS = ("fine", "inaccuracy", "mistake", "blunder")
VERSION = 1  # of Review.to_dict
MAX_SEATS = 4
POINTS_ONLY = replace(IN_POINTS, finish=0.0)  # points_margin's weights
MAX_MARGIN = 1000.0  # far beyond any score (R15: under 300 points in all)


class ReviewError(CaravanError, ValueError):
    """A saved review that cannot be read: its message says why in plain words."""


@dataclass(frozen=True, slots=True)
class TurnStart:
    """Where a turn begins: ``index`` in ``game.history``, the ``seat`` to move, the game's ``turn`` (R5)."""

    index: int
    seat: int
    turn: int


@dataclass(frozen=True, slots=True)
class TurnReview:
    """One turn reviewed: ``played`` and ``best``, the better of it and the bot's own
    turn (whole turns; ``best == played`` when the played turn is as good),
    ``lost`` (points, at least 0, one decimal), its ``verdict`` (``THRESHOLDS``)
    and ``margin_before``: the seat's expected final margin at the turn's
    start (static evaluation, points, one decimal)."""

    index: int
    turn: int
    seat: int
    played: tuple[Action, ...]
    best: tuple[Action, ...]
    lost: float
    verdict: str
    margin_before: float


@dataclass(frozen=True, slots=True)
class Review:
    """A game reviewed: ``turns`` (in game order), ``judge`` (who judged, and how
    hard), ``margins``: at each turn's start, (turn, every seat's expected
    final margin), for a chart."""

    turns: tuple[TurnReview, ...]
    judge: str
    margins: tuple[tuple[int, tuple[float, ...]], ...]

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON types, to keep beside a saved game."""
        return {
            "version": VERSION,
            "judge": self.judge,
            "turns": [
                {
                    "index": t.index,
                    "turn": t.turn,
                    "seat": t.seat,
                    "played": [format_action(a) for a in t.played],
                    "best": [format_action(a) for a in t.best],
                    "lost": t.lost,
                    "verdict": t.verdict,
                    "margin_before": t.margin_before,
                }
                for t in self.turns
            ],
            "margins": [[turn, list(values)] for turn, values in self.margins],
        }

    @classmethod
    def from_dict(cls, data: object) -> Review:
        """A review read back from ``to_dict``'s form; ReviewError for anything else."""
        return _read(data)


def verdict(lost: float) -> str:
    """The verdict for ``lost`` points (``THRESHOLDS``)."""
    for name, at_least in THRESHOLDS:
        if lost >= at_least:
            return name
    return "fine"


def turns(game: Game) -> list[TurnStart]:
    """Each turn's start in ``game.history``, in order (R5: a seat's actions up to its ``end``)."""
    out: list[TurnStart] = []
    previous: tuple[int, int] | None = None
    for i, step in enumerate(game.history):
        key = (step.turn, step.seat)
        if key != previous:
            out.append(TurnStart(i, step.seat, step.turn))
            previous = key
    return out


def played_turn(game: Game, start: TurnStart) -> tuple[Action, ...]:
    """The actions of the turn beginning at ``start``: up to its ``end`` or the game's end."""
    out: list[Action] = []
    for step in game.history[start.index :]:
        if (step.turn, step.seat) != (start.turn, start.seat):
            break
        out.append(step.action)
        if isinstance(step.action, EndTurn):
            break
    return tuple(out)


def finished(game: Game, start: TurnStart) -> bool:
    """Whether the turn at ``start`` is over: ended (R6), or the game ended in it (I7, I10).
    The turn still being played is not reviewed: its seat may yet do more."""
    played = played_turn(game, start)
    return isinstance(played[-1], EndTurn) or (game.is_over() and start == turns(game)[-1])


def at(game: Game, index: int) -> Game:
    """The game as it stood before action ``index`` of its history, replayed from its
    record with the draws that were made (a game ended by agreement too, I10)."""
    data = record.to_dict(game, history=[record.step_text(s) for s in game.history[:index]])
    data.pop("ended", None)
    return record.from_dict(data)


def _budget(game: Game, budget: Budget | None) -> Budget:
    return budget if budget is not None else Budget(iterations=HARD_BUDGET[game.seats])


def judge_text(game: Game, budget: Budget | None) -> str:
    """Who judged and how hard: "hard, 13,000 positions a turn"."""
    b = _budget(game, budget)
    if b.iterations is not None:
        return f"hard, {b.iterations:,} positions a turn"
    return f"hard, {b.seconds:g} s a turn"


def points_margin(game: Game, seat: int) -> float:
    """``seat``'s expected final margin in points: the real scores' once the game is
    over (R15-R17), else the ``HARD`` values in points (``IN_POINTS``: demand markers
    whole) without ``finish`` (a bonus of up to 40 for being ahead once the end is
    triggered, R14: a search's wish to end the game, not points; alone it made a
    plain delivery look 23 points worse)."""
    if game.is_over():
        lines = game.score()
        return float(lines[seat].total - max(x.total for x in lines if x.seat != seat))
    v = values(game, POINTS_ONLY)
    return v[seat] - max(x for s, x in enumerate(v) if s != seat)


def settle(sim: Game, rounds: int = 2) -> None:
    """Once the end is triggered (R14) the next delivery ends the game (I7): play on
    greedily, ``rounds`` of every seat's turn at most, so that a line cut just short
    of that delivery is not compared with one that made it (a steal lost "9.6"
    against a pick-up whose line ended the game a turn sooner)."""
    for _ in range(rounds * sim.seats):
        if sim.is_over() or not sim.end_triggered():
            return
        greedy_turn(sim, utility)


@dataclass(frozen=True, slots=True)
class Duel:
    """Two turns judged alike: ``points[i]``, turn ``i``'s mean ``points_margin`` over
    the same ``samples`` draws (common random numbers) at ``level``, the deepest
    level the budget completed for both."""

    points: tuple[float, ...]
    level: int
    samples: int


def duel(
    game: Game,
    turns_: Sequence[tuple[Action, ...]],
    clock: Clock,
    *,
    seed: int,
    reply_width: int = 3,
    reply_steals: bool = True,
    samples: int = 3,
    depth: int = 3,
) -> Duel:
    """``turns_`` rolled out on the same draws level by level (``line_of_play``, then
    ``settle``): the k-th sample of each draws from one chance, as the search's do, so their
    difference is not the noise of separate samples. A sample in which no turn
    drew is the only one (the lines are then fixed); a level the budget cannot
    complete (guessed from the level before) is not begun, level 0 always is."""
    base = decision_seed(seed, game)
    start = positions_evaluated()
    decided: Duel | None = None
    cost, took = 0.0, 0.0  # the last level's positions and seconds
    for level in range(depth + 1):
        if decided is not None:
            done = positions_evaluated() - start
            if (
                clock.spent(done)
                or (clock.iterations is not None and done + 2.5 * cost > clock.iterations)
                or (clock.deadline is not None and time.perf_counter() + 2.5 * took > clock.deadline)
            ):
                break
        before, began = positions_evaluated(), time.perf_counter()
        totals = [0.0] * len(turns_)
        n = 0
        for k in range(samples if level == 0 else max(1, samples - 1)):
            drew = False
            for i, turn in enumerate(turns_):
                chance = sample_chance(base, k, level)
                bag = game.bag_count
                sim = line_of_play(game, turn, chance, level, reply_width, reply_steals=reply_steals)
                settle(sim)
                totals[i] += points_margin(sim, game.seat)
                drew = drew or sim.bag_count != bag
            n += 1
            if not drew:
                break
        cost, took = float(positions_evaluated() - before), time.perf_counter() - began
        decided = Duel(tuple(t / n for t in totals), level, n)
    assert decided is not None
    return decided


def _replayed(game: Game, turn: tuple[Action, ...]) -> tuple[Game, bool]:
    """``turn`` played for the seat to move on a copy (fixed draws), and whether all of
    it was: it stops at an action that is not legal, or once the turn or the game is over."""
    sim = game.copy_position(chance=SeededChance(0))
    for action in turn:
        if sim.is_over() or sim.seat != game.seat or not sim.is_legal(action):
            return sim, False
        sim.push_legal(action)
    return sim, True


def same_end(game: Game, one: tuple[Action, ...], two: tuple[Action, ...]) -> bool:
    """Whether two turns leave the same position (neither drew from the bag, R13):
    the same turn to any judge, whatever order its actions came in."""
    if one == two:
        return True
    ends = []
    for turn in (one, two):
        sim, whole = _replayed(game, turn)
        if not whole or sim.bag_count != game.bag_count:
            return False
        ends.append(sim.position())
    return ends[0] == ends[1]


def wins_now(game: Game, turn: tuple[Action, ...]) -> bool:
    """Whether ``turn`` ends the game (R14, I7) with its seat among the winners (R17):
    no turn does better, whatever a line of play that goes on might add to the margin."""
    outcome = _replayed(game, turn)[0].outcome()
    return outcome is not None and game.seat in outcome.winners


def review_turn(game: Game, start: TurnStart, *, seed: int = 0, budget: Budget | None = None) -> TurnReview:
    """One turn reviewed (the page's worker calls this turn by turn): the position at
    ``start`` as its seat saw it (I11), the played turn judged beside the bot's."""
    position = at(game, start.index)
    return _review_at(position, played_turn(game, start), start, seed=seed, budget=budget)


def _review_at(
    position: Game, played: tuple[Action, ...], start: TurnStart, *, seed: int, budget: Budget | None
) -> TurnReview:
    """The bot's own turn (its search, unchanged by the played one), then, unless the
    played turn ends where it does, both judged by one ``duel``: the better of the
    two is the best turn, and the played one loses what it is behind, never less than 0."""
    view = position.view(start.seat)
    before = round(expected_margin(view, start.seat), 1)
    b = _budget(view, budget)
    bot = HardBot(seed=seed)
    best = played if wins_now(view, played) else bot.consider(view, b)[0].actions
    lost = 0.0
    if same_end(view, played, best):
        best = played
    else:
        judged = duel(
            view,
            (best, played),
            b.start(),
            seed=seed,
            reply_width=bot.reply_width,
            reply_steals=bot.reply_steals,
            samples=bot.samples,
        )
        lost = max(0.0, round(judged.points[0] - judged.points[1], 1))
        if lost == 0.0:
            best = played
    return TurnReview(start.index, start.turn, start.seat, played, best, lost, verdict(lost), before)


def review(
    game: Game,
    *,
    seats: Sequence[int] | None = None,
    seed: int = 0,
    budget: Budget | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Review:
    """Every finished turn of ``seats`` (all by default) reviewed, with every seat's
    margins at each turn's start; ``progress(done, total)`` after each turn reviewed."""
    starts = [s for s in turns(game) if finished(game, s)]
    chosen = [s for s in starts if seats is None or s.seat in seats]
    replay = at(game, 0)
    margins: list[tuple[int, tuple[float, ...]]] = []
    out: list[TurnReview] = []
    for start in starts:
        while len(replay.history) < start.index:
            step = game.history[len(replay.history)]
            replay.push_recorded(step.action, step.draws)
        margins.append((start.turn, tuple(round(expected_margin(replay, s), 1) for s in range(game.seats))))
        if seats is None or start.seat in seats:
            out.append(_review_at(replay.copy(), played_turn(game, start), start, seed=seed, budget=budget))
            if progress is not None:
                progress(len(out), len(chosen))
    return Review(tuple(out), judge_text(game, budget), tuple(margins))


# ------------------------------------------------------------------ reading


def _fail(what: str) -> ReviewError:
    return ReviewError(f"the saved review is damaged: {what}")


def _int(value: object, what: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise _fail(f"{what} is not a whole number from {low} to {high}")
    return value


def _float(value: object, what: str) -> float:
    if type(value) not in (int, float) or not math.isfinite(value) or abs(value) > MAX_MARGIN:  # type: ignore[arg-type]
        raise _fail(f"{what} is not a number of points")
    return round(float(value), 1)  # type: ignore[arg-type]


def _actions(value: object, what: str) -> tuple[Action, ...]:
    if not isinstance(value, list) or not 1 <= len(value) <= 8:
        raise _fail(f"{what} is not a turn's list of actions")
    out = []
    for item in value:
        if not isinstance(item, str) or len(item) > 16:
            raise _fail(f"{what} holds something that is not an action")
        try:
            out.append(parse_action(item))
        except CaravanError:
            raise _fail(f"{what} holds something that is not an action") from None
    return tuple(out)


def _read(data: object) -> Review:
    if not isinstance(data, dict):
        raise _fail("it is not a review")
    if data.get("version") != VERSION:
        raise ReviewError(f"the saved review is of a version this game cannot read ({VERSION} only)")
    judge, raw_turns, raw_margins = data.get("judge"), data.get("turns"), data.get("margins")
    if not isinstance(judge, str) or len(judge) > 100:
        raise _fail("it does not say who judged")
    if not isinstance(raw_turns, list) or not isinstance(raw_margins, list):
        raise _fail("it has no list of turns")
    if len(raw_turns) > MAX_ACTIONS or len(raw_margins) > MAX_ACTIONS:
        raise _fail("it holds more turns than any game")
    out = []
    for i, t in enumerate(raw_turns, 1):
        if not isinstance(t, dict):
            raise _fail(f"turn {i} is not a turn")
        where = f"turn {i}"
        verdict_ = t.get("verdict")
        if verdict_ not in VERDICTS:
            raise _fail(f"{where} has no verdict")
        out.append(
            TurnReview(
                index=_int(t.get("index"), f"{where}'s index", 0, MAX_ACTIONS),
                turn=_int(t.get("turn"), f"{where}'s number", 1, MAX_ACTIONS),
                seat=_int(t.get("seat"), f"{where}'s seat", 0, MAX_SEATS - 1),
                played=_actions(t.get("played"), f"{where}'s played turn"),
                best=_actions(t.get("best"), f"{where}'s best turn"),
                lost=max(0.0, _float(t.get("lost"), f"{where}'s points lost")),
                verdict=str(verdict_),
                margin_before=_float(t.get("margin_before"), f"{where}'s margin"),
            )
        )
    margins = []
    for i, m in enumerate(raw_margins, 1):
        if (
            not isinstance(m, list)
            or len(m) != 2
            or not isinstance(m[1], list)
            or not 2 <= len(m[1]) <= MAX_SEATS
        ):
            raise _fail(f"margin {i} is not a turn and every seat's margin")
        turn = _int(m[0], f"margin {i}'s turn", 1, MAX_ACTIONS)
        margins.append((turn, tuple(_float(v, f"margin {i}") for v in m[1])))
    return Review(tuple(out), judge, tuple(margins))


# ---------------------------------------------------------------------- CLI


def line(game: Game, t: TurnReview) -> str:
    """One reviewed turn as the CLI prints it (English; the terminal words it: ``Words.review_line``)."""
    played = " ".join(format_action(a) for a in t.played)
    best = "the same" if t.best == t.played else " ".join(format_action(a) for a in t.best)
    return f"turn {t.turn}, seat {t.seat + 1}: played {played}; best: {best}; lost {t.lost:.1f} ({t.verdict})"


def header(judge: str) -> str:
    """What judged the turns and what "lost" means, before the CLI's lines."""
    return (
        f"Reviewed by {judge}. Each turn is played on beside the bot's own turn, on the same draws;"
        " lost: the points of expected final margin it is behind the better of the two."
    )


def main(
    argv: Sequence[str] | None = None, *, stdout: TextIO | None = None, stderr: TextIO | None = None
) -> int:
    """``python -m caravan.review FILE.json [--seat N] [--json] [--seed S] [--iterations N]``."""
    out, err = stdout or sys.stdout, stderr or sys.stderr
    parser = argparse.ArgumentParser(
        prog="python -m caravan.review", description="Review a saved game with the hard bot."
    )
    parser.add_argument("file", help="a game record (docs/RECORD.md)")
    parser.add_argument("--seat", type=int, help="review only this seat's turns (1 to 4)")
    parser.add_argument("--json", action="store_true", help="end with one JSON line of the turns")
    parser.add_argument("--seed", type=int, default=0, help="the bot's seed (default 0)")
    parser.add_argument("--iterations", type=int, help="positions evaluated per turn (default: hard's)")
    args = parser.parse_args(list(argv) if argv is not None else None)
    try:
        with open(args.file, "rb") as f:
            data = f.read(4 * MAX_RECORD + 1)  # bytes: at most 4 a character (UTF-8)
    except OSError as e:
        print(f"Cannot read {args.file}: {e.strerror or e}", file=err)
        return 2
    if len(data) > 4 * MAX_RECORD:
        print(f"Cannot open {args.file}: it is far larger than any game record", file=err)
        return 2
    try:
        game = record.loads(data)
    except CaravanError as e:
        print(f"Cannot open {args.file}: {e}", file=err)
        return 2
    if args.seat is not None and not 1 <= args.seat <= game.seats:
        print(f"--seat: say which seat, 1 to {game.seats}", file=err)
        return 2
    if args.iterations is not None and args.iterations < 1:
        print("--iterations: a whole number of at least 1", file=err)
        return 2
    budget = Budget(iterations=args.iterations) if args.iterations else None
    seats = None if args.seat is None else (args.seat - 1,)
    result = review(game, seats=seats, seed=args.seed, budget=budget)
    print(header(result.judge), file=out)
    for t in result.turns:
        print(line(game, t), file=out)
    if args.json:
        rows = [
            {
                "turn": t.turn,
                "seat": t.seat + 1,
                "played": [format_action(a) for a in t.played],
                "best": [format_action(a) for a in t.best],
                "lost": t.lost,
            }
            for t in result.turns
        ]
        print(json.dumps({"turns": rows}, ensure_ascii=False), file=out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
