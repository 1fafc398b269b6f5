"""Helpers shared by the saved-game, share-link and history browser tests."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

from caravan.advice import hint
from caravan.bots import Budget, make_bot
from caravan.game import Game
from caravan.options import Options, Player, default_players
from caravan.playout import courier_action
from caravan.review import Review, TurnReview, at, played_turn, review, turns, verdict
from e2e.conftest import BLANK, Tab, wait_ready_on
from e2e.driver import SETTLED, Driver
from web.app.saved import Saves
from web.app.storage import MemoryStorage

# Our keys: caravan:<path>:<id> (docs/UI-CONTRACT.md, "Saved games").
OUR_KEYS = "() => Object.keys(localStorage).filter(k => k.startsWith('caravan:'))"
STORAGE_OFF = """
Object.defineProperty(window, 'localStorage', {
  configurable: true,
  get() { throw new DOMException('The operation is insecure.', 'SecurityError'); },
});
"""
STORAGE_FULL = """
Storage.prototype.setItem = function () {
  throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
};
"""


def finished_game(seed: int = 3) -> Game:
    """A short 2-player game played to its end by the courier from ``seed``
    (its draws and its choices), as the page plays ``?seed=N&autostart=2&short=1``
    with the courier's actions; seed 3: two-digit scores in the panels and the
    final table, for the game-over screen."""
    return courier_until(seed, lambda game: False)


def medium_game(seed: int, players: tuple[Player, ...] | None = None) -> Game:
    """A short 2-player game (``players``: default_players(2)) played to its end by
    the medium bot for both seats, for the tests that run a whole review: the
    hard bot judges its plainer positions in under half the time it takes over
    the courier's (``finished_game``)."""
    game = Game(Options(players=players or default_players(2), short=True, start=0), seed=seed)
    bots = [make_bot("medium", seed=seed), make_bot("medium", seed=seed + 1)]
    while not game.is_over():
        game.push(bots[game.seat].act(game.view(game.seat)))
    return game


# The person whose turns a review judges, and the bot she played.
TO_REVIEW = (Player("Ann", "yellow"), Player("Bo", "black", "medium"))


def game_to_review() -> Game:
    """The finished game the review tests run a whole review of, in the browser
    (e2e/test_review.py) and in CPython (tests/web/test_review.py): Ann (a person,
    the only seat judged) against a medium bot, both seats played by the medium
    bot (``medium_game``, seed 36: 46 turns, 23 of them Ann's, costly turns up to
    4.9 points lost for the review to open in the history), which the judge gets
    through in 3.3 s of CPU in CPython against 5.5 s for seed 4's."""
    return medium_game(36, TO_REVIEW)


def courier_until(seed: int, until: Callable[[Game], bool], *, players: int = 2) -> Game:
    """A short game played by the courier from ``seed`` in CPython until
    ``until`` holds (or the game is over): the long stretch a browser test
    need not play through the page."""
    game, _ = courier_game(seed, until, players=players)
    return game


def courier_game(
    seed: int,
    until: Callable[[Game], bool] | None = None,
    *,
    turn: int = 1,
    actions: int = 0,
    short: bool = True,
    players: int = 2,
) -> tuple[Game, random.Random]:
    """The courier's game from ``seed`` (as ``finished_game``) up to the first
    position of ``turn`` (or until ``until`` holds), then ``actions`` actions
    more (or its end, if sooner), and the courier's generator there, to choose
    the actions that follow: the page shows that game from
    ``?seed=N&autostart=2`` (``&short=1``) after the same actions."""
    game = Game(Options(players=default_players(players), short=short), seed=seed)
    rng = random.Random(seed)
    while not game.is_over() and (not until(game) if until is not None else game.turn < turn):
        game.push(courier_action(game, rng))
    for _ in range(actions):
        if not game.is_over():
            game.push(courier_action(game, rng))
    return game, rng


# localStorage replaced by the given items but the ``keep`` keys (the page reads them when it boots next).
RESTORE = """([items, keep]) => {
  const kept = keep.map(k => [k, localStorage.getItem(k)]).filter(([k, v]) => v !== null);
  localStorage.clear(); sessionStorage.clear();
  for (const [k, v] of [...kept, ...Object.entries(items)]) localStorage.setItem(k, v); }"""


