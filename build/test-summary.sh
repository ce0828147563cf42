#!/usr/bin/env bash
# Adds up the Surefire reports of every module into one closing line: "N passed, N failed".
cd "$(dirname "$0")/.."
tests=0; failed=0; skipped=0
for f in */target/surefire-reports/TEST-*.xml; do
  [ -f "$f" ] || continue
  head=$(grep -m1 '<testsuite' "$f")
  t=$(sed -n 's/.* tests="\([0-9]*\)".*/\1/p' <<<"$head")
  e=$(sed -n 's/.* errors="\([0-9]*\)".*/\1/p' <<<"$head")
  x=$(sed -n 's/.* failures="\([0-9]*\)".*/\1/p' <<<"$head")
  s=$(sed -n 's/.* skipped="\([0-9]*\)".*/\1/p' <<<"$head")
  tests=$((tests + ${t:-0})); failed=$((failed + ${e:-0} + ${x:-0})); skipped=$((skipped + ${s:-0}))
done
echo "$((tests - failed - skipped)) passed, $failed failed, $skipped skipped"
