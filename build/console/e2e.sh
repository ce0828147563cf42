#!/usr/bin/env bash
# The Tabula Console's end-to-end tests (docs/console.md): Debian's headless Chromium, driven by
# playwright-core from console-e2e/ (npm ci from its lock file), against the built server on
# RocksDB in a temp dir with its admin listener on loopback. Screenshots go to
# console-e2e/target/screenshots/, the server's log to console-e2e/target/server.log.
# Exit code: node --test's. Usage: build/console/e2e.sh [test files, relative to console-e2e/]
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
e2e="$root/console-e2e"
jar="$root/tabula-server/target/tabula.jar"
web="$root/tabula-server/src/main/resources/dev/tabula/server/console/web"

if [ ! -x /usr/bin/chromium ]; then
  echo "e2e: installing Debian's chromium" >&2
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium) >&2
fi
# The page's files are resources: a jar older than any of them is rebuilt (never `install`).
if [ ! -f "$jar" ] || [ -n "$(find "$web" "$root/tabula-server/src/main/java" -newer "$jar" -print -quit)" ]; then
  echo "e2e: building tabula.jar" >&2
  mvn -B -q -DskipTests -Dcheckstyle.skip -Dspotless.check.skip -Djacoco.skip=true package \
    -pl tabula-server -am >&2
fi
(cd "$e2e" && npm ci --no-audit --no-fund --loglevel=error)

rm -rf "$e2e/target" && mkdir -p "$e2e/target/screenshots"
data=$(mktemp -d)
log="$e2e/target/server.log"
: > "$log" # the background job opens it itself, maybe after the first read below
java -jar "$jar" serve --port 0 --admin-port 0 --data-dir "$data/db" > "$log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true; wait $pid 2>/dev/null || true; rm -rf "$data"' EXIT

console=""
for _ in $(seq 1 240); do
  console=$(sed -n 's/^  console: \(http:\/\/[^ ]*\)$/\1/p' "$log")
  [ -n "$console" ] && break
  if ! kill -0 $pid 2>/dev/null; then cat "$log"; echo "e2e: server exited" >&2; exit 1; fi
  sleep 0.25
done
[ -n "$console" ] || { cat "$log"; echo "e2e: server did not start" >&2; exit 1; }
ready="${console%/console/}/ready"
for _ in $(seq 1 240); do
  curl -fsS "$ready" > /dev/null 2>&1 && break
  sleep 0.25
done
curl -fsS "$ready" > /dev/null || { cat "$log"; echo "e2e: server not ready" >&2; exit 1; }
echo "e2e: console at $console" >&2

[ $# -gt 0 ] || set -- tests/
status=0
(cd "$e2e" && TABULA_CONSOLE_URL="$console" node --test --test-concurrency=1 "$@") || status=$?
echo "e2e: screenshots in $e2e/target/screenshots, server log in $log" >&2
exit $status
