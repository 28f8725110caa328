#!/usr/bin/env bash
# A real WordPress for integration tests, without Docker: Debian's `wordpress` package, a private MariaDB on a
# unix socket (no TCP port) and PHP's built-in server on 127.0.0.1. The companion plugin (wordpress/lrjn-companion)
# is linked in and activated, and the demo-content seed (content/seed) is imported through WordPress's own APIs.
# See README.md "The demo content and the WordPress rig" and `scripts/wp-rig.sh --help` for the commands.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
HELPERS="$ROOT/scripts/wp-rig"
PLUGIN_SRC="$ROOT/wordpress/lrjn-companion"
STATE="${WP_RIG_STATE:-$ROOT/.data/wp-rig}"
case "$STATE" in /*) ;; *) STATE="$PWD/$STATE" ;; esac
PORT="${WP_RIG_PORT:-8088}"
SEED="${WP_RIG_SEED:-$ROOT/content/seed}"
CACHE="${WP_RIG_CACHE-$ROOT/.data/wp-rig-cache}"
WP_DIR=/usr/share/wordpress
CONFIG_NAME=wprig
CONFIG_FILE=/etc/wordpress/config-$CONFIG_NAME.php
HOST=127.0.0.1
PACKAGES=(wordpress php-cli php-mysql php-gd php-xml php-mbstring mariadb-server curl)
URL="http://$HOST:$PORT"

export WP_RIG_PORT="$PORT" WP_RIG_WP_DIR="$WP_DIR" WP_RIG_CONFIG_NAME="$CONFIG_NAME" WP_RIG_CACHE="$CACHE"
# The per-rig configuration; /etc/wordpress/config-wprig.php only loads the file named here.
export WP_RIG_CONFIG_FILE="$STATE/wp-config-rig.php"
export CI="${CI:-true}" DEBIAN_FRONTEND=noninteractive

usage() {
  cat << EOF
Usage: scripts/wp-rig.sh <command>

A local WordPress (Debian package) with the LRJN companion plugin and the demo content, on $HOST only.

Commands:
  packages                    apt-get install the Debian packages when missing (root; services are not started)
  boot                        fresh database, install, import the seed, start the server; prints
                              WORDPRESS_URL=<url> as the last line. Refuses when the port already answers.
  stop                        stop the web server and MariaDB (by their saved process groups); idempotent
  status                      show what is running (exit status 1 when nothing is)
  url                         print the base URL
  mode [plugin=active|inactive] [permalinks=pretty|plain] [acf=present|absent|ids] [site-types=reports,events|none]
       [polylang=on|off] [seo=none|yoast|rankmath]
                              (polylang=on: Polylang's REST shape, lang/translations fields and ?lang=, with a few
                              translated demo posts, a page and an event; off deletes them: scripts/wp-rig/polylang.php)
                              switch the running rig to another cell of the test matrix (no restart; unset
                              keys stay as they are) and print the mode; with no arguments just print it
  configure-webhook <site-url> <secret>
                              point the plugin's revalidation webhook at <site-url>/api/revalidate (running rig)
  --help                      this text

Environment:
  WP_RIG_PORT             port of the web server (default 8088)
  WP_RIG_STATE            state directory, wiped on boot (default <repo>/.data/wp-rig)
  WP_RIG_SEED             seed directory (default <repo>/content/seed)
  WP_RIG_EXTRA_SEED       boot: a second seed directory whose entries are added to the seed's (same file names;
                          its images/ and files/ too), e.g. tests/fixtures/seed (the tests' hostile-markup post)
  WP_RIG_SITE_URL         boot: the website that receives revalidation webhooks (e.g. http://127.0.0.1:3000)
  WP_RIG_WEBHOOK_SECRET   boot: the shared webhook secret (at least 16 characters)
  WP_RIG_CACHE            cache of generated image sizes, kept across boots (default <repo>/.data/wp-rig-cache;
                          empty = no cache)
  WP_RIG_JOBS             parallel image-size workers (default: number of CPUs)
  WP_RIG_PLUGIN           boot: active (default) or inactive - the companion plugin is deactivated after the
                          import (its content stays in the database; its post types, taxonomy and fields vanish)
  WP_RIG_SITE_TYPES       with the plugin inactive: the post types the site registers itself, as CPT UI or a
                          theme would (default reports,events; none = stock WordPress, posts and pages only)
  WP_RIG_PERMALINKS       boot: pretty (default, /%postname%/, REST under /wp-json) or plain (?rest_route= only)
  WP_RIG_ACF              boot: present (default: the companion's ACF-shaped \`acf\` field, file fields as URLs),
                          absent (no \`acf\` field in any REST answer) or ids (answers like the real ACF plugin
                          with the companion's field groups: attachment IDs unless the request has
                          acf_format=standard; scripts/wp-rig/acf-emulation.php)
  WP_RIG_SEO              boot: none (default), yoast (Yoast SEO's \`yoast_head_json\` on every REST entry) or
                          rankmath (Rank Math's GET /rankmath/v1/getHead?url=); a few posts carry editor-set values

Files in the state directory after boot: admin-password (user admin), app-password ("admin:<application
password>", for curl -u / REST writes), logs/ (MariaDB, PHP server, WordPress debug log).
Writes $CONFIG_FILE (root needed; the same for every rig, it loads <state>/wp-config-rig.php named by
WP_RIG_CONFIG_FILE, so rigs with different ports and state directories can run side by side).
Binds nothing but $HOST:$PORT; MariaDB listens on a unix socket only.
EOF
}

say() { printf 'wp-rig: %s\n' "$*"; }
die() {
  printf 'wp-rig: error: %s\n' "$*" >&2
  exit 1
}

check_port_value() {
  [[ "$PORT" =~ ^[0-9]+$ ]] && ((PORT >= 1024 && PORT <= 65535)) || die "WP_RIG_PORT must be a number from 1024 to 65535 (got '$PORT')"
}

# True when something accepts TCP connections on the port.
port_answers() {
  (exec 3<> "/dev/tcp/$HOST/$PORT") 2> /dev/null
}

now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }

# ---------------------------------------------------------------------------------------------------------------
# Process groups (the web server forks PHP_CLI_SERVER_WORKERS workers; killing only the parent orphans them)

# Commands of the live (non-zombie) processes in a process group, one per line.
group_commands() {
  ps -eo pgid=,stat=,comm= | awk -v g="$1" '$1 == g && $2 !~ /^Z/ { print $3 }'
}

# True while the group has a process that is not a zombie (this machine's init can take seconds to reap orphans,
# and a zombie holds no port or file).
group_alive() {
  [ -n "$(ps -eo pgid=,stat= | awk -v g="$1" '$1 == g && $2 !~ /^Z/')" ]
}

# Prints the saved process-group id of <name> when its group is alive and contains only the expected programs.
live_group() {
  local name="$1" pattern="$2" file="$STATE/$1.pgid" pgid commands
  [ -f "$file" ] || return 1
  pgid="$(tr -dc '0-9' < "$file")"
  [ -n "$pgid" ] || return 1
  commands="$(group_commands "$pgid")"
  [ -n "$commands" ] || return 1
  if grep -vqE "^($pattern)\$" <<< "$commands"; then
    say "process group $pgid from $file now holds other programs ($(tr '\n' ' ' <<< "$commands")); leaving it alone" >&2
    return 1
  fi
  printf '%s\n' "$pgid"
}

stop_group() {
  local name="$1" pattern="$2" pgid
  if pgid="$(live_group "$name" "$pattern")"; then
    kill -TERM -- "-$pgid" 2> /dev/null || true
    for _ in $(seq 1 200); do
      group_alive "$pgid" || break
      sleep 0.05
    done
    if group_alive "$pgid"; then
      say "$name (process group $pgid) ignored SIGTERM for 10 s; sending SIGKILL"
      kill -KILL -- "-$pgid" 2> /dev/null || true
      sleep 0.2
    fi
    say "stopped $name (process group $pgid)"
  fi
  rm -f "$STATE/$name.pgid"
}

# Starts "$@" in a new session whose process-group id is written to $STATE/<name>.pgid.
start_group() {
  local name="$1" log="$2"
  shift 2
  # setsid makes the process a session and group leader (forking first if needed); the shell records its own pid,
  # which is then the group id, and execs the program, so the pid stays the same.
  setsid bash -c 'echo $$ > "$0"; exec "$@"' "$STATE/$name.pgid" "$@" < /dev/null >> "$log" 2>&1 &
  local pgid="" comm
  for _ in $(seq 1 100); do
    if [ -s "$STATE/$name.pgid" ]; then
      pgid="$(tr -dc '0-9' < "$STATE/$name.pgid")"
      # Wait for the exec, so that the group holds the program rather than the wrapper shell.
      comm="$(ps -o comm= -p "$pgid" 2> /dev/null || true)"
      [ -n "$comm" ] && [ "$comm" != bash ] && return 0
      [ -z "$comm" ] && break
    fi
    sleep 0.02
  done
  die "could not start $name (see $log)"
}

PHP_PATTERN='php|php[0-9.]+'
DB_PATTERN='mariadbd|mysqld'

# ---------------------------------------------------------------------------------------------------------------
# Commands

cmd_packages() {
  local missing=() pkg
  for pkg in "${PACKAGES[@]}"; do
    if [ "$(dpkg-query -W -f='${Status}' "$pkg" 2> /dev/null || true)" != "install ok installed" ]; then
      missing+=("$pkg")
    fi
  done
  if [ "${#missing[@]}" -eq 0 ]; then
    say "packages: all present (${PACKAGES[*]})"
    return 0
  fi
  local sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo > /dev/null || die "packages: run as root (missing: ${missing[*]})"
    sudo=(sudo -n)
  fi
  say "packages: installing ${missing[*]}"
  # Keep apache2 and mariadb from being started by the maintainer scripts (apache2 would listen on 0.0.0.0:80).
  local created_policy=0
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\n# Temporary, written by scripts/wp-rig.sh packages\nexit 101\n' | "${sudo[@]}" tee /usr/sbin/policy-rc.d > /dev/null
    "${sudo[@]}" chmod 755 /usr/sbin/policy-rc.d
    created_policy=1
    # shellcheck disable=SC2064 # expand now: remove the file even if apt-get is interrupted
    trap "${sudo[*]} rm -f /usr/sbin/policy-rc.d" EXIT
  fi
  local status=0
  local apt=("${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -y -q --no-install-recommends -o Dpkg::Options::=--force-confdef -o Dpkg::Options::=--force-confold)
  if ! "${apt[@]}" install "${missing[@]}" < /dev/null; then
    say "packages: install failed; refreshing the package lists and retrying"
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -q update < /dev/null && "${apt[@]}" install "${missing[@]}" < /dev/null || status=$?
  fi
  if [ "$created_policy" -eq 1 ]; then
    "${sudo[@]}" rm -f /usr/sbin/policy-rc.d
    trap - EXIT
  fi
  [ "$status" -eq 0 ] || die "packages: apt-get install failed (exit $status)"
  say "packages: installed"
}

require_packages() {
  local missing=()
  [ -f "$WP_DIR/wp-settings.php" ] || missing+=(wordpress)
  command -v php > /dev/null || missing+=(php-cli)
  command -v mariadbd > /dev/null || command -v mysqld > /dev/null || [ -x /usr/sbin/mariadbd ] || missing+=(mariadb-server)
  command -v curl > /dev/null || missing+=(curl)
  if command -v php > /dev/null; then
    local ext modules
    modules="$(php -m 2> /dev/null || true)"
    for ext in mysqli gd xml mbstring; do
      grep -ix "$ext" <<< "$modules" > /dev/null || missing+=("php-${ext/mysqli/mysql}")
    done
  fi
  [ "${#missing[@]}" -eq 0 ] || die "missing: ${missing[*]} - run: scripts/wp-rig.sh packages"
}

mariadb_bin() {
  local name
  for name in "$@"; do
    if command -v "$name" > /dev/null; then
      command -v "$name"
      return 0
    fi
    [ -x "/usr/sbin/$name" ] && {
      echo "/usr/sbin/$name"
      return 0
    }
  done
  die "none of $* found"
}

BOOT_DONE=0
# EXIT trap of boot: on any failure (die, a failing command under set -e), stop what was started and show logs.
boot_exit() {
  local status=$?
  [ "$BOOT_DONE" -eq 1 ] && return 0
  [ "$status" -eq 0 ] && status=1
  set +e
  printf 'wp-rig: error: boot failed (exit %s); stopping what was started. Logs: %s/logs\n' "$status" "$STATE" >&2
  if [ -d "$STATE/logs" ]; then
    local log
    for log in "$STATE"/logs/*.log; do
      [ -s "$log" ] || continue
      printf -- '--- %s (last lines)\n' "$log" >&2
      tail -n 15 "$log" >&2
    done
  fi
  stop_group php "$PHP_PATTERN"
  stop_group mariadb "$DB_PATTERN"
  exit "$status"
}

cmd_boot() {
  check_port_value
  require_packages
  [ -d "$PLUGIN_SRC" ] || die "plugin not found: $PLUGIN_SRC"
  [ -d "$SEED" ] || die "seed directory not found: $SEED (set WP_RIG_SEED)"
  if port_answers; then
    die "port $PORT on $HOST already answers. Run 'scripts/wp-rig.sh stop' if it is this rig, or pick another WP_RIG_PORT."
  fi
  if live_group php "$PHP_PATTERN" > /dev/null || live_group mariadb "$DB_PATTERN" > /dev/null; then
    die "a previous rig from $STATE is still running; run 'scripts/wp-rig.sh stop' first"
  fi
  if [ -n "${WP_RIG_WEBHOOK_SECRET:-}" ] && [ "${#WP_RIG_WEBHOOK_SECRET}" -lt 16 ]; then
    die "WP_RIG_WEBHOOK_SECRET must be at least 16 characters (the site rejects shorter secrets)"
  fi
  [ -w /etc/wordpress ] || die "cannot write $CONFIG_FILE (run as root)"

  local t0 t
  t0="$(now)"
  case "$STATE" in
    / | "$HOME" | "$ROOT") die "refusing to use $STATE as the state directory" ;;
  esac
  rm -rf "$STATE"
  mkdir -p "$STATE"/{db,tmp,logs} "$STATE"/wp-content/{plugins,themes,mu-plugins,uploads,upgrade,languages}
  chmod 700 "$STATE"
  STATE="$(cd "$STATE" && pwd)"
  export WP_RIG_CONFIG_FILE="$STATE/wp-config-rig.php"
  trap boot_exit EXIT

  local socket="$STATE/mysqld.sock"
  [ "${#socket}" -lt 100 ] || die "socket path too long for a unix socket ($socket); use a shorter WP_RIG_STATE"

  # 1. Private MariaDB: unix socket only, data in the state directory.
  t="$(now)"
  local user_args=()
  [ "$(id -u)" -eq 0 ] && user_args=(--user=root)
  # The same InnoDB sizes for both, or mariadbd spends seconds resizing the redo log on its first start.
  # The data is throwaway (wiped on every boot): no durability, fast shutdown.
  local innodb=(--innodb-buffer-pool-size=64M --innodb-log-file-size=16M)
  "$(mariadb_bin mariadb-install-db mysql_install_db)" --no-defaults --datadir="$STATE/db" "${user_args[@]}" \
    --auth-root-authentication-method=normal --skip-test-db --skip-name-resolve "${innodb[@]}" \
    > "$STATE/logs/mariadb-install.log" 2>&1
  start_group mariadb "$STATE/logs/mariadb.log" "$(mariadb_bin mariadbd mysqld)" --no-defaults "${user_args[@]}" \
    --datadir="$STATE/db" --socket="$socket" --pid-file="$STATE/mysqld.pid" --tmpdir="$STATE/tmp" \
    --skip-networking --skip-name-resolve --skip-log-bin --log-error="$STATE/logs/mariadb.log" \
    --character-set-server=utf8mb4 --collation-server=utf8mb4_unicode_ci "${innodb[@]}" \
    --innodb-flush-log-at-trx-commit=0 --innodb-doublewrite=0 --max-connections=50 \
    --innodb-fast-shutdown=2 --innodb-buffer-pool-dump-at-shutdown=0 --innodb-buffer-pool-load-at-startup=0
  local admin ok=0
  admin="$(mariadb_bin mariadb-admin mysqladmin)"
  for _ in $(seq 1 300); do
    if "$admin" --no-defaults --socket="$socket" -uroot --connect-timeout=1 ping > /dev/null 2>&1; then
      ok=1
      break
    fi
    live_group mariadb "$DB_PATTERN" > /dev/null || break
    sleep 0.05
  done
  [ "$ok" -eq 1 ] || die "MariaDB did not start (see $STATE/logs/mariadb.log)"
  "$(mariadb_bin mariadb mysql)" --no-defaults --socket="$socket" -uroot \
    -e 'CREATE DATABASE wordpress CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci'
  say "MariaDB ready on $socket ($(elapsed "$t") s)"

  # 2. WordPress config and content directory.
  WP_RIG_STATE="$STATE" WP_RIG_SOCKET="$socket" php "$HELPERS/write-config.php" "$WP_RIG_CONFIG_FILE" "$CONFIG_FILE"
  ln -s "$PLUGIN_SRC" "$STATE/wp-content/plugins/lrjn-companion"
  ln -s "$HELPERS/theme" "$STATE/wp-content/themes/wprig-headless"
  ln -s "$HELPERS/mu-plugin.php" "$STATE/wp-content/mu-plugins/wprig.php"

  local admin_password
  admin_password="$(head -c 24 /dev/urandom | base64 | tr -dc 'A-Za-z0-9' | head -c 24)"
  (umask 077 && printf '%s\n' "$admin_password" > "$STATE/admin-password")

  # The tests' extra entries (WP_RIG_EXTRA_SEED) join the seed in a merged copy; the seed itself is never changed.
  local seed="$SEED"
  if [ -n "${WP_RIG_EXTRA_SEED:-}" ]; then
    [ -d "$WP_RIG_EXTRA_SEED" ] || die "extra seed directory not found: $WP_RIG_EXTRA_SEED"
    seed="$STATE/seed"
    mkdir -p "$seed/images" "$seed/files"
    local f name
    for f in "$SEED"/images/* "$SEED"/files/* "$WP_RIG_EXTRA_SEED"/images/* "$WP_RIG_EXTRA_SEED"/files/*; do
      [ -f "$f" ] || continue
      ln -sf "$(cd "$(dirname "$f")" && pwd)/$(basename "$f")" "$seed/$(basename "$(dirname "$f")")/$(basename "$f")"
    done
    for f in "$SEED"/*.json "$WP_RIG_EXTRA_SEED"/*.json; do
      name="$(basename "$f")"
      [ -e "$seed/$name" ] && continue
      php -r '$out = array(); foreach (array_slice($argv, 2) as $in) { if (is_file($in)) { $out = array_merge($out, json_decode(file_get_contents($in), true)); } } file_put_contents($argv[1], json_encode($out, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE));' \
        "$seed/$name" "$SEED/$name" "$WP_RIG_EXTRA_SEED/$name"
    done
  fi

  # 3. Install, import, configure (PHP CLI against the same config).
  local php_cli=(php -d memory_limit=512M -d display_errors=stderr -d error_reporting=22527)
  t="$(now)"
  WP_RIG_ADMIN_PASSWORD="$admin_password" "${php_cli[@]}" "$HELPERS/install.php" 2>> "$STATE/logs/cli.log" | sed 's/^/wp-rig: /'
  say "install done ($(elapsed "$t") s)"
  t="$(now)"
  "${php_cli[@]}" "$HELPERS/import.php" "$seed" 2> >(tee -a "$STATE/logs/cli.log" >&2) | sed 's/^/wp-rig: /'
  say "import done ($(elapsed "$t") s)"
  "${php_cli[@]}" "$HELPERS/configure.php" app-password "$STATE/app-password" 2>> "$STATE/logs/cli.log" | sed 's/^/wp-rig: /'
  if [ -n "${WP_RIG_SITE_URL:-}" ] || [ -n "${WP_RIG_WEBHOOK_SECRET:-}" ]; then
    "${php_cli[@]}" "$HELPERS/configure.php" webhook 2>> "$STATE/logs/cli.log" | sed 's/^/wp-rig: /'
  fi
  if [ -n "${WP_RIG_PLUGIN:-}${WP_RIG_PERMALINKS:-}${WP_RIG_ACF:-}${WP_RIG_SITE_TYPES:-}${WP_RIG_SEO:-}" ]; then
    "${php_cli[@]}" "$HELPERS/configure.php" mode 2>> "$STATE/logs/cli.log" | sed 's/^/wp-rig: /'
  fi

  # 4. Web server: 4 workers so parallel fetches (next build) do not queue.
  t="$(now)"
  WP_RIG_CONTENT_DIR="$STATE/wp-content" PHP_CLI_SERVER_WORKERS=4 start_group php "$STATE/logs/php-server.log" \
    php -d opcache.enable_cli=1 -d display_errors=0 -d log_errors=1 -d error_log="$STATE/logs/php-errors.log" \
    -d memory_limit=256M -d upload_max_filesize=64M -d post_max_size=64M -d max_execution_time=60 \
    -S "$HOST:$PORT" -t "$WP_DIR" "$HELPERS/router.php"
  local code=000
  for _ in $(seq 1 200); do
    code="$(curl -s -o /dev/null -w '%{http_code}' --max-time 5 "$URL/?rest_route=/wp/v2/posts" || true)"
    [ "$code" = 200 ] && break
    live_group php "$PHP_PATTERN" > /dev/null || break
    sleep 0.05
  done
  [ "$code" = 200 ] || die "the web server did not answer ?rest_route=/wp/v2/posts with 200 (last: $code; see $STATE/logs/php-server.log)"
  BOOT_DONE=1
  printf '%s\n' "$URL" > "$STATE/url"
  say "web server ready ($(elapsed "$t") s)"
  say "admin user: admin, password in $STATE/admin-password; REST credentials in $STATE/app-password"
  say "booted in $(elapsed "$t0") s"
  printf 'WORDPRESS_URL=%s\n' "$URL"
}

cmd_stop() {
  check_port_value
  stop_group php "$PHP_PATTERN"
  stop_group mariadb "$DB_PATTERN"
  local i
  for i in $(seq 1 100); do
    port_answers || break
    sleep 0.1
  done
  if port_answers; then
    die "port $PORT still answers, but not from a process this rig started (nothing else was killed)"
  fi
  rm -f "$STATE/url"
  say "stopped; port $PORT is free"
}

cmd_status() {
  check_port_value
  local pgid any=0
  if pgid="$(live_group php "$PHP_PATTERN")"; then
    say "web server: running (process group $pgid, $(group_commands "$pgid" | wc -l) processes) at $URL"
    any=1
  else
    say "web server: stopped"
  fi
  if pgid="$(live_group mariadb "$DB_PATTERN")"; then
    say "MariaDB: running (process group $pgid) on $STATE/mysqld.sock"
    any=1
  else
    say "MariaDB: stopped"
  fi
  if port_answers; then
    local total
    total="$(curl -s -D - -o /dev/null --max-time 5 "$URL/?rest_route=/wp/v2/posts" | tr -d '\r' | awk -F': ' 'tolower($1) == "x-wp-total" { print $2 }')"
    say "port $PORT: answering${total:+ (X-WP-Total for posts: $total)}"
  else
    say "port $PORT: closed"
  fi
  say "state: $STATE"
  [ "$any" -eq 1 ]
}

cmd_url() {
  check_port_value
  if [ -f "$STATE/url" ]; then
    cat "$STATE/url"
  else
    printf '%s\n' "$URL"
  fi
}

cmd_configure_webhook() {
  [ "$#" -eq 2 ] || die "usage: scripts/wp-rig.sh configure-webhook <site-url> <secret>"
  local site="$1" secret="$2"
  [[ "$site" =~ ^https?://[^[:space:]]+$ ]] || die "site URL must start with http:// or https:// (got '$site')"
  [ "${#secret}" -ge 16 ] || die "the secret must be at least 16 characters"
  live_group mariadb "$DB_PATTERN" > /dev/null || die "the rig is not running (scripts/wp-rig.sh boot)"
  WP_RIG_SITE_URL="$site" WP_RIG_WEBHOOK_SECRET="$secret" php -d display_errors=stderr -d error_reporting=22527 \
    "$HELPERS/configure.php" webhook 2>> "$STATE/logs/cli.log" | sed 's/^/wp-rig: /'
}

cmd_mode() {
  local arg key value
  live_group mariadb "$DB_PATTERN" > /dev/null || die "the rig is not running (scripts/wp-rig.sh boot)"
  # Only what is given on the command line changes (the boot-time variables are not re-applied).
  unset WP_RIG_PLUGIN WP_RIG_PERMALINKS WP_RIG_ACF WP_RIG_SITE_TYPES WP_RIG_POLYLANG WP_RIG_SEO
  for arg in "$@"; do
    key="${arg%%=*}"
    value="${arg#*=}"
    [ "$key" != "$arg" ] || die "mode: expected key=value (got '$arg')"
    case "$key" in
      plugin) export WP_RIG_PLUGIN="$value" ;;
      permalinks) export WP_RIG_PERMALINKS="$value" ;;
      acf) export WP_RIG_ACF="$value" ;;
      site-types) export WP_RIG_SITE_TYPES="$value" ;;
      polylang) export WP_RIG_POLYLANG="$value" ;;
      seo) export WP_RIG_SEO="$value" ;;
      *) die "mode: unknown key '$key' (plugin, permalinks, acf, site-types, polylang, seo)" ;;
    esac
  done
  if ! php -d display_errors=stderr -d error_reporting=22527 "$HELPERS/configure.php" mode 2>> "$STATE/logs/cli.log" | sed 's/^/wp-rig: /'; then
    die "mode: configure.php failed (see $STATE/logs/cli.log)"
  fi
}

main() {
  local cmd="${1:-}"
  [ "$#" -gt 0 ] && shift
  case "$cmd" in
    packages) cmd_packages "$@" ;;
    boot) cmd_boot "$@" ;;
    stop) cmd_stop "$@" ;;
    status) cmd_status "$@" ;;
    url) cmd_url "$@" ;;
    configure-webhook) cmd_configure_webhook "$@" ;;
    mode) cmd_mode "$@" ;;
    -h | --help | help) usage ;;
    "")
      usage >&2
      exit 2
      ;;
    *)
      printf 'wp-rig: unknown command: %s\n\n' "$cmd" >&2
      usage >&2
      exit 2
      ;;
  esac
}

main "$@"
