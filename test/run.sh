#!/usr/bin/env bash
# The suite as `npm test` runs it (the README's test command): the real servers' packages installed first
# (test/services.sh), no colour codes under CI, then vitest with any arguments passed through.
set -euo pipefail
cd "$(dirname "$0")/.."
bash test/services.sh
if [ -n "${CI:-}" ]; then export NO_COLOR=1; fi
exec node_modules/.bin/vitest run "$@"
