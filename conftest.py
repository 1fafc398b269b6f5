"""How the suite is spread over pytest-xdist's workers (`make test`: `-n 2 --dist loadgroup`).

Under xdist every test is sent to a worker with the rest of its module, as
``--dist loadfile`` would (a module's fixtures, e2e's shared browser context
among them, are set up once), except the browser tests that open contexts of
their own (no ``shared_tab``): each of those goes alone to whichever worker is
free, so that one module's long games are played on both workers at once.
The browser tests come first and the many short engine tests last, which
fill the end of the run on both workers (run with ``--no-loadscope-reorder``,
or xdist would reorder the units by their number of tests).
"""

from __future__ import annotations

from pathlib import Path

import pytest

E2E = Path(__file__).parent / "e2e"


@pytest.hookimpl(tryfirst=True)  # before xdist's own, which names each test's group
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if not hasattr(config, "workerinput"):  # not an xdist worker: as collected
        return
    for item in items:
        if _in_e2e(item) and "shared_tab" not in getattr(item, "fixturenames", ()):
            continue
        item.add_marker(pytest.mark.xdist_group(item.nodeid.split("::")[0]))
    items.sort(key=lambda item: not _in_e2e(item))  # stable: each part keeps its order


def _in_e2e(item: pytest.Item) -> bool:
    return E2E in Path(str(item.fspath)).parents
