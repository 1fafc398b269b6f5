"""The page loads every module it needs, and nothing from another origin."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _config() -> dict[str, object]:
    return tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))


def test_every_engine_and_web_module_is_listed_in_pyscript_toml() -> None:
    files = _config()["files"]
    assert isinstance(files, dict)
    for folder in ("caravan", "web"):
        for path in sorted((ROOT / folder).glob("*.py")):
            key = f"./{folder}/{path.name}"
            assert files.get(key) == key, f"{key} is missing from pyscript.toml [files]"


def test_every_listed_file_exists() -> None:
    files = _config()["files"]
    assert isinstance(files, dict)
    for source in files:
        assert (ROOT / source).is_file(), f"pyscript.toml lists {source}, which does not exist"


def test_interpreter_is_the_vendored_pyodide() -> None:
    assert _config()["interpreter"] == "./vendor/pyodide/pyodide.mjs"


def test_index_html_loads_only_from_its_own_origin() -> None:
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    refs = re.findall(r'(?:src|href)="([^"]*)"', html)
    assert "./vendor/pyscript/core.js" in refs
    assert "./vendor/pyscript/core.css" in refs
    assert "data:," in refs  # no favicon request
    for ref in refs:
        assert ref.startswith(("./", "data:")), f"index.html refers to {ref} outside the page's origin"
    assert not re.search(r"https?://", html), "index.html names another origin"


def test_index_html_has_the_boot_elements_of_the_contract() -> None:
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    for needle in ('data-screen="loading"', 'id="loading"', 'id="boot-progress"', 'id="boot-error"'):
        assert needle in html
