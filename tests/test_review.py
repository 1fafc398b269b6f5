"""Reviews (caravan/review.py): each turn played set beside the hard bot's best.

Short games (Options(short=True), R2) and small budgets keep it fast; the
positions come from the position notation (tests/positions.py).
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from caravan import Game, Options, parse_action, record
from caravan.actions import END_TURN
from caravan.bots import Budget, HardBot, make_bot
from caravan.errors import CaravanError
from caravan.review import (
    THRESHOLDS,
    Review,
    ReviewError,
    main,
    played_turn,
    review,
    review_turn,
    turns,
    verdict,
)
from tests.positions import last_delivery, refill_ready

BUDGET = Budget(iterations=1500)
SEED = 9


def hard_against_medium(last_turn: int = 14) -> Game:
    """The hard bot (seat 1) against medium (seat 2), the hard bot made with the review's seed and budget."""
    g = Game(Options(short=True), seed=21)
    bots = [HardBot(seed=SEED, iterations=BUDGET.iterations), make_bot("medium", seed=2)]
    while not g.is_over() and g.turn <= last_turn:
        g.push(bots[g.seat].act(g.view(g.seat)))
    return g


def test_the_hard_bots_own_turns_have_almost_nothing_to_correct() -> None:
    g = hard_against_medium()
    result = review(g, seats=(0,), seed=SEED, budget=BUDGET)
    assert [t.seat for t in result.turns] == [0] * len(result.turns) and len(result.turns) >= 6
    assert sum(t.lost for t in result.turns) <= 1.0
    fine = [t for t in result.turns if t.verdict == "fine"]
    assert len(fine) >= 0.8 * len(result.turns)
    same = [t for t in result.turns if t.played == t.best]
    assert len(same) >= 0.8 * len(result.turns) and all(t.lost == 0 for t in same)
    # the chart: every turn's start, both seats' expected final margins
    assert [turn for turn, _ in result.margins] == [s.turn for s in turns(g)]
    assert all(len(values) == 2 for _, values in result.margins)
    assert result.judge == "hard, 1,500 positions a turn"


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
