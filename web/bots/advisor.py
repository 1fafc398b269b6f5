"""The worker's hints and reviews: the engine's advice (caravan.advice,
caravan.review) as the plain values of docs/WORKER.md's answers.

Runs in the bot worker (web/bots/botworker.py), never on the page's thread: a
hint is the hard bot's search, a turn's review two of them. The engine's
objects do not cross the message boundary; their fields do, as JSON, and
the page (web/app/hint.py, web/app/review.py) reads them back. A hint is searched on
``game.view(seat)`` (I11): the bot never sees the real draws to come.
"""

from __future__ import annotations

from typing import Any

from caravan.actions import Action
from caravan.bots import Budget
from caravan.chance import SeededChance
from caravan.errors import CaravanError
from caravan.game import Game

REASON_FIELDS = ("kind", "good", "city", "points", "markers", "squares", "frm", "to", "victim", "how")


class Illegal(Exception):
    """The advice named an action the rules do not allow: a bug, said plainly."""


class NotATurn(Exception):
    """A review asked for an action that starts no turn."""


def turn_line(game: Game, actions: list[Action] | tuple[Action, ...]) -> list[str]:
    """``actions`` as notation, checked on a copy of ``game``: every action
    legal after the ones before it. After a refill (R13) the copy's draws are
    its own, so an action the real draw would allow may not be: the turn is
    cut there (the page drops the rest of a hint at a refill anyway)."""
    copy = game.copy()
    out: list[str] = []
    drew = False
    for action in actions:
        try:
            bag = copy.bag_count
            copy.push(action)
        except CaravanError as e:
            if drew:
                break
            raise Illegal(f"the hint's action {action} is not allowed: {e}") from None
        out.append(str(action))
        drew = drew or copy.bag_count != bag
        if copy.is_over():
            break
    return out


def _number(value: object) -> float:
    return round(float(value), 2) if isinstance(value, (int, float)) else 0.0


def hint(game: Game, seat: int, *, seed: int, budget: Budget | None) -> dict[str, Any]:
    """The hard bot's whole turn for ``seat`` (to move), with what it gains
    and why: ``actions``, ``delivered`` (points now), ``markers`` (demand
    markers taken), ``gain`` and ``expected`` (points, the search's
    estimates), ``reasons`` (the engine's structured reasons, for
    caravan.words to phrase in the page's language)."""
    from caravan import advice  # the worker's import; the page never loads the search

    found = advice.hint(game, seed=seed, budget=budget)  # on the seat's view (I11)
    return {
        "actions": turn_line(game.view(seat, chance=SeededChance(seed)), found.actions),
        "delivered": int(found.delivered),
        "markers": int(found.markers),
        "gain": _number(found.gain),
        "expected": _number(found.expected),
        "reasons": [reason_fields(r) for r in found.reasons],
    }


def reason_fields(reason: Any) -> dict[str, Any]:
    """A ``caravan.advice.Reason`` as JSON: its fields, the good as its number
    (web/app/hint.py builds the Reason again, for caravan.words to phrase)."""
    out = {f: getattr(reason, f) for f in REASON_FIELDS}
    out["good"] = None if reason.good is None else int(reason.good)
    return out


def review_turn(game: Game, start: int, *, judge: bool, seed: int, budget: Budget | None) -> dict[str, Any]:
    """The turn of ``game`` whose first action is ``start``: ``index``,
    ``turn``, ``seat``, ``margins`` (every seat's expected final margin at its
    start, for the review's chart) and, with ``judge``, ``review`` (the turn
    judged by the hard bot beside its best, as one turn of
    ``caravan.review.Review.to_dict``) and ``judge`` ("hard, N positions a turn")."""
    from caravan import review
    from caravan.bots.turnsearch import expected_margin

    found = next((t for t in review.turns(game) if t.index == start), None)
    if found is None:
        raise NotATurn(f"action {start} starts no turn of this game")
    position = review.at(game, start)
    out: dict[str, Any] = {
        "index": start,
        "turn": found.turn,
        "seat": found.seat,
        "margins": [round(expected_margin(position, s), 1) for s in range(game.seats)],
        "judge": review.judge_text(game, budget),
    }
    if judge:
        judged = review.review_turn(game, found, seed=seed, budget=budget)
        out["review"] = review.Review((judged,), "", ()).to_dict()["turns"][0]
    return out
