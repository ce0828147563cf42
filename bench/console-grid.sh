#!/usr/bin/env bash
# The console's entity grid on a large table (issue 23): it reads one page ($top = 100) at a time
# with the service's continuation tokens, so a table of a million entities should open as fast as
# one of ten, and the page's memory should not grow with the table.
#
# Starts Tabula (tabula-server/target/tabula.jar, copied; RocksDB in a temp dir, the data and admin
# listeners on random loopback ports, default JVM flags), writes a JSON Lines file of N entities
# (1,000 to a partition, about 130 bytes of JSON each) and loads it with `tabula import` (timed,
# JVM start included), and a table of 10 entities the same way. Then, RUNS times, for each table in turn, a
# fresh headless Chromium (bench/lib/console-grid.mjs) times: the console page's load, the first
# page of the grid (clicking the table until "Page 1: entities 1–100" shows), 5 Next (the large
# table only), and reads the page's JS heap. Prints each run, then min/median/max of each figure
# (Next: over every click). Builds nothing: build the jar first
# (mvn -B -DskipTests package -pl tabula-server -am); playwright-core comes from console-e2e/
# (npm ci there when absent) and Chromium is Debian's (/usr/bin/chromium). Every process it starts
# is stopped by PID on exit and its temp dir removed; every step is bounded in time.
#
# Usage: bench/console-grid.sh [--entities N] [--runs R]
#   --entities N  entities of the large table (default 1000000)
#   --runs R      runs of each table, each with a fresh browser (default 3)
# Env: BENCH_OUT=DIR (default bench/results/console-grid-<UTC time>), STEP_TIMEOUT (seconds a step
#      may take, default 900), TABULA_JAVA_OPTS (the server's JVM flags), CHROMIUM.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
# shellcheck source=lib/processes.sh
. "$root/bench/lib/processes.sh"
entities=1000000
runs=3
while [ $# -gt 0 ]; do
  case "$1" in
    --entities) entities="$2"; shift 2 ;;
    --runs) runs="$2"; shift 2 ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "unknown option: $1 (see --help)" >&2; exit 2 ;;
  esac
done
case "$entities$runs" in *[!0-9]*) echo "--entities and --runs are whole numbers" >&2; exit 2 ;; esac
[ "$entities" -ge 1 ] && [ "$runs" -ge 1 ] || { echo "--entities and --runs are at least 1" >&2; exit 2; }
step="${STEP_TIMEOUT:-900}"
key="Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw=="
[ -f "$tabula_jar" ] || { echo "no $tabula_jar: build it first (mvn -B -DskipTests package -pl tabula-server -am)" >&2; exit 1; }
[ -x "${CHROMIUM:-/usr/bin/chromium}" ] || { echo "no Chromium at ${CHROMIUM:-/usr/bin/chromium} (apt-get install chromium)" >&2; exit 1; }
if [ ! -f "$root/console-e2e/node_modules/playwright-core/index.mjs" ]; then
  (cd "$root/console-e2e" && timeout "$step" npm ci --no-audit --no-fund --loglevel=error) >&2
fi
begin_run console-grid
cp "$tabula_jar" "$work/tabula.jar"
now() { date +%s.%N; }

# 1. The server on loopback, with its admin listener (the console).
# shellcheck disable=SC2086
java ${TABULA_JAVA_OPTS:-} -jar "$work/tabula.jar" serve --host 127.0.0.1 --port 0 --admin-port 0 \
  --engine rocksdb --data-dir "$work/data" >"$out/tabula.log" 2>&1 &
pids+=($!)
tabula_pid=$!
listening="$(await_line "$tabula_pid" "$out/tabula.log" 60 'Tabula listening on http://127\.0\.0\.1:[0-9]+')"
endpoint="$(echo "$listening" | sed -E 's#.*(http://127\.0\.0\.1:[0-9]+).*#\1#')/devstoreaccount1"
console="$(await_line "$tabula_pid" "$out/tabula.log" 60 '^  console: http://' | sed -E 's#^  console: ([^ ]+)$#\1#')"
cs="DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey=$key;TableEndpoint=$endpoint;"
{
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "code: $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)$(git -C "$root" diff --quiet 2>/dev/null || echo ' + uncommitted changes')"
  echo "machine: $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GiB, $(uname -sr), load $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "java: $(java -version 2>&1 | head -1); node: $(node --version); $("${CHROMIUM:-/usr/bin/chromium}" --version 2>/dev/null || echo chromium)"
  echo "Tabula pid $tabula_pid, data $endpoint, console $console; $entities entities, $runs runs"
} | tee "$out/servers.txt"

