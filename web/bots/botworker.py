"""The bot worker's Python side: one request in, one answer out (docs/WORKER.md).

DOM-free and free of ``js``: web/static/bot-worker.mjs hands ``answer`` the
request's JSON text and posts back the text it returns, so every rule of the
protocol runs (and is tested) on CPython. A request names a game record
(docs/RECORD.md), the seat to move, a built-in bot and its seed and budget;
the answer is that bot's turn in notation (docs/NOTATION.md). The bot plays
on ``game.view(seat)`` (I11): it never sees the real draws to come.

Besides a bot's turn (``think``) it answers a hint (the hard bot's whole
turn for the player to move, ``hint``) and one turn of a post-game review
(``review``): web/bots/advisor.py turns the engine's answers into the messages.

A refill (R13) happens in the middle of a turn (I6), and what it draws is the
page's business: the answer stops after the action that drew, with
``"turn_over": false``, and the page asks again once it has played them.
"""

from __future__ import annotations

import json
import sys
import time
from typing import Any

from caravan.actions import EndTurn
from caravan.bots import BotSpecError, Budget, make_bot
from caravan.chance import SeededChance
from caravan.errors import CaravanError
from caravan.game import Game
from caravan.jsonread import JsonRefused
from caravan.jsonread import loads as json_loads
from caravan.limits import MAX_RECORD
from caravan.options import BOT_STRENGTHS
from caravan.record import loads as record_loads
from web.bots import advisor

VERSION = 2  # of the messages; docs/WORKER.md says what changes it (2: the requests' "type")
MAX_REQUEST = MAX_RECORD + 2_000  # a record and a few fields
MAX_DEPTH = 2  # the request holds the record as text, not as an object
MAX_BUDGET_MS = 10_000
MAX_SEED = 2**63 - 1
FIELDS = {"version", "id", "type", "record", "seat", "bot", "seed", "budget_ms"}
# A hint and a turn's review are the hard bot's (web/bots/advisor.py): no "bot" field.
HINT_FIELDS = {"version", "id", "type", "record", "seat", "seed", "budget_ms"}
REVIEW_FIELDS = {"version", "id", "type", "record", "start", "judge", "seed", "budget_ms"}
KINDS = ("think", "hint", "review")


class Refused(Exception):
    """A request the worker cannot answer; its text is the answer's ``error``
    (English, for logs and callers), ``kind`` what the page says in its own
    language (docs/WORKER.md: ``request``, ``bot``, ``record``, ``over``,
    ``seat``, ``illegal``; ``failed`` for a bug)."""

    def __init__(self, text: str, kind: str = "request") -> None:
        super().__init__(text)
        self.kind = kind


def _int(data: dict[str, Any], key: str, low: int, high: int) -> int:
    value = data.get(key)
    if type(value) is not int or not low <= value <= high:
        raise Refused(f"{key!r} must be a whole number from {low} to {high}")
    return value


def _request(text: object) -> dict[str, Any]:
    if not isinstance(text, str):
        raise Refused("the request is not JSON text")
    try:
        data = json_loads(text, max_chars=MAX_REQUEST, max_depth=MAX_DEPTH)
    except JsonRefused as e:
        raise Refused(f"the request is not one the worker reads: {e}") from None
    if not isinstance(data, dict):
        raise Refused("the request is not a JSON object")
    return data


def _bot_spec(data: dict[str, Any]) -> str:
    """Only the strengths the page itself seats (``BOT_STRENGTHS``), as they are: a link
    or a save names the bot, and options (``hard:iterations=1e9``) or an import path
    would let one keep the worker busy for hours or import a module it names."""
    spec = data.get("bot")
    if not isinstance(spec, str) or spec not in BOT_STRENGTHS:
        shown = repr(spec)[:40] if isinstance(spec, str) else "'bot'"
        raise Refused(f"bot {shown}: the page's bots are {', '.join(BOT_STRENGTHS)}, without options", "bot")
    return spec


def _fields(data: dict[str, Any], allowed: set[str]) -> None:
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise Refused(f"the request has fields the worker does not know: {', '.join(unknown)}")


def _budget(data: dict[str, Any]) -> Budget | None:
    """The request's wall-clock deadline (``budget_ms``), else the bot's own default."""
    if data.get("budget_ms") is None:
        return None
    return Budget(seconds=_int(data, "budget_ms", 1, MAX_BUDGET_MS) / 1000)


def _game(data: dict[str, Any]) -> Game:
    record = data.get("record")
    if not isinstance(record, str):
        raise Refused("'record' must be a game record as JSON text (docs/RECORD.md)", "record")
    try:
        return record_loads(record)
    except CaravanError as e:
        raise Refused(f"the record cannot be read: {e}", "record") from None


