"""Sources group the engine's legal actions exactly (docs/UI-CONTRACT.md)."""

from __future__ import annotations

import random

from caravan.actions import EndTurn, parse_action
from caravan.game import Game
from caravan.options import Options, default_players
from caravan.playout import courier_action
from tests.positions import blank, camel, loose
from web.app.selection import Selection, group_actions, source_of


def _positions(n: int = 6) -> list[Game]:
    """Positions from courier games: steals, goods under camels, refills."""
    out = []
    for seed in range(n):
        game = Game(Options(players=default_players(2 + seed % 3), short=True), seed=seed)
        rng = random.Random(seed)
        for step in range(400):
            if game.is_over():
                break
            game.push(courier_action(game, rng))
            if step % 7 == 0:
                out.append(game.copy())
    return out


def test_contract_source_of_each_kind_of_action() -> None:
    assert source_of(parse_action("@d4")) == "supply"
    assert source_of(parse_action("c6-d4")) == "c6"
    assert source_of(parse_action("+c6")) == "c6"
    assert source_of(parse_action("$c6/2I")) == "c6"
    assert source_of(parse_action("Ic6>d4")) == "Ic6"
    assert source_of(parse_action("I_c6>d4")) == "I_c6"
    assert source_of(parse_action("end")) is None


def test_groups_hold_every_legal_action_but_end_exactly_once() -> None:
    for game in _positions():
        legal = game.legal_actions()
        groups = group_actions(legal)
        flat = [a for actions in groups.values() for a in actions]
        assert sorted(map(str, flat)) == sorted(str(a) for a in legal if not isinstance(a, EndTurn))
        assert all(actions for actions in groups.values())  # only sources with an action


def test_r10_a_stolen_good_under_a_camel_is_its_own_source() -> None:
    game = blank()
    game = camel(game, 0, "c6", "I", under=True)
    game = camel(game, 0, "c5")
    groups = group_actions(game.legal_actions())
    assert [str(a) for a in groups["I_c6"]] == ["I_c6>c5"]
    assert "Ic6" not in groups


def test_r7_selecting_the_supply_targets_every_place_action() -> None:
    game = blank()
    game = camel(game, 1, "d4")
    sel = Selection()
    sel.refresh(game.legal_actions())
    sel.toggle("supply")
    assert {str(a) for a in sel.targets()} == {str(a) for a in game.legal_actions() if str(a).startswith("@")}


def test_selecting_again_or_selecting_nothing_selectable_clears() -> None:
    game = blank()
    game = camel(game, 0, "c6")
    game = loose(game, "c6", "S")
    sel = Selection()
    sel.refresh(game.legal_actions())
    sel.toggle("c6")
    assert sel.selected == "c6"
    assert "+c6" in {str(a) for a in sel.targets()}
    sel.toggle("c6")
    assert sel.selected is None
    sel.toggle("g1")  # no camel of ours there: not a source
    assert sel.selected is None and sel.targets() == []


def test_a_selection_without_actions_after_a_change_is_dropped() -> None:
    game = blank()
    game = camel(game, 0, "c6")
    sel = Selection()
    sel.refresh(game.legal_actions())
    sel.toggle("c6")
    game.push(parse_action("c6-d4"))
    sel.refresh(game.legal_actions())
    assert sel.selected is None


def test_find_returns_only_legal_actions() -> None:
    game = blank()
    game = camel(game, 0, "c6")
    sel = Selection()
    sel.refresh(game.legal_actions())
    assert str(sel.find("c6-d4")) == "c6-d4"
    assert sel.find("d4-c6") is None