def open_at(tab: Tab, game: Game, query: str = "", *, keep: tuple[str, ...] = ()) -> None:
    """Boot the page on ``game``, saved as the game in progress (web.app.saved.Saves,
    as the page saves it), instead of bringing the page there action by action:
    for tests about what happens after a long stretch of play. Storage is
    emptied first but for the ``keep`` keys (a setting the test made). A
    record holds no draw to come (I11): the page draws any later refill afresh."""
    page = tab.page
    page.goto(tab.base_url + BLANK)  # its favicon.ico 404 is not recorded (conftest's Recorder)
    page.evaluate(RESTORE, [saved_storage(game, urlsplit(tab.base_url).path), list(keep)])
    tab.open(query)
    shown = Driver(page).game()
    assert shown.state_key() == game.state_key(), "the page did not resume the saved game"


def saved_storage(game: Game, path: str, name: str = "Resumed") -> dict[str, str]:
    """localStorage holding ``game`` as the saved game to resume, written by
    the page's own saves API (web/app/saved.py) for the page at ``path``
    (the keys carry it, docs/UI-CONTRACT.md "Saved games")."""
    storage = MemoryStorage()
    saves = Saves(storage, path)
    saves.put("resumed", game, name, 1)
    saves.set_current("resumed")
    return {k: v for k in storage.keys() if (v := storage.get(k)) is not None}  # noqa: SIM118


def put_saved(page: Any, game: Game) -> None:
    """Make ``game`` the page's saved game to resume at its next boot (the page stays as it is)."""
    page.evaluate(RESTORE, [saved_storage(game, page.evaluate("location.pathname")), []])


def record_of(page: Any) -> str:
    return Driver(page).record()


def key_of(page: Any) -> tuple[object, ...]:
    """The page's game position, through our own engine."""
    return Driver(page).game().state_key()


def play(page: Any, n: int, seed: int = 1) -> Game:
    """Take ``n`` courier actions on the page through its own click handlers
    (Driver.fast: one round trip an action, the page must take exactly that
    action); returns the game the page shows. For tests of what the game
    becomes (saved, shared, in history, in another tab): that the page offers
    exactly the engine's actions is Driver.perform's check, made over a whole
    game in test_full_game.py and on each kind of action in test_actions.py."""
    driver = Driver(page)
    rng = random.Random(seed)
    game = driver.game()
    for _ in range(n):
        if game.is_over():
            break
        game = driver.fast(courier_action(game, rng), game)
    return game


def screen(page: Any) -> str:
    """The screen shown once the page has answered what was asked of it."""
    return str(page.evaluate(SETTLED + ".then(() => document.documentElement.getAttribute('data-screen'))"))


def reload(page: Any) -> None:
    page.reload()
    wait_ready_on(page)


def start_form_game(tab: Tab, names: tuple[str, ...] = ("Ann", "Bob")) -> None:
    """A game started from the new-game form, as a player would."""
    page = tab.page
    page.locator("#player-count").select_option(str(len(names)))
    for i, name in enumerate(names):
        page.locator(f'[data-player-name="{i}"]').fill(name)
    page.locator("#start-game").click()
    page.locator('html[data-screen="game"]').wait_for()


def reviewed_game(seed: int = 3) -> tuple[Game, dict[str, Any]]:
    """``finished_game(seed)`` with a review of the first seat (``Review.to_dict``)
    made in a second or two instead of the hard bot's minutes: every seat's real
    margins, every turn of the first seat judged as played ("fine") except
    three, where a small search found another turn, with 23.3, 7.5 and 3.1
    points lost (a blunder, a mistake, an inaccuracy): a review screen as a
    real one looks, for screenshots and axe."""
    game = finished_game(seed)
    margins = review(game, seats=()).margins
    starts = [s for s in turns(game) if s.seat == 0][:-1]
    costly = iter((23.3, 7.5, 3.1))
    out = []
    for i, start in enumerate(starts):
        played = played_turn(game, start)
        lost, best = 0.0, played
        if i in (3, 6, 9):  # the search's own turn there, if it differs
            found = hint(at(game, start.index), budget=Budget(iterations=300)).actions
            if found != played:
                lost, best = next(costly), found
        out.append(TurnReview(start.index, start.turn, 0, played, best, lost, verdict(lost), 0.0))
    return game, Review(tuple(out), "hard, 300 positions a turn", margins).to_dict()
