"""Saved games on CPython: a fake storage that can be disabled, full or hold
anything, and the App saving after every change and coming back on boot."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime

from caravan import record
from caravan.options import Options, Player
from web.app.app import App
from web.app.saved import Saves, format_date, name_from_filename, namespace, parse_entry, thumb
from web.app.storage import MemoryStorage
from web.board.palette import player_hex

from .saving import PATH, make_app, play


def _booted(storage: MemoryStorage, path: str = PATH) -> App:
    app, _ = make_app(storage, path)
    app.boot()
    return app


def test_every_action_undo_and_redo_is_saved_and_a_new_page_resumes_exactly() -> None:
    app, storage = make_app()
    app.autostart(2)
    for step in range(6):
        play(app, 1, seed=step)
        again = _booted(storage)
        assert again.game is not None and app.game is not None
        assert again.game.state_key() == app.game.state_key()
        assert record.dumps(again.game) == record.dumps(app.game)
        assert again.screen == "game" and again.sel.selected is None
    app.undo()
    assert _booted(storage).game is not None
    assert record.dumps(_booted(storage).game) == record.dumps(app.game)  # type: ignore[arg-type]
    app.redo()
    assert record.dumps(_booted(storage).game) == record.dumps(app.game)  # type: ignore[arg-type]


def test_a_resumed_game_shows_its_log_again() -> None:
    app, storage = make_app()
    app.autostart(2)
    play(app, 8)
    again = _booted(storage)
    assert again.log == app.log
    assert all(again.log)


def test_keys_carry_the_project_prefix_and_the_pages_path() -> None:
    app, storage = make_app(path="/a/")
    app.autostart(2)
    assert storage.data and all(k.startswith("caravan:/a/:") for k in storage.data)
    assert namespace("/a/index.html") == namespace("/a/")


def test_two_sites_on_one_origin_do_not_see_each_others_games() -> None:
    storage = MemoryStorage()
    a, _ = make_app(storage, "/a/")
    a.autostart(2)
    play(a, 3)
    b = _booted(storage, "/b/")
    assert b.game is None and b.screen == "new-game"
    b.show_saved()
    assert b.saved_list == []
    assert not b.read_problem  # another site's entries are not ours to call unreadable
    again = _booted(storage, "/a/")
    assert again.game is not None and len(again.game.history) == 3


def test_disabled_storage_lets_the_game_be_played_and_says_it_is_not_saved() -> None:
    app, _ = make_app(MemoryStorage(disabled=True))
    app.boot(autostart=2)
    assert app.screen == "game"
    play(app, 4)
    assert app.game is not None and len(app.game.history) == 4
    assert "not saved" in app.view().markup
    app.show_saved()
    assert "Storage is disabled" in app.view().markup


def test_full_storage_keeps_the_last_save_and_says_so() -> None:
    app, storage = make_app()
    app.autostart(2)
    play(app, 2)
    before = dict(storage.data)
    storage.full = True
    play(app, 2, seed=5)
    assert app.game is not None and len(app.game.history) == 4
    assert 'id="storage-message"' in app.view().markup and "full" in app.save_problem
    assert storage.data == before  # the last good save is still there
    storage.full = False
    play(app, 1, seed=6)
    assert not app.save_problem
    assert "storage-message" not in app.view().markup


def test_unreadable_entries_are_listed_kept_and_deletable() -> None:
    ns = namespace(PATH)
    bad = {
        ns + "hand-edited": '{"format":"caravan-save","version":1,"name":3}',
        ns + "older": '{"format":"caravan-save","version":0}',
        ns + "other-app": "<not json>",
        ns + "record-broken": json.dumps(
            {
                "format": "caravan-save",
                "version": 1,
                "name": "Broken",
                "saved": 1,
                "players": ["A", "B"],
                "turn": 1,
                "steps": 1,
                "to_play": "A",
                "record": {"format": "caravan", "version": 1},
            }
        ),
    }
    storage = MemoryStorage(dict(bad))
    storage.data[ns + "current"] = "record-broken"
    app = _booted(storage)
    assert app.game is None and app.screen == "new-game"
    assert "could not be read" in app.read_problem
    app.autostart(2)  # a game is still played, and saved
    play(app, 2)
    app.show_saved()
    shown = {e.id: e for e in app.saved_list}
    assert {k[len(ns) :] for k in bad} <= set(shown)
    assert all(not shown[k].readable for k in ("hand-edited", "older", "other-app"))
    assert set(bad) <= set(storage.data)
    app.saved_action("resume", "record-broken")
    assert "cannot be opened" in app.saved_message
    assert set(bad) <= set(storage.data)
    app.saved_action("delete", "other-app")
    assert ns + "other-app" not in storage.data
    app.undo_delete()
    assert storage.data[ns + "other-app"] == "<not json>"


def test_list_shows_name_players_date_turn_and_whose_move_without_replaying() -> None:
    app, storage = make_app()
    app.autostart(3)
    play(app, 5)
    entry = Saves(storage, PATH).entries()[0]
    assert entry.players == [None, None, None]  # default names, said in the page's language (issue 13)
    assert app.game is not None
    assert entry.turn == app.game.turn and entry.steps == 5
    assert entry.to_play == app.game.seat  # a seat with its default name
    app.show_saved()
    html = app.view().markup
    assert "Player 1, Player 2, Player 3" in html and f"Player {app.game.seat + 1} to play" in html
    assert entry.name == "Player 1, Player 2, Player 3"
    app.show_saved()
    markup = app.view().markup
    assert 'data-field="date"' in markup and format_date(entry.saved) in markup


def test_rename_delete_undo_and_export() -> None:
    app, storage = make_app()
    app.autostart(2)
    play(app, 3)
    first = app.game_id
    assert first is not None and app.game is not None
    app.new_game()
    app.autostart(2)
    app.show_saved()
    assert len(app.saved_list) == 2
    app.saved_action("rename", first)
    app.rename(first, "  Sunday   game ")
    assert Saves(storage, PATH).get(first).name == "Sunday game"
    app.saved_action("export", first)
    assert app.download is not None
    name, text = app.download
    assert name == "caravan-Sunday game.json"
    assert len(record.loads(text).history) == 3
    app.saved_action("delete", first)
    assert [e.id for e in app.saved_list] == [app.game_id]
    app.undo_delete()
    assert len(app.saved_list) == 2 and Saves(storage, PATH).get(first).name == "Sunday game"


def test_deleting_the_game_in_progress_drops_it_and_undo_brings_it_back() -> None:
    app, storage = make_app()
    app.autostart(2)
    play(app, 3)
    gid = app.game_id
    assert gid is not None
    app.show_saved()
    app.saved_action("delete", gid)
    assert app.game is None and _booted(storage).game is None
    app.undo_delete()
    assert app.game is not None and len(app.game.history) == 3
    assert _booted(storage).game_id == gid


def test_import_adds_a_game_and_a_bad_file_changes_nothing() -> None:
    app, storage = make_app()
    app.show_saved()
    before = dict(storage.data)
    for bad in ("", "not json", '{"format":"caravan","version":9}', '{"format":"other"}', "[]"):
        app.import_text(bad)
        assert "not imported" in app.saved_message
        assert storage.data == before
    source, _ = make_app()
    source.autostart(2)
    play(source, 7)
    assert source.game is not None
    app.import_text(record.dumps(source.game))
    assert "Imported" in app.saved_message
    [entry] = app.saved_list
    app.saved_action("resume", entry.id)
    assert app.game is not None and app.game.state_key() == source.game.state_key()


def test_names_from_a_file_are_escaped_everywhere_they_are_shown() -> None:
    evil = "<svg onload=alert(1)>"
    source, _ = make_app()
    source.start(Options(players=(Player(evil, "yellow"), Player("Bob", "black"))))
    assert source.game is not None
    app, _ = make_app()
    app.show_saved()
    app.import_text(record.dumps(source.game))
    markup = app.view().markup
    assert evil not in markup and "&lt;svg onload=alert(1)&gt;" in markup
    app.saved_action("resume", app.saved_list[0].id)
    assert evil not in app.view().markup
    app.open_share()
    assert evil not in app.view().markup


def test_parse_entry_never_raises_on_anything_stored() -> None:
    for raw in (None, "", "null", "[1]", '{"format":"caravan-save"}', '"x"', "{" * 5000, '{"version":1e999}'):
        entry = parse_entry("x", raw)
        assert not entry.readable and entry.problem


def test_format_date_is_utc_calendar_time() -> None:
    assert format_date(0) == "1970-01-01 00:00"
    assert format_date(951_782_400_000) == "2000-02-29 00:00"  # a leap day
    for ms in range(-(10**12), 5 * 10**12, 7_654_321_987):
        expected = datetime.fromtimestamp(ms // 1000, tz=UTC).strftime("%Y-%m-%d %H:%M")
        assert format_date(ms) == expected


def test_the_thumbnail_shows_camels_in_their_players_colours_and_loose_goods() -> None:
    app, storage = make_app()
    app.start(Options(players=(Player("A", "teal"), Player("B", "red"))))
    play(app, 6)
    assert app.game is not None
    pic = thumb(app.game)
    assert len(pic) == 49 and "1" in pic
    game = app.game
    bare = {sq: g.letter for sq, g in game.loose_goods().items() if not game.camels_at(sq)}
    assert bare and {sq: c for sq, c in enumerate(pic) if c.isalpha()} == bare
    app.show_saved()
    markup = app.view().markup
    assert 'class="thumb"' in markup and player_hex("teal") in markup
    # A hand-edited thumbnail is dropped, not drawn, and the entry stays readable.
    key = next(k for k in storage.data if not k.endswith(":current"))
    data = json.loads(storage.data[key])
    data["thumb"] = '"><script>x</script>' + "." * 30
    storage.data[key] = json.dumps(data)
    app.show_saved()
    assert app.saved_list[0].readable and app.saved_list[0].thumb == ""
    assert "<script>" not in app.view().markup


def _row(markup: str, entry_id: str) -> str:
    found = re.search(rf'<li class="saved" data-saved-id="{entry_id}".*?</li>', markup)
    assert found is not None, markup
    return found.group(0)


def test_issue14_an_entry_named_by_its_players_shows_them_once() -> None:
    app, _ = make_app()
    app.start(Options(players=(Player("Amira", "yellow"), Player("Bashir", "black"))))
    gid = app.game_id
    assert gid is not None
    app.show_saved()
    row = _row(app.view().markup, gid)
    assert row.count("Amira, Bashir") == 1  # was "Amira, Bashir" as the name, then again as the players
    assert '<span data-field="name"><span data-field="players">Amira, Bashir</span></span>' in row
    app.rename(gid, "Sunday game")
    row = _row(app.view().markup, gid)
    assert row.count("Amira, Bashir") == 1 and row.count("Sunday game") == 1
    assert '<span data-field="players">Amira, Bashir</span>' in row


def test_issue14_export_then_import_keeps_a_custom_name_through_the_file_name() -> None:
    app, _ = make_app()
    app.autostart(2)
    play(app, 4)
    gid = app.game_id
    assert gid is not None
    app.show_saved()
    app.rename(gid, "Zoë's game: round 2/3")
    app.saved_action("export", gid)
    assert app.download is not None
    filename, text = app.download
    assert filename == "caravan-Zoë's game- round 2-3.json"  # only what a system refuses is changed
    for chosen, name in (
        (filename, "Zoë's game- round 2-3"),
        ("caravan-Zoë's game- round 2-3 (1).json", "Zoë's game- round 2-3"),  # a browser's second copy
        ("export.json", "Player 1, Player 2"),  # not named by an export: the players
    ):
        other, _ = make_app()
        other.show_saved()
        other.import_text(text.encode("utf-8"), chosen)
        [entry] = other.saved_list
        assert entry.name == name
        assert f"Imported “{name}”" in other.saved_message
    app.rename(gid, "Sunday game")
    app.saved_action("export", gid)
    assert app.download is not None and name_from_filename(app.download[0]) == "Sunday game"
    assert name_from_filename("caravan-game.json") is None and name_from_filename("game.json") is None


def test_issue14_importing_the_same_file_twice_says_it_is_there_and_adds_nothing() -> None:
    source, _ = make_app()
    source.autostart(2)
    play(source, 5)
    assert source.game is not None
    text = record.dumps(source.game).encode("utf-8")
    app, storage = make_app()
    app.show_saved()
    app.import_text(text, "caravan-Sunday game.json")
    before = dict(storage.data)
    app.import_text(text, "caravan-Sunday game (1).json")
    assert storage.data == before and len(app.saved_list) == 1
    assert app.saved_message == (
        "“Sunday game” is already in the list: this file holds the same game, so nothing was added."
    )
    play(source, 1)  # one action further: another game to keep
    app.import_text(record.dumps(source.game).encode("utf-8"))
    assert len(app.saved_list) == 2 and "Imported" in app.saved_message


def test_issue14_the_file_input_is_drawn_as_a_button_by_its_label() -> None:
    app, _ = make_app()
    app.show_saved()
    markup = app.view().markup
    assert '<input type="file" id="import-file" accept=".json,application/json">' in markup
    assert '<label for="import-file" class="file-button">Import a game from a .json file</label>' in markup
    with open("web/caravan.css", encoding="utf-8") as f:
        css = f.read()
    assert "label.file-button {" in css and 'input[type="file"]:focus-visible + label.file-button' in css
