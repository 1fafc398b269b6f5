"""The bounded JSON reader in the browser's own runtime (issue 11, item 1).

Pyodide's ``json`` overflows the WebAssembly stack at about 5,000 nested
objects (20,000 arrays) and the runtime dies before any RecursionError;
CPython raises at depth ~1,000, so CPython tests cannot see it. This runs
caravan.jsonread, record.loads and web.app.saved.parse_entry in Pyodide under
Node (node_modules/pyodide, as tools/pyc.mjs does) and checks that they
refuse such text and that the runtime still works afterwards; and plays a
seeded game there whose draws must be CPython's. Without Node
or the npm packages it skips, except under CI or CARAVAN_E2E_REQUIRED.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from caravan.actions import parse_action
from caravan.game import Game
from caravan.options import Options, default_players

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "tests" / "pyodide_json.mjs"


def _node() -> str:
    node = shutil.which("node")
    missing = (
        "node is not installed"
        if node is None
        else "node_modules/pyodide is missing (run `npm ci`)"
        if not (ROOT / "node_modules" / "pyodide" / "package.json").is_file()
        else None
    )
    if missing is not None:
        if os.environ.get("CI") or os.environ.get("CARAVAN_E2E_REQUIRED"):
            pytest.fail(f"the Pyodide test must run under CI: {missing}")
        pytest.skip(f"cannot run Pyodide under Node: {missing}")
    assert node is not None
    return node


@pytest.fixture(scope="module")
def results() -> dict[str, object]:
    proc = subprocess.run(
        [_node(), str(SCRIPT), str(ROOT)], cwd=ROOT, capture_output=True, text=True, timeout=180
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    out: dict[str, object] = json.loads(proc.stdout.strip().splitlines()[-1])
    return out


def test_it_runs_in_pyodides_python(results: dict[str, object]) -> None:
    assert results["platform"] == "emscripten" and str(results["python"]).startswith("3.")


def test_5000_nested_objects_and_20000_nested_arrays_are_refused_without_killing_the_runtime(
    results: dict[str, object],
) -> None:
    assert results["objects_5000"] == "TooDeep"
    assert results["arrays_20000"] == "TooDeep"
    assert results["arrays_100000_unclosed"] == "NotJson"
    for name in ("objects_5000", "arrays_20000"):
        assert "nest deeper than 8 levels" in str(results[name + "_record"])
        assert (
            results[name + "_entry"]
            == "it is not a saved game (its values nest deeper than any saved game's)"
        )
    assert results["alive"] == 45  # the runtime answered after all of them


def test_a_normal_record_still_parses_there(results: dict[str, object]) -> None:
    assert results["record_round_trip"] is True


def test_r13_i11_a_seeded_game_draws_the_same_goods_in_pyodides_python_as_in_cpython(
    results: dict[str, object],
) -> None:
    """The page's ``?seed=N`` games are drawn by the engine in Python 3.14:
    a whole game played there (every refill of it, R13) pushed action by
    action into a game seeded alike here, with no recorded draws (I11), draws
    the same goods and ends alike."""
    played = results["seeded_game"]
    assert isinstance(played, dict) and played["over"] == "delivery"
    here = Game(Options(players=default_players(2), short=True), seed=6)
    assert [int(g) for g in here.setup_draws] == played["setup_draws"]
    for text in played["actions"]:
        here.push(parse_action(text))
    assert [[int(g) for g in step.draws] for step in here.history] == played["draws"]
    assert sum(map(len, played["draws"])) > 0, "the game drew nothing after its set-up"
    assert here.over == "delivery"


def test_the_control_shows_what_json_alone_does_with_the_same_text(results: dict[str, object]) -> None:
    # Pyodide 314: a fatal stack overflow. Should a later Pyodide raise
    # RecursionError instead, the bound stays right; only a parse would be wrong.
    assert results["control_json_loads"] in ("stack overflow", "RecursionError")
