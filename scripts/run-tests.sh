#!/usr/bin/env bash
# `npm test`: static checks, unit and integration tests (Vitest), a production build, then end-to-end and
# accessibility tests (Playwright in Debian's Chromium). Starts a throwaway Redis on 127.0.0.1 for the
# shared-limiter test and a throwaway PostgreSQL (scripts/pg-rig.sh) for the database tests, and stops them
# on exit. Assumes dependencies are installed (see test-everything.sh).
set -euo pipefail
cd "$(dirname "$0")/.."

# Each stage's seconds go to a TSV file (seconds, stage), one per run, so a slow stage shows before anyone guesses;
# scripts/test-timings.mjs summarises it with the Vitest and Playwright JSON reports written beside it.
TIMINGS_DIR="$PWD/.data/timings"
mkdir -p "$TIMINGS_DIR"
# Reports of an earlier run would pass for this one's.
rm -f "$TIMINGS_DIR/vitest.json" "$TIMINGS_DIR/playwright.json"
TIMINGS_FILE="$TIMINGS_DIR/run-$(date -u +%Y%m%dT%H%M%SZ).tsv"
STAGE_NAME=""
STAGE_START=$SECONDS
# Ends the running stage: prints and records its seconds.
end_stage() {
  if [ -n "$STAGE_NAME" ]; then
    local took=$((SECONDS - STAGE_START))
    echo "== $STAGE_NAME: ${took} s"
    printf '%s\t%s\n' "$took" "$STAGE_NAME" >> "$TIMINGS_FILE"
    STAGE_NAME=""
  fi
}
# Starts a stage named $1 (stable across runs, the key of the timings); $2 adds run-specific details to the banner.
stage() {
  end_stage
  STAGE_NAME="$1"
  STAGE_START=$SECONDS
  echo "== $1${2:+ ($2)}"
}

