"""What just happened, on a phone (issue 28): after a bot's turn the person
reads a line per player under the banner ("Since your turn") and sees each
of the bot's actions marked on the board with its badge, the board still
whole on a 390x844 touch screen (web/app/seen.py, docs/UI-CONTRACT.md).
"""

from __future__ import annotations

import random

from playwright.sync_api import expect

from caravan import link
from caravan.game import Game
from caravan.options import Options, Player
from caravan.playout import courier_action
from e2e.conftest import Tab

PERSON_AGAIN = "document.documentElement.getAttribute('data-seat') === '0'"
BOT_MS = 60_000  # a bot's whole turn on a loaded machine, the worker's start included


def test_after_a_bots_turn_a_phone_shows_its_summary_and_marks_with_the_board_on_screen(
    shared_phone_tab: Tab,
) -> None:
    page = shared_phone_tab.page
    page.set_viewport_size({"width": 390, "height": 844})
    game = Game(Options(players=(Player("Ann", "yellow"), Player("Bo", "black", "easy")), start=0), seed=9)
    rng = random.Random(9)
    while game.turn < 5 or game.seat != 1:  # a few turns in, Ann has just ended hers: the bot to move
        game.push(courier_action(game, rng))
    shared_phone_tab.open("?bot_pace=0&bot_budget=40#" + link.encode(game))
    page.wait_for_function(PERSON_AGAIN, timeout=BOT_MS)  # the bot played its turn in the page
    since = page.locator("#since-turn")
    expect(since).to_be_visible()
    expect(page.locator("#since-turn-side")).to_be_hidden()  # one summary on a phone upright
    line = since.locator('li[data-seat="1"]')
    expect(line).to_have_count(1)
    expect(line).to_contain_text("Bo: ")
    marks = page.locator('#board g.seen-mark[data-seat="1"]')
    assert marks.count() >= 1
    expect(marks.first).to_be_visible()
    assert marks.first.locator("text").text_content() == "2"  # the seat's number: told without colour
    # The summary is small: the whole board is still on the screen under it.
    board = page.locator("#board").bounding_box()
    summary = since.bounding_box()
    assert board is not None and summary is not None
    assert summary["y"] + summary["height"] <= board["y"] and board["y"] + board["height"] <= 844
