#!/usr/bin/env bash
# Issue 25's cold start: how soon a freshly launched server answers and reaches its warm insert
# rate. Each variant is launched fresh (new data folder, free loopback port) by ColdStartMain, which
# warms its own client first, then records the insert rate at 16 clients in 1-s windows from the
# launch for 30 s of load (docs/performance.md, "Cold start"). Variants, interleaved over the rounds:
#   t17, t25          bin/tabula serve on Java 17 / 25 without a class archive (TABULA_CLASS_ARCHIVE=off)
#   t17-archive       bin/tabula serve on Java 17 with its CDS archive (made by a training launch first)
#   t25-cds, t25-aot  bin/tabula serve on Java 25 with its CDS archive (the default) / its AOT cache
#   azurite           the pinned Azurite (bench/azurite), disk persistence in a fresh folder
# Then ANSWERS (default 10) launches of each, interleaved, timing only the first answer.
# Usage: bench/cold-start.sh [rounds (default 3)], or --summary DIR. VARIANTS="t17 azurite" picks some; JAVA17_HOME and
# JAVA25_HOME name the JDKs (a variant whose JDK is missing is skipped); SKIP_BUILD=1 uses the jars
# as built. Writes bench/results/cold-start-<UTC time>/: one file per run, training.txt and
# summary.txt (medians over the rounds); COLD_START_ARGS adds ColdStartMain options (--seconds 12). Bounded: each run 180 s, the whole script BENCH_TIMEOUT
# (default 3600 s).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"

# Medians over the rounds: first answer, warm rate, second reaching 80%, and each 1-s window.
median() { sort -n | awk '{a[NR]=$1} END {if (NR==0) print "-"; else if (NR%2) print a[(NR+1)/2]; else printf "%g\n", (a[NR/2]+a[NR/2+1])/2}'; }
field() { sed -n "s/.* $1=\([^ ]*\).*/\1/p"; }
# Writes DIR/summary.txt from the runs in DIR ($1) of the variants named after it.
summarize() {
  local out="$1" kept=("${@:2}") v lines windows answers i
{
  echo "variant first_answer_ms warm_ops_s reached_80_s load_avg(1m) | median ops/s per 1-s window since launch (0..)"
  for v in "${kept[@]}"; do
    lines="$(cat "$out/$v"-[0-9]*.txt 2>/dev/null | grep "^summary $v " || true)"
    [ -n "$lines" ] || { echo "$v: no run"; continue; }
    windows=""
    for i in $(seq 1 30); do
      windows+=" $(echo "$lines" | field rates | cut -d, -f"$i" | sed "/^$/d" | median)"
    done
    echo "$v $(echo "$lines" | field first_answer_ms | median) $(echo "$lines" | field warm_ops | median)" \
      "$(echo "$lines" | field reached_80_s | median) $(echo "$lines" | field loadavg | cut -d/ -f1 | sort -n | tr '\n' ' ')|$windows"
  done
  echo
  echo "variant first_answer_ms(median of the answer-only launches) launches load_avg(1m, median)"
  for v in "${kept[@]}"; do
    answers="$(cat "$out/answer-$v"-*.txt 2>/dev/null | grep "^answer $v " || true)"
    [ -n "$answers" ] || continue
    echo "$v $(echo "$answers" | field first_answer_ms | median) $(echo "$answers" | wc -l)" \
      "$(echo "$answers" | field loadavg | cut -d/ -f1 | median)"
  done
} | tee "$out/summary.txt"
}

# bench/cold-start.sh --summary DIR: the summary of an earlier run's folder again.
if [ "${1:-}" = --summary ]; then
  summarize "$2" t17 t17-archive t25 t25-cds t25-aot azurite
  exit 0
fi
rounds="${1:-3}"
# shellcheck source=bench/lib/processes.sh
. "$root/bench/lib/processes.sh"
begin_run cold-start
copy_jars
"$root/build/azurite/install.sh" >&2
azurite_bin="$root/bench/azurite/node_modules/.bin/azurite-table"
java17="${JAVA17_HOME:-/usr/lib/jvm/java-17-openjdk-amd64}"
java25="${JAVA25_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}"
variants=(${VARIANTS:-t17 t17-archive t25 t25-cds t25-aot azurite})
end=$(( $(date +%s) + ${BENCH_TIMEOUT:-3600} ))

# A release laid out as bin/tabula expects, around the copied jar.
mkdir -p "$work/dist/bin" "$work/dist/lib" "$work/cache"
cp "$root/tabula-dist/src/bin/tabula" "$work/dist/bin/tabula"
cp "$root/tabula-dist/src/lib/class-archive.sh" "$root/tabula-dist/src/lib/java-release.sh" "$work/dist/lib/"
ln -s "$work/tabula.jar" "$work/dist/lib/tabula.jar"

