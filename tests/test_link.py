"""Share links (docs/LINK.md): every game round-trips, anything else is refused with LinkError.

The link holds the whole record (options, every action, every draw made, I10's
agreed end) and nothing that predicts a draw to come (I11).
"""

from __future__ import annotations

import base64
import json
import random
import unicodedata
import zlib
from dataclasses import dataclass, replace
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from caravan import link, record
from caravan.actions import Action, MoveGood, PickUp, Steal
from caravan.board import PLAYER_COLOURS
from caravan.errors import CaravanError, LinkError
from caravan.game import Game
from caravan.options import BOT_STRENGTHS, PALETTE, Options, Player, default_players
from caravan.playout import courier_action, play, random_action
from tests.test_refusals import check

# ------------------------------------------------------------------ helpers


def assert_same_game(back: Game, game: Game) -> None:
    """Everything a player can see, and everything a record holds, is equal."""
    assert back.state_key() == game.state_key()
    assert back.history == game.history
    assert back.setup_draws == game.setup_draws
    assert back.start == game.start
    assert back.over == game.over and back.winners == game.winners
    o, b = game.options, back.options
    assert (b.players, b.casual, b.short, b.max_turns) == (o.players, o.casual, o.short, o.max_turns)
    assert [p.bot for p in b.players] == [p.bot for p in o.players]
    assert back.legal_actions() == game.legal_actions()
    assert record.dumps(back) == record.dumps(game)


def played(
    seed: int,
    *,
    players: int = 2,
    casual: bool = False,
    short: bool = False,
    actions: int = 100_000,
    policy: str = "courier",
    max_turns: int | None = None,
) -> Game:
    options = Options(players=default_players(players), casual=casual, short=short, max_turns=max_turns)
    game = Game(options, seed=seed)
    chosen = courier_action if policy == "courier" else random_action
    play(game, chosen, random.Random(seed), max_actions=actions)
    return game


def frame(text: str) -> tuple[int, bytes]:
    """(crc, payload) of a link, read with the stdlib's own base64 (a second
    implementation of the format's outer layer, docs/LINK.md)."""
    body = text.partition(".")[2]
    data = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    size = pos = shift = 0
    while True:
        byte = data[pos]
        pos += 1
        size |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            break
    crc = int.from_bytes(data[pos : pos + 4], "big")
    payload = data[pos + 4 :]
    assert len(payload) == size
    return crc, payload


def forge(payload: bytes, prefix: str = link.PREFIX) -> str:
    """A link around ``payload`` with a correct length and checksum: what a
    deliberate forger (not a cut or a typo) would send."""
    head = bytearray()
    n = len(payload)
    while n >= 0x80:
        head.append(n & 0x7F | 0x80)
        n >>= 7
    head.append(n)
    head += zlib.crc32(payload).to_bytes(4, "big")
    return prefix + base64.urlsafe_b64encode(bytes(head) + payload).rstrip(b"=").decode("ascii")


def decodes_or_refuses(text: str) -> Game | None:
    """The fuzz contract: a valid game or LinkError, never another exception."""
    try:
        game = link.decode(text)
    except LinkError as e:
        assert str(e)  # a message for the player
        assert e.refusal is not None and check(e.refusal).code.startswith("link_")  # issue 13: a code
        return None
    assert isinstance(game, Game)
    return game


# ------------------------------------------------------------- round trips


def valid_name(text: str) -> bool:
    try:
        Options(players=(Player(text, "yellow"), Player("Someone else entirely", "black")))
    except CaravanError:
        return False
    return unicodedata.normalize("NFC", text) == text


names = st.one_of(
    st.sampled_from(
        ["Ann", "Émile", "<img src=x onerror=a()>", "名前", "🐪 Zoë", "a&amp;b", "Player 2"]
    ).filter(valid_name),
    st.text(min_size=1, max_size=24).filter(valid_name),
)


@dataclass
class Setting:
    players: tuple[Player, ...]  # some played by bots (issue 12)
    casual: bool
    short: bool
    start: int | None
    max_turns: int | None


