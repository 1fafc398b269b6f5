"""Scoring: R15 (6 / 3 / 1), R16 and I8 (n(n-1)/2 for goods held), R17 (ties)."""

from __future__ import annotations

import pytest

from caravan.game import penalty
from tests.positions import blank, camel, deliver, expected_score, hold_markers


def test_r15_rare_six_common_three_demand_marker_one() -> None:
    game = blank()
    game = deliver(game, 0, "I")
    game = deliver(game, 0, "P", 2)
    game = deliver(game, 0, "S", 3)
    game = hold_markers(game, 0, 5)
    line = game.score()[0]
    assert (line.rare, line.common, line.demand, line.delivered) == (18, 9, 5, 6)
    assert line.total == 32 == expected_score(game, 0)


@pytest.mark.parametrize(("held", "lost"), [(0, 0), (1, 0), (2, 1), (3, 3), (4, 6)])
def test_r16_penalty_for_goods_held_at_the_end(held: int, lost: int) -> None:
    game = blank()
    game = hold_markers(game, 0, 10)
    for k, letter in enumerate("MWSH"[:held]):
        game = camel(game, 0, f"a{k + 1}", letter)
    line = game.score()[0]
    assert line.held == held and line.penalty == lost == penalty(held)
    assert line.total == 10 - lost


def test_r16_stolen_goods_under_camels_count_as_held() -> None:
    game = blank()
    game = camel(game, 0, "a1", "M", under=True)
    game = camel(game, 0, "a2", "I", under=True)
    game = camel(game, 0, "a3", "W")
    line = game.score()[0]
    assert line.held == 3 and line.penalty == 3 and line.total == -3


def test_i8_five_goods_held_with_six_camels_cost_ten() -> None:
    game = blank(casual=True)
    for k, letter in enumerate("MWSHI"):
        game = camel(game, 0, f"a{k + 1}", letter)
    line = game.score()[0]
    assert line.held == 5 and line.penalty == 10 == penalty(5)
    assert line.total == -10 == expected_score(game, 0)


def test_r17_highest_score_wins() -> None:
    game = blank(players=3)
    game = deliver(game, 1, "G")
    game = deliver(game, 2, "M")
    assert game.result() == (1,)
    ranking = game.ranking()
    assert [(place, line.seat) for place, line in ranking] == [(1, 1), (2, 2), (3, 0)]


def test_r17_tie_goes_to_more_goods_delivered() -> None:
    game = blank()
    game = deliver(game, 0, "I")  # 6 points, 1 good
    game = deliver(game, 1, "M", 2)  # 6 points, 2 goods
    assert [line.total for line in game.score()] == [6, 6]
    assert game.result() == (1,)
    assert [(place, line.seat) for place, line in game.ranking()] == [(1, 1), (2, 0)]


def test_r17_still_tied_players_share_the_victory() -> None:
    game = blank(players=4)
    game = deliver(game, 0, "I")
    game = deliver(game, 2, "G")
    game = deliver(game, 1, "M")
    game = hold_markers(game, 1, 3)  # 3 + 3 = 6 points from 1 good: tied with seats 0 and 2 on both counts
    assert [line.total for line in game.score()] == [6, 6, 6, 0]
    assert game.result() == (0, 1, 2)
    assert [(place, line.seat) for place, line in game.ranking()] == [(1, 0), (1, 1), (1, 2), (4, 3)]


def test_r17_penalty_counts_before_the_tie_break() -> None:
    game = blank()
    game = deliver(game, 0, "I")
    game = deliver(game, 1, "G")
    game = camel(game, 1, "a1", "M")
    game = camel(game, 1, "a2", "W")
    assert [line.total for line in game.score()] == [6, 5]
    assert game.result() == (0,)
