"""Properties of every reachable position, checked after every action of random games:
conservation of goods / demand / theft markers (R1-R3, I9), undo and redo, records,
legal_actions agreeing with why_illegal and with legal_by_kind, and push_legal
leaving the game exactly as push does."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from caravan.actions import Action, EndTurn, all_actions
from caravan.chance import SeededChance
from caravan.game import Game
from caravan.options import Options, default_players
from caravan.playout import courier_action, random_action
from caravan.record import dumps, loads
from tests.positions import check_invariants, expected_score

ALL_ACTIONS: list[Action] = list(all_actions())


def check_legality(game: Game, rng: random.Random) -> None:
    """why_illegal(a) is None exactly for a in legal_actions(), on a sample of all actions."""
    legal = game.legal_actions()
    legal_set = set(legal)
    assert len(legal_set) == len(legal), "legal_actions lists an action twice"
    for a in rng.sample(legal, min(25, len(legal))):
        assert game.why_illegal(a) is None, str(a)
    for a in rng.sample(ALL_ACTIONS, 60):
        assert (game.why_illegal(a) is None) == (a in legal_set), str(a)
    # Costs fit in what is left.
    for a in legal[:10]:
        assert game.cost(a) <= game.left
    # The groups by kind are the same actions, in the same order.
    by_kind = game.legal_by_kind()
    assert by_kind.all() == legal
    for group in (by_kind.places, by_kind.camel_moves, by_kind.pick_ups, by_kind.steals, by_kind.goods_moves):
        assert len({type(a) for a in group}) <= 1


def check_step(game: Game, action: Action) -> None:
    """Push ``action``; then undo must restore the state exactly and redo reproduce it,
    and push_legal must leave the same game as push (draws alike, R13)."""
    twins = (
        game.copy(chance=SeededChance(len(game.history))),
        game.copy(chance=SeededChance(len(game.history))),
    )
    twins[0].push(action)
    twins[1].push_legal(action)
    assert twins[0].state_key() == twins[1].state_key() and twins[0].history == twins[1].history
    before = game.state_key()
    seat, left, turn, cost = game.seat, game.left, game.turn, game.cost(action)
    events = game.push(action)
    after = game.state_key()
    if isinstance(action, EndTurn):  # R5
        assert game.turn == turn + 1 and game.seat == (seat + 1) % game.seats
        assert game.left == min(turn + 1, 4)
    else:  # R7 / I3 costs, 1 for the rest
        assert game.left == left - cost and game.seat == seat
    assert all(getattr(e, "seat", seat) == seat for e in events)
    assert game.pop() is action
    assert game.state_key() == before
    assert game.redo() == events
    assert game.state_key() == after
    check_invariants(game)


def check_record(game: Game) -> None:
    back = loads(dumps(game))
    assert back.state_key() == game.state_key()
    assert json.loads(dumps(back)) == json.loads(dumps(game))


games = st.fixed_dictionaries(
    {
        "players": st.integers(2, 4),
        "casual": st.booleans(),
        "short": st.booleans(),
        "seed": st.integers(0, 2**32),
        "courier": st.floats(0.0, 1.0),
        "max_turns": st.integers(1, 150),
    }
)


@settings(max_examples=40, deadline=None)
@given(games)
def test_invariants_hold_after_every_action_of_random_games(g: dict[str, object]) -> None:
    options = Options(
        players=default_players(g["players"]),  # type: ignore[arg-type]
        casual=g["casual"],  # type: ignore[arg-type]
        short=g["short"],  # type: ignore[arg-type]
        max_turns=g["max_turns"],  # type: ignore[arg-type]
    )
    game = Game(options, seed=g["seed"])  # type: ignore[arg-type]
    rng = random.Random(g["seed"])  # type: ignore[arg-type]
    check_invariants(game)
    n = 0
    while not game.is_over():
        check_legality(game, rng)
        policy = courier_action if rng.random() < g["courier"] else random_action  # type: ignore[operator]
        check_step(game, policy(game, rng))
        n += 1
        if n % 40 == 0:
            check_record(game)
    check_record(game)
    assert game.over in ("delivery", "turn limit")
    assert game.turn <= options.max_turns + 1  # type: ignore[operator]
    assert [line.total for line in game.score()] == [expected_score(game, s) for s in range(game.seats)]


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 4), st.booleans(), st.booleans(), st.integers(0, 2**16), st.data())
def test_invariants_hold_for_actions_hypothesis_chooses(
    players: int, casual: bool, short: bool, seed: int, data: st.DataObject
) -> None:
    game = Game(Options(players=default_players(players), casual=casual, short=short), seed=seed)
    rng = random.Random(seed)
    for _ in range(data.draw(st.integers(1, 80))):
        legal = game.legal_actions()
        # Lean away from ending turns so positions fill up with camels and goods.
        useful = legal[1:] if len(legal) > 1 and data.draw(st.integers(0, 5)) else legal
        check_step(game, data.draw(st.sampled_from(useful)))
        check_legality(game, rng)
    check_record(game)
