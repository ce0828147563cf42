#!/usr/bin/env bash
# Issue 18's large-answer soak: peak server memory under readers of pages of large entities, and
# under one client that pipelines requests and never reads. Loopback only, bounded in time.
#
#   bench/big-pages.sh [--entities 1000] [--readers 8] [--duration 300] [--pipeline-seconds 30]
#                      [--jar path/to/tabula.jar]
#
# Starts `tabula.jar serve` with default JVM flags on the RocksDB engine, loads --entities entities
# of about 0.47 MiB of JSON each into one partition (BigPagesMain load), then:
#   1. one connection pipelines point queries of one such entity and never reads, for
#      --pipeline-seconds seconds (BigPagesMain pipeline), while a reader pages through the table on
#      another connection;
#   2. --readers readers page through the whole table at once (BigPagesMain read: every page must be
#      valid JSON with ascending keys, every reader must get every entity once), for at most
#      --duration seconds.
# The pipelining phase runs first, as the JVM does not give back heap it grew for the readers.
# The server's resident memory is sampled every 0.5 s; the peak of each phase is printed and
# written with the samples under bench/results/big-pages-<UTC time>/ (or BENCH_OUT).
# --jar runs another server build (e.g. one built from main, to measure before a change).
# SKIP_BUILD=1 reuses the jars in the tree; SERVER_JAVA_OPTS (default: none) adds JVM flags.
# SERVER_ENGINE_ARGS replaces the engine flags (default: --engine rocksdb --data-dir <temp dir>), e.g.
# "--engine cassandra --cassandra-contact-points 127.0.0.1:19042 --cassandra-keyspace bigpages".
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
entities=1000
readers=8
duration=300
pipeline_seconds=30
jar=""
while [ $# -gt 0 ]; do
  case "$1" in
    --entities) entities="$2"; shift 2 ;;
    --readers) readers="$2"; shift 2 ;;
    --duration) duration="$2"; shift 2 ;;
    --pipeline-seconds) pipeline_seconds="$2"; shift 2 ;;
    --jar) jar="$2"; shift 2 ;;
    *) echo "unknown option $1 (see the header of $0)" >&2; exit 2 ;;
  esac
done

. "$root/bench/lib/processes.sh"
begin_run big-pages
copy_jars
if [ -n "$jar" ]; then
  cp "$jar" "$work/tabula.jar"
fi

engine_args=${SERVER_ENGINE_ARGS:-"--engine rocksdb --data-dir $work/data"}
# shellcheck disable=SC2086 # one flag per word
java ${SERVER_JAVA_OPTS:-} -jar "$work/tabula.jar" serve --host 127.0.0.1 --port 0 $engine_args \
  >"$out/server.log" 2>&1 &
pids+=($!)
server_pid=$!
listening="$(await_line "$server_pid" "$out/server.log" 60 'Tabula listening on http://127\.0\.0\.1:[0-9]+')"
port="$(echo "$listening" | sed -E 's#.*127\.0\.0\.1:([0-9]+).*#\1#')"
endpoint="http://127.0.0.1:$port/devstoreaccount1"
client=(java -Xmx4g -cp "$work/benchmarks.jar" dev.tabula.bench.abuse.BigPagesMain)
{
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "code: $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)${jar:+ (server: $jar)}"
  echo "machine: $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GiB; $(java -version 2>&1 | head -1)"
  echo "server: pid $server_pid, JVM flags: ${SERVER_JAVA_OPTS:-default}, $engine_args; $entities entities, $readers readers"
} | tee "$out/run.txt"

rss() { awk '/VmRSS/ {print $2}' "/proc/$server_pid/status" 2>/dev/null || echo 0; }
# Samples the server's resident memory every 0.5 s while process $1 runs; prints the peak in MiB.
peak_while() {
  local pid="$1" phase="$2" peak=0 now
  while kill -0 "$pid" 2>/dev/null; do
    now="$(rss)"
    echo "$phase,$(date +%s.%N | cut -c1-14),$now" >>"$out/rss.csv"
    [ "${now:-0}" -gt "$peak" ] && peak="$now"
    sleep 0.5
  done
  echo $((peak / 1024))
}
echo "phase,time,rss_kib" >"$out/rss.csv"

timeout 900 "${client[@]}" load --endpoint "$endpoint" --table bigpages --entities "$entities" | tee -a "$out/run.txt"
echo "after load: rss $(( $(rss) / 1024 )) MiB" | tee -a "$out/run.txt"

timeout $((pipeline_seconds + 30)) "${client[@]}" pipeline --endpoint "$endpoint" --table bigpages --duration "$pipeline_seconds" \
  --query "?\$filter=PartitionKey%20eq%20'p'%20and%20RowKey%20eq%20'r00000'" >"$out/pipeline.txt" 2>&1 &
piper=$!
sleep 2
# PIPELINE_READER=0 leaves the other connection out, to measure the pipelining client alone.
[ "${PIPELINE_READER:-1}" = "0" ] && other_cmd=(true) || other_cmd=(timeout $((pipeline_seconds + 120)))
"${other_cmd[@]}" "${client[@]}" read --endpoint "$endpoint" --table bigpages --entities "$entities" --readers 1 \
  --duration $((pipeline_seconds + 60)) >"$out/pipeline-reader.txt" 2>&1 &
other=$!
pipe_peak="$(peak_while "$piper" pipeline)"
wait "$other" && other_ok=yes || other_ok=no
cat "$out/pipeline.txt" "$out/pipeline-reader.txt" | tee -a "$out/run.txt"
echo "pipelining client: peak rss $pipe_peak MiB; another connection's reader complete: $other_ok" \
  | tee -a "$out/run.txt"
kill -0 "$server_pid" 2>/dev/null || { echo "the server died" | tee -a "$out/run.txt"; exit 1; }
timeout $((duration + 30)) "${client[@]}" read --endpoint "$endpoint" --table bigpages --entities "$entities" --readers "$readers" \
  --duration "$duration" >"$out/read.txt" 2>&1 &
reader=$!
read_peak="$(peak_while "$reader" read)"
wait "$reader" && read_ok=yes || read_ok=no
cat "$out/read.txt" | tee -a "$out/run.txt"
echo "readers: peak rss $read_peak MiB, all complete and valid: $read_ok" | tee -a "$out/run.txt"

echo "server peak rss over the run (VmHWM): $(awk '/VmHWM/ {print int($2/1024)}' "/proc/$server_pid/status") MiB" \
  | tee -a "$out/run.txt"
grep -c -i "OutOfMemoryError" "$out/server.log" | sed 's/^/OutOfMemoryError lines in the server log: /' \
  | tee -a "$out/run.txt" || true
