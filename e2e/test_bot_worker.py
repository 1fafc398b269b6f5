"""The bot worker in the browser (docs/WORKER.md): started only when a bot may play (at boot,
before drawing, for a game with a bot's seat; never for a game of people until a request
comes), under the enforced CSP and thinking off the page's thread (offline:
e2e/test_offline.py).

Driven through the contract: `<html data-bot>` and the test entry
`caravanBot.think(json)` (docs/UI-CONTRACT.md). The positions are real games
played here by the courier bot; every answer is replayed with our own engine."""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import Page, Route, expect

from caravan import Game, Options, link, parse_action
from caravan.bots import make_bot
from caravan.options import Player
from caravan.record import dumps
from e2e.conftest import BOOT_MS, Tab
from e2e.harness import WATCH_LONG_TASKS

BOT_READY = "['ready', 'failed'].includes(document.documentElement.getAttribute('data-bot'))"
ASK = """text => {
  window.__answer = null;
  caravanBot.think(text).then(a => { window.__answer = a; });
}"""
THINK_MS = 60_000
# Every Worker the page constructs, with what the page showed at that moment.
COUNT_WORKERS = """
window.__workers = [];
const NativeWorker = window.Worker;
window.Worker = function (url, options) {
  const html = document.documentElement;
  // The bot's workers only: the app worker starts with every page (docs/WORKER.md).
  if (String(url).includes('bot-worker')) {
    const ready = html.getAttribute('data-ready');
    const painted = html.getAttribute('data-painted');
    window.__workers.push({ screen: html.getAttribute('data-screen'), painted, ready });
  }
  return new NativeWorker(url, options);
};
window.Worker.prototype = NativeWorker.prototype;
"""
# Appended to the worker's script by the first test: an eval once it runs.
EVAL_IN_WORKER = """
setTimeout(() => { try { eval("1"); } catch (e) { /* refused, and reported */ } }, 0);
"""


def _with_an_eval(route: Route) -> None:
    response = route.fetch()
    route.fulfill(response=response, body=response.body() + EVAL_IN_WORKER.encode())


def _position(seed: int, actions: int) -> Game:
    """A position of a real game: the courier bot plays both seats for a while."""
    game = Game(Options(short=True), seed=seed)
    bot = make_bot("courier", seed=seed)
    for _ in range(actions):
        game.push(bot.act(game.view(game.seat)))
    return game


def _bot_game() -> Game:
    """A new 2-player game with a hard bot's seat, the person to move: the page asks nothing itself."""
    first, second = Options().players
    return Game(
        Options(players=(first, Player(second.name, second.colour, "hard")), short=True, start=0), seed=3
    )


def _think(page: Page, game: Game, bot: str, budget_ms: int | None = None) -> dict[str, Any]:
    request = {"record": dumps(game), "seat": game.seat, "bot": bot, "seed": 5, "budget_ms": budget_ms}
    page.evaluate(ASK, json.dumps(request))
    page.wait_for_function("window.__answer !== null", timeout=THINK_MS)
    answer: dict[str, Any] = json.loads(page.evaluate("window.__answer"))
    return answer


def _legal_turn(game: Game, answer: dict[str, Any]) -> None:
    """The answer is the bot's turn: legal actions, in order, ending it (or stopped by a refill, I6)."""
    assert "error" not in answer, answer
    seat = game.seat
    assert answer["actions"], answer
    for text in answer["actions"]:
        game.push(parse_action(text))  # raises on an illegal action
    if answer["turn_over"]:
        assert game.is_over() or game.seat != seat


