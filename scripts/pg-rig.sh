#!/usr/bin/env bash
# A throwaway PostgreSQL for integration tests, without Docker: Debian's `postgresql` package, a fresh cluster
# (initdb) in a state directory, listening on a unix socket in that directory and on 127.0.0.1 only. As root it
# runs as the `postgres` system user (postgres refuses to run as root). Stopped by the postmaster's PID.
# See `scripts/pg-rig.sh --help` for the commands.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
STATE="${PG_RIG_STATE:-${TMPDIR:-/tmp}/lrjn-pg-rig}"
case "$STATE" in /*) ;; *) STATE="$PWD/$STATE" ;; esac
HOST=127.0.0.1
DB_NAME="${PG_RIG_DB:-lrjn_test}"
DB_USER=rig
PACKAGES=(postgresql)
MARKER=.pg-rig
export DEBIAN_FRONTEND=noninteractive

usage() {
  cat << EOF
Usage: scripts/pg-rig.sh <command>

A throwaway PostgreSQL (Debian package) on a unix socket and $HOST, for the database integration tests.

Commands:
  packages   apt-get install the Debian packages when missing (root or sudo; the Debian service is not started)
  installed  exit status 0 when the server is installed, 1 when not (prints nothing)
  boot       fresh cluster (initdb), start the server, create database $DB_NAME; prints
             DATABASE_URL=<url> as the last line (superuser $DB_USER, random password). Refuses if one is running.
  stop       stop the server by the PID in its postmaster.pid and delete the state directory; idempotent
  status     show whether the server answers (exit status 1 when it does not)
  url        print the database URL of the running rig
  --help     this text

Environment:
  PG_RIG_STATE   state directory, wiped on boot and deleted on stop (default \${TMPDIR:-/tmp}/lrjn-pg-rig);
                 must be reachable by the postgres user when run as root, so not under a private home
  PG_RIG_PORT    TCP port on $HOST (default: a free port)
  PG_RIG_DB      database to create (default lrjn_test)

Files in the state directory: data/ (the cluster), socket/ (unix socket), url, password, logs/postgres.log.
psql over the socket: psql -h \$PG_RIG_STATE/socket -p <port> -U $DB_USER $DB_NAME
EOF
}

say() { printf 'pg-rig: %s\n' "$*"; }
die() {
  printf 'pg-rig: error: %s\n' "$*" >&2
  exit 1
}

now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }

# The newest Debian PostgreSQL server's bin directory (postgresql-NN installs into /usr/lib/postgresql/NN/bin).
pg_bindir() {
  local dir
  dir="$(find /usr/lib/postgresql -mindepth 2 -maxdepth 2 -name bin -type d 2> /dev/null | sort -V | tail -1)"
  [ -n "$dir" ] && [ -x "$dir/initdb" ] && [ -x "$dir/postgres" ] || return 1
  printf '%s\n' "$dir"
}

# Runs a command as the cluster's owner: the postgres system user when we are root, else ourselves.
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then
    (cd / && runuser -u postgres -- "$@")
  else
    "$@"
  fi
}

free_port() {
  node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
}

# PID of the running postmaster of this rig, if its postmaster.pid names a live postgres process.
server_pid() {
  local file="$STATE/data/postmaster.pid" pid comm
  [ -f "$file" ] || return 1
  pid="$(head -n 1 "$file" | tr -dc '0-9')"
  [ -n "$pid" ] || return 1
  comm="$(ps -o comm= -p "$pid" 2> /dev/null || true)"
  [ "$comm" = postgres ] || return 1
  printf '%s\n' "$pid"
}

cmd_packages() {
  if pg_bindir > /dev/null; then
    say "packages: present ($(pg_bindir))"
    return 0
  fi
  local sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo > /dev/null || die "packages: run as root (missing: ${PACKAGES[*]})"
    sudo=(sudo -n)
  fi
  say "packages: installing ${PACKAGES[*]}"
  # Keep the maintainer scripts from starting Debian's own cluster on port 5432; the rig runs its own.
  local created_policy=0
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\n# Temporary, written by scripts/pg-rig.sh packages\nexit 101\n' | "${sudo[@]}" tee /usr/sbin/policy-rc.d > /dev/null
    "${sudo[@]}" chmod 755 /usr/sbin/policy-rc.d
    created_policy=1
    # shellcheck disable=SC2064 # expand now: remove the file even if apt-get is interrupted
    trap "${sudo[*]} rm -f /usr/sbin/policy-rc.d" EXIT
  fi
  local status=0
  local apt=("${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -y -q --no-install-recommends -o Dpkg::Options::=--force-confdef -o Dpkg::Options::=--force-confold)
  if ! "${apt[@]}" install "${PACKAGES[@]}" < /dev/null; then
    say "packages: install failed; refreshing the package lists and retrying"
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -q update < /dev/null && "${apt[@]}" install "${PACKAGES[@]}" < /dev/null || status=$?
  fi
  if [ "$created_policy" -eq 1 ]; then
    "${sudo[@]}" rm -f /usr/sbin/policy-rc.d
    trap - EXIT
  fi
  [ "$status" -eq 0 ] || die "packages: apt-get install failed (exit $status)"
  pg_bindir > /dev/null || die "packages: installed, but no server found under /usr/lib/postgresql"
  say "packages: installed ($(pg_bindir))"
}

BOOT_DONE=0
# EXIT trap of boot: on any failure, stop what was started and show the server log.
boot_exit() {
  local status=$?
  [ "$BOOT_DONE" -eq 1 ] && return 0
  [ "$status" -eq 0 ] && status=1
  set +e
  printf 'pg-rig: error: boot failed (exit %s)\n' "$status" >&2
  for log in "$STATE/logs/initdb.log" "$STATE/logs/postgres.log"; do
    [ -s "$log" ] || continue
    printf -- '--- %s (last lines)\n' "$log" >&2
    tail -n 15 "$log" >&2
  done
  stop_server
  exit "$status"
}

stop_server() {
  local pid
  pid="$(server_pid)" || return 0
  # SIGINT is postgres's fast shutdown: roll back open transactions, close connections, exit.
  kill -INT "$pid" 2> /dev/null || true
  for _ in $(seq 1 200); do
    kill -0 "$pid" 2> /dev/null || break
    sleep 0.05
  done
  if kill -0 "$pid" 2> /dev/null; then
    say "postgres (PID $pid) ignored the fast shutdown for 10 s; sending SIGQUIT"
    kill -QUIT "$pid" 2> /dev/null || true
    sleep 0.5
  fi
  say "stopped postgres (PID $pid)"
}

cmd_boot() {
  local bindir
  bindir="$(pg_bindir)" || die "PostgreSQL is not installed - run: scripts/pg-rig.sh packages"
  if [ "$(id -u)" -eq 0 ]; then
    id postgres > /dev/null 2>&1 || die "running as root needs the postgres system user (created by the postgresql package)"
  fi
  case "$STATE" in
    / | /tmp | "$HOME" | "$ROOT") die "refusing to use $STATE as the state directory" ;;
  esac
  server_pid > /dev/null && die "a rig from $STATE is still running; run 'scripts/pg-rig.sh stop' first"
  if [ -e "$STATE" ] && [ -n "$(ls -A "$STATE" 2> /dev/null)" ] && [ ! -e "$STATE/$MARKER" ]; then
    die "$STATE exists and is not a pg-rig state directory; pick another PG_RIG_STATE"
  fi
  local port="${PG_RIG_PORT:-$(free_port)}"
  [[ "$port" =~ ^[0-9]+$ ]] && ((port >= 1024 && port <= 65535)) || die "PG_RIG_PORT must be a number from 1024 to 65535 (got '$port')"
  local socket_dir="$STATE/socket"
  # Unix socket paths are limited to 107 bytes (".s.PGSQL.<port>" is appended).
  [ "${#socket_dir}" -lt 85 ] || die "state path too long for a unix socket ($socket_dir); use a shorter PG_RIG_STATE"

  local t0
  t0="$(now)"
  rm -rf "$STATE"
  mkdir -p "$STATE"/{data,socket,logs}
  touch "$STATE/$MARKER"
  STATE="$(cd "$STATE" && pwd)"
  chmod 700 "$STATE/data"
  if [ "$(id -u)" -eq 0 ]; then chown -R postgres:postgres "$STATE"; fi
  trap boot_exit EXIT

  local password
  password="$(head -c 24 /dev/urandom | base64 | tr -dc 'A-Za-z0-9' | head -c 24)"
  (umask 077 && printf '%s\n' "$password" > "$STATE/password")
  [ "$(id -u)" -eq 0 ] && chown postgres:postgres "$STATE/password"

  # Throwaway data: no fsync at initdb or at run time. Password login over TCP; trust on the socket, which
  # only the cluster's owner (and root) can reach: the state directory is theirs.
  as_owner "$bindir/initdb" -D "$STATE/data" -U "$DB_USER" --pwfile="$STATE/password" -E UTF8 --locale=C.UTF-8 \
    --auth-local=trust --auth-host=scram-sha-256 --no-sync > "$STATE/logs/initdb.log" 2>&1
  chmod 700 "$STATE" "$STATE/socket"
  as_owner "$bindir/pg_ctl" -D "$STATE/data" -l "$STATE/logs/postgres.log" -w -t 60 -s start -o \
    "-c listen_addresses=$HOST -p $port -k $STATE/socket -c fsync=off -c synchronous_commit=off \
     -c full_page_writes=off -c max_connections=60 -c shared_buffers=32MB" > /dev/null
  server_pid > /dev/null || die "postgres did not start (see $STATE/logs/postgres.log)"
  as_owner "$bindir/psql" -X -q -h "$STATE/socket" -p "$port" -U "$DB_USER" -d postgres -v ON_ERROR_STOP=1 \
    -c "CREATE DATABASE \"$DB_NAME\"" > /dev/null

  local url="postgres://$DB_USER:$password@$HOST:$port/$DB_NAME"
  (umask 077 && printf '%s\n' "$url" > "$STATE/url")
  BOOT_DONE=1
  say "PostgreSQL $("$bindir/postgres" --version | awk '{print $3}') on $HOST:$port and $STATE/socket (booted in $(elapsed "$t0") s)"
  printf 'DATABASE_URL=%s\n' "$url"
}

cmd_stop() {
  stop_server
  if [ -e "$STATE/$MARKER" ]; then
    rm -rf "$STATE"
    say "removed $STATE"
  fi
}

cmd_status() {
  local pid
  if pid="$(server_pid)"; then
    say "running (PID $pid), state $STATE"
    return 0
  fi
  say "stopped (state $STATE)"
  return 1
}

cmd_url() {
  server_pid > /dev/null || die "the rig is not running (scripts/pg-rig.sh boot)"
  cat "$STATE/url"
}

main() {
  local cmd="${1:-}"
  [ "$#" -gt 0 ] && shift
  case "$cmd" in
    packages) cmd_packages "$@" ;;
    installed) pg_bindir > /dev/null ;;
    boot) cmd_boot "$@" ;;
    stop) cmd_stop "$@" ;;
    status) cmd_status "$@" ;;
    url) cmd_url "$@" ;;
    -h | --help | help) usage ;;
    "")
      usage >&2
      exit 2
      ;;
    *)
      printf 'pg-rig: unknown command: %s\n\n' "$cmd" >&2
      usage >&2
      exit 2
      ;;
  esac
}

main "$@"
