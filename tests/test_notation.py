"""Action notation: every interned action round-trips; syntax errors and illegal actions
are different errors; a refused action leaves the game as it was."""

from __future__ import annotations

import copy
import gc
import pickle
import re
import weakref
from collections.abc import Callable
from dataclasses import FrozenInstanceError, replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from caravan.actions import (
    END_TURN,
    PLACE,
    Action,
    EndTurn,
    MoveCamel,
    MoveGood,
    PickUp,
    PlaceCamel,
    Steal,
    all_actions,
    parse_action,
)
from caravan.board import GOOD_LETTERS, SQUARE_NAMES
from caravan.errors import IllegalActionError, NotationError
from caravan.game import Game
from caravan.goods import Good
from caravan.options import Options

ALL = list(all_actions())


def test_every_interned_action_round_trips() -> None:
    assert len(ALL) == 1 + 49 + 49 + 49 * 49 + 49 * 4 * 8 + 49 * 49 * 8 * 2
    texts = [str(a) for a in ALL]
    assert len(set(texts)) == len(texts)  # the notation tells every action apart
    for action, text in zip(ALL, texts, strict=True):
        parsed = parse_action(text)
        assert parsed is action  # interned: the very same object
        assert str(parsed) == text


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("@d4", PlaceCamel(24)),
        ("c6-d4", MoveCamel(37, 24)),
        ("+c6", PickUp(37)),
        ("$c6/2I", Steal(37, 1, 0)),
        ("Ic6>d4", MoveGood(37, 24, 0, False)),
        ("I_c6>d4", MoveGood(37, 24, 0, True)),
        ("Ha1>g7", MoveGood(0, 48, 7, False)),
        ("end", END_TURN),
    ],
)
def test_notation_examples_from_the_docs(text: str, action: Action) -> None:
    assert parse_action(text) == action
    assert str(action) == text


square = st.sampled_from(SQUARE_NAMES)
letter = st.sampled_from(GOOD_LETTERS)
canonical = st.one_of(
    st.builds(lambda s: "@" + s, square),
    st.builds(lambda a, b: f"{a}-{b}", square, square),
    st.builds(lambda s: "+" + s, square),
    st.builds(lambda s, v, g: f"${s}/{v}{g}", square, st.integers(1, 4), letter),
    st.builds(lambda g, u, a, b: f"{g}{'_' if u else ''}{a}>{b}", letter, st.booleans(), square, square),
    st.just("end"),
)


@settings(max_examples=300, deadline=None)
@given(canonical)
def test_generated_notation_round_trips(text: str) -> None:
    action = parse_action(text)
    assert str(action) == text
    assert parse_action(str(action)) == action


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="@+$/_>-end abcdefghIMWSHCGPXZ012345789", max_size=9))
def test_any_text_parses_to_an_action_or_raises_notation_error(text: str) -> None:
    try:
        action = parse_action(text)
    except NotationError as e:
        assert not isinstance(e, IllegalActionError)
        return
    assert parse_action(str(action)) == action


@pytest.mark.parametrize(
    "text",
    [
        "",
        "d4",
        "@h4",
        "@d8",
        "@d0",
        "c6-c",
        "+",
        "$c6/5I",
        "$c6/0I",
        "$c6/2X",
        "Xc6>d4",
        "Ic6>",
        "END",
        "end turn",
    ],
)
def test_bad_syntax_raises_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        parse_action(text)


def test_non_text_raises_notation_error() -> None:
    with pytest.raises(NotationError):
        parse_action(42)  # type: ignore[arg-type]


def test_notation_and_illegal_errors_are_distinct_types() -> None:
    assert not issubclass(NotationError, IllegalActionError)
    assert not issubclass(IllegalActionError, NotationError)


