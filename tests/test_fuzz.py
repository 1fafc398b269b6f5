"""Fuzzing every reader of outside input: the action notation, game records and options (bots' seats too).

Each reader has one documented error (NotationError, RecordError, OptionsError);
any other exception fails these tests, and whatever is accepted must be
exactly what the docs promise (canonical text, a game that saves again as
UTF-8, names normalised and told apart). The strategies lean on what broke
readers before: whitespace of every kind, lone surrogates, control and format
characters, look-alike letters, and huge inputs.
"""

from __future__ import annotations

import json
import random
import unicodedata
from dataclasses import replace
from typing import Any

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from caravan.actions import parse_action
from caravan.errors import NotationError, OptionsError, RecordError, Refused
from caravan.game import Game
from caravan.options import BOT_STRENGTHS, PALETTE, Options, Player, default_players, name_key
from caravan.playout import courier_action, play
from caravan.record import dumps, loads
from tests.test_refusals import check

MESSAGE_LIMIT = 400  # no error message quotes more of its input than this allows


def _refused(error: Refused) -> None:
    """A refusal of outside input: short, and a code with parameters a page can word (issue 13)."""
    assert len(str(error)) < MESSAGE_LIMIT
    assert error.refusal is not None
    check(error.refusal)


# Characters that have fooled readers: every kind of whitespace (str.strip()
# removes \x1c-\x1f, \x85, \u2028, \u3000...), controls, format characters
# (zero-width, bidi), lone surrogates, look-alikes of the notation's letters
# (fullwidth, Cyrillic, mathematical), combining marks, and non-ASCII digits.
NASTY = (
    " \t\n\r\x0b\x0c\x1c\x1d\x1e\x1f\x85\xa0\u1680\u2000\u2007\u200a\u2028\u2029\u202f\u205f\u3000"
    "\x00\x07\x1b\x7f\x9b"
    "\u00ad\u200b\u200c\u200d\u200e\u200f\u202a\u202e\u2060\u2066\ufeff"
    "\ud800\udbff\udc00\udfff"
    "\uff20\uff44\uff14\uff45\uff4e\uff44\u0435\u0430\u0456\u0406\U0001d41d\u2160\u212a"
    "\u0301\u0308\u20dd"
    "\u0664\u06f4\u0967\uff11"
)
NOTATION = "@+$/_>-endabcdefg1234567IMWSHCGP"

nasty_char = st.sampled_from(NASTY)
notation_char = st.sampled_from(NOTATION)
any_char = st.characters(codec=None, exclude_categories=())  # every code point, surrogates too


def text_from(*chars: st.SearchStrategy[str], max_size: int = 12) -> st.SearchStrategy[str]:
    return st.lists(st.one_of(*chars), max_size=max_size).map("".join)


fuzz_text = st.one_of(
    text_from(notation_char, nasty_char, any_char),
    st.text(max_size=12),
    # a valid action with nasty characters around or inside it
    st.builds(
        lambda a, b, c, i: b + a[:i] + c + a[i:],
        st.sampled_from(["@d4", "c6-d4", "+c6", "$c6/2I", "Ic6>d4", "I_c6>d4", "end"]),
        text_from(nasty_char, max_size=2),
        text_from(nasty_char, max_size=2),
        st.integers(0, 7),
    ),
)
huge_text = st.builds(lambda s, n: s * n, st.text(min_size=1, max_size=4), st.integers(10_000, 2_000_000))


# ------------------------------------------------------------------ notation


@settings(max_examples=400, deadline=None)
@given(st.one_of(fuzz_text, huge_text))
@example("\n@g6\x1f")  # the reproductions: stripped before, refused now
@example("end\t")
@example("\u3000@b3")
@example("END")
def test_fuzz_parse_action_accepts_only_canonical_text(text: str) -> None:
    try:
        action = parse_action(text)
    except NotationError as e:
        _refused(e)
        return
    assert str(action) == text  # NOTATION.md: str(parse_action(s)) == s for every accepted s
    assert text.isascii() and text.isprintable() and " " not in text


# ------------------------------------------------------------------- options

# Names as players type them, and worse: plain names, nasty characters mixed
# in, look-alike forms of one another (case, NFD, fullwidth, zero-width).
plain_name = st.sampled_from(["Ann", "Bob", "José", "Zoë", "李", "Ann Lee"])
look_alikes = plain_name.flatmap(
    lambda n: st.sampled_from(
        [
            n,
            n.upper(),
            unicodedata.normalize("NFD", n),
            unicodedata.normalize("NFC", n),
            n + "\u200b",
            "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in n),  # fullwidth
        ]
    )
)
name = st.one_of(
    look_alikes, text_from(notation_char, nasty_char, any_char, max_size=30), st.text(max_size=30)
)
colour = st.one_of(
    st.sampled_from(PALETTE),
    st.sampled_from(["YELLOW", "Yellow", " yellow", "white", "</style>", "", "\u0443ellow"]),
    st.text(max_size=10),
    st.builds(lambda n: "x" * n, st.sampled_from([100, 10_000])),
)
bot = st.one_of(
    st.none(),
    st.sampled_from(BOT_STRENGTHS),
    st.sampled_from(["Hard", " easy", "random", "", "hard\u200b", "x" * 10_000]),
    st.text(max_size=8),
)
player = st.builds(Player, name, colour, bot)


