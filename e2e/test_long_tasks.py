"""Main-thread long tasks of the page: its boot, then a whole short game played by clicks.

The target of moving the page's Python off the main thread: once the first
screen is drawn, no task of the page's main thread lasts over 50 ms (the
Long Tasks API's threshold: the page would answer a tap late). Every long
task (a `PerformanceObserver` of `longtask` entries, buffered, from an init
script) is recorded and attached to the test's report: a report section
"long tasks" (printed with a failure) and the report's user property `long_tasks` (JSON,
kept by junit XML and report plugins). The boot's (those that start
before `<html data-ready="true">`) are only recorded, the game's asserted.
The page's Python runs in the app worker (docs/WORKER.md, "The app
worker"): the main thread only paints each frame. Marked xfail (not
strict) since a task right after the first click, made at once after
ready, can still pass 50 ms (its reason says how often); bench/phone.py
measures the same on a slowed phone, with `--look` for a player's first
look at the board.

A measurement rather than a check of behaviour (the game's clicks are
e2e/test_full_game.py's), so `make test` skips it (40% of its timing pass);
the README's benchmarks run it: `CARAVAN_BENCH=1 .venv/bin/pytest
e2e/test_long_tasks.py`.

The game: `?seed=4&autostart=2&short=1`, every action the courier policy's
(as e2e/test_full_game.py plays it; seed 4: the shortest such game of seeds
1-59, 260 actions), all of them clicked: its source `[data-select]`
(through the square's enlarged view when the good is not on the board),
then its `.target[data-action]` or `#end-turn`, answering `#confirm-end-yes`
when asked. So that 260 actions take seconds, not minutes, each turn's
clicks are made in the page, in one round trip, through the page's own
click handlers (as Driver.fast does) but each in a task of its own after
the frame that showed the last change, as a person's clicks come, and each
after a wait for what the last one brought (the selection, the new record,
the question): never a sleep, so that a page whose answers come later (its
Python in a worker) is played alike. After every turn the page's record is
replayed by our engine and must be the courier's game.
"""

from __future__ import annotations

import json
import os
from typing import Any

import pytest

from caravan.actions import EndTurn
from caravan.game import Game
from caravan.options import Options, default_players
from caravan.record import loads
from e2e.conftest import BOOT_MS, Tab
from e2e.driver import SETTLED, source_of
from e2e.saving import finished_game

SEED = 4
LONG_MS = 50  # the target; the Long Tasks API reports only tasks over it (durations rounded to ms)
TURN_MS = 30_000  # a turn's clicks on a loaded machine, Python on the main thread

PROBE = """
window.__lt = { tasks: [], readyAt: null, clicks: [] };
new PerformanceObserver(list => {
  for (const e of list.getEntries()) window.__lt.tasks.push([e.startTime, e.duration]);
}).observe({ type: 'longtask', buffered: true });
new MutationObserver((_, obs) => {
  if (document.documentElement.getAttribute('data-ready') === 'true' && window.__lt.readyAt === null) {
    window.__lt.readyAt = performance.now();
    obs.disconnect();
  }
}).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-ready'] });
"""
# One turn's actions ([source or null, notation] each) clicked in the page; returns the record.
PLAY = (
    """async ([steps, limit]) => {
  const html = document.documentElement;
  const q = s => document.querySelector(s);
  const J = JSON.stringify;
  const sel = v => `[data-select=${J(v)}]`;
  const record = () => html.getAttribute('data-record');
  // Resolves with test()'s value once it holds, checked after every change to the document.
  const until = (what, test) => new Promise((resolve, reject) => {
    let timer = 0;
    const observer = new MutationObserver(() => check());
    const check = () => {
      const v = test();
      if (v) { observer.disconnect(); clearTimeout(timer); resolve(v); }
    };
    timer = setTimeout(() => {
      observer.disconnect();
      reject(new Error(`waited ${limit} ms for ${what}`));
    }, limit);
    observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    check();
  });
  // The page's next frame, then a task of its own: where a person's next click comes.
  const nextTask = () => new Promise(resolve => requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(0);
  }));
  const click = async (what, selector) => {
    for (;;) {
      await until(what, () => q(selector));
      await nextTask();
      const el = q(selector);  // drawn anew meanwhile? then the new one
      if (el === null) continue;
      window.__lt.clicks.push([performance.now(), what]);
      el.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, detail: 1 }));
      return;
    }
  };
  for (const [src, notation] of steps) {
    // What the last click brought, all of it: after a play the board comes first and the
    // side column (the supply's button, selected or not) in the next frame.
    await """
    + SETTLED
    + """;
    const old = record();
    if (src !== null && !q('.selected' + sel(src))) {
      if (!q(sel(src)) && src.length > 2) {  // a good in its square's enlarged view
        const square = src.slice(-2);
        const zoom = `#board [data-zoom=${J(square)}]`;
        await click(`the square ${square} (for ${notation})`, q(zoom) ? zoom : '#board ' + sel(square));
        await until(`${src} in the enlarged view`, () => q('#square-view ' + sel(src)));
      }
      await click(`the source ${src} (for ${notation})`, sel(src));
      await until(`${src} selected`, () => q('.selected' + sel(src)));
    }
    const target = notation === 'end' ? '[data-action="end"]' : `.target[data-action=${J(notation)}]`;
    await click(notation, target);
    await until(`${notation} played or a question`, () => record() !== old || q('#confirm-end-yes'));
    if (record() === old) {
      await click(`yes (${notation})`, '#confirm-end-yes');
      await until(`${notation} played`, () => record() !== old);
    }
  }
  return record();
}"""
)