# 2. The tables: N entities and 10, each from a JSON Lines file through `tabula import`, run as
# bin/tabula runs the data commands (C1 alone, the serial collector).
large="Grid$entities"
small="Grid10"
write_file() {
  timeout "$step" node -e '
    const { createWriteStream } = require("node:fs");
    const n = Number(process.argv[1]);
    const out = createWriteStream(process.argv[2]);
    let i = 0;
    (function more() {
      while (i < n) {
        let chunk = "";
        for (; i < n && chunk.length < 1 << 20; i++) {
          chunk += JSON.stringify({ PartitionKey: `p${String(Math.floor(i / 1000)).padStart(4, "0")}`,
            RowKey: String(i).padStart(7, "0"), Name: `entity ${i}`, Count: i % 100000,
            "Big@odata.type": "Edm.Int64", Big: String(1e12 + i) }) + "\n";
        }
        if (!out.write(chunk)) { out.once("drain", more); return; }
      }
      out.end();
    })();' "$1" "$2"
}
import_table() {
  local t0 t1
  t0=$(now)
  timeout "$step" java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -jar "$work/tabula.jar" import -c "$cs" \
    --table "$1" --input "$2" --progress lines 2>>"$out/import.log"
  t1=$(now)
  awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }'
}
write_file "$entities" "$work/large.jsonl"
write_file 10 "$work/small.jsonl"
echo "file: $(wc -c <"$work/large.jsonl") bytes for $entities entities" | tee -a "$out/servers.txt"
import_seconds=$(import_table "$large" "$work/large.jsonl")
import_table "$small" "$work/small.jsonl" >/dev/null
echo "import of $entities entities: ${import_seconds} s (tabula import, JVM start included)" | tee -a "$out/servers.txt"

# 3. The runs: each table in turn, a fresh browser each time.
printf 'run\ttable\tload_ms\tfirst_page_ms\tnext_ms\theap_bytes\n' >"$out/runs.tsv"
for r in $(seq 1 "$runs"); do
  for t in "$large" "$small"; do
    n=$entities; [ "$t" = "$small" ] && n=10
    line=$(CONSOLE="$console" TABLE="$t" ENTITIES="$n" SCREENSHOT="$out/$t-run$r.png" \
      timeout "$step" node "$root/bench/lib/console-grid.mjs")
    echo "$line" | node -e '
      const [run, table] = process.argv.slice(1);
      const m = JSON.parse(require("node:fs").readFileSync(0, "utf8"));
      console.log([run, table, m.loadMs.toFixed(0), m.firstPageMs.toFixed(0),
        m.nextMs.map((x) => x.toFixed(0)).join(",") || "-", m.heapBytes].join("\t"));' "$r" "$t" |
      tee -a "$out/runs.tsv"
  done
done

# 4. Min/median/max of each figure, per table.
spread() { sort -g | awk '{ v[NR] = $1 } END { m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; printf "median %.0f (%.0f–%.0f)", m, v[1], v[NR] }'; }
mib() { sort -g | awk '{ v[NR] = $1 / 1048576 } END { m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; printf "median %.1f MiB (%.1f–%.1f)", m, v[1], v[NR] }'; }
rows() { awk -F'\t' -v t="$1" 'NR > 1 && $2 == t' "$out/runs.tsv"; }
{
  for t in "$large" "$small"; do
    echo "$t, $runs runs:"
    echo "  page load ms:  $(rows "$t" | cut -f3 | spread)"
    echo "  first page ms: $(rows "$t" | cut -f4 | spread)"
    if [ "$t" = "$large" ] && [ -n "$(rows "$t" | cut -f5 | grep -v '^-$' || true)" ]; then
      echo "  Next ms:       $(rows "$t" | cut -f5 | tr ',' '\n' | spread)"
    fi
    echo "  JS heap:       $(rows "$t" | cut -f6 | mib)"
  done
  echo "import of $entities entities: ${import_seconds} s"
} | tee "$out/summary.txt"
ps -o pid=,rss=,comm= -p "$tabula_pid" | awk '{ printf "server pid %s: %.0f MiB resident\n", $1, $2 / 1024 }' |
  tee -a "$out/servers.txt"
echo "Output kept in $out" >&2
