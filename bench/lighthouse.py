"""Lighthouse on the page: the four scores of each screen (not part of `make test`).

    .venv/bin/python bench/lighthouse.py [--runs 1] [--preset mobile,desktop] [--screens new-game,game]
                                         [--site DIR] [--headers NETLIFY_TOML]

The built bundle (dist/, rebuilt if stale) is served by tools/serve.py with
netlify.toml's headers (its Content-Security-Policy among them), under
/caravan/, as the browser tests serve it. npm `lighthouse` (pinned in
bench/lighthouse/package.json, installed there by its first run with `npm ci`,
out of the project's own packages so that `make test` never downloads it;
$CARAVAN_LIGHTHOUSE names another CLI)
runs headless Chromium (/usr/bin/chromium or $CARAVAN_CHROMIUM, through
chrome-launcher's CHROME_PATH) on each screen:
- `new-game`: the page opened fresh (no saved game): the front page;
- `game`: `?seed=1&autostart=2`: a 2-player game at its first action.

Printed per screen and preset (median over `--runs`, each run a fresh
profile): Accessibility, SEO, Best practices and Performance (0-100), the
largest contentful paint (LCP), first contentful paint and total blocking
time as Lighthouse simulates them on its throttled link and CPU (its
default), the LCP as seen in the unthrottled run ("LCP seen": the
simulation counts every big download that starts before the paint, the
preloaded app zip among them, even when the paint does not wait for it),
then every audit of the first three categories that did not pass (with
the console's deprecation messages: the SharedArrayBuffer warning of
pyodide.asm.mjs shows there), so a score below 100 says why.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from e2e.harness import CHROMIUM, CHROMIUM_ARGS, start_server, stop_server

SCREENS = {"new-game": "", "game": "?seed=1&autostart=2"}
CATEGORIES = ("accessibility", "seo", "best-practices", "performance")
METRICS = ("largest-contentful-paint", "first-contentful-paint", "total-blocking-time")


def lighthouse_cli() -> str:
    """The CLI: $CARAVAN_LIGHTHOUSE, else bench/lighthouse/'s own install (made on first use)."""
    cli = os.environ.get("CARAVAN_LIGHTHOUSE")
    if not cli:
        here = Path(__file__).resolve().parent / "lighthouse"
        cli = str(here / "node_modules" / ".bin" / "lighthouse")
        if not Path(cli).exists():
            print("bench/lighthouse.py: npm ci in bench/lighthouse/ (once)", flush=True)
            subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=here, check=True)
    if not Path(cli).exists() and shutil.which(cli) is None:
        sys.exit(f"bench/lighthouse.py: no lighthouse CLI at {cli}: run `npm ci` in bench/lighthouse/")
    return cli


def run_once(cli: str, url: str, preset: str) -> dict[str, Any]:
    """One Lighthouse run on ``url``: its JSON report (the ``lhr``)."""
    flags = [f for f in CHROMIUM_ARGS if f != "--headless"] + ["--headless=new"]
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "report.json"
        cmd = [
            cli,
            url,
            "--output=json",
            f"--output-path={out}",
            "--quiet",
            f"--only-categories={','.join(CATEGORIES)}",
            f"--chrome-flags={' '.join(flags)}",
            "--max-wait-for-load=90000",
            # Its gatherer reads every response body over CDP, and the 9.6 MB wasm's
            # times out (PROTOCOL_TIMEOUT); it scores no category shown here but performance.
            "--skip-audits=uses-text-compression",
        ]
        if preset == "desktop":
            cmd.append("--preset=desktop")
        env = {**os.environ, "CHROME_PATH": CHROMIUM}
        proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=600)
        if not out.exists():
            raise RuntimeError(f"lighthouse failed ({proc.returncode}): {proc.stderr[-2000:]}")
        report: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
        if report.get("runtimeError"):  # a gatherer failed; the scores it did not need stand
            print(f"    (lighthouse: {report['runtimeError'].get('message')})", flush=True)
        return report


def failing(report: dict[str, Any]) -> list[str]:
    """The audits of Accessibility, SEO and Best practices below full marks, in words."""
    out = []
    for cat in CATEGORIES[:3]:
        for ref in report["categories"][cat]["auditRefs"]:
            audit = report["audits"][ref["id"]]
            if ref.get("weight", 0) == 0 or audit.get("score") in (None, 1):
                continue
            line = f"{cat}: {audit['id']} ({audit.get('score')}): {audit.get('title', '')}"
            items = (audit.get("details") or {}).get("items") or []
            for item in items[:4]:
                said = item.get("value") or item.get("description") or item.get("source") or ""
                if isinstance(said, dict):
                    said = said.get("formattedDefault") or said.get("url") or json.dumps(said)[:160]
                line += f"\n      {str(said)[:200]}"
            out.append(line)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=1)
    ap.add_argument("--preset", default="mobile,desktop", help="mobile (Lighthouse's default), desktop")
    ap.add_argument("--screens", default=",".join(SCREENS))
    ap.add_argument("--site", type=Path, default=None, help="another built bundle (an older release's dist/)")
    ap.add_argument("--headers", type=Path, default=None, help="another netlify.toml whose headers to send")
    args = ap.parse_args()
    cli = lighthouse_cli()
    proc, base = start_server(args.site, headers=args.headers)
    try:
        rows = []
        for screen in args.screens.split(","):
            for preset in args.preset.split(","):
                # A run whose trace Lighthouse failed to record (NO_NAVSTART) has no
                # metrics: it is run again, at most three tries a wanted run.
                reports = []
                for _ in range(3 * args.runs):
                    report = run_once(cli, base + SCREENS[screen], preset)
                    if "numericValue" in report["audits"][METRICS[0]]:
                        reports.append(report)
                    if len(reports) == args.runs:
                        break
                if not reports:
                    print(f"{screen} {preset}: no run of Lighthouse recorded a trace", flush=True)
                    continue
                scores = {
                    c: statistics.median(round(100 * (r["categories"][c]["score"] or 0)) for r in reports)
                    for c in CATEGORIES
                }
                metrics = {
                    m: statistics.median(r["audits"][m]["numericValue"] for r in reports) for m in METRICS
                }
                observed = statistics.median(
                    r["audits"]["metrics"]["details"]["items"][0]["observedLargestContentfulPaint"]
                    for r in reports
                )
                rows.append((screen, preset, scores, metrics))
                print(
                    f"{screen:9} {preset:8} accessibility {scores['accessibility']:3.0f}  "
                    f"seo {scores['seo']:3.0f}  best-practices {scores['best-practices']:3.0f}  "
                    f"performance {scores['performance']:3.0f}  "
                    f"LCP {metrics[METRICS[0]] / 1000:.2f} s  FCP {metrics[METRICS[1]] / 1000:.2f} s  "
                    f"TBT {metrics[METRICS[2]] / 1000:.2f} s  LCP seen {observed / 1000:.2f} s  "
                    f"({args.runs} run(s), median)",
                    flush=True,
                )
                for line in failing(reports[0]):
                    print(f"    {line}", flush=True)
    finally:
        stop_server(proc)


if __name__ == "__main__":
    main()
