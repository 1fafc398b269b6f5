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
    # PEP 561: a typed caller's mypy reads the engine's annotations (docs/API.md, Modules).
    assert (ROOT / "caravan" / "py.typed").is_file()
    assert "py.typed" in config["tool"]["setuptools"]["package-data"]["caravan"]
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


# The rules reference in every language of the rulebook (issue 13): each
# translation in docs/rules/ states the same numbered rules, in the same order,
# cites the same rule numbers in each, and keeps the board diagram exactly.
LANGUAGES = ("es", "fr", "pl", "nl")
DEFINED = re.compile(r"^- \*\*([RI][0-9]+)\.\*\*", re.MULTILINE)


def _rules_by_number(text: str) -> dict[str, list[str]]:
    """Each numbered rule's citations of other rules, in order of appearance."""
    out: dict[str, list[str]] = {}
    marks = list(DEFINED.finditer(text))
    for mark, nxt in zip(marks, [*marks[1:], None], strict=True):
        body = text[mark.end() : nxt.start() if nxt is not None else len(text)]
        body = body.split("\n## ", 1)[0]
        out[mark.group(1)] = sorted(CITED.findall(body))
    return out


def _diagram(text: str) -> list[list[str]]:
    """The board's drawing (the fenced block) as rows of cells."""
    return [re.split(r"\s{2,}", row.strip()) for row in text.split("```", 2)[1].strip("\n").splitlines()]


def _city_names(lang: str) -> dict[str, str]:
    """Each city's English name -> the language's (its catalogue's, context "city")."""
    from tests.translations import po_path, read_po

    entries = read_po(po_path(lang).read_text(encoding="utf-8"))
    return {e.msgid: e.msgstr[0] for e in entries if e.context == "city"}


def test_every_language_states_every_rule_of_docs_rules_with_the_same_citations() -> None:
    english = (ROOT / "docs" / "RULES.md").read_text(encoding="utf-8")
    expected = _rules_by_number(english)
    for lang in LANGUAGES:
        text = (ROOT / "docs" / "rules" / f"RULES.{lang}.md").read_text(encoding="utf-8")
        found = _rules_by_number(text)
        assert list(found) == list(expected), f"{lang}: rule numbers differ from docs/RULES.md"
        differ = {n: (found[n], cites) for n, cites in expected.items() if found[n] != cites}
        assert not differ, f"{lang}: rules citing other rules than in English: {differ}"
        # The same drawing, each city written as the language writes it (Kair, Le Caire, Timboektoe).
        names = _city_names(lang)
        drawn = [[names.get(cell, cell) for cell in row] for row in _diagram(english)]
        assert _diagram(text) == drawn, f"{lang}: the board diagram differs"
        assert "../shared" not in text


# The how-to-play (docs/HOWTO.md and docs/rules/HOWTO.xx.md, shown in the
# page's rules reference): every language has the same sections and cites the
# same rules in the same order, in the words of its own rulebook.
RULEBOOK_TERMS = {
    "es": ("camello", "bienes", "marcadores de demanda", "marcadores de robo", "bolsa"),
    "fr": ("chameau", "marchandises", "marqueurs de demande", "marqueurs de vol", "sac"),
    "pl": ("wielbłąd", "towar", "znaczniki popytu", "znaczników kradzieży", "torby"),
    "nl": ("kameel", "goederen", "vraagmarkers", "diefstalmarkers", "zak"),
}


def test_every_language_has_the_how_to_play_citing_the_same_rules_in_its_rulebooks_words() -> None:
    english = (ROOT / "docs" / "HOWTO.md").read_text(encoding="utf-8")
    sections = english.count("\n## ")
    cites = CITED.findall(english)
    assert cites and sections == 5
    for lang, terms in RULEBOOK_TERMS.items():
        text = (ROOT / "docs" / "rules" / f"HOWTO.{lang}.md").read_text(encoding="utf-8")
        assert text.count("\n## ") == sections, lang
        assert CITED.findall(text) == cites, f"{lang}: cites other rules than docs/HOWTO.md"
        missing = [term for term in terms if term not in text.lower()]
        assert not missing, f"{lang}: the rulebook's words missing: {missing}"


def test_every_rule_an_engine_refusal_enforces_is_defined_in_docs_rules() -> None:
    from caravan.refusals import TEXTS

    rules = (ROOT / "docs" / "RULES.md").read_text(encoding="utf-8")
    defined = set(DEFINED.findall(rules))
    enforced = {rule for text in TEXTS.values() for rule in text.rules}
    assert enforced and enforced <= defined, enforced - defined
