#!/usr/bin/env bash
# The change feed's lag under the insert workload (issue 24): a fresh RocksDB server, then
# dev.tabula.bench.feed.FeedLagMain with 1 and with 16 inserting clients while one reader long-polls the
# feed; each prints inserts/s, the lag (read time minus commit time) at p50/p90/p99/max, and whether every
# acknowledged insert was read exactly once (exit 1 otherwise).
# Usage: bench/feed-lag.sh [SECONDS]   (default 10 s of inserts per run)
# Env: SKIP_BUILD=1 to reuse target/tabula.jar and target/benchmarks.jar; TABULA_JAVA_OPTS; BENCH_OUT
#      (default bench/results/feed-lag-<UTC time>: the server's log). Loopback only; the server is
#      stopped by its PID; each run is bounded in time.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
# shellcheck source=lib/processes.sh
. "$root/bench/lib/processes.sh"
seconds=${1:-10}
begin_run feed-lag
copy_jars
start_tabula tabula
echo "# cores $(nproc), load average at start $(cut -d' ' -f1-3 /proc/loadavg)"
for writers in 1 16; do
  timeout $((seconds + 120)) java -cp "$work/benchmarks.jar" dev.tabula.bench.feed.FeedLagMain \
    --endpoint "$tabula_url" --writers "$writers" --duration "$seconds"
done
