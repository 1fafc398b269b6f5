"""The page's sources: its config, and nothing loaded from another origin or from "/".

What is served is the bundle tools/build.py makes of these (tests/test_build.py)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _config() -> dict[str, object]:
    return tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))


MICROPYTHON = "@micropython/micropython-webassembly-pyscript"


def test_pyscript_toml_is_the_glues_config_and_lists_no_module() -> None:
    """The page's PyScript runs only the glue (web/page/) in MicroPython: index.html's one
    Python script is `type="mpy"` with this config, and imports the glue. The glue's
    modules are picked up by glob into [files] (tools/build.py), never listed one by one;
    the app's own Python runs in the app worker (web/static/app-worker.mjs)."""
    assert _config()["files"] == {}
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    assert re.findall(r"<script type=\"(?:py|mpy)\"[^>]*>", html) == [
        '<script type="mpy" config="./pyscript.toml">'
    ]
    assert "    import web.page.glue" in html
    assert (ROOT / "web" / "page" / "glue.py").is_file()
    assert '<meta name="caravan-app-worker" content="./web/static/app-worker.mjs">' in html


def test_interpreter_is_the_local_micropython_and_the_workers_boot_the_local_pyodide() -> None:
    """No CDN: the page boots offline and makes no request off its origin (the
    build ships the npm packages' files under a versioned path). The page's
    interpreter is the pinned npm MicroPython; the workers boot the local Pyodide
    through our module, from the build's memory snapshot and without it if they
    must (web/static/pyodide-boot.mjs)."""
    assert _config()["interpreter"] == f"./node_modules/{MICROPYTHON}/micropython.mjs"
    lock = (ROOT / "package-lock.json").read_text(encoding="utf-8")
    assert f'"node_modules/{MICROPYTHON}"' in lock
    module = (ROOT / "web" / "static" / "pyodide-boot.mjs").read_text(encoding="utf-8")
    imports = re.findall(r'^import .* from "([^"]*)";', module, flags=re.M)
    assert imports == ["./node_modules/pyodide/pyodide.mjs"]
    assert re.search(r"^export async function loadPyodide\(", module, flags=re.M)
    assert re.search(r"^export \{ version \};", module, flags=re.M)
    assert not re.search(r"https?://", module), "the interpreter module names another origin"
    for worker in ("app-worker.mjs", "bot-worker.mjs"):
        text = (ROOT / "web" / "static" / worker).read_text(encoding="utf-8")
        imported = re.findall(r'^import .* from "([^"]*)";', text, flags=re.M)
        assert imported == ["./web/static/pyodide-boot.mjs"], worker
        assert not re.search(r"https?://", text), f"{worker} names another origin"


def test_index_html_loads_only_relative_paths_of_its_own_origin() -> None:
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    refs = re.findall(r'(?:src|href|config)="([^"]*)"', html)
    assert "./node_modules/@pyscript/core/dist/core.js" in refs
    assert "./web/static/boot.js" in refs
    assert "./web/static/manifest.webmanifest" in refs
    for ref in refs:
        assert ref.startswith("./"), f"index.html refers to {ref}: only ./ paths work under any site path"
    assert not re.search(r"https?://", html), "index.html names another origin"


def test_index_html_has_the_boot_elements_of_the_contract() -> None:
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    for needle in (
        'data-screen="loading"',
        'id="loading"',
        'id="boot-progress"',
        'id="boot-error"',
        'id="update"',
        'id="update-reload"',
    ):
        assert needle in html


def test_index_html_runs_no_inline_javascript() -> None:
    """The CSP allows no inline script: the only inline script is Python's."""
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    for tag in re.findall(r"<script\b[^>]*>", html):
        assert "src=" in tag or 'type="mpy"' in tag, f"inline JavaScript: {tag}"
    assert not re.search(r"\son[a-z]+=", html), "an inline event handler"


def test_manifest_is_installable_and_relative() -> None:
    """Chrome's install criteria: name, short_name, 192 and 512 px icons, start_url, display."""
    import json

    manifest = json.loads((ROOT / "web" / "static" / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["name"] and manifest["short_name"]
    assert manifest["start_url"] == "./" and manifest["scope"] == "./"
    assert manifest["display"] == "standalone" and manifest["theme_color"]
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        assert (ROOT / icon["src"]).is_file(), icon["src"]
        if icon["type"] == "image/png":
            data = (ROOT / icon["src"]).read_bytes()
            assert data[:8] == b"\x89PNG\r\n\x1a\n"
            width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
            assert f"{width}x{height}" == icon["sizes"], icon["src"]
