"""Two tabs on one localStorage (issue 11, item 3): two Apps on one
MemoryStorage, each with its own session storage, stand for two tabs. No
tab overwrites actions the other saved; the stale one is told and each of
its choices works; two different games keep their own current."""

from __future__ import annotations

import json
from itertools import count

from caravan import record
from web.app.app import App
from web.app.saved import FORMAT, VERSION, Saves, entry_value, parse_entry, revision_of
from web.app.storage import MemoryStorage
from web.app.tabs import Stale, compare, copy_name

from .saving import PATH, game_with, play


def _tab(local: MemoryStorage, name: str, session: MemoryStorage | None = None) -> App:
    """A tab: its own session storage and ids, the shared local storage."""
    ids = count(1)
    clock = count(1_700_000_000_000, 60_000)
    return App(
        seed=1,
        saves=Saves(local, PATH, tab=session if session is not None else MemoryStorage()),
        now=lambda: next(clock),
        new_id=lambda: f"{name}-game-{next(ids)}",
        tab_id=name,
    )


def _booted(local: MemoryStorage, name: str, session: MemoryStorage | None = None) -> App:
    app = _tab(local, name, session)
    app.boot()
    return app


def _key(game_id: str | None) -> str:
    assert game_id is not None
    return f"caravan:{PATH}:{game_id}"


def _stored(local: MemoryStorage, game_id: str | None) -> list[str]:
    """The history saved under ``game_id``."""
    entry = parse_entry(game_id or "", local.data[_key(game_id)])
    assert entry.record is not None
    return list(entry.record["history"])


def _event(app: App, game_id: str | None) -> bool:
    """What main.py does on a ``storage`` event naming that game's key."""
    return app.storage_changed(_key(game_id))


def _history(app: App) -> list[str]:
    assert app.game is not None
    return list(record.to_dict(app.game)["history"])


def _diverge(app: App, other: App) -> None:
    """One action in ``app`` other than the one ``other`` took from the same position."""
    assert app.game is not None and other.game is not None
    taken = str(other.game.history[len(app.game.history)].action)
    app.act(next(str(a) for a in app.game.legal_actions() if str(a) not in (taken, "end")))


def _two_tabs_on_one_game(n: int = 3) -> tuple[App, App, MemoryStorage]:
    local = MemoryStorage()
    one = _tab(local, "one")
    one.autostart(2)
    play(one, n)
    two = _booted(local, "two")  # a second tab resumes the game in progress
    assert two.game_id == one.game_id and _history(two) == _history(one)
    return one, two, local


def test_a_tab_told_by_the_storage_event_loads_the_newer_game_and_nothing_is_lost() -> None:
    one, two, local = _two_tabs_on_one_game()
    play(two, 4, seed=5)
    assert _event(one, one.game_id)
    assert one.stale is not None and (one.stale.mine, one.stale.theirs) == (0, 4)
    markup = one.view().markup
    assert 'id="tab-conflict"' in markup and 'data-theirs="4"' in markup
    assert 'id="conflict-load"' in markup and 'id="conflict-keep"' in markup
    assert "4 actions this tab does not show" in markup
    play(two, 1, seed=6)  # the notice follows what the other tab saves
    assert _event(one, one.game_id) and one.stale is not None and one.stale.theirs == 5
    # Playing on is refused until the player chooses: the stale game never forks.
    before = _history(one)
    play(one, 1, seed=9)
    one.undo()
    assert _history(one) == before and "choose" in one.message
    assert _stored(local, one.game_id) == _history(two)
    one.load_newer()
    assert one.stale is None and _history(one) == _history(two)
    markup = one.view().markup
    assert 'id="tab-conflict"' not in markup and "Loaded the newer game" in markup
    # Both tabs play on one game, each taking the other's actions in turn.
    play(one, 2, seed=11)
    assert _stored(local, one.game_id) == _history(one)
    assert _event(two, one.game_id)
    two.load_newer()
    assert _history(two) == _history(one) and len(_history(two)) == 3 + 5 + 2


def test_the_check_before_writing_refuses_to_overwrite_when_no_event_came() -> None:
    # The storage event can arrive after the player already acted: the
    # revision at the entry's head catches it before anything is written.
    one, two, local = _two_tabs_on_one_game()
    play(two, 8, seed=5)
    theirs = _history(two)
    _diverge(one, two)  # no storage event: it has not come yet
    assert _stored(local, one.game_id) == theirs, "the stale tab overwrote the other tab's 8 actions"
    assert one.stale is not None and (one.stale.mine, one.stale.theirs) == (1, 8)
    markup = one.view().markup
    assert "last action is in no saved copy" in markup and 'data-mine="1"' in markup
    mine = _history(one)

    one.keep_both()
    assert one.stale is None and one.game_id not in (two.game_id, None)
    assert _stored(local, one.game_id) == mine and _stored(local, two.game_id) == theirs
    assert one.game_name == copy_name(two.game_name)
    assert "Both are kept" in one.view().markup
    # Each tab plays on its own game, neither disturbing the other.
    play(two, 2, seed=1)
    play(one, 2, seed=2)
    assert one.stale is None and two.stale is None
    assert _stored(local, two.game_id) == _history(two) and _stored(local, one.game_id) == _history(one)
    assert not _event(two, one.game_id)
    one.show_saved()
    assert {e.name for e in one.saved_list} == {two.game_name, one.game_name}


