"""Position notation (docs/POSITION.md): position -> text -> position is the
identity on positions reached by play, text that is malformed or describes
an impossible position raises PositionError and nothing else, and the bag's
order is never part of a position (I11)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from caravan import (
    Camel,
    Game,
    Good,
    Options,
    PositionError,
    State,
    default_players,
    format_position,
    parse_position,
)
from caravan.actions import PICK
from caravan.events import Refilled
from caravan.playout import courier_action, random_action
from tests.positions import blank, camel, check_invariants, keep_in_bag, loose, refill_ready, sq
from tests.test_refusals import check

START = "2 a1H*1/g1M*1/e2S/b3M/f5S/c6W/a7H*1/g7P*1 *0$1/*0$1 I3C3G3P2M7W8S7H7 1 1 1 - -"


def play(seed: int, actions: int, *, players: int = 2, casual: bool = False, short: bool = False) -> Game:
    options = Options(players=default_players(players), casual=casual, short=short)
    game = Game(options, seed=seed)
    rng = random.Random(seed)
    for _ in range(actions):
        if game.is_over():
            break
        game.push(courier_action(game, rng) if rng.random() < 0.8 else random_action(game, rng))
    return game


# -------------------------------------------------------------- the format


def test_the_start_of_a_game_is_written_as_the_docs_show() -> None:
    """Pins the format of docs/POSITION.md's first example."""
    assert Game(Options(), seed=7).position() == START
    game = Game.from_position(START)
    assert game.position() == START
    assert game.loose_at(sq("a1")) is Good.HIDES and game.demand_at(sq("a1")) == 1
    assert game.bag_count == 40 and (game.seat, game.left, game.turn) == (0, 1, 1)


def test_every_part_of_a_position_is_written() -> None:
    game = blank(players=3, casual=True, short=True, seat=2, turn=7)
    game = camel(game, 0, "c6", "I")
    game = camel(game, 1, "c6", "C", under=True)
    game = camel(game, 2, "c6")
    game = loose(game, "c6", "S")
    text = game.position()
    fields = text.split(" ")
    assert fields[0] == "3cs"
    assert fields[1] == "c6S:1I,2_C,3"
    assert fields[2] == "*0$1/*0$1/*0$1"
    assert fields[3] == "I1C1G2P2M6W6S5H6"
    assert fields[4:] == ["3", "4", "7", "-", "-"]


@pytest.mark.parametrize("seed", range(3))
def test_a_finished_game_round_trips_with_its_outcome(seed: int) -> None:
    game = play(seed, 3000, short=True)
    assert game.is_over()
    again = Game.from_position(game.position())
    assert again.state() == game.state() and again.outcome() == game.outcome()
    assert again.legal_actions() == []


# ---------------------------------------------------------- the round trip


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    actions=st.integers(0, 400),
    players=st.integers(2, 4),
    casual=st.booleans(),
    short=st.booleans(),
)
def test_position_text_position_is_the_identity_on_positions_reached_by_play(
    seed: int, actions: int, players: int, casual: bool, short: bool
) -> None:
    game = play(seed, actions, players=players, casual=casual, short=short)
    text = game.position()
    assert format_position(parse_position(text)) == text
    again = Game.from_position(text, options=game.options, seed=seed)
    assert again.state() == game.state()
    assert again.state_key() == game.state_key()
    assert again.legal_actions() == game.legal_actions()
    assert [line.total for line in again.score()] == [line.total for line in game.score()]
    check_invariants(again)


def test_a_game_from_a_position_plays_on_and_undoes_back_to_it() -> None:
    game = play(11, 120)
    text = game.position()
    again = Game.from_position(text, seed=3)
    assert again.start_position() == text and game.start_position() is None
    assert again.history == []
    rng = random.Random(3)
    for _ in range(80):
        if again.is_over():
            break
        again.push(courier_action(again, rng))
        check_invariants(again)
    while again.history:
        again.pop()
    assert again.position() == text
    with pytest.raises(IndexError):
        again.pop()


def test_i11_the_bag_order_is_not_part_of_a_position() -> None:
    game = refill_ready()
    text = game.position()

    def refill(seed: int) -> tuple[tuple[int, int], ...]:
        events = Game.from_position(text, seed=seed).push(PICK[sq("c6")])
        return next(e for e in events if isinstance(e, Refilled)).placed

    assert refill(1) == refill(1)  # seeded: reproducible
    assert len({refill(s) for s in range(8)}) > 1  # the position does not fix the draws


def test_options_give_names_and_must_match_the_positions_variant() -> None:
    named = Options(players=default_players(2))
    assert Game.from_position(START, options=named).options.players == named.players
    with pytest.raises(PositionError, match="options"):
        Game.from_position(START, options=Options(short=True))
    with pytest.raises(PositionError, match="options"):
        Game.from_position(START, options=Options(players=default_players(3)))


