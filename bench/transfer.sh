#!/usr/bin/env bash
# How fast data moves in and out of Tabula (issue 21), on loopback:
#   (a) the load client's `$batch` workload (dev.tabula.bench.load.LoadMain --workload batch) at
#       concurrency C against Tabula -> entities/s;
#   (b) `tabula import --concurrency C` of a JSON Lines file holding the same entities (the batch
#       workload's shape, about 1 KiB each, and its keys, 100 to a partition: written by
#       dev.tabula.bench.load.BatchEntitiesFile) into a fresh table -> entities/s; and b/a, which
#       issue 21 wants at 0.8 or more. (b) is the whole command's rate, JVM start included; (b')
#       is its rate after its first progress line (about 5 s in), leaving out the start and warm-up
#       as the load client leaves out its own (its --warmup, 2 s, and its JVM start);
#   (c) `tabula copy` of an Azurite table (seeded by `tabula import` with N entities of that shape)
#       into Tabula -> entities/s, beside Azurite's own read rate: `tabula export` of that table
#       to standard output (thrown away), the same reads without the writes. A copy bound by Azurite's reads runs at
#       about the export's rate.
# Tabula: the shaded jar, RocksDB engine in a temp dir, a random loopback port, default JVM flags.
# Azurite: the pinned version (build/azurite/install.sh), default disk persistence in a temp dir.
# Each measure runs ROUNDS times (interleaved) and the medians are printed; (b) and (c) are the
# commands' wall time, JVM start included (printed too: `tabula --version`'s wall time). Every
# process this script starts is stopped by PID on exit; every step is bounded in time.
#
# Usage: bench/transfer.sh
# Env: ROUNDS (default 3), CONCURRENCY (8), SECONDS_A (batch workload's measured seconds, 20),
#      ENTITIES (import file, 1000000), AZURITE_ENTITIES (50000), SKIP_BUILD=1 to reuse the jars in
#      target/, BENCH_OUT=DIR (default bench/results/transfer-<UTC time>), STEP_TIMEOUT (seconds a
#      step may take, 900), TABULA_JAVA_OPTS, AZURITE_ARGS (e.g. --inMemoryPersistence).
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
# shellcheck source=lib/processes.sh
. "$root/bench/lib/processes.sh"
case "${1:-}" in
  -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0 ;;
esac
rounds="${ROUNDS:-3}"
concurrency="${CONCURRENCY:-8}"
seconds_a="${SECONDS_A:-20}"
entities="${ENTITIES:-1000000}"
azurite_entities="${AZURITE_ENTITIES:-50000}"
step="${STEP_TIMEOUT:-900}"
key="Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw=="
begin_run transfer

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
now() { date +%s.%N; }
rate() { awk -v n="$1" -v a="$2" -v b="$3" 'BEGIN { printf "%.0f", n / (b - a) }'; }
# An import's rate after its first progress line ("import T: ... 5 s (139,800 written, ...)"):
# the entities written after it over the seconds after it, to the summary's total and seconds.
after_first_line() {
  awk -v t="$2" '
    index($0, "import " t ": ") == 1 && first == "" {
      match($0, /, [0-9.]+ s \(/); s1 = substr($0, RSTART + 2, RLENGTH - 5) + 0
      match($0, /\([0-9,]+ written/); w1 = substr($0, RSTART + 1, RLENGTH - 9); gsub(",", "", w1); w1 += 0
      first = 1
    }
    index($0, "import into " t ": ") == 1 {
      match($0, /: [0-9,]+ entities written/); n = substr($0, RSTART + 2, RLENGTH - 19); gsub(",", "", n); n += 0
      match($0, /, [0-9.]+ s, /); s = substr($0, RSTART + 2, RLENGTH - 6) + 0
    }
    END { if (first == "" || s <= s1) print "NaN"; else printf "%.0f\n", (n - w1) / (s - s1) }
  ' "$1"
}
# The data commands as bin/tabula (tabula-dist) runs them: C1 alone, the serial collector.
tabula() { timeout "$step" java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -jar "$work/tabula.jar" "$@"; }

# 1. Azurite at the pinned version; the jars.
"$root/build/azurite/install.sh" >&2
copy_jars

# 2. The servers on loopback, each in its own temp dir.
# shellcheck disable=SC2086
java ${TABULA_JAVA_OPTS:-} -jar "$work/tabula.jar" serve --host 127.0.0.1 --port 0 --engine rocksdb \
  --data-dir "$work/tabula-data" >"$out/tabula.log" 2>&1 &
pids+=($!)
tabula_pid=$!
azurite_port="$(free_port)"
mkdir -p "$work/azurite-data"
azurite_location=(--location "$work/azurite-data")
case " ${AZURITE_ARGS:-} " in *" --inMemoryPersistence "*) azurite_location=() ;; esac
# shellcheck disable=SC2086
"$root/bench/azurite/node_modules/.bin/azurite-table" --tableHost 127.0.0.1 --tablePort "$azurite_port" \
  "${azurite_location[@]}" --silent --disableTelemetry ${AZURITE_ARGS:-} >"$out/azurite.log" 2>&1 &
pids+=($!)
azurite_pid=$!
listening="$(await_line "$tabula_pid" "$out/tabula.log" 60 'Tabula listening on http://127\.0\.0\.1:[0-9]+')"
tabula_port="$(echo "$listening" | sed -E 's#.*127\.0\.0\.1:([0-9]+).*#\1#')"
await_line "$azurite_pid" "$out/azurite.log" 60 'successfully started' >/dev/null
tabula_endpoint="http://127.0.0.1:$tabula_port/devstoreaccount1"
tabula_cs="DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey=$key;TableEndpoint=$tabula_endpoint;"
azurite_cs="DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey=$key;TableEndpoint=http://127.0.0.1:$azurite_port/devstoreaccount1;"
{
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "code: $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)$(git -C "$root" diff --quiet 2>/dev/null || echo ' + uncommitted changes')"
  echo "machine: $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GiB, $(uname -sr), load $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "java: $(java -version 2>&1 | head -1); node: $(node --version)"
  echo "Tabula pid $tabula_pid on 127.0.0.1:$tabula_port; Azurite pid $azurite_pid on 127.0.0.1:$azurite_port"
  echo "rounds $rounds, concurrency $concurrency, batch workload ${seconds_a}s, import $entities entities, Azurite $azurite_entities"
} | tee "$out/servers.txt"

# 3. The files: the batch workload's entities as JSON Lines; Azurite's table seeded from its head.
timeout "$step" java -cp "$work/benchmarks.jar" dev.tabula.bench.load.BatchEntitiesFile \
  --entities "$entities" --output "$work/entities.jsonl"
head -n "$azurite_entities" "$work/entities.jsonl" >"$work/azurite.jsonl"
tabula import -c "$azurite_cs" --table source --input "$work/azurite.jsonl" \
  --concurrency "$concurrency" 2>"$out/azurite-seed.log"
t0=$(now); tabula --version >/dev/null; t1=$(now)
jvm_start=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }')

