#!/usr/bin/env bash
# Renders deploy/nginx/lrjn.conf for an unprivileged nginx on 127.0.0.1, for deploy/smoke.sh, the multi-instance
# end-to-end test (tests/e2e/multi) and the nginx cache bench (bench/throughput.mjs): the same site file as production with only the
# listen address, the upstream ports and the cache folder changed, inside a minimal main nginx.conf whose
# pid, logs and temp folders all live in <prefix>. Nothing under /etc or /var is touched.
#
# Usage: deploy/nginx-local.sh <prefix-dir> <listen-port> <upstream-port>...
# Then:  nginx -p <prefix-dir> -c <prefix-dir>/nginx.conf [-g 'daemon off;']   (stop: kill $(cat <prefix>/nginx.pid))
set -euo pipefail

if [ "$#" -lt 3 ]; then
  echo "Usage: $0 <prefix-dir> <listen-port> <upstream-port>..." >&2
  exit 2
fi
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
prefix="$1"
listen="$2"
shift 2
mkdir -p "$prefix/logs" "$prefix/cache" "$prefix/tmp"
prefix="$(cd "$prefix" && pwd)"

servers=""
for port in "$@"; do
  servers+="    server 127.0.0.1:$port max_fails=1 fail_timeout=5s;\n"
done

# The production file, with: its upstream lines replaced by ours, listen on 127.0.0.1 only, the cache in <prefix>.
awk -v servers="$servers" '
  /^upstream lrjn_site/ { print; inup = 1; printf "%s", servers; next }
  inup && /^[[:space:]]*server / { next }
  inup && /^}/ { inup = 0 }
  /^[[:space:]]*listen \[::\]:80;/ { next }
  { print }
' "$here/nginx/lrjn.conf" |
  sed -e "s#listen 80;#listen 127.0.0.1:$listen;#" -e "s#/var/cache/nginx/lrjn#$prefix/cache#" \
    > "$prefix/site.conf"

# Started as root (CI), nginx would run its workers as `nobody`, who cannot enter a private temporary folder.
user_line=""
[ "$(id -u)" -ne 0 ] || user_line="user root;"

cat > "$prefix/nginx.conf" << CONF
$user_line
worker_processes auto;
pid $prefix/nginx.pid;
error_log $prefix/logs/error.log warn;
events { worker_connections 4096; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    sendfile on;
    access_log off;
    client_body_temp_path $prefix/tmp/body;
    proxy_temp_path $prefix/tmp/proxy;
    fastcgi_temp_path $prefix/tmp/fastcgi;
    uwsgi_temp_path $prefix/tmp/uwsgi;
    scgi_temp_path $prefix/tmp/scgi;
    include $prefix/site.conf;
}
CONF
echo "$prefix/nginx.conf"
