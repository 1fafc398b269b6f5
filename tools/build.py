"""Build the static bundle in dist/: exactly what a static host serves.

    python3 tools/build.py [--out DIR]     (make dist)

- `caravan/` and `web/` (every module, subpackages too, found recursively, except the
  terminal-only ones) go in as one zip of sources and byte-code compiled by
  Pyodide's own Python (3.14 .pyc, unchecked-hash), run under Node.js from the
  pinned npm `pyodide` package (tools/pyc.mjs). PyScript writes it to the
  page's file system (`[files] "./assets/app.<hash>.zip" = "./caravan-app.zip"`)
  and index.html imports from it (zipimport): unpacking it would import
  `zipfile` and `shutil`, compiled from source, at every boot.
- The gettext catalogues (caravan/locale/*/LC_MESSAGES/caravan.po) are
  compiled to .mo (tools/i18n.py, standard library) into the app zip, where
  caravan/catalogues.py reads them. The boot screen's texts
  (web/words/boot_text.py) in every language go into index.html as a JSON table
  (`<script type="application/json" id="caravan-words">`) for boot.js, and
  the manifest is written once per language (`manifest.webmanifest` in
  English, `manifest.<lang>.webmanifest`), its name and description
  translated; boot.js points `<link rel="manifest">` at the one shown.
- The page's Python runs in the app worker (web/static/app-worker.mjs); the
  page's thread runs only the glue (web/page/) in MicroPython through PyScript
  (`<script type="mpy">`). Python boots from a memory snapshot of Pyodide's
  start and of the import of the workers' modules from the app zip (about
  1.5 s less per boot), taken under Node.js by tools/snapshot.mjs, gzipped
  into `assets/pyodide-snapshot.<hash>.gz`, and kept in node_modules/.cache/
  so that a rebuild writes the same bytes; a new app zip takes a new one.
  Both workers boot through our module web/static/pyodide-boot.mjs, which
  restores it (and starts Python the usual way if it cannot) and re-seeds
  `random`. String hashing is not randomised (PYTHONHASHSEED=0): a hash
  secret in a file everyone downloads would be no secret.
- The app worker and the bot worker (docs/WORKER.md) get the bundle's paths
  of Pyodide and the app zip, then their content-hashed names, which
  index.html's `<meta name="caravan-app-worker">` and `<meta
  name="caravan-bot-worker">` carry.
- The glue's modules (web/page/**/*.py) go in as they are, each under a
  content-hashed name in assets/, listed in the mpy config's [files] with the
  path MicroPython imports it from (`./web/page/glue.py`); they are in the app
  zip too, like every module of web/.
- Our own assets get content-hashed names under `assets/`; the runtime goes to
  `runtime/pyodide-<version>/`, `runtime/pyscript-<version>/` and
  `runtime/micropython-<version>/`. Only `index.html`, `sw.js` and
  `manifest.webmanifest` keep fixed names.
- The page's PyScript config (pyscript.toml: MicroPython's) is inlined into
  index.html as JSON, and the Content-Security-Policy of netlify.toml is
  copied into a `<meta>` (GitHub Pages sends no headers).
- The service worker's precache list is every file the build wrote, and its
  release id (a hash of them all and of sw.js itself) is stamped into
  index.html (`<meta name="caravan-release">`): a worker caches an index.html
  only if it carries the worker's own release, so a deploy landing while a
  worker installs never mixes two releases in one cache.

Every URL is relative, so the bundle works under any path. Standard library
only: this runs with the system python3 before any venv exists.
"""

from __future__ import annotations

import argparse
import ast
import gettext
import gzip
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import urllib.parse
from dataclasses import dataclass
from pathlib import Path

try:
    import tomllib
except ImportError:  # Python 3.10 or older
    sys.exit(
        "make dist: needs Python 3.11 or newer (it reads TOML with tomllib), this is "
        + sys.version.split()[0]
    )

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # run as a script: tools/ itself is on the path, not the tree
from tools import i18n  # noqa: E402  # the catalogues (standard library)