# 4. A warm-up, not recorded: the batch workload once, so that round 1's (a) does not meet a server
# still compiling its hot paths while every later measure meets a warm one.
timeout "$step" java -cp "$work/benchmarks.jar" dev.tabula.bench.load.LoadMain \
  --endpoint "$tabula_endpoint" --workload batch --concurrency "$concurrency" \
  --duration "$seconds_a" >"$out/warmup.log" 2>&1

# 5. The rounds, interleaved.
printf 'round\tbatch_workload\timport\timport_after_5s\tazurite_export\tcopy_from_azurite\n' >"$out/results.tsv"
for r in $(seq 1 "$rounds"); do
  batch=$(timeout "$step" java -cp "$work/benchmarks.jar" dev.tabula.bench.load.LoadMain \
    --endpoint "$tabula_endpoint" --workload batch --concurrency "$concurrency" \
    --duration "$seconds_a" | tee -a "$out/batch.log" | sed -nE 's#.* entities/s=([0-9.]+).*#\1#p' | head -1)
  t0=$(now)
  tabula import -c "$tabula_cs" --table "import$r" --input "$work/entities.jsonl" \
    --concurrency "$concurrency" --progress lines 2>"$out/import-$r.log"
  t1=$(now)
  cat "$out/import-$r.log" >>"$out/import.log"
  import=$(rate "$entities" "$t0" "$t1")
  import_steady=$(after_first_line "$out/import-$r.log" "import$r")
  t0=$(now)
  tabula export -c "$azurite_cs" --table source --output - >/dev/null 2>>"$out/export.log"
  t1=$(now)
  export_rate=$(rate "$azurite_entities" "$t0" "$t1")
  t0=$(now)
  tabula copy --from "$azurite_cs" --to "$tabula_cs" --table source --to-table "copy$r" \
    --concurrency "$concurrency" 2>>"$out/copy.log"
  t1=$(now)
  copy=$(rate "$azurite_entities" "$t0" "$t1")
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$r" "$batch" "$import" "$import_steady" "$export_rate" "$copy" |
    tee -a "$out/results.tsv"
done

# 6. Medians and ratios.
col() { tail -n +2 "$out/results.tsv" | cut -f"$1" | median; }
a=$(col 2); b=$(col 3); bs=$(col 4); e=$(col 5); c=$(col 6)
{
  echo "JVM start (tabula --version): ${jvm_start}s, included in the import, export and copy times"
  printf '(a) load client $batch, %s clients: %.0f entities/s\n' "$concurrency" "$a"
  printf '(b) tabula import --concurrency %s: %.0f entities/s; b/a = %.2f (issue 21: >= 0.8, %s)\n' \
    "$concurrency" "$b" "$(awk -v a="$a" -v b="$b" 'BEGIN { print b / a }')" \
    "$(awk -v a="$a" -v b="$b" 'BEGIN { print (b / a >= 0.8) ? "met" : "not met" }')"
  printf "(b') the same after its first progress line (about 5 s): %.0f entities/s; b'/a = %.2f\n" \
    "$bs" "$(awk -v a="$a" -v b="$bs" 'BEGIN { print b / a }')"
  printf '(c) Azurite read (tabula export --output - >/dev/null): %.0f entities/s; tabula copy from Azurite: %.0f entities/s; copy/read = %.2f\n' \
    "$e" "$c" "$(awk -v e="$e" -v c="$c" 'BEGIN { print c / e }')"
} | tee "$out/summary.txt"
for pid in "$tabula_pid" "$azurite_pid"; do
  ps -o pid=,rss=,comm= -p "$pid" || echo "$pid is no longer running"
done | tee -a "$out/servers.txt"
echo "Output kept in $out" >&2
