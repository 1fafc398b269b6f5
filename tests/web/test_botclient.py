"""The page's side of the bot worker's messages (web/bots/botclient.py, docs/WORKER.md)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from web.bots import botworker
from web.bots.botclient import (
    DECISIONS,
    DEFAULT_WORK_MS,
    FAILED,
    GRACE_MS,
    LATE_MS,
    LOADING,
    OFF,
    READY,
    START_MS,
    THINKING,
    Answer,
    BotClient,
    Notice,
)


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


@pytest.mark.parametrize(
    "junk",
    [
        None,
        5,
        "",
        "nope",
        "[]",
        "[" * 40,
        json.dumps({"version": 3, "id": 1, "actions": ["end"], "turn_over": True}),
        json.dumps({"version": 2, "id": 99, "actions": ["end"], "turn_over": True}),
        json.dumps({"version": 2, "id": "1", "actions": ["end"], "turn_over": True}),
        json.dumps({"version": 2, "id": 1, "actions": ["end"], "turn_over": True, "pad": "x" * 100_000}),
    ],
)
def test_a_message_that_cannot_be_an_answer_gives_the_worker_up_and_fails_every_request(junk: object) -> None:
    """Not text, over 100k characters, another version, an id never asked: the page and
    the worker no longer understand each other. Left unanswered, the request would wait
    for ever; it gets the error at once, and so does every later one until a restart."""
    client = BotClient()
    client.receive(botworker.ready())
    got, on_answer = _collect()
    rid, _ = client.request("{}", 0, "hard", 1, on_answer)
    assert rid == 1
    notice = client.receive(junk)
    assert isinstance(notice, Notice) and notice.kind == "failed"
    assert [(a.id, a.kind) for a in got] == [(rid, "not_understood")] and client.state == FAILED
    assert client.receive(_answer(rid)) is None, "nothing a worker given up says counts"
    later, text = client.request("{}", 0, "hard", 1, on_answer)
    assert text is None and got[-1].id == later and got[-1].kind == "not_understood"


def test_an_answer_with_actions_that_are_not_text_fails_only_its_request() -> None:
    client = BotClient()
    _, on_answer = _collect()
    rid, _ = client.request("{}", 0, "hard", 1, on_answer)
    assert client.receive(_answer(rid, actions=[1, 2])) == Answer(
        rid, error="the bot's answer was not understood", kind="not_understood"
    )
    assert client.state == LOADING


def test_an_error_without_an_id_answers_the_oldest_request() -> None:
    """The worker answers in order: an error for a request it could not read is the oldest's."""
    client = BotClient()
    client.receive(botworker.ready())
    got, on_answer = _collect()
    first, _ = client.request("{}", 0, "hard", 1, on_answer)
    second, _ = client.request("{}", 0, "hard", 1, on_answer)
    client.receive(json.dumps({"version": 2, "id": None, "error": "junk", "kind": "request"}))
    assert [(a.id, a.kind) for a in got] == [(first, "request")] and client.state == THINKING
    client.receive(_answer(second))
    assert [a.id for a in got] == [first, second] and client.state == READY


class _Clock:
    def __init__(self) -> None:
        self.ms = 1000.0

    def __call__(self) -> float:
        return self.ms


def test_a_silent_worker_fails_its_requests_at_the_deadline_and_only_then() -> None:
    """The deadline is the request's work (budget_ms for each of a turn's five decisions,
    else 5 s) plus 20 s of grace, counted from when the worker can start on it: it
    answers one request at a time, so the second waits for the first's answer."""
    clock = _Clock()
    client = BotClient(clock)
    got, on_answer = _collect()
    client.launch()
    clock.ms += 30_000  # a slow phone's start: no deadline of a request runs yet
    client.receive(botworker.ready())
    first, _ = client.request("{}", 0, "hard", 1, on_answer, budget_ms=800)
    second, _ = client.request("{}", 0, "hard", 1, on_answer)
    assert client.deadline() == clock.ms + 800 * DECISIONS + GRACE_MS
    clock.ms += 800 * DECISIONS + GRACE_MS - 1
    assert client.expire() is False and got == []
    client.receive(_answer(first))
    assert client.deadline() == clock.ms + DEFAULT_WORK_MS + GRACE_MS
    clock.ms += DEFAULT_WORK_MS + GRACE_MS
    assert client.expire() is True
    assert [(a.id, a.kind) for a in got] == [(first, None), (second, "silent")]
    assert got[1].error == "the bot cannot play: the bot's worker stopped answering"
    assert client.state == FAILED and client.deadline() is None


