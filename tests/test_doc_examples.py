"""Every ```python example of README.md and docs/*.md runs (issue 15), so the
examples cannot rot: one with ``>>>`` prompts is a doctest whose printed
results must match; any other block runs as a script, given the few names
the page around it speaks of (a ``game``, an ``untrusted`` link, ``show``)."""

from __future__ import annotations
import __future__

import doctest
import re
from pathlib import Path

import pytest

from caravan import Game, Options

ROOT = Path(__file__).resolve().parent.parent
BLOCK = re.compile(r"^```python\n(.*?)^```", re.MULTILINE | re.DOTALL)


def _examples() -> list[tuple[str, str]]:
    out = []
    for path in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        text = path.read_text(encoding="utf-8")
        for match in BLOCK.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            out.append((f"{path.relative_to(ROOT)}:{line}", match.group(1)))
    return out


EXAMPLES = _examples()


def test_the_readme_and_the_docs_have_examples_and_the_readme_is_a_doctest() -> None:
    assert len(EXAMPLES) >= 4
    assert any(where.startswith("README.md") and ">>>" in code for where, code in EXAMPLES)


@pytest.mark.parametrize(("where", "code"), EXAMPLES, ids=[where for where, _ in EXAMPLES])
def test_the_example_runs_as_written(where: str, code: str) -> None:
    if ">>>" in code:
        test = doctest.DocTestParser().get_doctest(code, {}, where, where, 0)
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
        report: list[str] = []
        runner.run(test, out=report.append)
        assert runner.failures == 0, "".join(report)
        return
    seen: list[str] = []
    scope = {
        "game": Game(Options(), seed=1),
        "untrusted": "#c2.not-a-link",
        "show": seen.append,
    }
    exec(compile(code, where, "exec", flags=__future__.annotations.compiler_flag), scope)
