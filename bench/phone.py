"""The page on a slow phone: main-thread long tasks, tap to painted frame, renderer memory.

    .venv/bin/python bench/phone.py [--rounds 3] [--json] [--actions 30] [--seed 1]
                                    [--only phone,desktop,memory] [--cpu 4] [--hold MS]
                                    [--site DIR] [--headers NETLIFY_TOML]

For the move of the page's Python off the main thread: what a player's
taps cost the page's main thread, before and after. Measured, never
asserted. The built bundle (dist/, rebuilt if stale; or `--site`, served
as it is) is served by tools/serve.py with netlify.toml's headers under
/caravan/; Chromium as the browser tests run it (e2e/harness.py). Every
round takes the scenarios in turn, each in a fresh browser context with
service workers blocked (the offline cache's install would download the
whole bundle beside what is measured):

- `phone`: 390x844 CSS px at 3 device px a CSS px, `is_mobile`,
  `has_touch`; the renderer's CPU slowed 4 times (DevTools'
  `Emulation.setCPUThrottlingRate`, set before the first navigation, so
  the boot is slowed too; after the boots a fixed loop timed with it on
  and off says the slowdown held: "CPU slowdown measured"). `?seed=1&autostart=2`: a 2-player game, two
  people on one device. The page boots cold (an empty cache), then is
  reloaded (warm: the HTTP cache holds the runtime) and plays `--actions`
  actions by taps (Playwright `tap()`, real touch input; or with `--hold MS`
  a finger's tap, below; `--look MS`: the first tap that long after the
  game is ready, as a player looks at it first): each action is the
  courier policy's (caravan.playout) on a replay of the page's
  `data-record`, played as docs/UI-CONTRACT.md says a person does: its
  source `[data-select]` (through the square's enlarged view when the good
  is not on the board), then its `.target[data-action]`, or `#end-turn`,
  answering `#confirm-end-yes` when the page asks. Every wait is for a
  condition on the page (`data-ready`, the selection, the new record, the
  question), never a sleep, so a page whose answers come later (Python in
  a worker) is driven the same way.
- `desktop`: the same at 1280x800 with a mouse (`click()`), unthrottled.
- `memory`: 1280x800, unthrottled. The resident memory (Linux
  /proc/PID/status VmRSS, the pids from CDP's `SystemInfo.getProcessInfo`,
  as bench/worker.py reads them) of the browser's renderer processes after
  the page is ready and garbage is collected (CDP
  `HeapProfiler.collectGarbage` on the page, `gc()` in each of its workers:
  Chromium runs with `--js-flags=--expose-gc`): a game of two people
  (`?seed=1&autostart=2`), and again once the app worker's scratch game is
  played (`<html data-warmed>`, web/worker/warmup.py); a game against the
  hard bot (`?seed=1&bot_pace=0` and a share link of a new 2-player game,
  the bot in seat 2, the person to move, as e2e/test_bots.py opens one),
  once its worker is ready
  (`data-bot="ready"`: it runs in the page's renderer), and again after the
  person ended the turn and the bot played its own. Printed: the largest
  renderer process, the page's (it holds Pyodide, and its workers are
  threads of it); the others are Chromium's own (the headless window's
  WebUI, a spare renderer): their sum with the page's is `all_mb` in --json.

What is measured inside the page (an init script, performance.now()):
- Long tasks: a `PerformanceObserver` of `longtask` entries (main-thread
  tasks over 50 ms; buffered). The boot's are those that start before
  `<html data-ready="true">` appears (a MutationObserver stamps it): their
  count, total and longest, and the boot's time (navigation to ready). Play's
  are every one that starts after it, to the last tap's frame: count,
  median, longest, total; and apart, those before the first tap, and those
  from the 4th tap on (after the first turn's select, place and End turn
  with `--seed 1`, during which V8 compiles the play's hot WebAssembly on
  other threads: docs/WORKER.md, "The first turn's long tasks", unless the
  worker's scratch game made it hot first). When `<html data-warmed>`
  came, after ready: the worker's scratch game played (web/worker/warmup.py;
  it waits while the player taps, so with `--look 0` it comes late or not
  at all).
- Tap to next frame: a capture-phase `pointerdown`/`touchstart` listener on
  the window stamps each tap (the event's `timeStamp`, the time the input
  happened, so time the input waited for a busy thread counts; "input
  delay" is that wait, to the listener). A MutationObserver on `#screen`
  notes the first change after the tap (never the page's own mark of the
  element touched, below); the `requestAnimationFrame` after it is the frame
  that shows it: `frame` = that frame's callback - tap (p50, p95, max over
  the taps of a round): the app worker's answer (or, for a board element,
  its answer to the focus, the square's words in `#square-info`). `ack`:
  the same for the first change of either kind, or of the mark the page
  shows over a touched choice in the pointerdown's own task, before the
  worker answers (`div#press-mark[data-pressed]`, outside `#screen`:
  web/static/patch.js): the first frame that shows the tap was taken (on a
  page without the mark, the same as `frame`). `answer`: the same for the
  first change of `#screen` that is neither the mark nor the square's words
  (a change inside `#square-info`): the frame with the worker's answer to
  the tap itself (the selection and its targets, the action played, the
  enlarged square), where `frame` often stops at the words of a board
  element, which the worker answers first (they were asked at its focus,
  before the click). `rendered`: a task posted from that callback, which
  runs after the frame's style, layout and paint (for `frame` and `answer`).
  `action done`: for the tap that plays an action (the target, or the
  answer to the question), tap -> the frame after `data-record` changes.
  Taps whose tap saw no change of `#screen` are counted apart ("no change").

A finger's tap (`--hold MS`, phone only): Playwright's `tap()` lifts the touch
at once, so the browser has the release in hand with the press and handles
it, and the gesture's click, before it paints the frame that shows the
press: on the slowed phone that frame waited 20-37 ms behind them. A finger
stays on the glass about a tenth of a second, and the page's thread paints
the press meanwhile. With `--hold`, each tap is a touch down at the
element's centre (CDP `Input.dispatchTouchEvent`, after the element is
scrolled into view) lifted MS later; `ack` is still measured from the
touch, and `frame`, `answer`, their renderings and `action done` from the
release (the `pointerup`'s time), when the click comes. Without it, all
from the touch, as before.

Printed: the median over the rounds and the spread (min to max). `--json`
prints every round's numbers too. The machine's other work shows in
these numbers; the load average is printed at the end.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import Browser, BrowserContext, Locator, Page, sync_playwright

from caravan import Game, Options, link
from caravan.actions import Action, EndTurn
from caravan.options import Player
from caravan.playout import courier_action
from e2e.driver import RECORD_CHANGED, Driver, attr, source_of
from e2e.harness import CHROMIUM, CHROMIUM_ARGS, csp_safe, renderer_rss_kb, start_server, stop_server

PHONE: dict[str, Any] = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 3,
    "is_mobile": True,
    "has_touch": True,
}
DESKTOP: dict[str, Any] = {"viewport": {"width": 1280, "height": 800}}
BOOT_MS = 240_000  # a throttled cold boot on a loaded machine
STEP_MS = 60_000  # one tap's answer, throttled, on a loaded machine
READY_OR_ERROR = (
    "document.documentElement.getAttribute('data-ready') === 'true'"
    " || document.documentElement.getAttribute('data-screen') === 'error'"
)
BOT_READY = "['ready', 'failed'].includes(document.documentElement.getAttribute('data-bot'))"
# After a tap on the target or on #end-turn: the action was played, or the page asks first (R6).
PLAYED_OR_ASKED = """old => document.documentElement.getAttribute('data-record') !== old
  || document.querySelector('#confirm-end-yes') !== null"""
# The person's turn again, the bot idle (its reply played).
BOT_DONE = """() => {
  const h = document.documentElement;
  return h.getAttribute('data-seat') === '0' && h.getAttribute('data-bot') === 'ready';
}"""

# Stamps data-ready, collects long tasks, and follows every tap to the frames that show its effect.
PROBE = """
(() => {
  const P = window.__phone = { tasks: [], readyAt: null, warmedAt: null, taps: [] };
  new PerformanceObserver(list => {
    for (const e of list.getEntries()) P.tasks.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
  new MutationObserver((_, obs) => {
    if (document.documentElement.getAttribute('data-ready') === 'true' && P.readyAt === null) {
      P.readyAt = performance.now();
      obs.disconnect();
    }
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-ready'] });
  // The app worker's scratch game played (web/worker/warmup.py).
  new MutationObserver((_, obs) => {
    P.warmedAt = performance.now();
    obs.disconnect();
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-warmed'] });
  // The frame after now: its requestAnimationFrame callback, then a task posted from it
  // (after that frame's style, layout and paint).
  const frame = (tap, key) => requestAnimationFrame(() => {
    tap[key] = performance.now();
    const channel = new MessageChannel();
    channel.port1.onmessage = () => { tap[key + 'Rendered'] = performance.now(); };
    channel.port2.postMessage(0);
  });
  const kind = t => {
    const up = s => t && t.closest && t.closest(s);
    if (up('#confirm-end-yes')) return 'confirm';
    if (up('[data-select]')) return 'select';
    if (up('[data-action]')) return 'action';
    if (up('[data-zoom]')) return 'zoom';
    return 'other';
  };
  const down = e => {
    const last = P.taps[P.taps.length - 1];
    if (last && last.ts === e.timeStamp && last.type !== e.type) return;  // one touch: both events
    const now = performance.now();
    const ts = e.timeStamp > 0 && e.timeStamp <= now ? e.timeStamp : now;
    P.taps.push({ kind: kind(e.target), type: e.type, ts, at: now, change: null, frame: null,
                  frameRendered: null, record: null, recordFrame: null, recordFrameRendered: null,
                  ack: null, ackFrame: null, ackFrameRendered: null,
                  answer: null, answerFrame: null, answerFrameRendered: null, up: null });
  };
  addEventListener('pointerdown', down, true);
  addEventListener('touchstart', down, { capture: true, passive: true });
  const lifted = e => {  // the release, when the click comes
    const last = P.taps[P.taps.length - 1];
    if (last && last.up === null) last.up = e.timeStamp > 0 ? e.timeStamp : performance.now();
  };
  addEventListener('pointerup', lifted, true);
  addEventListener('touchend', lifted, { capture: true, passive: true });
  const watch = () => {
    const screen = document.getElementById('screen') || document.body;
    // The page's own mark of a touch (data-pressed, web/static/patch.js) is an
    // acknowledgement, not the answer: it counts for `ack` only.
    const mark = r => r.type === 'attributes' && r.attributeName === 'data-pressed';
    // The worker's answer to the focus of a board element (its square in words,
    // web/page/glue.py on_focusin) is not the answer to the tap: `answer` skips it.
    const words = r => {
      const n = r.target.nodeType === 1 ? r.target : r.target.parentNode;
      return mark(r) || (n !== null && n.closest !== undefined && n.closest('#square-info') !== null);
    };
    new MutationObserver(records => {
      const tap = P.taps[P.taps.length - 1];
      if (!tap) return;
      if (tap.ack === null) { tap.ack = performance.now(); frame(tap, 'ackFrame'); }
      if (tap.change === null && !records.every(mark)) {
        tap.change = performance.now();
        frame(tap, 'frame');
      }
      if (tap.answer === null && !records.every(words)) {
        tap.answer = performance.now();
        frame(tap, 'answerFrame');
      }
    }).observe(screen, { subtree: true, childList: true, attributes: true, characterData: true });
    new MutationObserver(() => {  // the page's mark shown outside #screen (div#press-mark)
      const tap = P.taps[P.taps.length - 1];
      if (tap && tap.ack === null) { tap.ack = performance.now(); frame(tap, 'ackFrame'); }
    }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-pressed'] });
    const html = document.documentElement;
    new MutationObserver(records => {  // a new value, not the same one written again
      if (records[0].oldValue === html.getAttribute('data-record')) return;
      const tap = P.taps[P.taps.length - 1];
      if (tap && tap.record === null) { tap.record = performance.now(); frame(tap, 'recordFrame'); }
    }).observe(html, { attributes: true, attributeFilter: ['data-record'], attributeOldValue: true });
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', watch);
  else watch();
})();
"""
# Every frame callback of the taps so far has run, and its posted task too.
TAPS_SETTLED = """() => window.__phone.taps.every(t =>
  (t.change === null || t.frameRendered !== null) && (t.record === null || t.recordFrameRendered !== null)
  && (t.ack === null || t.ackFrameRendered !== null)
  && (t.answer === null || t.answerFrameRendered !== null))"""


# ---------------------------------------------------------------- the page


def wait_ready(page: Page) -> None:
    page.wait_for_function(READY_OR_ERROR, timeout=BOOT_MS)
    if page.evaluate("document.documentElement.getAttribute('data-screen')") == "error":
        raise RuntimeError(f"the page failed to boot: {page.locator('#boot-error').text_content()}")
    page.wait_for_function("window.__phone.readyAt !== null", timeout=BOOT_MS)


def _boot_numbers(page: Page) -> dict[str, float]:
    ready: float = page.evaluate("window.__phone.readyAt")
    tasks = [d for t, d in page.evaluate("window.__phone.tasks") if t < ready]
    return {
        "ms": ready,
        "long_tasks": len(tasks),
        "long_total_ms": sum(tasks),
        "longest_ms": max(tasks, default=0.0),
    }


Tapper = Callable[[Locator], None]


def finger(page: Page, cdp: Any, hold_ms: float) -> Tapper:
    """A finger's tap (``--hold``): down at the element's centre, lifted
    ``hold_ms`` later. The hold is the finger's time on the glass, a model of
    the input, not a wait for the page: every wait for the page is for a
    condition, as with Playwright's tap."""

    def tap(element: Locator) -> None:
        element.scroll_into_view_if_needed()
        box = element.bounding_box()
        if box is None:
            raise RuntimeError(f"nothing to tap: {element}")
        point = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
        page.wait_for_timeout(hold_ms)
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})

    return tap


def act(page: Page, action: Action, game: Game, *, tap: bool, tapper: Tapper | None = None) -> Game:
    """Play ``action`` as a person does, by taps (or clicks; or ``tapper``'s taps),
    waiting only for conditions: select its source unless selected, press its
    target (or #end-turn), answer yes if asked (R6). Returns the page's new game."""
    driver = Driver(page, tapper=tapper)
    old = driver.record()
    notation = str(action)
    src = source_of(action)
    if src is not None and not isinstance(action, EndTurn):
        if page.locator(attr(".selected", "data-select", src)).count() == 0:
            driver.select(src, tap=tap)  # waits for the selection to show
        driver.press(attr(".target", "data-action", notation), tap=tap)
    else:
        driver.press(attr("", "data-action", "end"), tap=tap)
    page.wait_for_function(PLAYED_OR_ASKED, arg=old, timeout=STEP_MS)
    if driver.record() == old:  # the question: end the turn with actions left?
        driver.press("#confirm-end-yes", tap=tap)
        page.wait_for_function(RECORD_CHANGED, arg=old, timeout=STEP_MS)
    after = driver.game()
    if len(after.history) != len(game.history) + 1 or str(after.history[-1].action) != notation:
        raise RuntimeError(f"the page did not play {notation} (its last: {after.history[-1].action})")
    return after


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def _dist(prefix: str, values: list[float]) -> dict[str, float]:
    if not values:
        return {}
    return {
        f"{prefix}_p50": statistics.median(values),
        f"{prefix}_p95": _percentile(values, 0.95),
        f"{prefix}_max": max(values),
    }


def play_scenario(
    browser: Browser,
    url: str,
    options: dict[str, Any],
    *,
    cpu: float,
    actions: int,
    seed: int,
    tap: bool,
    hold_ms: float = 0.0,
    look_ms: float = 0.0,
) -> dict[str, Any]:
    """Boot cold, reload (warm), play ``actions`` actions by taps or clicks (a
    finger's taps, held ``hold_ms``, when it is not 0): the numbers of one round."""
    context = browser.new_context(service_workers="block", **options)
    context.set_default_timeout(STEP_MS)
    try:
        page: Page = csp_safe(context.new_page())
        page.add_init_script(PROBE)
        cdp = context.new_cdp_session(page)
        if cpu != 1:  # set before the first navigation: the boot is slowed too
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": cpu})
        page.goto(f"{url}?seed={seed}&autostart=2")
        wait_ready(page)
        row: dict[str, Any] = {"cold_boot": _boot_numbers(page)}
        page.reload()  # the game is saved: the reload resumes it, before its first action
        wait_ready(page)
        row["warm_boot"] = _boot_numbers(page)
        if cpu != 1:
            row["cpu_check"] = _cpu_check(page, cdp, cpu)
        page.wait_for_function("document.documentElement.hasAttribute('data-record')", timeout=STEP_MS)
        game = Driver(page).game()
        if game.history:
            raise RuntimeError("the page did not start a new game")
        rng = random.Random(seed)
        played = 0
        tapper = finger(page, cdp, hold_ms) if tap and hold_ms else None
        if look_ms:  # the player looks at the board before the first tap (--look)
            page.wait_for_timeout(look_ms)
        while played < actions and not game.is_over():
            game = act(page, courier_action(game, rng), game, tap=tap, tapper=tapper)
            played += 1
        page.wait_for_function(TAPS_SETTLED, timeout=STEP_MS)
        probe = page.evaluate("window.__phone")
        ready = probe["readyAt"]
        taps = probe["taps"]
        end = max([ready] + [t[k] for t in taps for k in ("frameRendered", "recordFrameRendered") if t[k]])
        tasks = [(t, d) for t, d in probe["tasks"] if ready <= t <= end]
        durations = [d for _, d in tasks]
        first_tap = taps[0]["ts"] if taps else end
        before = [d for t, d in tasks if t < first_tap]
        # From the 4th tap on: after the first turn (select, place, End turn), during which
        # V8 compiles the play's hot WebAssembly in the background (docs/WORKER.md).
        fourth = taps[3]["ts"] if len(taps) > 3 else end
        later_on = [d for t, d in tasks if t >= fourth]
        row["actions"] = played
        row["taps"] = len(taps)
        row["hold_ms"] = hold_ms if tapper is not None else 0.0
        row["taps_by_kind"] = {
            k: sum(1 for t in taps if t["kind"] == k) for k in sorted({t["kind"] for t in taps})
        }
        row["tap_events"] = sorted({t["type"] for t in taps})
        row["no_change"] = sum(1 for t in taps if t["change"] is None)
        row["play"] = {
            "long_tasks": len(durations),
            "long_median_ms": statistics.median(durations) if durations else 0.0,
            "long_max_ms": max(durations, default=0.0),
            "long_total_ms": sum(durations),
            "before_first_tap": len(before),
            "before_first_tap_max_ms": max(before, default=0.0),
            "from_tap_4": len(later_on),
            "from_tap_4_max_ms": max(later_on, default=0.0),
            "ms": end - ready,
            # The worker's scratch game played (None: not by the end): V8 compiled its hot code meanwhile.
            "warmed_ms": probe["warmedAt"] - ready if probe["warmedAt"] is not None else None,
            "long_tasks_ms": [[round(t - ready), round(d)] for t, d in tasks],  # [start after ready, ms]
        }
        # A held tap is answered from its release, when the click comes; ``ack`` from the touch.
        for t in taps:
            t["from"] = t["up"] if tapper is not None and t["up"] is not None else t["ts"]
        seen = [t for t in taps if t["frame"] is not None]
        frames = [t["frame"] - t["from"] for t in seen]
        rendered = [t["frameRendered"] - t["from"] for t in seen]
        done = [t["recordFrame"] - t["from"] for t in taps if t["recordFrame"] is not None]
        acks = [t["ackFrame"] - t["ts"] for t in taps if t["ackFrame"] is not None]
        answered = [t for t in taps if t["answerFrame"] is not None]
        answers = [t["answerFrame"] - t["from"] for t in answered]
        answers_rendered = [t["answerFrameRendered"] - t["from"] for t in answered]
        row["tap"] = {
            **_dist("ack", acks),
            **_dist("frame", frames),
            **_dist("rendered", rendered),
            **_dist("answer", answers),
            **_dist("answer_rendered", answers_rendered),
            **_dist("done", done),
            "input_delay_p50": statistics.median(t["at"] - t["ts"] for t in taps) if taps else 0.0,
            "taps_ms": [
                [t["kind"], round(t["ts"] - ready)]
                + [
                    None if t[k] is None else round(t[k] - t["from"], 1)
                    for k in ("frame", "frameRendered", "recordFrame", "answerFrame")
                ]
                for t in taps
            ],  # [kind, tap after ready, frame, rendered, done, answer]
        }
        return row
    finally:
        context.close()


LOOP = """() => { const t = performance.now(); let x = 0; for (let i = 0; i < 3e6; i++) x += i % 7;
  return performance.now() - t + (x < 0 ? 1 : 0); }"""


def _cpu_check(page: Page, cdp: Any, cpu: float) -> float:
    """The slowdown in force after the boots (they navigated twice): a fixed loop's
    ms as it is, over its ms with the throttling off for a moment (then put
    back), each the best of 3 runs. About --cpu when it held."""
    slowed = min(float(page.evaluate(LOOP)) for _ in range(3))
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    plain = min(float(page.evaluate(LOOP)) for _ in range(3))
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": cpu})
    return slowed / plain if plain > 0 else 0.0


# ---------------------------------------------------------------- memory


WARMED = "document.documentElement.hasAttribute('data-warmed')"


def _collected(browser: Browser, page: Page, cdp: Any) -> dict[str, float]:
    """Garbage collected on the page and in its workers, then the renderers' memory, MB."""
    for _ in range(2):
        cdp.send("HeapProfiler.collectGarbage")
        for worker in page.workers:
            worker.evaluate("typeof gc === 'function' ? (gc(), true) : false")
    rss = renderer_rss_kb(browser)
    return {"page_mb": max(rss, default=0) / 1024, "all_mb": sum(rss) / 1024, "renderers": len(rss)}


def _bot_link(seed: int) -> str:
    """?seed, ?bot_pace=0 and a link of a new 2-player game: the hard bot in seat 2, a person first."""
    first, second = Options().players
    game = Game(Options(players=(first, Player(second.name, second.colour, "hard")), start=0), seed=seed)
    return f"?seed={seed}&bot_pace=0#" + link.encode(game)


def memory_scenario(browser: Browser, url: str, seed: int) -> dict[str, Any]:
    row: dict[str, Any] = {}
    for name, query in (("people", f"?seed={seed}&autostart=2"), ("bot", _bot_link(seed))):
        context: BrowserContext = browser.new_context(service_workers="block", **DESKTOP)
        context.set_default_timeout(STEP_MS)
        try:
            page: Page = csp_safe(context.new_page())
            page.add_init_script(PROBE)
            cdp = context.new_cdp_session(page)
            page.goto(url + query)
            wait_ready(page)
            if name == "people":
                row["people"] = _collected(browser, page, cdp)
                page.wait_for_function(WARMED, timeout=BOOT_MS)
                row["people_warmed"] = _collected(browser, page, cdp)
                continue
            page.wait_for_function(BOT_READY, timeout=BOOT_MS)
            if page.evaluate("document.documentElement.getAttribute('data-bot')") != "ready":
                raise RuntimeError("the bot's worker failed to start")
            row["bot_ready"] = _collected(browser, page, cdp)
            game = Driver(page).game()
            act(page, EndTurn(), game, tap=False)  # the person passes; the bot plays its turn
            page.wait_for_function(BOT_DONE, timeout=STEP_MS)
            row["bot_after_turn"] = _collected(browser, page, cdp)
        finally:
            context.close()
    return row


# ---------------------------------------------------------------- report


def _spread(values: list[float], digits: int = 0) -> str:
    if not values:
        return "-"
    med, lo, hi = statistics.median(values), min(values), max(values)
    if len(values) == 1:
        return f"{med:.{digits}f}"
    return f"{med:.{digits}f} ({lo:.{digits}f} to {hi:.{digits}f})"


def _pick(rows: list[dict[str, Any]], *keys: str) -> list[float]:
    """The value at ``keys`` in each round that has it."""
    out = []
    for row in rows:
        value: Any = row
        for key in keys:
            value = value.get(key) if isinstance(value, dict) else None
        if value is not None:
            out.append(float(value))
    return out


def _line(label: str, values: list[float], digits: int = 0) -> None:
    print(f"  {label:<52}{_spread(values, digits):>26}")


def report_play(title: str, rows: list[dict[str, Any]]) -> None:
    if not rows:
        return
    print(title)
    for boot in ("cold_boot", "warm_boot"):
        word = "cold" if boot == "cold_boot" else "warm (reload)"
        _line(f"boot {word}: navigation -> data-ready ms", _pick(rows, boot, "ms"))
        _line("  long tasks in it", _pick(rows, boot, "long_tasks"))
        _line("  their total ms", _pick(rows, boot, "long_total_ms"))
        _line("  the longest ms", _pick(rows, boot, "longest_ms"))
    actions = rows[0]["actions"]
    taps = _spread(_pick(rows, "taps"))
    print(f"  after the first screen: {actions} actions, {taps} taps ({rows[0]['taps_by_kind']})")
    _line("long tasks: count", _pick(rows, "play", "long_tasks"))
    _line("  median ms", _pick(rows, "play", "long_median_ms"))
    _line("  max ms", _pick(rows, "play", "long_max_ms"))
    _line("  total ms (of the play's ms below)", _pick(rows, "play", "long_total_ms"))
    _line("  play ms (ready -> the last tap's frame)", _pick(rows, "play", "ms"))
    _line("  the worker's scratch game played, ms after ready", _pick(rows, "play", "warmed_ms"))
    _line("  of the long tasks, before the first tap", _pick(rows, "play", "before_first_tap"))
    _line("    the longest of those ms", _pick(rows, "play", "before_first_tap_max_ms"))
    _line("  of the long tasks, from the 4th tap on (after turn 1)", _pick(rows, "play", "from_tap_4"))
    _line("    the longest of those ms", _pick(rows, "play", "from_tap_4_max_ms"))
    for key, label in (
        ("ack", "tap -> first frame showing anything (the pressed mark) ms"),
        ("frame", "tap -> next frame showing it ms"),
        ("rendered", "tap -> that frame rendered ms"),
        ("answer", "tap -> next frame with the tap's answer ms"),
        ("answer_rendered", "tap -> that frame rendered ms"),
        ("done", "action tap -> frame with the new record ms"),
    ):
        for q in ("p50", "p95", "max"):
            _line(f"{label if q == 'p50' else ''}  {q}", _pick(rows, "tap", f"{key}_{q}"))
    _line("input delay (event time -> listener) p50 ms", _pick(rows, "tap", "input_delay_p50"), 1)
    _line("taps with no change of #screen", _pick(rows, "no_change"))
    _line("CPU slowdown measured after the boots (x)", _pick(rows, "cpu_check"), 1)


def report_memory(rows: list[dict[str, Any]]) -> None:
    if not rows:
        return
    print("Memory: the page's renderer process, resident after GC (MB), 1280x800, unthrottled")
    for key, label in (
        ("people", "2 people (?seed&autostart=2), ready"),
        ("people_warmed", "  once the worker's scratch game is played"),
        ("bot_ready", "against the hard bot, its worker ready"),
        ("bot_after_turn", "  after the bot's first turn"),
    ):
        _line(label, _pick(rows, key, "page_mb"), 1)
    bot, people = _pick(rows, "bot_ready", "page_mb"), _pick(rows, "people", "page_mb")
    _line("the bot's game - the people's", [b - p for b, p in zip(bot, people, strict=True)], 1)


def _progress(r: int, name: str, row: dict[str, Any]) -> None:
    if name == "memory":
        said = ", ".join(f"{k} {v['page_mb']:.0f} MB" for k, v in row.items())
    else:
        said = (
            f"boot {row['cold_boot']['ms']:.0f} / {row['warm_boot']['ms']:.0f} ms, "
            f"{row['play']['long_tasks']} long tasks after ready (max {row['play']['long_max_ms']:.0f} ms), "
            f"tap -> frame p50 {row['tap'].get('frame_p50', 0):.0f} ms"
        )
    print(f"round {r + 1} {name}: {said}", file=sys.stderr, flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n")[0] if __doc__ else None,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--json", action="store_true", help="print every round's numbers as JSON too")
    parser.add_argument("--actions", type=int, default=30, help="actions played by taps in each game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--cpu", type=float, default=4.0, help="the phone's CPU slowdown (CDP throttling rate)"
    )
    parser.add_argument("--only", default="phone,desktop,memory", help="which of phone, desktop, memory")
    parser.add_argument(
        "--hold",
        type=float,
        default=0.0,
        help="phone: each tap a finger's, held MS before it lifts (0: Playwright's tap(), lifted at once)",
    )
    parser.add_argument(
        "--look",
        type=float,
        default=0.0,
        help="phone: MS the player looks at the game before the first tap (0: taps at once)",
    )
    parser.add_argument("--site", type=Path, help="serve this built bundle as it is instead of dist/")
    parser.add_argument("--headers", type=Path, help="with --site: the netlify.toml whose headers to send")
    args = parser.parse_args(argv)
    if not Path(CHROMIUM).is_file():
        print(f"bench/phone.py: no Chromium at {CHROMIUM}: run `make browser`", file=sys.stderr)
        return 1
    only = set(args.only.split(","))
    rows: dict[str, list[dict[str, Any]]] = {"phone": [], "desktop": [], "memory": []}
    proc, url = start_server(args.site.resolve() if args.site else None, headers=args.headers)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(
                executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, "--js-flags=--expose-gc"]
            )
            version = browser.version
            for r in range(args.rounds):
                if "phone" in only:
                    rows["phone"].append(
                        play_scenario(
                            browser,
                            url,
                            PHONE,
                            cpu=args.cpu,
                            actions=args.actions,
                            seed=args.seed,
                            tap=True,
                            hold_ms=args.hold,
                            look_ms=args.look,
                        )
                    )
                    _progress(r, "phone", rows["phone"][-1])
                if "desktop" in only:
                    rows["desktop"].append(
                        play_scenario(
                            browser, url, DESKTOP, cpu=1, actions=args.actions, seed=args.seed, tap=False
                        )
                    )
                    _progress(r, "desktop", rows["desktop"][-1])
                if "memory" in only:
                    rows["memory"].append(memory_scenario(browser, url, args.seed))
                    _progress(r, "memory", rows["memory"][-1])
            browser.close()
    finally:
        stop_server(proc)

    print(
        f"Chromium {version}, seed {args.seed}, {args.rounds} round(s): median (min to max) over the rounds"
    )
    taps = f"a finger's taps, held {args.hold:g} ms (answers from the release)" if args.hold else "taps"
    if args.look:
        taps += f", the first after {args.look:g} ms looking at the game"
    report_play(f"Phone: 390x844 touch, CPU {args.cpu:g}x slower, {taps}", rows["phone"])
    report_play("Desktop: 1280x800 mouse, unthrottled, clicks", rows["desktop"])
    report_memory(rows["memory"])
    print(f"load average at the end: {os.getloadavg()[0]:.1f} ({os.cpu_count()} CPUs)")
    if args.json:
        print(json.dumps(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
