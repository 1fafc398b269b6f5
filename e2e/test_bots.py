"""Bots' seats played in the browser (issue 12), through the contract
(docs/UI-CONTRACT.md: `#bot-status[data-bot-turn]`, `<html data-bot>`,
`#hint`, `data-hint`, `?bot_pace`, `?bot_budget`), judged by our own engine
replaying `data-record`.

Boots are few: a game against the hard bot is started from the form, the
person's first turn played by clicks and the bot's reply watched for long
tasks (in the timing pass, alone on the CPU); the same game, opened by a
link further along (the long middle played by the test's engine), is
reloaded in the middle of the bot's turn, gets a hint and is played to its
end fast through the same click handlers (in the main pass); a share link
with bot seats opens in a new context and goes on with them.
"""

from __future__ import annotations

import json
import random
import re

import pytest
from playwright.sync_api import Page, expect

from caravan import link, record
from caravan.actions import EndTurn, parse_action
from caravan.game import Game
from caravan.options import Options, Player
from caravan.playout import courier_action
from e2e.conftest import BOOT_MS, Tab, wait_ready_on
from e2e.driver import Driver

BOT_READY = "['ready', 'failed'].includes(document.documentElement.getAttribute('data-bot'))"
PERSON_OR_OVER = """() => {
  const h = document.documentElement;
  return h.getAttribute('data-screen') === 'over' || h.getAttribute('data-seat') === '0';
}"""
BOT_MS = 60_000  # a bot's whole turn on a loaded machine, the worker's start included
# Long main-thread tasks, and the moment the bot's answer was let through.
WATCH = """() => {
  window.__longTasks = [];
  new PerformanceObserver(list => {
    for (const e of list.getEntries()) {
      window.__longTasks.push([Math.round(e.startTime), Math.round(e.duration)]);
    }
  }).observe({ type: 'longtask', buffered: true });
  window.__answered = null;
  // The worker's answers are held until the test releases them: the bot's
  // turn (thought for real in the worker meanwhile) lasts as long as the
  // checks made while it thinks need, however fast the search was.
  const worker = caravanBot.worker, deliver = worker.onmessage;
  window.__held = [];
  window.__hold = true;
  worker.onmessage = e => { if (window.__hold) window.__held.push(e); else deliver(e); };
  window.__release = () => {
    window.__answered = performance.now();
    window.__hold = false;
    window.__held.splice(0).forEach(deliver);
  };
}"""
# A menu opened while the bot thinks: the app worker answers at once (the bot
# is on another thread), measured from the click to the new screen painted.
_SCREEN_AFTER_CLICK = """([button, screen]) => new Promise(resolve => {
  const html = document.documentElement;
  const t0 = performance.now();
  const seen = new MutationObserver(() => {
    if (html.getAttribute('data-screen') !== screen) return;
    seen.disconnect();
    const t1 = performance.now();
    resolve([t1 - t0, html.getAttribute('data-screen'), html.getAttribute('data-bot'), t1]);
  });
  seen.observe(html, { attributes: true });
  document.getElementById(button).click();
})"""
OPEN_HISTORY = f"() => ({_SCREEN_AFTER_CLICK})(['history-button', 'history'])"
CLOSE_HISTORY = f"() => ({_SCREEN_AFTER_CLICK})(['history-exit', 'game'])"


def _game(page: Page) -> Game:
    return Driver(page).game()


def _wait_for_person(page: Page) -> Game:
    page.wait_for_function(PERSON_OR_OVER, timeout=BOT_MS)
    return _game(page)


def _person_turn(page: Page, game: Game, rng: random.Random, *, clicks: bool = False) -> Game:
    """The person's whole turn by the courier policy; returns the game after its end."""
    driver = Driver(page)
    seat = game.seat
    while not game.is_over() and game.seat == seat:
        action = courier_action(game, rng)
        game = driver.perform(action, game) if clicks else Driver(page).fast(action, game)
    return game


def _bot_seats(game: Game) -> list[str | None]:
    return [p.bot for p in game.options.players]


def _further_along(game: Game) -> Game:
    """The game played on here by the courier for both seats until 4 goods are left in
    the bag (the refill that triggers the end still to come, R13-R14: a few turns
    more, the bot's among them), to the person's turn."""
    game = record.from_dict(record.to_dict(game), chance_seed=4)
    rng = random.Random(4)
    while game.bag_count > 4 or game.seat != 0:
        game.push(courier_action(game, rng))
    assert not game.end_triggered()
    return game