PACKAGES = ("caravan", "web")
# Modules only the terminal game uses; the page never imports them
# (tests/test_build.py checks that).
EXCLUDED = frozenset({"caravan/__main__.py", "caravan/arena.py", "caravan/terminal.py", "caravan/text.py"})
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
# @pyscript/core's dist/ files the page never loads (seen: the requests of a
# boot and a game): source maps, the empty service worker, the editor and
# terminal chunks (CodeMirror, xterm, MicroPython), the TOML parser (the
# config is inlined as JSON), the package graph (no packages), zip.js and
# storage.js. The browser tests fail on a 404, so a chunk wrongly left out
# here cannot go unnoticed.
PYSCRIPT_SKIP = re.compile(
    r"(\.map$|^service-worker\.js$|^codemirror|^index-|^xterm|^mpy-|^py-[A-Za-z0-9_-]{8}\.js$"
    r"|^toml-|^pyodide_graph-|^zip-|^storage\.js$)"
)
MICROPYTHON = "@micropython/micropython-webassembly-pyscript"
# PyScript's `mpy` interpreter (pyscript.toml): the module and the wasm it loads beside it.
MICROPYTHON_FILES = ("micropython.mjs", "micropython.wasm")
NODE_PACKAGES = ("pyodide", "@pyscript/core", MICROPYTHON)
MIN_NODE = 18
# CSP directives a <meta> cannot carry (browsers ignore them there and warn).
META_CSP_DROP = ("frame-ancestors", "report-uri", "report-to", "sandbox")
STATIC = Path("web/static")
BOT_WORKER = STATIC / "bot-worker.mjs"
APP_WORKER = STATIC / "app-worker.mjs"
# The module both workers boot Pyodide through, and the memory snapshot it restores.
PYODIDE_BOOT = STATIC / "pyodide-boot.mjs"
SNAPSHOT = Path("pyodide-snapshot.gz")
# Where both workers write the app zip in Pyodide's file system and put it on
# sys.path (PYODIDE_BOOT's putApp, which holds the same path), and the modules
# the snapshot holds imported from it: each worker's own, but for the one
# module that imports `js` (web/worker/entry.py).
ZIP_PATH = "/home/pyodide/caravan-app.zip"
SNAPSHOT_IMPORTS = ("web.worker.driver", "web.worker.warmup", "web.bots.botworker")
# The glue's package, which the page's MicroPython imports (pyscript.toml [files]).
PAGE_PACKAGE = Path("web/page")
# index.html names the workers for the page's boot script (boot.js starts them).
WORKER_METAS = {
    "caravan-app-worker": APP_WORKER,
    "caravan-bot-worker": BOT_WORKER,
}
# index.html's release stamp; sw.js refuses an index.html that names another release.
RELEASE_META = '<meta name="caravan-release" content="{}">'
RELEASE_STAMP = re.compile(r'<meta name="caravan-release" content="([0-9a-f]*)">')
# The inputs of a build: ensure_built() rebuilds when any of them changed.
INPUT_GLOBS = (
    "caravan/**/*.py",
    "web/**/*.py",
    "docs/RULES.md",
    "docs/HOWTO.md",
    "docs/rules/*.md",
    "web/*.css",
    "web/static/*",
    "index.html",
    "pyscript.toml",
    "netlify.toml",
    "package-lock.json",
    "tools/build.py",
    "tools/pyc.mjs",
    "tools/snapshot.mjs",
    "tools/i18n.py",
    "tools/prerender.py",
    "caravan/locale/*/LC_MESSAGES/*.po",
)


class BuildError(Exception):
    """Something the person running `make dist` has to fix."""


@dataclass(frozen=True)
class Bundle:
    out: Path
    version: str
    files: tuple[str, ...]  # every file written, relative, "/"-separated
    precache: tuple[str, ...]  # what the service worker caches: "./" + each file but sw.js
    python: str  # Pyodide's Python version the byte-code was compiled by

    @property
    def size(self) -> int:
        return sum((self.out / f).stat().st_size for f in self.files)


def page_modules(root: Path = ROOT) -> list[str]:
    """Every module the page may import, relative to root: all of caravan/ and web/ but EXCLUDED."""
    found = [p.relative_to(root).as_posix() for pkg in PACKAGES for p in sorted((root / pkg).rglob("*.py"))]
    return [f for f in found if f not in EXCLUDED]


def reference_docs(root: Path = ROOT) -> list[str]:
    """The rules reference and the how-to-play in every language, which the
    page renders from their Markdown (web/words/rulesdoc.py): shipped in the app zip
    at the same paths."""
    found = [root / "docs" / "RULES.md", root / "docs" / "HOWTO.md"]
    found += sorted((root / "docs" / "rules").glob("*.md"))
    return [p.relative_to(root).as_posix() for p in found]


