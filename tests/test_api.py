"""The public read API (docs/API.md): goods as a named type, camels with their
owner and load, everything on the board and in the players' hands, the
bag as counts (I11), and what a search needs. And a guard: nothing outside
``caravan/``, nor the terminal inside it, reads an underscore name, a raw
state list or an integer code."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

import caravan
from caravan import (
    ALL_GOODS,
    CAMELS,
    CASUAL_CAMELS,
    FULL_ACTIONS,
    NEIGHBOURS,
    Camel,
    Game,
    Good,
    Options,
    Outcome,
    Reason,
    actions_for_turn,
    camels_per_player,
    city_wants,
    default_players,
    draws_of,
    goods_in_game,
    parse_action,
)
from caravan.actions import END_TURN, PICK, PLACE, EndTurn, MoveCamel, MoveGood, PickUp, PlaceCamel, Steal
from caravan.events import Refilled
from caravan.playout import courier_action
from tests.positions import (
    blank,
    camel,
    check_invariants,
    deliver,
    demand,
    hold_markers,
    loose,
    refill_ready,
    sq,
)

ROOT = Path(__file__).resolve().parent.parent


# ------------------------------------------------------------------ goods


def test_goods_are_a_named_type_that_is_still_the_engines_int() -> None:
    assert [g.letter for g in ALL_GOODS] == list("ICGPMWSH")
    assert int(Good.IVORY) == 0 and int(Good.HIDES) == 7
    assert PICK[sq("c6")] == PickUp(sq("c6")) and Steal(0, 1, Good.SALT) == Steal(0, 1, 6)
    assert Good.from_letter("S") is Good.SALT and Good.SALT.label == "salt"
    assert [g for g in ALL_GOODS if g.rare] == [Good.IVORY, Good.CLOTH, Good.GEMS, Good.PAPER]  # R15
    assert Good.IVORY.points == 6 and Good.MEAT.points == 3  # R15
    with pytest.raises(ValueError):
        Good.from_letter("X")


def test_r12_which_city_wants_which_good() -> None:
    assert city_wants(sq("d7")) is Good.IVORY  # Marrakech
    assert city_wants(sq("e4")) is Good.HIDES  # Djenné
    assert city_wants(sq("a1")) is None
    assert all(city_wants(g.city_square) is g for g in ALL_GOODS)


def test_r1_r2_r5_the_variants_constants() -> None:
    assert camels_per_player(casual=False) == CAMELS == 5
    assert camels_per_player(casual=True) == CASUAL_CAMELS == 6
    assert sum(goods_in_game(short=False).values()) == 48
    assert goods_in_game(short=True) == {g: 2 if g.rare else 6 for g in ALL_GOODS}
    assert [actions_for_turn(k) for k in (1, 2, 3, 4, 9)] == [1, 2, 3, 4, 4] and FULL_ACTIONS == 4
    assert NEIGHBOURS[sq("a1")] == (sq("b1"), sq("a2"))  # R11: orthogonal only


# --------------------------------------------------------------- reading


def test_camels_at_names_the_owner_and_the_load_on_top_or_under() -> None:
    game = blank(players=3)
    game = camel(game, 1, "c6")
    game = camel(game, 0, "c6", "I")
    game = camel(game, 2, "c6", "C", under=True)
    game = camel(game, 0, "c6")
    assert game.camels_at(sq("c6")) == [
        Camel(0, sq("c6")),
        Camel(0, sq("c6"), Good.IVORY),
        Camel(1, sq("c6")),
        Camel(2, sq("c6"), Good.CLOTH, under=True),
    ]
    assert game.camels_at(sq("c5")) == []
    assert game.seat_camels(2) == [Camel(2, sq("c6"), Good.CLOTH, under=True)]
    assert game.supply(0) == 3 and game.held(0) == 1


def test_r8_r13_loose_goods_and_demand_markers_per_square() -> None:
    game = blank()
    game = loose(game, "c6", "I")
    game = demand(game, "c6", 2)
    assert game.loose_at(sq("c6")) is Good.IVORY and game.loose_at(sq("c5")) is None
    assert game.loose_goods() == {sq("c6"): Good.IVORY}
    assert game.demand_at(sq("c6")) == 2 and game.demand_on_board() == {sq("c6"): 2}
    assert game.demand_left() == 42  # I9: 44 in all


def test_r8_r10_markers_held_theft_markers_and_deliveries_per_seat() -> None:
    game = blank()
    game = hold_markers(game, 1, 3)
    game = deliver(game, 0, "M", 2)
    assert game.markers_held(1) == 3 and game.markers_held(0) == 0
    assert game.theft_markers(0) == game.theft_markers(1) == 1
    assert game.deliveries(0)[Good.MEAT] == 2 and sum(game.deliveries(1).values()) == 0
    assert set(game.deliveries(0)) == set(ALL_GOODS)


def test_i11_the_bag_is_counts_per_good_never_an_order() -> None:
    game = Game(Options(short=True), seed=2)
    contents = game.bag_contents()
    assert set(contents) == set(ALL_GOODS) and sum(contents.values()) == game.bag_count == 24
    on_board = list(game.loose_goods().values())
    assert all(contents[g] + on_board.count(g) == g.in_game(short=True) for g in ALL_GOODS)


def test_r14_r17_end_trigger_and_outcome() -> None:
    game = Game(Options(max_turns=2), seed=1)
    assert game.outcome() is None and not game.end_triggered()
    game.push(END_TURN)
    game.push(END_TURN)
    assert game.outcome() == Outcome(Reason.TURN_LIMIT, (0, 1))
    assert game.outcome().reason == "turn limit"  # type: ignore[union-attr]  # the old string still compares equal


def test_state_is_an_immutable_value_equal_for_equal_positions() -> None:
    game = Game(Options(), seed=4)
    before = game.state()
    game.push(PLACE[sq("d4")])
    assert game.state() != before
    game.pop()
    assert game.state() == before and hash(game.state()) == hash(before)
    with pytest.raises(AttributeError):
        before.seat = 1  # type: ignore[misc]


# ----------------------------------------------------- what a search needs


def test_r6_a_turn_with_no_actions_left_waits_for_end_only() -> None:
    game = Game(Options(), seed=1)
    game.push(PLACE[sq("d4")])  # turn 1 has one action (R5)
    assert game.left == 0
    assert game.legal_actions() == [END_TURN]
    assert game.legal_actions_with_cost() == [(END_TURN, 0)]


@pytest.mark.parametrize("seed", range(4))
def test_r7_i3_legal_actions_with_cost_agrees_with_cost(seed: int) -> None:
    game = Game(Options(players=default_players(3)), seed=seed)
    rng = random.Random(seed)
    for _ in range(150):
        if game.is_over():
            break
        pairs = game.legal_actions_with_cost()
        assert [a for a, _ in pairs] == game.legal_actions()
        assert all(cost == game.cost(a) for a, cost in pairs)
        game.push(courier_action(game, rng))


def test_r11_i4_groups_of_connected_camels() -> None:
    game = blank()
    for name in ("a1", "a2", "b2", "d4", "d4", "g7"):
        game = camel(game, 0, name) if name != "g7" else camel(game, 1, name)
    assert game.groups(0) == [frozenset({sq("a1"), sq("a2"), sq("b2")}), frozenset({sq("d4")})]
    assert game.groups(1) == [frozenset({sq("g7")})]
    assert blank().groups(0) == []


def test_i11_draws_of_an_action_and_push_recorded_replays_them() -> None:
    game = refill_ready()
    assert draws_of(game.push(PLACE[sq("a1")])) == ()
    events = game.push(PICK[sq("c6")])
    refill = next(e for e in events if isinstance(e, Refilled))
    drawn = draws_of(events)
    assert len(drawn) == 4 and drawn == refill.draws == game.history[-1].draws
    after = game.state()
    game.pop()
    replayed = game.push_recorded(PICK[sq("c6")], drawn)
    assert draws_of(replayed) == drawn and game.state() == after


def test_copy_position_has_the_position_without_history_undo_or_redo() -> None:
    game = Game(Options(), seed=6)
    rng = random.Random(6)
    for _ in range(60):
        game.push(courier_action(game, rng))
    game.pop()
    copy = game.copy_position()
    assert copy.state() == game.state() and copy.history == [] and not copy.can_redo()
    with pytest.raises(IndexError):
        copy.pop()
    action = next(a for a in copy.legal_actions() if not isinstance(a, EndTurn))
    copy.push(action)
    check_invariants(copy)
    assert copy.state() != game.state()  # independent of the original
    copy.pop()
    assert copy.state() == game.state()
    assert game.copy_position().chance is not game.chance  # I11: its own randomness


def test_the_package_exports_what_it_documents() -> None:
    for name in caravan.__all__:
        assert hasattr(caravan, name), name
    documented = ("Good", "Camel", "State", "Outcome", "Reason", "Refusal", "PositionError", "NEIGHBOURS")
    for name in (*documented, "draws_of"):
        assert name in caravan.__all__


# ---------------------------------------------------------------- guard

# Fields of Game that hold the state in the engine's own encoding, and the
# codes they use. Callers read the position through the methods above.
RAW = {
    "loc",
    "load",
    "count",
    "loose",
    "demand",
    "theft",
    "markers",
    "delivered",
    "bag",
    "demand_supply",
    "loose_count",
    "triggered",
    "camels_of",
}
CODES = {"NONE", "UNDER", "SUPPLY", "cargo", "CITY_WANTS"}
# Names a Game is bound to outside caravan/ (a receiver named like one of these).
GAME_NAMES = {"game", "view", "copy", "other", "here", "after", "mine", "loaded", "replayed", "restored"}
FOLDERS = ("web", "tests", "bench", "e2e", "tools")
# The terminal's text lives inside caravan/ but is a front end like web/: it
# uses the same API, and more strictly, not even the Game fields docs/API.md
# does not list (the engine's own tests still read those to check it).
# The bots and the arena are held to the same: a bot sees what docs/API.md lists (docs/BOTS.md).
FRONT_ENDS = (
    "caravan/text.py",
    "caravan/summary.py",
    "caravan/terminal.py",
    "caravan/arena.py",
    "caravan/advice.py",
    "caravan/review.py",
    *sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "caravan" / "bots").glob("*.py")),
)
UNLISTED = {"over", "winners", "start", "setup_draws"}


def test_the_raw_names_the_guard_looks_for_are_game_fields() -> None:
    game = Game(Options(), seed=1)
    assert all(hasattr(game, name) for name in RAW | UNLISTED)


def _game_like(node: ast.expr) -> bool:
    name = node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else ""
    return name in GAME_NAMES or name.endswith("game")


def _offences(path: Path, *, front_end: bool = False) -> list[str]:
    """What ``path`` reads that it should not; a ``front_end`` is a module
    inside caravan/ (its relative imports are the engine's) held to UNLISTED too."""
    out = []
    raw = RAW | UNLISTED if front_end else RAW
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        where = f"{path.relative_to(ROOT)}:{getattr(node, 'lineno', 0)}"
        if isinstance(node, ast.ImportFrom) and (
            (node.module or "").startswith("caravan") or (front_end and node.level > 0)
        ):
            for alias in node.names:
                if alias.name.startswith("_") or alias.name in CODES:
                    out.append(f"{where} imports {alias.name} from {'.' * node.level}{node.module or ''}")
        elif isinstance(node, ast.Attribute):
            # ``_`` alone is gettext's translate (caravan/words.py), not a private name.
            private = node.attr.startswith("_") and not node.attr.startswith("__") and node.attr != "_"
            receiver = ast.unparse(node.value)
            if node.attr in CODES or (private and receiver not in ("self", "cls")):
                out.append(f"{where} reads {receiver}.{node.attr}")
            elif node.attr in raw and _game_like(node.value):
                out.append(f"{where} reads the raw field {receiver}.{node.attr}")
    return out


def test_no_caller_outside_caravan_reads_private_names_raw_fields_or_codes() -> None:
    offences = [o for folder in FOLDERS for p in sorted((ROOT / folder).rglob("*.py")) for o in _offences(p)]
    assert offences == []


def test_the_terminal_reads_the_game_only_through_the_public_api() -> None:
    offences = [o for name in FRONT_ENDS for o in _offences(ROOT / name, front_end=True)]
    assert offences == []


def test_the_guard_catches_what_it_is_for(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text(
        "from caravan.game import NONE, cargo\n"
        "x = game.loose[3]\ny = self.game.bag\nz = game._undo\nw = view.count[4]\n",
        encoding="utf-8",
    )
    found = _offences_outside(bad)
    assert len(found) == 6, found


def test_the_guard_catches_what_a_front_end_inside_caravan_must_not_read(tmp_path: Path) -> None:
    bad = tmp_path / "text.py"
    bad.write_text(
        "from .game import NONE, UNDER, Game\nfrom .board import CITY_WANTS, _private\n"
        "a = game.loose[3]\nb = game.over\nc = game.winners\nd = game.camels_of(4)\n"
        "e = game.outcome()\nf = game.loose_at(3)\n",
        encoding="utf-8",
    )
    found = _offences_outside(bad, front_end=True)
    assert len(found) == 8, found
    assert not any("game.over" in o or "game.winners" in o for o in _offences_outside(bad))


def _offences_outside(path: Path, *, front_end: bool = False) -> list[str]:
    """``_offences`` for a file outside the repository (the guard's own test)."""
    global ROOT
    saved, ROOT = ROOT, path.parent
    try:
        return _offences(path, front_end=front_end)
    finally:
        ROOT = saved


def test_every_action_kind_has_a_cost_in_the_listing() -> None:
    kinds = (PlaceCamel, MoveCamel, PickUp, Steal, MoveGood, EndTurn)
    game = blank()
    game = camel(game, 0, "d4", "I")
    game = camel(game, 0, "d5")
    game = camel(game, 1, "d5", "S")
    game = loose(game, "d5", "M")
    seen = {type(a) for a, _ in game.legal_actions_with_cost()}
    assert seen == set(kinds)
    assert (parse_action("Id4>d5"), 1) in game.legal_actions_with_cost()


def test_i11_push_recorded_refuses_draws_the_action_does_not_make() -> None:
    game = refill_ready()
    before = game.state()
    with pytest.raises(caravan.IllegalActionError):
        game.push_recorded(PICK[sq("c6")], (Good.MEAT,))  # a refill draws 4
    with pytest.raises(caravan.IllegalActionError):
        game.push_recorded(PLACE[sq("a1")], (Good.MEAT,))  # a camel move draws none
    assert game.state() == before and game.history == []


def test_i11_push_recorded_takes_goods_as_the_ints_they_are() -> None:
    """docs/API.md: a Good is usable wherever the engine takes a good's int."""
    game = refill_ready()
    draws = (Good.MEAT, Good.SALT, Good.IVORY, Good.HIDES)
    events = game.push_recorded(PICK[sq("c6")], draws)
    assert draws_of(events) == draws and game.history[-1].draws == (4, 6, 0, 7)
    assert type(game.history[-1].draws[0]) is int  # recorded as the engine's ints
    game.pop()
    with pytest.raises(caravan.IllegalActionError, match="not a good"):
        game.push_recorded(PICK[sq("c6")], ("M", "S", "I", "H"))  # type: ignore[arg-type]


def test_r3_set_up_draws_are_chosen_and_read_back() -> None:
    chosen = (Good.IVORY, Good.SALT, Good.MEAT, Good.HIDES, Good.GEMS, Good.PAPER, Good.CLOTH, Good.SWORDS)
    game = Game(Options(), setup_draws=chosen)
    assert game.setup_goods() == chosen and all(type(g) is Good for g in game.setup_goods())
    assert Game(Options(), setup_draws=game.setup_goods()).state() == game.state()
    assert Game.from_position(game.position()).setup_goods() == ()
    with pytest.raises(caravan.IllegalActionError):
        Game(Options(short=True), setup_draws=(Good.IVORY,) * 8)  # R2: 2 ivory in the short game


def test_all_camels_is_the_states_camels_and_shares_camel_values() -> None:
    game = Game(Options(players=default_players(3)), seed=2)
    rng = random.Random(2)
    for _ in range(90):
        game.push(courier_action(game, rng))
    assert tuple(game.all_camels()) == game.state().camels
    assert [c for c in game.all_camels() if c.seat == 1] == game.seat_camels(1)
    assert all(a is b for a, b in zip(game.all_camels(), game.copy_position().all_camels(), strict=True))
