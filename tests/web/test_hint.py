"""A hint is the hard bot's whole turn (issue 26), on CPython with the real
protocol (tests/web/thinker.py): numbered on the board and in words, its
gain, played one action at a time with "Play it", dropped with a word when
the game leaves its path (a refill, R13; another action)."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from html import unescape

from caravan.game import Game
from caravan.options import Options, Player
from caravan.playout import courier_action
from web.app.hint import TurnHint
from web.app.hint_view import step_marks
from web.bots import advisor

from .thinker import FakeThinker, bot_app

ANN = Player("Ann", "yellow")


def _hint_app(actions: list[str] | None = None) -> tuple[object, FakeThinker]:
    app, thinker, _clock, _ = bot_app(FakeThinker())
    app.play.hints.budget_ms = 40
    app.start(Options(players=(ANN, Player("Bo", "black", "easy")), short=True, start=0))
    if actions is not None:  # a canned hint: the worker's answer as the protocol carries it
        fields = {"delivered": 3, "markers": 1, "gain": 2.46, "expected": 5.0, "reasons": []}

        def canned(text: str) -> str:
            rid = json.loads(text)["id"]
            return json.dumps({"version": 2, "id": rid, "type": "hint", "actions": actions, **fields})

        thinker.adviser = canned
    return app, thinker


def test_the_whole_turn_is_numbered_on_the_board_and_in_words_and_played_action_by_action() -> None:
    app, _thinker = _hint_app()
    app.ask_hint()  # type: ignore[attr-defined]
    game: Game = app.game  # type: ignore[attr-defined]
    hint = app.play.hints.shown  # type: ignore[attr-defined]
    assert (hint is not None and hint.actions[-1] == "end") or game.is_over()
    markup = unescape(app.view().markup)  # type: ignore[attr-defined]
    steps = re.findall(r'<li data-hint-step="(\d)" data-step-action="([^"]+)"', markup)
    assert [a for _, a in steps] == list(hint.actions)
    assert f'data-hint-turn="{" ".join(hint.actions)}"' in markup
    marked = re.findall(r'class="hint-step[^"]*" data-hint-step="(\d)"', markup)
    assert marked and set(marked) <= {n for n, _ in steps}  # every action but "end" acts on a square
    assert 'id="hint-gain"' in markup and "expected worth" in markup
    # "Play it", then "Play action 2", ... to the end of the turn.
    for k, notation in enumerate(hint.actions):
        markup = app.view().markup  # type: ignore[attr-defined]
        assert f'id="hint-play" data-action="{notation}"' in markup, (k, notation)
        assert f'data-played="{k}"' in markup
        app.act(notation)  # type: ignore[attr-defined]
        if app.play.confirming:  # type: ignore[attr-defined]
            app.confirm_end(True)  # type: ignore[attr-defined]
        if game.history[-1].draws and k + 1 < len(hint.actions):
            assert "refill drew goods" in app.view().markup  # type: ignore[attr-defined]
            return
    assert [str(s.action) for s in game.history[-len(hint.actions) :]] == list(hint.actions)
    assert 'id="hint-turn"' not in app.view().markup  # type: ignore[attr-defined]
    assert app.play.hints.used[0] == 1  # type: ignore[attr-defined]


def test_another_action_drops_the_rest_of_the_hint_with_a_word() -> None:
    app, _thinker = _hint_app(["@b1", "end"])
    app.ask_hint()  # type: ignore[attr-defined]
    game: Game = app.game  # type: ignore[attr-defined]
    markup = unescape(app.view().markup)  # type: ignore[attr-defined]
    assert "Scores 4 points now; expected worth of the turn: +2.5 points." in markup
    assert app.play.hints.current(game) == "@b1"  # type: ignore[attr-defined]
    app.act("@a1")  # type: ignore[attr-defined]
    markup = app.view().markup  # type: ignore[attr-defined]
    assert 'id="hint-dropped"' in markup and "You played something else" in markup
    assert 'id="hint-turn"' not in markup
    app.play.hints.reset()  # type: ignore[attr-defined]
    app.act("end")  # type: ignore[attr-defined]
    assert 'id="hint-dropped"' not in app.view().markup  # type: ignore[attr-defined]


def test_a_refill_drops_the_rest_of_the_hint() -> None:
    """R13: a refill draws goods the hint could not know of (I11)."""
    game = Game(Options(short=True), seed=4)
    rng = random.Random(4)
    while True:
        action = courier_action(game, rng)
        copy = game.copy()
        copy.push(action)
        if copy.history[-1].draws and not copy.is_over() and copy.seat == game.seat:
            break
        game.push(action)
    hints = __import__("web.app.hint", fromlist=["Hints"]).Hints()
    hints.shown = TurnHint(game.seat, (str(action), "end"), 0, 0, 0.0, 0.0, ())
    hints.base = (id(game), len(game.history), id(game.history[-1]) if game.history else None)
    assert hints.current(game) == str(action)
    game.push(action)
    assert hints.current(game) is None and "refill" in hints.dropped(game)


def test_the_marks_stand_where_each_action_acts_side_by_side_on_one_square() -> None:
    marks = step_marks(["@c6", "c6-d5", "+d5", "end"], done=1)
    found = re.findall(r'class="hint-step( done)?" data-hint-step="(\d)" data-on-square="(\w\d)"', marks)
    assert found == [(" done", "1", "c6"), ("", "2", "d5"), ("", "3", "d5")]
    xs = re.findall(r'data-on-square="d5"><circle cx="([\d.]+)"', marks)
    assert len(set(xs)) == 2


def test_the_worker_answers_a_hint_request_with_the_hard_bots_turn() -> None:
    from caravan.record import dumps
    from web.bots import botworker

    game = Game(Options(short=True), seed=3)
    request = {
        "version": 2,
        "id": 1,
        "type": "hint",
        "record": dumps(game),
        "seat": 0,
        "seed": 1,
        "budget_ms": 40,
    }
    out = json.loads(botworker.answer(json.dumps(request)))
    assert out["type"] == "hint" and out["actions"][-1] == "end", out
    assert {"delivered", "markers", "gain", "expected", "reasons", "think_ms"} <= set(out)
    bad = json.loads(botworker.answer(json.dumps({**request, "bot": "hard"})))
    assert bad["kind"] == "request"  # a hint is always the hard bot's: no "bot" field
    assert advisor.turn_line(game, ()) == []


def test_issue28_a_failed_hint_says_why_in_the_pages_words_and_a_bad_action_is_the_bots() -> None:
    """In any language a hint that fails says why in the page's words, as a
    bot's failed turn does (docs/WORKER.md, "kind": never the worker's English);
    an action the rules refuse is quoted as what the rules told the bot."""
    from tests.translations import outside_brackets, pseudo
    from web.words import i18n

    def answer(**fields: object) -> Callable[[str], str]:
        return lambda text: json.dumps({"version": 2, "id": json.loads(text)["id"], "type": "hint", **fields})

    fails = {
        "garbled": lambda text: "not json",
        "worker error": answer(error="the bot cannot play: out of memory", kind="failed"),
        "unknown kind": answer(error="the bot cannot play: boom", kind="weird"),
        "no fields": answer(actions=["end"]),
        "illegal": answer(actions=["b2-d5", "end"], delivered=0, markers=0, gain=0, expected=0, reasons=[]),
    }
    try:
        for case, adviser in fails.items():
            app, thinker = _hint_app()
            app.set_language("xx", pseudo())  # type: ignore[attr-defined]
            thinker.adviser = adviser
            app.ask_hint()  # type: ignore[attr-defined]
            m = re.search(r'<p id="hint-error"[^>]*>([^<]*)</p>', app.view().markup)  # type: ignore[attr-defined]
            assert m is not None, case
            said = unescape(m[1])
            assert not outside_brackets([said]), (case, said)
            assert "cannot play" not in said and "boom" not in said and "memory" not in said
        assert "b2-d5" in said and "“⟦" in said  # the refusal ("you have no camel…") is quoted
    finally:
        i18n.use(None)