def locked_versions(root: Path) -> dict[str, str]:
    """The versions of the runtime packages pinned in package-lock.json."""
    lock_file = root / "package-lock.json"
    if not lock_file.is_file():
        raise BuildError(f"{lock_file} is missing")
    packages = json.loads(lock_file.read_text(encoding="utf-8")).get("packages", {})
    out = {}
    for name in NODE_PACKAGES:
        version = packages.get(f"node_modules/{name}", {}).get("version")
        if not version:
            raise BuildError(f"package-lock.json does not pin {name}")
        out[name] = str(version)
    return out


def check_node_modules(root: Path, versions: dict[str, str]) -> None:
    for name, wanted in versions.items():
        manifest = root / "node_modules" / name / "package.json"
        if not manifest.is_file():
            raise BuildError(f"node_modules/{name} is missing: run `npm ci` (make dist does)")
        found = json.loads(manifest.read_text(encoding="utf-8")).get("version")
        if found != wanted:
            raise BuildError(
                f"node_modules/{name} is {found} but package-lock.json pins {wanted}: run `npm ci`"
            )


def node_binary() -> str:
    node = shutil.which("node")
    if node is None:
        raise BuildError(
            f"Node.js is not installed (need {MIN_NODE}+ to compile the byte-code): install `node`"
        )
    try:
        text = subprocess.run([node, "--version"], capture_output=True, text=True, check=True).stdout.strip()
        major = int(text.lstrip("v").split(".")[0])
    except (OSError, subprocess.CalledProcessError, ValueError) as e:
        raise BuildError(f"cannot run `node --version`: {e}") from e
    if major < MIN_NODE:
        raise BuildError(f"Node.js {text} is too old: need {MIN_NODE} or newer")
    return node


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _hashed(name: str, data: bytes) -> str:
    stem, dot, ext = name.partition(".")
    return f"assets/{stem}.{_digest(data)[:12]}{dot}{ext}"


def _kept(root: Path, name: str, ext: str, digests: list[str]) -> Path:
    """Where node_modules/.cache/ (emptied by `npm ci`) keeps what the build made from
    inputs with these ``digests`` (``_digest`` of each), to be used again for them."""
    key = hashlib.sha256("".join(digests).encode()).hexdigest()[:16]
    return root / "node_modules" / ".cache" / "caravan" / f"{name}.{key}.{ext}"


def _keep(kept: Path, data: bytes) -> None:
    """``data`` at ``kept`` through a file of this process's own: a build stopped while
    writing leaves no half file under kept's name, and two builds at once do not clash."""
    kept.parent.mkdir(parents=True, exist_ok=True)
    part = kept.with_name(f"{kept.name}.{os.getpid()}.tmp")
    part.write_bytes(data)
    part.replace(kept)


def compile_app(root: Path, node: str) -> tuple[bytes, str]:
    """The app zip (sources + 3.14 byte-code of page_modules) and Pyodide's Python version.

    Compiling boots Pyodide under Node (about 6 s), so a zip is kept (``_kept``)
    under the digest of everything that goes into it (the staged files,
    tools/pyc.mjs, package-lock.json) and used again for the same inputs: the
    tests build the bundle more than once from the same sources."""
    staged: dict[str, bytes] = {
        rel: (root / rel).read_bytes() for rel in page_modules(root) + reference_docs(root)
    }
    for lang, mo in catalogues(root).items():
        staged[f"caravan/locale/{lang}/LC_MESSAGES/{i18n.DOMAIN}.mo"] = mo
    digests = [
        _digest(part.read_bytes()) for part in (root / "tools" / "pyc.mjs", root / "package-lock.json")
    ]
    digests += [f"{rel}\0{_digest(staged[rel])}" for rel in sorted(staged)]
    kept = _kept(root, "app", "zip", digests)
    version = kept.with_suffix(".python")
    if kept.is_file() and version.is_file():
        return kept.read_bytes(), version.read_text(encoding="utf-8")
    with tempfile.TemporaryDirectory(prefix="caravan-build-") as tmp:
        stage = Path(tmp) / "stage"
        for rel, content in staged.items():
            (stage / rel).parent.mkdir(parents=True, exist_ok=True)
            (stage / rel).write_bytes(content)
        out = Path(tmp) / "app.zip"
        proc = subprocess.run(
            [node, str(root / "tools" / "pyc.mjs"), str(stage), str(out)],
            cwd=root,
            capture_output=True,
            text=True,
        )
        if proc.returncode != 0 or not out.is_file():
            raise BuildError(f"compiling the Python byte-code with Pyodide failed:\n{proc.stderr.strip()}")
        report = json.loads(proc.stdout.strip().splitlines()[-1])
        data, python = out.read_bytes(), str(report["python"])
    _keep(version, python.encode())  # before the zip, whose presence says both are there
    _keep(kept, data)
    return data, python


