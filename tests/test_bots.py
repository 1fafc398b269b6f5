"""The bots (caravan.bots, docs/BOTS.md): only legal actions, fair (I11), reproducible.

Positions come from real games between the bots, from random play, and from
position-notation edge cases: a turn with no action left (R6), every camel
but one laden (R9), the end triggered (R14), goods under camels (R10), the
casual and short variants and 3-4 players.
"""

from __future__ import annotations

import itertools
import json
import random
import re
from pathlib import Path

import pytest

from caravan import Game, Good, Options, SeededChance, default_players, parse_action, record
from caravan.actions import END_TURN, MoveGood, PickUp, Steal
from caravan.bots import (
    BUILT_IN,
    Bot,
    BotSpecError,
    Budget,
    FrozenHardBot,
    HardBot,
    MediumBot,
    best_turns,
    make_bot,
    parse_spec,
    play_game,
    positions_evaluated,
    stalled,
)
from caravan.bots.evaluate import HARD, HARD_2, IN_POINTS, margin, values
from caravan.bots.turnsearch import expected_margin, unexposed
from caravan.playout import courier_action
from tests.positions import blank, camel, deliver, hold_markers, keep_in_bag, loose, set_theft

ROOT = Path(__file__).resolve().parent.parent
FAST = {
    "random": "random",
    "courier": "courier",
    "easy": "easy",
    "medium": "medium:width=2",
    "hard": "hard:iterations=400,candidates=3,width=2",
    "hard@1": "hard@1:iterations=400,candidates=3,width=2,horizon=1",
    "hard@2": "hard@2:iterations=400,candidates=3,width=2",
    "hard@3": "hard@3:iterations=400,candidates=3,width=2",
    "hard@4": "hard@4:iterations=400,candidates=3,width=2",
}


def _real_positions(n: int, seed: int) -> list[Game]:
    """Positions from courier games of every player count and variant."""
    out = []
    rng = random.Random(seed)
    for k in range(n):
        options = Options(
            players=default_players(2 + k % 3), casual=k % 2 == 1, short=k % 3 == 2, max_turns=300
        )
        game = Game(options, seed=seed * 100 + k)
        for _ in range(rng.randrange(0, 160)):
            if game.is_over():
                break
            game.push(courier_action(game, rng))
        if not game.is_over():
            out.append(game)
    return out


def _edge_positions() -> list[Game]:
    """Position-notation edge cases the bots must handle."""
    out = []
    g = blank()  # R9: every camel but one laden; a good under a camel (R10)
    for name, letter in (("a1", "I"), ("a2", "S"), ("b2", "M"), ("d5", "W")):
        g = camel(g, 0, name, letter, under=name == "a2")
    g = camel(g, 0, "d4")
    g = camel(g, 1, "d4", "P")
    g = loose(g, "c6", "G")
    out.append(g)
    h = camel(blank(), 0, "c4", "M")
    h = camel(h, 0, "c5")
    h = camel(h, 1, "c5", "S")
    out.append(keep_in_bag(h, ""))  # R14: the bag is empty, the next delivery ends the game
    t = set_theft(blank(players=3), (0, 2, 1))  # no theft marker left for the player to move
    t = camel(t, 1, "e4", "H")
    t = camel(t, 0, "e4")
    out.append(t)
    w = Game(Options(), seed=5)  # R6: no action left, only end
    w.push(w.legal_actions()[1])
    out.append(w)
    return out


@pytest.mark.parametrize("name", sorted(BUILT_IN))
def test_every_bot_returns_only_legal_actions_over_many_positions(name: str) -> None:
    # The searching bots over fewer positions: hard and hard@1 (a search of its own) over
    # 8, the later frozen yardsticks (HardBot with other options: the same search over
    # the same legal actions) over 3, each with the edge positions.
    searching = 8 if name in ("hard", "hard@1") else 3 if name.startswith("hard@") else 24
    positions = _real_positions(searching, seed=len(name)) + _edge_positions()
    rng = random.Random(1)
    for game in positions:  # and random play from each, as far as a few actions
        for _ in range(3):
            if game.is_over():
                break
            action = make_bot(FAST[name], seed=rng.randrange(1000)).act(game.view(game.seat))
            assert action in game.legal_actions(), (name, game.position(), action)
            game.push(action)


