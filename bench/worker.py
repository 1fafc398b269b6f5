"""Bot worker benchmark: our module worker against PyScript's own worker, side by side.

    .venv/bin/python bench/worker.py [--rounds 3] [--positions 3]

Variants of the built bundle (dist/, rebuilt if stale), each in a copy
served by tools/serve.py, taking turns round by round so that the machine's
load hits them alike; every round a fresh browser context, service workers
blocked (their install would compete with the boot). Every page opens the
same share link: a 2-player game with a hard bot's seat, a person to move,
so that the page starts its worker at boot and asks it nothing itself:
- `module`: the bundle as shipped: the page's Python starts
  web/static/bot-worker.mjs (docs/WORKER.md, `caravanBot.start`) as soon as
  it knows the game has a bot's seat, before drawing it.
- `module-early`: the same worker started at once, beside the whole boot;
  `module-interp`: once the page's interpreter is loaded (boot.js's
  "Loaded interpreter", as shipped before the worker started only for bots);
  `module-late`: once the page is ready (`data-ready`).
- `pyscript`: no module worker; a `<script type="py" worker name="bot">`
  that imports the same app zip and exports `think` (web.bots.botworker.answer),
  awaited on the main thread through `pyscript.workers["bot"]`. It starts
  from a blob: URL, so its copy is served with `worker-src 'self' blob:`.
- `none`: no bot worker at all: the memory and boot time baseline (its
  page says the bot cannot play).

Reported per variant (median, min-max over rounds): the page's boot
(navigation to `data-ready`); worker start (the worker's own clock, from its
creation to being able to think); when the page knows it is ready (page
clock); the renderer processes' resident memory (Linux /proc, the pids from
CDP's SystemInfo.getProcessInfo) once the worker is ready, as a difference
to `none`; the round trip of a hard bot's turn (its default iterations:
fixed work) on positions of a real game, and with a 1 s budget (the
deadline the page will use) on the first; main-thread long tasks (>50 ms)
during those thinks.

    .venv/bin/python bench/worker.py --turns 60

One run of the page's hard bot as shipped (the `module` variant, its
default budget): its think time per turn, in the worker's own clock, over
the turn starts of real games (medium against medium, 2 players, every
other turn from the third), p50 and p95; beside it the same requests
answered in CPython (``web.bots.botworker.answer``, CPU and wall-clock time), and
the ratio of the worker's time to CPython's wall clock (both wall clocks, so
a busy machine slows both alike).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import Browser, Page, sync_playwright

from caravan import Game, Options, link
from caravan.bots import HARD_BUDGET, make_bot
from caravan.options import Player
from caravan.record import dumps
from e2e.harness import (
    CHROMIUM,
    CHROMIUM_ARGS,
    ROOT,
    bundle,
    csp_safe,
    renderer_rss_kb,
    start_server,
    stop_server,
)
from web.bots.botworker import VERSION, answer

VARIANTS = ("none", "module", "module-early", "module-interp", "module-late", "pyscript")
COLUMNS = ("module", "module-early", "module-interp", "module-late", "pyscript", "none")
# The lines of boot.js the variants patch: "module-early" starts the worker at once (after
# OFF), "module-interp" at "Loaded interpreter" (in the py:progress listener, after STEP),
# "module-late" defers every start until data-ready (START).
OFF = '  html.setAttribute("data-bot", "off");\n'
STEP = "    var i = STEPS.indexOf(String(e.detail));\n"
START = "  bot.start = function () {\n"
LATE_START = """  bot.start = function () { if (ready()) startNow(); else bot.late = true; };
  new MutationObserver(function () {
    if (ready() && bot.late) { bot.late = false; startNow(); }
  }).observe(html, { attributes: true, attributeFilter: ["data-ready"] });
  var startNow = function () {
"""
BOOT_MS = 120_000
BUDGET_MS = 1000  # the page's hard bot: a deadline, not a number of iterations
# Stamps data-ready, the module worker's "ready" message, long tasks; in every variant.
PROBE = """
window.__bench = { longTasks: [] };
new MutationObserver(() => {
  if (document.documentElement.getAttribute('data-ready') === 'true' && !window.__bench.readyAt) {
    window.__bench.readyAt = performance.now();
  }
}).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-ready'] });
const NativeWorker = window.Worker;
window.Worker = function (url, options) {
  const w = new NativeWorker(url, options);
  w.addEventListener('message', e => {
    if (typeof e.data === 'string' && e.data.includes('"type":"ready"') && !window.__bench.botAt) {
      window.__bench.botAt = performance.now();
      window.__bench.workerStart = JSON.parse(e.data).start_ms;
    }
  });
  return w;
};
window.Worker.prototype = NativeWorker.prototype;
new PerformanceObserver(list => {
  for (const e of list.getEntries()) window.__bench.longTasks.push([e.startTime, e.duration]);
}).observe({ type: 'longtask' });
"""
PYSCRIPT_WORKER = """
<script type="py" worker name="bot" src="./bench_bot.py" config='{config}'></script>
<script type="py">
import asyncio

from pyscript import window, workers


async def _bench_bot():
    bot = await workers["bot"]
    window.__bench.botAt = window.performance.now()
    window.__bench.workerStart = await bot.start_ms()
    window.benchBot = bot


asyncio.ensure_future(_bench_bot())
</script>
"""
# The PyScript worker's code, from our origin (inline code would be fetched from a blob: URL too,
# which needs connect-src blob: as well).
PYSCRIPT_BOT = """import os
import sys

import js

sys.path.insert(0, os.path.abspath("caravan-app.zip"))
from web.bots.botworker import answer


def think(text):
    return answer(text)


START_MS = js.performance.now()


def start_ms():
    return START_MS


__export__ = ["think", "start_ms"]
"""
THINK = """async ([variant, text]) => {
  const t0 = performance.now();
  const answer = variant === 'pyscript' ? await benchBot.think(text) : await caravanBot.think(text);
  return [performance.now() - t0, answer];
}"""


def _bot_game_query() -> str:
    """The pages' address: ?seed and a share link of a new 2-player game, a hard
    bot in seat 2 and the person to move (the page asks the worker nothing itself)."""
    first, second = Options().players
    game = Game(Options(players=(first, Player(second.name, second.colour, "hard")), start=0), seed=3)
    return "?seed=3#" + link.encode(game)


def _positions(count: int) -> list[Game]:
    """Positions of one real game (the courier bot for both seats), spread over it."""
    game = Game(Options(), seed=8)
    bot = make_bot("courier", seed=8)
    out: list[Game] = []
    marks = {30 + 60 * i for i in range(count)}
    n = 0
    while len(out) < count and not game.is_over():
        game.push(bot.act(game.view(game.seat)))
        n += 1
        if n in marks:
            out.append(game.copy())
    return out


def _turn_positions(count: int) -> list[Game]:
    """Turn starts of real games: medium against medium, 2 players, every other turn from the 3rd."""
    out: list[Game] = []
    for seed in range(1, 100):
        game = Game(Options(max_turns=1000), seed=seed)
        bots = [make_bot("medium", seed=seed * 2 + s) for s in range(2)]
        turn = game.turn
        while not game.is_over() and len(out) < count:
            if game.turn != turn:
                turn = game.turn
                if turn >= 3 and turn % 2 == 1:
                    out.append(game.copy())
            game.push(bots[game.seat].act(game.view(game.seat)))
        if len(out) >= count:
            return out
    return out


def _percentiles(values: list[float]) -> str:
    v = sorted(values)
    p50 = statistics.median(v)
    p95 = v[min(len(v) - 1, -(-95 * len(v) // 100) - 1)]
    return f"p50 {p50:7.0f}  p95 {p95:7.0f}  max {v[-1]:7.0f}  mean {statistics.mean(v):7.0f}"


def turns_run(count: int) -> int:
    """Hard's think time per turn in the shipped worker and in CPython, same requests (see the docstring)."""
    games = _turn_positions(count)
    texts = [
        json.dumps(
            {"version": VERSION, "record": dumps(g), "seat": g.seat, "bot": "hard", "seed": k, "id": k}
        )
        for k, g in enumerate(games)
    ]
    cpython, cpython_wall = [], []
    for text in texts:
        start, wall = time.process_time(), time.perf_counter()
        answer(text)
        cpython.append((time.process_time() - start) * 1000)
        cpython_wall.append((time.perf_counter() - wall) * 1000)
    worker = []
    with tempfile.TemporaryDirectory(prefix="caravan-bench-worker-") as tmp_name:
        site, toml = _site(Path(tmp_name), "module")
        proc, url = start_server(site, headers=toml)
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                context = browser.new_context(service_workers="block")
                page: Page = csp_safe(context.new_page())
                page.add_init_script(PROBE)
                page.goto(url + _bot_game_query())
                page.wait_for_function("window.__bench && window.__bench.botAt", timeout=BOOT_MS)
                since = page.evaluate("performance.now()")
                for text in texts:
                    _, reply = page.evaluate(THINK, ["module", text])
                    data = json.loads(reply)
                    assert "error" not in data and data["actions"], data
                    worker.append(float(data["think_ms"]))
                long_tasks = [d for t, d in page.evaluate("window.__bench.longTasks") if t >= since]
                context.close()
                browser.close()
        finally:
            stop_server(proc)
    print(
        f"hard bot at its default budget ({HARD_BUDGET[2]} positions evaluated), "
        f"{len(texts)} turns of real 2-player games, one run"
    )
    print(f"  browser worker (own clock, ms): {_percentiles(worker)}")
    print(f"  CPython {sys.version.split()[0]} (CPU, ms):   {_percentiles(cpython)}")
    print(f"  CPython (wall clock, ms):       {_percentiles(cpython_wall)}")
    ratio = statistics.median(w / c for w, c in zip(worker, cpython_wall, strict=True) if c > 0)
    print(f"  worker / CPython (wall) per turn: median {ratio:.2f}x; long tasks: {len(long_tasks)}")
    print(f"  load average at the end: {os.getloadavg()[0]:.1f}")
    return 0


def _site(tmp: Path, variant: str) -> tuple[Path, Path]:
    """A copy of the bundle for one variant, and the netlify.toml to serve it with."""
    site = tmp / variant
    shutil.copytree(bundle(), site)
    headers = (ROOT / "netlify.toml").read_text(encoding="utf-8")
    index = site / "index.html"
    html = index.read_text(encoding="utf-8")
    patch = {
        "module-early": (OFF, OFF + "  bot.start();\n"),
        "module-interp": (STEP, STEP + '    if (String(e.detail) === "Loaded interpreter") bot.start();\n'),
        "module-late": (START, LATE_START),
    }.get(variant)
    if patch is not None:
        (boot,) = site.glob("assets/boot.*.js")
        text = boot.read_text(encoding="utf-8")
        assert text.count(patch[0]) == 1, f"boot.js no longer has {patch[0].strip()!r} for {variant}"
        boot.write_text(text.replace(*patch), encoding="utf-8")
    if not variant.startswith("module"):
        html = re.sub(r'<meta name="caravan-bot-worker" content="[^"]*">\n?', "", html)
    if variant == "pyscript":
        html = html.replace("worker-src 'self'", "worker-src 'self' blob:")
        headers = headers.replace("worker-src 'self'", "worker-src 'self' blob:")
        html = html.replace("</body>", "__PYSCRIPT_WORKER__</body>")
    index.write_text(html, encoding="utf-8")
    toml = tmp / f"{variant}.toml"
    toml.write_text(headers, encoding="utf-8")
    return site, toml


def _pyscript_config(site: Path, url: str) -> str:
    """The worker's config: absolute URLs, since it starts from a blob: URL (pyscript#2049)."""
    html = (site / "index.html").read_text(encoding="utf-8")
    interpreter = re.search(r'"interpreter":"\./([^"]+)"', html).group(1)  # type: ignore[union-attr]
    app = re.search(r'"\./(assets/app\.[0-9a-f]+\.zip)"', html).group(1)  # type: ignore[union-attr]
    return json.dumps({"interpreter": url + interpreter, "files": {url + app: "./caravan-app.zip"}})


def _rss_kb(browser: Browser) -> int:
    """Resident memory of the browser's renderer processes, kB."""
    return sum(renderer_rss_kb(browser))


def _round(browser: Browser, variant: str, url: str, texts: list[str]) -> dict[str, Any]:
    context = browser.new_context(service_workers="block")
    try:
        page: Page = csp_safe(context.new_page())
        # Without a module worker the page says its bot cannot play: expected, not printed.
        expected = "" if variant.startswith("module") else "the bot cannot play"
        page.on(
            "console",
            lambda m: (
                print(f"  [{variant}] {m.type}: {m.text}", file=sys.stderr)
                if m.type in ("error", "warning") and not (expected and expected in m.text)
                else None
            ),
        )
        page.add_init_script(PROBE)
        page.goto(url + _bot_game_query())
        page.wait_for_function("window.__bench && window.__bench.readyAt", timeout=BOOT_MS)
        row: dict[str, Any] = {"boot_ms": page.evaluate("window.__bench.readyAt")}
        if variant == "none":
            row["rss_kb"] = _rss_kb(browser)
            return row
        page.wait_for_function("window.__bench.botAt", timeout=BOOT_MS)
        row["ready_at_ms"] = page.evaluate("window.__bench.botAt")
        row["worker_start_ms"] = page.evaluate("window.__bench.workerStart")
        row["rss_kb"] = _rss_kb(browser)
        since = page.evaluate("performance.now()")  # long tasks of the boot's end do not count
        thinks = []
        for text in texts:
            ms, answer = page.evaluate(THINK, [variant, text])
            data = json.loads(answer)
            assert "error" not in data and data["actions"], data
            thinks.append((ms, float(data["think_ms"])))
        budgeted = json.loads(texts[0]) | {"budget_ms": BUDGET_MS}
        ms, answer = page.evaluate(THINK, [variant, json.dumps(budgeted)])
        assert "error" not in json.loads(answer), answer
        row["budget_round_trip_ms"] = round(ms)
        row["think_round_trip_ms"] = [round(a) for a, _ in thinks]
        row["think_in_worker_ms"] = [round(b) for _, b in thinks]
        row["long_tasks_ms"] = [round(d) for t, d in page.evaluate("window.__bench.longTasks") if t >= since]
        row["rss_after_think_kb"] = _rss_kb(browser)
        return row
    finally:
        context.close()


def _summary(values: list[float]) -> str:
    if not values:
        return "-"
    return f"{statistics.median(values):8.0f}  ({min(values):.0f}-{max(values):.0f})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--positions", type=int, default=3)
    parser.add_argument("--json", action="store_true", help="print the rows as JSON too")
    parser.add_argument("--turns", type=int, help="only hard's think time (p50/p95) over N turns")
    args = parser.parse_args(argv)
    if args.turns:
        return turns_run(args.turns)
    games = _positions(args.positions)
    texts = [
        json.dumps(
            {"version": VERSION, "record": dumps(g), "seat": g.seat, "bot": "hard", "seed": 1, "id": 0}
        )
        for g in games
    ]
    rows: dict[str, list[dict[str, Any]]] = {v: [] for v in VARIANTS}
    with tempfile.TemporaryDirectory(prefix="caravan-bench-worker-") as tmp_name:
        tmp = Path(tmp_name)
        servers = {}
        try:
            for variant in VARIANTS:
                site, toml = _site(tmp, variant)
                proc, url = start_server(site, headers=toml)
                servers[variant] = (proc, url)
                if variant == "pyscript":
                    index = site / "index.html"
                    block = PYSCRIPT_WORKER.replace("{config}", _pyscript_config(site, url))
                    index.write_text(index.read_text(encoding="utf-8").replace("__PYSCRIPT_WORKER__", block))
                    (site / "bench_bot.py").write_text(PYSCRIPT_BOT, encoding="utf-8")
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                for r in range(args.rounds):
                    for variant in VARIANTS:
                        row = _round(browser, variant, servers[variant][1], texts)
                        rows[variant].append(row)
                        print(f"round {r + 1} {variant}: {json.dumps(row)}", file=sys.stderr, flush=True)
                browser.close()
        finally:
            for proc, _ in servers.values():
                stop_server(proc)
    base_rss = statistics.median(row["rss_kb"] for row in rows["none"])
    iterations = HARD_BUDGET[2]
    print(
        f"{len(games)} positions of one 2-player game, hard bot ({iterations} iterations)"
        f", {args.rounds} rounds"
    )
    print(f"{'':28}" + "".join(f"{v:>22}" for v in COLUMNS))

    def line(label: str, get: Any) -> None:
        cells = []
        for variant in COLUMNS:
            values = [v for row in rows[variant] for v in get(row)]
            cells.append(f"{_summary(values):>22}")
        print(f"{label:28}" + "".join(cells))

    line("page boot ms", lambda row: [row["boot_ms"]])
    line(
        "worker start ms (own clock)",
        lambda row: [row["worker_start_ms"]] if "worker_start_ms" in row else [],
    )
    line("worker ready at ms (page)", lambda row: [row["ready_at_ms"]] if "ready_at_ms" in row else [])
    line("renderer RSS MB over none", lambda row: [(row["rss_kb"] - base_rss) / 1024])
    line(
        "  after thinking",
        lambda row: [(row["rss_after_think_kb"] - base_rss) / 1024] if "rss_after_think_kb" in row else [],
    )
    line("hard turn round trip ms", lambda row: row.get("think_round_trip_ms", []))
    line("  of which in the worker", lambda row: row.get("think_in_worker_ms", []))
    line(
        f"hard turn, {BUDGET_MS} ms budget",
        lambda row: [row["budget_round_trip_ms"]] if "budget_round_trip_ms" in row else [],
    )
    line(
        "long tasks while thinking", lambda row: [len(row["long_tasks_ms"])] if "long_tasks_ms" in row else []
    )
    if args.json:
        print(json.dumps(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
