"""The page's thread in CPU time: its tasks at boot and over a game played by taps.

    .venv/bin/python bench/thread_time.py [--runs 3] [--actions 30] [--seed 1]
                                          [--site DIR] [--query '?seed=1&autostart=2']

bench/phone.py slows the CPU 4 times and reads wall-clock long tasks: the
honest measure on a quiet machine, but on this machine's two shared cores
other processes stretched a task's wall time up to 14 times. This one
records a Chromium trace of the unthrottled page (the `devtools.timeline`
categories) and reads each main-thread task's *thread* time (`tdur`), which
other processes do not inflate; times 4 it estimates the slowed phone (the
way Lighthouse's simulation scales a run, though Lighthouse scales wall time).
Printed per run: the tasks whose 4x estimate is over 50 ms, the estimated
blocking time at 4x (the sum over tasks of 4 x thread ms - 50), and the
longest tasks' thread ms with what ran in them. Measured, never asserted.

- boot: the front page (or `--query`) from navigation to `data-ready`, cold
  (a fresh context, service workers blocked).
- play: `--actions` actions of a 2-player game by taps at 390x844 touch,
  the courier policy's, as bench/phone.py plays them. Besides the tasks:
  each rendering of a frame there (a task that paints), the thread time
  of its style, layout and paint (`UpdateLayoutTree`, `Layout`, `PrePaint`,
  `Paint`, `Layerize`, `Commit`, the outermost of each), p50 / p95: of the
  renderings that follow a frame of the worker (the first task that paints
  after a message's task that parsed markup), with each phase's sum, and of
  every rendering (most are the frames Playwright's waits poll by); and
  the tasks that ran the page's own script and painted nothing (the app
  worker's messages, the glue, patch.js): p95, p99, longest, the ten
  longest together.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from phone import PHONE, PROBE, act, wait_ready  # bench/phone.py, beside this script
from playwright.sync_api import Browser, sync_playwright

from caravan.playout import courier_action
from e2e.driver import Driver
from e2e.harness import CHROMIUM, CHROMIUM_ARGS, csp_safe, start_server, stop_server

CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline"]
SLOWDOWN = 4
LONG_MS = 50.0
# What a task ran, as the trace names it: enough to tell a script from a layout.
KINDS = (
    "FunctionCall",
    "EvaluateScript",
    "v8.evaluateModule",
    "ParseHTML",
    "UpdateLayoutTree",
    "Layout",
    "Paint",
)


def main_thread_tasks(raw: bytes) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The page's main-thread tasks (``RunTask``) and all its complete events, in time order."""
    events = json.loads(raw)["traceEvents"]
    names = {(e["pid"], e["tid"]): e["args"]["name"] for e in events if e.get("name") == "thread_name"}
    mains = [k for k, v in names.items() if v == "CrRendererMain"]

    def on(key: tuple[int, int]) -> list[dict[str, Any]]:
        return [e for e in events if (e["pid"], e["tid"]) == key and e.get("ph") == "X"]

    page = max(mains, key=lambda k: len(on(k)))  # the page's renderer: the busiest main thread
    complete = sorted(on(page), key=lambda e: e["ts"])
    return [e for e in complete if e["name"] == "RunTask"], complete


def within(tasks: list[dict[str, Any]], events: list[dict[str, Any]]) -> Iterator[list[dict[str, Any]]]:
    """For each task, in order, the ``events`` (in time order, as the tasks) that start inside it."""
    i = 0
    for t in tasks:
        end = t["ts"] + t["dur"]
        while i < len(events) and events[i]["ts"] < t["ts"]:
            i += 1
        j = i
        while j < len(events) and events[j]["ts"] < end:
            j += 1
        yield events[i:j]


# A frame's rendering, as the trace names its phases.
RENDER = ("UpdateLayoutTree", "Layout", "PrePaint", "Paint", "Layerize", "Commit")


