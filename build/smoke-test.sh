#!/usr/bin/env bash
# Starts the server the way the README says (./tabula serve), checks that it answers as the Table
# service does (build/smoke-request.sh), and stops it. Needs only bash and Java: port 0 picks a free
# loopback port. Usage: build/smoke-test.sh [LAUNCHER... [-- SERVE_ARGS...]]: another launcher
# than ./tabula (the distribution's bin/tabula), and more arguments for `serve`.
set -euo pipefail
cd "$(dirname "$0")/.."
launcher=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do launcher+=("$1"); shift; done
[ $# -gt 0 ] && shift
[ ${#launcher[@]} -gt 0 ] || launcher=(./tabula)
data=$(mktemp -d)
"${launcher[@]}" serve --port 0 --data-dir "$data/db" "$@" > "$data/server.log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true; wait $pid 2>/dev/null || true; rm -rf "$data"' EXIT
port=""
for _ in $(seq 1 240); do
  port=$(sed -n 's/^Tabula listening on http:\/\/127.0.0.1:\([0-9]*\).*/\1/p' "$data/server.log")
  [ -n "$port" ] && break
  if ! kill -0 $pid 2>/dev/null; then cat "$data/server.log"; echo "smoke: server exited"; exit 1; fi
  sleep 0.5
done
[ -n "$port" ] || { cat "$data/server.log"; echo "smoke: server did not start"; exit 1; }
build/smoke-request.sh 127.0.0.1 "$port" || { cat "$data/server.log"; exit 1; }
echo "smoke: ok (${launcher[*]})"