class MainThreadBusy(AssertionError):
    """A task of the page's main thread over 50 ms after the first screen."""


def _turns(game: Game) -> list[list[Any]]:
    """The game's actions cut into turns (each ends with its end of turn, the last maybe not)."""
    out: list[list[Any]] = [[]]
    for step in game.history:
        out[-1].append(step.action)
        if isinstance(step.action, EndTurn):
            out.append([])
    return [turn for turn in out if turn]


def _labelled(tasks: list[list[float]], clicks: list[list[Any]], since: float) -> list[str]:
    """Each task as 'start ms after ready, duration, the last click before it'."""
    lines = []
    for start, duration in tasks:
        before = [what for at, what in clicks if at <= start]
        during = f"after the click on {before[-1]}" if before else "before the first click"
        lines.append(f"  at {start - since:8.0f} ms: {duration:5.0f} ms, {during}")
    return lines


@pytest.mark.timing
@pytest.mark.timeout(300)
@pytest.mark.skipif(
    not os.environ.get("CARAVAN_BENCH"),
    reason="a measurement, not a check of behaviour: run by the README's benchmarks "
    "(CARAVAN_BENCH=1 .venv/bin/pytest e2e/test_long_tasks.py), not by make test",
)
@pytest.mark.xfail(
    reason="the game's first clicks come at once after ready, before the worker's scratch game "
    "(web/worker/warmup.py), and can meet V8's optimizing compile of Pyodide's hot code: on "
    "2026-12-07, 0 long tasks in 7 of 9 runs of 466 clicks, and 1 or 2 of 53 ms after the first "
    "click in the other 2",
    strict=False,
    raises=MainThreadBusy,
)
def test_after_the_first_screen_no_main_thread_task_passes_50_ms_over_a_whole_game_of_clicks(
    own_page_tab: Tab, request: pytest.FixtureRequest
) -> None:
    """The boot's long tasks are recorded; then a whole short 2-player game is
    played by clicks, and no task of the page's main thread passes 50 ms from
    the first screen to the game's end. Both are attached to the report."""
    tab = own_page_tab
    page = tab.page
    page.add_init_script(PROBE)
    tab.open(f"?seed={SEED}&autostart=2&short=1")
    page.wait_for_function("window.__lt.readyAt !== null", timeout=BOOT_MS)
    page.wait_for_function("document.documentElement.hasAttribute('data-record')")
    assert not loads(str(page.evaluate("document.documentElement.getAttribute('data-record')"))).history

    final = finished_game(SEED)
    here = Game(Options(players=default_players(2), short=True), seed=SEED)  # the page's draws
    for turn in _turns(final):
        steps = [[source_of(a) if not isinstance(a, EndTurn) else None, str(a)] for a in turn]
        shown = loads(page.evaluate(PLAY, [steps, TURN_MS]))
        for action in turn:
            here.push(action)
        assert shown.state_key() == here.state_key(), f"the page's game differs after turn {here.turn - 1}"
    assert here.is_over() and len(here.history) == len(final.history)
    page.locator('html[data-screen="over"]').wait_for()

    seen = page.evaluate("window.__lt")
    ready = seen["readyAt"]
    boot = [t for t in seen["tasks"] if t[0] < ready]
    play = [t for t in seen["tasks"] if t[0] >= ready]
    clicks = seen["clicks"]
    lasted = (clicks[-1][0] - ready) / 1000 if clicks else 0.0
    boot_ms = [d for _, d in boot]
    play_ms = [d for _, d in play]
    text = "\n".join(
        [
            f"boot (navigation -> data-ready at {ready:.0f} ms): {len(boot)} long tasks, "
            f"{sum(boot_ms):.0f} ms in all, the longest {max(boot_ms, default=0):.0f} ms",
            *_labelled(boot, [], 0.0),
            f"after the first screen ({len(final.history)} actions, {len(clicks)} clicks, {lasted:.1f} s):"
            f" {len(play)} long tasks, the longest {max(play_ms, default=0):.0f} ms",
            *_labelled(play, clicks, ready),
        ]
    )
    request.node.add_report_section("call", "long tasks", text)
    request.node.user_properties.append(
        (
            "long_tasks",
            json.dumps(
                {
                    "ready_ms": round(ready),
                    "boot": [[round(t), round(d)] for t, d in boot],
                    "play": [[round(t - ready), round(d)] for t, d in play],
                    "clicks": len(clicks),
                }
            ),
        )
    )
    if play_ms:  # every entry is a task over 50 ms
        raise MainThreadBusy(
            f"{len(play_ms)} main-thread tasks over {LONG_MS} ms after the first screen "
            f"(longest {max(play_ms):.0f} ms):\n{text}"
        )