# The server command of variant $1, as words (ColdStartMain fills in {port} and {data}). A variant
# BASE+KEY is BASE with the one JVM option OPTS_VARIANTS gives KEY ("KEY=OPTION;KEY=OPTION..."), in
# JAVA_OPTS: e.g. VARIANTS="t17-archive t17-archive+cts" OPTS_VARIANTS="cts=-XX:CompileThresholdScaling=0.25".
command_of() {
  local serve=("$work/dist/bin/tabula" serve --host 127.0.0.1 --port '{port}' --data-dir '{data}')
  if [[ "$1" == *+* ]]; then
    local key="${1#*+}" option
    option="$(tr ';' '\n' <<<"${OPTS_VARIANTS:-}" | sed -n "s/^$key=//p" | head -1)"
    [ -n "$option" ] || { echo "no option for $key in OPTS_VARIANTS" >&2; return 1; }
    echo env JAVA_OPTS="$option" "$(command_of "${1%%+*}")"
    return
  fi
  case "$1" in
    t17) echo env JAVA_HOME="$java17" TABULA_CLASS_ARCHIVE=off "${serve[@]}" ;;
    t17-archive) echo env JAVA_HOME="$java17" TABULA_CACHE_DIR="$work/cache" "${serve[@]}" ;;
    t25) echo env JAVA_HOME="$java25" TABULA_CLASS_ARCHIVE=off "${serve[@]}" ;;
    t25-cds) echo env JAVA_HOME="$java25" TABULA_CACHE_DIR="$work/cache" "${serve[@]}" ;;
    t25-aot) echo env JAVA_HOME="$java25" TABULA_CACHE_DIR="$work/cache" TABULA_CLASS_ARCHIVE=aot "${serve[@]}" ;;
    azurite) echo "$azurite_bin" --tableHost 127.0.0.1 --tablePort '{port}' --location '{data}' --silent --disableTelemetry ;;
    *) echo "unknown variant $1" >&2; return 1 ;;
  esac
}

runnable() {
  case "$1" in
    t17*) [ -x "$java17/bin/java" ] ;;
    t25*) [ -x "$java25/bin/java" ] ;;
    *) true ;;
  esac
}

# Runs variant $1 once; $2 the output file, then ColdStartMain's options.
measure() {
  local variant="$1" file="$2" left
  shift 2
  left=$(( end - $(date +%s) ))
  [ "$left" -gt 0 ] || { echo "out of time (BENCH_TIMEOUT)" >&2; return 1; }
  # shellcheck disable=SC2046
  timeout "$(( left < 180 ? left : 180 ))" java -Xmx512m -cp "$work/benchmarks.jar" \
    dev.tabula.bench.coldstart.ColdStartMain --label "$variant" --log "$file.server.log" ${COLD_START_ARGS:-} "$@" \
    -- $(command_of "$variant") >"$file" 2>/dev/null || echo "error $variant: exit $? (see $file)" >>"$file"
  grep -E '^(summary|answer|error)' "$file" >&2 || true
}

kept=()
for v in "${variants[@]}"; do
  if runnable "$v"; then kept+=("$v"); else echo "skipping $v: no JDK" >&2; fi
done
{
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "code: $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)"
  echo "machine: $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GiB, $(uname -sr)"
  echo "java 17: $("$java17/bin/java" -version 2>&1 | sed -n 2p); java 25: $("$java25/bin/java" -version 2>&1 | sed -n 2p)"
  echo "azurite: $(node -p "require('$root/bench/azurite/package.json').dependencies.azurite"); node $(node --version)"
} | tee "$out/machine.txt" >&2

# The training launches: the archive variants' first serve, which makes the archive when it stops.
for v in "${kept[@]}"; do
  case "$v" in
    *-archive | *-cds | *-aot) measure "$v" "$out/training-$v.txt" --seconds 12 --client-warmup 1 ;;
  esac
done
ls -l "$work/cache" > "$out/archives.txt"

for round in $(seq 1 "$rounds"); do
  for v in "${kept[@]}"; do
    measure "$v" "$out/$v-$round.txt"
  done
done

# The first answer alone, more often: ANSWERS launches of each variant, interleaved, no load.
for n in $(seq 1 "${ANSWERS:-10}"); do
  for v in "${kept[@]}"; do
    measure "$v" "$out/answer-$v-$n.txt" --answer-only --client-warmup 1
  done
done

summarize "$out" "${kept[@]}"
echo "Output kept in $out" >&2
