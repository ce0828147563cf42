#!/usr/bin/env bash
# The Tabula Console's end-to-end tests (docs/console.md): Debian's headless Chromium, driven by
# playwright-core from console-e2e/ (npm ci from its lock file), against the built server on
# RocksDB in a temp dir with its admin listener on loopback. Screenshots go to
# console-e2e/target/screenshots/, the servers' logs to console-e2e/target/*.log.
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
pids=()
trap 'for p in "${pids[@]}"; do kill $p 2>/dev/null || true; wait $p 2>/dev/null || true; done; rm -rf "$data"' EXIT

# Whether a GET of the URL answers 2xx (Node is here for the tests anyway; curl may not be).
answers_ok() {
  node -e 'fetch(process.argv[1]).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))' "$1"
}

# Starts a server (its log in console-e2e/target/NAME.log); once /ready, sets started_url to its
# console URL. Not run in a subshell, so that its PID is kept for the trap.
start_server() {
  local name=$1; shift
  local log="$e2e/target/$name.log"
  : > "$log" # the background job opens it itself, maybe after the first read below
  java -jar "$jar" serve --port 0 --admin-port 0 --data-dir "$data/$name" "$@" > "$log" 2>&1 &
  local pid=$!
  pids+=($pid)
  local console=""
  for _ in $(seq 1 240); do
    console=$(sed -n 's/^  console: \(http:\/\/[^ ]*\)$/\1/p' "$log")
    [ -n "$console" ] && break
    if ! kill -0 $pid 2>/dev/null; then cat "$log" >&2; echo "e2e: server $name exited" >&2; exit 1; fi
    sleep 0.25
  done
  [ -n "$console" ] || { cat "$log" >&2; echo "e2e: server $name did not start" >&2; exit 1; }
  local ready="${console%/console/}/ready"
  for _ in $(seq 1 240); do
    answers_ok "$ready" && break
    sleep 0.25
  done
  answers_ok "$ready" || { cat "$log" >&2; echo "e2e: server $name not ready" >&2; exit 1; }
  started_url=$console
}

# The main server, on loopback: the console is open; two accounts, for the account picker. A second one whose admin listener is not on
# loopback (bound to every address, used through loopback only), where the console asks for the
# admin token.
dev_key="Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw=="
second_key=$(printf 'tabula-console-e2e-second-account-key-0123456789' | base64 -w0)
start_server server --account "devstoreaccount1:$dev_key" --account "second:$second_key"
console=$started_url
token="e2e-admin-token-$RANDOM$RANDOM$RANDOM"
start_server signin-server --in-memory --admin-host 0.0.0.0 --admin-token "$token"
signin=$started_url
echo "e2e: console at $console, sign-in console at $signin" >&2

[ $# -gt 0 ] || set -- tests/
status=0
(cd "$e2e" && TABULA_CONSOLE_URL="$console" TABULA_SIGNIN_CONSOLE_URL="$signin" \
  TABULA_SIGNIN_TOKEN="$token" node --test --test-concurrency=1 "$@") || status=$?
echo "e2e: screenshots in $e2e/target/screenshots, server logs in $e2e/target/*.log" >&2
exit $status
