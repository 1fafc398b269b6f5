"""Browser benchmark: boot time against bare PyScript, and click-to-board latency.

    .venv/bin/python bench/browser.py [--runs 5] [--seed 7] [--max-actions 400]
    (make bench-browser)

1. Boot: navigation start to the first frame after `data-ready` (our page with
   `?autostart=2`, so that frame shows a playable board), for the game and for
   bench/bare/ (the same vendored runtime, one trivial script). Cold = a fresh
   browser context each run; warm = a reload in that context. Medians, and the
   ratio game / bare (target <= 1.3x).
2. Click latency: a seeded 2-player short game played by clicks with the
   courier policy (as e2e/test_full_game.py does). In the page, a capturing
   click listener stamps the click's dispatch; a bubbling one (after the
   page's own handler has re-rendered) stamps the handler's end and the next
   animation frame. Median and 95th percentile (target p95 <= 50 ms).

Timings are measured inside the page with performance.now(), so the
driver's own round trips do not count. Fixed seeds; several runs.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import Browser, sync_playwright

from caravan.playout import courier_action
from e2e.driver import READY, Driver
from e2e.harness import CHROMIUM, CHROMIUM_ARGS, ROOT, start_server, stop_server

BOOT_TARGET = 1.3
P95_TARGET_MS = 50.0

# Stamps the moment data-ready appears, and the frame after it.
_READY_PROBE = """
new MutationObserver((_, obs) => {
  if (document.documentElement.getAttribute('data-ready') === 'true' && !window.__readyAt) {
    window.__readyAt = performance.now();
    requestAnimationFrame(() => { window.__frameAt = performance.now(); });
    obs.disconnect();
  }
}).observe(document, {attributes: true, subtree: true, attributeFilter: ['data-ready']});
"""
# Per click: [kind, handler done - dispatch, next frame - dispatch].
_CLICK_PROBE = """
window.__clicks = [];
addEventListener('click', e => {
  const el = e.target.closest && e.target.closest('[data-action],[data-select]');
  window.__click = {t: performance.now(), kind: el && el.hasAttribute('data-action') ? 'act' : 'select'};
}, true);
addEventListener('click', () => {
  const c = window.__click, done = performance.now();
  requestAnimationFrame(() => window.__clicks.push([c.kind, done - c.t, performance.now() - c.t]));
}, false);
"""


def _boot_once(page: Any, url: str, *, reload: bool) -> float:
    if reload:
        page.reload()
    else:
        page.goto(url)
    page.wait_for_function("window.__frameAt !== undefined", timeout=120_000)
    if "bare" not in url:
        assert page.locator("svg#board").is_visible(), "ready, but no board on the page"
    t: float = page.evaluate("window.__frameAt")
    return t


def bench_boot(browser: Browser, urls: list[str], runs: int) -> dict[str, tuple[list[float], list[float]]]:
    """(cold, warm) times per URL; the pages take turns so that a change in
    the machine's load hits both alike."""
    out: dict[str, tuple[list[float], list[float]]] = {url: ([], []) for url in urls}
    for _ in range(runs):
        for url in urls:
            context = browser.new_context()
            context.add_init_script(_READY_PROBE)
            page = context.new_page()
            out[url][0].append(_boot_once(page, url, reload=False))
            out[url][1].append(_boot_once(page, url, reload=True))
            context.close()
    return out


def bench_clicks(browser: Browser, base: str, seed: int, max_actions: int) -> tuple[list[Any], int, bool]:
    context = browser.new_context()
    context.add_init_script(_CLICK_PROBE)
    page = context.new_page()
    page.goto(f"{base}?seed={seed}&autostart=2&short=1")
    page.wait_for_function(READY, timeout=120_000)
    driver = Driver(page)
    game = driver.game()
    rng = random.Random(seed)
    played = 0
    while not game.is_over() and played < max_actions:
        game = driver.perform(courier_action(game, rng), game)
        played += 1
    # The last click's frame may still be pending.
    page.wait_for_function("n => window.__clicks.filter(c => c[0] === 'act').length >= n", arg=played)
    clicks: list[Any] = page.evaluate("window.__clicks")
    context.close()
    return clicks, played, game.is_over()


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Caravan's browser benchmark")
    parser.add_argument("--runs", type=int, default=5, help="boot runs per page (cold + warm each)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--max-actions", type=int, default=400)
    args = parser.parse_args(argv)
    if not (ROOT / "vendor" / "pyodide" / "pyodide.mjs").is_file():
        print("bench/browser.py: vendor/ is missing: run `make vendor`", file=sys.stderr)
        return 1
    if not Path(CHROMIUM).is_file():
        print(f"bench/browser.py: no Chromium at {CHROMIUM}: run `make browser`", file=sys.stderr)
        return 1

    proc, base = start_server()
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            print(f"Chromium {browser.version}, {args.runs} boot runs per page, seed {args.seed}", flush=True)
            game_url, bare_url = f"{base}?seed={args.seed}&autostart=2", f"{base}bench/bare/"
            boots = bench_boot(browser, [game_url, bare_url], args.runs)
            (game_cold, game_warm), (bare_cold, bare_warm) = boots[game_url], boots[bare_url]
            clicks, played, finished = bench_clicks(browser, base, args.seed, args.max_actions)
            browser.close()
    finally:
        stop_server(proc)

    med = statistics.median
    print()
    print("Boot: navigation -> first frame after data-ready (ms, median)")
    print(f"  {'page':<22}{'cold':>9}{'warm':>9}")
    print(f"  {'caravan (autostart=2)':<22}{med(game_cold):>9.0f}{med(game_warm):>9.0f}")
    print(f"  {'bare PyScript':<22}{med(bare_cold):>9.0f}{med(bare_warm):>9.0f}")
    ratios = (med(game_cold) / med(bare_cold), med(game_warm) / med(bare_warm))
    print(f"  {'ratio (target <= 1.3)':<22}{ratios[0]:>8.2f}x{ratios[1]:>8.2f}x")
    print()
    state = "to game over" if finished else "(stopped before game over)"
    print(f"Click -> updated board, {played} actions {state} (ms)")
    print(f"  {'clicks':<34}{'n':>5}{'median':>9}{'p95':>9}{'max':>9}")
    for kind, label in (("act", "action: handler done"), ("select", "select: handler done")):
        for col, what in ((1, label), (2, label.split(":")[0] + ": next frame")):
            values = [c[col] for c in clicks if c[0] == kind]
            if values:
                print(
                    f"  {what:<34}{len(values):>5}{med(values):>9.1f}{_p95(values):>9.1f}{max(values):>9.1f}"
                )
    acts = [c[2] for c in clicks if c[0] == "act"]
    ok_boot = max(ratios) <= BOOT_TARGET
    ok_click = bool(acts) and _p95(acts) <= P95_TARGET_MS
    print()
    print(f"boot ratio {'meets' if ok_boot else 'MISSES'} the {BOOT_TARGET}x target; ", end="")
    print(f"action p95 (next frame) {'meets' if ok_click else 'MISSES'} the {P95_TARGET_MS:.0f} ms target")
    return 0


if __name__ == "__main__":
    sys.exit(main())