@pytest.mark.parametrize("name", ["easy", "medium", "hard"])
def test_i11_two_games_that_differ_only_in_the_draws_to_come_give_the_same_decision(name: str) -> None:
    for game in _real_positions(6, seed=9):
        twin = game.copy(chance=SeededChance(12345))  # same history, another bag order to come
        a = make_bot(FAST[name], seed=4).act(game)  # handed the real games, not views
        b = make_bot(FAST[name], seed=4).act(twin)
        assert a is b, game.position()


def test_i11_a_bot_never_moves_the_games_own_generator() -> None:
    game = _real_positions(1, seed=3)[0]
    probe = game.copy(chance=SeededChance(7))
    before = probe.chance.below(1 << 30)
    again = game.copy(chance=SeededChance(7))
    make_bot(FAST["hard"], seed=1).act(again)
    assert again.chance.below(1 << 30) == before  # the search drew from its own chance


@pytest.mark.parametrize("name", sorted(BUILT_IN))
def test_a_game_between_bots_is_reproducible_from_the_seeds(name: str) -> None:
    def one() -> list[str]:
        game = Game(Options(players=default_players(3), max_turns=12), seed=21)
        bots: list[Bot] = [make_bot(FAST[name], seed=s) for s in (1, 2, 3)]
        return [str(step.action) for step in play_game(game, bots).game.history]

    first = one()
    assert first == one() and len(first) > 12


def test_r14_bots_finish_whole_games_in_every_player_count_and_variant() -> None:
    for k, (players, casual, short) in enumerate(((2, False, True), (4, True, True))):
        options = Options(players=default_players(players), casual=casual, short=short, max_turns=400)
        game = Game(options, seed=31 + k)
        specs = ["medium:width=2", "courier", "easy", "courier"][:players]
        result = play_game(game, [make_bot(s, seed=k) for s in specs])
        assert result.illegal is None
        assert result.finished, result.reason  # ended by a delivery after the bag emptied (R14)
        assert len(result.think[0]) >= result.turns // players - 1


def test_r14_easy_drains_the_bag_against_random_play_and_its_games_end() -> None:
    """easy once never stepped onto a loose good: against random play the bag stayed
    full until the 1,000-turn cap. Now its games end (R14) well before any cap."""
    for seed in (1, 2, 3):
        game = Game(Options(max_turns=400), seed=seed)
        bots = [make_bot("easy", seed=seed), make_bot("random", seed=seed + 1)]
        result = play_game(game, bots if seed % 2 else bots[::-1])
        assert result.finished, (seed, result.reason, result.turns)
        assert result.turns < 300
        easy_seat = 0 if seed % 2 else 1
        assert easy_seat in result.winners  # and it wins them (R17)


def test_r14_after_two_rounds_of_bare_ends_a_planners_turn_starts_as_the_couriers() -> None:
    """Found in the soak: from this position (2 players, casual and short)
    medium and hard each ended every turn with nothing done, 950 turns to
    the cap, and the game never ended. A game has stalled once every turn of
    the last two rounds was a bare end; the next bot's turn then starts with
    the courier's action, and this game ends by deliveries (R14)."""
    data = json.loads((ROOT / "tests" / "golden" / "stall-2p-casual-short.json").read_text(encoding="utf-8"))
    game = record.from_dict(data, chance_seed=5)
    probe = game.copy()
    for n in range(2 * probe.seats + 1):
        assert not stalled(probe), f"stalled after {n} ends"
        probe.push(END_TURN)
    assert stalled(probe)  # the first end closed a turn with actions, then two bare rounds
    result = play_game(game, [make_bot("medium", seed=1), make_bot("hard:iterations=1500", seed=2)])
    assert result.illegal is None
    assert result.finished, (result.reason, result.turns)
    assert result.turns < 150
    after = game.history[len(data["history"]) :]
    runs = [len(list(run)) for end, run in itertools.groupby(s.action == END_TURN for s in after) if end]
    assert max(runs) <= 2 * game.seats + 1  # the longest run of ends


