"""The last turn's marks and the animation plan, from events and positions."""

from __future__ import annotations

from caravan.actions import parse_action
from caravan.game import Game
from tests.positions import blank, camel, refill_ready, sq
from web.board.board_pieces import token_place
from web.board.motion import chain_path, last_turn_marks, plan


def _push(game: Game, *texts: str) -> Game:
    for text in texts:
        game.push(parse_action(text))
    return game


def test_r5_the_previous_turns_squares_are_marked_until_the_next_player_acts() -> None:
    game = blank()
    game = camel(game, 0, "c6")
    game = camel(game, 0, "d6", "I")
    game = camel(game, 0, "d5")
    _push(game, "@a1", "c6-c5", "Id6>d5")
    assert last_turn_marks(game) == {}, "no marks while the turn is being played"
    _push(game, "end")
    assert last_turn_marks(game) == {
        sq("a1"): "to",
        sq("c6"): "from",
        sq("c5"): "to",
        sq("d6"): "from",
        sq("d5"): "to",
    }
    _push(game, "@g1")
    assert last_turn_marks(game) == {}, "the next player's first action clears them"


def test_a_square_left_and_reached_in_one_turn_is_marked_both() -> None:
    game = blank()
    game = camel(game, 0, "c6")
    _push(game, "c6-c5", "@c6", "end")
    assert last_turn_marks(game)[sq("c6")] == "from to"


def test_a_turn_ended_at_once_marks_nothing() -> None:
    game = blank()
    _push(game, "end")
    assert last_turn_marks(game) == {}


def test_r11_a_good_travels_along_its_chain_not_across_the_board() -> None:
    game = blank(casual=True)
    for name in ("b2", "b3", "b4", "c4", "d4"):
        game = camel(game, 0, name)
    game = camel(game, 0, "b2", "I")
    # b2 to d4 through the group: b3, b4, c4 (c2, c3 hold no camel of ours).
    assert [n for n in chain_path(game, 0, sq("b2"), sq("d4"))] == [
        sq(s) for s in ("b2", "b3", "b4", "c4", "d4")
    ]


def test_a_camel_slides_from_where_it_was_drawn_to_where_it_is() -> None:
    game = blank()
    game = camel(game, 0, "c6")
    before = game.copy_position()
    events = game.push(parse_action("c6-c5"))
    motion = plan(before, game, events)
    (anim,) = motion.anims
    assert anim.selector == '[data-on="c5"] .piece[data-token="1"]'
    old, new = token_place(sq("c6"), 0, 1), token_place(sq("c5"), 0, 1)
    assert anim.keyframes[0]["transform"] == f"translate({old[0] - new[0]:.1f}px, {old[1] - new[1]:.1f}px)"
    assert anim.keyframes[-1]["transform"] == "none"


def test_r12_a_delivery_goes_to_the_city_then_rises_with_its_points() -> None:
    game = blank()
    game = camel(game, 0, "d6", "I")
    game = camel(game, 0, "d7")
    before = game.copy_position()
    events = game.push(parse_action("Id6>d7"))
    motion = plan(before, game, events)
    assert motion.ghosts.count('class="ghost"') == 2  # the good and its "+6"
    assert "+6" in motion.ghosts
    good = next(a for a in motion.anims if a.selector.endswith('[data-ghost="0"]'))
    assert good.keyframes[-1]["opacity"] == 0, "the delivered good leaves the board"


def test_r13_refilled_goods_drop_in_one_after_another() -> None:
    game = refill_ready()
    before = game.copy_position()
    events = game.push(parse_action("+c6"))
    drops = [a for a in plan(before, game, events).anims if "[data-loose]" in a.selector]
    assert drops, "the refill placed goods"
    assert [a.delay for a in drops] == sorted(a.delay for a in drops)
    assert len({a.delay for a in drops}) == len(drops), "each good drops after the one before"