def pyodide_snapshot(root: Path, node: str, app: bytes) -> bytes:
    """The gzipped memory snapshot of Pyodide's Python just after its start and
    the import of SNAPSHOT_IMPORTS from ``app`` (tools/snapshot.mjs), which both
    workers boot from (web/static/pyodide-boot.mjs).

    Two snapshots of one Pyodide differ in a few bytes (its entropy pool, a
    clock), so the first one taken for this node_modules/ and this app zip is
    kept (``_kept``) and used again: a rebuild writes the same bundle."""
    script = root / "tools" / "snapshot.mjs"
    inputs = (script, root / "node_modules" / "pyodide" / "pyodide.asm.wasm", root / "package-lock.json")
    digests = [_digest(part.read_bytes()) for part in inputs]
    digests += [_digest(app), ZIP_PATH, ",".join(SNAPSHOT_IMPORTS)]
    kept = _kept(root, "pyodide-snapshot", "gz", digests)
    if kept.is_file():
        return kept.read_bytes()
    with tempfile.TemporaryDirectory(prefix="caravan-build-") as tmp:
        raw = Path(tmp) / "snapshot.bin"
        zipped = Path(tmp) / "app.zip"
        zipped.write_bytes(app)
        command = [node, str(script), str(raw), str(zipped), ZIP_PATH, ",".join(SNAPSHOT_IMPORTS)]
        proc = subprocess.run(command, cwd=root, capture_output=True, text=True)
        if proc.returncode != 0 or not raw.is_file():
            raise BuildError(f"taking Pyodide's memory snapshot failed:\n{proc.stderr.strip()}")
        data = gzip.compress(raw.read_bytes(), compresslevel=6, mtime=0)
    _keep(kept, data)
    return data


def catalogues(root: Path) -> dict[str, bytes]:
    """Each translation's compiled catalogue (.mo bytes), by language."""
    out = {}
    for lang in i18n.LANGUAGES:
        po = root / "caravan" / "locale" / lang / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"
        if po.is_file():
            out[lang] = i18n.compile_po(po)
    return out


