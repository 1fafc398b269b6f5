"""Hostile storage, files and links in the browser's own runtime (issue 11):
nested JSON under our localStorage prefix, a huge saved game, nested, huge
and non-UTF-8 imports, forged long links. Each is refused or bounded with a
plain message, every other game stays, and the next action completes in
under 200 ms (checked generously, CPU-starved CI machines included, beside
the cause: the refusal, or a history within caravan/limits.py)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import expect

from caravan import link, record
from caravan.actions import EndTurn
from caravan.game import Game
from caravan.limits import MAX_ACTIONS, MAX_ENTRY
from caravan.options import Options, default_players
from e2e.conftest import Tab, wait_ready_on
from e2e.saving import play, record_of, reload, screen
from web.words.i18n import _ as tr
from web.words.i18n import ngettext

PREFIX = "caravan:/caravan/:"
ACTION_MS = 200 * 3  # the issue's 200 ms, with room for a loaded machine

# The next action, timed in the page from the click until the page has drawn the
# app worker's answer (caravanSettled). Ending a turn with actions left asks
# first (R6): the answer is the action.
TIMED_END = """async () => {
  const time = async (el) => {
    const t = performance.now();
    el.click();
    await caravanSettled();
    return performance.now() - t;
  };
  const asked = await time(document.querySelector('[data-action="end"]'));
  const yes = document.querySelector('#confirm-end-yes');
  return Math.max(asked, yes ? await time(yes) : 0);
}"""


def ends(n: int) -> Game:
    game = Game(Options(players=default_players(2)), seed=n)
    for _ in range(n):
        game.push(EndTurn())
    return game


def timed_end(page: Any) -> float:
    before = len(record.loads(record_of(page)).history)
    ms = float(page.evaluate(TIMED_END))
    assert len(record.loads(record_of(page)).history) == before + 1  # it was taken
    return ms


@pytest.mark.timing
@pytest.mark.timeout(240)
def test_issue11_hostile_storage_never_stops_the_page(shared_tab: Tab) -> None:
    tab = shared_tab
    tab.open("?seed=3&autostart=2")
    page = tab.page
    play(page, 4)
    kept = record_of(page)
    current = page.evaluate(f"localStorage.getItem('{PREFIX}' + localStorage.getItem('{PREFIX}current'))")
    # Any page of the origin can write these (GitHub Pages: one localStorage per user.github.io).
    page.evaluate(
        """([prefix, entry]) => {
          localStorage.setItem(prefix + 'x', '{"a":'.repeat(5000) + '1' + '}'.repeat(5000));
          localStorage.setItem(prefix + 'y', '['.repeat(20000) + ']'.repeat(20000));
          const big = JSON.parse(entry);
          big.record.history = Array(400000).fill('end');  // 2.4 MB, as in the issue
          localStorage.setItem(prefix + 'big', JSON.stringify(big));
          // A date above 2^53: as text, since JavaScript's numbers cannot hold it.
          localStorage.setItem(prefix + 'late', entry.replace(/"saved":\\d+/, '"saved":1152921504606846976'));
        }""",
        [PREFIX, current],
    )
    reload(page)  # the page starts, and resumes the game in progress
    assert screen(page) == "game" and record_of(page) == kept
    expect(page.locator("#storage-message")).to_have_text(
        ngettext(
            "{n} saved entry could not be read; it is kept, listed in Saved games.",
            "{n} saved entries could not be read; they are kept, listed in Saved games.",
            n=3,
        )
    )
    assert timed_end(page) < ACTION_MS

    page.locator("#saved-button").click()
    rows = page.locator("#saved-list [data-saved-id]")
    expect(rows).to_have_count(5)
    deep = tr("it is not a saved game (its values nest deeper than any saved game's)")
    large = tr("it is larger than {n} characters, far larger than any real game", n=f"{MAX_ENTRY:,}")
    for key, problem in (("x", deep), ("y", deep), ("big", large)):
        row = page.locator(f'[data-saved-id="{key}"]')
        expect(row).to_have_attribute("data-unreadable", "true")
        expect(row.locator('[data-field="problem"]')).to_have_text(problem)
    late = page.locator('[data-saved-id="late"]')
    expect(late.locator('[data-field="date"]')).to_have_attribute("data-ms", "0")
    late.locator('[data-saved-action="resume"]').click()  # every other game resumes
    expect(page.locator("html")).to_have_attribute("data-screen", "game")
    assert len(record.loads(record_of(page)).history) == 4


@pytest.mark.timeout(240)
def test_issue11_nested_huge_and_broken_imports_are_refused_and_the_next_import_works(
    shared_tab: Tab,
) -> None:
    tab = shared_tab
    tab.open()
    page = tab.page
    page.locator("#saved-button").click()
    message = page.locator("#saved-message")
    # No two files in a row are refused for the same reason: a file is read
    # after its change event, so each expect must wait for its own message,
    # not pass on the one before while that file is still being read.
    files = {
        "nested.json": ('{"a":' * 5000 + "1" + "}" * 5000).encode(),  # 30 kB
        "huge.json": ('{"history":[' + ",".join(['"end"'] * 166_000) + "]}").encode(),  # 1 MB
        "arrays.json": ("[" * 20000 + "]" * 20000).encode(),  # 40 kB
        "latin1.json": record.dumps(ends(3)).replace('"name":null', '"name":"Zoë"', 1).encode("latin-1"),
    }
    reasons = {
        "nested.json": "nest deeper than 8 levels",
        "arrays.json": "nest deeper than 8 levels",
        "huge.json": tr("the file is far too large to be a game of Caravan"),
        "latin1.json": "not UTF-8 text",
    }
    for name, data in files.items():
        page.locator("#import-file").set_input_files(
            {"name": name, "mimeType": "application/json", "buffer": data}
        )
        expect(message).to_contain_text("not imported")
        expect(message).to_contain_text(reasons[name])
    assert page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('caravan:')).length") == 0
    good = record.dumps(ends(5)).replace('"name":null', '"name":"Zoë"', 1)
    page.locator("#import-file").set_input_files(
        {"name": "good.json", "mimeType": "application/json", "buffer": good.encode()}
    )
    expect(message).to_contain_text("Imported")
    row = page.locator("#saved-list [data-saved-id]")
    expect(row).to_have_count(1)
    expect(row.locator('[data-field="players"]')).to_have_text("Zoë, Player 2")


@pytest.mark.timing
@pytest.mark.timeout(240)
def test_issue11_forged_long_links_are_refused_or_bounded(shared_tab: Tab) -> None:
    tab = shared_tab
    page = tab.page
    # "10,000 ends" in a few characters: a valid checksum over a forged count.
    from tests.test_limits import forged_ends

    forged = forged_ends(10_000)
    assert len(forged) < 40
    page.goto(tab.base_url + "#" + forged)
    wait_ready_on(page)
    expect(page.locator("#link-error")).to_have_text(
        tr(
            "This link cannot be opened: {reason}. Nothing saved was changed; start a new game below.",
            reason=link.TOO_MANY,
        )
    )
    assert screen(page) == "new-game"
    assert page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('caravan:')).length") == 0

    # A 2 MB fragment, arriving on a page already open (hashchange).
    page.evaluate("location.hash = 'c1.' + 'A'.repeat(2000000)")
    expect(page.locator("#link-error")).to_have_text(
        tr(
            "This link cannot be opened: {reason}. Nothing saved was changed; start a new game below.",
            reason=link.TOO_LONG,
        )
    )

    # The longest link accepted: bounded, and the next action is as quick as ever.
    page.evaluate(f"location.hash = {json.dumps(link.encode(ends(MAX_ACTIONS - 1)))}")
    expect(page.locator("html")).to_have_attribute("data-screen", "game")
    assert len(record.loads(record_of(page)).history) == MAX_ACTIONS - 1
    assert timed_end(page) < ACTION_MS
    page.locator('[data-action="end"]').first.click()  # one more would pass the limit: refused
    expect(page.locator("#message")).to_have_text(
        tr(
            "This game has reached {n} actions, more than any real game and the most a saved game can "
            "hold: no more actions can be taken in it.",
            n=f"{MAX_ACTIONS:,}",
        )
    )
    assert len(record.loads(record_of(page)).history) == MAX_ACTIONS
