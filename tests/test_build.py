"""The static bundle `make dist` writes (tools/build.py): what is in it, and that it works from any path."""

from __future__ import annotations

import ast
import gettext
import gzip
import hashlib
import io
import json
import re
import shutil
import tomllib
import urllib.parse
import zipfile
from pathlib import Path
from xml.etree import ElementTree

import pytest

from e2e.harness import bundle as built_dist
from tools import build

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN_STDLIB = ("html", "urllib", "secrets")  # compiled from source at every boot in Pyodide


@pytest.fixture(scope="module")
def bundle(tmp_path_factory: pytest.TempPathFactory) -> build.Bundle:
    return build.build(ROOT, tmp_path_factory.mktemp("dist"))


def _app_zip(bundle: build.Bundle) -> zipfile.ZipFile:
    (name,) = [f for f in bundle.files if re.fullmatch(r"assets/app\.[0-9a-f]{12}\.zip", f)]
    return zipfile.ZipFile(io.BytesIO((bundle.out / name).read_bytes()))


def _precache(bundle: build.Bundle) -> list[str]:
    sw = (bundle.out / "sw.js").read_text(encoding="utf-8")
    match = re.search(r"const PRECACHE = (\[.*?\]);", sw, re.S)
    assert match, "sw.js has no precache list"
    result: list[str] = json.loads(match.group(1))
    return result


def _imports(path: Path, package: str) -> set[str]:
    """Module names a page module imports, relative imports resolved."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = f"{package}.{base}" if base else package
            out.add(base)
            out.update(f"{base}.{alias.name}" for alias in node.names)
    return out


def test_the_service_worker_precaches_exactly_the_files_the_build_wrote(bundle: build.Bundle) -> None:
    written = sorted(p.relative_to(bundle.out).as_posix() for p in bundle.out.rglob("*") if p.is_file())
    assert sorted(_precache(bundle)) == ["./" + f for f in written if f != "sw.js"]
    sw = (bundle.out / "sw.js").read_text(encoding="utf-8")
    assert f'const VERSION = "{bundle.version}"' in sw
    # Storage that is full says how much room the game needs: this release's size, not a number kept by hand.
    size = sum((bundle.out / f).stat().st_size for f in written if f != "sw.js")
    assert f"const MEGABYTES = {round(size / 1e6)};" in sw


def test_index_html_is_stamped_with_the_release_its_service_worker_caches(bundle: build.Bundle) -> None:
    """Issue 11: the worker refuses an index.html of another release, so the page names its own."""
    html = (bundle.out / "index.html").read_text(encoding="utf-8")
    assert build.release_of(html) == bundle.version
    assert html.count('name="caravan-release"') == 1
    assert re.fullmatch(r"[0-9a-f]{16}", bundle.version)
    sw = (bundle.out / "sw.js").read_text(encoding="utf-8")
    assert f'const VERSION = "{bundle.version}"' in sw
    assert '<meta name="caravan-release" content="${VERSION}">' in sw, "sw.js checks another stamp"


def _copy(bundle: build.Bundle, tmp_path: Path) -> Path:
    site = tmp_path / "site"
    shutil.copytree(bundle.out, site)
    return site


def test_stamping_again_gives_the_same_release_and_the_same_files(
    bundle: build.Bundle, tmp_path: Path
) -> None:
    """The stamp is not part of what it names: the same files are the same release."""
    site = _copy(bundle, tmp_path)
    version, precache = build.write_service_worker(site)
    assert version == bundle.version
    assert precache == bundle.precache
    for name in ("index.html", "sw.js"):
        assert (site / name).read_bytes() == (bundle.out / name).read_bytes(), name


@pytest.mark.parametrize("change", ["index.html", "asset", "new file"])
def test_any_change_to_the_bundle_is_a_new_release_and_index_html_names_it(
    bundle: build.Bundle, tmp_path: Path, change: str
) -> None:
    site = _copy(bundle, tmp_path)
    if change == "index.html":
        index = site / "index.html"
        index.write_text(
            index.read_text(encoding="utf-8").replace("<title>", "<title>New ", 1), encoding="utf-8"
        )
    elif change == "asset":
        (site / _boot_js(bundle)).write_bytes((site / _boot_js(bundle)).read_bytes() + b"\n")
    else:
        (site / "assets" / "extra.txt").write_text("x", encoding="utf-8")
    version, precache = build.write_service_worker(site)
    assert version != bundle.version
    assert build.release_of((site / "index.html").read_text(encoding="utf-8")) == version
    assert f'const VERSION = "{version}"' in (site / "sw.js").read_text(encoding="utf-8")
    assert ("./assets/extra.txt" in precache) == (change == "new file")


def test_a_new_service_worker_is_a_new_release(
    bundle: build.Bundle, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two different workers never share a cache name: a worker deletes its own cache when its
    install fails, which must never be the cache of the worker in control."""
    root = tmp_path / "root"
    (root / build.STATIC).mkdir(parents=True)
    template = (ROOT / build.STATIC / "sw.js").read_text(encoding="utf-8")
    (root / build.STATIC / "sw.js").write_text(template + "// changed\n", encoding="utf-8")
    monkeypatch.setattr(build, "ROOT", root)
    version, _ = build.write_service_worker(_copy(bundle, tmp_path))
    assert version != bundle.version