@settings(max_examples=400, deadline=None)
@given(
    st.lists(player, min_size=0, max_size=5).map(tuple),
    st.one_of(st.booleans(), st.none(), st.integers()),
    st.one_of(st.none(), st.integers(-2, 5), st.booleans(), st.floats(allow_nan=True)),
    st.one_of(st.none(), st.integers(-2, 10**30), st.floats()),
)
def test_fuzz_options_accepts_only_clean_distinct_players(
    players: tuple[Player, ...], short: object, start: object, max_turns: object
) -> None:
    try:
        options = Options(players=players, short=short, start=start, max_turns=max_turns)  # type: ignore[arg-type]
    except OptionsError as e:
        _refused(e)
        return
    names = [p.name for p in options.players if p.name is not None]  # None: a default name
    for n in names:
        assert n == unicodedata.normalize("NFC", n) and n == n.strip() and 0 < len(n) <= 24
        assert not any(unicodedata.category(c) in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp") for c in n)
    assert len({name_key(n) for n in names}) == len(names)
    assert len({n.casefold() for n in names}) == len(names)
    assert all(p.colour in PALETTE for p in options.players)
    assert all(p.bot is None or p.bot in BOT_STRENGTHS for p in options.players)
    assert len({p.colour for p in options.players}) == len(names)
    # Whatever Options accepts can be played, saved as UTF-8 and read back.
    game = Game(options, seed=1)
    text = dumps(game)
    text.encode("utf-8")
    # A random start (R4) is recorded as the seat chosen.
    assert loads(text).options == replace(options, start=game.start)


@settings(max_examples=50, deadline=None)
@given(st.one_of(st.integers(-10, 10), st.sampled_from([10**100, -(10**5000)]), st.booleans(), st.none()))
def test_fuzz_default_players_gives_players_or_options_error(n: object) -> None:
    try:
        players = default_players(n)  # type: ignore[arg-type]
    except OptionsError as e:
        _refused(e)
        return
    assert type(n) is int and len(players) == n


# ------------------------------------------------------------------- records


def _game() -> Game:
    game = Game(Options(players=default_players(2), short=True), seed=4)
    play(game, courier_action, random.Random(4), max_actions=80)
    return game


RECORD = dumps(_game())
RECORD_DATA: dict[str, Any] = json.loads(RECORD)


def _check_record(text: str | bytes) -> None:
    try:
        game = loads(text)
    except RecordError as e:
        _refused(e)
        return
    again = dumps(game)
    again.encode("utf-8")  # an accepted game can always be saved
    assert loads(again).state_key() == game.state_key()
    for step in game.history:
        assert " " not in str(step.action)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_fuzz_record_text_edits_give_a_game_or_record_error(data: st.DataObject) -> None:
    text = RECORD
    for _ in range(data.draw(st.integers(1, 3))):
        i = data.draw(st.integers(0, len(text)))
        cut = data.draw(st.integers(0, 3))
        insert = data.draw(text_from(nasty_char, notation_char, st.sampled_from('{}[]",:\\u0'), max_size=4))
        text = text[:i] + insert + text[i + cut :]
    _check_record(text)
    _check_record(text.encode("utf-8", "surrogatepass"))


json_nasty = st.one_of(
    fuzz_text,
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(),
    st.lists(fuzz_text, max_size=2),
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(
        [
            ("options", "players", 0, "name"),
            ("options", "players", 1, "colour"),
            ("options", "players", 1, "bot"),
            ("options", "casual"),
            ("options", "max_turns"),
            ("options", "start"),
            ("history", 0),
            ("history", 5),
            ("setup",),
            ("ended",),
            ("version",),
        ]
    ),
    json_nasty,
    st.booleans(),
)
def test_fuzz_record_fields_give_a_game_or_record_error(
    path: tuple[Any, ...], value: Any, escape: bool
) -> None:
    data = json.loads(RECORD)
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    # ensure_ascii writes lone surrogates as \ud800 escapes, which JSON allows.
    _check_record(json.dumps(data, ensure_ascii=escape))


@settings(max_examples=20, deadline=None)
@given(huge_text)
def test_fuzz_huge_records_are_refused_plainly(text: str) -> None:
    _check_record(text)
    _check_record(RECORD[:-1] + ',"x":"' + text.replace("\\", "").replace('"', "") + '"}')