@st.composite
def settings_(draw: st.DrawFn) -> Setting:
    n = draw(st.integers(2, 4))
    chosen = draw(st.lists(names, min_size=n, max_size=n, unique_by=lambda s: s.strip().casefold()))
    colours = draw(st.permutations(PLAYER_COLOURS))[:n]
    defaults = draw(st.lists(st.booleans(), min_size=n, max_size=n))
    bots = draw(st.lists(st.sampled_from((None, *BOT_STRENGTHS)), min_size=n, max_size=n))
    players = tuple(
        Player(None, PLAYER_COLOURS[i], bots[i]) if keep else Player(name, colours[i], bots[i])
        for i, (name, keep) in enumerate(zip(chosen, defaults, strict=True))
    )
    assume(
        len({p.name.strip().casefold() for p in players if p.name is not None})
        == sum(not k for k in defaults)
    )
    assume(len({p.colour for p in players}) == n)
    start = draw(st.one_of(st.none(), st.integers(0, n - 1)))
    max_turns = draw(st.one_of(st.none(), st.integers(1, 200)))
    return Setting(players, draw(st.booleans()), draw(st.booleans()), start, max_turns)


@settings(max_examples=60, deadline=None)
@given(
    settings_(),
    st.sampled_from(["courier", "random"]),
    st.integers(0, 2**32),
    st.one_of(st.integers(0, 120), st.just(100_000)),
    st.booleans(),
)
def test_every_game_round_trips_through_its_link(
    s: Setting, policy: str, seed: int, actions: int, agree: bool
) -> None:
    """Any game, at any point (empty, mid-turn, over, agreed end I10), comes
    back from its link exactly: options, names, bots' seats and strengths
    (issue 12), every action and every draw."""
    options = Options(players=s.players, casual=s.casual, short=s.short, start=s.start, max_turns=s.max_turns)
    game = Game(options, seed=seed)
    chosen = courier_action if policy == "courier" else random_action
    play(game, chosen, random.Random(seed), max_actions=actions if policy == "courier" else min(actions, 300))
    if agree and not game.is_over():
        game.end_by_agreement()
    text = link.encode(game)
    assert text.startswith(link.PREFIX)
    assert set(text[len(link.PREFIX) :]) <= set(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    )
    back = link.decode(text)
    assert_same_game(back, game)
    assert link.decode("#" + text).state_key() == game.state_key()
    assert link.encode(back) == text


@pytest.mark.parametrize("players", [2, 3, 4])
def test_complete_courier_games_round_trip_and_stay_short(players: int) -> None:
    """Complete games (R14) round-trip, and their links fit in a chat message."""
    game = played(players, players=players)
    assert game.over == "delivery"
    text = link.encode(game)
    assert len(text) < 2000
    assert_same_game(link.decode(text), game)


def test_a_game_ended_by_the_turn_limit_round_trips() -> None:
    game = played(4, players=3, policy="random", max_turns=12)
    assert game.over == "turn limit"
    assert_same_game(link.decode(link.encode(game)), game)


@pytest.mark.parametrize("name", ["e\u0301", "José", "名前 ✓", "𝔄𝔫𝔫", 'O\'Brien & "Co"'])
def test_any_name_the_options_accept_round_trips(name: str) -> None:
    options = Options(players=(Player(name, "yellow"), Player("Bob", "black")))
    game = Game(options, seed=2)
    assert link.decode(link.encode(game)).options == options


def test_names_with_markup_come_back_as_the_same_characters() -> None:
    """The codec carries text, never interprets it (issue 6: names shown as text)."""
    # MAX_NAME is 24 characters: issue 6's <img src=x onerror=alert(1)> is cut to fit.
    players = (Player("<img src=x onerror=a(1)>", "yellow"), Player('"; alert(2); //', "black"))
    game = Game(Options(players=players), seed=1)
    back = link.decode(link.encode(game))
    assert back.options.players == players


@pytest.mark.parametrize("colour", PALETTE)
def test_every_colour_the_options_accept_round_trips(colour: str) -> None:
    """The codec has its own table of colours (one byte each) and writes any
    other colour out as text, so a change of the engine's palette cannot
    change an old link's colours."""
    other = "black" if colour != "black" else "yellow"
    options = Options(players=(Player("Ann", colour), Player("Bob", other)))
    game = Game(options, seed=2)
    assert link.decode(link.encode(game)).options == options


