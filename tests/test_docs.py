"""The repository is complete on its own: every rule number cited resolves in
docs/RULES.md, nothing points outside the repository, the README's layout
table names every module and test folder, and the package is the engine alone."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("caravan", "web", "tests", "e2e", "bench", "tools", "docs")
CITED = re.compile(r"\b([RI][1-9][0-9]?)\b")


def _project_files() -> list[Path]:
    files = [ROOT / "README.md", ROOT / "index.html", ROOT / "pyproject.toml", ROOT / "Makefile"]
    for folder in SOURCES:
        files += [
            p for p in (ROOT / folder).rglob("*") if p.suffix in (".py", ".md", ".html", ".toml", ".sh")
        ]
    return [p for p in files if p.is_file()]


def test_every_rule_number_cited_in_the_project_is_defined_in_docs_rules() -> None:
    rules = (ROOT / "docs" / "RULES.md").read_text(encoding="utf-8")
    defined = set(re.findall(r"^- \*\*([RI][0-9]+)\.\*\*", rules, flags=re.MULTILINE))
    assert {f"R{n}" for n in range(1, 18)} | {f"I{n}" for n in range(1, 12)} <= defined
    cited: dict[str, str] = {}
    for path in _project_files():
        for number in CITED.findall(path.read_text(encoding="utf-8", errors="replace")):
            cited.setdefault(number, str(path.relative_to(ROOT)))
    missing = {n: where for n, where in cited.items() if n not in defined}
    assert not missing, f"rule numbers cited but not defined in docs/RULES.md: {missing}"


def test_rules_hold_the_board_layout_and_the_goods_table() -> None:
    from caravan.board import CITY_NAMES, GOODS, NUMBERED, SQUARE_NAMES

    rules = (ROOT / "docs" / "RULES.md").read_text(encoding="utf-8")
    for good in GOODS:
        kind = "rare" if good.rare else "common"
        row = f"| `{good.letter}` | {good.name} | {good.colour} | {kind} | {good.points} |"
        assert row in rules
        assert f"{good.city} {SQUARE_NAMES[good.city_square]} ({good.name})" in rules.replace("\n  ", " ")
    numbered = ", ".join(f"{i + 1} {SQUARE_NAMES[sq]}" for i, sq in enumerate(NUMBERED))
    assert f"Numbered spaces: {numbered}." in rules
    assert len(CITY_NAMES) == 8


def test_nothing_points_outside_the_repository() -> None:
    outside = re.compile(r"\.\./shared|/work/shared|shared/RULES")
    offenders = [
        str(p.relative_to(ROOT)) for p in _project_files() if outside.search(p.read_text("utf-8", "replace"))
    ]
    offenders = [p for p in offenders if p != "tests/test_docs.py"]
    assert not offenders


def test_readme_layout_table_lists_every_module_and_test_folder() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    table = readme[readme.index("## Layout") :].split("\n\n")[1]
    assert table.startswith("| path |")
    for folder in ("caravan", "web"):
        for module in sorted((ROOT / folder).glob("*.py")):
            assert f"`{folder}/{module.name}`" in table, f"{folder}/{module.name} is not in the layout table"
        for package in sorted((ROOT / folder).glob("*/__init__.py")):  # subpackages, by folder
            assert f"`{folder}/{package.parent.name}/`" in table, (
                f"{package.parent} is not in the layout table"
            )
    for folder in ("tests/", "tests/web/", "e2e/", "bench/", "tools/", "docs/"):
        assert f"`{folder}`" in table


def test_the_installable_package_is_the_engine_alone_and_runs_as_a_module() -> None:
    import subprocess
    import sys
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert config["build-system"]["build-backend"] == "setuptools.build_meta"
    # The engine and its subpackages (setuptools lists each), not web/, tests/, tools/...
    subpackages = sorted(
        p.parent.relative_to(ROOT).as_posix().replace("/", ".")
        for p in (ROOT / "caravan").glob("*/__init__.py")
    )
    assert config["tool"]["setuptools"]["packages"] == ["caravan", *subpackages]
    assert config["project"]["dependencies"] == []
    assert config["project"]["scripts"]["caravan"] == "caravan.terminal:main"
    # What an installed package runs: python -m caravan, from outside the repository.
    done = subprocess.run(
        [sys.executable, "-m", "caravan", "--players", "Ann,Bob", "--start", "1"],
        input="quit\n",
        capture_output=True,
        text=True,
        cwd=ROOT / "docs",
        env={"PYTHONPATH": str(ROOT), "PATH": ""},
        timeout=60,
        check=False,
    )
    assert done.returncode == 0 and done.stdout.rstrip().endswith("Goodbye."), done.stderr
