#!/usr/bin/env bash
# Starts the server the way the README says (./tabula serve), checks that it answers as the Table
# service does, and stops it. Needs only bash and Java: port 0 picks a free loopback port.
set -euo pipefail
cd "$(dirname "$0")/.."
data=$(mktemp -d)
./tabula serve --port 0 --data-dir "$data/db" > "$data/server.log" 2>&1 &
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
# An unsigned request must be refused with the service's error, not crash or hang.
exec 3<>"/dev/tcp/127.0.0.1/$port"
printf 'GET /devstoreaccount1/Tables HTTP/1.1\r\nHost: 127.0.0.1\r\nx-ms-version: 2019-02-02\r\nConnection: close\r\n\r\n' >&3
response=$(timeout 10 cat <&3 || true)
exec 3<&-
status=$(printf '%s' "$response" | head -1 | tr -d '\r')
echo "smoke: unsigned GET /devstoreaccount1/Tables -> $status"
case "$status" in
  "HTTP/1.1 401 "*|"HTTP/1.1 403 "*) ;;
  *) cat "$data/server.log"; echo "smoke: unexpected answer"; exit 1 ;;
esac
printf '%s' "$response" | grep -q '"odata.error"' || { echo "smoke: no OData error body"; exit 1; }
echo "smoke: ok"
