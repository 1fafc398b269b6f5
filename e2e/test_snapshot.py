"""A damaged boot snapshot (web/static/pyodide-boot.mjs): still valid gzip, changed inside,
written into the service worker's cache (as any same-origin code could). The page checks
the sha256 its name carries, boots Python the usual way, and drops the bad entry, so that
the next load fetches a good copy and boots from it again."""

from __future__ import annotations

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
# The cached snapshot damaged where it lies, in the page (no 9 MB of base64 through
# the driver): unpacked, a run of its memory zeroed and four bytes near its start
# set, gzipped again: a valid file, wrong inside, put back under the same URL.
TAMPER = """async ([name, path]) => {
  const url = new URL(path, location.href).href;
  const cache = await caches.open(name);
  const good = await (await cache.match(url)).arrayBuffer();
  const unpacked = new Blob([good]).stream().pipeThrough(new DecompressionStream('gzip'));
  const raw = new Uint8Array(await new Response(unpacked).arrayBuffer());
  const middle = Math.floor(raw.length / 2);
  raw.fill(0, middle, middle + 4096);
  raw.fill(0xff, 1000, 1004);
  const packed = new Blob([raw]).stream().pipeThrough(new CompressionStream('gzip'));
  const bad = new Uint8Array(await new Response(packed).arrayBuffer());
  await cache.put(url, new Response(bad));
  return [good.byteLength, bad.byteLength, raw.length];
}"""


def test_a_damaged_snapshot_in_the_cache_boots_anyway_and_is_dropped(tab: Tab) -> None:
    (snapshot,) = DIST.glob("pyodide-snapshot.*.gz")
    path = f"assets/{snapshot.name}"
    page = tab.page
    tab.open()
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_function(f"({CACHED})({path!r}).then(n => (window.__cache = n) !== null)")
    name = page.evaluate("window.__cache")
    packed, damaged, unpacked = page.evaluate(TAMPER, [name, path])
    assert packed == snapshot.stat().st_size and damaged != packed
    assert unpacked == len(gzip.decompress(snapshot.read_bytes()))

    page.reload()
    wait_ready_on(page)
    assert page.evaluate("!!navigator.serviceWorker.controller"), "the damaged copy was not served"
    assert page.evaluate("document.documentElement.getAttribute('data-screen')") != "error"
    # The copy is dropped once its hash is found wrong, while the boot goes on: wait for it.
    page.wait_for_function(f"({CACHED})({path!r}).then(n => n === null)")

    page.reload()  # a good copy from the server
    wait_ready_on(page)
    assert page.evaluate("document.documentElement.getAttribute('data-screen')") != "error"
