"""The bot worker's protocol (web/bots/botworker.py, docs/WORKER.md), on CPython."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from caravan import Game, Options, parse_action, record
from caravan.actions import END_TURN
from caravan.bots import make_bot, stalled
from caravan.record import dumps
from web.bots import botworker

ROOT = Path(__file__).resolve().parent.parent.parent


def _game(seed: int = 5, actions: int = 0) -> Game:
    game = Game(Options(short=True), seed=seed)
    bot = make_bot("courier", seed=1)
    for _ in range(actions):
        game.push(bot.act(game.view(game.seat)))
    return game


def _ask(game: Game, **fields: Any) -> dict[str, Any]:
    request = {"version": 2, "id": 7, "record": dumps(game), "seat": game.seat, "bot": "medium", "seed": 3}
    request.update(fields)
    out: dict[str, Any] = json.loads(botworker.answer(json.dumps(request)))
    return out


def _play(game: Game, actions: list[str]) -> None:
    for text in actions:
        game.push(parse_action(text))


def test_a_turn_comes_back_as_legal_actions_ending_the_turn() -> None:
    game = _game(actions=9)
    seat = game.seat
    out = _ask(game)
    assert out["version"] == 2 and out["id"] == 7 and "error" not in out, out
    assert out["actions"] and out["think_ms"] >= 0
    _play(game, out["actions"])  # raises on an illegal action
    if out["turn_over"]:
        assert out["actions"][-1] == "end" or game.is_over()
        assert game.seat != seat or game.is_over()
    else:  # stopped after a refill (R13, I6): the draw was the page's
        assert game.seat == seat


def test_r14_in_a_stalled_game_the_workers_bot_acts_instead_of_passing() -> None:
    """The worker's bot sees the game's history: after two rounds of bare
    ends (caravan.bots.stalled) medium starts its turn with the courier's
    action, as in the arena; given the position alone, it passed again."""
    stall = ROOT / "tests" / "golden" / "stall-2p-casual-short.json"
    game = record.from_dict(json.loads(stall.read_text(encoding="utf-8")), chance_seed=5)
    ends = 2 * game.seats + 1
    for _ in range(ends):
        game.push(END_TURN)
    assert stalled(game)
    out = _ask(game)
    assert "error" not in out, out
    assert out["actions"][0] != "end"
    _play(game, out["actions"])


def test_every_built_in_bot_answers_over_many_positions() -> None:
    """Each answer is legal in the real game, in order, from any point of real games."""
    for seed in (1, 2):
        game = _game(seed=seed)
        for bot in ("easy", "medium", "hard"):
            for _ in range(4):
                if game.is_over():
                    break
                out = _ask(game, bot=bot, seed=seed)
                assert "error" not in out, (bot, out)
                _play(game, out["actions"])


def test_a_refill_stops_the_answer_after_the_action_that_drew() -> None:
    """I6: the refill happens mid-turn; the bot's sampled draw is not the page's."""
    stopped = 0
    game = _game(seed=11)
    while not game.is_over() and game.turn < 120:
        seat, bag = game.seat, game.bag_count
        out = _ask(game, bot="easy")
        for i, text in enumerate(out["actions"]):
            before = game.bag_count
            game.push(parse_action(text))
            if game.bag_count != before:
                assert i == len(out["actions"]) - 1 and not out["turn_over"], out
        if not out["turn_over"]:
            stopped += 1
            assert game.seat == seat and game.bag_count < bag
    assert stopped > 0, "no refill in the game: the case was not tested"


def test_the_same_request_gives_the_same_turn() -> None:
    """The record holds no draw to come (I11) and the worker replays it with fresh
    randomness each time: the same answer twice shows the bot never reads it."""
    game = _game(actions=14)
    bot = "hard"
    assert _ask(game, bot=bot)["actions"] == _ask(game, bot=bot)["actions"]


@pytest.mark.timing
def test_a_time_budget_is_a_deadline() -> None:
    game = _game(actions=12)
    out = _ask(game, bot="hard", budget_ms=50)
    assert "error" not in out
    assert out["think_ms"] < 2_000  # generous: 50 ms asked


@pytest.mark.parametrize(
    ("change", "words", "kind"),
    [
        ({"version": 3}, "version 2 of the messages only", "request"),
        ({"version": None}, "version 2 of the messages only", "request"),
        ({"bot": "nobody"}, "easy, medium, hard, without options", "bot"),
        ({"bot": "hard:colour=red"}, "without options", "bot"),
        ({"bot": "hard:iterations=1e9"}, "without options", "bot"),
        ({"bot": "hard:budget=3600"}, "without options", "bot"),
        ({"bot": "random"}, "without options", "bot"),
        ({"bot": "courier"}, "without options", "bot"),
        ({"bot": 5}, "without options", "bot"),
        ({"bot": "web.main:boot"}, "without options", "bot"),
        ({"bot": "caravan.bots:MediumBot"}, "without options", "bot"),
        ({"seat": 1}, "turn", "seat"),
        ({"seed": -1}, "'seed'", "request"),
        ({"seed": True}, "'seed'", "request"),
        ({"budget_ms": 0}, "'budget_ms'", "request"),
        ({"budget_ms": 10**9}, "'budget_ms'", "request"),
        ({"record": "{}"}, "record cannot be read", "record"),
        ({"record": 5}, "'record'", "record"),
        ({"colour": "red"}, "colour", "request"),
    ],
)
def test_a_bad_request_gets_a_plain_error_with_its_id(change: dict[str, Any], words: str, kind: str) -> None:
    """The English reason for logs, and its kind for the page's own words (docs/WORKER.md)."""
    game = _game(actions=3)
    if change.get("seat") == 1:
        change = {"seat": 1 - game.seat}
    out = _ask(game, **change)
    assert set(out) == {"version", "id", "error", "kind"}, out
    assert out["id"] == 7 and out["version"] == 2
    assert words in out["error"], out["error"]
    assert out["kind"] == kind, out


@pytest.mark.parametrize("text", ["", "[]", "nope", "[" * 50 + "]" * 50, '{"id": 1}', "x" * 300_000, None, 5])
def test_junk_gets_an_error_never_an_exception(text: object) -> None:
    out = json.loads(botworker.answer(text))
    assert out["version"] == 2 and out["error"], out
    assert out["id"] in (None, 1)


def test_a_finished_game_has_no_turn_to_play() -> None:
    game = _game(seed=4)
    bot = make_bot("courier", seed=2)
    while not game.is_over():
        game.push(bot.act(game.view(game.seat)))
    out = _ask(game)
    assert "game is over" in out["error"] and out["kind"] == "over"


def test_the_ready_message_is_versioned() -> None:
    message = json.loads(botworker.ready(1234.56))
    assert message["version"] == botworker.VERSION and message["type"] == "ready"
    assert message["start_ms"] == 1234.6 and message["python"]