def test_an_index_html_without_its_release_stamp_is_refused(bundle: build.Bundle, tmp_path: Path) -> None:
    site = _copy(bundle, tmp_path)
    index = site / "index.html"
    index.write_text(build.RELEASE_STAMP.sub("", index.read_text(encoding="utf-8")), encoding="utf-8")
    with pytest.raises(build.BuildError, match="caravan-release"):
        build.write_service_worker(site)
    assert build.release_of(index.read_text(encoding="utf-8")) is None
    assert build.release_of('<meta name="caravan-release" content="">') is None


def test_the_bundle_holds_nothing_a_static_host_does_not_serve(bundle: build.Bundle) -> None:
    for f in bundle.files:
        assert not f.endswith((".map", ".toml")), f
        # The glue's modules, which the page's MicroPython fetches ([files]), are the only sources.
        assert not f.endswith(".py") or re.fullmatch(r"assets/page-[\w-]+\.[0-9a-f]{12}\.py", f), f
        assert not f.startswith(("node_modules", "tests", "e2e", "caravan/", "web/", ".")), f
        assert "axe" not in f, f"{f}: axe-core is a devDependency for the browser tests only"
    assert {"index.html", "sw.js", "manifest.webmanifest"} <= set(bundle.files)
    assert any(f.endswith("/pyodide.asm.wasm") for f in bundle.files)
    assert any(f.endswith("/python_stdlib.zip") for f in bundle.files)


def test_terminal_modules_are_left_out_and_every_page_module_is_byte_code(bundle: build.Bundle) -> None:
    names = set(_app_zip(bundle).namelist())
    for excluded in build.EXCLUDED:
        assert excluded not in names
        assert not any(n.startswith(excluded[:-3] + ".") for n in names), excluded
    for module in build.page_modules(ROOT):
        assert module in names
        assert module + "c" in names, module  # where zipimport looks for the byte-code


def test_the_rules_reference_in_every_language_is_in_the_zip_as_the_docs_hold_it(
    bundle: build.Bundle,
) -> None:
    """web/words/rulesdoc.py renders docs/RULES.md, docs/HOWTO.md and docs/rules/*.md from the zip."""
    app = _app_zip(bundle)
    docs = build.reference_docs(ROOT)
    assert "docs/RULES.md" in docs and "docs/rules/HOWTO.pl.md" in docs and len(docs) == 10
    for rel in docs:
        assert app.read(rel) == (ROOT / rel).read_bytes(), rel


def test_byte_code_is_unchecked_hash_based_so_the_page_never_stats_for_staleness(
    bundle: build.Bundle,
) -> None:
    app = _app_zip(bundle)
    pycs = [n for n in app.namelist() if n.endswith(".pyc")]
    assert pycs
    for name in pycs:
        # The magic number is Python 3.14's, the interpreter the page runs.
        assert app.read(name)[:2] == (3627).to_bytes(2, "little"), name
        flags = int.from_bytes(app.read(name)[4:8], "little")
        assert flags == 0b01, f"{name}: flags {flags:#b} (want hash-based, unchecked)"


