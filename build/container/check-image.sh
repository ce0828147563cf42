#!/usr/bin/env bash
# Checks the container image tarball Jib made (`docker save` format) without running it: its
# config (user, environment, entrypoint, ports, volume, working directory) and its layers (the
# server's classes, the version, its libraries, the /data mount point). Usage: check-image.sh TAR.
# Needs jq (installed with apt-get when missing).
set -euo pipefail
cd "$(dirname "$0")/../.."
tarball="$1"
version=$(sed -n 's:^  <version>\(.*\)</version>$:\1:p' pom.xml | head -1)
source build/container/need.sh
need jq
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tar -xf "$tarball" -C "$work"
fail() { echo "image: $*" >&2; exit 1; }
config="$work/$(jq -r '.[0].Config' "$work/manifest.json")"

expect() { # jq filter, expected JSON value
  local actual
  actual=$(jq -c "$1" "$config")
  [ "$actual" = "$2" ] || fail "config $1 is $actual, expected $2"
}
expect '.config.User' '"10001:10001"'
expect '.config.Cmd' '["serve"]'
expect '.config.Entrypoint[-1]' '"dev.tabula.server.TabulaCli"'
expect '.config.ExposedPorts | keys' '["10002/tcp","10080/tcp"]'
expect '.config.Volumes | keys' '["/data"]'
expect '.config.WorkingDir' '"/data"'
expect '.config.Labels["org.opencontainers.image.version"]' "\"$version\""
for env in TABULA_HOST=0.0.0.0 TABULA_DATA_DIR=/data TABULA_ADMIN_HOST=0.0.0.0 TABULA_ADMIN_PORT=10080; do
  jq -e --arg env "$env" '.config.Env | index($env)' "$config" >/dev/null || fail "no $env in the environment"
done

# Every layer's listing, as "mode owner path" lines.
jq -r '.[0].Layers[]' "$work/manifest.json" | while read -r layer; do
  tar -tvzf "$work/$layer" 2>/dev/null || tar -tvf "$work/$layer"
done | awk '{print $1, $2, $6}' > "$work/files"
has() { grep -qE "$1" "$work/files" || fail "no layer has $2"; }
has ' app/classes/dev/tabula/server/TabulaCli\.class$' "the server's main class"
has ' app/resources/dev/tabula/server/version\.properties$' "version.properties"
has ' app/libs/tabula-protocol-[^/]*\.jar$' "the protocol module"
has ' app/libs/rocksdbjni-[^/]*\.jar$' "RocksDB"
has '^drwxrwxrwx [^ ]+ data/?$' "/data writable by the server's user"
has ' (\./)?(usr/lib/jvm/[^/]+|opt/java/openjdk)/bin/java$' "a java"
# The server in it says the pom's version.
said=$(jq -r '.[0].Layers[]' "$work/manifest.json" | while read -r layer; do
  tar -xzOf "$work/$layer" app/resources/dev/tabula/server/version.properties 2>/dev/null || true
done | sed -n 's/^version=//p')
[ "$said" = "$version" ] || fail "its version.properties says '$said', the pom $version"
echo "image: $tarball: user 10001, ports 10002 and 10080, volume /data, TABULA_* environment and layers ok"
