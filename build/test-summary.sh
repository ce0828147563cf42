#!/usr/bin/env bash
# Adds up Surefire reports into one line: "N passed, N failed, N skipped".
#   build/test-summary.sh              every module's reports as they are now
#   build/test-summary.sh --keep NAME  sets aside the reports written since the last --keep (a CI
#                                      step's), under target/ci-reports/NAME
#   build/test-summary.sh --kept       one line a kept step, then the total over all of them
# Why keep: the Cassandra lanes run the same contract classes again (on the Cassandra engine only)
# and Surefire rewrites those classes' reports, so counting only what is left at the end would drop
# the first run's memory and RocksDB results. A Cassandra run skipped in the first step (no node)
# and run in a lane counts once as skipped and once as passed.
# Counts the <testcase> elements and the <failure>, <error> and <skipped> in them rather than the
# <testsuite> totals: Surefire writes those as 0 for a parameterized class (each conformance
# contract runs once per engine as a @ParameterizedClass), though it lists every run's cases.
set -euo pipefail
cd "$(dirname "$0")/.."
kept=target/ci-reports

count() { # the reports named on stdin -> "tests failed skipped"
  local tests=0 failed=0 skipped=0 f
  while IFS= read -r f; do
    [ -f "$f" ] || continue
    # Anchored at Surefire's indentation, so text a test printed (CDATA) never counts.
    tests=$((tests + $(grep -c '^  <testcase ' "$f" || true)))
    failed=$((failed + $(grep -cE '^    <(failure|error)[ >]' "$f" || true)))
    skipped=$((skipped + $(grep -cE '^    <skipped[ />]' "$f" || true)))
  done
  echo "$tests $failed $skipped"
}

line() { # "tests failed skipped" -> the summary line
  read -r tests failed skipped <<<"$1"
  echo "$((tests - failed - skipped)) passed, $failed failed, $skipped skipped"
}

case "${1:-}" in
  --keep)
    step="${2:?--keep needs a step name}"
    mkdir -p "$kept/$step"
    newer=()
    [ -f "$kept/.last" ] && newer=(-newer "$kept/.last")
    find . -path "./$kept" -prune -o -path '*/target/surefire-reports/TEST-*.xml' "${newer[@]}" \
        -print | while IFS= read -r f; do
      module="${f#./}"; module="${module%%/*}"
      mkdir -p "$kept/$step/$module"
      cp "$f" "$kept/$step/$module/"
    done
    touch "$kept/.last"
    ;;
  --kept)
    total_t=0; total_f=0; total_s=0
    for dir in "$kept"/*/; do
      [ -d "$dir" ] || continue
      counts=$(find "$dir" -name 'TEST-*.xml' | count)
      echo "$(basename "$dir"): $(line "$counts")"
      read -r t f s <<<"$counts"
      total_t=$((total_t + t)); total_f=$((total_f + f)); total_s=$((total_s + s))
    done
    line "$total_t $total_f $total_s"
    ;;
  "")
    line "$(ls -1 */target/surefire-reports/TEST-*.xml 2>/dev/null | count)"
    ;;
  *)
    echo "usage: $0 [--keep STEP | --kept]" >&2
    exit 2
    ;;
esac
