#!/usr/bin/env bash
# The change feed's lag under the insert workload (issue 24): a fresh RocksDB server, then
# dev.tabula.bench.feed.FeedLagMain with 1 and with 16 inserting clients while one reader long-polls the
# feed; each prints inserts/s, the lag (read time minus commit time) at p50/p90/p99/max, and whether every
# acknowledged insert was read exactly once (exit 1 otherwise).
# Usage: bench/feed-lag.sh [SECONDS]   (default 10 s of inserts per run)
# Env: SKIP_BUILD=1 to reuse target/tabula.jar and target/benchmarks.jar. Loopback only; the server is
#      stopped by its PID; each run is bounded in time.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
seconds=${1:-10}
jar="$root/tabula-server/target/tabula.jar"
bench="$root/tabula-bench/target/benchmarks.jar"
if [ "${SKIP_BUILD:-0}" != 1 ]; then
  (cd "$root" && mvn -B -q -DskipTests -Dcheckstyle.skip -Dspotless.check.skip -Djacoco.skip=true \
    package -pl tabula-server,tabula-bench -am) >&2
fi
work=$(mktemp -d)
pid=
trap '[ -n "$pid" ] && kill "$pid" 2>/dev/null; [ -n "$pid" ] && wait "$pid" 2>/dev/null; rm -rf "$work"' EXIT
java -jar "$jar" serve --host 127.0.0.1 --port 0 --data-dir "$work/data" > "$work/server.log" 2>&1 &
pid=$!
port=
for _ in $(seq 1 120); do
  port=$(grep -oE '127\.0\.0\.1:[0-9]+' "$work/server.log" | head -1 | cut -d: -f2 || true)
  [ -n "$port" ] && break
  kill -0 "$pid" 2>/dev/null || { cat "$work/server.log" >&2; exit 1; }
  sleep 0.5
done
[ -n "$port" ] || { echo "server did not start" >&2; exit 1; }
echo "# cores $(nproc), load average at start $(cut -d' ' -f1-3 /proc/loadavg)"
for writers in 1 16; do
  timeout $((seconds + 120)) java -cp "$bench" dev.tabula.bench.feed.FeedLagMain \
    --endpoint "http://127.0.0.1:$port/devstoreaccount1" --writers "$writers" --duration "$seconds"
done
