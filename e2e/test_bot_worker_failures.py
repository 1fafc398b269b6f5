"""A bot worker that fails after it started (docs/WORKER.md, "Deadlines"): silent, closed,
never ready, or answering what cannot be an answer. The page never waits for ever: the
bot's status says why in plain words (never the word "worker"), with Try again, which
starts a new worker; a stray error event from a worker that answers changes nothing.

An init script replaces the page's `Worker` for the bot's script only, as
e2e/test_bot_worker.py counts them: the first bot workers are fakes scripted by the
test's modes, one a worker in turn, any later one the real worker."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from caravan import Game, link, parse_action
from caravan.options import Options, Player
from caravan.record import dumps
from e2e.conftest import BOOT_MS, Tab

FAKE_WORKER = """
(() => {
  const MODES = %s;  // the first bot workers' modes, in turn; any later one is the real worker
  const ACTIONS = %s;  // 'past-the-turn': the bot's turn, then the next seat's actions
  const NativeWorker = window.Worker;
  window.__botWorkers = 0;
  // #bot-text each time #bot-status turns "failed" (a frame of the page's each time).
  window.__failures = [];
  let failed = false;
  new MutationObserver(() => {
    const status = document.getElementById('bot-status');
    const now = !!status && status.getAttribute('data-bot-turn') === 'failed';
    if (now && !failed) window.__failures.push(document.getElementById('bot-text').textContent);
    failed = now;
  }).observe(document, { subtree: true, childList: true, attributeFilter: ['data-bot-turn'] });
  window.Worker = function (url, options) {
    if (!String(url).includes('bot-worker')) return new NativeWorker(url, options);
    window.__botWorkers += 1;
    const MODE = MODES[window.__botWorkers - 1] || 'real';
    if (MODE === 'real' || MODE === 'stray-error') {
      const real = new NativeWorker(url, options);
      if (MODE === 'stray-error') {
        // An error event once it is ready, as an uncaught error in a timer of it would give.
        real.addEventListener('message', () => setTimeout(() => {
          if (real.onerror) real.onerror(new ErrorEvent('error', { message: 'stray' }));
        }, 0), { once: true });
      }
      return real;
    }
    const fake = { onmessage: null, onerror: null, closed: false, terminate() { fake.closed = true; } };
    const send = (data) => setTimeout(() => {
      if (!fake.closed && fake.onmessage) fake.onmessage({ data });
    }, 0);
    if (MODE !== 'never-ready') send(JSON.stringify({ version: 2, type: 'ready', python: 'fake' }));
    fake.postMessage = (text) => {
      const id = JSON.parse(text).id;
      const turn = { actions: ['end'], turn_over: true, think_ms: 1 };
      if (MODE === 'closes') setTimeout(() => { fake.closed = true; }, 0);  // after its ready
      else if (MODE === 'not-text') send({ version: 2, id, ...turn });
      else if (MODE === 'too-long') {
        send(JSON.stringify({ version: 2, id, ...turn, pad: 'x'.repeat(100001) }));
      }
      else if (MODE === 'other-version') send(JSON.stringify({ version: 3, id, ...turn }));
      else if (MODE === 'past-the-turn') send(JSON.stringify({ version: 2, id, ...turn, actions: ACTIONS }));
      else if (MODE === 'wrong-id') send(JSON.stringify({ version: 2, id: id + 1000, ...turn }));
      // 'silent', 'never-ready': nothing, ever
    };
    return fake;
  };
})();
"""
# The grace over a request's work for the fakes: seconds, not the page's 20.
QUERY = "?bot_pace=0&bot_budget=40&bot_timeout=1500"


def _bot_to_move() -> Game:
    """A new game whose first turn is an easy bot's: the page asks for it at once."""
    first, second = Options().players
    bot = Player(second.name, second.colour, "easy")
    return Game(Options(players=(first, bot), short=True, start=1), seed=4)


def _said(tab: Tab) -> None:
    """The page's console warning that the bot cannot play is expected: drop it."""
    tab.log.console[:] = [(k, t) for k, t in tab.log.console if "the bot cannot play" not in t]


def _open(tab: Tab, modes: list[str], query: str = QUERY, actions: list[str] | None = None) -> None:
    tab.page.add_init_script(FAKE_WORKER % (json.dumps(modes), json.dumps(actions or [])))
    tab.open(query + "#" + link.encode(_bot_to_move()))


