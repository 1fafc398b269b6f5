"""A whole game played through the page, judged by the test's own engine."""

from __future__ import annotations

import random
from typing import Any

import pytest

from caravan.actions import EndTurn, PickUp, Steal
from caravan.game import Game
from caravan.options import Options, default_players
from caravan.playout import courier_action
from e2e.conftest import Tab
from e2e.driver import Driver, attr, board_of, source_of

# ?seed=6: the game where a steal's hit area once covered its square's
# centre, so that a click meant to cancel stole instead.
SEED = 6


def _centre_of(page: Any, selector: str) -> tuple[float, float]:
    box = page.locator(selector).bounding_box()
    assert box is not None, f"{selector} is not shown"
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


@pytest.mark.timeout(600)
def test_r14_r17_short_two_player_game_played_by_clicks_scores_as_the_engine_does(open_tab: Any) -> None:
    """Every action is chosen by the courier policy on a replay of the page's
    record and played by clicking or tapping its source then its target; at
    each step the page must offer exactly the engine's legal actions
    (R7-R12), and at game over show the engine's R15/R16 scores and R17
    winners. Before each action its source is also selected and clicked or
    tapped at its centre, which must only clear the selection and never
    play anything (docs/UI-CONTRACT.md, "Sources")."""
    tab: Tab = open_tab(has_touch=True)
    tab.open(f"?seed={SEED}&autostart=2&short=1")
    page = tab.page
    driver = Driver(page)
    game = driver.game()
    assert not game.history and game.options.short and game.seats == 2
    rng = random.Random(SEED)
    played = checked = steals = 0
    while not game.is_over():
        assert played < 2000, "the game did not end"
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
            checked += 1
        game = driver.perform(action, game)
        played += 1
        if played % 25 == 0:  # the whole board costs a round trip: not every step
            assert driver.board() == board_of(game), f"board differs from the engine after {played} actions"
    assert game.over == "delivery"
    assert checked > 50 and steals > 0, f"only {checked} cancels checked, {steals} with a steal or pick-up"

    # The same seed draws the same goods in Pyodide's Python 3.14 as here:
    # pushing the page's actions into a game seeded alike, with no recorded
    # draws, must reach the very same position.
    here = Game(Options(players=default_players(2), short=True), seed=SEED)
    assert here.setup_draws == game.setup_draws
    for step in game.history:
        here.push(step.action)
    assert [s.draws for s in here.history] == [s.draws for s in game.history]
    assert here.state_key() == game.state_key()

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
