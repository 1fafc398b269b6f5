"""Reviews (caravan/review.py): each turn played set beside the hard bot's best.

Short games (Options(short=True), R2) and small budgets keep it fast; the
positions come from the position notation (tests/positions.py).
"""

from __future__ import annotations

import functools
import io
import json
from pathlib import Path

import pytest

from caravan import Game, Options, parse_action, record
from caravan.actions import END_TURN, Action, MoveCamel, PlaceCamel, Steal
from caravan.bots import Budget, HardBot, make_bot
from caravan.bots.base import decision_seed
from caravan.bots.turnsearch import line_of_play
from caravan.chance import SeededChance
from caravan.errors import CaravanError
from caravan.review import (
    THRESHOLDS,
    Duel,
    Review,
    ReviewError,
    TurnStart,
    at,
    duel,
    main,
    played_turn,
    review,
    review_turn,
    same_end,
    turns,
    verdict,
)
from tests.positions import last_delivery, refill_ready

BUDGET = Budget(iterations=1000)
SEED = 9
GOLDEN = Path(__file__).parent / "golden"


def turn_of(*texts: str) -> tuple[Action, ...]:
    return tuple(parse_action(t) for t in " ".join(texts).split())


def played_game(n: int) -> Game:
    """A new player's short game against ``hard`` in the terminal (2026-12), saved with
    ``save``: the records behind the review's and the hints' findings."""
    return record.loads((GOLDEN / f"review-game-{n}.json").read_bytes())


def start_of(game: Game, turn: int) -> TurnStart:
    return next(s for s in turns(game) if s.turn == turn)


def stolen_after(n: int, turn: int, pick_up: str) -> tuple[Game, TurnStart]:
    """The ``n``-th played game at ``turn``, checked to be the bot's turn that picked up
    ``pick_up`` and left it where the person's next turn stole it (R10)."""
    g = played_game(n)
    start = start_of(g, turn)
    assert turn_of(pick_up)[0] in played_turn(g, start)
    assert any(isinstance(a, Steal) for a in played_turn(g, start_of(g, turn + 1)))
    return g, start


def chosen(game: Game, start: TurnStart, bot: HardBot | None = None) -> tuple[Action, ...]:
    """The turn ``bot`` (``hard``, seed 0) chooses at ``start``, seen from its seat, at its own budget."""
    view = at(game, start.index).view(start.seat)
    bot = bot or HardBot(seed=0)
    return bot.consider(view, bot.turn_budget(view))[0].actions


def duel_with_played(
    n: int, turn: int, played_text: str, other_text: str
) -> tuple[Game, TurnStart, tuple[Action, ...], Duel]:
    """Turn ``turn`` of the ``n``-th played game (its played turn checked to be
    ``played_text``) and the duel of ``other_text`` against it, on the same draws."""
    g = played_game(n)
    start = start_of(g, turn)
    played = played_turn(g, start)
    assert played == turn_of(played_text)
    view = at(g, start.index).view(start.seat)
    judged = duel(view, (turn_of(other_text), played), Budget(iterations=2000).start(), seed=0)
    return g, start, played, judged


@functools.cache
def _hard_against_medium(last_turn: int) -> Game:
    g = Game(Options(short=True), seed=21)
    bots = [HardBot(seed=SEED, iterations=BUDGET.iterations), make_bot("medium", seed=2)]
    while not g.is_over() and g.turn <= last_turn:
        g.push(bots[g.seat].act(g.view(g.seat)))
    return g


def hard_against_medium(last_turn: int = 10) -> Game:
    """The hard bot (seat 1) against medium (seat 2), the hard bot made with the review's seed and budget."""
    return _hard_against_medium(last_turn).copy()