# Each way a worker fails, and what the bot's status says of it.
FAILURES = (
    ("silent", "the computer player stopped answering"),
    ("closes", "the computer player stopped answering"),
    ("never-ready", "the computer player did not start"),
    ("not-text", "its answer was not understood"),
    ("too-long", "its answer was not understood"),
    ("other-version", "its answer was not understood"),
    ("wrong-id", "its answer was not understood"),
)


def _past_the_turn() -> tuple[list[str], list[str], Game]:
    """The bot's first turn, that turn then the person's first action (an answer
    that holds more than the bot's turn), and the position after the bot's turn."""
    game = _bot_to_move()
    turn = [str(next(a for a in game.legal_actions() if str(a).startswith("@"))), "end"]
    after = game.copy()
    for text in turn:
        after.push(parse_action(text))
    theirs = [str(next(a for a in after.legal_actions() if str(a).startswith("@")))]
    return turn, turn + theirs, after


@pytest.mark.timeout(300)
def test_a_worker_without_a_usable_answer_ends_the_wait_in_plain_words(own_page_tab: Tab) -> None:
    """Every way of failing in turn on one booted page: the first bot worker fails the
    first way, and each Try again starts a new worker that fails the next way. The
    last Try again's worker answers the bot's turn and then the person's first action:
    the page plays the bot's turn and stops there, the person to move with all their
    actions."""
    turn, answer, after = _past_the_turn()
    modes = [mode for mode, _ in FAILURES] + ["past-the-turn"]
    _open(own_page_tab, modes, QUERY + "&bot_start_timeout=1500", actions=answer)
    page = own_page_tab.page
    for n, (mode, words) in enumerate(FAILURES, start=1):
        if n > 1:
            page.locator("#bot-retry").click()
        page.wait_for_function("n => window.__failures.length >= n", arg=n, timeout=15_000)
        assert page.evaluate("[window.__botWorkers, window.__failures.length]") == [n, n], mode
        text = page.evaluate("window.__failures.at(-1)")
        assert text == f"The bot could not play: {words}", (mode, text)
        expect(page.locator("#bot-status")).to_have_attribute("data-bot-turn", "failed")
        expect(page.locator("html")).to_have_attribute("data-bot", "failed")
        assert page.locator("#bot-text").inner_text() == text, mode
        assert "worker" not in page.locator("#screen").inner_text().lower(), mode
        expect(page.locator("#bot-retry")).to_be_visible()
    _said(own_page_tab)
    page.locator("#bot-retry").click()
    html = page.locator("html")
    expect(html).to_have_attribute("data-seat", "0", timeout=15_000)
    expect(html).to_have_attribute("data-bot", "ready")
    played = json.loads(html.get_attribute("data-record") or "{}")["history"]
    assert played == turn, played
    assert html.get_attribute("data-left") == str(after.left)
    assert page.evaluate("window.__botWorkers") == len(modes)


def test_try_again_starts_a_new_worker_and_the_bot_plays_through_a_stray_error_event(
    own_page_tab: Tab,
) -> None:
    """The first worker is silent; Try again's is the real one, which gets an error event
    once it is ready (as an uncaught error in a timer of it would): that changes nothing,
    no other worker is started, and the bot's turn is played."""
    _open(own_page_tab, ["silent", "stray-error"])
    page = own_page_tab.page
    expect(page.locator("#bot-status")).to_have_attribute("data-bot-turn", "failed", timeout=15_000)
    page.locator("#bot-retry").click()
    expect(page.locator("html")).to_have_attribute("data-seat", "0", timeout=BOOT_MS)
    assert page.evaluate("[window.__botWorkers, window.__failures.length]") == [2, 1]
    expect(page.locator("html")).to_have_attribute("data-bot", "ready")
    _said(own_page_tab)


def test_the_worker_refuses_bot_options_the_page_never_sends(own_page_tab: Tab) -> None:
    """`hard:iterations=1e9` would keep the worker busy for hours: only the strengths the
    page seats are played, and this one is refused at once, kind `bot`."""
    own_page_tab.open("?seed=3&autostart=2")
    page = own_page_tab.page
    game = Game(Options(short=True), seed=3)
    ask = {"record": dumps(game), "seat": game.seat, "bot": "hard:iterations=1000000000", "seed": 1}
    page.evaluate(
        "text => { window.__answer = null; caravanBot.think(text).then(a => { window.__answer = a; }); }",
        json.dumps(ask),
    )
    page.wait_for_function("window.__answer !== null", timeout=BOOT_MS)
    answer = json.loads(page.evaluate("window.__answer"))
    assert "without options" in answer["error"], answer
    expect(page.locator("html")).to_have_attribute("data-bot", "ready")
