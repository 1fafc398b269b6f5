"""Outside input is bounded before it is worked on (issue 11, items 1, 2, 5):
JSON nested or sized beyond caravan/limits.py, records and links longer than
any real game, turn limits no game reaches, look-alike and blank names, files
that are not UTF-8. Each case is named after the reproduction it guards."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from caravan import jsonread, link, record
from caravan.actions import EndTurn
from caravan.errors import LinkError, OptionsError, RecordError
from caravan.game import Game
from caravan.limits import MAX_ACTIONS, MAX_DEPTH, MAX_LINK, MAX_RECORD, MAX_TURN_LIMIT
from caravan.options import Options, Player, check_name, default_players, name_key
from caravan.playout import courier_action
from web.app.app import App
from web.app.saved import Saves
from web.app.storage import MemoryStorage

from .test_link import GOLDEN_EMPTY, forge, frame

NESTED_OBJECTS = '{"a":' * 5000 + "1" + "}" * 5000  # 30 kB: kills Pyodide's json (issue 11)
NESTED_ARRAYS = "[" * 20000 + "]" * 20000  # 40 kB: the same


@pytest.fixture
def no_json_for_deep_text(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """json.loads fails the test if it is handed anything nested deeper than MAX_DEPTH."""
    real = json.loads

    def guarded(text: str, **kw: object) -> object:
        assert jsonread.depth(text, MAX_DEPTH) <= MAX_DEPTH, "deep text reached json.loads"
        return real(text, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(json, "loads", guarded)
    yield


def ends(n: int, players: int = 2) -> Game:
    """A legal game of ``n`` actions, every one of them ``end`` (R6: a turn
    may end with actions left; no good is delivered, so it never ends, I10)."""
    game = Game(Options(players=default_players(players)), seed=n)
    for _ in range(n):
        game.push(EndTurn())
    return game


def varint(n: int) -> bytes:
    """LEB128, as docs/LINK.md writes counts and turn limits."""
    out = bytearray()
    while n >= 0x80:
        out.append(n & 0x7F | 0x80)
        n >>= 7
    out.append(n)
    return bytes(out)


def forged_ends(n: int) -> str:
    """A link with a valid length and CRC whose payload says "n actions" over
    the choices of a game of none: every action then reads as ``end`` (the
    25-character forged link of issue 11 said 10,000)."""
    _, payload = frame(link.encode(ends(0)))
    # 2 seats, default colours and names: flags, then (colour, name) per seat, then the count.
    assert payload[5] == 0
    return forge(payload[:5] + varint(n) + payload[6:])


# ----------------------------------------------------- the bounded JSON reader


@pytest.mark.parametrize("text", [NESTED_OBJECTS, NESTED_ARRAYS], ids=["5000-objects", "20000-arrays"])
def test_issue11_nested_json_is_refused_before_json_sees_it(text: str, no_json_for_deep_text: None) -> None:
    with pytest.raises(jsonread.TooDeep):
        jsonread.loads(text, max_chars=10**6, max_depth=MAX_DEPTH)
    with pytest.raises(RecordError, match="nest deeper than 8 levels"):
        record.loads(text)


def test_the_depth_scan_skips_string_contents_and_escaped_quotes() -> None:
    assert jsonread.depth('["[[[[", "\\"[[[[", "\\\\", {"k]": "}}}"}]', 3) == 2
    assert jsonread.loads('{"a\\"[": ["\\\\"]}', max_chars=100, max_depth=2) == {'a"[': ["\\"]}
    assert jsonread.depth("1", 3) == 0 and jsonread.depth("[]", 3) == 1


@pytest.mark.parametrize("text", ["[[[", "]", "[}", '["abc', '{"a": "\\"}'], ids=str)
def test_unmatched_brackets_or_an_unended_string_are_not_json(text: str) -> None:
    with pytest.raises(jsonread.NotJson):
        jsonread.loads(text, max_chars=100, max_depth=MAX_DEPTH)


ADVERSARIAL = {
    "an unended string of escaped quotes": '"' + '\\"' * (MAX_RECORD // 2 - 1),
    "the same ending in a lone backslash": '"' + '\\"' * (MAX_RECORD // 2 - 2) + "\\",
    "quote-backslash pairs": '"\\' * (MAX_RECORD // 2),
    "strings opening arrays": '["' * (MAX_RECORD // 2),
}


@pytest.mark.timeout(20)  # linear: milliseconds; the first scan was quadratic (40,000 characters: 2.8 s)
@pytest.mark.parametrize("text", ADVERSARIAL.values(), ids=ADVERSARIAL.keys())
def test_the_scan_is_linear_on_text_made_to_make_a_regex_backtrack(text: str) -> None:
    assert len(text) <= MAX_RECORD
    with pytest.raises(RecordError, match=r"not valid JSON|nest deeper"):
        record.loads(text)


def test_a_text_over_the_size_bound_is_refused_before_it_is_scanned(monkeypatch: pytest.MonkeyPatch) -> None:
    def never(*_: object) -> int:
        raise AssertionError("scanned")

    monkeypatch.setattr(jsonread, "depth", never)
    with pytest.raises(jsonread.TooLarge):
        jsonread.loads("[" * 1001, max_chars=1000, max_depth=MAX_DEPTH)


def test_depth_bound_is_exact_and_a_record_is_shallow() -> None:
    assert jsonread.loads("[" * 8 + "]" * 8, max_chars=100, max_depth=8) == json.loads("[" * 8 + "]" * 8)
    with pytest.raises(jsonread.TooDeep):
        jsonread.loads("[" * 9 + "]" * 9, max_chars=100, max_depth=8)
    assert jsonread.depth(record.dumps(ends(3)), MAX_DEPTH) == 4  # options.players[i].name


def _depth(value: object) -> int:
    if isinstance(value, list):
        return 1 + max((_depth(v) for v in value), default=0)
    if isinstance(value, dict):
        return 1 + max((_depth(v) for v in value.values()), default=0)
    return 0


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(alphabet='ab"\\[]{}\u3164 ', max_size=6),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text('a"\\[{', max_size=3), inner, max_size=3)
    ),
    max_leaves=30,
)


@settings(max_examples=300, deadline=None)
@given(_JSON, st.integers(0, 12))
def test_property_the_scan_finds_the_depth_json_itself_has(value: object, limit: int) -> None:
    text = json.dumps(value, ensure_ascii=random.Random(limit).random() < 0.5)
    want = _depth(value)
    assert jsonread.depth(text, limit) == min(want, limit + 1)
    if want <= limit:
        assert jsonread.loads(text, max_chars=10**6, max_depth=limit) == value


# ------------------------------------------------------------- records


def test_issue11_a_record_of_more_than_max_actions_is_refused_before_any_replay(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    text = record.dumps(ends(MAX_ACTIONS + 1))
    assert len(text) < MAX_RECORD  # refused for its actions, not its size

    def never(*_: object) -> None:
        raise AssertionError("replayed")

    monkeypatch.setattr(Game, "push_recorded", never)
    with pytest.raises(RecordError) as e:
        record.loads(text)
    assert str(e.value) == record.TOO_MANY
    assert f"more than {MAX_ACTIONS:,} actions, more than any real game" in str(e.value)


def test_a_record_of_max_actions_is_read() -> None:
    game = ends(MAX_ACTIONS)
    assert record.loads(record.dumps(game)).state_key() == game.state_key()


def test_issue11_a_1mb_record_is_refused_by_its_size() -> None:
    text = '{"format":"caravan","version":1,"history":[' + ",".join(['"end"'] * 166_000) + "]}"
    with pytest.raises(RecordError, match=f"larger than {MAX_RECORD:,} characters"):
        record.loads(text)
    with pytest.raises(RecordError, match="larger than"):
        record.loads(text.encode())


@pytest.mark.parametrize("limit", [MAX_TURN_LIMIT + 1, 2**28 - 1, 0, -1])
def test_issue11_a_record_with_a_turn_limit_no_game_reaches_is_refused(limit: int) -> None:
    data = record.to_dict(ends(2))
    data["options"]["max_turns"] = limit
    with pytest.raises(RecordError, match="turn limit"):
        record.loads(json.dumps(data))


def test_a_turn_limit_within_the_bound_is_read_by_the_codec() -> None:
    game = Game(Options(max_turns=MAX_TURN_LIMIT), seed=1)
    assert record.loads(record.dumps(game)).options.max_turns == MAX_TURN_LIMIT


def test_issue11_a_file_that_is_not_utf8_is_refused_not_read_with_replacement_characters() -> None:
    text = record.dumps(Game(Options(players=(Player("Zoë", "yellow"), Player("Bob", "black"))), seed=1))
    bad = text.encode("utf-8").replace("ë".encode(), b"\xeb")  # Latin-1's ë
    with pytest.raises(RecordError, match="not UTF-8 text"):
        record.loads(bad)
    assert record.loads("\ufeff".encode() + text.encode()).options.players[0].name == "Zoë"  # a BOM is fine


AGREED = "2 a1H*1/g1M*1/e2S/b3M/f5S/c6W/a7H*1/g7P*1 *0$1/*0$1 I3C3G3P2M7W8S7H7 1 1 1 - agreed"


def test_issue11_a_game_set_up_from_a_position_ended_by_agreement_reads_back() -> None:
    game = Game.from_position(AGREED, options=Options(players=(Player("A", "yellow"), Player("B", "black"))))
    assert game.over == "agreed"
    text = record.dumps(game)
    assert "ended" not in json.loads(text)  # the position says it already (I10)
    back = record.loads(text)
    assert back.over == "agreed" and back.state_key() == game.state_key()
    # What the writer before issue 11 wrote (the agreement said twice) reads too.
    older = json.loads(text) | {"ended": "agreed"}
    assert record.loads(json.dumps(older)).over == "agreed"


def test_an_agreement_after_a_position_is_still_recorded() -> None:
    game = Game.from_position(AGREED.removesuffix("agreed") + "-")
    game.end_by_agreement()
    assert json.loads(record.dumps(game))["ended"] == "agreed"
    assert record.loads(record.dumps(game)).over == "agreed"


# --------------------------------------------------------------- links


def test_issue11_a_forged_link_saying_10000_ends_is_refused_before_any_replay(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    text = forged_ends(10_000)
    assert len(text) < 40  # the issue's was 25 characters

    def never(*_: object) -> None:
        raise AssertionError("replayed")

    monkeypatch.setattr(Game, "legal_actions", never)
    with pytest.raises(LinkError) as e:
        link.decode(text)
    assert str(e.value) == link.TOO_MANY


def test_a_forged_link_of_max_actions_ends_is_a_bounded_game() -> None:
    game = link.decode(forged_ends(MAX_ACTIONS))
    assert len(game.history) == MAX_ACTIONS and {type(s.action) for s in game.history} == {EndTurn}


def test_issue11_a_2mb_fragment_is_refused_without_being_decoded(monkeypatch: pytest.MonkeyPatch) -> None:
    def never(*_: object) -> None:
        raise AssertionError("decoded")

    monkeypatch.setattr(link, "_body", never)
    monkeypatch.setattr(link, "_b64decode", never)
    with pytest.raises(LinkError) as e:
        link.decode(link.PREFIX + "A" * 2_000_000)
    assert str(e.value) == link.TOO_LONG and f"longer than {MAX_LINK:,} characters" in str(e.value)


@pytest.mark.parametrize("limit", [2**28 - 1, MAX_TURN_LIMIT + 1])
def test_issue11_a_link_with_a_turn_limit_no_game_reaches_is_refused(limit: int) -> None:
    _, payload = frame(GOLDEN_EMPTY)
    assert payload[0] & 0x80 and payload[1] == 30  # the golden empty game's limit of 30 turns
    with pytest.raises(LinkError) as e:
        link.decode(forge(payload[:1] + varint(limit) + payload[2:]))
    assert str(e.value) == link.TURN_LIMIT


def test_a_game_with_a_turn_limit_above_the_bound_is_not_made_into_a_link() -> None:
    with pytest.raises(LinkError, match="turn limit"):
        link.encode(Game(Options(max_turns=MAX_TURN_LIMIT + 1), seed=1))


# --------------------------------------------------------------- names

LOOK_ALIKES = {
    "U+034F combining grapheme joiner": "Ann\u034f",
    "U+3164 Hangul filler": "Ann\u3164",
    "U+FFA0 halfwidth Hangul filler": "Ann\uffa0",
    "U+115F Hangul choseong filler": "\u115fAnn",
    "U+1160 Hangul jungseong filler": "An\u1160n",
    "U+2800 braille pattern blank": "Ann\u2800",
}
BLANKS = {
    "U+3164 only": "\u3164\u3164",
    "U+2800 only": "\u2800",
    "U+FE0F only": "\ufe0f",
    "U+115F U+1160": "\u115f\u1160",
}


@pytest.mark.parametrize("name", LOOK_ALIKES.values(), ids=LOOK_ALIKES.keys())
def test_issue11_a_look_alike_of_ann_is_refused_as_a_name(name: str) -> None:
    with pytest.raises(OptionsError, match=f"U\\+{ord(next(c for c in name if c not in 'An')):04X}"):
        check_name(name)
    with pytest.raises(OptionsError):
        Options(players=(Player("Ann", "yellow"), Player(name, "black")))


@pytest.mark.parametrize("name", BLANKS.values(), ids=BLANKS.keys())
def test_issue11_a_name_that_shows_nothing_is_refused(name: str) -> None:
    with pytest.raises(OptionsError):
        check_name(name)


def test_variation_selectors_are_kept_but_ignored_when_names_are_compared() -> None:
    assert check_name("\u2764\ufe0f") == "\u2764\ufe0f"  # an emoji heart as phones type it
    assert name_key("Ann\ufe0f") == name_key("Ann") == name_key("ＡＮＮ")
    with pytest.raises(OptionsError, match="same name"):
        Options(players=(Player("Ann", "yellow"), Player("Ann\ufe0f", "black")))


@pytest.mark.parametrize("name", [*LOOK_ALIKES.values(), *BLANKS.values()])
def test_issue11_look_alike_and_blank_names_are_refused_in_records_and_links(name: str) -> None:
    data = record.to_dict(ends(1))
    data["options"]["players"][1]["name"] = name
    data["options"]["players"][0]["name"] = "Ann"
    with pytest.raises(RecordError, match="options are impossible"):
        record.loads(json.dumps(data, ensure_ascii=False))
    _, payload = frame(
        link.encode(Game(Options(players=(Player("Ann", "yellow"), Player("Bob", "black"))), seed=1))
    )
    raw = name.encode()
    assert b"\x03Bob" in payload
    with pytest.raises(LinkError) as e:
        link.decode(forge(payload.replace(b"\x03Bob", bytes([len(raw)]) + raw)))
    assert str(e.value) == link.TAMPERED


# ------------------------------------------- the page's save path, by counting


def test_the_writer_writes_each_step_once_and_agrees_with_dumps() -> None:
    rng = random.Random(4)
    game = Game(Options(players=default_players(3)), seed=4)
    writer = record.Writer()
    writer.dumps(game)
    for _ in range(400):
        before = writer.written
        roll = rng.random()
        if roll < 0.15 and game.undoable():
            game.pop()
        elif roll < 0.25 and game.can_redo():
            game.redo()
        elif not game.is_over():
            game.push(courier_action(game, rng))
        assert writer.dumps(game) == record.dumps(game)
        assert writer.to_dict(game) == record.to_dict(game)
        assert writer.written - before <= 1
    other = ends(5)  # another game: written from its start
    assert writer.dumps(other) == record.dumps(other)


def end_turn(app: App) -> None:
    """End the turn as a player does: the page asks first when actions are left (R6)."""
    app.act("end")
    if app.confirming:
        app.confirm_end(True)


def _accepted(text: str, via: str) -> Game | None:
    try:
        return record.loads(text) if via == "record" else link.decode(text)
    except (RecordError, LinkError):
        return None


@settings(max_examples=25, deadline=None)
@given(st.integers(0, MAX_ACTIONS + 40), st.sampled_from(["record", "link"]), st.integers(1, 4))
@example(MAX_ACTIONS, "link", 2)  # the page then refuses the next action (web/app/app.py)
@example(MAX_ACTIONS - 1, "record", 2)
@example(MAX_ACTIONS + 1, "record", 1)
@example(10_000, "link", 1)
def test_property_no_accepted_record_or_link_makes_an_action_cost_more_than_a_bound(
    n: int, via: str, actions: int
) -> None:
    """Whatever the length a record or link says, what the codecs accept has
    at most MAX_ACTIONS actions, and after the first save each action of the
    page costs its save path at most one history entry written (the bound),
    the entry itself at most MAX_ENTRY characters."""
    text = (
        record.dumps(ends(n))
        if via == "record"
        else link.encode(ends(n))
        if n <= MAX_ACTIONS
        else forged_ends(n)
    )
    game = _accepted(text, via)
    assert (game is not None) == (n <= MAX_ACTIONS)
    if game is None:
        return
    assert len(game.history) <= MAX_ACTIONS
    storage = MemoryStorage()
    app = App(saves=Saves(storage, "/caravan/"))
    app.resume(game)
    app.game_id, app.game_name = "g", "g"
    end_turn(app)  # the first save writes the whole history, once
    app.view()
    assert app.saves is not None
    for _ in range(actions):
        saved, shown = app.saves.writer.written, app.records.written
        end_turn(app)
        app.view()
        if n + actions <= MAX_ACTIONS:
            assert len(game.history) <= MAX_ACTIONS
        assert app.saves.writer.written - saved <= 1 and app.records.written - shown <= 1
        assert all(len(v) <= record.MAX_TEXT + 10_000 for v in storage.data.values())
    assert len(game.history) <= MAX_ACTIONS
