"""Building and serving the bundle, and finding Chromium: shared by e2e/ and bench/browser.py.

What the browser tests and benchmarks load is the built bundle (dist/, rebuilt
when its sources changed), served by tools/serve.py with netlify.toml's
headers under a sub-path, as on a GitHub Pages project site."""

from __future__ import annotations

import fcntl
import os
import re
import selectors
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_WAIT_MS = 30_000
POLL_MS = 20
BASE = "/caravan/"  # not the server's root: nothing may assume "/"
CHROMIUM = os.environ.get("CARAVAN_CHROMIUM", "/usr/bin/chromium")
# Without the background-networking flags Chromium keeps dialling Google
# services, which on a closed network floods the log with refused connections.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def bundle() -> Path:
    """dist/, built (or rebuilt) from the current sources. One process at a
    time: under pytest-xdist every worker asks, and two rebuilding dist/ at
    once would serve a half-written bundle."""
    from tools.build import ensure_built

    lock = ROOT / "build" / "dist.lock"
    lock.parent.mkdir(exist_ok=True)
    with lock.open("w") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        return ensure_built(ROOT)


def start_server(
    site: Path | None = None,
    base: str = BASE,
    timeout: float = 20.0,
    headers: Path | None = None,
    extra: Sequence[str] = (),
) -> tuple[subprocess.Popen[str], str]:
    """Serve a bundle (default: dist/, rebuilt if stale) on a free port; returns (process, page URL).

    `headers`: the netlify.toml whose headers to send; `extra`: more arguments for tools/serve.py."""
    site = site if site is not None else bundle()
    serve = [sys.executable, str(ROOT / "tools" / "serve.py")]
    proc = subprocess.Popen(
        [*serve, "--port", "0", "--root", str(site), "--base", base]
        + (["--headers", str(headers)] if headers else [])
        + list(extra),
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    sel = selectors.DefaultSelector()
    sel.register(proc.stdout, selectors.EVENT_READ)
    deadline = time.monotonic() + timeout
    try:
        while True:
            left = deadline - time.monotonic()
            if left <= 0 or not sel.select(left):
                raise RuntimeError("tools/serve.py did not say where it is serving")
            line = proc.stdout.readline()
            if not line:
                raise RuntimeError(f"tools/serve.py exited with code {proc.wait()}")
            if line.startswith("Serving Caravan on "):
                return proc, line.split()[-1]
    except BaseException:
        proc.terminate()
        proc.wait()
        raise
    finally:
        sel.close()


# The waited-for condition, checked inside the page: after each change to the
# document (a MutationObserver) and every POLL_MS for what is not in it
# (focus, location.hash, a script's variable), until it holds or `limit` ms
# pass. EXPRESSION is spliced in as source text (an expression, or a function
# of `arg`), compiled with the rest by the DevTools protocol, which CSP does
# not govern. Answers [0, value], [1, error] or [2] (timed out).
_WAIT = """async ([arg, limit]) => {
  const check = () => { const v = (EXPRESSION); return typeof v === 'function' ? v(arg) : v; };
  return await new Promise((resolve) => {
    let done = false, observer = null, every = 0, deadline = 0;
    const finish = (answer) => {
      if (done) return;
      done = true;
      if (observer) observer.disconnect();
      clearInterval(every);
      clearTimeout(deadline);
      resolve(answer);
    };
    // A predicate may answer with a promise (caches.keys().then(...)): its value
    // decides, one at a time (a promise is not itself the truthy answer).
    let pending = false;
    const test = () => {
      if (pending) return;
      try {
        const v = check();
        if (v && typeof v.then === 'function') {
          pending = true;
          v.then((r) => { pending = false; if (r) finish([0, r]); }, (e) => finish([1, String(e)]));
        } else if (v) finish([0, v]);
      } catch (e) { finish([1, String(e)]); }
    };
    test();
    if (done) return;
    observer = new MutationObserver(test);
    observer.observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
    every = setInterval(test, POLL_MS);
    deadline = setTimeout(() => finish([2]), limit);
  });
}"""
# A wait that a navigation cut short is asked again of the next document.
_NAVIGATED = ("Execution context was destroyed", "Cannot find context with specified id")


def csp_safe(page: Any) -> Any:
    """Let `page.wait_for_function` work under the page's Content-Security-Policy.

    Playwright compiles a waited-for predicate with eval inside the page, which
    the shipped CSP refuses (its script-src has no 'unsafe-eval': checked by
    e2e/test_csp.py); `page.evaluate` goes through the DevTools protocol, which
    CSP does not govern. Tests keep the CSP on, so any violation of the page's
    own is seen; this waits for the same condition with one evaluate that
    resolves when it holds (_WAIT), not one round trip to the page every
    POLL_MS: those cost about a tenth of a boot's CPU for each boot waited for."""

    def wait_for_function(
        expression: str, *, arg: Any = None, timeout: float | None = None, polling: Any = None
    ) -> Any:
        limit_ms = timeout if timeout is not None else DEFAULT_WAIT_MS
        deadline = time.monotonic() + limit_ms / 1000
        script = _WAIT.replace("POLL_MS", str(POLL_MS)).replace("EXPRESSION", expression)
        while True:
            left_ms = max(1, round((deadline - time.monotonic()) * 1000))
            try:
                answer = page.evaluate(script, [arg, left_ms])
            except Exception as e:
                if any(text in str(e) for text in _NAVIGATED) and time.monotonic() < deadline:
                    continue
                raise
            if answer[0] == 0:
                return answer[1]
            if answer[0] == 1:
                raise AssertionError(f"{answer[1]} while waiting for: {expression}")
            raise TimeoutError(f"waited {limit_ms:.0f} ms for: {expression}")

    setattr(page, "wait_for_function", wait_for_function)  # noqa: B010 (a method, replaced on this instance)
    return page


def csp_safe_context(context: Any) -> Any:
    """csp_safe for every page of a browser context: the ones a test opens and the ones the page opens."""
    new_page = context.new_page

    def make(*args: Any, **kwargs: Any) -> Any:
        return csp_safe(new_page(*args, **kwargs))

    setattr(context, "new_page", make)  # noqa: B010 (a method, replaced on this instance)
    context.on("page", csp_safe)
    return context


def renderer_rss_kb(browser: Any) -> list[int]:
    """Resident memory of each renderer process of ``browser`` (kB, from /proc):
    the page's renderer and the others Chromium runs (bench/worker.py, bench/phone.py)."""
    cdp = browser.new_browser_cdp_session()
    info = cdp.send("SystemInfo.getProcessInfo")
    cdp.detach()
    out = []
    for proc in info["processInfo"]:
        if proc["type"] != "renderer":
            continue
        try:
            status = Path(f"/proc/{proc['id']}/status").read_text()
        except OSError:
            continue
        match = re.search(r"VmRSS:\s+(\d+) kB", status)
        if match:
            out.append(int(match.group(1)))
    return out


def stop_server(proc: subprocess.Popen[str]) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


# Every main-thread task over 50 ms from now on (the Long Tasks API), into window.__longTasks.
WATCH_LONG_TASKS = """() => {
  window.__longTasks = [];
  new PerformanceObserver(list => {
    for (const e of list.getEntries()) window.__longTasks.push(Math.round(e.duration));
  }).observe({ type: 'longtask' });
}"""