@pytest.mark.parametrize("text", ["+c6", "c6-d4", "$c6/2I", "Ic6>d4", "$c6/4I"])
def test_well_formed_but_illegal_raises_illegal_action_error_in_plain_words(text: str) -> None:
    game = Game(Options(), seed=7)
    game.push(PLACE[SQUARE_NAMES.index("e5")])
    game.push(END_TURN)
    game.push(PLACE[SQUARE_NAMES.index("b4")])
    game.pop()
    before = game.state_key()
    history = list(game.history)
    action = parse_action(text)
    with pytest.raises(IllegalActionError) as info:
        game.push(action)
    message = str(info.value)
    assert message.startswith(text + ": ")
    reason = message.removeprefix(text + ": ")
    assert re.fullmatch(r"[a-z][\w\s,.'()]+", reason), reason
    assert not any(
        name in message for name in ("PlaceCamel", "MoveCamel", "PickUp", "Steal(", "MoveGood", "None")
    )
    assert reason == game.why_illegal(action)
    # Untouched: same state, same history, and the undone action can still be redone.
    assert game.state_key() == before
    assert game.history == history
    assert game.can_redo()
    game.redo()
    assert str(game.history[-1].action) == "@b4"


# ------------------------------------------------------- exact parsing


@pytest.mark.parametrize(
    "text",
    [
        "\n@g6\x1f",  # str.strip() removed these: NOTATION.md says str(parse_action(s)) == s
        "@g6 ",
        " end",
        "end\t",
        "end\n",
        "\u3000@b3",
        "@b3\x85",
        "@b3\u2028",
        "\x1c+c6",
        "@b3\u200b",
        "@ｄ4",  # fullwidth look-alike
        "@d\u0664",  # an Arabic-Indic digit
        "End",
        "@D4",
        "ic6>d4",
        "$c6/2i",
    ],
)
def test_parsing_is_exact_no_whitespace_no_look_alikes_no_other_case(text: str) -> None:
    with pytest.raises(NotationError):
        parse_action(text)


def test_a_huge_action_gives_a_short_message_quoting_an_excerpt() -> None:
    text = "@" * 50_000_000
    with pytest.raises(NotationError) as info:
        parse_action(text)
    message = str(info.value)
    assert len(message) < 300
    assert "'@@@@" in message and "50,000,000 characters" in message


def test_an_unknown_good_letter_names_the_goods_in_a_short_message() -> None:
    with pytest.raises(NotationError) as info:
        parse_action("Xc6>d4")
    assert "'X' is not a good" in str(info.value) and "I (ivory)" in str(info.value)


# ------------------------------------ actions that name what the game lacks


def test_describe_of_a_steal_from_a_seat_not_in_the_game_raises_illegal_action_error() -> None:
    game = Game(Options(), seed=7)  # 2 players
    action = parse_action("$c6/3I")  # well-formed: seats go up to 4 in the notation
    with pytest.raises(IllegalActionError, match=r"^\$c6/3I: there is no such player$"):
        game.describe(action)
    assert game.why_illegal(action) is not None
    assert game.describe(parse_action("$c6/2I")) == "steal the ivory from Player 2 on c6"


@pytest.mark.parametrize(
    "action",
    [
        PlaceCamel(-1),
        PlaceCamel(49),
        MoveCamel(-1, 3),
        MoveCamel(3, 49),
        PickUp(-2),
        MoveGood(0, -1, 0, False),
    ],
)
def test_describe_and_cost_refuse_squares_off_the_board(action: Action) -> None:
    game = Game(Options(), seed=7)
    with pytest.raises(IllegalActionError, match="no such square"):
        game.describe(action)
    if isinstance(action, (PlaceCamel, MoveCamel)) and not 0 <= action.to < 49:
        with pytest.raises(IllegalActionError, match="no such square"):
            game.cost(action)
    assert game.why_illegal(action) == "there is no such square on the board"


def test_r7_cost_of_legal_placements_is_1_or_2() -> None:
    game = Game(Options(), seed=7)
    game.push(parse_action("end"))
    game.push(parse_action("@d4"))
    assert game.cost(parse_action("@d4")) == 2 and game.cost(parse_action("@d5")) == 1


