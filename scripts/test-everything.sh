#!/usr/bin/env bash
# The README's test command and what CI runs: installs what a fresh Debian machine lacks, then runs every test.
# Safe to re-run; never prompts; needs root or sudo only when a Debian package is missing. Never downloads a
# browser: Playwright drives Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

export DEBIAN_FRONTEND=noninteractive
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v redis-server > /dev/null || missing+=(redis-server)
# Course certificates embed DejaVu Sans (names with any accent); without it they fall back to Helvetica.
[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || missing+=(fonts-dejavu-core)
if [ "${#missing[@]}" -gt 0 ]; then
  echo "Installing Debian packages: ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo -n"
  $sudo apt-get update -q || echo "apt-get update failed; trying the install with the current package lists"
  $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

# WordPress, PHP and MariaDB for the real-WordPress tests (the rig script knows the package list).
bash scripts/wp-rig.sh packages
# PostgreSQL for the database integration tests (Debian's package; the rig starts its own server).
bash scripts/pg-rig.sh packages

# `npm ci` refuses lockfiles written on this registry mirror (stack notes §0); `npm install` honours the lock.
npm install --no-audit --no-fund
npm test
