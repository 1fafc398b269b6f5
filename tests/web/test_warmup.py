"""The scratch game the app worker plays while the player looks at the first
screen (web/worker/warmup.py): it waits for the player to be still, the page
never sees it, and the player's game, storage and language are as without it."""

from __future__ import annotations

import re
from typing import Any

from tests.translations import pseudo
from tests.web.test_driver import Page
from web.bots import botworker
from web.worker.warmup import GAP_MS, QUIET_MS, STEPS, Warmup


def _warmed(page: Page, steps: int = STEPS) -> Warmup:
    """``page``'s driver with a warm-up beside it, touched after each message as
    web/worker/entry.py does."""
    warm = Warmup(page.clock, page.driver, steps=steps)
    post = page.post

    def posted(**message: Any) -> None:
        post(**message)
        warm.touched()

    page.post = posted  # type: ignore[method-assign]
    return warm


def _screens(page: Page) -> list[str]:
    """The frames the page got, with this tab's own ids taken out (each Page has its own)."""
    return [re.sub(r"t\d+\d{6}-xxxx", "ID", str(f)) for f in page.frames()]


def test_the_scratch_game_waits_for_the_boot_and_for_the_player_to_be_still() -> None:
    page = Page()
    warm = _warmed(page, steps=10)
    page.clock.advance(5 * QUIET_MS)
    assert warm.scratch is None and not warm.done  # nothing before the boot
    page.boot("?seed=1&autostart=2")
    for _ in range(6):  # a player tapping every 300 ms: it never starts
        page.clock.advance(QUIET_MS - 100)
        page.post(type="click", keyboard=False, target={"board": True})
    assert warm.scratch is None
    page.clock.advance(QUIET_MS + 3 * GAP_MS)  # still: the scratch game starts, a tap a step
    scratch = warm.scratch
    assert scratch is not None and scratch.app is not None and scratch.app.game is not None
    played = len(scratch.app.game.history)
    assert 1 <= played <= 3
    page.post(type="click", keyboard=False, target={"board": True})  # the player again: it waits
    page.clock.advance(QUIET_MS - 50)
    assert len(scratch.app.game.history) == played
    page.clock.advance(100)
    assert warm.done and warm.scratch is None  # its game dropped once played
    assert len(scratch.app.game.history) >= 5  # nine taps after its boot: sources, actions, R6's Yes


def test_the_page_gets_the_same_frames_and_writes_with_the_scratch_game_beside_it() -> None:
    """Taps before, during and after the warm-up: the same messages and frames
    as without one (and one more when it is done), the player's game
    untouched, and none of the scratch game's writes."""
    plain, warmed = Page(), Page()
    warm = _warmed(warmed)
    for page in (plain, warmed):
        page.boot("?seed=1&autostart=2")
        page.post(type="click", keyboard=False, target={"el": {"select": "supply", "id": "supply"}})
        page.clock.advance(QUIET_MS + 5 * GAP_MS)  # a few of the scratch game's steps, then a tap
        page.post(type="click", keyboard=False, target={"el": {"action": "end", "id": "end-turn"}})
        page.clock.advance(10 * QUIET_MS)
        page.post(type="click", keyboard=False, target={"el": {"select": "supply", "id": "supply"}})
    assert warm.done
    warmed_said = [m for m in warmed.sent if m["type"] == "warmed"]
    assert warmed_said == [{"type": "warmed", "taps": STEPS - 1, "version": 1}]  # <html data-warmed>
    assert [m["type"] for m in warmed.sent if m["type"] != "warmed"] == [m["type"] for m in plain.sent]
    assert _screens(warmed) == _screens(plain)
    assert len(warmed.writes()) == len(plain.writes())
    assert all("/warmup/" not in str(w) for w in warmed.writes())
    assert warmed.driver.app is not None and plain.driver.app is not None
    assert warmed.driver.app.game is not None and plain.driver.app.game is not None
    assert warmed.driver.app.game.history == plain.driver.app.game.history


def test_the_player_keeps_the_language_they_chose_while_the_scratch_game_plays() -> None:
    page = Page()
    warm = _warmed(page)
    page.boot("?seed=1&autostart=2")
    page.post(type="language", code="pl")
    page.clock.advance(QUIET_MS + 10 * GAP_MS)
    assert warm.scratch is not None and warm.scratch.app is not None
    assert warm.scratch.app.language == "pl"  # it plays in the player's language
    page.post(type="language", code="fr")  # changed between two of its steps
    page.clock.advance(10 * QUIET_MS)
    assert warm.done
    page.sent.clear()
    page.post(type="click", keyboard=False, target={"el": {"select": "supply", "id": "supply"}})
    assert page.driver.app is not None and page.driver.app.language == "fr"
    assert "Annuler" in str(page.last_screen())  # Undo, in French


def test_a_catalogue_the_bundle_does_not_ship_stays_the_players() -> None:
    """The scratch app boots in the player's language; one it does not know
    (the tests' pseudo-language) is English to it, and the player's is put back."""
    page = Page()
    warm = _warmed(page)
    page.boot("?seed=1&autostart=2")
    assert page.driver.app is not None
    page.driver.app.set_language("xx", pseudo())
    page.clock.advance(10 * QUIET_MS)
    assert warm.done
    page.sent.clear()
    page.post(type="click", keyboard=False, target={"el": {"select": "supply", "id": "supply"}})
    assert "⟦Üñdõ⟧" in str(page.last_screen())  # Undo, still in the pseudo-language


def test_the_scratch_game_waits_while_the_bot_worker_starts() -> None:
    """A game against a bot: its worker's start (and a think) gets the cores,
    and the scratch game comes once the bot worker is ready and idle."""
    page = Page()
    warm = _warmed(page)
    page.boot()
    form = {"count": "2", "types": ["person", "bot:easy", None, None], "names": [None] * 4}
    page.post(type="click", keyboard=False, target={"el": {"id": "play-computer"}}, form=form)
    page.measure()
    assert page.driver.bots.state == "loading"
    page.clock.advance(10 * QUIET_MS)
    assert warm.scratch is None and not warm.done
    page.post(type="bot", text=botworker.ready(2400.0))
    assert page.driver.bots.state == "ready"
    page.clock.advance(10 * QUIET_MS)
    assert warm.done
