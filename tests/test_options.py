"""Game options (R1, R2, R4): names normalised and told apart as people read them,
colours from one palette, seats played by people or bots (issue 12), and every
refusal an OptionsError in plain, short words."""

from __future__ import annotations

import unicodedata

import pytest

from caravan.board import PLAYER_COLOURS
from caravan.errors import OptionsError
from caravan.game import Game
from caravan.options import BOT_STRENGTHS, MAX_NAME, PALETTE, Options, Player, default_players
from caravan.record import dumps, loads
from web.app.newgame import Form
from web.board.palette import PLAYER_CHOICES, player_hex


def two(a: str, b: str = "Bob", colours: tuple[str, str] = ("yellow", "black")) -> Options:
    return Options(players=(Player(a, colours[0]), Player(b, colours[1])))


def test_r1_names_are_stored_in_nfc_and_survive_a_record() -> None:
    decomposed = unicodedata.normalize("NFD", "José")
    assert decomposed != "José"
    options = two(decomposed)
    assert options.players[0].name == "José"
    assert loads(dumps(Game(options, seed=1))).options.players[0].name == "José"


@pytest.mark.parametrize(
    "name",
    [
        "Ann\x00",
        "\x1b]0;owned\x07\x1b[2J",  # would retitle and clear a terminal
        "Ann\n",
        "Ann\u200b",  # zero-width space
        "\u202eAnn",  # right-to-left override
        "Ann\ufeff",
        "Ann\ud800",  # lone surrogate: cannot be written as UTF-8
        "Ann\ue000",  # private use
        "Ann\u2028",
        "Ann\u3000Lee",  # a space that is not a space
        "Ann\xa0Lee",
    ],
)
def test_r1_names_with_control_format_or_odd_space_characters_are_refused(name: str) -> None:
    with pytest.raises(OptionsError) as info:
        two(name)
    message = str(info.value)
    assert "invisible or control character" in message or "unusual space" in message
    assert name not in message  # the character is quoted escaped, never raw
    assert message.isprintable()


@pytest.mark.parametrize("name", ["", " Ann", "Ann ", "   ", "x" * (MAX_NAME + 1)])
def test_r1_empty_padded_and_long_names_are_refused(name: str) -> None:
    with pytest.raises(OptionsError):
        two(name)


def test_r1_a_name_of_max_length_after_nfc_is_accepted() -> None:
    name = unicodedata.normalize("NFD", "é") * MAX_NAME  # 48 code points, 24 after NFC
    assert two(name).players[0].name == "é" * MAX_NAME


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Ann", "ann"),
        ("Ann", "ANN"),
        ("José", unicodedata.normalize("NFD", "José")),
        ("Ann", "Ａｎｎ"),  # fullwidth
        ("Straße", "STRASSE"),
        ("Ann Lee", "ann lee"),
    ],
)
def test_r1_names_that_read_the_same_are_the_same_name(a: str, b: str) -> None:
    with pytest.raises(OptionsError, match="same name"):
        two(a, b)


def test_r1_names_that_differ_are_accepted() -> None:
    options = Options(
        players=tuple(Player(n, c) for n, c in zip(["Ann", "Anne", "Ana", "李"], PALETTE, strict=False))
    )
    assert [p.name for p in options.players] == ["Ann", "Anne", "Ana", "李"]


@pytest.mark.parametrize(
    "colour", ["YELLOW", "Yellow", " yellow", "white", "</style>", "", "x" * 10_000, "#ff0"]
)
def test_r1_colours_outside_the_palette_are_refused_with_a_short_message(colour: str) -> None:
    with pytest.raises(OptionsError) as info:
        two("Ann", colours=(colour, "black"))
    message = str(info.value)
    assert "is not a player colour" in message and ", ".join(PALETTE) in message
    assert len(message) < 300


def test_r1_every_palette_colour_is_accepted_and_two_players_cannot_share_one() -> None:
    for i in range(0, len(PALETTE), 2):
        assert two("Ann", colours=(PALETTE[i], PALETTE[i + 1])).players[1].colour == PALETTE[i + 1]
    with pytest.raises(OptionsError, match="same colour"):
        two("Ann", colours=("teal", "teal"))