def test_a_link_holds_only_draws_already_made() -> None:
    """I11: two games identical so far have the same link whatever their bags
    would give next, and what a decoded game draws next is not in its link."""
    game = played(6, players=2, actions=30)
    twin = game.copy()  # same position, its own (different) randomness
    assert link.encode(twin) == link.encode(game)
    text = link.encode(game)
    nexts = set()
    for seed in range(6):
        back = link.decode(text, chance_seed=seed)
        rng = random.Random(0)
        while not any(step.draws for step in back.history[len(game.history) :]):
            back.push(courier_action(back, rng))
        nexts.add(next(s.draws for s in back.history[len(game.history) :] if s.draws))
    assert len(nexts) > 1


def test_decoded_game_draws_fresh_randomness_by_default() -> None:
    text = link.encode(played(6, players=2, actions=30))
    draws = set()
    for _ in range(6):
        back = link.decode(text)
        rng = random.Random(0)
        start = len(back.history)
        while not any(step.draws for step in back.history[start:]):
            back.push(courier_action(back, rng))
        draws.add(next(s.draws for s in back.history[start:] if s.draws))
    assert len(draws) > 1


# -------------------------------------------------------------- the format

# Pinned once, by hand: a 3-player casual short game (start seat 3, names with
# Unicode and markup, a non-default colour order) of 160 actions with every
# kind of action, three refills (R13), two steals (R10) and deliveries (R12),
# ended by agreement (I10). Its header, read with base64 by hand:
# 63 | 49 59 1d 54 | 79 | 03 03 41 6e 6e | 00 0a c3 89 6d 69 6c 65 20 3c 62 3e | 02 00 | a0 01 | ...
# = length 99, CRC, flags 0x79 (3 seats, start seat 2, casual, short, agreed),
# teal "Ann", yellow "Émile <b>", orange default name, 160 actions, then the
# choices. If this test fails, the engine or the codec changed what old links
# mean: make a new version (docs/LINK.md), never change this one.
GOLDEN = (
    "c1.Y0lZHVR5AwNBbm4ACsOJbWlsZSA8Yj4CAKABBsGByQNtI6yAs0ANA1HlJBkZWUScELBhF-UJLkzTf0GZomUTbsUCuIX6V8a59"
    "7a8xg8bgzIlFa493MPXEL4HHKEZxlKAVp15kXNedcE"
)
GOLDEN_RECORD = (
    '{"format":"caravan","version":1,"options":{"players":[{"name":"Ann","colour":"teal"},'
    '{"name":"Émile <b>","colour":"yellow"},{"name":"Player 3","colour":"orange"}],"casual":true,'
    '"short":true,"start":2,"max_turns":null},"setup":"ISIWPHSM","history":["@c6","end","@g7","+g7",'
    '"end","@a7","a7-f3","f3-b1","end","+c6","@d6","Ic6>d6","@d7","end","@g6","Sg7>g6","@g5","Sg6>g5",'
    '"end","@g1","+g1","@f1","Mg1>f1","end","Id6>d7","@a1","+a1 CWMH","end","@f5","Sg5>f5","g5-f2","@e5",'
    '"end","@e1","Mf1>e1","@d1","Me1>d1","end","@b1","Sa1>b1","@c1","end","Sf5>e5","@d5","Se5>d5","+g7",'
    '"end","$b1/3S","@c1","Md1>c1","end","+a1","Ma1>c1","c6-c2","b1-f4","end","Cg7>g6","g7-g5","Cg6>d5",'
    '"g5-d4","end","S_b1>d1","b1-c2","Mc1>c2","end","Mc1>c2","d6-c3","Mc2>c3","f4-f7","end","Cd5>d4",'
    '"g6-c4","Cd4>c4","d4-b4","end","g1-d2","Sd1>d2","f1-c3","end","c2-c4","Mc3>c4","$c4/1C","end","+f5",'
    '"Wf5>d5","b4-d4","Wd5>d4","end","Mc2>c3","c2-d3","Sd2>d3","end","$c3/2M","d7-c4","a1-g1","end",'
    '"c4-d3","Wd4>d3","d4-c6","end","d2-d4","Sd3>d4","d3-d5","end","M_c3>c4","c3-b4","C_c4>b4","c4-a4",'
    '"end","+c6 MCMG","d5-b1","d3-c5","Wc6>c5","end","Sd4>d5","d5-e2","+e2","d4-e3","end","Cb4>a4","+g1",'
    '"a4-f1","Hg1>f1","end","c6-c4","Wc5>c4","end","c3-a5","He2>e3","e2-e4","He3>e4","end","b4-e1",'
    '"Hf1>e1","f1-e2","end","c5-c3","Wc4>c3","c4-d3","Wc3>d3","end","e4-b3","+b3","e3-c3","end","He1>e2",'
    '"e1-e3","He2>e3","e2-e4","end","+f5 MHWW","Mf5>e5","d3-e4","end","Pb3>c3","b3-d3","Pc3>d3","end",'
    '"He3>e4","+g1"],"ended":"agreed"}'
)
# What version 2 writes for the same games (issue 12): a game of people in the
# codec's colours has the very payload it had in version 1, and so the same
# link but for the version. Its record today (version 3, issue 13) differs by
# the version number and by the default name, written as no name (null).
GOLDEN_V2 = link.PREFIX + GOLDEN.partition(".")[2]
GOLDEN_RECORD_V2 = GOLDEN_RECORD.replace('"version":1,', f'"version":{record.VERSION},', 1).replace(
    '"name":"Player 3"', '"name":null', 1
)
# Two players with default names and colours, a turn limit of 30, no action yet:
# length 10, CRC, flags 0x80 (2 seats, start seat 0, turn limit), 30, yellow and
# black with default names (colour byte, then 0), 0 actions, the set-up draws.
GOLDEN_EMPTY = "c1.CvI9owuAHgAAAQAAi7u5"
GOLDEN_EMPTY_SETUP = (5, 7, 5, 6, 7, 3, 4, 7)


