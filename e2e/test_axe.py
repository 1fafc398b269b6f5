"""axe-core finds no accessibility violation (issue 14: names of board elements
match what they show, scroll regions are focusable, headings go in order, no
empty table header) on every screen and dialog, at 1280x800 and 360x740. One
booted page walks them all at each size; axe is npm's axe-core, a
devDependency injected by this test only (tools/build.py never ships it)."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from caravan import link, record
from caravan.game import Game
from caravan.options import Options, default_players
from caravan.playout import courier_action
from e2e.conftest import BOOT_MS, Tab
from e2e.driver import Driver, open_menu_for
from e2e.saving import finished_game, reviewed_game

# CARAVAN_AXE: another copy of axe.min.js (a worktree whose node_modules predates axe-core).
AXE = Path(
    os.environ.get("CARAVAN_AXE")
    or Path(__file__).resolve().parent.parent / "node_modules" / "axe-core" / "axe.min.js"
)
SIZES = ({"width": 1280, "height": 800}, {"width": 360, "height": 740})

# Every rule axe has, the experimental ones too (label-content-name-mismatch is one), any impact;
# the result reduced to what a failure message needs.
_RUN = """async () => {
  const rules = Object.fromEntries(axe.getRules(['experimental']).map(r => [r.ruleId, {enabled: true}]));
  const result = await axe.run(document, {resultTypes: ['violations'], rules});
  return result.violations.map(v => ({
    id: v.id, impact: v.impact,
    targets: v.nodes.map(n => n.target.join(' ') + ' | ' + n.failureSummary.split('\\n').slice(1).join(' ')),
  }));
}"""


def _inject(page: Any) -> None:
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        # Evaluated, not a <script>: the page's Content-Security-Policy stays as served.
        page.evaluate(AXE.read_text(encoding="utf-8"))


def _violations(page: Any, where: str) -> list[str]:
    _inject(page)
    out = []
    for v in page.evaluate(_RUN):
        out.append(f"{where}: {v['id']} ({v['impact']})")
        out.extend(f"    {t}" for t in v["targets"])
    return out


def _crowded_game() -> Game:
    """Four players, seed 8, 76 courier actions: c4 holds more camel tokens
    than can be read at once, so selecting it opens the enlarged square view
    at every size; the player to move has actions left (the end-turn question)."""
    game = Game(Options(players=default_players(4), short=True), seed=8)
    rng = random.Random(8)
    for _ in range(76):
        game.push(courier_action(game, rng))
    return game


def _open_link(page: Any, game: Game, screen: str) -> None:
    page.evaluate("text => { location.hash = text; }", link.encode(game))
    expect(page.locator("html")).to_have_attribute("data-screen", screen)
    expect(page.locator("html")).to_have_attribute("data-record", record.dumps(game))


def _click(page: Any, css: str, then: str) -> None:
    open_menu_for(page, css)
    page.locator(css).first.click()
    page.locator(then).first.wait_for()


def _with_a_bot(game: Game) -> Game:
    """``game`` with its second seat a bot's (a hint, and only the first seat judged)."""
    data = record.to_dict(game)
    data["options"]["players"][1]["bot"] = "easy"
    return record.from_dict(data)


@pytest.mark.timeout(480)
def test_axe_reports_nothing_on_any_screen_or_dialog_at_both_sizes(shared_tab: Tab, tmp_path: Path) -> None:
    """Issue 14: no violation of any impact on the new-game screen, a selected
    source, the rules reference, the enlarged square view, the end-turn
    question, the share dialog, the saved games, the history view, the
    game-over screen, a hint shown, a review running, a review done and a
    costly turn's better turn in the history; at 1280x800 and at 360x740,
    each walked once."""
    assert AXE.is_file(), f"{AXE} is missing: run `npm ci` (axe-core is a devDependency)"
    crowded, finished = _crowded_game(), finished_game()
    reviewed, review = reviewed_game(4)  # not `finished`: its review would show at once, not run
    export = tmp_path / "caravan-Reviewed.json"  # an export with its review (docs/UI-CONTRACT.md, "Review")
    envelope = {
        "format": "caravan-reviewed",
        "version": 1,
        "record": record.to_dict(reviewed),
        "review": review,
    }
    export.write_text(json.dumps(envelope), encoding="utf-8")
    hinted = _with_a_bot(Game(Options(players=default_players(2), short=True, start=0), seed=5))
    tab = shared_tab
    page = tab.page
    page.set_viewport_size(SIZES[0])
    tab.open("?seed=3&bot_pace=0")  # the hard budget: a review runs long enough to be checked
    found: list[str] = []
    for size in SIZES:
        page.set_viewport_size(size)
        where = f"{size['width']}x{size['height']}"

        def check(state: str, where: str = where) -> None:
            found.extend(_violations(page, f"{state} {where}"))

        expect(page.locator("html")).to_have_attribute("data-screen", "new-game")
        check("new game")
        _click(page, "#start-game", 'html[data-screen="game"]')
        Driver(page).select("supply")  # to place a camel (R5): its targets on the board
        check("game, the supply selected")
        _click(page, "#rules-button", "#rules")  # its tables scroll on a phone
        check("rules reference")
        _click(page, "#rules-back", 'html:not([data-rules="open"])')

        _open_link(page, crowded, "game")
        _click(page, "#board [data-select='c4'], #board [data-zoom='c4']", "#square-view")
        check("enlarged square view")
        page.keyboard.press("Escape")
        _click(page, "#end-turn", "#confirm-end")
        check("end-turn question")
        _click(page, "#confirm-end-no", "#end-turn")
        _click(page, "#share", "#share-dialog")
        check("share dialog")
        _click(page, "#share-close", "#end-turn")  # the tap closed the Menu too
        _click(page, "#saved-button", 'html[data-screen="saved"]')
        check("saved games")
        _click(page, "#saved-back", 'html[data-screen="game"]')
        _click(page, "#history-button", 'html[data-screen="history"]')
        check("history view")
        _click(page, "#history-exit", 'html[data-screen="game"]')

        _open_link(page, hinted, "game")
        page.locator("#hint").click()
        expect(page.locator("#hint-turn")).to_have_attribute("data-played", "0", timeout=BOOT_MS)
        check("hint shown")

        _click(page, "#saved-button", 'html[data-screen="saved"]')
        page.locator("#import-file").set_input_files(str(export))
        expect(page.locator("#saved-message")).to_be_visible()
        entry = page.locator("#saved-list li[data-saved-id]", has_text="Reviewed")
        _click(
            page, f'[data-saved-action="review"][data-id="{entry.get_attribute("data-saved-id")}"]', "#review"
        )
        expect(page.locator("#review")).to_have_attribute("data-state", "done")
        check("review done")
        _click(page, "#review-costly [data-review-turn]", "#history-better")
        check("history, the better turn")
        _click(page, "#history-exit", 'html[data-screen="review"]')
        _click(page, "#review-back", 'html[data-screen="saved"]')

        _open_link(page, finished, "over")
        check("game over")
        _click(page, "#review-button", '#review[data-state="running"]')
        check("review running")
        _click(page, "#review-cancel", '#review[data-state="cancelled"]')
        _click(page, "#review-back", 'html[data-screen="over"]')
        _click(page, "#new-game-button", 'html[data-screen="new-game"]')
    assert not found, "axe-core reports:\n" + "\n".join(found)
