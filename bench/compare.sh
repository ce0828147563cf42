#!/usr/bin/env bash
# Tabula against Azurite, side by side, on the same workloads (issue 6).
#
# Starts Tabula (the shaded jar, RocksDB engine in a temp dir, a random loopback port, default JVM
# flags) and Azurite (the pinned version from bench/azurite, its default disk persistence in a temp
# dir, a random loopback port), then runs dev.tabula.bench.compare.Comparison against both: every
# workload against each server in turn, interleaved workload by workload, for several rounds
# (default 3), alternating which server goes first, and prints the medians, the Tabula/Azurite ratio
# per workload and issue 6's goals as met / not met. With --scaling it measures the scaling curve
# instead (point reads and partition queries at 10k, 100k and 1M entities; the delete of the 1M
# table). Before round 1 the driver runs one unmeasured warm-up pass (--warmup-round-seconds).
#
# Issue 6's two ceilings run in the same rounds (not with --scaling, or with --no-baselines): the
# minimal Netty server (dev.tabula.bench.baseline.MinimalNettyServer, its own JVM, loopback, random
# port) takes part in the point reads, and RocksDB's synced puts (in the driver's JVM, in a temp
# database under the same work dir as Tabula's data, so on the same disk) in the single inserts.
# Every server is stopped by PID on exit. Every step is bounded in time.
#
# Usage: bench/compare.sh [--no-baselines] [Comparison options]
#   bench/compare.sh                                   # all workloads, 3 rounds of at most 10 s each
#   bench/compare.sh --rounds 5 --seconds 20 --workloads insert,batch
#   bench/compare.sh --scaling --seconds 5             # the scaling curve
#   bench/compare.sh --help                            # this, and the driver's options (starts nothing)
# Env: SKIP_BUILD=1 to reuse the jars in target/; BENCH_OUT=DIR to keep the output there (default
#      bench/results/compare-<UTC time>); BENCH_TIMEOUT=seconds for the whole driver (default 3600);
#      TABULA_JAVA_OPTS, NETTY_JAVA_OPTS, NETTY_ARGS (e.g. --transport nio; default: epoll where
#      it loads, as Tabula chooses), AZURITE_NODE_OPTIONS and AZURITE_ARGS (e.g.
#      --inMemoryPersistence; default none: Azurite's default disk persistence) for the servers.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
azurite_version="$(node -p "require('$root/bench/azurite/package.json').dependencies.azurite")"
azurite_dir="$root/bench/azurite"
azurite_bin="$azurite_dir/node_modules/.bin/azurite-table"
# shellcheck source=lib/processes.sh
. "$root/bench/lib/processes.sh"
mode="compare"
baselines=1
args=()
for arg in "$@"; do
  case "$arg" in
    --scaling) mode="scaling"; args+=("$arg") ;;
    --no-baselines) baselines=0 ;;
    -h | --help)
      sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'
      if [ -f "$bench_jar" ]; then
        java -cp "$bench_jar" dev.tabula.bench.compare.Comparison --help
      else
        echo "(build tabula-bench/target/benchmarks.jar for the driver's options)"
      fi
      exit 0 ;;
    *) args+=("$arg") ;;
  esac
done
# The scaling curve measures no ceilings.
if [ "$mode" = "scaling" ]; then baselines=0; fi
begin_run "$mode"

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# 1. Azurite at the pinned version, in a bench-local folder (npm ci from the lock file).
"$root/build/azurite/install.sh" >&2

# 2. The jars: Tabula's runnable jar and the benchmark jar (the load generator lives there).
copy_jars

# 3. The servers on loopback, each on its own temp dir (and the Netty baseline, unless told not to).
# shellcheck disable=SC2086
java ${TABULA_JAVA_OPTS:-} -jar "$work/tabula.jar" serve --host 127.0.0.1 --port 0 --engine rocksdb \
  --data-dir "$work/tabula-data" >"$out/tabula.log" 2>&1 &
pids+=($!)
tabula_pid=$!
azurite_port="$(free_port)"
mkdir -p "$work/azurite-data"
# Azurite refuses a --location next to --inMemoryPersistence.
azurite_location=(--location "$work/azurite-data")
case " ${AZURITE_ARGS:-} " in *" --inMemoryPersistence "*) azurite_location=() ;; esac
# shellcheck disable=SC2086
NODE_OPTIONS="${AZURITE_NODE_OPTIONS:-}" "$azurite_bin" --tableHost 127.0.0.1 --tablePort "$azurite_port" \
  "${azurite_location[@]}" --silent --disableTelemetry ${AZURITE_ARGS:-} >"$out/azurite.log" 2>&1 &
