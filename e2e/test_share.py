"""Share links in the browser: the same game in another browser, played by
correspondence, and links that are cut, tampered with, from a newer version
or not ours refused with the saved games intact."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import expect

from caravan import link
from caravan.errors import LinkError
from caravan.game import Game
from caravan.options import Options, Player
from e2e.conftest import Tab, wait_ready_on
from e2e.driver import Driver, open_menu_for
from e2e.saving import OUR_KEYS, key_of, play, record_of, reload, screen

GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "golden"
XSS = "<svg onload=alert(1)>"  # 24 characters at most in a name (R1's options)


def share_link(tab: Tab) -> str:
    page = tab.page
    open_menu_for(page, "#share")  # a phone upright: the tools are in the Menu
    page.locator("#share").click()
    expect(page.locator("#share-dialog")).to_be_visible()
    expect(page.locator("#share-status")).not_to_be_empty()  # copied, shared, or "copy it by hand"
    url = str(page.locator("#share-link").input_value())
    assert url.startswith(tab.base_url) and "#" in url
    page.locator("#share-close").click()
    return url


def open_link(tab: Tab, url: str) -> None:
    tab.page.goto(url)
    wait_ready_on(tab.page)


@pytest.mark.timeout(240)
def test_a_shared_game_opens_in_another_browser_and_goes_back_and_forth(
    shared_tab: Tab, shared_phone_tab: Tab
) -> None:
    """Ann shares her game from her laptop; Bob, on his phone (another
    browser: storage of its own), plays his turn and shares it back."""
    ann = shared_tab
    ann.context.grant_permissions(["clipboard-read", "clipboard-write"])  # shared_tab takes them back
    ann.open("?seed=8&autostart=2")
    play(ann.page, 12)
    url = share_link(ann)
    expect(ann.page.locator("#share-status")).to_have_count(0)
    sent = key_of(ann.page)
    assert link.decode(url.split("#", 1)[1]).state_key() == sent

    bob = shared_phone_tab
    open_link(bob, url)
    assert screen(bob.page) == "game"
    assert key_of(bob.page) == sent
    assert bob.page.evaluate("location.hash") == ""  # taken: a reload resumes from storage
    play(bob.page, 5, seed=3)  # Bob's turn (and his draws, made in his browser)
    bob_key = key_of(bob.page)
    reload(bob.page)
    assert key_of(bob.page) == bob_key
    back = share_link(bob)

    # Ann opens Bob's link in the tab that holds her copy: the link is further along.
    ann.page.goto(back)
    ann.page.wait_for_function("location.hash === ''")
    expect(ann.page.locator("#note")).to_contain_text("further along")
    assert key_of(ann.page) == bob_key
    # Her own older link now gives way to the saved copy, which is further along.
    ann.page.goto(url)
    ann.page.wait_for_function("location.hash === ''")
    expect(ann.page.locator("#note")).to_contain_text("saved copy")
    assert key_of(ann.page) == bob_key
    assert len(ann.page.evaluate(OUR_KEYS)) == 2  # one game (and the pointer to it), not three


def _refusals(payload: str) -> dict[str, str]:
    """Broken versions of a real link, each one our codec refuses."""
    body = payload.split(".", 1)[1]
    tampered = None
    for i in range(len(body) // 2, len(body)):
        c = "A" if body[i] != "A" else "B"
        candidate = payload[: payload.index(".") + 1 + i] + c + payload[payload.index(".") + 2 + i :]
        try:
            link.decode(candidate)
        except LinkError:
            tampered = candidate
            break
    assert tampered is not None
    out = {
        "cut": payload[: len(payload) // 2],
        "tampered": tampered,
        "future": "c99." + body,
        "garbage": "hello-there",
    }
    for text in out.values():
        with pytest.raises(LinkError):
            link.decode(text)
    return out


@pytest.mark.timeout(240)
def test_broken_links_are_refused_and_leave_saved_games_alone(shared_tab: Tab) -> None:
    tab = shared_tab
    tab.open("?seed=6&autostart=2")
    page = tab.page
    play(page, 6)
    saved = page.evaluate("() => Object.fromEntries(Object.entries(localStorage))")
    kept = record_of(page)
    payload = link.encode(Game(Options(), seed=1))
    for name, text in _refusals(payload).items():
        with pytest.raises(LinkError) as refused:
            link.decode(text)
        reason = str(refused.value)
        page.goto(tab.base_url + "#" + text)
        wait_ready_on(page)
        error = page.locator("#link-error")
        expect(error).to_contain_text(reason)
        assert screen(page) == "new-game", name
        expect(page.locator("#start-game")).to_be_visible()  # the offer of a new game
        after = page.evaluate("() => Object.fromEntries(Object.entries(localStorage))")
        assert after == saved, f"a {name} link changed what was saved"
        page.locator("#resume-game").click()
        assert record_of(page) == kept


@pytest.mark.timeout(120)
def test_a_name_arriving_by_link_is_shown_as_text_and_links_of_either_version_open(shared_tab: Tab) -> None:
    """Names from a link are text; the link's bot seat (issue 12, version 2)
    comes with the game, and a version 1 link made before it still opens."""
    tab = shared_tab
    game = Game(Options(players=(Player(XSS, "yellow"), Player("Bob <b>", "black", "hard"))), seed=3)
    tab.page.on("dialog", lambda d: pytest.fail(f"a dialog opened: {d.message}"))
    open_link(tab, tab.base_url + "#" + link.encode(game))
    page = tab.page
    assert Driver(page).game().options == game.options  # seat 0, a person, is to play
    expect(page.locator('[data-panel-seat="0"]')).to_contain_text(XSS)
    expect(page.locator("#turn-banner")).to_contain_text(XSS)
    expect(page.locator("[onload], svg:not(#board, .thumb, .icon, .sprite, .menu-icon)")).to_have_count(0)
    # No <b> but the panels' own bold, in their summaries.
    expect(page.locator("#screen b:not(summary b)")).to_have_count(0)
    page.locator("#saved-button").click()
    expect(page.locator('#saved-list [data-field="players"]')).to_have_text(f"{XSS}, Bob <b> (Bot: hard)")
    expect(page.locator("#screen [onload]")).to_have_count(0)

    v1 = json.loads((GOLDEN / "v1-links.json").read_text(encoding="utf-8"))["four-named-midgame"]
    expected = json.loads((GOLDEN / "v1-expected.json").read_text(encoding="utf-8"))["four-named-midgame"]
    page.goto(tab.base_url + "#" + v1)
    page.wait_for_function("location.hash === ''")
    opened = Driver(page).game()
    assert screen(page) == "game" and opened.position() == expected["position"]
    assert [p.bot for p in opened.options.players] == [None] * 4