def test_the_page_offers_exactly_the_palette_and_draws_each_colour_distinctly() -> None:
    assert PLAYER_CHOICES == PALETTE
    assert PALETTE[: len(PLAYER_COLOURS)] == PLAYER_COLOURS  # the seats' defaults come first
    fills = [player_hex(c) for c in PALETTE]
    assert len(set(fills)) == len(fills) and player_hex("no such colour") not in fills


@pytest.mark.parametrize("n", [2, 3, 4])
def test_default_players_for_every_player_count(n: int) -> None:
    players = default_players(n)
    assert [p.colour for p in players] == list(PLAYER_COLOURS[:n])
    assert Options(players=players).seats == n


@pytest.mark.parametrize("n", [-1, 0, 1, 5, 10**100])
def test_default_players_for_other_counts_raise_options_error(n: int) -> None:
    with pytest.raises(OptionsError, match="2 to 4 players"):
        default_players(n)


def test_a_long_name_is_quoted_bounded() -> None:
    with pytest.raises(OptionsError) as info:
        two("A" * 50_000_000)
    assert len(str(info.value)) < 200


def test_the_new_game_form_strips_what_players_type_and_builds_strict_options() -> None:
    form = Form()
    form.update({"names": ["  Ann ", "Bob\t"], "colours": ["purple", "green"]})
    options = form.options()
    assert [(p.name, p.colour) for p in options.players] == [("Ann", "purple"), ("Bob", "green")]
    form.update({"names": ["Ann", "ANN"]})
    with pytest.raises(OptionsError, match="same name"):
        form.options()
    form.update({"names": ["Ann", "Bob"], "colours": ["</style>", "green"]})
    with pytest.raises(OptionsError, match="not a player colour"):
        form.options()


# ------------------------------------------------------ bots' seats (issue 12)


def test_a_player_is_a_person_unless_given_a_bot() -> None:
    assert Player("Ann", "yellow").bot is None
    assert Player("Ann", "yellow") == Player("Ann", "yellow", None) != Player("Ann", "yellow", "easy")
    assert BOT_STRENGTHS == ("easy", "medium", "hard")


@pytest.mark.parametrize("bots", [("hard", None), ("easy", "medium", "hard", None), ("hard", "hard")])
def test_any_seat_may_be_a_bot_and_all_of_them_may_be(bots: tuple[str | None, ...]) -> None:
    """One person against three bots, two bots of one strength, bots only
    (watch mode): each keeps its name (the default one here) and its colour."""
    players = tuple(
        Player(p.name, p.colour, b) for p, b in zip(default_players(len(bots)), bots, strict=True)
    )
    options = Options(players=players)
    assert [p.bot for p in options.players] == list(bots)
    assert [p.name for p in options.players] == [p.name for p in default_players(len(bots))]
    assert Game(options, seed=1).options.players == players


def test_names_of_bots_seats_are_checked_like_any_name() -> None:
    unnormal = unicodedata.normalize("NFD", "José")
    options = Options(players=(Player(unnormal, "yellow", "hard"), Player("Bob", "black")))
    assert options.players[0] == Player("José", "yellow", "hard")
    with pytest.raises(OptionsError, match="same name"):
        Options(players=(Player("Ann", "yellow", "hard"), Player("ANN", "black", "easy")))


@pytest.mark.parametrize("bot", ["grandmaster", "Hard", "", "random", "courier", 3, True, ("hard",)])
def test_a_bot_that_is_not_one_of_the_strengths_is_refused(bot: object) -> None:
    with pytest.raises(OptionsError) as info:
        Options(players=(Player("Ann", "yellow", bot), Player("Bob", "black")))  # type: ignore[arg-type]
    message = str(info.value)
    assert "is not a bot this version of Caravan knows" in message
    assert message.endswith("played by a person or by a bot of strength easy, medium or hard")
    assert len(message) < 200


def test_an_unknown_bot_is_quoted_bounded() -> None:
    with pytest.raises(OptionsError) as info:
        Options(players=(Player("Ann", "yellow", "x" * 10_000_000), Player("Bob", "black")))
    assert len(str(info.value)) < 250 and "10,000,000 characters" in str(info.value)
