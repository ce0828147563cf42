#!/usr/bin/env bash
# Issue 3's end-to-end query benchmark, Tabula against Azurite in the same run: now a thin wrapper
# over bench/compare.sh that runs only the partition-query and filtered-scan workloads over one
# 100,000-entity table of 1,000-row partitions (as the issue-3 run did), 3 interleaved rounds.
#
# Usage: bench/query-vs-azurite.sh [Comparison options, e.g. --rounds 5 --seconds 20]
# Env:   as bench/compare.sh (SKIP_BUILD=1, BENCH_OUT=DIR, ...).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
export BENCH_OUT="${BENCH_OUT:-$here/results/query-vs-azurite-$(date -u +%Y%m%dT%H%M%SZ)}"
exec "$here/compare.sh" --workloads partition-query,scan --read-entities 100000 --scan-entities 100000 \
  --rows-per-partition 1000 --seconds 20 "$@"