@pytest.mark.timing
@pytest.mark.timeout(600)
def test_while_the_hard_bot_thinks_no_task_passes_50_ms_and_the_history_view_opens_at_once(
    shared_tab: Tab,
) -> None:
    """A person starts a game against the hard bot from the form (the bot's worker
    starting as soon as the bot is chosen) and plays the first turn by clicks;
    while the bot thinks, the page's thread has no task over 50 ms, and the
    history view opens and closes within 100 ms each. Its game goes on below."""
    tab = shared_tab
    page = tab.page
    tab.open("?seed=4&bot_pace=0&bot_budget=300")
    html = page.locator("html")
    page.locator("#player-count").select_option("2")
    page.locator('[data-player-name="0"]').fill("Ann")
    assert html.get_attribute("data-bot") == "off" and page.evaluate("caravanBot.worker") is None
    # A bot chosen on the form starts its worker, before the game does (docs/WORKER.md).
    page.locator('[data-seat-type="1"]').select_option("hard")
    expect(html).to_have_attribute("data-bot", re.compile("loading|ready"))
    assert page.evaluate("caravanBot.worker !== null") and html.get_attribute("data-screen") == "new-game"
    page.locator("#start-player").select_option("0")
    page.locator("#start-game").click()
    expect(page.locator("html")).to_have_attribute("data-screen", "game")
    game = _game(page)
    assert _bot_seats(game) == [None, "hard"] and game.seat == 0
    expect(page.locator("#bot-status")).to_have_attribute("data-bot-turn", "idle")
    page.wait_for_function(BOT_READY, timeout=BOOT_MS)
    rng = random.Random(4)

    # The person's first turn by clicks; the bot then thinks, off the page's thread.
    page.evaluate(WATCH)
    game = _person_turn(page, game, rng, clicks=True)
    start = page.evaluate("performance.now()")
    expect(page.locator("#bot-status")).to_have_attribute("data-bot-turn", "thinking")
    expect(page.locator("#bot-text")).to_contain_text("is thinking")
    assert page.locator("#end-turn").is_disabled() and page.locator("#board [data-select]").count() == 0
    assert page.locator("#undo").text_content() == "Undo the end of your turn and the bots' replies"
    # The two clicks on the history view are tasks of the page's own redraw, bounded
    # here at 100 ms each; the long tasks below are checked outside them.
    clicks_from = page.evaluate("performance.now()")
    ms, shown, bot, _ = page.evaluate(OPEN_HISTORY)
    assert shown == "history" and bot == "thinking", (shown, bot)
    assert ms < 100, f"the history view took {ms:.0f} ms to open while the bot thought"
    ms, _, _, clicks_to = page.evaluate(CLOSE_HISTORY)
    assert ms < 100, f"the game screen took {ms:.0f} ms to come back while the bot thought"
    expect(page.locator("#bot-status")).to_have_attribute("data-bot-turn", "thinking")
    page.wait_for_function("window.__held.length > 0", timeout=BOT_MS)  # the worker has answered
    page.evaluate("window.__release()")
    game = _wait_for_person(page)
    assert game.seat == 0 and game.history[-1].seat == 1 and isinstance(game.history[-1].action, EndTurn)
    answered = page.evaluate("window.__answered")
    assert answered is not None and answered > start
    during = [
        (t, d)
        for t, d in page.evaluate("window.__longTasks")
        if start <= t < answered and not clicks_from <= t <= clicks_to
    ]
    assert during == [], f"main-thread tasks over 50 ms while the bot thought: {during}"


def _started() -> Game:
    """The game the form starts above (Ann against the hard bot, Ann first),
    after Ann's first turn and the bot's reply, played by the courier here."""
    players = (Player("Ann", "yellow"), Player("Bo", "black", "hard"))
    game = Game(Options(players=players, start=0), seed=4)
    rng = random.Random(4)
    while game.turn <= 2:
        game.push(courier_action(game, rng))
    return game


