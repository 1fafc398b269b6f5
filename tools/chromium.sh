#!/bin/sh
# The browser tests' Chromium (`make browser`, run by `make test`). Playwright's
# own browsers are not used: the tests launch the system's, at $CARAVAN_CHROMIUM
# or /usr/bin/chromium.
#
# Installs Debian's `chromium` only where that cannot surprise anyone: as root
# on a system with apt-get (a container, CI here), or under CI with apt-get and
# a sudo that asks no password (GitHub's runners). Anywhere else (macOS,
# Fedora, Arch, a Debian user without root) it prints one line saying how to
# get a browser and exits 0: the browser tests then skip. Under CI or
# CARAVAN_E2E_REQUIRED the browser tests are required (e2e/conftest.py), so a
# missing browser fails here at once (exit 1).
#
# CARAVAN_CHROMIUM_DEFAULT replaces /usr/bin/chromium for tests/test_chromium_sh.py only.
set -u
default="${CARAVAN_CHROMIUM_DEFAULT:-/usr/bin/chromium}"
bin="${CARAVAN_CHROMIUM:-$default}"
[ -x "$bin" ] && exit 0

required=""
[ -n "${CI:-}${CARAVAN_E2E_REQUIRED:-}" ] && required=1

# No browser to be had: say so in one line; skip, or fail where it is required.
give_up() {
  if [ -n "$required" ]; then
    echo "tools/chromium.sh: $1; the browser tests are required here (CI or CARAVAN_E2E_REQUIRED)" >&2
    exit 1
  fi
  echo "tools/chromium.sh: $1; the browser tests will skip (install Chromium, or CARAVAN_CHROMIUM=/path/to/chromium-or-chrome make test)" >&2
  exit 0
}

if [ -n "${CARAVAN_CHROMIUM:-}" ]; then
  give_up "CARAVAN_CHROMIUM=$bin is not an executable"
fi
command -v apt-get >/dev/null 2>&1 || give_up "no Chromium at $bin"
if [ "$(id -u)" -eq 0 ]; then
  sudo_cmd=""
elif [ -n "${CI:-}" ] && command -v sudo >/dev/null 2>&1 && sudo -n true >/dev/null 2>&1; then
  sudo_cmd="sudo -n"
else
  give_up "no Chromium at $bin (as root, apt-get install chromium)"
fi
echo "tools/chromium.sh: installing Debian's chromium for the browser tests..."
if ! { $sudo_cmd apt-get update -qq &&
  $sudo_cmd env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }; then
  give_up "apt-get could not install chromium"
fi
[ -x "$bin" ] || give_up "apt-get installed chromium, but there is none at $bin"