def _to_move(data: dict[str, Any]) -> tuple[Game, int]:
    """The request's game, not over, with its ``seat`` to move."""
    seat = _int(data, "seat", 0, 3)
    game = _game(data)
    if game.is_over():
        raise Refused("the game is over: there is no turn to play", "over")
    if game.seat != seat:
        raise Refused(f"it is seat {game.seat}'s turn, not seat {seat}'s", "seat")
    return game, seat


def think(data: dict[str, Any]) -> dict[str, Any]:
    """The answer to a think request (already parsed); raises Refused."""
    _fields(data, FIELDS)
    spec = _bot_spec(data)
    seed = _int(data, "seed", 0, MAX_SEED)
    budget = _budget(data)
    game, seat = _to_move(data)
    try:
        bot = make_bot(spec, seed=seed)
    except BotSpecError as e:
        raise Refused(str(e), "bot") from None
    # The bot's copy draws from chance of its own: the real draws are the page's (I11).
    view = game.view(seat, chance=SeededChance(seed))
    actions: list[str] = []
    start = time.perf_counter()
    turn_over = False
    while True:
        # With the history: a bot sees that a game has stalled (caravan.bots.stalled).
        action = bot.act(view.copy(chance=SeededChance(seed)), budget)
        bag = view.bag_count
        try:
            view.push(action)
        except CaravanError as e:
            raise Refused(f"the bot chose an illegal action, {action}: {e}", "illegal") from None
        actions.append(str(action))
        if isinstance(action, EndTurn) or view.is_over():
            turn_over = True
            break
        if view.bag_count != bag:  # a refill drew (R13, I6): the page draws for real
            break
    return {
        "version": VERSION,
        "id": data["id"],
        "actions": actions,
        "turn_over": turn_over,
        "think_ms": _since(start),
    }


def hint(data: dict[str, Any]) -> dict[str, Any]:
    """The answer to a hint request: the hard bot's whole turn for the seat
    to move, with what it gains and why (web/bots/advisor.py)."""
    _fields(data, HINT_FIELDS)
    seed = _int(data, "seed", 0, MAX_SEED)
    budget = _budget(data)
    game, seat = _to_move(data)
    start = time.perf_counter()
    try:
        out = advisor.hint(game, seat, seed=seed, budget=budget)
    except advisor.Illegal as e:
        raise Refused(str(e), "illegal") from None
    return {"version": VERSION, "id": data["id"], "type": "hint", **out, "think_ms": _since(start)}


def review(data: dict[str, Any]) -> dict[str, Any]:
    """The answer to a review request: one turn of a game judged (web/bots/advisor.py)."""
    _fields(data, REVIEW_FIELDS)
    seed = _int(data, "seed", 0, MAX_SEED)
    budget = _budget(data)
    game = _game(data)
    first = _int(data, "start", 0, len(game.history))
    judge = data.get("judge", True)
    if not isinstance(judge, bool):
        raise Refused("'judge' must be true or false")
    start = time.perf_counter()
    try:
        out = advisor.review_turn(game, first, judge=judge, seed=seed, budget=budget)
    except advisor.NotATurn as e:
        raise Refused(str(e), "request") from None
    return {"version": VERSION, "id": data["id"], "type": "review", **out, "think_ms": _since(start)}


def _since(start: float) -> float:
    return round((time.perf_counter() - start) * 1000, 1)


def _answer(data: dict[str, Any]) -> dict[str, Any]:
    kind = data.get("type", "think")
    if kind == "hint":
        return hint(data)
    if kind == "review":
        return review(data)
    if kind != "think":
        raise Refused(f"'type' must be one of {', '.join(KINDS)}")
    return think(data)


def _id(data: dict[str, Any]) -> object:
    value = data.get("id")
    return value if type(value) is int or (isinstance(value, str) and len(value) <= 64) else None


def answer(text: object) -> str:
    """The answer (JSON text) to one request (JSON text); never raises.

    An error answer is ``{"version", "id", "error", "kind"}`` with the reason in
    plain English words and its kind (``id`` null when the request had none the
    worker could read)."""
    rid: object = None
    try:
        data = _request(text)
        rid = _id(data)
        if data.get("version") != VERSION:
            raise Refused(f"the worker reads version {VERSION} of the messages only (docs/WORKER.md)")
        if rid is None:
            raise Refused("'id' must be a whole number or a short text")
        out = _answer(data)
    except Refused as e:
        out = {"version": VERSION, "id": rid, "error": str(e), "kind": e.kind}
    except Exception as e:  # a bug: answer plainly rather than leave the page waiting
        error = f"the bot failed: {type(e).__name__}: {e}"
        out = {"version": VERSION, "id": rid, "error": error, "kind": "failed"}
    return json.dumps(out, separators=(",", ":"))


def ready(start_ms: float | None = None) -> str:
    """The message the worker posts once it can think (docs/WORKER.md)."""
    message: dict[str, Any] = {"version": VERSION, "type": "ready", "python": sys.version.split()[0]}
    if start_ms is not None:
        message["start_ms"] = round(start_ms, 1)
    return json.dumps(message, separators=(",", ":"))