@pytest.mark.timeout(600)
def test_a_game_against_the_hard_bot_resumes_mid_turn_after_a_reload_gives_a_hint_and_ends(
    shared_tab: Tab,
) -> None:
    """The rest of the game above, outside the timing pass (nothing here bounds
    a time): opened by a link, then by a link to it further along (the long
    middle played by the courier here), which the page takes; reloaded in
    the middle of the bot's turn; a hint played; the game played to its end
    with the bot replying every turn."""
    tab = shared_tab
    page = tab.page
    game = _started()
    tab.open("?bot_pace=0&bot_budget=300#" + link.encode(game))
    page.wait_for_function("location.hash === ''")
    assert _game(page).state_key() == game.state_key() and game.seat == 0
    page.wait_for_function(BOT_READY, timeout=BOOT_MS)
    page.evaluate(WATCH)
    rng = random.Random(4)
    game = _further_along(game)
    page.evaluate("text => { location.hash = text; }", link.encode(game))
    page.wait_for_function("location.hash === ''")
    expect(page.locator("#note")).to_contain_text("further along")
    assert _game(page).state_key() == game.state_key() and _bot_seats(game) == [None, "hard"]

    # Reloaded in the middle of the bot's turn (its answer held): the game
    # comes back and the bot's turn starts by itself, with a short budget from
    # now on (40 ms).
    page.evaluate("window.__hold = true")
    game = _person_turn(page, game, rng)
    key = game.state_key()
    page.goto(tab.base_url + "?bot_pace=0&bot_budget=40")
    wait_ready_on(page)
    resumed = _game(page)
    assert resumed.state_key() == key or len(resumed.history) > len(game.history)
    game = _wait_for_person(page)
    assert game.history[len(resumed.history) - 1].action == resumed.history[-1].action
    assert game.seat == 0 and _bot_seats(game) == [None, "hard"]

    # A hint: the hard bot's action, marked on the page, said, played with one click.
    page.locator("#hint").focus()
    page.keyboard.press("Enter")  # asked from the keyboard: focus goes on to "Play it"
    hint = page.locator("#hint-text")
    expect(hint).to_have_attribute("data-hint", re.compile(r".+"))
    page.wait_for_function("document.activeElement && document.activeElement.id === 'hint-play'")
    notation = str(hint.get_attribute("data-hint"))
    assert game.is_legal(parse_action(notation)), notation
    expect(hint).to_contain_text("Hint: ")
    marked = page.locator('[data-hint="true"]')
    assert marked.count() >= 1
    assert {marked.nth(i).get_attribute("data-action") for i in range(marked.count())} == {notation}
    old = Driver(page).record()
    page.locator("#hint-play").click()
    page.wait_for_function("old => document.documentElement.getAttribute('data-record') !== old", arg=old)
    game = _game(page)
    assert str(game.history[-1].action) == notation

    # The rest of the game, fast; the bot replies every time.
    turns = 0
    while not game.is_over():
        assert turns < 200, "the game did not end"
        if game.seat == 0:
            game = _person_turn(page, game, rng)
        game = _wait_for_person(page)
        turns += 1
    expect(page.locator("html")).to_have_attribute("data-screen", "over")
    expect(page.locator('[data-final-seat="0"] [data-field="hints"]')).to_have_text("1")
    assert json.loads(Driver(page).record())["options"]["players"][1]["bot"] == "hard"


def _linked_game() -> Game:
    """A 3-seat game, a person against two bots, left where the first bot is to move."""
    players = (Player("Ann", "yellow"), Player("Bo", "black", "easy"), Player("Cy", "orange", "medium"))
    game = Game(Options(players=players, short=True, start=0), seed=12)
    rng = random.Random(12)
    while game.seat == 0:
        game.push(courier_action(game, rng))
    return game


@pytest.mark.timeout(300)
def test_a_link_with_bot_seats_opens_in_a_new_context_and_the_bots_play_on(tab: Tab) -> None:
    game = _linked_game()
    page = tab.page
    page.goto(tab.base_url + "?bot_pace=0&bot_budget=40#" + link.encode(game))
    wait_ready_on(page)
    opened = _game(page)
    assert opened.state_key() == game.state_key() or len(opened.history) > len(game.history)
    after = _wait_for_person(page)
    assert _bot_seats(after) == [None, "easy", "medium"]
    played = after.history[len(game.history) :]
    assert {s.seat for s in played} == {1, 2}, "both bots played their turns, one after the other"
    assert [s.action for s in after.history[: len(game.history)]] == [s.action for s in game.history]
