"""Copy the browser runtime (Pyodide + PyScript) from node_modules into vendor/.

The page must load its runtime from its own origin (no CDN), so the npm
packages pinned in package.json are copied into the git-ignored vendor/.
Standard library only: this runs with the system python3 before any venv.

    python3 tools/vendor.py [--root DIR]
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
from pathlib import Path

PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
PINNED = ("pyodide", "@pyscript/core")


class VendorError(Exception):
    """Something the person running `make vendor` has to fix."""


def _pins(root: Path) -> dict[str, str]:
    manifest = root / "package.json"
    if not manifest.is_file():
        raise VendorError(f"{manifest} is missing: run this from the Caravan repo (or pass --root)")
    deps = json.loads(manifest.read_text(encoding="utf-8")).get("dependencies", {})
    missing = [name for name in PINNED if name not in deps]
    if missing:
        raise VendorError(f"package.json does not pin {', '.join(missing)}")
    return {name: deps[name] for name in PINNED}


def _check_installed(root: Path, pins: dict[str, str]) -> None:
    """Refuse to vendor anything but the exact versions package.json pins."""
    for name, wanted in pins.items():
        manifest = root / "node_modules" / name / "package.json"
        if not manifest.is_file():
            raise VendorError(f"node_modules/{name} is missing: run npm ci (or make vendor)")
        found = json.loads(manifest.read_text(encoding="utf-8")).get("version")
        if found != wanted:
            raise VendorError(
                f"node_modules/{name} is {found} but package.json pins {wanted}: run npm ci (or make vendor)"
            )


def _same(src: Path, dst: Path) -> bool:
    if not dst.is_file():
        return False
    a, b = src.stat(), dst.stat()
    return a.st_size == b.st_size and int(a.st_mtime) == int(b.st_mtime)


def _copy(src: Path, dst: Path) -> bool:
    """Copy one file unless an identical one (size and mtime) is there; True if copied."""
    if _same(src, dst):
        return False
    dst.parent.mkdir(parents=True, exist_ok=True)
    tmp = dst.with_name(dst.name + ".tmp")
    shutil.copy2(src, tmp)
    tmp.replace(dst)
    return True


def _sync_tree(src: Path, dst: Path) -> tuple[int, int]:
    """Mirror src into dst (copy new/changed, delete stale); returns (copied, removed).

    PyScript's chunk names are content hashes that change with each release,
    so the whole dist/ is mirrored and old chunks are removed, never listed.
    """
    wanted = {p.relative_to(src) for p in src.rglob("*") if p.is_file()}
    copied = sum(_copy(src / rel, dst / rel) for rel in sorted(wanted))
    removed = 0
    if dst.is_dir():
        for p in sorted(dst.rglob("*"), reverse=True):
            rel = p.relative_to(dst)
            if p.is_file() and rel not in wanted:
                p.unlink()
                removed += 1
            elif p.is_dir() and not any(p.iterdir()):
                p.rmdir()
    return copied, removed


def vendor(root: Path) -> str:
    pins = _pins(root)
    _check_installed(root, pins)
    modules = root / "node_modules"
    out = root / "vendor"

    pyodide_src = modules / "pyodide"
    for name in PYODIDE_FILES:
        if not (pyodide_src / name).is_file():
            raise VendorError(f"node_modules/pyodide/{name} is missing: run npm ci (or make vendor)")
    copied = sum(_copy(pyodide_src / name, out / "pyodide" / name) for name in PYODIDE_FILES)
    stale_py = [p for p in (out / "pyodide").iterdir() if p.name not in PYODIDE_FILES]
    for p in stale_py:
        if p.is_file():
            p.unlink()

    dist = modules / "@pyscript" / "core" / "dist"
    if not (dist / "core.js").is_file():
        raise VendorError("node_modules/@pyscript/core/dist/core.js is missing: run npm ci (or make vendor)")
    ps_copied, ps_removed = _sync_tree(dist, out / "pyscript")

    (out / "VERSIONS.json").write_text(json.dumps(pins, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    total, removed = copied + ps_copied, ps_removed + len(stale_py)
    state = f"{total} file(s) copied, {removed} stale removed" if total or removed else "up to date"
    return f"vendor/: pyodide {pins['pyodide']}, @pyscript/core {pins['@pyscript/core']} ({state})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parent.parent)
    args = parser.parse_args(argv)
    try:
        print(vendor(args.root.resolve()))
    except VendorError as e:
        print(f"vendor.py: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
