#!/usr/bin/env bash
# A query on a non-key property through a secondary index against the same query scanning the table
# (issue 24): two tables of ENTITIES entities of about 1 KiB each (100 partitions; the load client's
# standard table), one given an index on Quantity; then `Quantity eq 7` (0.1% of the table, 1,000 of
# 1,000,000), each whole query followed to its last page and checked (every match once, in key order),
# one client, the two tables interleaved for several rounds; medians. Also prints how long the index
# took to build over the loaded table.
#
# Usage: bench/index-query.sh [ROUNDS]     (default 3 rounds of 20 s per table)
# Env: ENTITIES (default 1000000), SECONDS_PER_RUN (default 20), SKIP_BUILD=1 to reuse the built jars,
#      TABULA_JAVA_OPTS, BENCH_OUT (default bench/results/index-query-<UTC time>). Loopback only; the
#      server is stopped by its PID; each run is bounded in time. Needs about 2.5 GB of disk per million.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
# shellcheck source=lib/processes.sh
. "$root/bench/lib/processes.sh"
rounds=${1:-3}
entities=${ENTITIES:-1000000}
seconds=${SECONDS_PER_RUN:-20}
index='{"indexes": [{"name": "byQuantity", "property": "Quantity"}]}'

load() {
  # A short run of the query on a fresh table, which loads it first; the table is kept.
  timeout 3600 java -cp "$work/benchmarks.jar" dev.tabula.bench.load.LoadMain \
    --endpoint "$tabula_url" --workload quantity-query --entities "$entities" \
    --count 1 --duration 600 --warmup 0 --load-seconds 3000 --keep-table |
    tee -a "$out/load.log" | sed -n 's/^kept table //p'
}

query() {
  timeout $((seconds + 600)) java -cp "$work/benchmarks.jar" dev.tabula.bench.load.LoadMain \
    --endpoint "$tabula_url" --workload quantity-query --entities "$entities" --table "$1" \
    --concurrency 1 --duration "$seconds" --warmup 2 "${@:2}" | tail -1
}

begin_run index-query
copy_jars
start_tabula tabula
echo "# Tabula on RocksDB, $tabula_url; $entities entities a table; $rounds rounds of $seconds s"
echo "# cores $(nproc), load average at start $(cut -d' ' -f1-3 /proc/loadavg)"
plain=$(load)
indexed=$(load)
[ -n "$plain" ] && [ -n "$indexed" ] || { echo "loading failed; see $out/load.log" >&2; exit 1; }
timeout 3600 java -cp "$work/benchmarks.jar" dev.tabula.bench.load.LoadMain \
  --endpoint "$tabula_url" --workload quantity-query --entities "$entities" --table "$indexed" \
  --table-settings "$index" --load-seconds 3000 --count 1 --duration 600 --warmup 0 | head -1
results="$out/results.tsv"
for round in $(seq 1 "$rounds"); do
  for side in scan index; do
    table=$plain; [ "$side" = index ] && table=$indexed
    line=$(query "$table")
    echo "round $round  $side  $line"
    case $line in *ERROR*) echo "a run failed: $line" >&2; exit 1 ;; esac
    ops=$(grep -oE 'ops/s=[0-9.]+' <<< "$line" | cut -d= -f2)
    p50=$(grep -oE 'p50 ms=[0-9.]+' <<< "$line" | cut -d= -f2)
    printf '%s\t%s\t%s\n' "$side" "$ops" "$p50" >> "$results"
  done
done
echo
echo "# medians over the rounds (one query = every page of Quantity eq 7)"
printf '%-6s %12s %12s\n' plan "queries/s" "p50 ms"
for side in scan index; do
  awk -F'\t' -v s="$side" '$1 == s {print $2, $3}' "$results" | sort -n |
    awk -v s="$side" '{o[NR]=$1; p[NR]=$2} END {m=int((NR+1)/2); printf "%-6s %12s %12s\n", s, o[m], p[m]}'
done