# ------------------------------------------------------------------ errors

VALID = START


@pytest.mark.parametrize(
    ("text", "words"),
    [
        # R2: more goods than exist, or goods missing.
        (VALID.replace("I3C3", "I4C3"), "has 3 ivory, but this position has 4"),
        (VALID.replace("H7 ", "H6 "), "has 9 hides, but this position has 8"),
        # A camel carrying two goods: the notation has no way to say it.
        (VALID.replace("c6W", "c6W:1IC"), "each square"),
        # R1: more camels than a player has.
        (VALID.replace("c6W", "c6W:1,1,1,1,1,1"), "6 camels on the board but only 5"),
        # I9: more demand markers than exist (4 are on the board).
        (VALID.replace("*0$1/*0$1", "*41$1/*0$1"), "44 demand markers in all"),
        # R1, R10: theft markers only change hands.
        (VALID.replace("*0$1/*0$1", "*0$2/*0$1"), "theft markers"),
        # R5: more actions left than the turn has.
        (VALID.replace(" 1 1 1 - -", " 1 2 1 - -"), "turn 1 has 1 actions"),
        (VALID.replace(" 1 1 1 - -", " 3 1 1 - -"), "player to move"),
        (VALID.replace(" 1 1 1 - -", " 1 1 0 - -"), "turns are counted from 1"),
        # R14: the trigger is the empty bag.
        (VALID.replace(" - -", " triggered -"), "exactly when the bag is empty"),
        (VALID.replace(" - -", " - delivery"), "only once the end is triggered"),
        # Syntax.
        ("", "9 fields"),
        (VALID + " ", "9 fields"),
        (" " + VALID, "9 fields"),
        (VALID.replace(" ", "  ", 1), "9 fields"),
        (VALID.replace("2 ", "5 ", 1), "player count"),
        (VALID.replace("a1H*1/g1M*1", "g1M*1/a1H*1"), "out of order"),
        (VALID.replace("a1H*1", "a1H*01"), "each square"),
        (VALID.replace("a1H*1", "a1H*0"), "each square"),
        (VALID.replace("a1H*1", "a1H*1:3"), "player 3, in a 2-player game"),
        (VALID.replace("a1H*1", "a1H*1:1_"), "'_' but no good"),
        (VALID.replace("I3C3G3P2", "C3I3G3P2"), "the bag is written"),
        (VALID.replace("*0$1/*0$1", "*0$1"), "one entry per player"),
        (VALID.replace("*0$1/*0$1 I3C3G3P2M7W8", "*0$1/*0$1WM I3C3G3P2M6W7"), "one canonical way"),
        (VALID.replace(" - -", " - resigned"), "outcome"),
        (VALID.replace(" - -", " x -"), "end field"),
        (VALID.replace(" 1 1 1 ", " 1 1 01 "), "turn number"),
        (VALID.replace(" 1 1 1 ", " 1 1 \u0661 "), "turn number"),  # an Arabic-Indic one
        ("x" * 5000, "at most 2000 characters"),
    ],
)
def test_malformed_or_impossible_positions_raise_position_error(text: str, words: str) -> None:
    with pytest.raises(PositionError) as caught:
        Game.from_position(text)
    assert words in str(caught.value)
    assert len(str(caught.value)) < 600  # a bounded excerpt, never the whole input


def test_r9_i1_a_player_with_every_camel_laden_is_refused() -> None:
    state = blank().state()
    laden = tuple(Camel(0, sq(f"a{k + 1}"), Good.MEAT) for k in range(5))
    bag = tuple(n - 5 if g == Good.MEAT else n for g, n in enumerate(state.bag))
    with pytest.raises(PositionError, match="R9"):
        Game.from_state(replace(state, camels=laden, bag=bag))


def test_a_state_built_by_hand_is_checked_like_text() -> None:
    state = blank().state()
    with pytest.raises(PositionError, match="not a good"):
        Game.from_state(replace(state, camels=(Camel(0, 3, 9),)))  # type: ignore[arg-type]
    with pytest.raises(PositionError, match="not on the board"):
        Game.from_state(replace(state, camels=(Camel(0, 49),)))
    with pytest.raises(PositionError, match="nothing under"):
        Game.from_state(replace(state, camels=(Camel(0, 3, None, True),)))
    with pytest.raises(PositionError):
        Game.from_state(replace(state, bag=(1, 2)))
    with pytest.raises(PositionError):
        parse_position(b"2 - ...")  # type: ignore[arg-type]