def renders(
    tasks: list[dict[str, Any]], complete: list[dict[str, Any]]
) -> tuple[list[dict[str, float]], list[dict[str, float]]]:
    """Per task that paints, the thread ms of each rendering phase in it (outermost events
    only); and of those, the renderings that follow a worker's frame (a message's task that
    parsed markup: the first painting task after it)."""
    marks = [e for e in complete if e["name"] in (*RENDER, "HandlePostMessage", "ParseHTML")]
    out: list[dict[str, float]] = []
    after: list[dict[str, float]] = []
    waiting = False
    for inside in within(tasks, marks):
        row: dict[str, float] = {}
        seen: set[str] = set()
        outer_end = -1.0
        for e in inside:
            seen.add(e["name"])
            if e["name"] in RENDER and e["ts"] >= outer_end:  # not inside the previous outermost phase
                row[e["name"]] = row.get(e["name"], 0.0) + e.get("tdur", e["dur"]) / 1000
                outer_end = e["ts"] + e["dur"]
        if "Paint" in row:
            out.append(row)
            if waiting:
                after.append(row)
                waiting = False
        if {"HandlePostMessage", "ParseHTML"} <= seen:
            waiting = True
    return out, after


def script_tasks(tasks: list[dict[str, Any]], complete: list[dict[str, Any]]) -> list[float]:
    """Thread ms of each task that ran the page's own script (a function of the
    bundle's assets or runtime: the app worker's messages, the glue, patch.js) and
    painted nothing; Playwright's own scripts (no URL) are not the page's."""
    calls = [e for e in complete if e["name"] in ("FunctionCall", "Paint")]
    out: list[float] = []
    for t, inside in zip(tasks, within(tasks, calls), strict=True):
        urls = [str((e.get("args", {}).get("data") or {}).get("url", "")) for e in inside]
        ours = any("/assets/" in u or "/runtime/" in u for u in urls)
        if ours and not any(e["name"] == "Paint" for e in inside):
            out.append(t.get("tdur", t["dur"]) / 1000)
    return out


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def summary(raw: bytes) -> dict[str, Any]:
    tasks, complete = main_thread_tasks(raw)
    frames, after = renders(tasks, complete)
    scripts = script_tasks(tasks, complete)
    totals = [sum(f.values()) for f in frames]
    after_totals = [sum(f.values()) for f in after]
    thread = [t.get("tdur", t["dur"]) / 1000 for t in tasks]
    longest = sorted(tasks, key=lambda t: -t.get("tdur", t["dur"]))[:5]
    described = []
    for t in longest:
        inside: dict[str, float] = {}
        for e in complete:
            if t["ts"] < e["ts"] < t["ts"] + t["dur"] and e["name"] in KINDS:
                inside[e["name"]] = inside.get(e["name"], 0.0) + e["dur"] / 1000
        top = sorted(inside.items(), key=lambda kv: -kv[1])[:3]
        described.append(
            f"{t.get('tdur', t['dur']) / 1000:.1f} ms (" + ", ".join(f"{k} {v:.1f}" for k, v in top) + ")"
        )
    return {
        "tasks": len(thread),
        "over_50_at_4x": sum(1 for x in thread if SLOWDOWN * x > LONG_MS),
        "blocking_at_4x_ms": sum(max(0.0, SLOWDOWN * x - LONG_MS) for x in thread),
        "longest_thread_ms": max(thread, default=0.0),
        "longest": described,
        "frames": len(frames),
        "render_p50": pct(totals, 0.5),
        "render_p95": pct(totals, 0.95),
        "render_sum": sum(totals),
        "after": len(after),
        "after_p50": pct(after_totals, 0.5),
        "after_p95": pct(after_totals, 0.95),
        "phases": {k: sum(f.get(k, 0.0) for f in after) for k in RENDER},
        "scripts": len(scripts),
        "script_p95": pct(scripts, 0.95),
        "script_p99": pct(scripts, 0.99),
        "script_max": max(scripts, default=0.0),
        "script_top10": sum(sorted(scripts)[-10:]),
        "script_sum": sum(scripts),
    }


def boot(browser: Browser, url: str, query: str) -> dict[str, Any]:
    context = browser.new_context(service_workers="block", **PHONE)
    try:
        page = csp_safe(context.new_page())
        page.add_init_script(PROBE)
        browser.start_tracing(page=page, categories=CATEGORIES)
        page.goto(url + query)
        wait_ready(page)
        return summary(browser.stop_tracing())
    finally:
        context.close()


