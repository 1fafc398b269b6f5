"""Opening share links on CPython: refused links change nothing, the same game
continues from whichever copy is further along, a new game is saved as new."""

from __future__ import annotations

import pytest

from caravan import link, record
from caravan.errors import LinkError
from caravan.game import Game
from caravan.options import Options, Player
from web.app.share import decide, link_url, same_game

from .saving import game_with, make_app, play


def _payload(n: int, seed: int = 3) -> str:
    return link.encode(game_with(n, seed))


def test_share_url_is_the_page_address_without_its_fragment_and_the_encoded_game() -> None:
    app, _ = make_app()
    app.autostart(2)
    play(app, 5)
    url = app.share_url()
    assert url.startswith("https://x.test/caravan/#")
    assert app.game is not None
    assert link.decode(url.split("#", 1)[1]).state_key() == app.game.state_key()
    assert link_url("https://x.test/a/#old", "P") == "https://x.test/a/#P"
    app.open_share()
    assert f'id="share-link" readonly value="{url}"' in app.view().markup


def test_issue14_a_shared_link_drops_the_page_query_and_keeps_the_path() -> None:
    """``?seed=31`` or ``?lang=pl`` is this tab's, not the game's: the link is
    the clean address (the path, no query) and then the fragment."""
    assert link_url("https://x.test/a/?seed=31#old", "P") == "https://x.test/a/#P"
    assert link_url("https://x.test/a/?seed=31&lang=pl", "P") == "https://x.test/a/#P"
    app, _ = make_app()
    app.services.base_url = "https://x.test/caravan/?seed=31"
    app.autostart(2)
    play(app, 3)
    url = app.share_url()
    assert url.startswith("https://x.test/caravan/#") and "seed" not in url
    assert app.game is not None
    assert link.decode(url.split("#", 1)[1]).state_key() == app.game.state_key()


@pytest.mark.parametrize("text", ["#", "#hello", "#c0.", "#c99.AAAA", "#" + "A" * 30_000])
def test_a_refused_link_says_why_offers_a_new_game_and_changes_nothing(text: str) -> None:
    app, storage = make_app()
    app.autostart(2)
    play(app, 4)
    before = dict(storage.data)
    game = app.game
    try:
        link.decode(text)
    except LinkError as e:
        reason = str(e)
    else:
        pytest.fail("the codec took it")
    app.open_link(text)
    assert storage.data == before
    assert app.game is game and app.screen == "new-game"
    markup = app.view().markup
    assert 'id="link-error"' in markup and 'id="start-game"' in markup and 'id="resume-game"' in markup
    assert reason.replace("'", "&#x27;") in markup or reason in markup


def test_cut_and_tampered_links_are_refused_at_boot_and_the_saved_game_is_resumed_behind() -> None:
    app, storage = make_app()
    app.autostart(2)
    play(app, 6)
    payload = _payload(20)
    again, _ = make_app(storage)
    again.boot("#" + payload[: len(payload) // 2])
    assert again.link_error and again.screen == "new-game"
    assert again.game is not None and app.game is not None
    assert again.game.state_key() == app.game.state_key()


def test_a_new_game_from_a_link_is_saved_next_to_the_others() -> None:
    app, _ = make_app()
    app.autostart(2)
    play(app, 3)
    mine = app.game_id
    app.open_link("#" + _payload(15))
    assert app.game is not None and len(app.game.history) == 15
    assert app.game_id != mine and app.screen == "game"
    app.show_saved()
    assert len(app.saved_list) == 2


def test_a_link_further_along_than_the_saved_copy_replaces_it() -> None:
    base = game_with(10)
    app, _ = make_app()
    app.open_link("#" + link.encode(base))
    gid = app.game_id
    further = game_with(10)
    further.push(further.legal_actions()[0])
    app.open_link("#" + link.encode(further))
    assert app.game_id == gid and app.game is not None
    assert len(app.game.history) == 11
    assert "further along" in app.note
    app.show_saved()
    assert len(app.saved_list) == 1 and app.saved_list[0].steps == 11


def test_an_older_link_of_a_game_saved_further_along_keeps_the_saved_copy() -> None:
    app, storage = make_app()
    app.open_link("#" + _payload(10))
    play(app, 6, seed=4)
    assert app.game is not None
    ahead = record.dumps(app.game)
    app.new_game()  # away from the game: the saved copy is what counts
    again, _ = make_app(storage)
    again.open_link("#" + _payload(10))
    assert again.game is not None and record.dumps(again.game) == ahead
    assert "saved copy" in again.note
    again.show_saved()
    assert len(again.saved_list) == 1


def test_the_same_game_at_the_same_point_is_not_saved_twice() -> None:
    app, _ = make_app()
    app.open_link("#" + _payload(12))
    gid = app.game_id
    app.open_link("#" + _payload(12))
    assert app.game_id == gid
    app.show_saved()
    assert len(app.saved_list) == 1


def test_a_different_game_with_the_same_players_is_not_mistaken_for_ours() -> None:
    mine, theirs = record.to_dict(game_with(8, seed=1)), record.to_dict(game_with(8, seed=2))
    assert not same_game(mine, theirs)
    assert decide(theirs, [("a", mine)]).kind == "new"
    # Same start, histories that part ways: two games, neither a prefix of the other.
    fork = dict(mine, history=[*mine["history"][:-1], "@a1"])
    assert not same_game(mine, fork)
    assert decide(fork, [("a", mine)]).kind == "new"


def test_decide_picks_the_longest_copy_and_never_a_shorter_one() -> None:
    full = record.to_dict(game_with(20))
    short = dict(full, history=full["history"][:5])
    mid = dict(full, history=full["history"][:12])
    d = decide(mid, [("s", short), ("f", full)])
    assert (d.kind, d.id, d.saved_steps, d.link_steps) == ("saved", "f", 20, 12)
    d = decide(full, [("s", short), ("m", mid)])
    assert (d.kind, d.id) == ("link", "m")
    agreed = dict(full, ended="agreed")
    assert decide(agreed, [("f", full)]).kind == "link"


def test_a_name_from_a_link_is_shown_as_text() -> None:
    evil = "<svg onload=alert(1)>"
    game = Game(Options(players=(Player(evil, "yellow"), Player("Bo&b", "black"))), seed=2)
    app, _ = make_app()
    app.open_link("#" + link.encode(game))
    markup = app.view().markup
    assert evil not in markup and "&lt;svg onload=alert(1)&gt;" in markup
    assert "Bo&amp;b" in markup


def test_a_finished_game_can_be_shared_and_opens_finished() -> None:
    app, _ = make_app()
    app.autostart(2, short=True)
    play(app, 2000)
    assert app.screen == "over" and app.game is not None
    app.open_share()
    markup = app.view().markup
    assert 'id="share-link"' in markup and 'id="game-over"' in markup
    other, _ = make_app()
    other.open_link(app.share_url().split("#", 1)[1])
    assert other.screen == "over" and other.game is not None
    assert other.game.state_key() == app.game.state_key()
