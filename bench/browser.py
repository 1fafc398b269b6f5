"""Browser benchmark: boot time against bare PyScript, and click-to-board latency.

    .venv/bin/python bench/browser.py [--runs 7] [--seed 7] [--max-actions 400]
    (make bench-browser)

1. Boot, on the built bundle (dist/, rebuilt if stale) served by
   tools/serve.py with netlify.toml's headers, side by side with bench/bare/
   (the same runtime, one trivial script; its CSP adds 'unsafe-eval', which a
   bare PyScript page needs) put next to it. The pages take
   turns, so a change in the machine's load hits both alike. Cold = a fresh
   browser context; warm = a reload in it (the game's after its service
   worker is active). What counts is the extra time: from PyScript's "Loaded
   interpreter" to the first frame after `data-ready` (the game with
   `?autostart=2`, so that frame shows a playable board), the game's minus the
   bare page's of the same run; target <= 80 ms. The game boots Python from
   the build's memory snapshot (tools/snapshot.mjs), the bare page starts it
   the usual way: the snapshot skips Pyodide's start but leaves the
   WebAssembly functions that start would have compiled to be compiled after
   "Loaded interpreter", so the extra reads higher than it did before the
   snapshot while the whole boot is shorter; hence also the whole boot, as a
   ratio to the bare page's in the same run (median and spread).
   Also: the game's requests on a cold boot, and the bundle's size and files.
2. Click latency: a seeded 2-player short game played by clicks with the
   courier policy (as e2e/test_full_game.py does). In the page, a capturing
   click listener stamps the click's dispatch; a bubbling one (after the
   page's own handler has re-rendered) stamps the handler's end and the next
   animation frame. Median and 95th percentile (target p95 <= 50 ms).

`--site DIR --game PATH --bare PATH --headers FILE` measure another tree as
it is (e.g. an older checkout served from its root): see the README.
Timings are measured inside the page with performance.now(), so the
driver's own round trips do not count. Fixed seeds; several runs.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import sys
import tempfile
import tomllib
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import Browser, sync_playwright

from caravan.playout import courier_action
from e2e.driver import READY, Driver
from e2e.harness import CHROMIUM, CHROMIUM_ARGS, ROOT, bundle, csp_safe, start_server, stop_server

EXTRA_TARGET_MS = 80.0
P95_TARGET_MS = 50.0
INTERPRETER_READY = "Loaded interpreter"
PYTHON_STARTS = "Loaded Pyodide"  # after the files (the app zip) are unpacked

# Stamps each boot step, the moment data-ready appears, and the frame after it.
_READY_PROBE = """
window.__progress = {};
addEventListener('py:progress', e => { window.__progress[String(e.detail)] = performance.now(); });
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


def _boot_once(page: Any, url: str, *, reload: bool) -> tuple[float, float, float]:
    """Navigation, interpreter ready, files loaded (PyScript runs the page's
    Python from then on) -> the frame after ready, in ms."""
    if reload:
        page.reload()
    else:
        page.goto(url)
    page.wait_for_function("window.__frameAt !== undefined", timeout=120_000)
    if "bare" not in url:
        assert page.locator("svg#board").is_visible(), "ready, but no board on the page"
    frame: float = page.evaluate("window.__frameAt")
    # The bare page's Pyodide reports PyScript's py:progress steps; the game's page
    # runs Pyodide in its app worker, which reports its own (boot.js marks
    # caravan:app-worker-ready when its Python is ready): "interpreter" and
    # "started" are both that moment for the game's page.
    progress = json.dumps([INTERPRETER_READY, PYTHON_STARTS])
    interpreter, started = page.evaluate(
        f"""() => {{
          const [a, b] = {progress}.map(k => window.__progress[k]);
          const m = performance.getEntriesByName('caravan:app-worker-ready')[0];
          return [a ?? (m ? m.startTime : NaN), b ?? (m ? m.startTime : NaN)];
        }}"""
    )
    return frame, frame - float(interpreter), frame - float(started)


