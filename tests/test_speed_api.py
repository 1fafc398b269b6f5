"""What searches use: legal actions grouped by kind, the unchecked push_legal,
and undo/redo that stay exact and cheap in memory over whole games."""

from __future__ import annotations

import random
import tracemalloc
from collections import Counter

import pytest

from caravan import city_wants
from caravan.actions import (
    END_TURN,
    Action,
    EndTurn,
    MoveCamel,
    MoveGood,
    PickUp,
    PlaceCamel,
    Steal,
    parse_action,
)
from caravan.chance import SeededChance
from caravan.errors import IllegalActionError
from caravan.events import GameOver, Refilled
from caravan.game import Game
from caravan.options import Options, default_players
from caravan.playout import courier_action, random_action
from caravan.record import from_dict, to_dict
from tests.positions import blank, camel, loose, refill_ready, sq

KINDS: dict[str, type] = {
    "end_turn": EndTurn,
    "places": PlaceCamel,
    "camel_moves": MoveCamel,
    "pick_ups": PickUp,
    "steals": Steal,
    "goods_moves": MoveGood,
}


def played(
    players: int, seed: int, *, casual: bool = False, short: bool = False, max_turns: int = 2000
) -> Game:
    """A complete game: the courier policy with a little random play mixed in."""
    game = Game(
        Options(players=default_players(players), casual=casual, short=short, max_turns=max_turns), seed=seed
    )
    rng = random.Random(seed)
    while not game.is_over():
        policy = random_action if rng.random() < 0.1 else courier_action
        game.push(policy(game, rng))
    return game


def kind_of(action: Action) -> str:
    """A finer kind than the type: deliveries and goods moved from under a camel."""
    name = type(action).__name__
    if isinstance(action, MoveGood):
        if city_wants(action.to) == action.good:
            name += " delivery"
        if action.under:
            name += " from under"
    return name


def test_undo_and_redo_are_exact_after_every_kind_of_action_over_whole_games() -> None:
    """R7-R14: pop restores the exact state after each action of complete games
    (all of them, back to the start), and redo replays the same events."""
    seen: Counter[str] = Counter()
    for players, seed, casual, short in ((2, 3, False, True), (3, 8, True, False), (4, 5, False, False)):
        game = played(players, seed, casual=casual, short=short)
        final = game.state_key()
        actions = [step.action for step in game.history]
        replay = from_dict({**to_dict(game), "history": []})  # the same game at its start
        keys = [replay.state_key()]
        events = []
        for step in game.history:
            ev = replay.push_recorded(step.action, step.draws)
            events.append(ev)
            keys.append(replay.state_key())
            seen[kind_of(step.action)] += 1
            seen.update(type(e).__name__ for e in ev if isinstance(e, (Refilled, GameOver)))
        assert replay.state_key() == final
        for n in range(len(actions), 0, -1):
            assert game.pop() is actions[n - 1]
            assert game.state_key() == keys[n - 1], f"after undoing action {n} ({actions[n - 1]})"
        with pytest.raises(IndexError):
            game.pop()
        for n, action in enumerate(actions):
            assert game.redo() == events[n], f"redo of action {n + 1} ({action})"
            assert game.state_key() == keys[n + 1]
        assert game.is_over() and not game.can_redo()
    # Every kind of action, and the rarer outcomes, were undone and redone.
    for kind in ("PlaceCamel", "MoveCamel", "PickUp", "Steal", "MoveGood", "MoveGood delivery", "EndTurn"):
        assert seen[kind], f"no {kind} in the games"
    assert any("from under" in k for k in seen), "no good moved from under a camel (R10)"
    assert seen["Refilled"] and seen["GameOver"] == 3


def test_undo_of_a_game_ended_by_the_turn_limit_reopens_it() -> None:
    """I10: undoing the end of the last turn gives the turn back."""
    game = Game(Options(max_turns=3), seed=4)
    rng = random.Random(4)
    while not game.is_over():
        game.push(random_action(game, rng))
    assert game.over == "turn limit"
    final = game.state_key()
    assert game.pop() is END_TURN
    assert not game.is_over() and game.winners == () and game.turn == 3
    game.redo()
    assert game.state_key() == final


def test_a_refused_replay_changes_nothing() -> None:
    """R13: wrong recorded draws are refused before the pick-up changes anything."""
    game = refill_ready()
    before = game.state_key()
    for draws in ((), (4,), (4, 4, 4, 4, 4), (99, 4, 4, 4)):
        with pytest.raises(IllegalActionError, match="draw"):
            game.push_recorded(PickUp(sq("c6")), draws)
        assert game.state_key() == before and not game.history
    with pytest.raises(IllegalActionError, match="draws"):
        game.push_recorded(PlaceCamel(sq("d4")), (4,))
    assert game.state_key() == before and not game.history


