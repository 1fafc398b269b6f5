"""Set-up: R1 (camels, theft markers), R2 (short variant), R3 (bag, goods, demand), R4 (start player)."""

from __future__ import annotations

import pytest

from caravan import Good
from caravan.board import GOODS, NUMBERED, SETUP_DEMAND
from caravan.errors import OptionsError
from caravan.game import Game
from caravan.options import Options, Player, default_players
from tests.positions import check_invariants, sq


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize(("casual", "camels"), [(False, 5), (True, 6)])
def test_r1_camels_start_in_supply_with_one_theft_marker(players: int, casual: bool, camels: int) -> None:
    game = Game(Options(players=default_players(players), casual=casual), seed=3)
    assert game.camels == camels
    for seat in range(players):
        assert game.supply(seat) == camels
        assert game.seat_camels(seat) == []
    assert game.state().theft == (1,) * players
    assert game.state().camels == ()


def test_r1_player_count_and_colours_are_checked() -> None:
    with pytest.raises(OptionsError):
        Options(players=default_players(1))
    with pytest.raises(OptionsError):
        Options(players=(Player("A", "red"), Player("B", "red")))
    with pytest.raises(OptionsError):
        Options(players=(Player("A", "red"), Player("a", "blue")))
    assert Options(players=default_players(4)).seats == 4
    with pytest.raises(OptionsError):
        Options(players=default_players(2), max_turns=0)


@pytest.mark.parametrize(("short", "total", "rare", "common"), [(False, 48, 3, 9), (True, 32, 2, 6)])
def test_r2_short_variant_leaves_32_goods(short: bool, total: int, rare: int, common: int) -> None:
    game = Game(Options(short=short), seed=5)
    on_board = [game.loose_at(s) for s in NUMBERED]
    for g, info in enumerate(GOODS):
        assert game.bag_contents()[Good(g)] + on_board.count(Good(g)) == (rare if info.rare else common)
    assert game.bag_count + len(on_board) == total
    check_invariants(game)


@pytest.mark.parametrize("seed", range(6))
def test_r3_one_good_on_each_numbered_space_and_demand_on_1_2_7_8(seed: int) -> None:
    game = Game(Options(), seed=seed)
    assert [s for s in range(49) if game.loose_at(s) is not None] == sorted(NUMBERED)
    assert len(game.loose_goods()) == 8
    assert game.bag_count == 40
    assert tuple(game.loose_at(s) for s in NUMBERED) == game.setup_draws
    marked = [s for s in range(49) if game.demand_at(s)]
    assert sorted(marked) == sorted(SETUP_DEMAND) == sorted(sq(n) for n in ("a7", "g7", "a1", "g1"))
    assert all(game.demand_at(s) == 1 for s in marked)
    assert game.demand_left() == 40
    assert game.state().markers == (0, 0)


def test_r3_goods_are_drawn_at_random() -> None:
    setups = {Game(Options(), seed=s).setup_draws for s in range(20)}
    assert len(setups) > 15


def test_r3_setup_can_be_replayed_from_given_draws() -> None:
    draws = (0, 1, 2, 3, 4, 5, 6, 7)
    game = Game(Options(), setup_draws=draws)
    assert tuple(game.loose_at(s) for s in NUMBERED) == draws


@pytest.mark.parametrize("start", [0, 1, 2])
def test_r4_chosen_start_player_moves_first(start: int) -> None:
    game = Game(Options(players=default_players(3), start=start), seed=1)
    assert game.seat == game.start == start


def test_r4_start_player_at_random_covers_every_seat() -> None:
    starts = {Game(Options(players=default_players(4), start=None), seed=s).start for s in range(40)}
    assert starts == {0, 1, 2, 3}


def test_r4_start_player_must_be_a_seat() -> None:
    with pytest.raises(OptionsError):
        Options(players=default_players(2), start=2)
