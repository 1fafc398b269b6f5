"""The order the suite's tests reach pytest-xdist's workers (`make test`: `-n 2 --dist loadfile`).

Each module goes whole to one worker (its module fixtures are set up once;
e2e's shared browser contexts, once a worker), in the order collected. Under xdist
the browser modules, the long ones, are collected first and the many short
engine modules last, so that these fill the end of the run on both workers
(with ``--no-loadscope-reorder``; else xdist orders the modules by their
number of tests), the longest engine modules first of those. (``--dist
loadgroup`` would let one module's own-context tests go to both workers, but
pytest-xdist 3.8 cannot name the groups under pytest 9: every test then goes
alone, and the shared contexts boot again.)
"""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).parent
E2E = ROOT / "e2e"
# The engine modules that take 3 s of CPU or more (measured 2026-12-06), longest
# first: sent before the other engine modules, so that the last modules the
# workers are given are short ones and both finish at about the same time
# (the longest of them last stretched the run by ten seconds).
SLOW_ENGINE = (
    "tests/test_build.py",
    "tests/test_bots.py",
    "tests/web/test_keynav.py",
    "tests/test_refusals.py",
    "tests/test_many_games.py",
    "tests/test_link.py",
    "tests/test_properties.py",
    "tests/web/test_botworker.py",
    "tests/web/test_review.py",
    "tests/test_pyodide_json.py",
    "tests/test_fuzz.py",
    "tests/web/test_bot_play.py",
    "tests/test_arena.py",
)


def _order(item: pytest.Item) -> tuple[int, int]:
    path = Path(str(item.fspath))
    if E2E in path.parents:
        return (0, 0)
    name = path.relative_to(ROOT).as_posix() if ROOT in path.parents else ""
    return (1, SLOW_ENGINE.index(name) if name in SLOW_ENGINE else len(SLOW_ENGINE))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if hasattr(config, "workerinput"):  # an xdist worker; else as collected
        items.sort(key=_order)  # stable: a module's tests stay together, in their order