def test_the_hard_bots_own_turns_have_almost_nothing_to_correct() -> None:
    """With its own seed and budget the review finds the bot's very turns: each is the
    best and loses 0, but for a turn a refill (R13) made the bot think again mid-turn."""
    g = hard_against_medium()
    result = review(g, seats=(0,), seed=SEED, budget=BUDGET)
    assert [t.seat for t in result.turns] == [0] * len(result.turns)
    same = [t for t in result.turns if t.played == t.best]
    assert all(t.lost == 0 and t.verdict == "fine" for t in same)
    rethought = [t for t in result.turns if t not in same]
    assert all(_refilled_mid_turn(g, t.index) for t in rethought), [t.turn for t in rethought]
    assert len(result.turns) >= 5 and len(same) >= len(result.turns) - 1
    assert all(t.verdict == "fine" for t in result.turns) and sum(t.lost for t in result.turns) <= 1.0
    # the chart: every turn's start, both seats' expected final margins
    assert [turn for turn, _ in result.margins] == [s.turn for s in turns(g)]
    assert all(len(values) == 2 for _, values in result.margins)
    assert result.judge == "hard, 1,000 positions a turn"


def test_a_review_with_another_seed_still_finds_no_mistake_in_the_hard_bots_turns() -> None:
    """Another seed samples other draws (R13) and may prefer another turn: the two are
    then judged on the same draws, so the noise stays under a mistake (5 points)."""
    g = hard_against_medium()
    result = review(g, seats=(0,), seed=SEED + 1, budget=Budget(iterations=2000))
    assert len(result.turns) >= 5
    assert all(t.verdict in ("fine", "inaccuracy") for t in result.turns), [t.lost for t in result.turns]
    assert sum(t.lost for t in result.turns) <= 2.0 * len(result.turns)


def _refilled_mid_turn(game: Game, index: int) -> bool:
    """Whether the turn beginning at ``index`` drew from the bag (R13) before its last action."""
    start = next(s for s in turns(game) if s.index == index)
    steps = game.history[index : index + len(played_turn(game, start))]
    return any(step.draws for step in steps[:-1])


def test_r12_r14_a_plain_delivery_near_the_end_is_not_a_blunder() -> None:
    """Turn 48 of the second game (4 goods in the bag, R14): the player delivers the salt
    (R12); the review called it a 23-point blunder against the bot's c3-e2 +e2 d3-c6,
    whose rollouts triggered the end and counted the search's bonus for being ahead
    then as points, the played turn sampled once against two samples of the other.
    Judged alike on the same draws, the delivery is as good, within the search's noise
    (under the 2 points of an inaccuracy, whichever turn the search now prefers)."""
    g, start, played, judged = duel_with_played(2, 48, "c3-c6 c4-d5 +c6 Sc6>d5 end", "c3-e2 +e2 d3-c6 end")
    assert judged.points[0] - judged.points[1] < 2.0
    reviewed = review_turn(g, start, budget=Budget(iterations=2000))
    assert (reviewed.played, reviewed.verdict) == (played, "fine")
    assert reviewed.lost < 2.0


def test_r14_i7_lines_are_played_on_to_the_delivery_that_ends_the_game() -> None:
    """Turn 46 of the first game (the end triggered, R14): the player steals the meat
    (R10); the bot's pick-up ends the game a turn sooner (I7). Cut at the same depth,
    one line was over and the other not: "9.6 (mistake)". Played on towards the end,
    the steal's line finishes 61-29 (R15-R17) and the pick-up's comes within 5 points
    of it (59-31 in the lines that finish): no mistake."""
    judged = duel_with_played(1, 46, "d6-c3 $c3/2M end", "e4-g1 +g1 +c6 end")[3]
    assert judged.points[0] == 32.0  # a final margin: every line of the steal's game over
    assert 0.0 < judged.points[0] - judged.points[1] < 5.0


def test_r17_the_delivery_that_wins_the_game_loses_nothing() -> None:
    """Turn 52 of the first game: the player's delivery ends the game (I7), won 67 to 26
    (R17). A line of play that went on might add to the margin: no turn is better."""
    g = played_game(1)
    start = start_of(g, 52)
    reviewed = review_turn(g, start, budget=Budget(iterations=2000))
    assert reviewed.played == turn_of("c5-b4 +b3 Hb3>e4") and g.is_over()
    assert (reviewed.best, reviewed.lost, reviewed.verdict) == (reviewed.played, 0.0, "fine")