def test_an_iteration_budget_is_deterministic_and_a_deadline_stops_the_search() -> None:
    game = _real_positions(1, seed=5)[0]

    def plan() -> list[object]:
        return list(HardBot(seed=2, candidates=3, width=2).plan(game, Budget(iterations=600)))

    assert plan() == plan()
    quick = HardBot(seed=2, budget=0.0, candidates=3, width=2)
    assert quick.act(game) in game.legal_actions()  # out of time at once: still a legal turn


def test_hards_iteration_budget_counts_positions_evaluated_so_it_bounds_the_think_time() -> None:
    for game in _real_positions(3, seed=9):
        before = positions_evaluated()
        HardBot(seed=1).plan(game.view(game.seat), Budget(iterations=1500))
        used = positions_evaluated() - before
        assert 0 < used <= 1500 + 1200  # the budget, and at most the last rollout beyond it


@pytest.mark.timeout(60)  # it once never returned: a rollout that evaluated nothing spent no budget
def test_r14_i7_hard_plays_a_turn_that_draws_the_last_goods_then_ends_the_game() -> None:
    """A pick-up that draws the bag's last four goods (R13, R14), then a delivery that
    ends the game at once (I7): a rollout of that turn evaluates no position after it."""
    g = deliver(blank(), 0, "I", 2)  # the player to move is ahead: ending the game wins it (R17)
    g = camel(camel(camel(g, 0, "c4"), 0, "c5", "M"), 0, "b3")  # meat beside Walata
    for square, letter in (("b3", "S"), ("a7", "W"), ("g7", "H"), ("c6", "W"), ("f5", "H")):
        g = loose(g, square, letter)
    g = keep_in_bag(g, "SSHH")  # picking up leaves 4 loose goods: the last refill
    turn = HardBot(seed=1, candidates=4, width=3).plan(g.view(0), Budget(iterations=3000))
    for action in turn:
        g.push(action)
    outcome = g.outcome()
    assert outcome is not None and outcome.winners == (0,)


def test_a_planned_turn_is_played_out_then_replanned_after_other_draws() -> None:
    game = Game(Options(), seed=8)
    rng = random.Random(8)
    while game.turn < 9:
        game.push(courier_action(game, rng))
    bot = MediumBot(seed=1, width=2)
    turn = []
    seat = game.seat
    while game.seat == seat and not game.is_over():
        action = bot.act(game.view(seat))
        turn.append(action)
        game.push(action)
    assert turn[-1] is END_TURN or game.is_over()
    assert 1 <= len(turn) <= 5  # at most four actions and the end (R5)


def test_bot_specs_name_built_in_bots_options_and_import_paths() -> None:
    factory, options = parse_spec("hard:budget=0.5,candidates=8,horizon=1")
    assert factory is BUILT_IN["hard"] and options == {"budget": 0.5, "candidates": 8, "horizon": 1}
    assert isinstance(make_bot("caravan.bots:MediumBot:width=3"), MediumBot)
    for bad, why in (
        ("grand", "not a built-in bot"),
        ("hard:colour=3", "unexpected keyword"),
        ("hard:budget", "not an option"),
        ("nosuchmodule:Bot", "cannot import"),
        ("caravan.bots:Nothing", "no class or function"),
    ):
        with pytest.raises(BotSpecError, match=why):
            make_bot(bad)


def test_the_example_bot_in_docs_bots_md_plays_legal_games(tmp_path: Path) -> None:
    """The complete bot of docs/BOTS.md, run as a reader would copy it, so it cannot rot."""
    text = (ROOT / "docs" / "BOTS.md").read_text(encoding="utf-8")
    (code,) = [c for c in re.findall(r"```python\n(.*?)```", text, re.S) if "class Greedy" in c]
    namespace: dict[str, object] = {}
    exec(compile(code, "docs/BOTS.md", "exec"), namespace)
    greedy = namespace["Greedy"]
    assert callable(greedy)
    game = Game(Options(max_turns=200), seed=4)
    result = play_game(game, [greedy(seed=1), make_bot("courier", seed=2)])
    assert result.illegal is None and result.actions > 200
    assert result.scores[0] > 0  # it delivers (R12)


