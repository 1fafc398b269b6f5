"""Hints (caravan/advice.py): the hard bot's own turn for the player to move, and why.

Positions are built through the position notation (tests/positions.py,
docs/POSITION.md), each putting one rule on its own.
"""

from __future__ import annotations

import gettext
import io
from pathlib import Path

import pytest

from caravan import SQUARE_NAMES, Game, Good, Options, parse_action, record
from caravan.actions import END_TURN, Action
from caravan.advice import Reason, explain, hint
from caravan.bots import Budget, HardBot, make_bot
from caravan.review import at, turns
from caravan.words import Words
from tests.positions import blank, camel, demand, five_loose, last_delivery, loose
from tests.translations import compiled

BUDGET = Budget(iterations=1000)
ENGLISH = Words(gettext.NullTranslations())
GOLDEN = Path(__file__).parent / "golden"


def turn(*texts: str) -> tuple[Action, ...]:
    return tuple(parse_action(t) for t in texts)


def test_r12_r14_i7_the_hint_is_the_delivery_that_ends_the_game_and_says_its_points() -> None:
    g = last_delivery()
    h = hint(g, budget=BUDGET)
    assert h.seat == 0
    assert h.actions == turn("Sd4>d5")  # the delivery ends the game at once: no end (I7)
    assert h.delivered == 3 and h.markers == 0  # salt is common: 3 points (R15)
    assert h.reasons == (Reason("deliver", good=Good.SALT, city="Timbuktu", points=3, frm=24, to=31),)
    assert h.gain > 0  # better than ending the turn (R6)
    assert ENGLISH.hint_line(g, h) == "Deliver the salt to Timbuktu: +3."


def test_the_hint_is_the_hard_bots_own_turn_with_the_same_seed_and_budget() -> None:
    g = Game(Options(short=True), seed=11)
    medium = make_bot("medium", seed=1)
    while g.turn < 6:
        g.push(medium.act(g.view(g.seat)))
    h = hint(g, seed=4, budget=BUDGET)
    bot = HardBot(seed=4, iterations=BUDGET.iterations)
    played = []
    view = g.view(g.seat)
    while not view.is_over() and view.seat == h.seat:
        action = bot.act(view)
        played.append(action)
        view.push(action)
    assert tuple(played) == h.actions
    assert h.actions[-1] == END_TURN or view.is_over()  # a whole turn (R5, R6)


def test_i11_the_hint_does_not_depend_on_the_bags_order() -> None:
    """Two games in the same position whose bags would draw differently get the same hint."""
    text = Game(Options(short=True), seed=5).position()
    one = hint(Game.from_position(text, seed=1), budget=BUDGET)
    two = hint(Game.from_position(text, seed=2), budget=BUDGET)
    assert one == two


def test_r8_r11_r12_a_pick_up_and_its_delivery_are_one_reason_with_the_demand_markers() -> None:
    g = demand(loose(blank(short=True), "c5", "S"), "c5", 2)
    g = camel(camel(g, 0, "c5"), 0, "d5")
    (reason,) = explain(g, turn("+c5", "Sc5>d5", "end"))
    assert (reason.kind, reason.how, reason.good, reason.points, reason.markers) == (
        "deliver",
        "pickup",
        Good.SALT,
        3,
        2,
    )


def test_r11_moves_of_a_good_along_the_chain_are_summed_as_squares_nearer_its_city() -> None:
    """Cloth goes to Fez (a4): e4 to c4 is 2 squares nearer; a camel put on b4 to
    receive it is part of the same move, not a reason of its own."""
    g = camel(camel(camel(blank(short=True), 0, "e4", "C"), 0, "d4"), 0, "c4")
    reasons = explain(g, turn("Ce4>c4", "@b4", "Cc4>b4", "end"))
    assert [(r.kind, r.good, r.squares, r.to) for r in reasons] == [("closer", Good.CLOTH, 3, 22)]
    assert ENGLISH.hint_line(g, _hinted(reasons)) == "Move the cloth 3 spaces nearer Fez."


def test_r7_r12_a_camel_on_the_city_another_player_needs_is_a_block() -> None:
    g = camel(camel(blank(short=True), 1, "d4", "S"), 1, "c4")
    (reason,) = explain(g, turn("@d5", "end"))
    assert (reason.kind, reason.victim, reason.good, reason.city) == ("block", 1, Good.SALT, "Timbuktu")
    assert ENGLISH.hint_line(g, _hinted((reason,))) == (
        "Put a camel on d5 in Timbuktu, where Player 2 wants to deliver the salt."
    )


def test_r6_ending_the_turn_at_once_is_one_reason() -> None:
    assert explain(blank(short=True), (END_TURN,)) == (Reason("end"),)


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("es", "Recoger la sal en c5 y entregar en Tombuctú: +3, con 2 marcadores de demanda."),
        ("fr", "Ramasser le sel en c5 pour livrer à Tombouctou\u00a0: +3, avec 2 marqueurs de demande."),
        ("pl", "Podnieś sól z c5 i dostarcz do Timbuktu: +3, z 2 znacznikami popytu."),
        ("nl", "Het zout op c5 oppakken en in Timboektoe leveren: +3, met 2 vraagmarkers."),
    ],
)
def test_a_hint_is_said_in_every_language(lang: str, said: str) -> None:
    g = demand(loose(blank(short=True), "c5", "S"), "c5", 2)
    g = camel(camel(g, 0, "c5"), 0, "d5")
    reasons = explain(g, turn("+c5", "Sc5>d5", "end"))
    assert Words(compiled(lang)).hint_line(g, _hinted(reasons)) == said


