#!/bin/sh
# Debian's Chromium for the browser tests (Playwright cannot download browsers here).
# CARAVAN_CHROMIUM points the tests at another binary; then nothing is installed.
set -eu
bin="${CARAVAN_CHROMIUM:-/usr/bin/chromium}"
[ -x "$bin" ] && exit 0
if [ -n "${CARAVAN_CHROMIUM:-}" ]; then
  echo "CARAVAN_CHROMIUM=$bin is not an executable" >&2
  exit 1
fi
echo "Installing Debian's chromium for the browser tests..."
sudo_cmd=""
[ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
$sudo_cmd apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq chromium >/dev/null