def positions(n_games: int = 6) -> list[Game]:
    out = []
    for seed in range(n_games):
        game = Game(Options(players=default_players(2 + seed % 3), casual=seed % 2 == 1), seed=seed)
        rng = random.Random(seed)
        while not game.is_over():
            out.append(game.copy())
            game.push(courier_action(game, rng) if rng.random() < 0.8 else random_action(game, rng))
        out.append(game)
    return out


def test_legal_by_kind_partitions_legal_actions() -> None:
    """Each group holds exactly the legal actions of its kind, in legal_actions()'s order."""
    groups_seen: Counter[str] = Counter()
    for game in positions():
        legal = game.legal_actions()
        by_kind = game.legal_by_kind()
        assert by_kind.all() == legal
        assert len(by_kind) == len(legal)
        union: list[Action] = []
        for name, cls in KINDS.items():
            group = getattr(by_kind, name)
            assert all(type(a) is cls for a in group), name
            assert group == [a for a in legal if type(a) is cls], name
            groups_seen[name] += bool(group)
            union += group
        assert set(union) == set(legal) and len(union) == len(legal)
        assert by_kind.deliveries() == [a for a in by_kind.goods_moves if city_wants(a.to) == a.good]
        if game.is_over():
            assert len(by_kind) == 0
    assert all(groups_seen[name] for name in KINDS), groups_seen


def test_legal_by_kind_groups_are_the_callers_own_lists() -> None:
    game = Game(Options(), seed=1)
    first = game.legal_by_kind()
    first.places.clear()
    assert game.legal_by_kind().places == [a for a in game.legal_actions() if isinstance(a, PlaceCamel)] != []


def test_push_legal_leaves_the_game_exactly_as_push_does() -> None:
    """push_legal: the same state, history, undo and redo as push, for every
    legal action of positions from whole games, draws included (R13)."""
    rng = random.Random(7)
    for n, game in enumerate(positions(4)):
        legal = game.legal_actions()
        for action in rng.sample(legal, min(6, len(legal))) + game.legal_by_kind().goods_moves[:2]:
            checked = game.copy(chance=SeededChance(n))
            unchecked = game.copy(chance=SeededChance(n))
            before = checked.state_key()
            events = checked.push(action)
            unchecked.push_legal(action)
            assert unchecked.state_key() == checked.state_key()
            assert unchecked.history == checked.history
            assert unchecked.pop() is action
            assert unchecked.state_key() == before
            assert unchecked.redo() == events
            assert unchecked.state_key() == checked.state_key()


def test_i11_push_recorded_with_push_draws_leaves_the_game_as_push_does() -> None:
    """I11: replaying an action with the draws push made gives the same
    events, state and history, for legal actions of positions from whole
    games (the check's camels are the ones moved), and pop undoes it exactly."""
    rng = random.Random(8)
    for n, game in enumerate(positions(4)):
        legal = game.legal_actions()
        for action in rng.sample(legal, min(6, len(legal))) + game.legal_by_kind().pick_ups[:2]:
            pushed = game.copy(chance=SeededChance(n))
            replayed = game.copy()
            before = replayed.state_key()
            events = pushed.push(action)
            assert replayed.push_recorded(action, pushed.history[-1].draws) == events
            assert replayed.state_key() == pushed.state_key()
            assert replayed.history == pushed.history
            assert replayed.pop() is action
            assert replayed.state_key() == before


def test_i11_a_replay_refused_for_its_draws_keeps_what_redo_could_replay() -> None:
    """I11: wrong recorded draws change nothing, the redo stack included."""
    game = refill_ready()
    game.push(PlaceCamel(sq("d4")))
    game.pop()
    with pytest.raises(IllegalActionError, match="draw"):
        game.push_recorded(PickUp(sq("c6")), (4,))
    assert game.can_redo() and not game.history


def test_copies_keep_every_field_of_the_game() -> None:
    """copy() and copy_position() carry every field the game has, a position's
    start (from_position) included; only history, undo and redo start empty."""
    played_game = Game(Options(), seed=3)
    played_game.push(PlaceCamel(sq("d4")))
    for game in (played_game, Game.from_position(played_game.position(), seed=3)):
        for copy in (game.copy(), game.copy_position()):
            assert sorted(vars(copy)) == sorted(vars(game))
            assert copy.start_position() == game.start_position()
            assert copy.state_key() == game.state_key() and copy.setup_goods() == game.setup_goods()


def test_push_legal_ends_what_redo_could_replay() -> None:
    game = Game(Options(), seed=2)
    game.push(PlaceCamel(sq("d4")))
    game.pop()
    assert game.can_redo()
    game.push_legal(game.legal_actions()[-1])
    assert not game.can_redo()


def test_checked_push_still_refuses_with_a_plain_reason() -> None:
    game = Game(Options(), seed=2)
    with pytest.raises(IllegalActionError, match="no camel on d4"):
        game.push(MoveCamel(sq("d4"), sq("d5")))
    assert not game.history


