"""The Content-Security-Policy: PyScript starts under it without 'unsafe-eval', and why it can.

PyScript 0.7.31 composes its worker hooks with Function() at every boot
(@pyscript/core's `createFunction` in hooks.js, reached from polyscript's
`new Hook(...)`), unless no worker hook is registered:
web/static/pyscript-main-only.js empties them. These tests pin both halves,
so that a PyScript upgrade that changes either is noticed: the page boots
under the shipped policy with no violation, and without that file it does not.
"""

from __future__ import annotations

import re
import tomllib
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from e2e.conftest import BOOT_MS, Tab
from e2e.driver import READY
from e2e.harness import ROOT

# The file's bundle name is content-hashed: assets/pyscript-main-only.<hash>.js.
MAIN_ONLY = re.compile(r".*/assets/pyscript-main-only\.[0-9a-f]+\.js$")
# Does the page let a string become code? Run from a timer: code that the DevTools protocol
# evaluates itself may always eval, a callback it leaves behind may not.
TRY_EVAL = """() => new Promise(done => setTimeout(() => {
  try { done(Function('return 1')() === 1 ? 'ran' : '?'); } catch (e) { done(e.name); }
}))"""


def _script_src() -> list[str]:
    rules = tomllib.loads((ROOT / "netlify.toml").read_text(encoding="utf-8"))["headers"]
    (policy,) = [str(r["values"]["Content-Security-Policy"]) for r in rules if r["for"] == "/*"]
    (directive,) = [d.split() for d in policy.split(";") if d.split()[:1] == ["script-src"]]
    return directive[1:]


@pytest.mark.timeout(180)
def test_without_pyscript_main_only_pyscript_calls_function_at_boot_and_with_it_no_eval_is_needed(
    tab: Tab,
) -> None:
    """The finding itself: PyScript's boot evaluates a string, in core-*.js, from its worker hooks.
    Then the same page with the file boots under the shipped policy, which has no
    'unsafe-eval' in the header nor the <meta>: a string never becomes code, and the game plays.
    (One fresh context for both: the failing boot must come first, before the service
    worker holds the file, and a route does not see what the service worker serves.)

    If this fails after a PyScript upgrade, read its hooks.js again: the file may have become
    unnecessary (then drop it), or Function() may have moved (then the page's own boot fails too)."""
    assert "'unsafe-eval'" not in _script_src() and "'wasm-unsafe-eval'" in _script_src()
    tab.log.check_on_close = False  # the refused eval is logged, as the test wants
    empty: list[str] = []

    def serve_empty(route: Any) -> None:
        empty.append(route.request.url)
        route.fulfill(status=200, body="", headers={"Content-Type": "text/javascript"})

    stacks: list[str] = []
    tab.page.on("pageerror", lambda e: stacks.append(f"{e.name}: {e.stack}"))
    tab.page.route(MAIN_ONLY, serve_empty)
    tab.page.goto(tab.base_url + "?autostart=2")
    html = tab.page.locator("html")
    expect(html).to_have_attribute("data-screen", "error", timeout=BOOT_MS)
    assert empty, "the page did not load pyscript-main-only.js"
    assert html.get_attribute("data-ready") is None
    violations = tab.log.csp_violations()
    assert violations, f"no CSP violation, yet the boot failed: {tab.log.console_errors()}"
    where = re.compile(r"script-src blocked eval at .*/runtime/pyscript-[^/]+/core-[^/]+\.js")
    assert all(where.search(v) for v in violations), violations
    # Where: Function() in PyScript's hooks, from the getter of its own worker hook.
    assert any(s.startswith("EvalError") and "get onBeforeRunAsync" in s for s in stacks), stacks
    # The same page with the file served boots: nothing else in it needs eval.
    tab.page.unroute(MAIN_ONLY)
    tab.log.console.clear()
    tab.log.errors.clear()
    tab.page.reload()
    try:
        tab.page.wait_for_function(READY, timeout=BOOT_MS)
    except (
        PlaywrightTimeout
    ) as error:  # seen in fresh-clone runs of make test, never alone: say where it stood
        where = tab.page.evaluate(
            "[document.documentElement.getAttribute('data-screen'), !!navigator.serviceWorker.controller,"
            " (document.getElementById('boot-error') || {}).textContent]"
        )
        raise AssertionError(
            f"the reload did not boot: screen, controlled by the service worker, error shown {where};"
            f" console errors {tab.log.console_errors()}; requests for the file {empty}"
        ) from error
    meta = tab.page.locator('meta[http-equiv="Content-Security-Policy"]').get_attribute("content") or ""
    assert "script-src 'self' 'wasm-unsafe-eval';" in meta, meta
    expect(tab.page.locator("svg#board")).to_be_visible()
    assert tab.page.evaluate(TRY_EVAL) == "EvalError"
    tab.log.assert_clean()
    assert not tab.log.csp_violations()