def _hinted(reasons: tuple[Reason, ...]) -> _Said:
    return _Said(reasons)


class _Said:
    """What Words.hint_line reads of a hint."""

    def __init__(self, reasons: tuple[Reason, ...]) -> None:
        self.reasons = reasons
        self.gain = 0.0
        self.expected = 0.0


def test_the_terminals_hint_numbers_the_whole_turn_and_review_judges_the_game_so_far() -> None:
    """``hint``: the whole turn (R5) in notation, each action numbered and said, the
    reason line and the gain; ``review``: one line per turn played so far."""
    from caravan.terminal import session

    script = ["@c6", "end", "@f5", "+f5", "end", "hint", "review", "quit", ""]
    out = io.StringIO()
    game = session(
        ["--seed", "3", "--players", "Ann,Bob", "--start", "1"],
        io.StringIO("".join(line + "\n" for line in script)),
        out,
    )
    assert game is not None
    lines = out.getvalue().splitlines()
    (first,) = [i for i, line in enumerate(lines) if line.startswith("Hint: ")]
    hinted = [parse_action(t) for t in lines[first].removeprefix("Hint: ").split()]
    assert hinted[-1] == END_TURN and len(hinted) - 1 <= 3  # turn 3: 3 actions (R5), then end
    numbered = lines[first + 1 : first + 1 + len(hinted)]
    assert [line.split()[:2] for line in numbered] == [[f"{n}.", str(a)] for n, a in enumerate(hinted, 1)]
    assert lines[first + 1 + len(hinted)].endswith(".")  # the reason line
    assert lines[first + 2 + len(hinted)].startswith("Gain over ending the turn now: ")
    reviewed = [line for line in lines if line.startswith("Turn ") and "points lost" in line]
    assert [line.split(":")[0] for line in reviewed] == ["Turn 1, Ann", "Turn 2, Bob"]
    assert reviewed[0].startswith("Turn 1, Ann: played @c6 end; best ")


def test_r11_camels_put_one_after_another_on_one_chain_are_said_once() -> None:
    """Two camels extending the same chain toward Fez read as one part of the hint, not two."""
    game = Game(Options(), seed=1)
    chain = (
        Reason("chain", city="Fez", to=SQUARE_NAMES.index("b4")),
        Reason("chain", city="Fez", to=SQUARE_NAMES.index("b5")),
    )
    assert ENGLISH.reasons(game, chain) == "put camels on b4, b5 to extend your chain toward Fez"
    apart = (chain[0], Reason("end"), chain[1])
    assert ENGLISH.reasons(game, apart).count("put a camel on") == 2


def test_r5_r13_a_hint_asked_mid_turn_is_what_the_bot_would_play_from_there() -> None:
    """Mid-turn (turn 10 of a player's game, one action taken) the bot plans the rest
    with half its budget (a turn planned again after a refill, R13); the hint must ask
    the same, or it is not the bot's own turn (it was '+c6 +f5 Sc6>d5 end' here)."""
    g = record.loads((GOLDEN / "review-game-2.json").read_bytes())
    start = next(s for s in turns(g) if s.turn == 10)
    position = at(g, start.index + 1)
    assert position.left < 4 and position.seat == start.seat  # R5: turn 10, 4 actions
    budget = Budget(iterations=3000)
    h = hint(position, seed=0, budget=budget)
    bot = HardBot(seed=0, iterations=budget.iterations)
    view = position.view(position.seat)
    assert h.actions == tuple(bot.plan(view, bot.default_budget))  # what act plans from here
    assert h.actions[0] == bot.act(view)


def test_r13_i11_a_good_the_turns_own_refill_puts_down_is_not_named_before_it_is_drawn() -> None:
    """The pick-up on c6 leaves four loose goods, so the refill draws four goods onto
    the empty numbered spaces (R13), b3 among them, where our second camel waits. The
    explanation replays the turn on a copy with its own draws: which good lands on b3
    there is a guess (I11), so that pick-up is said without a good, and the
    explanation stops there (what follows may depend on the guess)."""
    g = camel(five_loose(blank()), 0, "c6")
    g = camel(g, 0, "b3")
    reasons = explain(g, turn("+c6", "+b3", "b3-d4", "end"))
    assert [r.kind for r in reasons] == ["pickup", "pickup"]
    assert reasons[0].good is not None  # the good on c6 was there before the turn
    drawn = reasons[1]
    assert (drawn.how, drawn.good, drawn.frm) == ("drawn", None, SQUARE_NAMES.index("b3"))
    said = ENGLISH.reasons(g, reasons)
    assert "pick up the good the refill puts on b3" in said
    for lang in ("es", "fr", "pl", "nl"):  # translated, not left in English
        assert "refill" not in Words(compiled(lang)).reasons(g, reasons)
