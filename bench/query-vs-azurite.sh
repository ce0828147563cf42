#!/usr/bin/env bash
# Issue 3's end-to-end query benchmark, Tabula against Azurite in the same run.
#
# Starts Tabula (the shaded jar, RocksDB engine in a temp dir, a random loopback port) and Azurite
# (the pinned version from bench/azurite, its default disk persistence in a temp dir, a random
# loopback port), loads the same 100,000-entity table into both, then runs the partition-query and
# filtered-scan workloads against each, interleaved, for 3 rounds (dev.tabula.bench.compare
# .QueryComparison), and prints the medians and the Tabula/Azurite ratios. Both servers are stopped
# by PID on exit. Every step is bounded in time.
#
# Usage: bench/query-vs-azurite.sh [QueryComparison options, e.g. --entities 10000 --rounds 5]
# Env:   SKIP_BUILD=1 to reuse the jars already in target/; BENCH_OUT=DIR to keep the output there
#        (default bench/results/query-vs-azurite-<UTC time>).
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
azurite_version="3.37.0"
azurite_dir="$root/bench/azurite"
azurite_bin="$azurite_dir/node_modules/.bin/azurite-table"
tabula_jar="$root/tabula-server/target/tabula.jar"
bench_jar="$root/tabula-bench/target/benchmarks.jar"
out="${BENCH_OUT:-$root/bench/results/query-vs-azurite-$(date -u +%Y%m%dT%H%M%SZ)}"
work="$(mktemp -d "${TMPDIR:-/tmp}/tabula-bench.XXXXXX")"
server_pids=()

stop_servers() {
  local pid
  for pid in "${server_pids[@]}"; do
    kill -TERM "$pid" 2>/dev/null || true
  done
  for pid in "${server_pids[@]}"; do
    for _ in $(seq 1 100); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.1
    done
    kill -KILL "$pid" 2>/dev/null || true
  done
  server_pids=()
  rm -rf "$work"
}
trap stop_servers EXIT
trap 'exit 130' INT TERM

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# Waits (at most $3 seconds) until the log $2 of process $1 shows a line matching $4; prints it.
await_line() {
  local pid="$1" log="$2" seconds="$3" pattern="$4" line
  for _ in $(seq 1 $((seconds * 10))); do
    line="$(grep -m1 -E "$pattern" "$log" 2>/dev/null || true)"
    if [ -n "$line" ]; then
      echo "$line"
      return 0
    fi
    if ! kill -0 "$pid" 2>/dev/null; then
      echo "server $pid exited; its log:" >&2
      cat "$log" >&2
      return 1
    fi
    sleep 0.1
  done
  echo "server $pid did not start in ${seconds}s; its log:" >&2
  cat "$log" >&2
  return 1
}

mkdir -p "$out"

# 1. Azurite at the pinned version, in a bench-local folder (npm ci when the lock file is there).
installed="$(node -p "require('$azurite_dir/node_modules/azurite/package.json').version" 2>/dev/null || true)"
if [ "$installed" != "$azurite_version" ]; then
  echo "Installing azurite@$azurite_version into $azurite_dir ..." >&2
  if [ -f "$azurite_dir/package-lock.json" ]; then
    timeout 600 npm ci --prefix "$azurite_dir" --no-audit --no-fund >&2
  else
    timeout 600 npm install --prefix "$azurite_dir" --no-audit --no-fund "azurite@$azurite_version" >&2
  fi
fi

# 2. The jars: Tabula's runnable jar and the benchmark jar (the load client lives there).
if [ "${SKIP_BUILD:-0}" != "1" ] || [ ! -f "$tabula_jar" ] || [ ! -f "$bench_jar" ]; then
  echo "Building tabula.jar and benchmarks.jar ..." >&2
  timeout 900 mvn -B -q -f "$root/pom.xml" -DskipTests -Dcheckstyle.skip package \
    -pl tabula-server,tabula-bench -am >&2
fi

# Run from copies, so a build started meanwhile in this work tree cannot swap a jar under us.
cp "$tabula_jar" "$work/tabula.jar"
cp "$bench_jar" "$work/benchmarks.jar"

# 3. Both servers on loopback, each on its own temp dir.
java -jar "$work/tabula.jar" serve --host 127.0.0.1 --port 0 --engine rocksdb \
  --data-dir "$work/tabula-data" >"$out/tabula.log" 2>&1 &
server_pids+=($!)
tabula_pid=$!
azurite_port="$(free_port)"
mkdir -p "$work/azurite-data"
"$azurite_bin" --tableHost 127.0.0.1 --tablePort "$azurite_port" --location "$work/azurite-data" \
  --silent --disableTelemetry >"$out/azurite.log" 2>&1 &
server_pids+=($!)
azurite_pid=$!

listening="$(await_line "$tabula_pid" "$out/tabula.log" 60 'Tabula listening on http://127\.0\.0\.1:[0-9]+')"
tabula_port="$(echo "$listening" | sed -E 's#.*127\.0\.0\.1:([0-9]+).*#\1#')"
await_line "$azurite_pid" "$out/azurite.log" 60 'successfully started' >/dev/null
echo "Tabula pid $tabula_pid on 127.0.0.1:$tabula_port; Azurite $azurite_version pid $azurite_pid on 127.0.0.1:$azurite_port" \
  | tee "$out/servers.txt"

# 4. The workload, interleaved over both targets; the whole run is bounded.
set +e
timeout 3600 java -Xmx1g -cp "$work/benchmarks.jar" dev.tabula.bench.compare.QueryComparison \
  --target "tabula=http://127.0.0.1:$tabula_port/devstoreaccount1" \
  --target "azurite=http://127.0.0.1:$azurite_port/devstoreaccount1" \
  --out "$out/results.tsv" "$@" | tee "$out/output.txt"
status=${PIPESTATUS[0]}
set -e

# Resident memory of each server after the run (kB), for the record.
for pid in "$tabula_pid" "$azurite_pid"; do
  ps -o pid=,rss=,comm= -p "$pid" || true
done | tee -a "$out/servers.txt"
echo "Output kept in $out" >&2
exit "$status"