def test_r14_an_empty_bag_is_written_triggered() -> None:
    game = keep_in_bag(blank(), "")
    assert game.end_triggered() and game.position().split(" ")[-2] == "triggered"
    assert Game.from_position(game.position()).end_triggered()


# ------------------------------------------------------------------- fuzz

# Characters the notation uses, and the troublemakers: whitespace of every
# kind, control and format characters, lone surrogates, look-alikes of the
# notation's letters and digits.
NOTATION = "abcdefg1234567ICGPMWSH*$:,/_- 0123456789triggeredlivyunmtas"
TROUBLE = (
    "\t\n\r\x0b\x0c\x1c\x1d\x1e\x1f\x85\xa0\u2028\u2029\u3000\u200b\u200d\u2060\ufeff"
    "\x00\x07\x1b\x7f\ud800\udfff\u0131\u0406\u0399\u0421\uff11\u0661\u2217\uff04\u0430\u04cf"
)
CHARS = st.sampled_from(NOTATION + TROUBLE)


def _valid_texts() -> st.SearchStrategy[str]:
    return st.builds(
        lambda seed, n, players, short: play(seed, n, players=players, short=short).position(),
        st.integers(0, 500),
        st.integers(0, 250),
        st.integers(2, 4),
        st.booleans(),
    )


@st.composite
def mutated(draw: st.DrawFn) -> str:
    """A position reached by play with a few edits anywhere in it: characters
    inserted, deleted, replaced or swapped, a piece repeated (up to huge), a
    count or a good's letter changed (which keeps the syntax and tests the checks)."""
    text = draw(_valid_texts())
    rng = draw(st.randoms(use_true_random=False))
    for _ in range(draw(st.integers(1, 4))):
        i = rng.randrange(len(text) + 1)
        kind = draw(st.sampled_from(["insert", "delete", "replace", "swap", "repeat", "count", "good"]))
        if kind == "insert":
            text = text[:i] + draw(CHARS) + text[i:]
        elif kind == "delete":
            text = text[:i] + text[i + 1 :]
        elif kind == "replace":
            text = text[:i] + draw(CHARS) + text[i + 1 :]
        elif kind == "swap" and i + 1 < len(text):
            text = text[:i] + text[i + 1] + text[i] + text[i + 2 :]
        elif kind == "repeat":
            text = text[:i] + text[i : i + 8] * draw(st.integers(2, 400)) + text[i + 8 :]
        else:
            chars = "0123456789" if kind == "count" else "ICGPMWSH"
            spots = [k for k, ch in enumerate(text) if ch in chars]
            if spots:
                k = rng.choice(spots)
                text = text[:k] + rng.choice(chars) + text[k + 1 :]
    return text


def _check(text: str) -> None:
    """Either a valid position that round-trips and plays, or PositionError."""
    try:
        game = Game.from_position(text, seed=0)
    except PositionError as error:
        assert len(str(error)) < 600
        assert check(error.refusal).code.startswith("position_")  # issue 13: a code a page can word
        return
    assert game.position() == text
    check_invariants(game)
    game.legal_actions()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_from_position_on_mutated_text_is_a_valid_position_or_position_error(text: str) -> None:
    _check(text)


@settings(max_examples=150, deadline=None)
@given(
    st.one_of(
        st.text(CHARS, max_size=120),
        st.text(max_size=80),
        st.builds(lambda s, n: s * n, st.text(CHARS, min_size=1, max_size=9), st.integers(200, 20_000)),
        st.builds(lambda n: "9" * n, st.integers(1, 6000)),
    )
)
def test_from_position_on_any_text_is_a_valid_position_or_position_error(text: str) -> None:
    _check(text)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.text(CHARS, max_size=30), min_size=9, max_size=9),
)
def test_from_position_on_nine_random_fields_raises_only_position_error(fields: list[str]) -> None:
    _check(" ".join(fields))


def test_mutations_do_reach_valid_positions_too() -> None:
    """The mutation test is not only about errors: editing a count that keeps
    the totals (a demand marker moved between squares) gives a valid position."""
    state = parse_position(START)
    moved = replace(
        state,
        demand=tuple(0 if i == sq("a1") else 2 if i == sq("g1") else n for i, n in enumerate(state.demand)),
    )
    text = format_position(moved)
    _check(text)
    assert Game.from_position(text).demand_at(sq("g1")) == 2


def test_state_round_trips_through_its_own_text() -> None:
    state: State = parse_position(START)
    assert parse_position(format_position(state)) == state


def test_i10_a_game_nobody_ends_round_trips_at_any_turn_number() -> None:
    text = START.replace(" 1 1 1 - -", " 2 4 12345 - -")
    assert Game.from_position(text).turn == 12345
    assert Game.from_position(text).position() == text