def test_page_modules_never_import_a_terminal_module() -> None:
    """The page loads every module but the terminal's; none of them may need one."""
    excluded = {m[:-3].replace("/", ".") for m in build.EXCLUDED}
    shipped = {m[:-3].replace("/", ".") for m in build.page_modules(ROOT)}
    for module in build.page_modules(ROOT):
        package = module.split("/")[0]
        for name in _imports(ROOT / module, package):
            assert name not in excluded, f"{module} imports {name}, which the bundle leaves out"
            if name.startswith(("caravan.", "web.")) and name.count(".") == 1:
                # a submodule, or a name from a package's __init__
                assert name in shipped or not (ROOT / (name.replace(".", "/") + ".py")).exists(), name


# What the app worker imports (web.worker.entry, which imports the app), what the bot
# worker will import (caravan.bots): the roots of the import graph below.
ENTRY_MODULES = ("web.worker.entry", "caravan.bots", "web.bots.botworker")


def _module_file(root: Path, name: str) -> str | None:
    """The file of a module of caravan/ or web/ (a package is its __init__), or None."""
    base = name.replace(".", "/")
    for rel in (base + ".py", base + "/__init__.py"):
        if (root / rel).is_file():
            return rel
    return None


def _imported_files(root: Path, entries: tuple[str, ...]) -> set[str]:
    """Every file of caravan/ and web/ the entry modules import, transitively,
    subpackages included (a package's __init__ too, as importing a submodule runs it)."""
    todo = list(entries)
    seen: set[str] = set()
    while todo:
        name = todo.pop()
        parts = name.split(".")
        for k in range(1, len(parts) + 1):  # importing a.b.c runs a/__init__ and a/b/__init__
            rel = _module_file(root, ".".join(parts[:k]))
            if rel is None or rel in seen:
                continue
            seen.add(rel)
            package = ".".join(parts[:k]) if rel.endswith("__init__.py") else ".".join(parts[: k - 1])
            todo.extend(n for n in _imports(root / rel, package) if n.split(".")[0] in build.PACKAGES)
    return seen


def test_every_module_the_page_or_the_bots_import_is_in_the_zip_subpackages_too(
    bundle: build.Bundle,
) -> None:
    needed = _imported_files(ROOT, ENTRY_MODULES)
    assert (
        "web/worker/driver.py" in needed
        and "web/app/app.py" in needed
        and "caravan/bots/__init__.py" in needed
    )
    assert any(n.startswith("caravan/bots/") and not n.endswith("__init__.py") for n in needed)
    names = set(_app_zip(bundle).namelist())
    missing = sorted(n for n in needed if n not in names or n + "c" not in names)
    assert missing == []


