#!/usr/bin/env bash
# Footprint per million entities (issue 6): what a table of --entities entities costs Tabula's
# RocksDB engine on disk, in resident memory and in heap. Not run in CI.
#
# Starts Tabula (the shaded jar, RocksDB in a temp dir, a random loopback port, -Xmx512m, native
# memory tracking) and samples it empty. Loads one table with the load generator's default shape
# (1 KiB of JSON, 10 properties, 2,000 rows a partition; $batch, 4 in flight), runs point reads on
# it for --read-seconds and samples again. Then it stops the server and starts it again on the
# same data: RocksDB replays its write-ahead log into a table file on open and deletes the log, so
# the data directory then holds only table files. It waits for the directory to stop changing
# (background compactions; at most 5 minutes), samples the idle server, reads for --read-seconds
# more to fill the block cache, and samples a last time. Each sample is the live heap after a
# forced full GC (from the GC log), the resident memory, the data directory's size, its table
# files and the load average, into footprint.csv; native memory tracking summaries are kept.
# Servers are stopped by PID on exit; every step is bounded in time.
#
# Usage: bench/footprint.sh [--entities 1000000] [--xmx 512m] [--read-seconds 30]
#                           [--block-cache-mb 64]
# Env:   SKIP_BUILD=1 to reuse the jars in target/; BENCH_OUT=DIR to keep the output there (default
#        bench/results/footprint-<UTC time>).
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
entities=1000000
xmx=512m
read_seconds=30
block_cache_mb=64
while [ $# -gt 0 ]; do
  case "$1" in
    --entities) entities="$2"; shift 2 ;;
    --xmx) xmx="$2"; shift 2 ;;
    --read-seconds) read_seconds="$2"; shift 2 ;;
    --block-cache-mb) block_cache_mb="$2"; shift 2 ;;
    *) echo "unknown option $1 (see the header of $0)" >&2; exit 2 ;;
  esac
done
if [ "$entities" -lt 1 ] || [ "$entities" -gt 5000000 ]; then
  echo "--entities must be 1..5000000" >&2
  exit 2
fi

# shellcheck source=lib/processes.sh
. "$root/bench/lib/processes.sh"
begin_run footprint
copy_jars

server_pid=""
port=""
# Starts the server on $work/data, logging to $out/server-$1.log and the GC log $out/gc-$1.log.
start_server() {
  gc_log="$out/gc-$1.log"
  java "-Xmx$xmx" -XX:NativeMemoryTracking=summary "-Xlog:gc:file=$gc_log" \
    -jar "$work/tabula.jar" serve --host 127.0.0.1 --port 0 --engine rocksdb \
    --data-dir "$work/data" --block-cache-mb "$block_cache_mb" >"$out/server-$1.log" 2>&1 &
  pids+=($!)
  server_pid=$!
  local listening
  listening="$(await_line "$server_pid" "$out/server-$1.log" 120 'Tabula listening on http://127\.0\.0\.1:[0-9]+')"
  port="$(echo "$listening" | sed -E 's#.*127\.0\.0\.1:([0-9]+).*#\1#')"
}

# Stops the server gracefully (TERM runs its shutdown hook, which closes RocksDB), KILL after 120 s,
# and forgets its PID, so that the exit trap never signals a process that reused it.
stop_server() {
  local pid stopped=0 kept=()
  kill -TERM "$server_pid"
  for _ in $(seq 1 1200); do
    kill -0 "$server_pid" 2>/dev/null || { stopped=1; break; }
    sleep 0.1
  done
  if [ "$stopped" = 0 ]; then
    echo "server $server_pid did not stop in 120 s; killing it" >&2
    kill -KILL "$server_pid"
    wait "$server_pid" 2>/dev/null || true
  fi
  for pid in "${pids[@]}"; do
    [ "$pid" = "$server_pid" ] || kept+=("$pid")
  done
  pids=("${kept[@]}")
}

data_kib() { du -sk "$work/data" | cut -f1; }

echo "elapsed_s,phase,live_after_gc_mib,rss_kib,data_kib,sst_files,sst_kib,wal_kib,loadavg" >"$out/footprint.csv"
start=$(date +%s)
sample() {
  local live sst_kib wal_kib
  jcmd "$server_pid" GC.run >/dev/null
  live="$(grep -E 'Pause Full' "$gc_log" | tail -1 | sed -E 's/.*->([0-9]+)M\(.*/\1/')"
  sst_kib="$( (find "$work/data" -name '*.sst' -printf '%k\n'; echo 0) | awk '{s += $1} END {print s}')"
  wal_kib="$( (find "$work/data" -name '*.log' -printf '%k\n'; echo 0) | awk '{s += $1} END {print s}')"
  echo "$(($(date +%s) - start)),$1,$live,$(awk '/VmRSS/ {print $2}' "/proc/$server_pid/status"),$(data_kib),$(find "$work/data" -name '*.sst' | wc -l),$sst_kib,$wal_kib,$(cut -d' ' -f1 /proc/loadavg)" \
    | tee -a "$out/footprint.csv"
}

# Point reads for --read-seconds; with a table name, on that table, else loading one first and
# keeping it. Prints the driver's output.
read_table() {
  local table_args=(--entities "$entities" --load-seconds 3000 --keep-table)
  [ -n "${1:-}" ] && table_args=(--entities "$entities" --table "$1")
  timeout 3600 java -Xmx1g -cp "$work/benchmarks.jar" dev.tabula.bench.load.LoadMain \
    --endpoint "http://127.0.0.1:$port/devstoreaccount1" --workload point-read \
    --concurrency 4 --duration "$read_seconds" "${table_args[@]}"
}

start_server first
{
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "code: $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)$(git -C "$root" diff --quiet 2>/dev/null || echo ' + uncommitted changes')"
  echo "machine: $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GiB, $(uname -sr); $(java -version 2>&1 | head -1)"
  echo "server: -Xmx$xmx, engine rocksdb, --block-cache-mb $block_cache_mb; entities $entities"
} | tee "$out/run.txt"
sample empty
read_table | tee "$out/driver-load.log"
table="$(sed -nE 's/^kept table (.*)$/\1/p' "$out/driver-load.log")"
[ -n "$table" ] || { echo "the load did not keep a table; see $out/driver-load.log" >&2; exit 1; }
sample loaded
stop_server
start_server restarted
previous=-1
for _ in $(seq 1 30); do
  current="$(data_kib)"
  [ "$current" = "$previous" ] && break
  previous="$current"
  sleep 10
done
sample restarted-idle
jcmd "$server_pid" VM.native_memory summary >"$out/native-memory-idle.txt"
read_table "$table" | tee "$out/driver-read.log"
sample restarted-read
jcmd "$server_pid" VM.native_memory summary >"$out/native-memory-read.txt"
echo "output kept in $out" >&2
