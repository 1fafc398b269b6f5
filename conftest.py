"""The order the suite's tests reach pytest-xdist's workers (`make test`: `-n 2 --dist loadfile`).

Each module goes whole to one worker (its module fixtures are set up once;
e2e's shared browser contexts, once a worker), in the order collected. Under xdist
the browser modules, the long ones, are collected first and the many short
engine modules last, so that these fill the end of the run on both workers
(with ``--no-loadscope-reorder``; else xdist orders the modules by their
number of tests). (``--dist loadgroup`` would let one module's own-context
tests go to both workers, but pytest-xdist 3.8 cannot name the groups under
pytest 9: every test then goes alone, and the shared contexts boot again.)
"""

from __future__ import annotations

from pathlib import Path

import pytest

E2E = Path(__file__).parent / "e2e"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if hasattr(config, "workerinput"):  # an xdist worker; else as collected
        items.sort(key=lambda item: E2E not in Path(str(item.fspath)).parents)  # stable