pids+=($!)
azurite_pid=$!
baseline_args=()
netty_pid=""
if [ "$baselines" = "1" ]; then
  # The read ceiling: a minimal Netty server in its own JVM with the same default flags as Tabula's.
  # shellcheck disable=SC2086
  java ${NETTY_JAVA_OPTS:-} -cp "$work/benchmarks.jar" dev.tabula.bench.baseline.MinimalNettyServer \
    --host 127.0.0.1 --port 0 ${NETTY_ARGS:-} >"$out/netty.log" 2>&1 &
  pids+=($!)
  netty_pid=$!
  mkdir -p "$work/rocks-baseline"
fi

listening="$(await_line "$tabula_pid" "$out/tabula.log" 60 'Tabula listening on http://127\.0\.0\.1:[0-9]+')"
tabula_port="$(echo "$listening" | sed -E 's#.*127\.0\.0\.1:([0-9]+).*#\1#')"
await_line "$azurite_pid" "$out/azurite.log" 60 'successfully started' >/dev/null
if [ -n "$netty_pid" ]; then
  listening="$(await_line "$netty_pid" "$out/netty.log" 60 'Minimal Netty server listening on http://127\.0\.0\.1:[0-9]+')"
  netty_port="$(echo "$listening" | sed -E 's#.*127\.0\.0\.1:([0-9]+).*#\1#')"
  netty_network="$(echo "$listening" | sed -nE 's#.*\((network [a-z]+)\).*#\1#p')"
  baseline_args=(--netty-baseline "http://127.0.0.1:$netty_port/devstoreaccount1" --rocks-baseline "$work/rocks-baseline")
fi
{
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "code: $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)$(git -C "$root" diff --quiet 2>/dev/null || echo ' + uncommitted changes')"
  echo "machine: $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GiB, $(uname -sr)"
  echo "java: $(java -version 2>&1 | head -1); node: $(node --version)"
  echo "Tabula pid $tabula_pid on 127.0.0.1:$tabula_port; Azurite $azurite_version pid $azurite_pid on 127.0.0.1:$azurite_port"
  if [ -n "$netty_pid" ]; then
    echo "baselines: minimal Netty server pid $netty_pid on 127.0.0.1:$netty_port ($netty_network); RocksDB synced puts in $work/rocks-baseline"
  fi
} | tee "$out/servers.txt"

# The machine is shared: sample the load average and both servers' memory every 10 s (bounded).
(
  for _ in $(seq 1 720); do
    echo "$(date -u +%H:%M:%S) $(cut -d' ' -f1-3 /proc/loadavg) tabula_rss_kb=$(ps -o rss= -p "$tabula_pid" 2>/dev/null | tr -d ' ') azurite_rss_kb=$(ps -o rss= -p "$azurite_pid" 2>/dev/null | tr -d ' ')${netty_pid:+ netty_rss_kb=$(ps -o rss= -p "$netty_pid" 2>/dev/null | tr -d ' ')}"
    sleep 10
  done
) >"$out/load.txt" 2>&1 &
pids+=($!)

# 4. The workloads, interleaved over both servers; the whole driver is bounded.
set +e
timeout "${BENCH_TIMEOUT:-3600}" java -Xmx1g -cp "$work/benchmarks.jar" dev.tabula.bench.compare.Comparison \
  --target "tabula=http://127.0.0.1:$tabula_port/devstoreaccount1" \
  --target "azurite=http://127.0.0.1:$azurite_port/devstoreaccount1" \
  --out "$out/results.tsv" ${baseline_args[@]+"${baseline_args[@]}"} ${args[@]+"${args[@]}"} | tee "$out/output.txt"
status=${PIPESTATUS[0]}
set -e

# Whether each server survived, and its resident memory after the run (kB), for the record.
for pid in "$tabula_pid" "$azurite_pid" $netty_pid; do
  ps -o pid=,rss=,comm= -p "$pid" || echo "$pid is no longer running"
done | tee -a "$out/servers.txt"
echo "Output kept in $out" >&2
exit "$status"