def test_module_discovery_is_recursive(tmp_path: Path) -> None:
    """A subpackage (caravan/bots/) ships, where a flat glob would drop it silently."""
    for rel in ("caravan/__init__.py", "caravan/bots/__init__.py", "caravan/bots/deep/x.py", "web/a.py"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text("", encoding="utf-8")
    assert build.page_modules(tmp_path) == [
        "caravan/__init__.py",
        "caravan/bots/__init__.py",
        "caravan/bots/deep/x.py",
        "web/a.py",
    ]
    before = build.inputs_digest(tmp_path)
    (tmp_path / "caravan/bots/deep/x.py").write_text("x = 1\n", encoding="utf-8")
    assert build.inputs_digest(tmp_path) != before  # a change in a subpackage rebuilds


@pytest.mark.parametrize("module", build.page_modules(ROOT))
def test_page_modules_do_not_import_stdlib_modules_pyodide_compiles_at_boot(module: str) -> None:
    for name in _imports(ROOT / module, module.split("/")[0]):
        assert name.split(".")[0] not in FORBIDDEN_STDLIB, f"{module} imports {name}"


def test_every_url_in_the_bundle_is_relative_and_exists(bundle: build.Bundle) -> None:
    """The bundle works under any path (a GitHub Pages project site is /<repo>/);
    a reference inside the page (a good's pictogram, ``<use href="#good-I">``
    in the front page's board) names an element the page holds; the one image
    the page holds itself (the empty board, tools/prerender.py) is an SVG
    document a browser can read."""
    html = (bundle.out / "index.html").read_text(encoding="utf-8")
    refs = re.findall(r'\b(?:src|href)="([^"]*)"', html)
    assert refs
    for ref in refs:
        if ref.startswith("#"):
            assert f'id="{ref[1:]}"' in html, ref
            continue
        if ref.startswith("data:"):
            assert ref.startswith("data:image/svg+xml,"), ref[:40]
            svg = ElementTree.fromstring(urllib.parse.unquote(ref.split(",", 1)[1]))
            assert svg.tag == "{http://www.w3.org/2000/svg}svg"
            continue
        assert ref.startswith("./") and (bundle.out / ref).is_file(), ref
    config = json.loads(re.search(r"config='([^']*)'", html).group(1))  # type: ignore[union-attr]
    assert (bundle.out / config["interpreter"]).is_file()
    assert sorted(config["files"].values()) == ["./" + m for m in build.glue_modules(ROOT)]
    for path in config["files"]:
        assert path.startswith("./assets/page-") and (bundle.out / path).is_file()
    manifest = json.loads((bundle.out / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["start_url"] == "./" and manifest["scope"] == "./"
    for icon in manifest["icons"]:
        assert icon["src"].startswith("./assets/") and (bundle.out / icon["src"]).is_file()
    for path in _precache(bundle):
        assert path.startswith("./") and (bundle.out / path).is_file()
    sw = (bundle.out / "sw.js").read_text(encoding="utf-8")
    assert not re.search(r"""["'`]/""", sw), "sw.js names an absolute path"
    assert "./sw.js" in (bundle.out / _boot_js(bundle)).read_text(encoding="utf-8")


def _boot_js(bundle: build.Bundle) -> str:
    (name,) = [f for f in bundle.files if re.fullmatch(r"assets/boot\.[0-9a-f]{12}\.js", f)]
    return name


def test_own_assets_are_content_hashed_and_the_runtime_versioned(bundle: build.Bundle) -> None:
    """GitHub Pages caches every file for 10 minutes: a release must change the URLs."""
    lock = build.locked_versions(ROOT)
    for f in bundle.files:
        if f in ("index.html", "sw.js") or re.fullmatch(r"manifest(\.[a-z]{2})?\.webmanifest", f):
            continue  # fixed names; a manifest per language (tools/build.py)
        if f.startswith("assets/"):
            digest = f.split("/")[1].split(".")[1]
            assert digest == hashlib.sha256((bundle.out / f).read_bytes()).hexdigest()[:12], f
        else:
            assert f.startswith(
                (
                    f"runtime/pyodide-{lock['pyodide']}/",
                    f"runtime/pyscript-{lock['@pyscript/core']}/",
                    f"runtime/micropython-{lock[build.MICROPYTHON]}/",
                )
            ), f


def test_index_html_carries_netlify_tomls_csp_in_a_meta(bundle: build.Bundle) -> None:
    """GitHub Pages sends no headers: the same policy comes from the page itself."""
    netlify = tomllib.loads((ROOT / "netlify.toml").read_text(encoding="utf-8"))
    (policy,) = [r["values"]["Content-Security-Policy"] for r in netlify["headers"] if r["for"] == "/*"]
    html = (bundle.out / "index.html").read_text(encoding="utf-8")
    meta = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">', html)
    assert meta
    directives = [d.strip() for d in policy.split(";")]
    assert meta.group(1).split("; ") == [d for d in directives if not d.startswith("frame-ancestors")]
    assert "'wasm-unsafe-eval'" in meta.group(1)
    assert "'unsafe-eval'" not in policy.split(), "a string may become code (see e2e/test_csp.py)"
    assert not re.search(r"https?:|\*", policy), "the policy allows another origin"


def test_pyscripts_worker_hooks_are_emptied_by_the_module_right_before_core_js(bundle: build.Bundle) -> None:
    """Without it PyScript calls Function() at boot, which the CSP refuses (e2e/test_csp.py);
    and it runs before core.js, so that PyScript's watch of the whole document never
    starts (e2e/test_boot.py)."""
    html = (bundle.out / "index.html").read_text(encoding="utf-8")
    modules = re.findall(r'<script type="module" src="([^"]+)"></script>', html)
    assert len(modules) == 2, modules
    assert re.fullmatch(r"\./assets/pyscript-main-only\.[0-9a-f]{12}\.js", modules[0]), modules
    assert re.fullmatch(r"\./runtime/pyscript-[^/]+/core\.js", modules[1]), modules


def test_a_rebuild_of_the_same_sources_is_the_same_release(bundle: build.Bundle) -> None:
    """Deterministic output: a rebuild does not make every visitor download
    everything again. The module's build is compared with dist/, built
    before by another process from the same sources (`make dist`, or rebuilt
    here if they changed since), file by file."""
    dist = built_dist()
    assert build.release_of((dist / "index.html").read_text(encoding="utf-8")) == bundle.version
    written = sorted(p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file())
    assert written == sorted(bundle.files)
    assert [f for f in bundle.files if (dist / f).read_bytes() != (bundle.out / f).read_bytes()] == []


def test_missing_prerequisites_fail_with_a_plain_message(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(build.BuildError, match=r"Node\.js is not installed"):
        build.node_binary()
    (tmp_path / "package-lock.json").write_text(
        json.dumps(
            {
                "packages": {
                    "node_modules/pyodide": {"version": "1"},
                    "node_modules/@pyscript/core": {"version": "2"},
                    f"node_modules/{build.MICROPYTHON}": {"version": "3"},
                }
            }
        )
    )
    with pytest.raises(build.BuildError, match=r"node_modules/pyodide is missing: run `npm ci`"):
        build.check_node_modules(tmp_path, build.locked_versions(tmp_path))


def test_build_refuses_to_write_over_the_repository(tmp_path: Path) -> None:
    with pytest.raises(build.BuildError, match="refusing"):
        build.build(ROOT, ROOT)


def _worker(bundle: build.Bundle, kind: str = "bot") -> str:
    (name,) = [f for f in bundle.files if re.fullmatch(rf"assets/{kind}-worker\.[0-9a-f]{{12}}\.mjs", f)]
    return name


WORKERS = ("app", "bot")


@pytest.mark.parametrize("kind", WORKERS)
def test_each_worker_is_hashed_named_by_index_html_precached_and_loads_only_bundle_files(
    bundle: build.Bundle, kind: str
) -> None:
    """docs/WORKER.md: a worker loads this release's runtime and app zip, offline too."""
    name = _worker(bundle, kind)
    html = (bundle.out / "index.html").read_text(encoding="utf-8")
    assert f'<meta name="caravan-{kind}-worker" content="./{name}">' in html
    assert "./" + name in _precache(bundle)
    text = (bundle.out / name).read_text(encoding="utf-8")
    urls = re.findall(r'(?:from |new URL\()"(\.\.?/[^"]+)"', text)
    assert urls and not re.search(r"node_modules|\./app\.zip", text)
    for url in urls:
        target = (bundle.out / "assets" / url).resolve()
        assert target.is_relative_to(bundle.out) and target.is_file(), url
        assert "./" + target.relative_to(bundle.out).as_posix() in _precache(bundle), url
    assert any(u.endswith("pyodide.mjs") for u in urls) and any(
        re.search(r"app\.[0-9a-f]{12}\.zip$", u) for u in urls
    )


def test_the_workers_boot_python_from_a_snapshot_the_bundle_holds(bundle: build.Bundle) -> None:
    """Both workers boot Pyodide through our module (web/static/pyodide-boot.mjs),
    hashed and precached: it loads this release's Pyodide and the memory snapshot
    the build took of its start (tools/snapshot.mjs), gzipped."""
    (boot,) = [f for f in bundle.files if re.fullmatch(r"assets/pyodide-boot\.[0-9a-f]{12}\.mjs", f)]
    assert "./" + boot in _precache(bundle)
    text = (bundle.out / boot).read_text(encoding="utf-8")
    urls = re.findall(r'(?:from |new URL\()"(\.\.?/[^"]+)"', text)
    targets = {(bundle.out / "assets" / u).resolve() for u in urls}
    assert all(t.is_relative_to(bundle.out) and t.is_file() for t in targets), urls
    names = {t.relative_to(bundle.out).as_posix() for t in targets}
    (snapshot,) = [n for n in names if re.fullmatch(r"assets/pyodide-snapshot\.[0-9a-f]{12}\.gz", n)]
    assert f"runtime/pyodide-{build.locked_versions(ROOT)['pyodide']}/pyodide.mjs" in names
    assert "./" + snapshot in _precache(bundle)
    memory = gzip.decompress((bundle.out / snapshot).read_bytes())
    assert memory[:4] == b"\0snp"  # Pyodide's snapshot magic
    for kind in WORKERS:
        worker = (bundle.out / _worker(bundle, kind)).read_text(encoding="utf-8")
        assert f'import {{ loadPyodide, putApp }} from "./{boot.removeprefix("assets/")}";' in worker, kind
        assert "putApp(pyodide, " in worker, kind
    # Where the snapshot's modules came from, where both workers write the zip again (putApp).
    assert f"const ZIP_PATH = {json.dumps(build.ZIP_PATH)};" in text

    # Each worker's own modules (but the one that imports `js`) are imported in it already,
    # so a boot does not import them again from the zip: their docstrings are in its memory.
    def imported(module: str) -> bool:
        source = (ROOT / (module.replace(".", "/") + ".py")).read_text(encoding="utf-8")
        doc = ast.get_docstring(ast.parse(source), clean=False)
        assert doc, module
        return doc[:60].encode() in memory

    assert all(imported(m) for m in (*build.SNAPSHOT_IMPORTS, "web.app.app", "caravan.game"))
    assert not imported("web.worker.entry") and not imported("caravan.link")  # js; imported when used


def test_the_page_runs_the_glue_in_the_local_micropython_from_files_the_bundle_holds(
    bundle: build.Bundle,
) -> None:
    """The page's PyScript config: the pinned npm MicroPython (its module and the wasm it
    loads beside it, versioned and precached), and [files] with every web/page/ module
    under a content-hashed name, written where `import web.page.glue` finds it."""
    html = (bundle.out / "index.html").read_text(encoding="utf-8")
    (config_text,) = re.findall(r"<script type=\"mpy\" config='([^']*)'>", html)
    config = json.loads(config_text)
    version = build.locked_versions(ROOT)[build.MICROPYTHON]
    assert config["interpreter"] == f"./runtime/micropython-{version}/micropython.mjs"
    for name in build.MICROPYTHON_FILES:
        assert f"./runtime/micropython-{version}/{name}" in _precache(bundle), name
    modules = build.glue_modules(ROOT)
    assert "web/page/glue.py" in modules and "web/page/__init__.py" in modules
    assert sorted(config["files"].values()) == sorted("./" + m for m in modules)
    for url, target in config["files"].items():
        assert url in _precache(bundle), url
        assert (bundle.out / url).read_bytes() == (ROOT / target).read_bytes(), target
    assert not re.search(r'<script type="py"', html), "Pyodide on the page's thread"


def test_a_new_app_zip_is_a_new_app_worker_and_a_new_bot_worker(bundle: build.Bundle, tmp_path: Path) -> None:
    """A worker names the zip it imports and the snapshot it restores (which
    holds modules imported from that zip), so the three never come from two releases."""
    root = tmp_path / "src"
    shutil.copytree(
        ROOT, root, ignore=shutil.ignore_patterns(".git", "dist", "build", ".venv", "node_modules")
    )
    (root / "node_modules").symlink_to(ROOT / "node_modules")
    (root / "web" / "bots" / "botworker.py").write_text(
        (ROOT / "web" / "bots" / "botworker.py").read_text(encoding="utf-8") + "\n# changed\n",
        encoding="utf-8",
    )
    other = build.build(root, tmp_path / "dist")
    for kind in WORKERS:
        assert _worker(other, kind) != _worker(bundle, kind), kind
    snapshots = [{f for f in b.files if "pyodide-snapshot." in f} for b in (bundle, other)]
    assert len(snapshots[0]) == 1 and snapshots[0] != snapshots[1]


@pytest.mark.parametrize("kind", WORKERS)
def test_each_worker_is_served_with_a_csp_of_its_own_that_runs_pyodide_and_no_eval(kind: str) -> None:
    """A worker loaded from a URL takes the CSP of its response, not the page's."""
    from tools.serve import headers_for, load_header_rules

    rules = load_header_rules(ROOT / "netlify.toml")
    policy = headers_for(rules, f"/assets/{kind}-worker.0123456789ab.mjs")["Content-Security-Policy"]
    directives = {d.split()[0]: d.split()[1:] for d in policy.split(";") if d.strip()}
    assert "'wasm-unsafe-eval'" in policy and "'unsafe-eval'" not in policy
    assert directives["default-src"] == ["'none'"]
    assert not re.search(r"https?:|\*|blob:|data:", policy), "the worker may load from another origin"
    page = headers_for(rules, "/index.html")["Content-Security-Policy"]
    assert "worker-src 'self'" in page and "blob:" not in page, (
        "the page's policy lets workers start from blob:"
    )


def test_the_catalogues_boot_texts_and_manifests_of_every_language_are_in_the_bundle(
    bundle: build.Bundle,
) -> None:
    """Issue 13: the page reads each .mo from the app zip; boot.js picks the boot
    texts from a table in index.html; each language has its manifest."""
    with _app_zip(bundle) as z:
        names = set(z.namelist())
        for lang in ("es", "fr", "pl", "nl"):
            mo = f"caravan/locale/{lang}/LC_MESSAGES/caravan.mo"
            assert mo in names
            catalogue = gettext.GNUTranslations(io.BytesIO(z.read(mo)))
            po = ROOT / "caravan" / "locale" / lang / "LC_MESSAGES" / "caravan.po"
            assert catalogue.info().get("language") == lang, po
    html = (bundle.out / "index.html").read_text(encoding="utf-8")
    table = re.search(r'<script type="application/json" id="caravan-words">(.*?)</script>', html, re.S)
    boot = re.search(r'<script src="\./assets/boot\.[0-9a-f]{12}\.js">', html)
    assert table is not None and boot is not None and table.start() < boot.start()  # read by boot.js
    words = json.loads(table.group(1))
    assert sorted(words) == ["en", "es", "fr", "nl", "pl"]
    english = build.boot_texts(ROOT)
    assert english["loading"] == "Loading the game (Python in your browser)…"
    for lang, texts in words.items():
        assert set(english) <= set(texts), lang
        manifest = json.loads(
            (bundle.out / texts["manifest.href"].removeprefix("./")).read_text(encoding="utf-8")
        )
        assert manifest["lang"] == lang
        assert (manifest["name"], manifest["description"]) == (
            texts["manifest.name"],
            texts["manifest.description"],
        )
    assert words["en"]["manifest.href"] == "./manifest.webmanifest"


def test_issue14_the_page_has_a_meta_description_in_every_language(bundle: build.Bundle) -> None:
    """SEO: a ``<meta name="description">`` in English as served, which boot.js
    puts in the language shown, from the catalogues like the title."""
    html = (bundle.out / "index.html").read_text(encoding="utf-8")
    meta = re.search(
        r'<meta name="description" content="([^"]+)" data-boot="description" data-boot-attr="content">', html
    )
    english = build.boot_texts(ROOT)["description"]
    assert meta is not None and meta.group(1) == english
    table = re.search(r'<script type="application/json" id="caravan-words">(.*?)</script>', html, re.S)
    assert table is not None
    words = json.loads(table.group(1))
    for lang in ("es", "fr", "pl", "nl"):
        said = words[lang]["description"]
        assert said != english and "Caravan" in said and "Joe Huber" in said, lang


def test_every_block_of_the_stylesheet_is_closed() -> None:
    """A block left open (a merge that dropped a ``}``) makes the browser read
    every rule after it as nested in it: the page lost its game menu's size
    so, and a test of the layout only failed far from the cause."""
    css = re.sub(r"/\*.*?\*/", "", (ROOT / "web" / "caravan.css").read_text(encoding="utf-8"), flags=re.S)
    css = re.sub(r'"[^"\n]*"|\'[^\'\n]*\'', '""', css)  # content: "▸" and the like
    depth = 0
    for number, line in enumerate(css.split("\n"), 1):
        if depth and line[:1] not in ("", " ", "}"):
            raise AssertionError(f"web/caravan.css:{number}: a rule at the margin inside an open block")
        depth += line.count("{") - line.count("}")
        assert depth >= 0, f"web/caravan.css:{number}: a block closed that was never opened"
    assert depth == 0, "web/caravan.css: a block is never closed"