def test_hard_with_planned_replies_returns_legal_actions_and_is_reproducible() -> None:
    for game in _real_positions(4, seed=13):
        spec = "hard:iterations=400,candidates=2,width=2,reply_width=2"
        a = make_bot(spec, seed=3).act(game.view(game.seat))
        assert a in game.legal_actions() and a is make_bot(spec, seed=3).act(game.view(game.seat))


def test_hard_turns_its_budget_into_deeper_search_on_a_turn_without_draws() -> None:
    """The opening turn draws nothing (no pick-up refills, R13), so each rollout is
    deterministic: the search once played each candidate once and stopped, a tenth
    of its budget unused. Now the better candidates are rolled out a round deeper."""
    game = Game(Options(), seed=3)
    used = []
    for iterations in (300, 1500):
        before = positions_evaluated()
        FrozenHardBot(seed=1, candidates=4, width=3).plan(game.view(game.seat), Budget(iterations=iterations))
        used.append(positions_evaluated() - before)
    assert used[1] > 1500 // 2 and used[1] > 2 * used[0]  # hard@1
    levels = []
    for iterations in (300, 3000):
        judged = HardBot(seed=1, candidates=4, width=3).consider(
            game.view(game.seat), Budget(iterations=iterations)
        )
        levels.append(max(j.level for j in judged))
    assert levels[0] == 0 and levels[1] >= 1  # hard: the better turns rolled out a round further


# A real game (hard against medium): four of the five camels of the player to move
# laden (R9) in the corners, one unladen beside the salt on a1. No single action
# gains by the evaluation, so a beam that keeps the camels' moves first on ties
# passed here turn after turn while the other player scored 120 points.
STALLED = (
    "2 a1I*1:1S,2H/b1:1/g1W*2:1S/d2:2/e2H:2W/b3M/d5:2H/f5S/c6W:2/a7G*1:1W/g7G*1:1M"
    " *9$2GPMW/*10$0CCMMWSHHH I2C1G0P2M4W3S5H3 1 4 57 - -"
)


def test_r11_hard_leapfrogs_a_good_where_no_single_action_gains() -> None:
    game = Game.from_position(STALLED, seed=1)
    turn = HardBot(seed=1, candidates=4, width=3).plan(game, Budget(iterations=2000))
    assert str(turn[0]) == "Sa1>b1"  # the salt onto the camel beside it: the first step of a leapfrog
    assert len(turn) == 5 and turn[-1] is END_TURN  # four actions (R5): camel ahead, salt onto it


def test_r10_hard_steals_a_rare_good_left_on_top_beside_nothing_better_to_do() -> None:
    """Another player's camel carries paper (6 points, R15) on top, far from
    Cairo; the player to move holds a theft marker and four actions: a camel
    put there (2 actions, R7) and the steal (1) take the paper (R10), which
    the beam alone rarely finds (the first step gains nothing by itself)."""
    g = camel(camel(blank(), 1, "b2", "P"), 1, "a1")
    g = camel(g, 0, "g7")
    turn = HardBot(seed=1).plan(g.view(0), Budget(iterations=4000))
    assert any(isinstance(a, Steal) and a.good == Good.PAPER for a in turn), turn
    for action in turn:
        if g.seat != 0 or g.is_over():
            break
        g.push(action)
    assert (g.theft_markers(0), g.theft_markers(1)) == (0, 2)  # ours went to the robbed player (R10)