def play(browser: Browser, url: str, actions: int, seed: int) -> dict[str, Any]:
    context = browser.new_context(service_workers="block", **PHONE)
    try:
        page = csp_safe(context.new_page())
        page.add_init_script(PROBE)
        page.goto(f"{url}?seed={seed}&autostart=2")
        wait_ready(page)
        game = Driver(page).game()
        rng = random.Random(seed)
        browser.start_tracing(page=page, categories=CATEGORIES)
        for _ in range(actions):
            if game.is_over():
                break
            game = act(page, courier_action(game, rng), game, tap=True)
        page.evaluate("new Promise(r => requestAnimationFrame(() => setTimeout(r, 50)))")  # its last paint
        return summary(browser.stop_tracing())
    finally:
        context.close()


def show(name: str, rows: list[dict[str, Any]]) -> None:
    for i, row in enumerate(rows):
        print(
            f"{name} run {i + 1}: {row['over_50_at_4x']} of {row['tasks']} tasks over 50 ms at 4x (est.),"
            f" blocking {row['blocking_at_4x_ms']:.0f} ms at 4x (est.); longest in thread ms at 1x:"
            f" {'; '.join(row['longest'])}"
        )
        if row["frames"]:
            phases = ", ".join(f"{k} {v:.1f}" for k, v in row["phases"].items())
            print(
                f"{name} run {i + 1}: style+layout+paint, thread ms at 1x: of the {row['after']} renderings"
                f" after a worker's frame p50 {row['after_p50']:.2f}, p95 {row['after_p95']:.2f} (their sums:"
                f" {phases}); of all {row['frames']} that painted p50 {row['render_p50']:.2f},"
                f" p95 {row['render_p95']:.2f}, sum {row['render_sum']:.0f}"
            )
        if row["scripts"]:
            print(
                f"{name} run {i + 1}: the page's script tasks that painted nothing, thread ms at 1x:"
                f" {row['scripts']}, p95 {row['script_p95']:.2f}, p99 {row['script_p99']:.2f},"
                f" longest {row['script_max']:.2f}, the ten longest {row['script_top10']:.1f},"
                f" sum {row['script_sum']:.0f}"
            )
    blocking = [r["blocking_at_4x_ms"] for r in rows]
    print(
        f"{name}: blocking at 4x (est.) median {statistics.median(blocking):.0f} ms"
        f" ({min(blocking):.0f}-{max(blocking):.0f}); longest task median"
        f" {statistics.median(r['longest_thread_ms'] for r in rows):.1f} thread ms at 1x"
    )
    if any(r["frames"] for r in rows):
        print(
            f"{name}: style+layout+paint, medians of the runs, thread ms at 1x: after a worker's frame"
            f" p50 {statistics.median(r['after_p50'] for r in rows):.2f},"
            f" p95 {statistics.median(r['after_p95'] for r in rows):.2f};"
            f" every rendering p50 {statistics.median(r['render_p50'] for r in rows):.2f},"
            f" p95 {statistics.median(r['render_p95'] for r in rows):.2f},"
            f" sum {statistics.median(r['render_sum'] for r in rows):.0f}"
        )
    if any(r["scripts"] for r in rows):
        print(
            f"{name}: the page's script tasks that painted nothing, medians of the runs, thread ms at 1x:"
            f" p95 {statistics.median(r['script_p95'] for r in rows):.2f},"
            f" p99 {statistics.median(r['script_p99'] for r in rows):.2f},"
            f" longest {statistics.median(r['script_max'] for r in rows):.2f},"
            f" the ten longest {statistics.median(r['script_top10'] for r in rows):.1f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--actions", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--site", type=Path, help="serve this built bundle instead of dist/ (rebuilt if stale)"
    )
    parser.add_argument("--query", default="", help="the boot's page: '' is the front page")
    args = parser.parse_args()
    proc, url = start_server(args.site)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            show("boot", [boot(browser, url, args.query) for _ in range(args.runs)])
            show("play", [play(browser, url, args.actions, args.seed) for _ in range(args.runs)])
            browser.close()
    finally:
        stop_server(proc)


if __name__ == "__main__":
    main()
