"""Starting the dev server and finding Chromium: shared by e2e/ and bench/browser.py."""

from __future__ import annotations

import os
import selectors
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
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


def start_server(root: Path = ROOT, timeout: float = 20.0) -> tuple[subprocess.Popen[str], str]:
    """Start tools/serve.py on a free port; returns (process, base URL ending in /)."""
    proc = subprocess.Popen(
        [sys.executable, str(root / "tools" / "serve.py"), "--port", "0", "--root", str(root)],
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


def stop_server(proc: subprocess.Popen[str]) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
