"""Refusals are codes with parameters (issue 13): every code has an English
text, each refusal's text is the English the engine always gave, a front end
can word it from its own catalogue, and no error the engine raises about a
game or its input is an English sentence alone."""

from __future__ import annotations

import ast
import pickle
import random
import re
from pathlib import Path

import pytest

from caravan import (
    Game,
    IllegalActionError,
    LinkError,
    NotationError,
    Options,
    OptionsError,
    Outcome,
    Player,
    PositionError,
    Reason,
    RecordError,
    Refusal,
    link,
    parse_action,
    parse_position,
    record,
)
from caravan.actions import END_TURN, MoveCamel, MoveGood, PlaceCamel, Steal, all_actions
from caravan.errors import Refused
from caravan.playout import courier_action, random_action
from caravan.refusals import TEXTS, english
from tests.positions import blank, camel, loose, set_theft, sq

ROOT = Path(__file__).resolve().parent.parent
RULE = re.compile(r"^[RI][0-9]+$")


def pseudo(code: str) -> str:
    """A stand-in catalogue: every text bracketed, so a test sees it was used."""
    return f"[{english(code)}]"


def check(refusal: object) -> Refusal:
    """A refusal as a front end needs it: a known code, exactly the parameters
    its text uses, str/int values, the text its English rendering gives."""
    assert isinstance(refusal, Refusal), repr(refusal)
    assert refusal.code in TEXTS
    assert set(refusal.params) == TEXTS[refusal.code].params, refusal.code
    assert all(type(v) in (int, str) or isinstance(v, Refusal) for v in refusal.params.values())
    for value in refusal.params.values():
        if isinstance(value, Refusal):
            check(value)
    assert str(refusal) == refusal.in_words()
    worded = refusal.in_words(pseudo, lambda letter: f"<{letter}>")
    assert worded.startswith("[") and worded.endswith("]")
    return refusal


# ------------------------------------------------------------------ the table


def test_every_code_has_an_english_text_and_cites_only_rule_numbers() -> None:
    for code, text in TEXTS.items():
        assert re.fullmatch(r"[a-z0-9_]+", code), code
        assert text.english and text.english == text.english.strip(), code
        assert all(RULE.match(rule) for rule in text.rules), code
        # A text that cites its rules does it through {rule}, so a page can link them.
        assert ("{rule}" in text.english) <= bool(text.rules), code
        assert not re.search(r"\((?:R|I)[0-9]+", text.english), f"{code}: a rule number written out"


def test_docs_api_lists_every_code_with_its_parameters_and_english_text() -> None:
    api = (ROOT / "docs" / "API.md").read_text(encoding="utf-8")
    for code, text in TEXTS.items():
        params = ", ".join(f"`{p}`" for p in sorted(text.params)) or "none"
        rules = ", ".join(text.rules) or "none"
        row = f"| `{code}` | {params} | {rules} | {text.english} |"
        assert row in api, f"docs/API.md lacks the row: {row}"
    listed = set(
        re.findall(
            r"^\| `([a-z0-9_]+)` \|", api[api.index("Every code, its parameters") :], flags=re.MULTILINE
        )
    )
    assert listed == set(TEXTS)


# ------------------------------------------------------------------ the type


def test_a_refusal_is_its_english_text_with_its_code_params_and_rules() -> None:
    r = Refusal("occupied_costs_two", square="c6")
    assert r == "c6 has camels on it, which costs 2 actions; you have 1 left (R7)"
    assert f"why: {r}" == "why: c6 has camels on it, which costs 2 actions; you have 1 left (R7)"
    assert r.code == "occupied_costs_two" and dict(r.params) == {"square": "c6"} and r.rules == ("R7",)
    assert r.in_words(lambda code: "{square} est occupée ({rule})") == "c6 est occupée (R7)"
    assert repr(r) == "Refusal('occupied_costs_two', square='c6')"


def test_goods_are_letters_worded_by_the_front_end() -> None:
    r = Refusal("no_victim_camel", player=2, good="S", square="d4")
    assert r == "player 2 has no camel carrying salt on d4"
    assert r.in_words(lambda code: "{good} / {player} / {square}", lambda g: f"la {g}") == "la S / 2 / d4"


def test_a_nested_refusal_is_worded_too() -> None:
    r = Refusal("illegal_action", action="+c6", reason=Refusal("no_unladen_camel", square="c6"))
    assert r == "+c6: you have no unladen camel on c6"
    assert r.in_words(pseudo) == "[+c6: [you have no unladen camel on c6]]"


def test_a_refusal_and_an_error_carrying_one_survive_pickling() -> None:
    r = Refusal("record_action_replay", number=3, entry="'x'", cause=Refusal("link_cut"))
    again = pickle.loads(pickle.dumps(r))
    assert again == r and again.code == r.code and again.params == r.params
    assert isinstance(again.params["cause"], Refusal)
    err = pickle.loads(pickle.dumps(IllegalActionError(Refusal("game_over"))))
    assert err.refusal is not None and err.refusal.code == "game_over" and str(err) == "the game is over"


