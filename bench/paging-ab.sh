#!/usr/bin/env bash
# One client paging partitions of 1,000 entities of ~1 KiB (a page of about 1 MiB of JSON a query),
# two server jars alternated, a fresh RocksDB server for each run (loopback, bounded in time).
# Usage: bench/paging-ab.sh BEFORE.jar AFTER.jar [ROUNDS]   (benchmarks jar: $BENCH_JAR or the built one)
set -euo pipefail
before=$1 after=$2 rounds=${3:-4}
bench=${BENCH_JAR:-$(dirname "$0")/../tabula-bench/target/benchmarks.jar}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for round in $(seq 1 "$rounds"); do
  for side in before after; do
    jar=$before; [ "$side" = after ] && jar=$after
    data="$work/data-$round-$side"
    java -jar "$jar" serve --host 127.0.0.1 --port 0 --data-dir "$data" > "$data.log" 2>&1 &
    pid=$!
    port=
    for _ in $(seq 1 120); do
      port=$(grep -oE '127\.0\.0\.1:[0-9]+' "$data.log" | head -1 | cut -d: -f2 || true)
      [ -n "$port" ] && break
      sleep 0.5
    done
    echo "== round $round $side (load average $(cut -d' ' -f1 /proc/loadavg))"
    timeout 180 java -cp "$bench" dev.tabula.bench.load.LoadMain \
      --endpoint "http://127.0.0.1:$port/devstoreaccount1" --workload partition-query \
      --concurrency 1 --entities 20000 --rows-per-partition 1000 --duration 20 --warmup 5 | tail -2
    kill "$pid"; wait "$pid" 2>/dev/null || true
  done
done