def test_r13_the_played_turn_and_the_best_are_rolled_out_on_the_same_draws() -> None:
    """A pick-up that refills the board (R13) draws in every rollout: the same turn twice
    in one duel scores the same, sample by sample (common random numbers)."""
    g = refill_ready()
    g.push(parse_action("@b2"))
    view = g.view(0)
    t = turn_of("+c6 end")
    judged = duel(view, (t, t), Budget(iterations=2000).start(), seed=3)
    assert judged.samples >= 2 and judged.points[0] == judged.points[1]
    other = turn_of("@g1 end")  # draws nothing: still sampled with the turn that draws
    assert duel(view, (t, other), Budget(iterations=2000).start(), seed=3).samples == judged.samples
    hurried = duel(view, (t, other), Budget(seconds=0.001).start(), seed=3)  # the page's budget_ms
    assert (hurried.level, hurried.samples) == (0, judged.samples)  # level 0 always, whole


def test_r6_a_turn_ending_where_the_bots_does_is_the_best_and_loses_nothing() -> None:
    """The same camels put in the other order (R6: any order) leave the same position:
    the review calls the played turn the best, 0 points lost, whatever the samples."""
    g = played_game(1)
    start = start_of(g, 18)
    position = at(g, start.index)
    view = position.view(start.seat)
    best = HardBot(seed=0).consider(view, Budget(iterations=800))[0].actions
    moved = [i for i, a in enumerate(best) if isinstance(a, (PlaceCamel, MoveCamel))]
    assert len(moved) >= 2  # the bot's turn moves two camels (R7)
    second = moved[1]
    swapped = best[second : second + 1] + best[:second] + best[second + 1 :]  # that one first
    assert swapped != best
    assert same_end(view, best, swapped) and not same_end(view, best, turn_of("end"))
    for action in swapped:
        position.push(action)
    reviewed = review_turn(position, start, budget=Budget(iterations=800))
    assert (reviewed.played, reviewed.best, reviewed.lost) == (swapped, swapped, 0.0)


def test_r10_the_search_behind_hints_and_reviews_foresees_the_next_players_steal() -> None:
    """Turn 18 of the first game: the hint (the bot's own turn, and the review's best)
    leaves the paper on top at d5, and the bot steals it at once (R10). The search's
    line of play for that turn, from which hints and reviews judge it, must see it."""
    g = played_game(1)
    start = start_of(g, 18)
    hinted = turn_of("d3-c6 +c6 d4-c5 Pc6>d5 end")
    assert played_turn(g, start) == hinted
    reply = played_turn(g, start_of(g, 19))
    assert [str(a) for a in reply] == ["b1-d5", "$d5/1P", "b2-d4", "end"]  # the bot steals it (R10)
    view = at(g, start.index).view(start.seat)
    line = line_of_play(view, hinted, SeededChance(decision_seed(0, view)), 0, 3)
    answer = [s.action for s in line.history if s.seat == 1][:4]
    assert any(isinstance(a, Steal) and a.victim == 0 for a in answer)


def test_r6_r12_ending_the_turn_with_the_winning_delivery_in_reach_is_a_mistake() -> None:
    """Seat 1 ends at once (R6) instead of delivering the salt (R12), which would end
    the game (R14, I7) 3 ahead; seat 2 then delivers first and wins."""
    g = last_delivery()
    g.push(END_TURN)
    (start,) = turns(g)
    reviewed = review_turn(g, start, seed=SEED, budget=BUDGET)
    assert reviewed.played == (END_TURN,)
    assert reviewed.best == (parse_action("Sd4>d5"),)
    assert reviewed.lost >= 5
    assert reviewed.verdict in ("mistake", "blunder")
    assert reviewed.margin_before == 0.0  # even before the turn (keep_in_bag shares the points)


