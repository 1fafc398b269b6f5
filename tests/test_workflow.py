"""The GitHub Pages workflow (.github/workflows/pages.yml) cannot run here:
these check what it promises (README, "Hosting"): a main that fails its tests
is never published, and it builds with the Node that Netlify builds with."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

yaml = pytest.importorskip("yaml")

ROOT = Path(__file__).resolve().parent.parent
WORKFLOW: dict[str, Any] = yaml.safe_load((ROOT / ".github" / "workflows" / "pages.yml").read_text("utf-8"))
JOBS: dict[str, Any] = WORKFLOW["jobs"]


def runs(job: str) -> list[str]:
    return [step["run"] for step in JOBS[job]["steps"] if "run" in step]


def test_the_deployment_waits_for_the_tests_and_the_build() -> None:
    deploy = next(
        name for name, job in JOBS.items() if any("deploy-pages" in s.get("uses", "") for s in job["steps"])
    )
    needs = JOBS[deploy]["needs"]
    assert set(needs if isinstance(needs, list) else [needs]) == {"test", "build"}
    assert "make test" in runs("test")
    assert "make dist" in runs("build")


def test_the_browser_tests_get_a_browser_named_by_caravan_chromium() -> None:
    """Under CI the browser tests are required (e2e/conftest.py): the job must provide one."""
    setup = "\n".join(runs("test"))
    assert "playwright install" in setup and "CARAVAN_CHROMIUM=" in setup and "GITHUB_ENV" in setup


def test_github_and_netlify_build_with_the_same_node_and_python() -> None:
    netlify = tomllib.loads((ROOT / "netlify.toml").read_text("utf-8"))["build"]["environment"]
    for name in ("test", "build"):
        withs = {s["uses"].split("@")[0]: s.get("with", {}) for s in JOBS[name]["steps"] if "uses" in s}
        assert withs["actions/setup-node"]["node-version"] == netlify["NODE_VERSION"], name
        assert withs["actions/setup-python"]["python-version"] == netlify["PYTHON_VERSION"], name