Boots = dict[str, tuple[list[tuple[float, float, float]], list[tuple[float, float, float]]]]


def bench_boot(
    browser: Browser, urls: list[str], runs: int, game_requests: list[int], *, service_worker: bool
) -> Boots:
    """(cold, warm) timings per URL, the pages taking turns."""
    out: Boots = {url: ([], []) for url in urls}
    for _ in range(runs):
        for url in urls:
            context = browser.new_context()
            context.add_init_script(_READY_PROBE)
            page = csp_safe(context.new_page())
            requests: list[str] = []
            page.on("request", lambda r, into=requests: into.append(r.url))
            out[url][0].append(_boot_once(page, url, reload=False))
            if "bare" not in url:
                game_requests.append(len(requests))
                if service_worker:  # warm = what a returning visitor gets
                    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
            out[url][1].append(_boot_once(page, url, reload=True))
            context.close()
    return out


def bench_clicks(browser: Browser, base: str, seed: int, max_actions: int) -> tuple[list[Any], int, bool]:
    context = browser.new_context()
    context.add_init_script(_CLICK_PROBE)
    page = csp_safe(context.new_page())
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


def _ratio(values: list[float]) -> str:
    return f"{statistics.median(values):.2f} ({min(values):.2f} to {max(values):.2f})"


def _spread(values: list[float]) -> str:
    return f"{statistics.median(values):7.0f} ({min(values):.0f} to {max(values):.0f})"


def _bench_headers(work: Path) -> Path:
    """netlify.toml, but the bare page's CSP lets a string become code ('unsafe-eval').

    A bare PyScript page calls Function() at boot (the game's page avoids it with
    web/static/pyscript-main-only.js, whose cost counts in the game's time)."""
    text = (ROOT / "netlify.toml").read_text(encoding="utf-8")
    (policy,) = [
        r["values"]["Content-Security-Policy"] for r in tomllib.loads(text)["headers"] if r["for"] == "/*"
    ]
    bare = policy.replace("script-src 'self'", "script-src 'self' 'unsafe-eval'", 1)
    out = work / "netlify.toml"
    out.write_text(
        f'{text}\n[[headers]]\n  for = "/bare/*"\n  [headers.values]\n'
        f"    Content-Security-Policy = {json.dumps(bare)}\n",
        encoding="utf-8",
    )
    return out