def test_r13_i6_a_turn_with_a_refill_in_it_is_one_turn_to_its_end() -> None:
    g = refill_ready()
    g.push(parse_action("+c6"))  # leaves four loose goods: the board refills mid-turn
    g.push(parse_action("@b2"))
    g.push(END_TURN)
    g.push(END_TURN)  # the other seat's turn
    starts = turns(g)
    assert [(s.index, s.seat) for s in starts] == [(0, 0), (3, 1)]
    assert [str(a) for a in played_turn(g, starts[0])] == ["+c6", "@b2", "end"]


def test_verdicts_follow_the_thresholds() -> None:
    assert [name for name, _ in THRESHOLDS] == ["blunder", "mistake", "inaccuracy"]
    assert [verdict(x) for x in (0.0, 1.9, 2.0, 4.9, 5.0, 9.9, 10.0, 30.0)] == [
        "fine",
        "fine",
        "inaccuracy",
        "inaccuracy",
        "mistake",
        "mistake",
        "blunder",
        "blunder",
    ]


def test_a_review_round_trips_through_plain_json() -> None:
    g = last_delivery()
    g.push(END_TURN)
    result = review(g, seed=SEED, budget=Budget(iterations=300))
    data = json.loads(json.dumps(result.to_dict()))
    assert data["version"] == 1
    assert Review.from_dict(data) == result


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d.pop("version"), "version"),
        (lambda d: d.__setitem__("turns", "many"), "no list of turns"),
        (lambda d: d["turns"][0].__setitem__("lost", "a lot"), "points lost"),
        (lambda d: d["turns"][0].__setitem__("lost", float("nan")), "points lost"),
        (lambda d: d["turns"][0].__setitem__("played", ["fly"]), "not an action"),
        (lambda d: d["turns"][0].__setitem__("seat", 7), "seat"),
        (lambda d: d["turns"][0].__setitem__("verdict", "great"), "verdict"),
        (lambda d: d.__setitem__("turns", [d["turns"][0]] * 20_000), "more turns than any game"),
    ],
)
def test_a_damaged_saved_review_is_refused_in_plain_words(change: object, words: str) -> None:
    g = last_delivery()
    g.push(END_TURN)
    data = review(g, seed=SEED, budget=Budget(iterations=300)).to_dict()
    change(data)  # type: ignore[operator]
    with pytest.raises(ReviewError, match=words) as caught:
        Review.from_dict(data)
    assert isinstance(caught.value, CaravanError)


def test_the_command_line_prints_one_line_per_turn_and_the_json(tmp_path: Path) -> None:
    g = last_delivery()
    g.push(END_TURN)
    g.push(parse_action("Mc3>c4"))  # seat 2 delivers: the game is over (I7)
    path = tmp_path / "game.json"
    path.write_text(record.dumps(g), encoding="utf-8")
    out = io.StringIO()
    assert main([str(path), "--json", "--iterations", "300"], stdout=out) == 0
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("Reviewed by hard, 300 positions a turn. Each turn is played on beside")
    assert lines[1] == "turn 4, seat 1: played end; best: Sd4>d5; lost 6.0 (mistake)"
    assert lines[2] == "turn 5, seat 2: played Mc3>c4; best: the same; lost 0.0 (fine)"
    rows = json.loads(lines[-1])["turns"]
    assert [(r["turn"], r["seat"], r["played"], r["best"]) for r in rows] == [
        (4, 1, ["end"], ["Sd4>d5"]),
        (5, 2, ["Mc3>c4"], ["Mc3>c4"]),
    ]
    out = io.StringIO()
    assert main([str(path), "--seat", "2", "--iterations", "300"], stdout=out) == 0
    assert [line.split(":")[0] for line in out.getvalue().splitlines()[1:]] == ["turn 5, seat 2"]


def test_the_command_line_says_plainly_what_is_wrong_with_a_file(tmp_path: Path) -> None:
    err = io.StringIO()
    assert main([str(tmp_path / "none.json")], stdout=io.StringIO(), stderr=err) == 2
    assert "Cannot read" in err.getvalue()
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    err = io.StringIO()
    assert main([str(bad)], stdout=io.StringIO(), stderr=err) == 2
    assert "Cannot open" in err.getvalue() and "not valid JSON" in err.getvalue()