def test_a_worker_that_never_gets_ready_fails_after_the_start_allowance() -> None:
    clock = _Clock()
    client = BotClient(clock)
    got, on_answer = _collect()
    client.launch()
    assert client.deadline() == clock.ms + START_MS
    clock.ms += START_MS - 1
    rid, _ = client.request("{}", 0, "hard", 1, on_answer)
    assert client.expire() is False
    clock.ms += 1
    assert client.expire() is True and [(a.id, a.kind) for a in got] == [(rid, "start")]


def test_a_deadline_checked_long_after_it_was_due_means_the_page_slept_and_waits_again() -> None:
    """A phone freezes a background tab's timers and its worker alike: on waking, the
    timer fires late, and the worker, frozen too, gets its time again."""
    clock = _Clock()
    client = BotClient(clock)
    client.receive(botworker.ready())
    _, on_answer = _collect()
    client.request("{}", 0, "hard", 1, on_answer, budget_ms=100)
    due = client.deadline()
    assert due is not None
    clock.ms = due + LATE_MS + 1
    assert client.expire() is False and client.state == THINKING
    assert client.deadline() == clock.ms + 100 * DECISIONS + GRACE_MS


def test_try_again_restarts_a_worker_given_up() -> None:
    clock = _Clock()
    client = BotClient(clock)
    got, on_answer = _collect()
    assert client.restart() is False, "nothing to restart"
    client.receive(botworker.ready())
    client.request("{}", 0, "hard", 1, on_answer)
    clock.ms += DEFAULT_WORK_MS + GRACE_MS
    assert client.expire() is True and client.restart() is True
    assert client.state == LOADING and client.restart() is False
    rid, text = client.request("{}", 0, "hard", 1, on_answer)
    assert text is not None
    client.receive(botworker.ready())
    client.receive(_answer(rid))
    assert got[-1] == Answer(rid, ("@c6", "end"), True, 12.5) and client.state == READY


def test_an_error_event_condemns_a_worker_only_before_it_is_ready() -> None:
    """boot.js reports the worker's error events; one from a worker that answers changes nothing."""
    client = BotClient()
    got, on_answer = _collect()
    client.receive(botworker.ready())
    rid, _ = client.request("{}", 0, "hard", 1, on_answer)
    stray = json.dumps({"version": 2, "type": "error", "error": "uncaught in a timer"})
    assert client.receive(stray) == Notice("error", "uncaught in a timer")
    assert client.state == THINKING
    client.receive(_answer(rid))
    assert got == [Answer(rid, ("@c6", "end"), True, 12.5)]
    fresh = BotClient()
    fresh.launch()
    event = {"version": 2, "type": "error", "error": "the bot's script did not load"}
    notice = fresh.receive(json.dumps(event))
    assert notice == Notice("failed", "the bot's script did not load") and fresh.state == FAILED


def test_a_csp_report_is_passed_on_and_changes_nothing() -> None:
    client = BotClient()
    text = json.dumps({"version": 2, "type": "csp", "error": "script-src blocked eval"})
    client.launch()
    assert client.receive(text) == Notice("csp", "script-src blocked eval")
    assert client.state == LOADING


def test_the_client_and_the_worker_speak_one_version() -> None:
    from web.bots import botclient

    assert botclient.VERSION == botworker.VERSION
