"""Render the page's key states as PNGs, for people to look at (`make screenshots`).

States: the front page (the new-game form; ``0-front-xx`` in each other
language, light theme), the start (the placements shown at once), a
source selected with a steal on offer, a crowded square, a refill just
made, the end triggered, game over (2 and 4 players), the question asked
before a turn ends with actions left, the rules reference (at the
actions), the how-to-play and the legend's marks, the enlarged square view
(a phone), saved games (a long name), the history, the share dialog, the
screen-reader board, a camel selected (useful and quiet targets, the
last turn's corners), a bot thinking, a hint shown, a review running, a
review done (its costliest turns in words, chart, every turn) and a costly
turn's better turn in the history; each at 1280x800 and 360x740, in the light and the dark
theme. "Learn to play" (``22-learn-<step>``): every step of the guided first
game and its end, played by taps, at 1280x800 and at 390x844 (a phone, touch),
in all five languages (English in both themes, the others light).
``--lang pl,nl`` renders them in those languages (``?lang=``, light theme
only; names end in ``-pl``), to check that longer words fit (issue 13);
any text wider than its box (e2e/layout.py) is printed. Positions are made
with the engine (seeded courier play, or camels placed by hand) and opened
in the page as share links (docs/UI-CONTRACT.md, "Share links"); the refill
is played by clicks so that it shows as it happens. Chromium is
/usr/bin/chromium or $CARAVAN_CHROMIUM. Output goes to build/screenshots/
(git-ignored), or the folder given with --out.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import sync_playwright

from caravan import Game, Options, default_players, link, parse_action
from caravan.actions import Action, EndTurn, MoveCamel, PickUp, Steal
from caravan.board import SQUARE_NAMES
from caravan.catalogues import LANGUAGES
from caravan.playout import courier_action
from e2e.driver import READY, SETTLED, Driver
from e2e.harness import BASE, CHROMIUM, CHROMIUM_ARGS, ROOT, csp_safe, start_server, stop_server
from e2e.layout import layout_problems
from e2e.saving import reviewed_game
from tests.positions import blank, camel
from web.app.lesson import STEPS
from web.app.saved import Saves
from web.app.selection import source_of
from web.app.storage import MemoryStorage

SIZES = {"desktop": (1280, 800), "phone": (360, 740)}
FRONT_LANGS = ("es", "fr", "pl", "nl")  # the front page in each language (0-front-xx), light only
THEMES = ("light", "dark")


def _courier_until(seed: int, stop: Callable[[Game, Action], bool]) -> tuple[Game, Action]:
    """Play the courier from a seeded short game until ``stop(game, next action)``."""
    game = Game(Options(players=default_players(2), short=True), seed=seed)
    rng = random.Random(seed)
    for _ in range(5000):
        action = courier_action(game, rng)
        if stop(game, action):
            return game, action
        game.push(action)
        if game.is_over():
            break
    raise RuntimeError(f"seed {seed}: the wanted position never came")


def _steal_position() -> tuple[Game, str]:
    game, _ = _courier_until(6, lambda g, _: any(isinstance(a, Steal) for a in g.legal_actions()))
    steal = next(a for a in game.legal_actions() if isinstance(a, Steal))
    return game, SQUARE_NAMES[steal.at]


def _refill_position() -> tuple[Game, PickUp]:
    def refills(game: Game, action: Action) -> bool:
        if not isinstance(action, PickUp):
            return False
        trial = game.copy()
        trial.push(action)
        return trial.last_revealed()

    game, action = _courier_until(11, refills)
    assert isinstance(action, PickUp)
    return game, action


def _crowded() -> Game:
    """Four players with six camels each (casual), all of them on d2, most
    laden: a square as crowded as the rules allow (R9 keeps one unladen).
    Set up from a position, so it opens as a saved game, not a link."""
    game = blank(4, casual=True)
    for seat in range(4):
        for letter in "SMWHI"[: 4 if seat % 2 else 5]:
            game = camel(game, seat, "d2", letter)
        while game.supply(seat):
            game = camel(game, seat, "d2")
    return game


LONG_NAME = "Sunday evening game with the neighbours, round two"

State = tuple[str, Game | None, Callable[[Driver], None]]
BOT_QUERY = "bot_budget=10000"  # the bot thinks until its 10 s deadline: long enough to be seen thinking
HINT_QUERY = "bot_budget=300"  # a hint in a moment, however busy the machine
REVIEW_GAME, REVIEW = reviewed_game()  # kept with its saved game: the review shows at once


def _states() -> list[State]:
    def nothing(_: Driver) -> None:
        pass

    start = Game(Options(players=default_players(3)), seed=1)
    steal_game, steal_square = _steal_position()
    refill_game, refill = _refill_position()
    end_game, _ = _courier_until(11, lambda g, _: g.end_triggered())

    def select_steal(d: Driver) -> None:
        d.select(steal_square)

    def ask_end(d: Driver) -> None:
        d.page.locator("#end-turn").click()
        d.page.locator("#confirm-end").wait_for()

    def pick_up(d: Driver) -> None:
        d.select(SQUARE_NAMES[refill.at])
        d.click_action(str(refill))

    def rules_at_actions(d: Driver) -> None:
        d.page.locator("#rules-button").click()
        d.page.locator('[data-rules-go="ref-5"]').click()  # the actions, with their costs

    def howto(d: Driver) -> None:
        d.page.locator("#rules-button").click()
        d.page.locator("#rules-show-howto").click()

    def legend(d: Driver) -> None:
        d.page.locator("#legend-symbols summary").click()
        d.page.locator("#legend-symbols").scroll_into_view_if_needed()

    def zoom(d: Driver) -> None:  # a phone: a1's pick-up is too small, the enlarged view opens
        d.page.set_viewport_size({"width": 360, "height": 740})
        d.select("a1")
        d.page.locator("#square-view").wait_for()

    def saved(d: Driver) -> None:
        d.page.locator("#saved-button").click()
        d.page.locator("#saved-list").wait_for()

    def history(d: Driver) -> None:
        d.page.locator("#history-button").click()
        d.page.locator("#history").wait_for()
        d.page.locator("#history-back").click()

    def share(d: Driver) -> None:
        d.page.locator("#share").click()
        d.page.locator("#share-dialog").wait_for()

    # A space with something to do: a camel's move (a long list), else where a camel can be placed.
    legal = [a for a in end_game.legal_actions() if not isinstance(a, EndTurn)]
    first = next((a for a in legal if isinstance(a, MoveCamel)), legal[0])
    sr_cell = SQUARE_NAMES[first.frm if isinstance(first, MoveCamel) else getattr(first, "to", 0)]

    def sr_board(d: Driver) -> None:  # the screen-reader board, a space's actions listed
        d.page.locator("#sr-toggle").focus()  # a skip link: seen once focused
        d.page.keyboard.press("Enter")
        d.page.locator(f'[data-cell="{sr_cell}"]').focus()
        d.page.keyboard.press("Enter")
        d.page.locator("#sr-actions").wait_for()

    camel_game, camel_move = _courier_until(
        5, lambda g, a: g.turn >= 9 and g.left == 4 and isinstance(a, MoveCamel)
    )

    def select_camel(d: Driver) -> None:  # useful and quiet targets, the last turn's corners
        assert isinstance(camel_move, MoveCamel)
        d.select(SQUARE_NAMES[camel_move.frm])

    # A hard bot to move, its first turn; the page asks it with a long deadline
    # (``?bot_budget``, BOT_QUERY) so that "thinking…" holds for the screenshots.
    people = default_players(2)
    bot_game = Game(Options(players=(people[0], replace(people[1], bot="hard"))), seed=3)
    for text in ("@c3", "end"):
        bot_game.push(parse_action(text))

    def bot_thinking(d: Driver) -> None:
        d.page.locator('#bot-status[data-bot-turn="thinking"]').wait_for(timeout=60_000)

    def hint(d: Driver) -> None:
        d.page.locator("#hint").click()
        d.page.locator('#hint-turn[data-played="0"]').wait_for(timeout=60_000)

    def review_running(d: Driver) -> None:  # hard's own budget: a turn takes long enough to be seen
        d.page.locator("#review-button").click()
        d.page.wait_for_function(
            "Number(document.querySelector('#review-progress')?.value || 0) >= 1", timeout=60_000
        )

    def review(d: Driver) -> None:
        d.page.locator("#saved-button").click()
        d.page.locator('#saved-list [data-saved-action="review"]').first.click()
        d.page.locator('#review[data-state="done"]').wait_for()

    def review_better(d: Driver) -> None:
        review(d)
        d.page.locator("#review-costly [data-review-turn]").first.click()
        d.page.locator("#history-better").wait_for()

    people_hint = default_players(2)
    hint_game = Game(
        Options(players=(people_hint[0], replace(people_hint[1], bot="easy")), short=True), seed=5
    )
    zoom_game = Game(Options(players=default_players(2), short=True), seed=6)
    for text in ("@d4", "end", "@a1"):  # the second player's camel by the salt on a1
        zoom_game.push(parse_action(text))
    return [
        ("0-new-game", None, nothing),
        *((f"0-front-{code}", None, nothing) for code in FRONT_LANGS),
        ("1-start", start, nothing),
        ("2-steal", steal_game, select_steal),
        ("3-crowded", _crowded(), nothing),
        ("4-refill", refill_game, pick_up),
        ("5-end-triggered", end_game, nothing),
        ("6-game-over", _finish(11), nothing),
        ("6-game-over-4p", _finish(5, players=4), nothing),
        ("7-confirm-end", steal_game, ask_end),
        ("8-rules", steal_game, rules_at_actions),
        ("9-howto", start, howto),
        ("10-legend", steal_game, legend),
        ("11-square-view", zoom_game, zoom),
        ("12-saved", end_game, saved),
        ("13-history", end_game, history),
        ("14-share", steal_game, share),
        ("15-sr-board", end_game, sr_board),
        ("16-camel-selected", camel_game, select_camel),
        ("17-bot-thinking", bot_game, bot_thinking),
        ("18-hint", hint_game, hint),
        ("19-review-running", _finish(11), review_running),
        ("20-review", REVIEW_GAME, review),
        ("21-review-better", REVIEW_GAME, review_better),
    ]


def _finish(seed: int, players: int = 2) -> Game:
    game = Game(Options(players=default_players(players), short=True), seed=seed)
    rng = random.Random(seed)
    while not game.is_over():
        game.push(courier_action(game, rng))
    return game


def _saved(game: Game, name: str = "screenshot", review: dict[str, Any] | None = None) -> str:
    """The page's storage holding ``game`` as the game in progress (and ``review``
    kept with it), as a JSON object."""
    storage = MemoryStorage()
    saves = Saves(storage, BASE)  # keys carry the page's path, as served by start_server
    saves.put("shot", game, name, 0)
    if review is not None:
        saves.set_review("shot", review)
    saves.set_current("shot")
    return json.dumps({key: storage.get(key) for key in list(storage.keys())})


def _render(
    browser: Any,
    base: str,
    lang: str,
    name: str,
    game: Game | None,
    prepare: Callable[[Driver], None],
    themes: tuple[str, ...],
    out: Path,
) -> int:
    """One state, on a page of its own, at both sizes (the square view: a phone only)."""
    context: Any = browser.new_context(viewport={"width": 1280, "height": 800})
    page = csp_safe(context.new_page())
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    if name.startswith("0-front-"):
        lang = name.removeprefix("0-front-")
        themes = ("light",)
    params = [f"lang={lang}"] if lang else []
    if "bot-thinking" in name:
        params.append(BOT_QUERY)
    if "hint" in name:
        params.append(HINT_QUERY)
    query = f"?{'&'.join(params)}" if params else ""
    suffix = f"-{lang}" if lang and not name.startswith("0-front-") else ""
    if game is None:
        page.goto(f"{base}{query}")
    elif game.start_position() is None and "saved" not in name and game is not REVIEW_GAME:
        page.goto(f"{base}{query}#{link.encode(game)}")
    else:  # a hand-made position, a long name or a review: put it in storage as the game in progress
        review = REVIEW if game is REVIEW_GAME else None
        stored = _saved(game, LONG_NAME if "saved" in name else "screenshot", review)
        page.add_init_script(f"Object.entries({stored}).forEach(([k, v]) => localStorage.setItem(k, v))")
        page.goto(f"{base}{query}")
    page.wait_for_function(READY, timeout=60_000)
    prepare(Driver(page))
    sizes = {"phone": SIZES["phone"]} if "square-view" in name else SIZES
    written = _shoot(page, name, suffix, sizes, themes, out, _set_size)
    page.set_viewport_size({"width": 360, "height": 740})
    page.emulate_media(color_scheme="light")
    page.screenshot(path=str(out / f"{name}-phone-full{suffix}.png"), full_page=True)
    if errors:
        print(f"{name}{suffix}: page errors: {errors}", file=sys.stderr)
    context.close()
    return written


def _set_size(page: Any, w: int, h: int) -> None:
    page.set_viewport_size({"width": w, "height": h})


def _shoot(
    page: Any,
    name: str,
    suffix: str,
    sizes: dict[str, tuple[int, int]],
    themes: tuple[str, ...],
    out: Path,
    resize: Callable[[Any, int, int], None],
) -> int:
    """The page at each of ``sizes`` (``resize`` sets it), its layout problems
    printed, a PNG for each theme; returns how many were written."""
    written = 0
    for size, (w, h) in sizes.items():
        resize(page, w, h)
        for problem in layout_problems(page):
            print(f"{name}-{size}{suffix}: {problem}", file=sys.stderr)
        for theme in themes:
            page.emulate_media(color_scheme=theme)
            page.screenshot(path=str(out / f"{name}-{size}-{theme}{suffix}.png"))
            written += 1
    return written


LESSON_SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
# Two frames (the window's resize event is sent to the app in one), then the app's answer painted.
_RESIZED = (
    f"() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r))).then(() => {SETTLED})"
)


def _resize(page: Any, w: int, h: int) -> None:
    """The viewport at ``w`` x ``h`` and the board drawn again at its new size."""
    page.set_viewport_size({"width": w, "height": h})
    page.evaluate(_RESIZED)


def _render_lesson(browser: Any, base: str, lang: str, themes: tuple[str, ...], out: Path) -> int:
    """The lesson ("Learn to play") from the front page's button, each step shown, then its
    action tapped (the source first, then the target), to the lesson's end."""
    context: Any = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    page = csp_safe(context.new_page())
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{base}?lang={lang or 'en'}")
    page.wait_for_function(READY, timeout=60_000)
    page.locator("#learn-open").tap()
    written = 0
    suffix = f"-{lang}" if lang and lang != "en" else ""
    for at in range(len(STEPS) + 1):
        page.locator(f'#lesson[data-at="{at}"]').wait_for()
        key = STEPS[at].key if at < len(STEPS) else "done"
        name = f"22-learn-{at + 1}-{key}"
        written += _shoot(page, name, suffix, LESSON_SIZES, themes, out, _resize)
        page.emulate_media(color_scheme="light")  # the taps at the phone's size, the last drawn
        if at == len(STEPS):
            break
        wanted = STEPS[at].wanted
        target = page.locator(f".target[data-action={json.dumps(wanted)}]")
        if not target.count():
            source = source_of(parse_action(wanted))
            assert source is not None
            Driver(page).select(source, tap=True)  # through its square's enlarged view if need be
        target.tap()
    if errors:
        print(f"22-learn{suffix}: page errors: {errors}", file=sys.stderr)
    context.close()
    return written


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=ROOT / "build" / "screenshots")
    ap.add_argument("--only", default="", help="render only states whose name contains this")
    ap.add_argument("--lang", default="", help="languages, comma-separated (pl,nl,es,fr): light theme only")
    args = ap.parse_args()
    langs = [code for code in args.lang.split(",") if code] or [""]
    themes = ("light",) if args.lang else THEMES
    args.out.mkdir(parents=True, exist_ok=True)
    states = _states()
    proc, base = start_server()
    written = 0
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for lang in langs:
                for name, game, prepare in states:
                    if args.only not in name:
                        continue
                    written += _render(browser, base, lang, name, game, prepare, themes, args.out)
            if args.only in "22-learn" or args.only.startswith("22-learn"):
                for code in langs if args.lang else LANGUAGES:
                    shown = themes if code in ("", "en") else ("light",)
                    written += _render_lesson(browser, base, code, shown, args.out)
            browser.close()
    finally:
        stop_server(proc)
    print(f"{written} screenshots in {args.out}")


if __name__ == "__main__":
    main()