# ------------------------------------------- one object per action value


fields = st.one_of(
    st.builds(PlaceCamel, st.integers(0, 48)),
    st.builds(MoveCamel, st.integers(0, 48), st.integers(0, 48)),
    st.builds(PickUp, st.integers(0, 48)),
    st.builds(Steal, st.integers(0, 48), st.integers(0, 3), st.integers(0, 7)),
    st.builds(MoveGood, st.integers(0, 48), st.integers(0, 48), st.integers(0, 7), st.booleans()),
    st.builds(EndTurn),
)


@settings(max_examples=200, deadline=None)
@given(fields)
def test_every_way_of_making_an_action_gives_the_same_object(action: Action) -> None:
    # Actions are values: equal ones are one object, so sets and dicts of them
    # (what searches build) hash by identity and still mean "by value".
    values = [getattr(action, name) for name in action.__match_args__]
    same = [
        type(action)(*values),
        type(action)(**dict(zip(action.__match_args__, values, strict=True))),
        replace(action),
        copy.copy(action),
        copy.deepcopy(action),
        pickle.loads(pickle.dumps(action)),
        pickle.loads(pickle.dumps(action, protocol=0)),
        parse_action(str(action)),
    ]
    assert all(a is action for a in same)
    assert len({action, *same}) == 1 and {action: 1}[same[-1]] == 1


def test_replace_gives_the_action_with_the_new_value() -> None:
    assert replace(MoveCamel(37, 24), to=SQUARE_NAMES.index("d5")) is parse_action("c6-d5")
    assert replace(MoveGood(37, 24, 0, False), under=True) is parse_action("I_c6>d4")


def test_actions_stay_immutable() -> None:
    action = MoveCamel(37, 24)
    with pytest.raises(FrozenInstanceError):
        action.to = 0  # type: ignore[misc]
    assert str(parse_action("c6-d4")) == "c6-d4"


def test_a_field_equal_to_an_int_in_range_is_that_int() -> None:
    # A Good is an int (goods.py), and so is a bool: equal values, one action.
    assert Steal(37, 1, Good.SALT) is Steal(37, 1, 6) and type(Steal(37, 1, Good.SALT).good) is int
    assert PlaceCamel(True) is PlaceCamel(1)
    assert MoveGood(37, 24, 0, 1) is parse_action("I_c6>d4")  # type: ignore[arg-type]
    assert MoveGood(37, 24, 0, 1).under is True  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("make", "reason"),
    [
        (lambda: PlaceCamel(-1), "there is no such square on the board"),
        (lambda: PlaceCamel(10**9), "there is no such square on the board"),
        (lambda: MoveCamel(3, 49), "there is no such square on the board"),
        (lambda: PickUp(1.0), "there is no such square on the board"),  # type: ignore[arg-type]
        (lambda: Steal(37, 9, 0), "there is no such player"),
        (lambda: MoveGood(37, 24, 8, False), "there is no such good"),
    ],
)
def test_an_action_naming_nothing_on_the_board_is_still_one_value(
    make: Callable[[], Action], reason: str
) -> None:
    # Constructing never validates (why_illegal, describe and cost do): such an
    # action is made, compares equal to itself only, and survives pickling.
    action = make()
    assert action is make() and action == make() and len({action, make()}) == 1
    assert pickle.loads(pickle.dumps(action)) is action and copy.copy(action) is action
    assert action not in set(all_actions())
    game = Game(Options(), seed=7)
    assert game.why_illegal(action) == reason
    with pytest.raises(IllegalActionError, match=reason):
        game.describe(action)
    with pytest.raises(IllegalActionError, match=reason):
        game.push(action)


def test_actions_naming_nothing_on_the_board_are_not_kept_once_dropped() -> None:
    ref = weakref.ref(PlaceCamel(-12345))
    gc.collect()
    assert ref() is None
