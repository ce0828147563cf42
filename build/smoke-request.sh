#!/usr/bin/env bash
# Checks that a running Tabula at HOST:PORT answers as the Table service does: an unsigned request
# is refused with the service's status and OData error body, and the Server header names Tabula and
# the pom's version. Usage: build/smoke-request.sh HOST PORT. Needs only bash.
set -euo pipefail
cd "$(dirname "$0")/.."
host="$1"
port="$2"
# The project's version: the first <version> of the root pom (the parent's own).
version=$(sed -n 's:^  <version>\(.*\)</version>$:\1:p' pom.xml | head -1)
exec 3<>"/dev/tcp/$host/$port"
printf 'GET /devstoreaccount1/Tables HTTP/1.1\r\nHost: %s\r\nx-ms-version: 2019-02-02\r\nConnection: close\r\n\r\n' "$host" >&3
response=$(timeout 10 cat <&3 || true)
exec 3<&-
status=$(printf '%s' "$response" | head -1 | tr -d '\r')
server=$(printf '%s' "$response" | tr -d '\r' | sed -n 's/^[Ss]erver: //p' | head -1)
echo "smoke: unsigned GET /devstoreaccount1/Tables -> $status (Server: $server)"
case "$status" in
  "HTTP/1.1 401 "*|"HTTP/1.1 403 "*) ;;
  *) printf '%s\n' "$response"; echo "smoke: unexpected answer"; exit 1 ;;
esac
printf '%s' "$response" | grep -q '"odata.error"' || { echo "smoke: no OData error body"; exit 1; }
[ "$server" = "Tabula/$version" ] || { echo "smoke: Server is not Tabula/$version"; exit 1; }
