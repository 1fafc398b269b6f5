"""Render the page's key states as PNGs, for people to look at (`make screenshots`).

States: the start, a source selected with a steal on offer, a crowded
square, a refill just made, the end triggered, and game over; each at
1280x800 and 360x740, in the light and the dark theme. Positions are made
with the engine (seeded courier play, or camels placed by hand) and opened
in the page as share links (docs/UI-CONTRACT.md, "Share links"); the refill
is played by clicks so that it shows as it happens. Chromium is
/usr/bin/chromium or $CARAVAN_CHROMIUM. Output goes to build/screenshots/
(git-ignored), or the folder given with --out.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import sync_playwright

from caravan import Game, Options, default_players, link
from caravan.actions import Action, EndTurn, MoveCamel, PickUp, PlaceCamel, Steal
from caravan.board import SQUARE_NAMES, parse_square
from caravan.playout import courier_action
from e2e.driver import READY, Driver
from e2e.harness import CHROMIUM, CHROMIUM_ARGS, ROOT, start_server, stop_server

SIZES = {"desktop": (1280, 800), "phone": (360, 740)}
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
    """Four players, six camels each (casual), all heading for d2."""
    game = Game(Options(players=default_players(4), casual=True), seed=3)
    crowd = parse_square("d2")
    while game.supply(game.seat) or any(c.square != crowd for c in game.seat_camels(game.seat)):
        legal = game.legal_actions()
        wanted = [a for a in legal if isinstance(a, (PlaceCamel, MoveCamel)) and a.to == crowd]
        # The first turns are short (R5): place anywhere first, gather later.
        cheap = [a for a in legal if isinstance(a, PlaceCamel)]
        game.push(wanted[0] if wanted else cheap[0] if cheap and game.left == 1 else EndTurn())
        if game.turn > 60:
            break
    return game


def _states() -> list[tuple[str, Game, Callable[[Driver], None]]]:
    def nothing(_: Driver) -> None:
        pass

    start = Game(Options(players=default_players(3)), seed=1)
    steal_game, steal_square = _steal_position()
    refill_game, refill = _refill_position()
    end_game, _ = _courier_until(11, lambda g, _: g.end_triggered())

    def select_steal(d: Driver) -> None:
        d.select(steal_square)

    def pick_up(d: Driver) -> None:
        d.select(SQUARE_NAMES[refill.at])
        d.click_action(str(refill))

    return [
        ("1-start", start, nothing),
        ("2-steal", steal_game, select_steal),
        ("3-crowded", _crowded(), nothing),
        ("4-refill", refill_game, pick_up),
        ("5-end-triggered", end_game, nothing),
        ("6-game-over", _finish(11), nothing),
    ]


def _finish(seed: int) -> Game:
    game = Game(Options(players=default_players(2), short=True), seed=seed)
    rng = random.Random(seed)
    while not game.is_over():
        game.push(courier_action(game, rng))
    return game


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=ROOT / "build" / "screenshots")
    ap.add_argument("--only", default="", help="render only states whose name contains this")
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    states = _states()
    proc, base = start_server()
    written = 0
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for name, game, prepare in states:
                if args.only not in name:
                    continue
                context: Any = browser.new_context(viewport={"width": 1280, "height": 800})
                page = context.new_page()
                errors: list[str] = []
                page.on("pageerror", lambda e: errors.append(str(e)))  # noqa: B023 (one page per state)
                page.goto(f"{base}#{link.encode(game)}")
                page.wait_for_function(READY, timeout=60_000)
                prepare(Driver(page))
                for size, (w, h) in SIZES.items():
                    page.set_viewport_size({"width": w, "height": h})
                    for theme in THEMES:
                        page.emulate_media(color_scheme=theme)
                        path = args.out / f"{name}-{size}-{theme}.png"
                        page.screenshot(path=str(path))
                        written += 1
                page.set_viewport_size({"width": 360, "height": 740})
                page.emulate_media(color_scheme="light")
                page.screenshot(path=str(args.out / f"{name}-phone-full.png"), full_page=True)
                if errors:
                    print(f"{name}: page errors: {errors}", file=sys.stderr)
                context.close()
            browser.close()
    finally:
        stop_server(proc)
    print(f"{written} screenshots in {args.out}")


if __name__ == "__main__":
    main()
