#!/usr/bin/env bash
# Installs the pinned Azurite (bench/azurite: package.json and package-lock.json) into
# bench/azurite/node_modules with `npm ci`, unless that version is already there. The conformance
# suite's Azurite tests (AzuriteProcess) and the bench scripts start
# bench/azurite/node_modules/.bin/azurite-table; CI runs this before `mvn verify`.
#
# Usage: build/azurite/install.sh
# Idempotent: a node_modules holding the pinned version is kept; another version is replaced.
# Needs Node.js and npm (and the npm registry, only when it installs). Bounded: 10 minutes.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
dir="$root/bench/azurite"
pinned="$(node -p "require('$dir/package.json').dependencies.azurite")"
installed="$(node -p "require('$dir/node_modules/azurite/package.json').version" 2>/dev/null || true)"
if [ "$installed" = "$pinned" ] && [ -x "$dir/node_modules/.bin/azurite-table" ]; then
  echo "azurite: $pinned in $dir/node_modules (kept)"
  exit 0
fi
echo "azurite: installing $pinned into $dir/node_modules${installed:+ (found $installed)} ..."
t0=$(date +%s)
# npm ci removes node_modules first, so a different or broken version is replaced whole.
timeout 600 npm ci --prefix "$dir" --no-audit --no-fund --loglevel=error
echo "azurite: $pinned installed in $(( $(date +%s) - t0 )) s"
