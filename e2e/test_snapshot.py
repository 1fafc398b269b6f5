"""A damaged boot snapshot (web/static/pyodide-boot.mjs): still valid gzip, changed inside,
written into the service worker's cache (as any same-origin code could). The page checks
the sha256 its name carries, boots Python the usual way, and drops the bad entry, so that
the next load fetches a good copy and boots from it again."""

from __future__ import annotations

import base64
import gzip
from pathlib import Path

from e2e.conftest import Tab, wait_ready_on

DIST = Path(__file__).resolve().parent.parent / "dist" / "assets"

CACHED = """async (path) => {
  const url = new URL(path, location.href).href;
  for (const name of await caches.keys()) {
    if (name.startsWith('caravan:') && await (await caches.open(name)).match(url)) return name;
  }
  return null;
}"""
TAMPER = """async ([name, path, data]) => {
  const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
  const cache = await caches.open(name);
  await cache.put(new URL(path, location.href).href, new Response(bytes));
}"""


def _damaged(path: Path) -> bytes:
    """The snapshot with a run of its memory changed, gzipped again: a valid file, wrong inside."""
    raw = bytearray(gzip.decompress(path.read_bytes()))
    middle = len(raw) // 2
    raw[middle : middle + 4096] = bytes(4096)
    raw[1000:1004] = b"\xff\xff\xff\xff"
    return gzip.compress(bytes(raw), compresslevel=1)


def test_a_damaged_snapshot_in_the_cache_boots_anyway_and_is_dropped(tab: Tab) -> None:
    (snapshot,) = DIST.glob("pyodide-snapshot.*.gz")
    path = f"assets/{snapshot.name}"
    page = tab.page
    tab.open()
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_function(f"({CACHED})({path!r}).then(n => (window.__cache = n) !== null)")
    name = page.evaluate("window.__cache")
    page.evaluate(TAMPER, [name, path, base64.b64encode(_damaged(snapshot)).decode()])

    page.reload()
    wait_ready_on(page)
    assert page.evaluate("!!navigator.serviceWorker.controller"), "the damaged copy was not served"
    assert page.evaluate("document.documentElement.getAttribute('data-screen')") != "error"
    # The copy is dropped once its hash is found wrong, while the boot goes on: wait for it.
    page.wait_for_function(f"({CACHED})({path!r}).then(n => n === null)")

    page.reload()  # a good copy from the server
    wait_ready_on(page)
    assert page.evaluate("document.documentElement.getAttribute('data-screen')") != "error"
