#!/usr/bin/env bash
# Adds up the Surefire reports of every module into one closing line: "N passed, N failed".
# Counts the <testcase> elements and the <failure>, <error> and <skipped> in them rather than the
# <testsuite> totals: Surefire writes those as 0 for a parameterized class (each conformance
# contract runs once per engine as a @ParameterizedClass), though it lists every run's cases.
cd "$(dirname "$0")/.."
tests=0; failed=0; skipped=0
for f in */target/surefire-reports/TEST-*.xml; do
  [ -f "$f" ] || continue
  # Anchored at Surefire's indentation, so text a test printed (CDATA) never counts.
  tests=$((tests + $(grep -c '^  <testcase ' "$f")))
  failed=$((failed + $(grep -cE '^    <(failure|error)[ >]' "$f")))
  skipped=$((skipped + $(grep -cE '^    <skipped[ />]' "$f")))
done
echo "$((tests - failed - skipped)) passed, $failed failed, $skipped skipped"
