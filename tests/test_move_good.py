"""Moving and delivering goods: R11 (groups, pass through laden camels), R12, I4, I5,
and the rulebook's worked example."""

from __future__ import annotations

from caravan import Good
from caravan.actions import END_TURN, MoveGood, move_good, parse_action
from caravan.board import GOODS, NEIGHBOURS, SQUARE_NAMES
from caravan.events import GoodDelivered, GoodMoved
from tests.positions import blank, camel, check_invariants, good, on, sq


def mg(text: str) -> MoveGood:
    action = parse_action(text)
    assert isinstance(action, MoveGood)
    return action


def good_moves(game: object) -> list[str]:
    return sorted(str(a) for a in game.legal_actions() if isinstance(a, MoveGood))  # type: ignore[attr-defined]


def test_rulebook_example_ivory_from_orthogonal_neighbour_delivered_in_marrakech() -> None:
    # Dan's camel A on Marrakech (d7); D carries ivory orthogonally next to A (c7),
    # E carries ivory only diagonally next to A (e6).
    game = blank()
    game = camel(game, 0, "d7")  # A
    game = camel(game, 0, "c7", "I")  # D
    game = camel(game, 0, "e6", "I")  # E
    assert mg("Ic7>d7") in game.legal_actions()
    assert mg("Ie6>d7") not in game.legal_actions()
    assert "not connected" in (game.why_illegal(mg("Ie6>d7")) or "")
    events = game.push(mg("Ic7>d7"))
    assert events == [
        GoodMoved(seat=0, frm=sq("c7"), to=sq("d7"), good=good("I"), from_under=False),
        GoodDelivered(seat=0, at=sq("d7"), good=good("I"), points=6),
    ]
    assert game.deliveries(0)[good("I")] == 1
    assert on(game, "d7") == ["1"]  # the good leaves the board
    assert on(game, "c7") == ["1"]
    assert game.score()[0].rare == 6
    check_invariants(game)


def test_r11_good_travels_along_a_chain_through_laden_camels() -> None:
    game = blank()
    game = camel(game, 0, "a1", "S")
    game = camel(game, 0, "b1", "M")  # laden: may be passed through
    game = camel(game, 0, "c1", "W")
    game = camel(game, 0, "c2")
    assert good_moves(game) == ["Mb1>c2", "Sa1>c2", "Wc1>c2"]
    game.push(mg("Sa1>c2"))
    assert on(game, "c2") == ["1S"]
    assert on(game, "a1") == ["1"]


def test_r11_good_may_not_end_on_a_laden_camel() -> None:
    game = blank()
    game = camel(game, 0, "a1", "S")
    game = camel(game, 0, "a2", "M")
    assert good_moves(game) == []
    assert "laden" in (game.why_illegal(mg("Sa1>a2")) or "")


def test_r11_no_diagonal_links() -> None:
    game = blank()
    game = camel(game, 0, "a1", "S")
    game = camel(game, 0, "b2")
    assert mg("Sa1>b2") not in game.legal_actions()
    assert game.why_illegal(mg("Sa1>b2")) is not None


def test_r11_good_need_not_go_all_the_way_to_its_city() -> None:
    game = blank()
    game = camel(game, 0, "d5", "I")
    game = camel(game, 0, "d6")
    game = camel(game, 0, "d7")
    events = game.push(mg("Id5>d6"))
    assert events == [GoodMoved(0, sq("d5"), sq("d6"), good("I"), False)]
    assert on(game, "d6") == ["1I"]
    assert sum(game.deliveries(0).values()) == 0


def test_r11_good_from_under_a_camel_goes_on_top_of_the_next() -> None:
    game = blank()
    game = camel(game, 0, "b4", "I", under=True)
    game = camel(game, 0, "b5")
    assert good_moves(game) == ["I_b4>b5"]
    events = game.push(mg("I_b4>b5"))
    assert events == [GoodMoved(0, sq("b4"), sq("b5"), good("I"), True)]
    assert on(game, "b5") == ["1I"]
    # Now on top, it can be stolen.
    game = camel(game, 1, "b5")
    game.push(END_TURN)
    assert game.seat == 1
    assert parse_action("$b5/1I") in game.legal_actions()


def test_r11_good_moves_only_to_your_own_camels() -> None:
    game = blank()
    game = camel(game, 0, "a1", "S")
    game = camel(game, 1, "a2")
    assert good_moves(game) == []
    assert game.why_illegal(mg("Sa1>a2")) is not None


def test_r12_delivery_only_in_the_city_of_that_good() -> None:
    game = blank()
    game = camel(game, 0, "d6", "S")  # salt goes to Timbuktu d5, not Marrakech d7
    game = camel(game, 0, "d7")
    game = camel(game, 0, "d5", "H")  # laden, so Timbuktu is not a target yet
    events = game.push(mg("Sd6>d7"))
    assert not any(isinstance(e, GoodDelivered) for e in events)
    assert on(game, "d7") == ["1S"]
    game = camel(game, 0, "d6")
    game = camel(game, 0, "d5")
    events = game.push(mg("Sd7>d5"))
    assert events[-1] == GoodDelivered(0, sq("d5"), good("S"), 3)
    assert game.score()[0].common == 3


def test_r12_every_city_takes_its_own_good() -> None:
    for g, info in enumerate(GOODS):
        game = blank()
        city = info.city_square
        nb = NEIGHBOURS[city][0]
        game = camel(game, 0, SQUARE_NAMES[nb], info.letter)
        game = camel(game, 0, SQUARE_NAMES[city])
        events = game.push(move_good(nb, city, g, False))
        assert events[-1] == GoodDelivered(0, city, g, info.points)
        assert game.deliveries(0)[Good(g)] == 1


def test_i4_two_camels_on_one_square_connect_and_other_players_never_do() -> None:
    game = blank()
    game = camel(game, 0, "c4", "M")
    game = camel(game, 1, "c5")  # another player's camel between ours
    game = camel(game, 0, "c6")
    assert good_moves(game) == []
    # Two of our camels on c5 with seat 1's: ours now bridge c4 and c6.
    game = camel(game, 0, "c5")
    assert good_moves(game) == ["Mc4>c5", "Mc4>c6"]


def test_i5_good_moves_to_an_unladen_camel_on_the_same_square() -> None:
    game = blank()
    game = camel(game, 0, "g5", "P")
    assert good_moves(game) == []
    game = camel(game, 0, "g5")
    assert good_moves(game) == ["Pg5>g5"]
    game.push(mg("Pg5>g5"))
    assert on(game, "g5") == ["1", "1P"]


def test_i5_same_square_move_on_a_city_delivers() -> None:
    game = blank()
    game = camel(game, 0, "g4", "P")
    game = camel(game, 0, "g4")
    events = game.push(mg("Pg4>g4"))
    assert events[-1] == GoodDelivered(0, sq("g4"), good("P"), 6)
