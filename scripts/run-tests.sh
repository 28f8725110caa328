#!/usr/bin/env bash
# `npm test`: static checks, unit and integration tests (Vitest), a production build, then end-to-end and
# accessibility tests (Playwright in Debian's Chromium). Starts a throwaway Redis on 127.0.0.1 for the
# shared-limiter test and stops it by PID on exit. Assumes dependencies are installed (see test-everything.sh).
set -euo pipefail
cd "$(dirname "$0")/.."

cleanup() {
  if [ -n "${REDIS_PID:-}" ]; then kill "$REDIS_PID" 2> /dev/null || true; fi
}
trap cleanup EXIT

if [ -z "${TEST_REDIS_URL:-}" ]; then
  if ! command -v redis-server > /dev/null; then
    echo "redis-server is missing: run scripts/test-everything.sh (or apt-get install redis-server)." >&2
    exit 1
  fi
  port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
  redis-server --bind 127.0.0.1 --port "$port" --save '' --appendonly no --daemonize no > /dev/null &
  REDIS_PID=$!
  for _ in $(seq 1 50); do
    redis-cli -h 127.0.0.1 -p "$port" ping > /dev/null 2>&1 && break
    sleep 0.1
  done
  export TEST_REDIS_URL="redis://127.0.0.1:$port"
fi

echo "== lint and types"
npx eslint .
# Route types (PageProps, LayoutProps, next/root-params) are generated, not committed.
npx next typegen
npx tsc --noEmit

echo "== unit and integration tests"
npx vitest run

echo "== production build"
npx next build

echo "== end-to-end and accessibility tests"
npx playwright test