def test_golden_link_keeps_decoding_to_the_same_game() -> None:
    game = link.decode(GOLDEN)
    assert record.dumps(game) == GOLDEN_RECORD_V2
    assert game.over == "agreed"
    assert {type(s.action) for s in game.history} >= {PickUp, Steal, MoveGood}
    assert link.encode(game) == GOLDEN_V2
    assert link.encode(record.loads(GOLDEN_RECORD)) == GOLDEN_V2
    assert_same_game(link.decode(GOLDEN_V2), game)


def test_golden_empty_game_with_a_turn_limit() -> None:
    game = link.decode(GOLDEN_EMPTY)
    assert game.options == Options(players=default_players(2), max_turns=30)
    assert game.setup_draws == GOLDEN_EMPTY_SETUP
    assert game.history == []
    assert link.encode(game) == "c2.CvI9owuAHgAAAQAAi7u5"  # docs/LINK.md: version 2's bytes are the same
    crc, payload = frame(GOLDEN_EMPTY)
    assert payload[:6] == bytes([0x80, 30, 0, 0, 1, 0]) and payload[6] == 0
    assert crc == zlib.crc32(payload)
    # The rest is the rANS integer 0x8bbbb9; decoded by hand (docs/LINK.md),
    # each draw is x mod (cubes in the bag), found among the goods' counts.
    x = int.from_bytes(payload[7:], "big")
    assert x == 9157561
    counts, drawn = [3, 3, 3, 3, 9, 9, 9, 9], []
    for _ in range(8):
        q, r = divmod(x, sum(counts))
        good = next(g for g in range(8) if r < sum(counts[: g + 1]))
        x = counts[good] * q + r - sum(counts[:good])
        counts[good] -= 1
        drawn.append(good)
    assert tuple(drawn) == GOLDEN_EMPTY_SETUP and x == 0