@pytest.mark.timing
@pytest.mark.timeout(600)
def test_the_bot_thinks_in_a_worker_under_its_own_csp_off_the_pages_thread(tab: Tab) -> None:
    """Offline, the bot plays from the service worker's cache: e2e/test_offline.py
    (its worker started for the first time with the network off)."""
    worker_responses: list[Any] = []
    tab.page.on("response", lambda r: worker_responses.append(r) if "/bot-worker." in r.url else None)
    # The worker's script as served, with an eval attempted once it runs: its
    # own CSP must refuse it, and the worker must report that to the page.
    tab.page.route("**/bot-worker.*", _with_an_eval, times=1)
    # A game with a bot's seat, opened by link: its worker starts at boot, before the
    # first screen is drawn (the board first-paint.js painted before Python still shown),
    # though nothing asks it anything yet.
    tab.page.add_init_script(COUNT_WORKERS)
    tab.open("?seed=3#" + link.encode(_bot_game()))
    assert tab.page.evaluate("window.__workers") == [{"screen": "game", "painted": "game", "ready": None}]
    tab.page.wait_for_function(BOT_READY, timeout=BOOT_MS)
    expect(tab.page.locator("html")).to_have_attribute("data-bot", "ready")

    # The worker is our own script, served with a CSP of its own (netlify.toml):
    # Pyodide's WebAssembly, and no eval.
    (response,) = worker_responses
    policy = response.header_value("content-security-policy") or ""
    assert "'wasm-unsafe-eval'" in policy and "'unsafe-eval'" not in policy, policy
    # The worker posted its report before its "ready" (messages keep their order).
    reported = [t for t in tab.log.csp_violations() if "in the bot worker" in t]
    assert len(reported) == 1 and "script-src" in reported[0], tab.log.console
    tab.log.console[:] = [(k, t) for k, t in tab.log.console if t not in reported]
    assert not tab.log.csp_violations()

    # A hard bot's turn for a real position, with a one-second budget: the page's
    # thread stays free (a search there would be one task of about a second). Three
    # actions to plan, so the search uses its whole second: with one action left it
    # can end in a tenth of one, before "thinking" is even seen (flaky under load).
    tab.page.evaluate(WATCH_LONG_TASKS)
    game = _position(seed=8, actions=30)
    request = {"record": dumps(game), "seat": game.seat, "bot": "hard", "seed": 5, "budget_ms": 1000}
    tab.page.evaluate(ASK, json.dumps(request))
    expect(tab.page.locator("html")).to_have_attribute("data-bot", "thinking")
    tab.page.wait_for_function("window.__answer !== null", timeout=THINK_MS)
    answer = json.loads(tab.page.evaluate("window.__answer"))
    expect(tab.page.locator("html")).to_have_attribute("data-bot", "ready")
    long_tasks = tab.page.evaluate("window.__longTasks")
    assert long_tasks == [], f"main-thread tasks over 50 ms while the bot thought: {long_tasks} ms"
    assert answer["think_ms"] > 0
    _legal_turn(game, answer)

    # The page answers a click while the bot thinks: the screen changes before the answer comes.
    tab.page.evaluate(ASK, json.dumps(request))
    expect(tab.page.locator("html")).to_have_attribute("data-bot", "thinking")
    tab.page.locator("#saved-button").click()
    expect(tab.page.locator("html")).to_have_attribute("data-screen", "saved")
    assert tab.page.evaluate("window.__answer") is None, "the page was blocked until the bot answered"
    tab.page.wait_for_function("window.__answer !== null", timeout=THINK_MS)


def test_a_game_of_people_starts_no_worker_until_a_request_and_one_that_cannot_load_fails(
    no_sw_page_tab: Tab,
) -> None:
    """A game between people boots with no worker (data-bot "off"); the first request
    starts it; a worker that cannot load is "failed", and requests get a plain error."""
    # No service worker: once it controls the page (clients.claim) it would serve the
    # worker's script from its cache, where the page's route cannot abort it.
    tab = no_sw_page_tab
    tab.page.route("**/bot-worker.*", lambda route: route.abort())
    tab.page.add_init_script(COUNT_WORKERS)
    tab.open("?seed=3&autostart=2")
    html = tab.page.locator("html")
    expect(html).to_have_attribute("data-screen", "game")
    assert html.get_attribute("data-bot") == "off" and tab.page.evaluate("window.__workers") == []
    answer = _think(tab.page, _position(seed=2, actions=3), "easy")
    assert answer["error"].startswith("the bot cannot play: the bot's script did not load"), answer
    assert len(tab.page.evaluate("window.__workers")) == 1
    expect(html).to_have_attribute("data-bot", "failed")
    # The aborted request is logged by the browser; nothing else may be.
    tab.log.check_on_close = False
    others = [e for e in tab.log.console_errors() if "bot-worker" not in e and "net::ERR_FAILED" not in e]
    assert not others, others