def test_history_costs_at_most_200_bytes_per_action() -> None:
    """Memory a whole game's history keeps (actions, draws and undo), measured
    by tracemalloc: what a long game or a search's stack costs."""
    options = Options(players=default_players(4), max_turns=2000)

    def play() -> Game:
        game = Game(options, seed=12)
        rng = random.Random(12)
        while not game.is_over():
            game.push(courier_action(game, rng))
        return game

    play()  # first, so the actions met are already interned (shared, not history)
    tracemalloc.start()
    try:
        start = tracemalloc.get_traced_memory()[0]
        fresh = Game(options, seed=12)
        own = tracemalloc.get_traced_memory()[0] - start
        del fresh
        start = tracemalloc.get_traced_memory()[0]
        game = play()
        kept = tracemalloc.get_traced_memory()[0] - start - own
    finally:
        tracemalloc.stop()
    assert len(game.history) > 400
    assert kept / len(game.history) <= 200, f"{kept / len(game.history):.0f} bytes per action"


def _reasons_position() -> Game:
    # Seat 0: ivory on c7 next to an unladen camel on d7 (R11), salt under a
    # camel on a1 (R10), an unladen camel alone on g1; seat 1 carries gems on g1.
    game = blank()
    for square, load, under in (
        ("d7", None, False),
        ("c7", "I", False),
        ("a1", "S", True),
        ("g1", None, False),
    ):
        game = camel(game, 0, square, load, under=under)
    game = camel(game, 1, "g1", "G")
    return loose(game, "d7", "M")


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("Ic7>d7", None),
        ("Pc7>d7", "you have no camel with paper on it on c7"),
        ("I_c7>d7", "you have no camel with ivory under it on c7"),
        ("Ic7>c6", "you have no unladen camel on c6 (a good may not end on a laden camel, R11)"),
        ("Ic7>g1", "your camels on c7 and g1 are not connected orthogonally (R11)"),
        ("S_a1>g1", "your camels on a1 and g1 are not connected orthogonally (R11)"),
        ("c7-d5", "a camel carrying a good cannot move (R7)"),
        ("b2-d5", "you have no camel on b2"),
        ("d7-d7", "the camel is already there (I3)"),
        ("+d7", None),
        ("+g1", "there is no good to pick up on g1"),
        ("+c7", "you have no unladen camel on c7"),
        ("$g1/2G", None),
        ("$g1/2I", "player 2 has no camel carrying ivory on g1"),
        ("$c7/2G", "you have no unladen camel on c7"),
    ],
)
def test_why_illegal_names_the_rule_for_each_kind(text: str, reason: str | None) -> None:
    """R7, R8, R10, R11, I3: the checked push refuses with the rule's reason,
    in plain words, and changes nothing; a legal action is one of legal_actions()."""
    game = _reasons_position()
    action = parse_action(text)
    assert game.why_illegal(action) == reason
    assert (action in game.legal_actions()) == (reason is None)
    if reason is not None:
        before = game.state_key()
        with pytest.raises(IllegalActionError) as info:
            game.push(action)
        assert str(info.value) == f"{text}: {reason}"
        assert game.state_key() == before and not game.history


def test_r9_no_pick_up_or_steal_that_would_leave_every_camel_laden() -> None:
    game = blank()
    for square, load in (("a1", "S"), ("b1", "S"), ("c1", "S"), ("d1", None), ("e1", "I")):
        game = camel(game, 0, square, load)
    game = camel(game, 1, "d1", "G")
    game = loose(game, "d1", "M")
    assert game.why_illegal(parse_action("+d1")) == (
        "you may not pick up a good that would leave all your camels laden (R9)"
    )
    assert game.why_illegal(parse_action("$d1/2G")) == (
        "you may not steal a good that would leave all your camels laden (R9, I2)"
    )


def test_legal_actions_are_values_a_set_or_dict_can_hold() -> None:
    """Actions built anew (parsed, constructed) find the listed ones in a set
    or dict: what a search's transposition table or move ordering relies on."""
    rng = random.Random(3)
    for game in positions(2)[::7]:
        legal = game.legal_actions()
        seen = {action: n for n, action in enumerate(legal)}
        assert len(seen) == len(legal)
        for action in rng.sample(legal, min(20, len(legal))):
            again = parse_action(str(action))
            assert again in seen and legal[seen[again]] is action


def test_state_key_is_a_hashable_key_equal_for_transpositions() -> None:
    """A search's transposition table: two orders of the same placements (R7)
    reach one key, usable in a set; a different position has another key."""
    game = Game(Options(), seed=3)
    for action in ("@c3", "end"):
        game.push(parse_action(action))
    seen: set[object] = set()
    for first, second in (("@a1", "@b1"), ("@b1", "@a1"), ("@a1", "@c1")):
        game.push(parse_action(first))
        game.push(parse_action(second))
        seen.add(game.state_key())
        game.pop()
        game.pop()
    assert len(seen) == 2
    assert hash(game.state_key()) == hash(game.copy_position().state_key())