def boot_texts(root: Path) -> dict[str, str]:
    """web/words/boot_text.py's BOOT table (key -> English), read from its syntax tree: not imported."""
    tree = ast.parse((root / "web" / "words" / "boot_text.py").read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.target.id == "BOOT":
            table = node.value
            if isinstance(table, ast.Dict):
                out = {}
                for key, value in zip(table.keys, table.values, strict=True):
                    if not (isinstance(key, ast.Constant) and isinstance(value, ast.Call) and value.args):
                        raise BuildError('web/words/boot_text.py: BOOT\'s entries are "key": N_("text")')
                    out[str(key.value)] = str(ast.literal_eval(value.args[0]))
                return out
    raise BuildError("web/words/boot_text.py has no BOOT table")


def boot_words(root: Path) -> dict[str, dict[str, str]]:
    """The boot screen's texts in every language (English where one is not translated)."""
    english = boot_texts(root)
    words = {"en": dict(english)}
    for lang, mo in catalogues(root).items():
        t = gettext.GNUTranslations(io.BytesIO(mo))
        words[lang] = {key: t.gettext(text) for key, text in english.items()}
    for lang, table in words.items():
        table["manifest.href"] = "./" + manifest_name(lang)
    return words


def manifest_name(lang: str) -> str:
    return "manifest.webmanifest" if lang == "en" else f"manifest.{lang}.webmanifest"


def _words_script(words: dict[str, dict[str, str]]) -> str:
    data = json.dumps(words, ensure_ascii=False, separators=(",", ":"), sort_keys=True).replace("</", "<\\/")
    return f'<script type="application/json" id="caravan-words">{data}</script>'


SCREEN_TAG = '<main id="screen"></main>'
FRONT_ROOT = '<div class="front">'  # web/app/newgame_screen.py draws the front page in it


def prerendered(root: Path) -> tuple[dict[str, str], str, str]:
    """The front page in every language and the empty board's SVG file, drawn
    by the page's own Python (tools/prerender.py, run on ``root``'s sources
    in a process of its own)."""
    proc = subprocess.run(
        [sys.executable, str(root / "tools" / "prerender.py")],
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
    )
    if proc.returncode != 0:
        raise BuildError(f"tools/prerender.py failed: {proc.stderr[-2000:]}")
    drawn = json.loads(proc.stdout)
    pages: dict[str, str] = drawn["front"]
    board: str = drawn["board"]
    digest: str = drawn["front_digest"]
    return pages, board, digest


_PICTURE = re.compile(r'(<div class="front-picture">)<svg .*?</svg>(</div>)', re.S)
_EMPTY_PICTURE = r"\1\2"


def _with_front_pages(html: str, pages: dict[str, str], board: str = "", digest: str = "") -> str:
    """The English front page in ``#screen`` (its fields inert), and one ``<template
    data-front="xx">`` per other language after it, without the board's
    picture (14 kB each: web/static/front.js lends them the English one until
    Python draws the live page): while Python boots, first-paint.js shows it (first
    paint) and front.js swaps in the language shown. ``board``: the empty
    board's SVG (tools/prerender.py ``empty_board``), as an image in ``#screen``
    beside the front page (``div.opening``), which the CSS shows instead when
    first-paint.js says the page opens a game. A data: URL (4 kB gzipped in the
    page), so that it is in the first paint, not after a request queued behind
    the runtime's downloads. In English only, as the front page's picture
    that front.js lends the other languages: its cities' names are the
    live board's in the other languages once Python has drawn it. ``digest``: the
    English page's as the app draws it live (tools/prerender.py ``front_digest``),
    by which web/static/patch.js knows the drawing for the app's first frame and
    takes it over instead of drawing it again."""
    if html.count(SCREEN_TAG) != 1:
        raise BuildError(f"index.html needs exactly one {SCREEN_TAG}")
    # The English page's own root, marked: no box around it, so that taking it over
    # (patch.js `whole`) changes attributes only, where moving its 600-odd nodes out of
    # a box took each of them out of the layout and back.
    if not pages["en"].startswith(FRONT_ROOT):
        raise BuildError(f"the front page must start with {FRONT_ROOT}")
    marked = f' data-digest="{digest}"' if digest else ""
    english = f'<div class="front prerendered" data-front="en"{marked}>{pages["en"][len(FRONT_ROOT) :]}'
    opening = ""
    if board:
        # The board's place in the game screen's layout (web/app/view.py), under an
        # empty row of the banner's height, so that the image sits where the live
        # board will and has its size. Before the front page, so that the parser
        # reaches it early.
        url = "data:image/svg+xml," + urllib.parse.quote(board, safe=" =:/;,'()-._!*~")
        opening = (
            '<div class="opening"><div class="banner-row opening-banner"></div>'
            '<div class="layout"><div class="board-wrap">'
            f'<img class="opening-board" src="{url}" alt="" width="730" height="730" decoding="sync">'
            "</div></div></div>"
        )
    templates = "".join(
        f'\n<template data-front="{lang}">{_PICTURE.sub(_EMPTY_PICTURE, markup, count=1)}</template>'
        for lang, markup in pages.items()
        if lang != "en"
    )
    return html.replace(SCREEN_TAG, f'<main id="screen">{opening}{english}</main>{templates}')


def csp(root: Path) -> str:
    """The Content-Security-Policy that netlify.toml sends for every path."""
    config = tomllib.loads((root / "netlify.toml").read_text(encoding="utf-8"))
    for rule in config.get("headers", []):
        if rule.get("for") == "/*" and "Content-Security-Policy" in rule.get("values", {}):
            return str(rule["values"]["Content-Security-Policy"])
    raise BuildError('netlify.toml has no Content-Security-Policy for "/*"')


def meta_csp(policy: str) -> str:
    kept = [d.strip() for d in policy.split(";") if d.strip() and d.split()[0] not in META_CSP_DROP]
    return "; ".join(kept)


def glue_modules(root: Path = ROOT) -> list[str]:
    """The glue's modules, which the page's MicroPython imports: every web/page/**/*.py."""
    return [p.relative_to(root).as_posix() for p in sorted((root / PAGE_PACKAGE).rglob("*.py"))]


def _py_config(root: Path, paths: dict[str, str]) -> str:
    """pyscript.toml as the inline JSON config, with the bundle's paths: its
    interpreter, and in [files] every glue module (glue_modules), fetched from
    its hashed copy and written where MicroPython imports it from."""
    config = tomllib.loads((root / "pyscript.toml").read_text(encoding="utf-8"))
    interpreter = str(config.get("interpreter", ""))
    if interpreter not in paths or not paths[interpreter].startswith("./runtime/"):
        raise BuildError(f"pyscript.toml's interpreter {interpreter!r} is not a runtime file")
    files = {}
    for source, target in dict(config.get("files", {})).items():
        if source not in paths:
            raise BuildError(f"pyscript.toml [files] names {source}, which the build does not know")
        files[paths[source]] = target
    modules = glue_modules(root)
    if f"{PAGE_PACKAGE.as_posix()}/glue.py" not in modules:
        raise BuildError(f"{PAGE_PACKAGE}/glue.py is missing: index.html imports web.page.glue")
    for rel in modules:
        if paths[f"./{rel}"] in files:
            raise BuildError(f"pyscript.toml [files] lists {rel}: the build adds every glue module itself")
        files[paths[f"./{rel}"]] = f"./{rel}"
    return json.dumps({**config, "interpreter": paths[interpreter], "files": files}, separators=(",", ":"))


def _rewrite_html(root: Path, html: str, paths: dict[str, str], policy: str) -> str:
    def swap(match: re.Match[str]) -> str:
        attr, value = match.group(1), match.group(2)
        if value.startswith(("data:", "#")):  # "#good-I": a pictogram's <use> in the front page's board
            return match.group(0)
        if attr == "config":
            if value != "./pyscript.toml":
                raise BuildError(f"index.html: config={value!r}, expected ./pyscript.toml")
            return f"config='{_py_config(root, paths)}'"
        if value not in paths:
            raise BuildError(f"index.html refers to {value}, which the build does not ship")
        return f'{attr}="{paths[value]}"'

    html = re.sub(r'\b(src|href|config)="([^"]*)"', swap, html)
    for name, module in WORKER_METAS.items():
        source = f"./{module.as_posix()}"
        tag = f'<meta name="{name}" content="{source}">'
        if html.count(f'<meta name="{name}"') != 1 or tag not in html or source not in paths:
            raise BuildError(f"index.html needs one {tag}")
        html = html.replace(tag, f'<meta name="{name}" content="{paths[source]}">')
    meta = f'<meta http-equiv="Content-Security-Policy" content="{meta_csp(policy)}">'
    meta += "\n" + RELEASE_META.format("")  # filled in by write_service_worker
    if html.count('<meta charset="utf-8">') != 1:
        raise BuildError('index.html needs exactly one <meta charset="utf-8">')
    return html.replace('<meta charset="utf-8">', '<meta charset="utf-8">\n' + meta, 1)


def _relinked(root: Path, module: Path, sources: tuple[str, ...], paths: dict[str, str]) -> bytes:
    """A module of web/static/ (a worker, the interpreter module) with the
    paths it names (``sources``) made the bundle's.

    The module lands in assets/ and resolves its URLs against itself, so each
    path is rewritten relative to assets/; its content hash then names the
    files it loads: a new app zip is a new worker."""
    text = (root / module).read_text(encoding="utf-8")
    for source in (json.dumps(s) for s in sources):
        if source not in text:
            raise BuildError(f"{module} must name {source}")
        target = paths[source.strip('"')].removeprefix("./")
        relative = "./" + target.removeprefix("assets/") if target.startswith("assets/") else "../" + target
        text = text.replace(source, json.dumps(relative))
    return text.encode()


def _manifest(root: Path, paths: dict[str, str], words: dict[str, str] | None = None) -> bytes:
    """The web app manifest with the bundle's icon paths; with ``words`` (one
    language's boot texts), its name and description in that language."""
    data = json.loads((root / STATIC / "manifest.webmanifest").read_text(encoding="utf-8"))
    for icon in data.get("icons", []):
        icon["src"] = paths[icon["src"]]
    if words is not None:
        data["name"] = data["short_name"] = words["manifest.name"]
        data["description"] = words["manifest.description"]
        data["lang"] = words["lang"]
    return (json.dumps(data, indent=2, ensure_ascii=False) + "\n").encode()


def release_of(html: str) -> str | None:
    """The release id stamped into a bundle's index.html, or None if it holds no (or an empty) stamp."""
    stamps = RELEASE_STAMP.findall(html)
    return stamps[0] if len(stamps) == 1 and stamps[0] else None


def write_service_worker(out: Path) -> tuple[str, tuple[str, ...]]:
    """Write sw.js with the precache list of every file in out and stamp index.html with the release.

    Returns (version, precache). The version is a hash of every precached
    file (index.html without its stamp) and of sw.js's template, so any
    change to the bundle is a new release with a cache of its own, and
    running this again on the same files gives the same release."""
    files = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
    files = [f for f in files if f != "sw.js"]
    index = out / "index.html"
    html = index.read_text(encoding="utf-8") if index.is_file() else ""
    if len(RELEASE_STAMP.findall(html)) != 1:
        raise BuildError(f"{index} must hold {RELEASE_META.format('')} exactly once")
    template = (ROOT / STATIC / "sw.js").read_text(encoding="utf-8")
    for marker in ('"__VERSION__"', "[] /* PRECACHE */", "0 /* MEGABYTES */"):
        if template.count(marker) != 1:
            raise BuildError(f"web/static/sw.js must hold {marker} exactly once")
    unstamped = RELEASE_STAMP.sub(RELEASE_META.format(""), html).encode()
    whole = hashlib.sha256(f"sw.js\0{_digest(template.encode())}\n".encode())
    size = 0  # bytes precached, for MEGABYTES
    for f in files:
        data = unstamped if f == "index.html" else (out / f).read_bytes()
        whole.update(f"{f}\0{_digest(data)}\n".encode())
        size += len(data)
    version = whole.hexdigest()[:16]
    precache = tuple("./" + f for f in files)
    stamped = RELEASE_STAMP.sub(RELEASE_META.format(version), html).encode()
    index.write_bytes(stamped)
    size += len(stamped) - len(unstamped)
    text = (
        template.replace('"__VERSION__"', json.dumps(version))
        .replace("[] /* PRECACHE */", json.dumps(list(precache), indent=2))
        .replace("0 /* MEGABYTES */", str(max(1, round(size / 1e6))))
    )
    (out / "sw.js").write_text(text, encoding="utf-8")
    return version, precache


def build(root: Path = ROOT, out: Path | None = None) -> Bundle:
    out = (out or root / "dist").resolve()
    if out == root.resolve() or (out / ".git").exists() or root.resolve().is_relative_to(out):
        raise BuildError(f"refusing to write the bundle into {out}")
    versions = locked_versions(root)
    check_node_modules(root, versions)
    node = node_binary()
    app, python = compile_app(root, node)

    files: dict[str, bytes] = {}
    # A path in the source tree, as index.html and pyscript.toml name it -> its path in the bundle.
    paths: dict[str, str] = {}

    pyodide_dir = f"runtime/pyodide-{versions['pyodide']}"
    for name in PYODIDE_FILES:
        src = root / "node_modules" / "pyodide" / name
        if not src.is_file():
            raise BuildError(f"node_modules/pyodide/{name} is missing: run `npm ci`")
        files[f"{pyodide_dir}/{name}"] = src.read_bytes()
        paths[f"./node_modules/pyodide/{name}"] = f"./{pyodide_dir}/{name}"
    micropython_dir = f"runtime/micropython-{versions[MICROPYTHON]}"
    for name in MICROPYTHON_FILES:
        src = root / "node_modules" / MICROPYTHON / name
        if not src.is_file():
            raise BuildError(f"node_modules/{MICROPYTHON}/{name} is missing: run `npm ci`")
        files[f"{micropython_dir}/{name}"] = src.read_bytes()
        paths[f"./node_modules/{MICROPYTHON}/{name}"] = f"./{micropython_dir}/{name}"
    pyscript_src = root / "node_modules" / "@pyscript" / "core" / "dist"
    pyscript_dir = f"runtime/pyscript-{versions['@pyscript/core']}"
    if not (pyscript_src / "core.js").is_file():
        raise BuildError("node_modules/@pyscript/core/dist/core.js is missing: run `npm ci`")
    for src in sorted(pyscript_src.iterdir()):
        if src.is_file() and not PYSCRIPT_SKIP.search(src.name):
            files[f"{pyscript_dir}/{src.name}"] = src.read_bytes()
            paths[f"./node_modules/@pyscript/core/dist/{src.name}"] = f"./{pyscript_dir}/{src.name}"

    def add(source: str, data: bytes) -> None:
        """An asset of ours under its content-hashed name, where ``source`` (a
        path as index.html, pyscript.toml or a module names it) now points."""
        name = _hashed(source.rsplit("/", 1)[-1], data)
        files[name] = data
        paths[source] = "./" + name

    add("./app.zip", app)
    kinds = (".js", ".css", ".svg", ".png")
    own = [Path("web/caravan.css")]
    own += [p.relative_to(root) for p in sorted((root / STATIC).iterdir()) if p.suffix in kinds]
    for rel in own:
        if rel.name != "sw.js":
            add(f"./{rel.as_posix()}", (root / rel).read_bytes())
    add(f"./{SNAPSHOT.name}", pyodide_snapshot(root, node, app))
    runtime = "./node_modules/pyodide/pyodide.mjs"
    add(f"./{PYODIDE_BOOT.as_posix()}", _relinked(root, PYODIDE_BOOT, (runtime, f"./{SNAPSHOT.name}"), paths))
    sources = (f"./{PYODIDE_BOOT.as_posix()}", runtime, "./app.zip")
    for worker in (APP_WORKER, BOT_WORKER):
        add(f"./{worker.as_posix()}", _relinked(root, worker, sources, paths))
    for module in glue_modules(root):
        # Named by its path in the package (web/page/a/b.py: page-a-b.<hash>.py): two modules
        # of the same bytes (empty __init__.py files) must still be two [files] entries.
        flat = "page-" + Path(module).relative_to(PAGE_PACKAGE).as_posix().replace("/", "-")
        data = (root / module).read_bytes()
        name = _hashed(flat, data)
        if name in files:
            raise BuildError(f"{module}: another glue module has the name {name}")
        files[name] = data
        paths[f"./{module}"] = "./" + name
    words = boot_words(root)
    for lang, table in words.items():
        files[manifest_name(lang)] = _manifest(root, paths, {**table, "lang": lang})
    paths[f"./{STATIC.as_posix()}/manifest.webmanifest"] = "./manifest.webmanifest"
    html = (root / "index.html").read_text(encoding="utf-8")
    boot_tag = f'<script src="./{STATIC.as_posix()}/boot.js"></script>'
    if html.count(boot_tag) != 1:
        raise BuildError(f"index.html needs exactly one {boot_tag}")
    html = html.replace(boot_tag, _words_script(words) + "\n" + boot_tag)
    html = _with_front_pages(html, *prerendered(root))
    files["index.html"] = _rewrite_html(root, html, paths, csp(root)).encode()

    if out.exists():
        shutil.rmtree(out)
    for name, data in files.items():
        (out / name).parent.mkdir(parents=True, exist_ok=True)
        (out / name).write_bytes(data)
    version, precache = write_service_worker(out)
    written = tuple(sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()))
    return Bundle(out, version, written, precache, python)