def test_r6_the_turn_still_being_played_is_not_reviewed() -> None:
    g = last_delivery()
    g.push(END_TURN)
    g.push(parse_action("@b4"))  # seat 2's turn goes on: it may yet deliver (R12)
    result = review(g, seed=SEED, budget=Budget(iterations=300))
    assert [(t.turn, t.seat) for t in result.turns] == [(4, 0)]


def test_r10_the_bot_does_not_pick_up_a_rare_good_where_the_next_players_steal_takes_it() -> None:
    """Turn 3 of the third played game (against ``hard`` with the reply's steal): the
    bot picked up the paper on e2 and left it on top; the person put a camel there
    (2 actions, R7), stole it (R10) and delivered it to Cairo. The search saw that
    steal in its lines, but every turn the beam kept began with the pick-up. The
    wary candidates (turns scored with the steal priced in) add one that does not."""
    g, start = stolen_after(3, 3, "+e2")
    choice = chosen(g, start)
    assert turn_of("+e2")[0] not in choice, choice
    assert turn_of("+e2")[0] in chosen(g, start, HardBot(seed=0, wary=0, unexposed=0))


def test_r10_the_bot_does_not_leave_the_cloth_it_picks_up_where_a_steal_takes_it() -> None:
    """Turn 3 of the fourth played game (against today's ``hard``): the bot picked up
    the cloth on b3, two squares from Fez, and left it on top; the person put a camel
    there (2 actions, R7), stole it (R10) and delivered it the next turn. The search's
    line of play has that very reply, but every turn the beam keeps picks the cloth up,
    and the wary turns, listed after them, were never judged within the budget. They
    are judged after the beam's first four now (``first``), and one wins."""
    g, start = stolen_after(4, 3, "+b3")
    choice = chosen(g, start)
    assert turn_of("+b3")[0] not in choice, choice
    in_order = HardBot(seed=0, first=None, unexposed=0)  # the beam's six first, as before
    assert turn_of("+b3")[0] in chosen(g, start, in_order)


def test_r8_r10_r12_the_bot_delivers_the_good_it_can_and_leaves_the_one_a_steal_would_take() -> None:
    """Turn 6 of the fifth played game (against ``hard@4``, 2026-12-06, night): the bot's
    camels stood on both cloths, a1 and a7, with a chain from a1 to Fez; it ended
    its turn with all 4 actions unused. Every turn the beam kept picked up both
    cloths, and the one on a7 was then left on top beside the person's camels (R10);
    the wary beam, pricing that, had dropped the pick-up on a1 before the move that
    delivers it. The same turn without the exposed pick-up is judged now, and wins."""
    g = played_game(5)
    start = start_of(g, 6)
    assert played_turn(g, start) == turn_of("end")  # what hard@4 did
    choice = chosen(g, start)
    assert turn_of("+a1 Ca1>a4")[:2] == choice[:2], choice  # 6 points and a demand marker (R15)
    assert turn_of("+a7")[0] not in choice, choice
    before = make_bot("hard@4", seed=0)
    assert isinstance(before, HardBot)
    assert chosen(g, start, before) == turn_of("end")


@pytest.mark.xfail(strict=True, reason="the budget judges only the beam's first three turns here")
def test_r10_the_bot_builds_the_chain_first_where_a_steal_would_take_the_cloth() -> None:
    """Turn 7 of the sixth played game (against today's ``hard``, 2026-12-06, night): the
    bot picked up the cloth on c6 and built its chain to b4, the cloth left on top while
    the person held a theft marker; the person put a camel there (2 actions, R7) and
    stole it (R10). Judged, building the whole chain to Fez first (the wary turn,
    ``e2-c5 e7-c4 f7-b4 g7-a4``) is about 9 points of margin better; but in this
    position, four actions of many camel moves, the beam's own search spends most of
    the budget, and only its first three turns, all with the pick-up, are judged.
    (``first=1``, which judges the wary turn here, won 2 of 14 games against ``hard``.)"""
    g, start = stolen_after(6, 7, "+c6")
    choice = chosen(g, start)
    assert turn_of("+c6")[0] not in choice, choice
