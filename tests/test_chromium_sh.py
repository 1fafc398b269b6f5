"""tools/chromium.sh decides whether to install Chromium: only as root with
apt-get, or under CI with apt-get and a sudo that asks no password; anywhere
else it says in one line how to get a browser and lets `make test` go on
(the browser tests skip), except where they are required (CI).

Each case runs the script with a PATH of fakes (``id``, ``apt-get``,
``sudo``) that log what was called, so nothing is installed for real."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "tools" / "chromium.sh"
SH = shutil.which("sh") or "/bin/sh"
ENV = shutil.which("env") or "/usr/bin/env"


def _fake(folder: Path, name: str, body: str) -> None:
    path = folder / name
    path.write_text(f"#!{SH}\n{body}\n")
    path.chmod(0o755)


def run(
    tmp_path: Path,
    *,
    uid: int = 1000,
    apt: bool = True,
    apt_fails: bool = False,
    sudo: str | None = None,
    env: dict[str, str] | None = None,
) -> tuple[int, str, list[str]]:
    """The script's exit status, its output and the fakes' calls. ``sudo``:
    None (no sudo), "ok" (asks no password) or "asks" (would prompt)."""
    bindir = tmp_path / "bin"
    bindir.mkdir(parents=True)
    log = tmp_path / "calls.log"
    browser = tmp_path / "chromium"
    _fake(bindir, "id", f'echo "id $*" >> "{log}"; echo {uid}')
    os.symlink(ENV, bindir / "env")
    if apt:
        install = f': > "{browser}"; /bin/chmod +x "{browser}"'
        status = "exit 1" if apt_fails else install
        _fake(bindir, "apt-get", f'echo "apt-get $*" >> "{log}"; case "$1" in install) {status};; esac')
    if sudo is not None:
        code = 0 if sudo == "ok" else 1
        _fake(
            bindir,
            "sudo",
            f'echo "sudo $*" >> "{log}"; [ "$1" = -n ] || exit 9; [ {code} = 0 ] || exit 1; shift; "$@"',
        )
    environ = {"PATH": str(bindir), "CARAVAN_CHROMIUM_DEFAULT": str(browser), **(env or {})}
    done = subprocess.run([SH, str(SCRIPT)], env=environ, capture_output=True, text=True, timeout=30)
    calls = log.read_text().splitlines() if log.exists() else []
    return done.returncode, done.stdout + done.stderr, calls


def installs(calls: list[str]) -> bool:
    return any("apt-get install" in c for c in calls)


def test_a_browser_in_place_is_used_and_nothing_runs(tmp_path: Path) -> None:
    (tmp_path / "chromium").write_text("")
    (tmp_path / "chromium").chmod(0o755)
    code, out, calls = run(tmp_path, uid=0)
    assert (code, out, calls) == (0, "", [])


def test_root_with_apt_installs_debians_chromium_without_sudo(tmp_path: Path) -> None:
    code, out, calls = run(tmp_path, uid=0, sudo="ok")
    assert code == 0, out
    assert "apt-get update -qq" in calls and installs(calls)
    assert not any(c.startswith("sudo") for c in calls)
    assert (tmp_path / "chromium").exists()


def test_a_user_without_root_gets_one_line_and_no_password_prompt(tmp_path: Path) -> None:
    code, out, calls = run(tmp_path, uid=1000, sudo="asks")
    assert code == 0, "make test goes on: the browser tests skip"
    assert not any(c.startswith(("sudo", "apt-get")) for c in calls)
    assert len(out.strip().splitlines()) == 1
    assert "will skip" in out and "CARAVAN_CHROMIUM=" in out


@pytest.mark.parametrize("uid", [0, 1000])
def test_without_apt_nothing_is_installed_and_the_tests_skip(tmp_path: Path, uid: int) -> None:
    """macOS, Fedora, Arch: no apt-get."""
    code, out, calls = run(tmp_path, uid=uid, apt=False, sudo="ok")
    assert code == 0
    assert not any(c.startswith("sudo") for c in calls)
    assert len(out.strip().splitlines()) == 1 and "will skip" in out


def test_ci_with_a_passwordless_sudo_installs(tmp_path: Path) -> None:
    """GitHub's runners: a user with `sudo -n`, CI=true."""
    code, out, calls = run(tmp_path, uid=1001, sudo="ok", env={"CI": "true"})
    assert code == 0, out
    assert installs(calls) and "sudo -n true" in calls
    assert all(c.startswith("sudo -n") for c in calls if c.startswith("sudo"))


def test_ci_without_a_way_to_install_fails_at_once(tmp_path: Path) -> None:
    """Under CI the browser tests are required (e2e/conftest.py): no browser is an error."""
    code, out, calls = run(tmp_path, uid=1001, sudo="asks", env={"CI": "true"})
    assert code == 1
    assert not installs(calls)
    assert "required" in out


def test_a_failed_install_says_so_and_lets_the_tests_skip(tmp_path: Path) -> None:
    code, out, calls = run(tmp_path, uid=0, apt_fails=True)
    assert code == 0 and installs(calls)
    assert "could not install" in out and "will skip" in out


def test_caravan_chromium_pointing_nowhere_is_said_and_nothing_is_installed(tmp_path: Path) -> None:
    missing = str(tmp_path / "no-such-chrome")
    code, out, calls = run(tmp_path, uid=0, env={"CARAVAN_CHROMIUM": missing})
    assert code == 0 and not installs(calls)
    assert f"CARAVAN_CHROMIUM={missing} is not an executable" in out
    code, out, _ = run(tmp_path / "ci", uid=0, env={"CARAVAN_CHROMIUM": missing, "CARAVAN_E2E_REQUIRED": "1"})
    assert code == 1


def test_caravan_chromium_pointing_at_a_browser_is_used(tmp_path: Path) -> None:
    chrome = tmp_path / "google-chrome"
    chrome.write_text("")
    chrome.chmod(0o755)
    code, out, calls = run(tmp_path, uid=0, env={"CARAVAN_CHROMIUM": str(chrome)})
    assert (code, out, calls) == (0, "", [])