def test_an_unknown_code_or_a_missing_parameter_is_refused_at_once() -> None:
    with pytest.raises(KeyError):
        Refusal("no_such_code")
    with pytest.raises(KeyError):
        Refusal("no_camel_on")


# ------------------------------------------------------ today's English, kept


@pytest.mark.parametrize(
    ("refusal", "text"),
    [
        (Refusal("no_actions_left"), "you have no actions left this turn: end your turn"),
        (Refusal("laden_cannot_move"), "a camel carrying a good cannot move (R7)"),
        (Refusal("already_there"), "the camel is already there (I3)"),
        (Refusal("no_carrier", good="I", square="a1"), "you have no camel with ivory on it on a1"),
        (Refusal("no_carrier_under", good="G", square="b2"), "you have no camel with gems under it on b2"),
        (
            Refusal("no_receiver", square="c3"),
            "you have no unladen camel on c3 (a good may not end on a laden camel, R11)",
        ),
        (
            Refusal("not_connected", frm="a1", to="c3"),
            "your camels on a1 and c3 are not connected orthogonally (R11)",
        ),
        (
            Refusal("steal_all_laden"),
            "you may not steal a good that would leave all your camels laden (R9, I2)",
        ),
        (
            Refusal("agreed_final"),
            "the players agreed to end the game (I10): that cannot be taken back",
        ),
        (
            Refusal("options_player_count", min=2, max=4, count=5),
            "Caravan is for 2 to 4 players, not 5",
        ),
        (
            Refusal("link_too_many", max=2000),
            "it holds more than 2,000 actions, more than any real game (a complete one has about 550)",
        ),
        (
            Refusal("record_draws_missing", where=Refusal("record_where_action", number=4)),
            "the draws of the action 4 are missing",
        ),
    ],
)
def test_the_text_of_a_refusal_is_the_english_the_engine_always_gave(refusal: Refusal, text: str) -> None:
    assert str(refusal) == text
    check(refusal)


def test_the_message_constants_of_links_and_records_are_refusals() -> None:
    for name in ("NOT_OURS", "CUT", "DAMAGED", "TAMPERED", "NEWER", "OLDER", "TOO_LONG", "TOO_MANY"):
        check(getattr(link, name))
    assert link.TOO_LONG == "it is longer than 4,000 characters, far too long to be a game of Caravan"
    check(record.TOO_MANY)
    check(record.TOO_LARGE)
    assert record.TOO_MANY.code == "record_too_many" and record.TOO_MANY.params == {"max": 2000}


# ----------------------------------------------------------------- why_illegal


def _refusals_over(game: Game, checked: set[tuple[type, str]]) -> set[str]:
    """The codes of every refusal ``game`` gives over all actions, each distinct
    refusal (its type, code and parameters: its repr) checked once: of the
    763,000 refusals the test below meets, 1,313 differ."""
    codes: set[str] = set()
    for action in all_actions():
        reason = game.why_illegal(action)
        if reason is not None:
            key = (type(reason), repr(reason))
            if key not in checked:
                checked.add(key)
                check(reason)
            codes.add(reason.code)
    return codes


def test_why_illegal_over_random_games_gives_refusals_a_page_can_word() -> None:
    # Three games, every 80th position: each of the 17 refusals the board can give
    # shows up (all but two by the first game's 80th action).
    codes: set[str] = set()
    checked: set[tuple[type, str]] = set()
    for seed in range(3):
        rng = random.Random(seed)
        game = Game(
            Options(players=(Player("A", "yellow"), Player("B", "black"), Player("C", "red"))), seed=seed
        )
        for n in range(400):
            if game.is_over():
                break
            if n % 80 == 0:
                codes |= _refusals_over(game, checked)
            policy = courier_action if n % 3 else random_action
            game.push(policy(game, rng))
        codes |= _refusals_over(game, checked)
    # Off the board, no such good or player, not an action at all.
    odd: list[object] = [PlaceCamel(-1), MoveCamel(0, 99), MoveGood(0, 1, 9, False), Steal(0, 7, 0), "end"]
    for action in odd:
        codes.add(check(game.why_illegal(action)).code)  # type: ignore[arg-type]
    assert {
        "no_actions_left",
        "no_such_square",
        "no_camel_on",
        "no_unladen_camel",
        "not_an_action_repr",
    } <= codes
    assert len(codes) >= 15, codes


def test_why_illegal_in_set_positions_names_squares_goods_and_players() -> None:
    game = camel(camel(blank(2), 1, "d4", "S"), 0, "d4")
    game = set_theft(game, (0, 2))
    r = check(game.why_illegal(Steal(sq("d4"), 1, 6)))
    assert r.code == "no_theft_marker" and r.rules == ("R10",)
    game = set_theft(game, (1, 1))
    r = check(game.why_illegal(Steal(sq("d4"), 1, 0)))
    assert r.code == "no_victim_camel" and dict(r.params) == {"player": 2, "good": "I", "square": "d4"}
    game = loose(camel(blank(2), 0, "c6", "S"), "c6", "I")
    r = check(game.why_illegal(parse_action("+c6")))
    assert r.code == "no_unladen_camel" and r.params["square"] == "c6"