GOLDEN_DIR = Path(__file__).parent / "golden"
# Version 1 links captured from the code before issue 12 (tests/golden/), and
# the positions, ends and scores that code replayed them to (the same games as
# the v1 records beside them, tests/test_record.py). Never regenerate them.
V1_LINKS: dict[str, str] = json.loads((GOLDEN_DIR / "v1-links.json").read_text(encoding="utf-8"))
V1_EXPECTED: dict[str, dict[str, object]] = json.loads(
    (GOLDEN_DIR / "v1-expected.json").read_text(encoding="utf-8")
)


@pytest.mark.parametrize("name", sorted(V1_LINKS))
def test_golden_v1_links_still_open_as_the_same_games(name: str) -> None:
    """docs/LINK.md "Versions": a version 1 link opens as the game it held,
    every seat a person's, and is shared again as version 2 at the same length."""
    text = V1_LINKS[name]
    assert text.startswith("c1.")
    game = link.decode(text)
    expected = V1_EXPECTED[name]
    assert game.position() == expected["position"]
    assert game.over == expected["over"] and list(game.winners) == expected["winners"]
    assert [line.total for line in game.score()] == expected["totals"]
    assert all(p.bot is None for p in game.options.players)
    assert_same_game(game, record.loads((GOLDEN_DIR / f"v1-{name}.json").read_bytes()))
    again = link.encode(game)
    assert again == link.PREFIX + text.partition(".")[2] and len(again) == len(text)


# Version 2, pinned when it was made (issue 12): one person (Zoë, blue) against
# three bots (easy, medium, hard, default names, black, orange, teal), short,
# seat 3 starts, 120 courier actions. The seat bytes are 05 | 11 | 22 | 33:
# bits 0-3 the colour, bits 4-7 who plays (0 a person, 1 easy, 2 medium, 3 hard).
GOLDEN_BOTS = (
    "c2.RGP8iEUqBQRab8OrEQAiADMAeOS8B9Te7NFNU98bpKP_qTPGM6PcsGXE-iRxUxgpAafgbTJNBeVdjCGn3gwJJLg_UV0YjDUyjg"
)
GOLDEN_BOTS_PLAYERS = (
    Player("Zoë", "blue"),
    Player(None, "black", "easy"),  # default names: said in the reader's language (issue 13)
    Player(None, "orange", "medium"),
    Player(None, "teal", "hard"),
)
# docs/LINK.md's worked example of version 2: Ann against a hard bot, no action yet.
GOLDEN_EXAMPLE = "c2.DSS_q1cAAANBbm4xAAABFfTi"


def test_golden_v2_link_with_bots_keeps_decoding_to_the_same_game() -> None:
    game = link.decode(GOLDEN_BOTS)
    assert game.options == Options(players=GOLDEN_BOTS_PLAYERS, short=True, start=2)
    assert len(game.history) == 120
    _, payload = frame(GOLDEN_BOTS)
    assert payload[1:7] == bytes([0x05, 4]) + "Zoë".encode()
    assert bytes([0x11, 0, 0x22, 0, 0x33, 0]) in payload
    assert link.encode(game) == GOLDEN_BOTS
    assert link.encode(record.loads(record.dumps(game))) == GOLDEN_BOTS


def test_golden_worked_example_of_version_2() -> None:
    game = link.decode(GOLDEN_EXAMPLE)
    assert game.options == Options(players=(Player("Ann", "yellow"), Player(None, "black", "hard")))
    assert game.history == [] and game.setup_draws == (4, 7, 2, 7, 4, 0, 4, 5)
    crc, payload = frame(GOLDEN_EXAMPLE)
    assert payload[:9] == bytes([0x00, 0x00, 3]) + b"Ann" + bytes([0x31, 0x00, 0x00])
    assert int.from_bytes(payload[9:], "big") == 18216162 and crc == zlib.crc32(payload)


@pytest.mark.parametrize("bots", [(None, "hard"), ("easy", "medium", "hard", None), ("hard", "hard")])
def test_bots_cost_nothing_in_a_link(bots: tuple[str | None, ...]) -> None:
    """Issue 12: who plays each seat rides in the seat's colour byte, so a game
    with bots has a link exactly as long as the same game of people, and one
    of people is as long as in version 1 (the prefix has as many characters)."""
    people = played(21, players=len(bots), actions=200)
    players = tuple(Player(p.name, p.colour, b) for p, b in zip(people.options.players, bots, strict=True))
    game = Game(replace(people.options, players=players), seed=21)
    play(game, courier_action, random.Random(21), max_actions=200)
    assert game.history == people.history
    assert len(link.encode(game)) == len(link.encode(people))
    assert [p.bot for p in link.decode(link.encode(game)).options.players] == list(bots)