cleanup() {
  local status=$?
  end_stage
  printf '%s\t%s\n' "$SECONDS" "total (exit status $status)" >> "$TIMINGS_FILE"
  node scripts/test-timings.mjs "$TIMINGS_FILE" || true
  if [ -n "${REDIS_PID:-}" ]; then kill "$REDIS_PID" 2> /dev/null || true; fi
  if [ -n "${WP_RIG_BOOTED:-}" ]; then bash scripts/wp-rig.sh stop > /dev/null 2>&1 || true; fi
  if [ -n "${WP_RIG_BARE_BOOTED:-}" ]; then
    WP_RIG_PORT="$WP_RIG_BARE_PORT" WP_RIG_STATE="$WP_RIG_BARE_STATE" bash scripts/wp-rig.sh stop > /dev/null 2>&1 || true
  fi
  if [ -n "${PG_RIG_BOOTED:-}" ]; then bash scripts/pg-rig.sh stop > /dev/null 2>&1 || true; fi
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

# A real WordPress (Debian's package, our plugin, the demo content) for the integration and end-to-end tests
# against WordPress. Its webhook goes to the e2e server on port 3103 (playwright.config.ts).
if [ -z "${TEST_WORDPRESS_URL:-}" ]; then
  if command -v mariadbd > /dev/null && [ -d /usr/share/wordpress ]; then
    export TEST_REVALIDATE_SECRET="${TEST_REVALIDATE_SECRET:-$(node -e 'console.log(require("crypto").randomBytes(24).toString("hex"))')}"
    export WP_RIG_PORT="${WP_RIG_PORT:-$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')}"
    stage "WordPress rig boot" "127.0.0.1:$WP_RIG_PORT"
    WP_RIG_BOOTED=1
    # The tests' fixture posts (the hostile-markup post) join the demo seed in this rig only (tests/fixtures/seed).
    WP_RIG_EXTRA_SEED="$PWD/tests/fixtures/seed" WP_RIG_SITE_URL=http://localhost:3103 \
      WP_RIG_WEBHOOK_SECRET="$TEST_REVALIDATE_SECRET" bash scripts/wp-rig.sh boot | tail -1
    export TEST_WORDPRESS_URL="http://127.0.0.1:$WP_RIG_PORT"
    export TEST_WORDPRESS_STATE="${WP_RIG_STATE:-$PWD/.data/wp-rig}"
  else
    echo "WordPress rig packages are missing (run scripts/test-everything.sh): skipping the tests against WordPress." >&2
    if [ -n "${CI:-}" ]; then exit 1; fi
  fi
fi

# A second rig WITHOUT the companion plugin (issue 21: a charity's WordPress before it installs the plugin), with
# plain permalinks and so no ACF-shaped fields either: the site must build and serve there (project wordpress-bare).
# Its own port and state directory, so it never disturbs the rig above.
if [ -z "${TEST_WORDPRESS_BARE_URL:-}" ] && [ -n "${WP_RIG_BOOTED:-}" ]; then
  WP_RIG_BARE_PORT="$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
  WP_RIG_BARE_STATE="$PWD/.data/wp-rig-bare"
  stage "WordPress rig without the companion plugin boot" "127.0.0.1:$WP_RIG_BARE_PORT"
  WP_RIG_BARE_BOOTED=1
  WP_RIG_PORT="$WP_RIG_BARE_PORT" WP_RIG_STATE="$WP_RIG_BARE_STATE" WP_RIG_PLUGIN=inactive WP_RIG_PERMALINKS=plain \
    bash scripts/wp-rig.sh boot | tail -1
  export TEST_WORDPRESS_BARE_URL="http://127.0.0.1:$WP_RIG_BARE_PORT"
fi

# A real PostgreSQL (Debian's package) for the database and Supabase row-level-security integration tests, in
# its own temporary state directory so parallel runs never share a server.
if [ -z "${TEST_DATABASE_URL:-}" ]; then
  if bash scripts/pg-rig.sh installed; then
    stage "PostgreSQL rig boot"
    export PG_RIG_STATE
    PG_RIG_STATE="$(mktemp -d "${TMPDIR:-/tmp}/pg-rig.XXXXXX")"
    PG_RIG_BOOTED=1
    pg_out="$(bash scripts/pg-rig.sh boot)"
    grep -v '^DATABASE_URL=' <<< "$pg_out" || true
    pg_line="$(tail -n 1 <<< "$pg_out")"
    export TEST_DATABASE_URL="${pg_line#DATABASE_URL=}"
  else
    echo "PostgreSQL is missing (run scripts/test-everything.sh): the database tests run on PGlite only." >&2
    if [ -n "${CI:-}" ]; then exit 1; fi
  fi
fi

stage "eslint, typegen and tsc" "side by side: each keeps about one core busy"
npx eslint . &
eslint_pid=$!
# Route types (PageProps, LayoutProps, next/root-params) are generated, not committed.
tsc_status=0
{ npx next typegen && npx tsc --noEmit; } || tsc_status=$?
eslint_status=0
wait "$eslint_pid" || eslint_status=$?
if [ "$eslint_status" -ne 0 ] || [ "$tsc_status" -ne 0 ]; then
  echo "eslint exited $eslint_status, typegen/tsc exited $tsc_status" >&2
  exit 1
fi
# Both builds below would repeat that exact check (next.config.ts).
export NEXT_BUILD_TYPECHECKED=1

stage "unit and integration tests (vitest)"
npx vitest run --reporter=default --reporter=json --outputFile.json="$TIMINGS_DIR/vitest.json"

# The builds and e2e servers read the bundled snapshot plus the tests' fixture items (the hostile-markup post,
# which never ships in content/snapshot): scripts/test-snapshot.mjs writes that copy to .data/test-snapshot.
node scripts/test-snapshot.mjs > /dev/null
export CONTENT_SNAPSHOT_DIR="$PWD/.data/test-snapshot"

stage "production build, WordPress unreachable" "must fall back to the bundled snapshot"
# Built with a canary OpenAI key, so the bundle check below proves the key never reaches the browser.
canary_key="sk-canary-$(node -e 'console.log(require("crypto").randomBytes(18).toString("hex"))')"
OPENAI_API_KEY="$canary_key" WORDPRESS_URL=http://127.0.0.1:9 npx next build

stage "no secret in the browser bundle" "the key's value, the OpenAI host"
node scripts/check-client-bundle.mjs "${NEXT_DIST_DIR:-.next}" "$canary_key"

stage "deploy smoke" "DEPLOY.md on 127.0.0.1: systemd units' ExecStart, nginx, PostgreSQL, Redis (deploy/smoke.sh, reuses this build)"
if command -v nginx > /dev/null || [ -x /usr/sbin/nginx ] || [ -n "${CI:-}" ]; then
  bash deploy/smoke.sh
else
  echo "nginx is missing (run scripts/test-everything.sh): skipping deploy/smoke.sh and the multi-instance test." >&2
fi

# The two builds against the rigs run side by side: much of each is waiting for PHP to answer (each rig is its own
# PHP server), so together they take less than one after the other. The second one's output is printed after it.
bare_pid=""
if [ -n "${TEST_WORDPRESS_BARE_URL:-}" ]; then
  bare_log="$TIMINGS_DIR/build-wp-bare.log"
  (
    WORDPRESS_URL="$TEST_WORDPRESS_BARE_URL" npm run -s content:check &&
      NEXT_DIST_DIR=.next-wp-bare WORDPRESS_URL="$TEST_WORDPRESS_BARE_URL" npx next build
  ) > "$bare_log" 2>&1 &
  bare_pid=$!
fi
if [ -n "${TEST_WORDPRESS_URL:-}" ]; then
  stage "production builds against the WordPress rig and against WordPress without the companion plugin" \
    ".next-wp and .next-wp-bare, side by side"
  NEXT_DIST_DIR=.next-wp WORDPRESS_URL="$TEST_WORDPRESS_URL" npx next build
fi
if [ -n "$bare_pid" ]; then
  bare_status=0
  wait "$bare_pid" || bare_status=$?
  echo "== the build against WordPress without the companion plugin (.next-wp-bare), exit status $bare_status:"
  cat "$bare_log"
  [ "$bare_status" -eq 0 ] || exit "$bare_status"
fi

stage "end-to-end and accessibility tests (playwright)"
# The e2e server's own embedded database starts empty on every run.
rm -rf .data/e2e-pglite
npx playwright test