def inputs_digest(root: Path = ROOT) -> str:
    whole = hashlib.sha256()
    for pattern in INPUT_GLOBS:
        for p in sorted(root.glob(pattern)):
            if p.is_file():
                whole.update(f"{p.relative_to(root).as_posix()}\0{_digest(p.read_bytes())}\n".encode())
    return whole.hexdigest()


def _stamp(root: Path) -> Path:
    return root / "build" / "dist.stamp"


def ensure_built(root: Path = ROOT) -> Path:
    """dist/, rebuilt if any input changed since the last build (for tests and benchmarks)."""
    dist = root / "dist"
    stamp = _stamp(root)
    if (dist / "sw.js").is_file() and stamp.is_file() and stamp.read_text() == inputs_digest(root):
        return dist
    build_dist(root)
    return dist


def build_dist(root: Path = ROOT) -> Bundle:
    """Build dist/ and remember its inputs (see ensure_built)."""
    digest = inputs_digest(root)
    _stamp(root).unlink(missing_ok=True)
    bundle = build(root, root / "dist")
    _stamp(root).parent.mkdir(exist_ok=True)
    _stamp(root).write_text(digest)
    return bundle


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build Caravan's static bundle (dist/).")
    parser.add_argument("--out", type=Path, default=None, help="default: dist/")
    args = parser.parse_args(argv)
    try:
        bundle = build_dist(ROOT) if args.out is None else build(ROOT, args.out)
    except BuildError as e:
        print(f"make dist: {e}", file=sys.stderr)
        return 1
    print(
        f"{bundle.out}: {len(bundle.files)} files, {bundle.size / 1e6:.1f} MB, "
        f"release {bundle.version}, byte-code by Pyodide's Python {bundle.python}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