@pytest.mark.parametrize("who", range(4, 16))
def test_a_seat_played_by_a_bot_this_version_does_not_know_says_so(who: int) -> None:
    _, payload = frame(GOLDEN_EXAMPLE)
    assert payload[3:6] == b"Ann"
    unknown = payload[:6] + bytes([who << 4 | 1]) + payload[7:]
    assert message(forge(unknown)) == link.UNKNOWN_BOT


def test_seat_bytes_outside_the_format_are_refused() -> None:
    """A colour code the table does not have is a forgery in either version;
    a version 1 link knows no bots, so a seat byte with one is forged too."""
    _, payload = frame(GOLDEN_EXAMPLE)
    assert message(forge(payload[:6] + bytes([0x38]) + payload[7:])) == link.TAMPERED  # colour 8
    assert message(forge(payload[:6] + bytes([0x31]) + payload[7:], "c1.")) == link.TAMPERED
    v1 = link.decode(forge(payload[:6] + bytes([0x01]) + payload[7:], "c1."))
    assert [p.bot for p in v1.options.players] == [None, None]


def test_a_colour_written_as_text_reads_in_either_version() -> None:
    """Version 1 marks a colour written out as text with 255, version 2 with
    colour code 15 (and who plays in the high bits)."""
    _, payload = frame(GOLDEN_EXAMPLE)
    red = bytes([3]) + b"red"
    v1 = link.decode(forge(payload[:6] + bytes([0xFF]) + red + payload[7:], "c1."))
    v2 = link.decode(forge(payload[:6] + bytes([0x2F]) + red + payload[7:]))
    assert v1.options.players[1] == Player(None, "red")
    assert v2.options.players[1] == Player(None, "red", "medium")


def test_link_order_does_not_follow_the_engines_list_order(monkeypatch: pytest.MonkeyPatch) -> None:
    """The codec sorts legal actions itself: the engine may list them in any order."""
    game = link.decode(GOLDEN)
    original = Game.legal_actions

    def shuffled(self: Game) -> list[Action]:
        actions = list(original(self))
        random.Random(len(self.history)).shuffle(actions)
        return actions

    monkeypatch.setattr(Game, "legal_actions", shuffled)
    assert link.encode(game) == GOLDEN_V2
    assert record.dumps(link.decode(GOLDEN)) == GOLDEN_RECORD_V2


# -------------------------------------------------------------- refusals


def message(text: str) -> str:
    with pytest.raises(LinkError) as e:
        link.decode(text)
    return str(e.value)


@pytest.mark.parametrize("version", ["c3.", "c9.", "c10.", "c123456."])
def test_a_link_from_a_newer_version_says_so(version: str) -> None:
    assert "newer version" in message(version + GOLDEN[len(link.PREFIX) :])
    assert "newer version" in message("#" + version + "AAAA")


@pytest.mark.parametrize(
    "text",
    [
        "",
        "#",
        "hello",
        "https://example.com/",
        "{}",
        "c",
        "cx.AAAA",
        "C1." + GOLDEN[3:],
        "c١.AAAA",
        "#c-1.AA",
    ],
)
def test_text_that_is_not_a_link_says_so(text: str) -> None:
    assert message(text) == link.NOT_OURS


@pytest.mark.parametrize("keep", [1, 2, 3, 4, 5, 10, 40, 100, len(GOLDEN) - len(link.PREFIX) - 1])
def test_a_cut_link_says_it_is_cut(keep: int) -> None:
    assert message(GOLDEN[: len(link.PREFIX) + keep]) == link.CUT
    assert message("c1") == link.CUT


def test_a_changed_character_is_caught_by_the_checksum() -> None:
    """Every single-character change of a link is refused (CRC-32 catches any
    change within 32 bits), never read as a different game."""
    body = len(link.PREFIX)
    for i in range(body, len(GOLDEN)):
        for c in "A_9z-":
            if c != GOLDEN[i]:
                assert message(GOLDEN[:i] + c + GOLDEN[i + 1 :]) in (link.DAMAGED, link.CUT)