def test_r7_r11_hards_evaluation_values_a_camel_kept_on_the_city_a_loose_good_needs() -> None:
    """Salt lies on f5, two squares from Timbuktu (d5). A camel of ours on the
    city leaves one camel to put beside it (R11) before the pick-up and the
    delivery; the same camel on a1 helps no chain. ``hard`` counts the
    difference before any good is taken; ``hard@2``'s weights did not."""
    salt = loose(blank(), "f5", "S")
    on_city, far = camel(salt, 0, "d5"), camel(salt, 0, "a1")
    assert values(on_city, HARD)[0] > values(far, HARD)[0]
    assert values(on_city, HARD_2)[0] == values(far, HARD_2)[0]


def test_r7_a_camel_on_the_city_another_player_needs_costs_them_an_action() -> None:
    """Our camel next to the salt (e5); a camel of the other player's on
    Timbuktu (d5) makes our camel onto the city cost 2 actions (R7), so the
    salt is worth less to us than with their camel on a1: what makes ``hard``
    put camels where the other player wants to deliver."""
    ours = camel(loose(blank(), "f5", "S"), 0, "e5")
    blocked, free = camel(ours, 1, "d5"), camel(ours, 1, "a1")
    assert values(blocked, HARD)[0] < values(free, HARD)[0]
    assert margin(blocked, 1, HARD) > margin(free, 1, HARD)


def test_r8_r15_the_search_counts_a_demand_marker_at_a_share_and_its_reports_whole() -> None:
    """Three demand markers held are three points (R8, R15). ``hard``'s search counts
    them at ``HARD.demand`` of that, so that it no longer sends camels across the board
    for them, but what a hint or a review tells the player (``expected_margin``) is in
    points: the markers whole."""
    base = blank()
    held = hold_markers(base, 0, 3)
    assert held.score()[0].demand == 3
    assert 0.0 < HARD.demand < 1.0
    assert values(held, HARD)[0] - values(base, HARD)[0] == pytest.approx(3 * HARD.demand)
    assert values(held, IN_POINTS)[0] - values(base, IN_POINTS)[0] == pytest.approx(3.0)
    assert expected_margin(held, 0) - expected_margin(base, 0) == pytest.approx(3.0)


def test_r8_r10_a_turn_without_its_exposed_pick_ups_is_the_same_turn_less_them_and_legal() -> None:
    """``turnsearch.unexposed`` over the beam's turns in real positions: what it returns is
    the turn's own actions in their order less pick-ups (R8) and good moves (R11), at
    least one pick-up among them, and legal from the position (R5); only when another
    player holds a theft marker (R10)."""
    found = 0
    for game in _real_positions(24, seed=13):
        for _, turn in best_turns(
            game, width=3, keep=3, chance=SeededChance(1), weights=HARD, goods_first=True
        ):
            kept = unexposed(game, turn, SeededChance(2))
            if kept is None:
                continue
            found += 1
            assert any(game.theft_markers(s) for s in range(game.seats) if s != game.seat)
            rest = iter(turn)
            assert all(action in rest for action in kept), (turn, kept)  # a subsequence
            lost = [a for a in turn if a not in kept]
            assert any(isinstance(a, PickUp) for a in lost), (turn, kept)
            assert all(isinstance(a, (PickUp, MoveGood)) for a in lost), (turn, kept)
            sim = game.copy_position(chance=SeededChance(2))
            for action in kept:
                assert sim.is_legal(action), (turn, kept, action)
                sim.push_legal(action)
    assert found, "no position had a turn that left a good on top"


def test_r8_r10_a_pick_up_beside_a_carried_good_is_told_from_it_when_that_one_moves() -> None:
    """Two of the mover's camels on d4, one carrying salt, and meat loose there: the turn
    picks up the meat (R8) and delivers the salt to Timbuktu (R11, R12). The meat is then
    left on top where the other player's steal can take it (R10), the salt's move is not
    the meat's: without the pick-up, the turn still delivers the salt."""
    g = camel(camel(camel(blank(), 0, "d4", "S"), 0, "d4"), 0, "d5")
    g = camel(g, 1, "a1")
    g = loose(g, "d4", "M")
    turn = tuple(parse_action(t) for t in ("+d4", "Sd4>d5", "end"))
    assert unexposed(g, turn, SeededChance(1)) == turn[1:]
