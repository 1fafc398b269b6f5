"""Render web/static/icon.svg to the PNG icons the manifest names (192 and 512 px).

    .venv/bin/python tools/icons.py

Run once after changing the SVG; the PNGs are committed, so building the
bundle needs no browser. Uses the tests' Chromium (e2e/harness.py).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import sync_playwright

from e2e.harness import CHROMIUM, CHROMIUM_ARGS

STATIC = Path(__file__).resolve().parent.parent / "web" / "static"
SIZES = (192, 512)


def main() -> int:
    svg = (STATIC / "icon.svg").read_text(encoding="utf-8")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for size in SIZES:
            page = browser.new_page(viewport={"width": size, "height": size})
            sized = svg.replace("<svg ", f'<svg width="{size}" height="{size}" ', 1)
            page.set_content(f'<html><body style="margin:0">{sized}</body></html>')
            out = STATIC / f"icon-{size}.png"
            page.screenshot(
                path=str(out), omit_background=True, clip={"x": 0, "y": 0, "width": size, "height": size}
            )
            print(out)
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