def test_a_forged_link_with_a_valid_checksum_is_refused() -> None:
    """A payload changed and re-checksummed (fewer actions than its choices
    hold, more players than Caravan has, a start seat that does not exist)."""
    _, payload = frame(GOLDEN)
    count_at = payload.index(bytes([0xA0, 0x01]))
    fewer = payload[:count_at] + bytes([0x9F, 0x01]) + payload[count_at + 2 :]
    assert message(forge(fewer)) == link.TAMPERED
    five_seats = bytes([payload[0] | 0b11]) + payload[1:]
    assert message(forge(five_seats)) == link.TAMPERED
    assert message(forge(b"")) == link.TAMPERED
    assert message(forge(b"\x01")) == link.TAMPERED  # 3 seats, then nothing


def test_a_link_claiming_too_many_actions_is_refused_at_once() -> None:
    _, payload = frame(GOLDEN_EMPTY)
    huge = payload[:6] + bytes([0xFF, 0xFF, 0x03]) + payload[7:]
    assert message(forge(huge)) == link.TOO_MANY  # caravan/limits.py MAX_ACTIONS, before any replay
    assert message(link.PREFIX + "A" * (link.MAX_LINK + 1)) == link.TOO_LONG
    assert message("A" * 10**7) == link.TOO_LONG


def test_a_link_accepts_surrounding_space_a_hash_or_the_whole_address() -> None:
    assert record.dumps(link.decode(f"  #{GOLDEN}\n")) == GOLDEN_RECORD_V2
    assert record.dumps(link.decode(f"https://example.org/caravan/#{GOLDEN_V2}")) == GOLDEN_RECORD_V2
    assert message("##" + GOLDEN) == link.NOT_OURS
    assert message("https://example.org/caravan/") == link.NOT_OURS


# ------------------------------------------------------------------- fuzz

VALID = [GOLDEN, GOLDEN_EMPTY, GOLDEN_BOTS, link.encode(played(11, players=4, actions=90))]


@settings(max_examples=1500, deadline=None)
@given(st.text(max_size=60) | st.from_regex(r"#?c[0-9]{0,2}\.[A-Za-z0-9_\-]{0,80}", fullmatch=True))
def test_random_text_decodes_to_a_game_or_raises_link_error(text: str) -> None:
    decodes_or_refuses(text)


def test_thousands_of_mutated_links_decode_to_a_game_or_raise_link_error() -> None:
    rng = random.Random(1)
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.#%=+/ é"
    decoded = 0
    for n in range(4000):
        text = VALID[n % len(VALID)]
        for _ in range(rng.choice([1, 1, 1, 2, 5])):
            i = rng.randrange(len(text) + 1)
            kind = rng.randrange(6)
            if kind == 0 and i < len(text):  # change a character
                text = text[:i] + rng.choice(alphabet) + text[i + 1 :]
            elif kind == 1:  # insert one
                text = text[:i] + rng.choice(alphabet) + text[i:]
            elif kind == 2:  # delete one
                text = text[:i] + text[i + 1 :]
            elif kind == 3:  # cut
                text = text[:i]
            elif kind == 4:  # append
                text += "".join(rng.choice(alphabet) for _ in range(rng.randrange(1, 9)))
            else:  # another version
                text = f"c{rng.randrange(0, 30)}." + text.partition(".")[2]
        game = decodes_or_refuses(text)
        if game is not None:
            decoded += 1
            assert link.decode(link.encode(game)).state_key() == game.state_key()
    assert decoded < 4000  # the mutations were not all no-ops


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=200))
def test_forged_payloads_with_valid_checksums_decode_to_a_game_or_raise_link_error(payload: bytes) -> None:
    """What gets past the checksum is still replayed through the rules: no
    forged link can build an impossible game or hang the decoder."""
    game = decodes_or_refuses(forge(payload))
    if game is not None:
        assert link.decode(link.encode(game)).state_key() == game.state_key()
