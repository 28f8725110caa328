#!/usr/bin/env bash
# Runs DEPLOY.md's steps on 127.0.0.1 and checks the result, so the deployment files stay true (`npm test` runs it).
# Differences from a real machine, and why:
#   - no systemd here (no PID 1 manager): each unit's ExecStart line is read from deploy/systemd/ and started as a
#     background process with the unit's environment, then stopped by its PID with SIGTERM, as systemd would;
#   - no root services: PostgreSQL is a throwaway cluster (scripts/pg-rig.sh) and Redis a throwaway redis-server,
#     nginx runs from a temporary prefix (deploy/nginx-local.sh renders deploy/nginx/lrjn.conf);
#   - ports 3113/3114 (instances) and 3116 (nginx) instead of 3001/3002 and 80; no certbot (no public name);
#   - this checkout and its node_modules (steps 2-3); an existing build is reused (SMOKE_BUILD=1 rebuilds), so
#     step 6's NEXT_DEPLOYMENT_ID file is not written (it would not match that build, and would reach the
#     other test servers of this checkout).
# Installs nginx, redis-server and PostgreSQL with apt when missing (root or passwordless sudo, no prompt).
# Exit 0 when every check passes; on failure prints the failing check and the last log lines.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

SITE_PORTS=(3113 3114)
NGINX_PORT=3116
DIST="${NEXT_DIST_DIR:-.next}"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/lrjn-smoke.XXXXXX")"
chmod 755 "$WORK"
PIDS=()
say() { printf 'smoke: %s\n' "$*"; }
fail() {
  printf 'smoke: FAILED: %s\n' "$*" >&2
  for log in "$WORK"/*.log "$WORK"/nginx/logs/error.log; do
    [ -f "$log" ] && { echo "--- $log" >&2; tail -n 15 "$log" >&2; }
  done
  exit 1
}

cleanup() {
  set +e
  [ -f "$WORK/nginx/nginx.pid" ] && kill "$(cat "$WORK/nginx/nginx.pid")" 2> /dev/null
  for pid in "${PIDS[@]}"; do kill -TERM "$pid" 2> /dev/null; done
  for pid in "${PIDS[@]}"; do
    for _ in $(seq 1 100); do kill -0 "$pid" 2> /dev/null || break; sleep 0.2; done
    kill -KILL "$pid" 2> /dev/null
  done
  [ -n "${REDIS_PID:-}" ] && kill "$REDIS_PID" 2> /dev/null
  [ -n "${PG_BOOTED:-}" ] && PG_RIG_STATE="$WORK/pg" bash scripts/pg-rig.sh stop > /dev/null 2>&1
  rm -rf "$WORK"
}
trap cleanup EXIT

free_port() {
  node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
}
for port in "${SITE_PORTS[@]}" "$NGINX_PORT"; do
  if (: < "/dev/tcp/127.0.0.1/$port") 2> /dev/null; then fail "port $port is already in use"; fi
done

# --- Step 1: packages (the ones the checks need; Node is this machine's) ---
missing=()
command -v nginx > /dev/null || [ -x /usr/sbin/nginx ] || missing+=(nginx)
command -v redis-server > /dev/null || missing+=(redis-server)
command -v pg_dump > /dev/null || missing+=(postgresql-client)
bash scripts/pg-rig.sh installed || missing+=(postgresql)
if [ "${#missing[@]}" -gt 0 ]; then
  say "installing ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo -n"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -q > /dev/null || true
  $sudo apt-get install -y -q --no-install-recommends "${missing[@]}" > /dev/null
fi
PATH="$PATH:/usr/sbin"

# --- Step 4: PostgreSQL and Redis ---
PG_BOOTED=1
pg_out="$(PG_RIG_STATE="$WORK/pg" PG_RIG_DB=lrjn bash scripts/pg-rig.sh boot)" || fail "PostgreSQL did not start"
DATABASE_URL="$(tail -n 1 <<< "$pg_out")"
DATABASE_URL="${DATABASE_URL#DATABASE_URL=}"
REDIS_PORT="$(free_port)"
redis-server --bind 127.0.0.1 --port "$REDIS_PORT" --save '' --appendonly no --maxmemory 64mb \
  --maxmemory-policy allkeys-lru > "$WORK/redis.log" 2>&1 &
REDIS_PID=$!
for _ in $(seq 1 50); do redis-cli -p "$REDIS_PORT" ping > /dev/null 2>&1 && break; sleep 0.1; done

# --- Step 5: the environment file (DEPLOY.md's, with local values) ---
rand() { node -e "console.log(require('crypto').randomBytes($1).toString('$2'))"; }
cat > "$WORK/env" << EOF
SITE_URL=http://localhost:$NGINX_PORT
DATABASE_URL=$DATABASE_URL
FORM_SECRET=$(rand 32 hex)
EMAIL_LINK_SECRET=$(rand 32 hex)
NEXT_SERVER_ACTIONS_ENCRYPTION_KEY=$(rand 32 base64)
REDIS_URL=redis://127.0.0.1:$REDIS_PORT/0
TRUSTED_PROXY_HEADER=x-real-ip
MAIL_FROM="LRJN smoke test <no-reply@example.org>"
MAIL_DIR=none
ADMIN_EMAILS=webmaster@example.org
LOG_LEVEL=info
EOF
load_env() { set -a && . "$WORK/env" && set +a; }

# --- Step 6: build (reused when one exists) ---
if [ "${SMOKE_BUILD:-0}" = 1 ] || [ ! -f "$DIST/BUILD_ID" ]; then
  say "building into $DIST"
  (load_env && NEXT_DIST_DIR="$DIST" npm run -s build > "$WORK/build.log" 2>&1) || fail "npm run build"
else
  say "reusing the build in $DIST"
fi
export NEXT_DIST_DIR="$DIST"

# --- Step 7: tables, first admin ---
(load_env && npm run -s db:migrate > "$WORK/migrate.log" 2>&1) || fail "npm run db:migrate"
grep -q 'migrations are up to date' "$WORK/migrate.log" || fail "db:migrate said: $(cat "$WORK/migrate.log")"
# No one has signed up here, so user:admin must reach the database and say the account does not exist (exit 1).
set +e
(load_env && npm run -s user:admin -- nobody-yet@example.org > "$WORK/admin.log" 2>&1)
admin_code=$?
set -e
[ "$admin_code" = 1 ] && grep -q 'account uses nobody-yet@example.org' "$WORK/admin.log" || fail "user:admin (exit $admin_code): $(cat "$WORK/admin.log")"
say "database migrated; user:admin reaches it"

# --- Step 8: the units, as systemd would run them ---
# A unit's ExecStart with its instance name, this checkout for /srv/lrjn/app and this machine's node.
exec_start() {
  sed -n 's/^ExecStart=//p' "deploy/systemd/$1" | sed -e "s#%i#$2#g" -e "s#/srv/lrjn/app#$ROOT#g" \
    -e "s#/usr/local/bin/node#$(command -v node)#g"
}
# Environment= lines of the unit (PATH apart: this machine's node may live elsewhere).
unit_env() { sed -n 's/^Environment=//p' "deploy/systemd/$1" | grep -v '^PATH='; }
start_unit() {
  local unit="$1" instance="$2" log="$3" cmd
  cmd="$(exec_start "$unit" "$instance")"
  [ -n "$cmd" ] || fail "no ExecStart in deploy/systemd/$unit"
  (
    load_env
    while IFS= read -r kv; do export "${kv?}"; done < <(unit_env "$unit")
    cd "$ROOT"
    # shellcheck disable=SC2086 # the ExecStart line is split into words, as systemd does
    exec $cmd
  ) > "$WORK/$log" 2>&1 &
  PIDS+=($!)
}
i=0
for port in "${SITE_PORTS[@]}"; do
  start_unit 'lrjn-site@.service' "$port" "site-$port.log"
  SITE_PIDS[i]=$!
  i=$((i + 1))
done
start_unit lrjn-outbox.service '' outbox.log
OUTBOX_PID=$!
for port in "${SITE_PORTS[@]}"; do
  ok=""
  for _ in $(seq 1 120); do
    if curl -fsS "http://localhost:$port/api/ready" > /dev/null 2>&1; then ok=1 && break; fi
    sleep 0.5
  done
  [ -n "$ok" ] || fail "lrjn-site@$port never became ready"
done
say "lrjn-site@${SITE_PORTS[0]}, lrjn-site@${SITE_PORTS[1]} and lrjn-outbox are up"

# --- Step 9: nginx with deploy/nginx/lrjn.conf ---
bash deploy/nginx-local.sh "$WORK/nginx" "$NGINX_PORT" "${SITE_PORTS[@]}" > /dev/null
nginx -t -q -p "$WORK/nginx" -c "$WORK/nginx/nginx.conf" 2> "$WORK/nginx-t.log" || fail "nginx -t: $(cat "$WORK/nginx-t.log")"
nginx -p "$WORK/nginx" -c "$WORK/nginx/nginx.conf" 2> "$WORK/nginx-start.log" || fail "nginx did not start"
for _ in $(seq 1 50); do [ -f "$WORK/nginx/nginx.pid" ] && break; sleep 0.1; done

# --- Checks through nginx ---
BASE="http://localhost:$NGINX_PORT"
header() { grep -i "^$1:" | head -n 1 | cut -d: -f2- | tr -d '\r' | sed 's/^ *//'; }
get() { curl -sS -D "$WORK/h" -o "$WORK/b" "$@" || fail "curl $*"; }
status() { head -n 1 "$WORK/h" | awk '{print $2}'; }

get "$BASE/api/health"
[ "$(status)" = 200 ] || fail "/api/health through nginx: $(status)"
get "$BASE/api/ready"
[ "$(status)" = 200 ] || fail "/api/ready through nginx: $(status) $(cat "$WORK/b")"
grep -q '"database":"ok"' "$WORK/b" && grep -q '"redis":"ok"' "$WORK/b" || fail "/api/ready: $(cat "$WORK/b")"
say "health and readiness through nginx: $(cat "$WORK/b")"

get "$BASE/"
[ "$(status)" = 200 ] || fail "/ through nginx: $(status)"
grep -q '<html' "$WORK/b" || fail "/ is not a page"
get "$BASE/"
[ "$(header x-cache-status < "$WORK/h")" = HIT ] || fail "/ was not a cache HIT the second time: $(cat "$WORK/h")"
[ -z "$(header set-cookie < "$WORK/h")" ] || fail "/ sets a cookie: $(header set-cookie < "$WORK/h")"
header cache-control < "$WORK/h" | grep -q 's-maxage' || fail "/ is not publicly cacheable: $(cat "$WORK/h")"
say "/ through nginx: 200, X-Cache-Status HIT, no Set-Cookie, Cache-Control $(header cache-control < "$WORK/h")"

get -H 'Cookie: __Host-lrjn_session=smoke' "$BASE/"
[ "$(header x-cache-status < "$WORK/h")" = BYPASS ] || fail "a session cookie did not bypass the cache"
[ "$(header cache-control < "$WORK/h")" = 'private, no-store' ] || fail "a signed-in answer is cacheable: $(header cache-control < "$WORK/h")"
say "with a session cookie: BYPASS, Cache-Control private, no-store"

# A form page's query string is one visitor's state (a token, `next`, prefilled fields): never stored.
get "$BASE/contact?smoke=1"
get "$BASE/contact?smoke=1"
[ "$(header x-cache-status < "$WORK/h")" = BYPASS ] || fail "/contact?smoke=1 was cached: $(header x-cache-status < "$WORK/h")"
get -H 'Cookie: lrjn_preview=smoke' "$BASE/"
[ "$(header x-cache-status < "$WORK/h")" = BYPASS ] || fail "the preview cookie did not bypass the cache"
# Bodies over 1 MB are refused by nginx, except on the course-material upload.
head -c 2097152 /dev/zero > "$WORK/big"
code="$(curl -s -o /dev/null -w '%{http_code}' -X POST --data-binary @"$WORK/big" "$BASE/contact")"
[ "$code" = 413 ] || fail "a 2 MB POST to /contact through nginx: HTTP $code"
say "/contact?smoke=1 and the preview cookie: BYPASS; a 2 MB POST to /contact: 413"

# The public pages nginx must be able to cache: no Set-Cookie, a shared-cache Cache-Control, with or without
# Accept-Language (the locale comes from the path, never from the header or a cookie).
post="$(grep -o 'href="/blog/[a-z0-9-]*"' "$WORK/b" | head -n 1 | cut -d'"' -f2)"
[ -n "$post" ] || { get "$BASE/blog" && post="$(grep -o 'href="/blog/[a-z0-9-]*"' "$WORK/b" | head -n 1 | cut -d'"' -f2)"; }
for page in / /blog "$post" /es/events; do
  for lang in '' 'es-ES,es;q=0.9,en;q=0.5'; do
    curl -sI ${lang:+-H "Accept-Language: $lang"} "$BASE$page" > /dev/null
    curl -sI ${lang:+-H "Accept-Language: $lang"} "$BASE$page" > "$WORK/h"
    [ "$(status)" = 200 ] || fail "$page${lang:+ (Accept-Language $lang)}: HTTP $(status)"
    [ -z "$(header set-cookie < "$WORK/h")" ] || fail "$page sets a cookie: $(header set-cookie < "$WORK/h")"
    header cache-control < "$WORK/h" | grep -q 's-maxage=[1-9]' || fail "$page: Cache-Control $(header cache-control < "$WORK/h")"
    [ "$(header x-cache-status < "$WORK/h")" = HIT ] || fail "$page${lang:+ (Accept-Language $lang)} was not a cache HIT"
    say "curl -sI $page${lang:+ -H 'Accept-Language: $lang'}: $(tr -d '\r' < "$WORK/h" | grep -i -E '^(HTTP|cache-control|x-cache-status|set-cookie|content-language)' | paste -sd'|')"
  done
done
get "$BASE/"

asset="$(grep -o '/_next/static/[^"]*\.js' "$WORK/b" | head -n 1)"
[ -n "$asset" ] || fail "no /_next/static script on /"
get "$BASE$asset"
get "$BASE$asset"
[ "$(header x-cache-status < "$WORK/h")" = HIT ] || fail "$asset was not a cache HIT"
header cache-control < "$WORK/h" | grep -q immutable || fail "$asset is not immutable"
say "static asset: HIT, $(header cache-control < "$WORK/h")"

# Stopping an instance (as `systemctl stop` does) loses no request: nginx retries on the other one.
kill -TERM "${SITE_PIDS[0]}"
for n in $(seq 1 20); do
  code="$(curl -s -o /dev/null -w '%{http_code}' "$BASE/api/health?n=$n")"
  [ "$code" = 200 ] || fail "request $n after stopping lrjn-site@${SITE_PORTS[0]}: HTTP $code"
done
for _ in $(seq 1 100); do kill -0 "${SITE_PIDS[0]}" 2> /dev/null || break; sleep 0.2; done
kill -0 "${SITE_PIDS[0]}" 2> /dev/null && fail "lrjn-site@${SITE_PORTS[0]} did not stop on SIGTERM"
say "lrjn-site@${SITE_PORTS[0]} stopped on SIGTERM; 20 requests meanwhile, all 200"
kill -0 "$OUTBOX_PID" 2> /dev/null || fail "lrjn-outbox is not running"

# --- Step 13: backup ---
(load_env && npm run -s db:backup -- "$WORK/backup.sql" > "$WORK/backup.log" 2>&1) || fail "npm run db:backup"
grep -q 'CREATE TABLE' "$WORK/backup.sql" || fail "the backup has no tables"
say "npm run db:backup wrote $(wc -c < "$WORK/backup.sql") bytes"

# --- Stop by PID, as systemctl stop does ---
kill -TERM "$OUTBOX_PID"
for _ in $(seq 1 100); do kill -0 "$OUTBOX_PID" 2> /dev/null || break; sleep 0.2; done
kill -0 "$OUTBOX_PID" 2> /dev/null && fail "lrjn-outbox did not stop on SIGTERM"
say "OK"
