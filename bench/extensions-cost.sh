#!/usr/bin/env bash
# What Tabula's per-table extensions cost the write path (issue 24): the same write workloads against
# one RocksDB server, on tables without settings ("none"), with a time-to-live default ("ttl") and
# with a change feed ("feed") and with a secondary index on Quantity ("index"), interleaved mode by mode for several rounds, and the median of each.
# Every run writes to a fresh table (the load client's scratch table, given the mode's settings).
#
# Usage: bench/extensions-cost.sh [ROUNDS]     (default 3 rounds of 10 s runs after 3 s of warm-up)
# Env: MODES (default "none ttl feed index"), WORKLOADS (default "insert:1 insert:16 batch:4", name:clients),
#      SECONDS_PER_RUN, WARMUP, SKIP_BUILD=1 to reuse target/tabula.jar and target/benchmarks.jar,
#      TABULA_JAVA_OPTS, BENCH_OUT (default bench/results/extensions-cost-<UTC time>: the server's log
#      and the results). Loopback only; the server is stopped by its PID; each run is bounded in time.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
# shellcheck source=lib/processes.sh
. "$root/bench/lib/processes.sh"
rounds=${1:-3}
modes=${MODES:-none ttl feed index}
workloads=${WORKLOADS:-insert:1 insert:16 batch:4}
seconds=${SECONDS_PER_RUN:-10}
warmup=${WARMUP:-3}

settings_of() {
  case $1 in
    none) echo "" ;;
    ttl) echo '{"timeToLive": 86400}' ;;
    feed) echo '{"changeFeed": {"retentionSeconds": 86400}}' ;;
    index) echo '{"indexes": [{"name": "byQuantity", "property": "Quantity"}]}' ;;
    *) echo "unknown mode $1" >&2; exit 2 ;;
  esac
}

begin_run extensions-cost
copy_jars
start_tabula tabula
echo "# Tabula on RocksDB, $tabula_url; $rounds rounds; $seconds s runs after $warmup s warm-up"
echo "# cores $(nproc), load average at start $(cut -d' ' -f1-3 /proc/loadavg)"
results="$out/results.tsv"
for round in $(seq 1 "$rounds"); do
  for spec in $workloads; do
    workload=${spec%%:*} clients=${spec##*:}
    for mode in $modes; do
      settings=$(settings_of "$mode")
      args=(--endpoint "$tabula_url" --workload "$workload"
            --concurrency "$clients" --duration "$seconds" --warmup "$warmup")
      [ -n "$settings" ] && args+=(--table-settings "$settings")
      line=$(timeout $((seconds + warmup + 120)) java -cp "$work/benchmarks.jar" dev.tabula.bench.load.LoadMain \
        "${args[@]}" | tail -1)
      echo "round $round  $mode  $line"
      case $line in *ERROR*) echo "a run failed: $line" >&2; exit 1 ;; esac
      ops=$(grep -oE 'ops/s=[0-9.]+' <<< "$line" | cut -d= -f2)
      p50=$(grep -oE 'p50 ms=[0-9.]+' <<< "$line" | cut -d= -f2)
      printf '%s\t%s\t%s\t%s\n' "$workload c=$clients" "$mode" "$ops" "$p50" >> "$results"
    done
  done
done
echo
echo "# medians (ratio = mode / none)"
printf '%-14s %-5s %10s %8s %9s\n' workload mode "ops/s" "p50 ms" "ops ratio"
for spec in $workloads; do
  name="${spec%%:*} c=${spec##*:}"
  base=
  for mode in $modes; do
    read -r ops p50 < <(awk -F'\t' -v w="$name" -v m="$mode" '$1 == w && $2 == m {print $3, $4}' "$results" |
      sort -n | awk '{o[NR]=$1; p[NR]=$2} END {n=NR; if (n == 0) exit; print o[int((n+1)/2)], p[int((n+1)/2)]}')
    [ "$mode" = none ] && base=$ops
    ratio=$( [ -n "$base" ] && awk -v a="$ops" -v b="$base" 'BEGIN {printf "%.2f", a / b}' || echo "-")
    printf '%-14s %-5s %10s %8s %9s\n' "$name" "$mode" "$ops" "$p50" "$ratio"
  done
done