def _bench_site(work: Path) -> tuple[Path, str, str]:
    """The bundle plus bench/bare/ next to it, in work/; returns (site, game path, bare path)."""
    dist = bundle()
    site = work / "site"
    shutil.copytree(dist, site, copy_function=os.link)
    runtime = sorted(p.name for p in (site / "runtime").iterdir())
    pyscript = next(f"runtime/{n}" for n in runtime if n.startswith("pyscript-"))
    pyodide = next(f"runtime/{n}" for n in runtime if n.startswith("pyodide-"))
    html = (ROOT / "bench" / "bare" / "index.html").read_text(encoding="utf-8")
    (site / "bare").mkdir()
    (site / "bare" / "index.html").write_text(
        html.replace("@PYSCRIPT@", pyscript).replace("@PYODIDE@", pyodide)
    )
    return site, "", "bare/index.html"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Caravan's browser benchmark")
    parser.add_argument("--runs", type=int, default=7, help="boot runs per page (cold + warm each)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--max-actions", type=int, default=400)
    parser.add_argument("--site", type=Path, help="serve this folder as it is instead of the bundle")
    parser.add_argument("--game", default="", help="with --site: the game page's path in it")
    parser.add_argument(
        "--bare", default="bench/bare/index.html", help="with --site: the bare page's path in it"
    )
    parser.add_argument("--headers", type=Path, help="with --site: the netlify.toml whose headers to send")
    args = parser.parse_args(argv)
    if not Path(CHROMIUM).is_file():
        print(f"bench/browser.py: no Chromium at {CHROMIUM}: run `make browser`", file=sys.stderr)
        return 1

    with tempfile.TemporaryDirectory(prefix="caravan-bench-") as tmp:
        headers = args.headers
        if args.site:
            site, game_path, bare_path = args.site.resolve(), args.game, args.bare
        else:
            site, game_path, bare_path = _bench_site(Path(tmp))
            headers = _bench_headers(Path(tmp))
        proc, base = start_server(site, base="/caravan/", headers=headers)
        game_requests: list[int] = []
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                print(
                    f"Chromium {browser.version}, {args.runs} boot runs per page, seed {args.seed}",
                    flush=True,
                )
                game_url, bare_url = f"{base}{game_path}?seed={args.seed}&autostart=2", f"{base}{bare_path}"
                boots = bench_boot(
                    browser, [game_url, bare_url], args.runs, game_requests, service_worker=not args.site
                )
                clicks, played, finished = bench_clicks(
                    browser, base + game_path, args.seed, args.max_actions
                )
                browser.close()
        finally:
            stop_server(proc)
        files = [p for p in site.rglob("*") if p.is_file() and "bare" not in p.relative_to(site).parts]
        size = sum(p.stat().st_size for p in files)

    print()
    print("Boot (ms): median (min to max) over the runs")
    print(f"  {'':<44}{'cold':>22}{'warm':>22}")
    extras = []
    for i, kind in (
        (0, "navigation -> ready frame"),
        (1, "interpreter ready -> ready frame"),
        (2, "files loaded -> ready frame"),
    ):
        for label, url in (("caravan", game_url), ("bare", bare_url)):
            cold = [run[i] for run in boots[url][0]]
            warm = [run[i] for run in boots[url][1]]
            print(f"  {label + ': ' + kind:<44}{_spread(cold):>22}{_spread(warm):>22}")
    for state in (0, 1):
        extra = [g[1] - b[1] for g, b in zip(boots[game_url][state], boots[bare_url][state], strict=True)]
        extras.append(extra)
    label = "extra: caravan - bare, after interpreter ready"
    print(f"  {label:<44}{_spread(extras[0]):>22}{_spread(extras[1]):>22}")
    ratios = [
        [g[0] / b[0] for g, b in zip(boots[game_url][state], boots[bare_url][state], strict=True)]
        for state in (0, 1)
    ]
    label = "whole boot: caravan / bare"
    print(f"  {label:<44}{_ratio(ratios[0]):>22}{_ratio(ratios[1]):>22}")
    print(f"  requests of a cold boot of the game: {statistics.median(game_requests):.0f}")
    if not args.site:
        print(f"  bundle (dist/): {len(files)} files, {size / 1e6:.2f} MB")
    print()
    ending = "to game over" if finished else "(stopped before game over)"
    print(f"Click -> updated board, {played} actions {ending} (ms)")
    print(f"  {'clicks':<34}{'n':>5}{'median':>9}{'p95':>9}{'max':>9}")
    med = statistics.median
    for kind, label in (("act", "action: handler done"), ("select", "select: handler done")):
        for col, what in ((1, label), (2, label.split(":")[0] + ": next frame")):
            values = [c[col] for c in clicks if c[0] == kind]
            if values:
                print(
                    f"  {what:<34}{len(values):>5}{med(values):>9.1f}{_p95(values):>9.1f}{max(values):>9.1f}"
                )
    acts = [c[2] for c in clicks if c[0] == "act"]
    ok_boot = max(med(extras[0]), med(extras[1])) <= EXTRA_TARGET_MS
    ok_click = bool(acts) and _p95(acts) <= P95_TARGET_MS
    print()
    print(f"boot extra {'meets' if ok_boot else 'MISSES'} the {EXTRA_TARGET_MS:.0f} ms target; ", end="")
    print(f"action p95 (next frame) {'meets' if ok_click else 'MISSES'} the {P95_TARGET_MS:.0f} ms target")
    return 0


if __name__ == "__main__":
    sys.exit(main())
