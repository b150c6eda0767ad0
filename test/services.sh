#!/usr/bin/env bash
# Installs the Debian packages of the real servers the suite starts itself (redis-server today; nginx and headless
# Chromium for the edge tests): part of the README's test command, so a fresh machine (and CI) needs no manual step.
# Each test starts its own server on a free loopback port and stops it after (test/helpers/*-server.ts).
set -euo pipefail
need=()
command -v redis-server >/dev/null 2>&1 || need+=(redis-server)
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
# the package starts a system-wide server on 6379; the tests use their own, so stop it rather than leave it running
command -v systemctl >/dev/null 2>&1 && run systemctl stop redis-server >/dev/null 2>&1 || true
pkill -x redis-server >/dev/null 2>&1 || true
