"""axe-core finds no accessibility violation (issue 14: names of board elements
match what they show, scroll regions are focusable, headings go in order, no
empty table header) on the new-game screen, on a game with a source
selected and on the rules reference, at 1280x800 and 360x740. One booted page; axe is npm's axe-core,
a devDependency injected by this test only (tools/build.py never ships it)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from e2e.conftest import Tab
from e2e.driver import Driver, sources

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


def _violations(page: Any, where: str) -> list[str]:
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        # Evaluated, not a <script>: the page's Content-Security-Policy stays as served.
        page.evaluate(AXE.read_text(encoding="utf-8"))
    out = []
    for size in SIZES:
        page.set_viewport_size(size)
        for v in page.evaluate(_RUN):
            out.append(f"{where} {size['width']}x{size['height']}: {v['id']} ({v['impact']})")
            out.extend(f"    {t}" for t in v["targets"])
    return out


@pytest.mark.timeout(180)
def test_axe_reports_nothing_on_the_new_game_screen_a_selected_source_and_the_rules(shared_tab: Tab) -> None:
    assert AXE.is_file(), f"{AXE} is missing: run `npm ci` (axe-core is a devDependency)"
    tab = shared_tab
    page = tab.page
    tab.open("?seed=3")
    expect(page.locator("html")).to_have_attribute("data-screen", "new-game")
    found = _violations(page, "new game")

    page.locator("#start-game").click()
    expect(page.locator("html")).to_have_attribute("data-screen", "game")
    page.set_viewport_size(SIZES[0])
    driver = Driver(page)
    source = sorted(sources(driver.game().legal_actions()))[0]  # the supply, to place a camel (R5)
    driver.select(source)
    found += _violations(page, f"game, {source} selected")

    page.locator("#rules-button").click()  # the rules reference over the game: its tables scroll on a phone
    page.locator("#rules").wait_for()
    found += _violations(page, "rules reference")
    assert not found, "axe-core reports:\n" + "\n".join(found)
