#!/usr/bin/env bash
# Installs the Debian packages of the real servers the suite starts itself (redis-server, nginx with its brotli_static
# module, headless Chromium for the reference page) and jq for the documented shell examples: part of the README's
# test command, so a fresh machine (and CI) needs no manual step.
# Each test starts its own server on a free loopback port and stops it after (test/helpers/*-server.ts).
set -euo pipefail
need=()
command -v redis-server >/dev/null 2>&1 || need+=(redis-server)
command -v nginx >/dev/null 2>&1 || need+=(nginx)
[ -f /usr/lib/nginx/modules/ngx_http_brotli_static_module.so ] || need+=(libnginx-mod-http-brotli-static)
command -v chromium >/dev/null 2>&1 || need+=(chromium)
# jq: the bulk export's documented shell examples read the manifest with it (test/e2e/doc-examples.test.ts)
command -v jq >/dev/null 2>&1 || need+=(jq)
[ ${#need[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ] && ! command -v sudo >/dev/null 2>&1; then
  echo "test/services.sh: ${need[*]} missing and no root to install them (apt-get install ${need[*]})" >&2
  exit 1
fi
run() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
echo "test/services.sh: installing ${need[*]} (Debian packages)"
export DEBIAN_FRONTEND=noninteractive
run apt-get install -y -q --no-install-recommends "${need[@]}" >/dev/null 2>&1 \
  || { run apt-get update -q >/dev/null 2>&1 && run apt-get install -y -q --no-install-recommends "${need[@]}" >/dev/null; }
# the packages start system-wide servers (redis on 6379, nginx on 80); the tests start their own, so stop those
# rather than leave them running
for service in redis-server nginx; do
  command -v systemctl >/dev/null 2>&1 && run systemctl stop "$service" >/dev/null 2>&1 || true
done
case " ${need[*]} " in *" redis-server "*) pkill -x redis-server >/dev/null 2>&1 || true ;; esac
case " ${need[*]} " in *" nginx "*) [ -f /run/nginx.pid ] && run kill "$(cat /run/nginx.pid)" >/dev/null 2>&1 || true ;; esac