def test_push_pop_and_redo_raise_errors_carrying_the_refusal() -> None:
    game = Game(Options(), seed=2)
    with pytest.raises(IllegalActionError) as caught:
        game.push(parse_action("+c6"))
    refusal = check(caught.value.refusal)
    assert refusal.code == "illegal_action" and refusal.params["action"] == "+c6"
    assert isinstance(refusal.params["reason"], Refusal) and caught.value.code == "illegal_action"
    game.end_by_agreement()
    with pytest.raises(IllegalActionError) as caught:
        game.pop()
    assert check(caught.value.refusal).code == "agreed_final"
    with pytest.raises(IllegalActionError) as caught:
        game.redo()
    assert check(caught.value.refusal).code == "nothing_to_redo_over"


def test_records_links_options_and_notation_raise_with_codes() -> None:
    with pytest.raises(NotationError) as n:
        parse_action("@z9")
    assert check(n.value.refusal).code == "notation_unknown"
    with pytest.raises(OptionsError) as o:
        Options(players=(Player("Ann", "yellow"), Player("ann", "black")))
    assert check(o.value.refusal).code == "names_same"
    with pytest.raises(LinkError) as lk:
        link.decode("c2.AAAA")
    assert check(lk.value.refusal).code.startswith("link_")
    text = record.dumps(Game(Options(), seed=1)).replace('"history":[]', '"history":["+c6"]')
    with pytest.raises(RecordError) as rec:
        record.loads(text)
    r = check(rec.value.refusal)
    assert r.code == "record_action_replay" and r.params["number"] == 1
    assert r.in_words(pseudo).startswith("[action 1 of the record") and r.in_words(pseudo).count("[") == 3


def test_every_error_the_engine_raises_for_a_player_is_made_from_a_refusal() -> None:
    """No raise of NotationError, IllegalActionError, RecordError, OptionsError,
    LinkError or PositionError in caravan/ passes a sentence: a Refusal made there, or a name
    bound to one (mypy checks the names' types: ``Refusal``)."""
    refused = {"NotationError", "IllegalActionError", "RecordError", "OptionsError", "LinkError"}
    refused.add("PositionError")
    bad = []
    for path in sorted((ROOT / "caravan").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
                func = node.exc.func
                if isinstance(func, ast.Name) and func.id in refused:
                    arg = node.exc.args[0] if node.exc.args else None
                    made = isinstance(arg, ast.Call) and getattr(arg.func, "id", "") == "Refusal"
                    names = [arg.body, arg.orelse] if isinstance(arg, ast.IfExp) else [arg]
                    if not (made or all(isinstance(a, ast.Name) for a in names)):  # Refusal names
                        bad.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not bad, f"errors raised with a sentence, not a Refusal: {bad}"
    assert issubclass(IllegalActionError, Refused) and issubclass(LinkError, Refused)


# --------------------------------------------------------------------- reasons


def test_i10_r14_how_a_game_ended_is_a_reason_equal_to_the_old_strings() -> None:
    game = Game(Options(max_turns=1), seed=1)
    game.push(END_TURN)
    outcome = game.outcome()
    assert outcome == Outcome(Reason.TURN_LIMIT, (0, 1)) and outcome is not None
    old: str = "turn limit"  # what callers compared with before issue 13
    assert outcome.reason is Reason.TURN_LIMIT
    assert outcome.reason == old and f"{outcome.reason}" == old and hash(outcome.reason) == hash(old)
    assert game.state().over is Reason.TURN_LIMIT
    assert parse_position(game.position()).over is Reason.TURN_LIMIT
    assert [r.value for r in Reason] == ["delivery", "turn limit", "agreed"]
    agreed = Game(Options(), seed=1)
    agreed.end_by_agreement()
    assert record.loads(record.dumps(agreed)).outcome() == Outcome(Reason.AGREED, agreed.result())


@pytest.mark.parametrize(
    "text",
    [
        "2 x",
        "5 - *0$1|*0$1 I3C3G3P3M9W9S9H9 1 1 1 - -",
        "2 a1I - - - - - - -",
    ],
)
def test_a_position_refused_says_why_with_a_code(text: str) -> None:
    with pytest.raises(PositionError) as caught:
        parse_position(text)
    assert check(caught.value.refusal).code.startswith("position_")


def test_a_record_whose_starting_position_is_impossible_words_the_nested_refusal() -> None:
    data = record.to_dict(Game.from_position(Game(Options(), seed=3).position()))
    data["position"] = data["position"].replace("$1", "$2", 1)
    with pytest.raises(RecordError) as caught:
        record.from_dict(data)
    r = check(caught.value.refusal)
    assert r.code == "record_position_impossible" and r.params["cause"].code == "position_theft"  # type: ignore[union-attr]
    assert r.in_words(pseudo).startswith("[the starting position is impossible: [theft markers")
