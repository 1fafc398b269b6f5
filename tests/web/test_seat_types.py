"""Seats played by people or bots (issue 12) on the page's side, on CPython:
the new-game form offers each seat's type, the Options it makes carry them,
and saves, exports and share links keep them. (Playing the bots' turns is
the page's bot controller's, not tested here.)"""

from __future__ import annotations

import base64
import json
import random
import re
from html import unescape

import pytest

from caravan import link, record
from caravan.game import Game
from caravan.options import BOT_STRENGTHS, Options, Player
from caravan.playout import courier_action
from web.app.app import App
from web.app.newgame import SEAT_TYPES, Form, form_markup, is_bot
from web.app.saved import export_text, parse_entry

from .saving import make_app, play

BOTS = [None, "easy", "medium", "hard"]  # one person against three bots


def _form_values(types: list[str], names: tuple[str, ...] = ("Ann", "Bo", "Cy", "Di")) -> dict[str, object]:
    return {
        "count": str(len(types)),
        "names": list(names[: len(types)]),
        "colours": ["yellow", "black", "orange", "teal"][: len(types)],
        "types": types,
    }


def _seat_select(markup: str, seat: int) -> list[tuple[str, str, bool]]:
    """(value, label, selected) of each option of seat ``seat``'s type select."""
    m = re.search(rf'<select data-seat-type="{seat}"[^>]*>(.*?)</select>', markup)
    assert m is not None, f"no seat-type select for seat {seat}"
    return [
        (value, unescape(label), bool(selected))
        for value, selected, label in re.findall(
            r'<option value="([^"]*)"( selected)?>([^<]*)</option>', m[1]
        )
    ]


def test_every_seat_offers_a_person_or_a_bot_of_each_strength() -> None:
    form = Form()
    form.update({"count": "4"})
    markup = form_markup(form)
    assert SEAT_TYPES == ("human", *BOT_STRENGTHS) == ("human", "easy", "medium", "hard")
    for seat in range(4):
        assert _seat_select(markup, seat) == [
            ("human", "Human", True),
            ("easy", "Bot: easy", False),
            ("medium", "Bot: medium", False),
            ("hard", "Bot: hard", False),
        ]


def test_the_form_keeps_the_chosen_types_and_ignores_junk() -> None:
    form = Form()
    form.update({"count": "3", "types": ["hard", "</select>", "easy", "medium"]})
    assert form.types == ["hard", "human", "easy", "medium"]  # the fourth kept for when seat 4 returns
    markup = form_markup(form)
    assert [next(v for v, _, chosen in _seat_select(markup, i) if chosen) for i in range(3)] == [
        "hard",
        "human",
        "easy",
    ]
    assert 'data-seat-type="3"' not in markup
    assert [p.bot for p in form.options().players] == ["hard", None, "easy"]


@pytest.mark.parametrize(
    "types",
    [
        ["human", "easy", "medium", "hard"],  # one person against three bots
        ["hard", "hard"],  # bots only: watch mode
        ["medium", "human", "human"],
    ],
)
def test_a_game_started_from_the_form_carries_who_plays_each_seat(types: list[str]) -> None:
    app = App(seed=4)
    app.submit_form(_form_values(types))
    assert app.game is not None and app.screen == "game", app.message
    bots = [None if kind == "human" else kind for kind in types]
    assert [p.bot for p in app.game.options.players] == bots
    view = app.view()
    assert view.record is not None
    written = json.loads(view.record)["options"]["players"]
    assert [p.get("bot") for p in written] == bots  # <html data-record> says it too


def test_a_bots_seat_keeps_the_default_name_of_its_seat() -> None:
    """The name field is untouched by choosing a bot: left empty, it is the
    seat's default name, stored as no name (issue 13), not as English."""
    app = App(seed=4)
    form = Form()
    app.submit_form(
        {"count": "2", "names": form.names[:2], "colours": ["yellow", "black"], "types": ["human", "hard"]}
    )
    assert app.game is not None
    assert app.game.options.players[1] == Player(None, "black", "hard")
    body = link.encode(app.game).partition(".")[2]
    data = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    # length, CRC-32, flags, then the seats: yellow person, black hard bot, both default-named (0)
    assert data[6:10] == bytes([0x00, 0x00, 0x31, 0x00])


