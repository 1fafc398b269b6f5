"""The page's side of the bot worker's messages (web/botclient.py, docs/WORKER.md)."""

from __future__ import annotations

import json
from typing import Any

from web import botworker
from web.botclient import FAILED, LOADING, OFF, READY, THINKING, Answer, BotClient, Notice


def _collect() -> tuple[list[Answer], Any]:
    got: list[Answer] = []
    return got, got.append


def _answer(rid: int, **fields: Any) -> str:
    return json.dumps(
        {"version": 2, "id": rid, "actions": ["@c6", "end"], "turn_over": True, "think_ms": 12.5, **fields}
    )


def test_readiness_goes_off_loading_ready_thinking_ready() -> None:
    """docs/WORKER.md: no worker until a bot may play; launched once."""
    client = BotClient()
    got, on_answer = _collect()
    assert client.state == OFF
    assert client.launch() is True and client.state == LOADING
    assert client.launch() is False, "started twice"
    assert client.receive(botworker.ready(2400.0)) == Notice("ready")
    assert client.state == READY and client.start_ms == 2400.0 and client.python
    rid, text = client.request("{}", 0, "hard", 3, on_answer, budget_ms=800)
    assert client.state == THINKING
    assert text is not None
    sent = json.loads(text)
    assert sent == {
        "version": 2,
        "id": rid,
        "record": "{}",
        "seat": 0,
        "bot": "hard",
        "seed": 3,
        "budget_ms": 800,
    }
    answer = client.receive(_answer(rid))
    assert answer == Answer(rid, ("@c6", "end"), True, 12.5) and got == [answer]
    assert client.state == READY


def test_a_request_made_before_the_worker_started_launches_it_and_is_answered_later() -> None:
    """The first request (a test's think, a hint in a game of people) starts the worker."""
    client = BotClient()
    got, on_answer = _collect()
    rid, text = client.request("{}", 1, "easy", 0, on_answer)
    assert text is not None and "budget_ms" not in json.loads(text)
    assert client.state == LOADING and client.launch() is False
    client.receive(botworker.ready())
    assert client.state == THINKING
    client.receive(_answer(rid))
    assert [a.id for a in got] == [rid] and client.state == READY


def test_a_forgotten_request_is_dropped_and_the_worker_still_counts_as_thinking() -> None:
    """The worker cannot be interrupted: its stale answer comes, and is dropped."""
    client = BotClient()
    client.receive(botworker.ready())
    got, on_answer = _collect()
    old, _ = client.request("{}", 0, "hard", 1, on_answer)
    client.forget(old)
    new, _ = client.request("{}", 0, "hard", 1, on_answer)
    assert client.receive(_answer(old)) is None
    assert got == [] and client.state == THINKING
    client.receive(_answer(new, actions=["end"]))
    assert [a.actions for a in got] == [("end",)] and client.state == READY


def test_an_error_answer_reaches_its_caller() -> None:
    client = BotClient()
    got, on_answer = _collect()
    rid, _ = client.request("{}", 0, "hard", 1, on_answer)
    client.receive(json.dumps({"version": 2, "id": rid, "error": "the record cannot be read"}))
    assert got == [Answer(rid, error="the record cannot be read")]
    assert json.loads(got[0].to_json()) == {"id": rid, "error": "the record cannot be read"}


def test_a_failed_worker_answers_every_request_at_once_with_the_reason() -> None:
    client = BotClient()
    got, on_answer = _collect()
    waiting, _ = client.request("{}", 0, "hard", 1, on_answer)
    notice = client.receive(json.dumps({"version": 2, "type": "failed", "error": "wasm blocked"}))
    assert notice == Notice("failed", "wasm blocked") and client.state == FAILED
    later, text = client.request("{}", 0, "hard", 1, on_answer)
    assert text is None
    assert [(a.id, a.error, a.kind) for a in got] == [
        (waiting, "the bot cannot play: wasm blocked", "unavailable"),
        (later, "the bot cannot play: wasm blocked", "unavailable"),
    ]


def test_messages_of_another_version_or_junk_are_ignored() -> None:
    client = BotClient()
    got, on_answer = _collect()
    rid, _ = client.request("{}", 0, "hard", 1, on_answer)
    assert got == []
    for junk in ("", "nope", "[]", "refused", json.dumps({"version": 3, "id": rid, "actions": []}), "[" * 40):
        assert client.receive(junk) is None
    assert client.receive(_answer(rid, actions=[1, 2])) == Answer(
        rid, error="the bot's answer was not understood", kind="not_understood"
    )
    assert client.state == LOADING


def test_a_csp_report_is_passed_on_and_changes_nothing() -> None:
    client = BotClient()
    text = json.dumps({"version": 2, "type": "csp", "error": "script-src blocked eval"})
    client.launch()
    assert client.receive(text) == Notice("csp", "script-src blocked eval")
    assert client.state == LOADING


def test_the_client_and_the_worker_speak_one_version() -> None:
    from web import botclient

    assert botclient.VERSION == botworker.VERSION
