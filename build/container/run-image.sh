#!/usr/bin/env bash
# Runs the container image tarball with podman (from Debian, daemonless) as `docker run` would:
# port 10002 published on loopback, a named volume at /data. Checks that the server runs as user
# 10001, answers as the Table service (build/smoke-request.sh), answers /health and /ready on the
# admin port the image opens (10080, what a Testcontainers wait strategy polls), writes its data into
# the volume, stops on SIGTERM (podman stop) with status 0 after its one stop line, and finds a table
# created there again after the container is replaced. Usage: run-image.sh TAR.
# Needs root (apt-get, cgroups); installs podman and openssl when missing.
set -euo pipefail
cd "$(dirname "$0")/../.."
tarball="$1"
version=$(sed -n 's:^  <version>\(.*\)</version>$:\1:p' pom.xml | head -1)
image="localhost/tabula:$version"
source build/container/need.sh
need podman
need openssl

# crun refuses a hybrid cgroup layout whose cgroup2 part still holds controllers ("cgroups in
# hybrid mode not supported, drop all controllers from cgroupv2"): such a controller (hugetlb on
# CI's virtual machines) is moved to a cgroup v1 hierarchy of its own, where it is unused anyway.
unified=/sys/fs/cgroup/unified
if [ -f "$unified/cgroup.controllers" ]; then
  for controller in $(cat "$unified/cgroup.controllers"); do
    mkdir -p "/sys/fs/cgroup/$controller"
    mount -t cgroup -o "$controller" cgroup "/sys/fs/cgroup/$controller"
    echo "container: moved the $controller controller from cgroup2 to cgroup v1 for crun"
  done
fi
# podman raises the open-file and process limits past this machine's hard limits, which a process
# without CAP_SYS_RESOURCE may not do: ask for what the machine allows.
files=$(ulimit -Hn)
[ "$files" = unlimited ] || [ "$files" -gt 65536 ] && files=65536
limits=(--ulimit "nofile=$files:$files" --ulimit nproc=4096:4096)

suffix="ci-$$"
volume="tabula-data-$suffix"
cleanup() {
  podman rm -f "tabula-$suffix-1" "tabula-$suffix-2" >/dev/null 2>&1 || true
  podman volume rm -f "$volume" >/dev/null 2>&1 || true
  podman rmi -f "$image" >/dev/null 2>&1 || true
}
trap cleanup EXIT
fail() { echo "container: $*" >&2; exit 1; }

podman load -q -i "$tarball"
said=$(podman run --rm "${limits[@]}" "$image" --version)
[ "$said" = "tabula $version" ] || fail "docker run IMAGE --version said '$said'"

# Starts container $1 on the volume and sets `port` to its published port on loopback.
start() {
  podman run -d --name "tabula-$suffix-$1" "${limits[@]}" -p 127.0.0.1::10002 \
    -p 127.0.0.1::10080 -v "$volume:/data" "$image" >/dev/null
  for _ in $(seq 1 120); do
    podman logs "tabula-$suffix-$1" 2>&1 | grep -q '^Tabula listening on http://0.0.0.0:10002' && break
    [ "$(podman inspect -f '{{.State.Running}}' "tabula-$suffix-$1")" = true ] \
      || { podman logs "tabula-$suffix-$1"; fail "the container exited"; }
    sleep 0.5
  done
  podman logs "tabula-$suffix-$1" 2>&1 | grep '^Tabula listening on' || fail "no listening line"
  port=$(podman port "tabula-$suffix-$1" 10002/tcp | sed 's/.*://')
  admin=$(podman port "tabula-$suffix-$1" 10080/tcp | sed 's/.*://')
  local pid
  pid=$(podman inspect -f '{{.State.Pid}}' "tabula-$suffix-$1")
  [ "$(stat -c %u "/proc/$pid")" = 10001 ] || fail "the server does not run as user 10001"
}

# A request signed with the development account's well-known key (SharedKeyLite: the date and the
# canonical resource, which repeats the account in the emulator's path style); prints the answer.
key=Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==
signed() { # METHOD PATH [JSON]
  local date signature body="${3:-}"
  date=$(LC_ALL=C date -u '+%a, %d %b %Y %H:%M:%S GMT')
  signature=$(printf '%s\n%s' "$date" "/devstoreaccount1$2" \
    | openssl dgst -sha256 -mac HMAC -macopt "hexkey:$(printf %s "$key" | base64 -d | od -An -tx1 | tr -d ' \n')" -binary \
    | base64 | tr -d '\n')
  exec 3<>"/dev/tcp/127.0.0.1/$port"
  printf '%s %s HTTP/1.1\r\nHost: 127.0.0.1\r\nx-ms-date: %s\r\nx-ms-version: 2019-02-02\r\nAuthorization: SharedKeyLite devstoreaccount1:%s\r\nAccept: application/json;odata=nometadata\r\nContent-Type: application/json\r\nContent-Length: %d\r\nConnection: close\r\n\r\n%s' \
    "$1" "$2" "$date" "$signature" "${#body}" "$body" >&3
  timeout 10 cat <&3 || true
  exec 3<&-
}

# GET PATH on the admin port; prints the answer.
admin_get() {
  exec 4<>"/dev/tcp/127.0.0.1/$admin"
  printf 'GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n' "$1" >&4
  timeout 10 cat <&4 || true
  exec 4<&-
}

podman volume create "$volume" >/dev/null
start 1
build/smoke-request.sh 127.0.0.1 "$port"
for probe in /health /ready; do
  answer=$(admin_get "$probe")
  [[ "$answer" == "HTTP/1.1 200 "* ]] || fail "admin $probe: $answer"
done
[[ "$(admin_get /metrics)" == *"tabula_requests_total{"* ]] || fail "admin /metrics has no request count"
table="Container$RANDOM$RANDOM"
answer=$(signed POST /devstoreaccount1/Tables "{\"TableName\":\"$table\"}")
[[ "$answer" == "HTTP/1.1 201 "* ]] || fail "create table: $answer"
owner=$(stat -c %u "$(podman volume inspect -f '{{.Mountpoint}}' "$volume")/CURRENT")
[ "$owner" = 10001 ] || fail "the data in the volume belongs to $owner, not 10001"
podman stop -t 20 "tabula-$suffix-1" >/dev/null
status=$(podman inspect -f '{{.State.ExitCode}}' "tabula-$suffix-1")
[ "$status" = 0 ] || { podman logs "tabula-$suffix-1"; fail "stopped with status $status, not 0"; }
podman logs "tabula-$suffix-1" 2>&1 | grep -q '^Tabula stopped: drained' || fail "no stop line"

start 2
answer=$(signed GET /devstoreaccount1/Tables)
[[ "$answer" == *"\"TableName\":\"$table\""* ]] || fail "table $table is gone after a restart: $answer"
echo "container: ok ($image as user 10001, port 10002 and admin 10080 published, stopped with 0," \
  "table $table kept in volume /data)"