def test_a_game_with_bots_is_saved_resumed_exported_and_shared_with_them() -> None:
    app, storage = make_app()
    app.submit_form(_form_values(["human", "easy", "medium", "hard"]))
    play(app, 12)
    assert app.game is not None and app.game_id is not None
    again, _ = make_app(storage)
    again.boot()
    assert again.game is not None and again.game.state_key() == app.game.state_key()
    assert [p.bot for p in again.game.options.players] == BOTS
    entry = parse_entry(app.game_id, storage.data[app.saves.key(app.game_id)])  # type: ignore[union-attr]
    exported = record.loads(export_text(entry))
    assert exported.options.players == app.game.options.players
    assert exported.state_key() == app.game.state_key()
    shared = link.decode(app.share_url().partition("#")[2])
    assert [p.bot for p in shared.options.players] == BOTS
    opened, _ = make_app()
    opened.open_link(app.share_url())
    assert opened.game is not None and opened.game.options.players == app.game.options.players
    imported, _ = make_app()
    imported.import_text(export_text(entry).encode("utf-8"))
    assert imported.saved_list and imported.saved_list[0].record is not None
    assert imported.saved_list[0].record["options"]["players"][3]["bot"] == "hard"


def test_a_game_saved_by_an_earlier_release_in_version_1_resumes_and_saves_without_a_conflict() -> None:
    """An entry written before issue 12 holds a version 1 record (and, older
    still, no revision at its head). The game read from it is the same game:
    the next save must not take it for one another tab changed (web/app/tabs.py)."""
    app, storage = make_app()
    app.autostart(2)
    play(app, 6)
    assert app.game is not None and app.game_id is not None and app.saves is not None
    key = app.saves.key(app.game_id)
    data = json.loads(storage.data[key])
    data["record"]["version"] = 1
    for n, p in enumerate(data["record"]["options"]["players"], 1):
        p["name"] = f"Player {n}"  # what that release wrote for a name left as it was
    del data["rev"]
    storage.data[key] = json.dumps(data)
    again, _ = make_app(storage)
    again.boot()
    assert again.game is not None and again.game.state_key() == app.game.state_key()
    play(again, 1, seed=3)
    assert again.stale is None and again.message == ""
    saved = json.loads(storage.data[key])
    assert saved["record"]["version"] == record.VERSION and saved["steps"] == 7


def test_the_saved_games_list_says_which_seats_bots_play() -> None:
    app, storage = make_app()
    app.submit_form(_form_values(["human", "hard"], names=("Ann", "Player 2")))
    play(app, 3)
    app.show_saved()
    markup = app.view().markup
    assert re.search(r'data-field="players">Ann, Player 2 \(Bot: hard\)<', markup), markup
    assert app.saved_list[0].bots == [None, "hard"]
    # A record that does not say it plainly shows the names alone (replaying it tells the rest).
    assert app.game_id is not None and app.saves is not None
    key = app.saves.key(app.game_id)
    data = json.loads(storage.data[key])
    data["record"]["options"]["players"][1]["bot"] = "expert"
    entry = parse_entry(app.game_id, json.dumps(data))
    assert entry.readable and entry.bots == [] and entry.players == ["Ann", "Player 2"]


def test_the_bot_worker_is_wanted_only_while_a_game_with_a_bot_seat_is_in_progress() -> None:
    """docs/WORKER.md, "When it starts": main.py starts the worker when a bot
    may play (App.wants_bot; newgame.is_bot for a seat chosen on the form), and
    never for a game between people."""
    assert [is_bot(kind) for kind in SEAT_TYPES] == [False] + [True] * len(BOT_STRENGTHS)
    assert not is_bot("") and not is_bot("module:Bot")
    app, storage = make_app()
    app.boot()
    assert app.game is None and not app.wants_bot  # the front page
    app.autostart(2)
    assert not app.wants_bot, "a game between people"
    app.quick_game({"names": ["Ann", None, None, None]})  # "Play against the computer"
    assert app.wants_bot
    # Reloaded: the game in progress has a bot, so the worker starts at boot.
    again, _ = make_app(storage)
    again.boot()
    assert again.game is not None and again.wants_bot
    # A link of a game of people, then one with a bot's seat (opened at boot).
    shared = Game(Options(players=(Player("Ann", "yellow"), Player("Bo", "black", "hard"))), seed=2)
    people = Game(Options(players=(Player("Ann", "yellow"), Player("Bo", "black"))), seed=2)
    linked, _ = make_app()
    linked.boot(link.encode(people))
    assert linked.game is not None and not linked.wants_bot
    linked.open_link(link.encode(shared))
    assert linked.game is not None and linked.wants_bot
    # Over, a game with bots needs none (a rematch starts one: a new game in progress).
    over = Game(Options(players=shared.options.players, short=True, max_turns=2), seed=2)
    rng = random.Random(2)
    while not over.is_over():
        over.push(courier_action(over, rng))
    linked.resume(over)
    assert not linked.wants_bot
    linked.rematch()
    assert linked.wants_bot