def test_load_the_newer_game_drops_only_what_the_notice_named() -> None:
    one, two, local = _two_tabs_on_one_game()
    play(two, 2, seed=5)
    _diverge(one, two)
    play(one, 1, seed=6)  # refused: the player must choose first
    assert one.stale is not None and (one.stale.mine, one.stale.theirs) == (1, 2)
    one.load_newer()
    assert _history(one) == _history(two) == _stored(local, one.game_id)
    assert one.screen == "game" and one.message == ""


def test_a_copy_that_holds_everything_saved_is_written_without_asking() -> None:
    # Another tab that only renamed the game, or is behind: writing this
    # tab's game loses nothing, and takes the new name.
    one, two, local = _two_tabs_on_one_game()
    assert two.game_id is not None
    two.show_saved()
    two.rename(two.game_id, "Sunday")
    play(one, 2, seed=3)
    assert one.stale is None and one.game_name == "Sunday"
    stored = parse_entry(two.game_id, local.data[_key(two.game_id)])
    assert stored.name == "Sunday" and stored.record is not None and stored.record["history"] == _history(one)
    # Two is behind by 2 now and forks at its next action: told, nothing written.
    two.close_saved()
    _diverge(two, one)
    assert two.stale is not None and (two.stale.mine, two.stale.theirs) == (1, 2)
    assert _stored(local, two.game_id) == _history(one)


def test_two_different_games_keep_their_own_current_across_reloads() -> None:
    local = MemoryStorage()
    session_one, session_two = MemoryStorage(), MemoryStorage()
    one = _tab(local, "one", session_one)
    one.autostart(2)
    play(one, 3)
    two = _booted(local, "two", session_two)
    assert two.game_id == one.game_id  # a new tab opens the game in progress
    two.autostart(3)  # ... and starts another one there
    play(two, 2)
    play(one, 1)  # the shared current follows the last save: one's game
    play(two, 1)  # ... and now two's
    assert one.game_id != two.game_id
    assert _booted(local, "one", session_one).game_id == one.game_id
    assert _booted(local, "two", session_two).game_id == two.game_id
    assert _booted(local, "three").game_id == two.game_id  # a new tab: the game saved last
    # A tab whose own game was deleted elsewhere falls back to the shared current.
    assert two.saves is not None and one.game_id is not None
    two.saves.remove(one.game_id)
    assert _booted(local, "one", session_one).game_id == two.game_id


def test_old_entries_without_a_revision_load_and_are_still_guarded() -> None:
    game = game_with(6)
    local = MemoryStorage({_key("old"): entry_value(game, "Old", 1), _key("current"): "old"})
    assert revision_of(local.data[_key("old")]) is None
    one, two = _booted(local, "one"), _booted(local, "two")
    assert one.game is not None and one.game.state_key() == game.state_key()
    play(one, 2, seed=1)
    assert revision_of(local.data[_key("old")]) == one.rev is not None
    _diverge(two, one)
    assert two.stale is not None and _stored(local, "old") == _history(one)


def _copies(local: MemoryStorage) -> list[list[str]]:
    """The histories of the saved games named "… (copy)", sorted."""
    entries = Saves(local, PATH).entries()
    return sorted(_stored(local, e.id) for e in entries if e.name.endswith("(copy)"))


def test_leaving_a_stale_game_keeps_its_unsaved_actions_as_the_copy() -> None:
    one, two, local = _two_tabs_on_one_game()
    play(two, 1, seed=5)
    _diverge(one, two)
    assert one.stale is not None and one.stale.mine == 1
    mine = _history(one)
    one.new_game()
    one.autostart(2)  # another game replaces it in this tab
    assert _copies(local) == [mine]
    assert _stored(local, two.game_id) == _history(two)
    # The same when the tab is closed or reloaded (main.py's pagehide).
    three = _booted(local, "three")
    assert three.game_id == one.game_id  # the game saved last
    play(one, 1, seed=8)
    _diverge(three, one)
    assert three.stale is not None and three.stale.mine == 1
    kept = _history(three)
    three.leave()
    assert three.stale is None
    assert _copies(local) == sorted([mine, kept])
    assert _stored(local, one.game_id) == _history(one)


def test_a_stale_tab_with_nothing_unsaved_leaves_without_making_a_copy() -> None:
    one, two, local = _two_tabs_on_one_game()
    play(two, 2, seed=5)
    assert one.storage_changed(None)  # an event with no key (localStorage.clear()) checks it too
    assert one.stale is not None and one.stale.mine == 0
    keys = dict(local.data)
    one.leave()
    assert local.data == keys


