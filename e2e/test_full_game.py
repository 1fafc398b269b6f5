"""A game played through the page to its end, judged by the test's own engine."""

from __future__ import annotations

import random
from typing import Any

import pytest

from caravan import link
from caravan.actions import EndTurn, PickUp, Steal
from caravan.game import Game
from caravan.options import Options, default_players
from caravan.playout import courier_action
from e2e.conftest import Tab
from e2e.driver import RECORD_CHANGED, Driver, attr, board_of, source_of
from e2e.saving import courier_game, finished_game

# ?seed=6: the game where a steal's hit area once covered its square's
# centre, so that a click meant to cancel stole instead.
SEED = 6


def _centre_of(page: Any, selector: str) -> tuple[float, float]:
    box = page.locator(selector).bounding_box()
    assert box is not None, f"{selector} is not shown"
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


# The turns played by clicks: the first eight (a place, a camel's move, a
# pick-up, a good's move, a steal and ends of turn) and the last four (the
# deliveries that end the game, R14). The long middle is played here in
# CPython and the page opened there by a link (a hash change, no reboot):
# the page's handlers over a long game are test_bots.py's (half a game
# against a bot), and the seed's draws in Pyodide's Python over a whole game
# tests/test_pyodide_json.py's.
FIRST_TURNS = 8
LAST_TURNS = 4
KINDS = {"PlaceCamel", "MoveCamel", "PickUp", "MoveGood", "Steal", "EndTurn"}


@pytest.mark.timeout(600)
def test_r14_r17_short_two_player_game_played_by_clicks_scores_as_the_engine_does(
    shared_touch_tab: Tab,
) -> None:
    """Every action is chosen by the courier policy on a replay of the page's
    record. In the first and last turns it is played by clicking or tapping
    its source then its target, and the page must offer exactly the engine's
    legal actions (R7-R12); every kind of action is played so. The page's own
    draws from its seed are CPython's; the middle of the game comes by a link. At game over
    the page shows the engine's R15/R16 scores and R17 winners. Before each
    clicked action its source is also selected and clicked or tapped at its
    centre, which must only clear the selection and never play anything
    (docs/UI-CONTRACT.md, "Sources")."""
    last_turn = finished_game(SEED).turn
    tab = shared_touch_tab
    tab.open(f"?seed={SEED}&autostart=2&short=1")
    page = tab.page
    driver = Driver(page)
    game = driver.game()
    assert not game.history and game.options.short and game.seats == 2
    rng = random.Random(SEED)
    played = steals = 0
    clicked: set[str] = set()
    checked: set[str] = set()
    jumped = False
    while not game.is_over():
        assert played < 2000, "the game did not end"
        if game.turn > FIRST_TURNS and not jumped:
            # The page drew the set-up and any refill so far from its seed, in
            # Pyodide's Python 3.14, as CPython does: the same actions pushed
            # into a game seeded alike, with no recorded draws, reach the same position.
            here = Game(Options(players=default_players(2), short=True), seed=SEED)
            assert here.setup_draws == game.setup_draws
            for step in game.history:
                here.push(step.action)
            assert [s.draws for s in here.history] == [s.draws for s in game.history]
            assert here.state_key() == game.state_key()
            game, rng = courier_game(SEED, turn=last_turn - LAST_TURNS + 1)
            old = driver.record()
            page.evaluate("text => { location.hash = text; }", link.encode(game))
            page.wait_for_function(RECORD_CHANGED, arg=old)
            assert driver.game().state_key() == game.state_key(), "the linked game was not opened"
            assert driver.board() == board_of(game)
            jumped = True
            continue
        action = courier_action(game, rng)
        src = source_of(action)
        if src is not None and not isinstance(action, EndTurn):
            tap = played % 2 == 1
            driver.select(src, tap=tap)
            steals += any(
                isinstance(a, (Steal, PickUp)) and source_of(a) == src for a in game.legal_actions()
            )
            record = driver.record()
            x, y = _centre_of(page, attr(".selected", "data-select", src))
            if tap:
                page.touchscreen.tap(x, y)
            else:
                page.mouse.click(x, y)
            page.locator(".selected[data-select]").wait_for(state="detached")
            assert driver.record() == record, f"cancelling {src} played something (before {action})"
            checked.add(type(action).__name__)
        game = driver.perform(action, game)
        clicked.add(type(action).__name__)
        played += 1
        assert driver.board() == board_of(game), f"board differs from the engine after {played} actions"
    assert game.over == "delivery" and game.turn == last_turn
    assert clicked == KINDS, f"kinds of action never played by clicks: {KINDS - clicked}"
    assert checked == KINDS - {"EndTurn"} and steals > 0, (
        f"cancels checked before {checked}, {steals} with a steal or pick-up"
    )

    tab.page.locator('html[data-screen="over"]').wait_for()
    over = tab.page.locator("#game-over")
    winners = set(game.result())
    assert winners, "R17 always names at least one winner"
    for line in game.score():
        row = over.locator(f'[data-final-seat="{line.seat}"]')
        shown = {
            name: row.locator(f'[data-field="{name}"]').text_content()
            for name in ("rare", "common", "demand", "penalty", "total", "delivered")
        }
        expected = {
            "rare": line.rare,
            "common": line.common,
            "demand": line.demand,
            "penalty": line.penalty,
            "total": line.total,
            "delivered": line.delivered,
        }
        assert {k: int(str(v).strip().replace("−", "-")) for k, v in shown.items()} == expected, (
            f"seat {line.seat}: page shows {shown}, engine scores {expected}"
        )
        assert (row.get_attribute("data-winner") == "true") == (line.seat in winners)
