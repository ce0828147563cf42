#!/usr/bin/env bash
# Where one client's durable insert spends its time (issue 25): four participants measured in the same
# rounds, one client each, with the order rotated every round:
#   netty    the minimal Netty server's HTTP round trip (a point read it answers from nothing)
#   synced   RocksDB's own synced put of 1 KiB, in-process, no server (RocksSyncedPuts, --threads 1)
#   memory   Tabula's insert on the memory engine: HTTP, signature, JSON, core, no disk
#   rocksdb  Tabula's insert on RocksDB: the same, plus the synced commit
# For both Tabula servers it also reads the server's own time per insert (the admin listener's
# tabula_request_duration_seconds for InsertEntity: from the request read whole to the answer
# written), so that each insert's time splits into the client and the network, the protocol and core,
# and the commit. Prints medians, the split, and the issue's goal: the RocksDB insert's p50 within
# 1.5x of (synced put p50 + Netty round trip p50).
#
# Usage: bench/insert-latency.sh [ROUNDS]     (default 5 rounds of 8 s per participant)
# Env: SECONDS_PER_RUN (default 8), SKIP_BUILD=1 to reuse the built jars, TABULA_JAVA_OPTS, BENCH_OUT
#      (default bench/results/insert-latency-<UTC time>). Loopback only; processes stopped by PID.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
# shellcheck source=lib/processes.sh
. "$root/bench/lib/processes.sh"
rounds=${1:-5}
seconds=${SECONDS_PER_RUN:-8}

# The server's figures so far, as "insert-seconds inserts wal-sync-seconds": its total time in
# InsertEntity requests, their count, and (RocksDB only, else 0) its time syncing the write-ahead log.
server_figures() {
  curl -s --max-time 10 "$1/metrics" | awk '
    /^tabula_request_duration_seconds_sum\{.*operation="InsertEntity"/ {s = $NF}
    /^tabula_request_duration_seconds_count\{.*operation="InsertEntity"/ {c = $NF}
    /^tabula_rocksdb_wal_sync_time_seconds_total/ {w = $NF}
    END {printf "%s %s %s\n", (s == "" ? 0 : s), (c == "" ? 0 : c), (w == "" ? 0 : w)}'
}

# Milliseconds per insert of figure $3 (1: time in InsertEntity, 3: WAL sync time) between two
# server_figures readings $1 and $2; "-" when no insert came in between.
per_insert_ms() {
  awk -v b="$1" -v a="$2" -v f="$3" 'BEGIN {split(b, x, " "); split(a, y, " "); n = y[2] - x[2]
    if (n > 0) printf "%.4f", (y[f] - x[f]) * 1000 / n; else print "-"}'
}

load_run() {
  timeout $((seconds + 120)) java -Xmx1g -cp "$work/benchmarks.jar" dev.tabula.bench.load.LoadMain \
    --endpoint "$1" --concurrency 1 --duration "$seconds" --warmup 2 "${@:2}" | tail -1
}

# One run of participant $1; prints "ops/s p50 p99 server-ms sync-ms": the server's mean time per
# insert and its mean WAL sync time per insert ("-" when not known).
measure() {
  local line admin before after
  case $1 in
    netty) line=$(load_run "$netty_url" --workload point-read --table baseline) ;;
    synced)
      line=$(timeout $((seconds + 120)) java -Xmx1g -cp "$work/benchmarks.jar" \
        dev.tabula.bench.baseline.RocksSyncedPuts --threads 1 --duration "$seconds" --warmup 2 \
        --dir "$work" | tail -1) ;;
    memory | rocksdb)
      admin=$memory_admin url=$memory_url
      [ "$1" = rocksdb ] && admin=$rocks_admin url=$rocks_url
      before=$(server_figures "$admin")
      line=$(load_run "$url" --workload insert)
      after=$(server_figures "$admin") ;;
  esac
  echo "round $round  $1  $line" >&2
  case $line in *ERROR* | "") echo "a run failed: $line" >&2; exit 1 ;; esac
  local ops p50 p99 mean="-" sync="-"
  ops=$(grep -oE 'ops/s=[0-9.]+' <<< "$line" | cut -d= -f2)
  p50=$(grep -oE 'p50 ms=[0-9.]+' <<< "$line" | cut -d= -f2)
  p99=$(grep -oE 'p99 ms=[0-9.]+' <<< "$line" | cut -d= -f2)
  if [ -n "${before:-}" ]; then
    mean=$(per_insert_ms "$before" "$after" 1)
    [ "$1" = rocksdb ] && sync=$(per_insert_ms "$before" "$after" 3)
  fi
  echo "$ops $p50 $p99 $mean $sync"
}

begin_run insert-latency
copy_jars
start_tabula rocks --admin-port 0
rocks_url=$tabula_url rocks_admin=$tabula_admin
start_tabula memory --in-memory --admin-port 0
memory_url=$tabula_url memory_admin=$tabula_admin
java -cp "$work/benchmarks.jar" dev.tabula.bench.baseline.MinimalNettyServer --host 127.0.0.1 \
  --port 0 > "$out/netty.log" 2>&1 &
netty_pid=$!
pids+=("$netty_pid")
netty_url="$(await_line "$netty_pid" "$out/netty.log" 60 \
  'Minimal Netty server listening on http://127\.0\.0\.1:[0-9]+' |
  grep -oE 'http://127\.0\.0\.1:[0-9]+')/devstoreaccount1"
echo "# one client; $rounds rounds of $seconds s (2 s warm-up) per participant, order rotated"
echo "# cores $(nproc), load average at start $(cut -d' ' -f1-3 /proc/loadavg)"
results="$out/results.tsv"
participants=(netty synced memory rocksdb)
# An unmeasured pass first: every JVM's compiler warms before round 1.
round=0
for name in memory rocksdb; do measure "$name" > /dev/null; done
for round in $(seq 1 "$rounds"); do
  for i in 0 1 2 3; do
    name=${participants[$(((i + round) % 4))]}
    printf '%s\t%s\t%s\n' "$round" "$name" "$(measure "$name" | tr ' ' '\t')" >> "$results"
  done
done
echo "# load average at the end $(cut -d' ' -f1-3 /proc/loadavg)"
echo
awk -F'\t' -v rounds="$rounds" -f "$root/bench/lib/insert-latency.awk" "$results" |
  tee "$out/summary.txt"