def test_a_saved_copy_made_unreadable_elsewhere_offers_only_keep_both() -> None:
    one, _, local = _two_tabs_on_one_game()
    bad = '{"format": "caravan-save", "version": 9}'
    local.data[_key(one.game_id)] = bad
    play(one, 1, seed=2)
    assert one.stale is not None and not one.stale.readable
    markup = one.view().markup
    assert 'id="conflict-keep"' in markup and 'id="conflict-load"' not in markup
    assert local.data[_key(one.game_id)] == bad, "the unreadable entry was replaced"
    one.keep_both()
    assert one.stale is None and _stored(local, one.game_id) == _history(one)
    assert local.data[_key("one-game-1")] == bad


def test_a_game_deleted_in_another_tab_is_saved_again_by_the_tab_playing_it() -> None:
    one, two, local = _two_tabs_on_one_game()
    two.show_saved()
    two.saved_action("delete", two.game_id or "")
    play(one, 1, seed=2)
    assert one.stale is None and _stored(local, one.game_id) == _history(one)
    # Undoing the delete over there does not put the older copy back over it.
    two.undo_delete()
    assert _stored(local, one.game_id) == _history(one)


def test_resuming_from_a_list_drawn_before_another_tab_played_takes_the_newer_copy() -> None:
    one, two, _ = _two_tabs_on_one_game()
    assert one.game_id is not None
    two.new_game()
    two.autostart(2)  # two plays another game, then lists the saved games
    two.show_saved()
    play(one, 3, seed=4)  # meanwhile one plays on
    two.saved_action("resume", one.game_id)
    assert two.stale is None and _history(two) == _history(one)


def test_storage_events_for_other_keys_and_other_pages_change_nothing() -> None:
    one, two, _ = _two_tabs_on_one_game()
    two.new_game()
    two.autostart(2)
    play(two, 2)
    assert not _event(one, two.game_id)
    assert not one.storage_changed(_key("current"))
    assert not one.storage_changed("caravan:/another/site/:x")
    assert one.stale is None
    one.show_saved()  # an open saved-games list is drawn again
    assert _event(one, two.game_id)


def test_disabled_or_full_storage_plays_as_before_in_both_tabs() -> None:
    for local in (MemoryStorage(disabled=True), MemoryStorage(full=True)):
        one, two = _booted(local, "one"), _booted(local, "two")
        one.autostart(2)
        two.autostart(2)
        play(one, 3)
        play(two, 3)
        assert one.stale is None and two.stale is None
        assert len(_history(one)) == len(_history(two)) == 3
        assert one.save_problem and 'id="storage-message"' in one.view().markup
        assert not one.storage_changed(None)
    # A tab storage that fails: the tab follows the shared current.
    local = MemoryStorage()
    one = _tab(local, "one", MemoryStorage(disabled=True))
    one.autostart(2)
    play(one, 2)
    assert one.save_problem == ""
    assert _booted(local, "two", MemoryStorage(disabled=True)).game_id == one.game_id


def test_the_revision_sits_at_the_head_of_the_entry_and_survives_a_rename() -> None:
    game = game_with(4)
    raw = entry_value(game, "A", 5, rev="tab.7")
    head = json.dumps({"format": FORMAT, "version": VERSION, "rev": "tab.7"}, separators=(",", ":"))
    assert raw.startswith(head[:-1] + ",")
    assert revision_of(raw) == "tab.7" and parse_entry("x", raw).rev == "tab.7"
    local = MemoryStorage({_key("x"): raw, _key("y"): entry_value(game, "B", 5)})
    saves = Saves(local, PATH)
    saves.rename("x", "Renamed", rev="tab.8")
    saves.rename("y", "Renamed too", rev="tab.9")  # an older entry gets one at its head
    assert revision_of(local.data[_key("x")]) == "tab.8"
    assert revision_of(local.data[_key("y")]) == "tab.9"
    assert saves.get("y").name == "Renamed too" and saves.get("y").record == record.to_dict(game)
    assert sorted(saves.ids()) == ["x", "y"]  # the revision has no key of its own to list
    for forged in ('{"format":"caravan-save","version":1,"rev":"' + "a" * 200, '{"rev":"x"}', ""):
        assert revision_of(forged) is None


def test_compare_says_what_each_side_holds() -> None:
    base = record.to_dict(game_with(5))
    longer = record.to_dict(game_with(7))
    assert compare(base, longer) is None  # ours holds all of it
    assert compare(base, base) is None
    behind = compare(longer, base)
    assert isinstance(behind, Stale) and (behind.mine, behind.theirs) == (0, 2)
    other = record.to_dict(game_with(5, seed=4))
    forked = compare(other, base)
    assert forked is not None and (forked.mine, forked.theirs) == (5, 5)
    ended = {**base, "ended": "agreed"}
    assert compare(ended, base) is not None and compare(base, ended) is None
    unreadable = compare(None, base)
    assert unreadable is not None and not unreadable.readable
    assert len(copy_name("x" * 60)) <= 60 and copy_name("x" * 60).endswith(" (copy)")
