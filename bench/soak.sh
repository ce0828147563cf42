#!/usr/bin/env bash
# Soak test (issue 6, item 5): does Tabula's memory stay flat under a long mixed load? Not run in CI.
#
# Starts Tabula (the shaded jar, RocksDB in a temp dir, a random loopback port) with a fixed heap
# (-Xmx, default 512m) and native memory tracking, then runs dev.tabula.bench.soak.SoakMain against
# it: a read table is loaded (unmeasured), then inserts, $batch inserts, point reads, partition
# queries and hot-key upserts run side by side for --duration seconds (default 600). Every
# --interval seconds (default 30) the server's heap is sampled after a forced full GC (jcmd GC.run;
# the live size from the GC log), with its resident memory, threads, open files and data size, into
# heap.csv; native memory tracking summaries and a class histogram are kept too.
# After the load, it opens --connections idle connections (default 500) and samples again, to
# price a connection (the server is idle then, so GC.heap_info is exact). summary.txt says whether
# the heap stayed flat (the least-squares slope of the live heap over the load, in MiB per
# minute). The server is stopped by PID on exit; every step is bounded in time.
#
# Usage: bench/soak.sh [--duration SECONDS] [--xmx 512m] [--entities 100000] [--interval 30]
#                      [--connections 500] [--engine rocksdb|memory]
# Env:   SKIP_BUILD=1 to reuse the jars in target/; BENCH_OUT=DIR to keep the output there (default
#        bench/results/soak-<UTC time>).
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
duration=600
xmx=512m
entities=100000
interval=30
connections=500
engine=rocksdb
while [ $# -gt 0 ]; do
  case "$1" in
    --duration) duration="$2"; shift 2 ;;
    --xmx) xmx="$2"; shift 2 ;;
    --entities) entities="$2"; shift 2 ;;
    --interval) interval="$2"; shift 2 ;;
    --connections) connections="$2"; shift 2 ;;
    --engine) engine="$2"; shift 2 ;;
    *) echo "unknown option $1 (see the header of $0)" >&2; exit 2 ;;
  esac
done
if [ "$duration" -lt 1 ] || [ "$duration" -gt 3600 ]; then
  echo "--duration must be 1..3600 seconds" >&2
  exit 2
fi

# shellcheck source=lib/processes.sh
. "$root/bench/lib/processes.sh"
begin_run soak
copy_jars

java "-Xmx$xmx" -XX:NativeMemoryTracking=summary "-Xlog:gc:file=$out/gc.log" \
  -jar "$work/tabula.jar" serve --host 127.0.0.1 \
  --port 0 --engine "$engine" --data-dir "$work/data" >"$out/server.log" 2>&1 &
pids+=($!)
server_pid=$!
listening="$(await_line "$server_pid" "$out/server.log" 60 'Tabula listening on http://127\.0\.0\.1:[0-9]+')"
port="$(echo "$listening" | sed -E 's#.*127\.0\.0\.1:([0-9]+).*#\1#')"
start=$(date +%s)
{
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "code: $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)$(git -C "$root" diff --quiet 2>/dev/null || echo ' + uncommitted changes')"
  echo "machine: $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GiB, $(uname -sr); $(java -version 2>&1 | head -1)"
  echo "server: pid $server_pid on 127.0.0.1:$port, -Xmx$xmx, engine $engine"
  echo "load: SoakMain --duration $duration --entities $entities; sample every ${interval}s"
} | tee "$out/run.txt"

# One CSV row: the live heap after a forced full GC as the GC log reports it (MiB; exact even
# under load), the heap in use a moment later as GC.heap_info reports it (KiB; includes what was
# allocated since, so exact only when idle), the heap reserved, resident memory, threads, open
# files (sockets included), the data directory and the load average.
echo "elapsed_s,phase,live_after_gc_mib,heap_used_kib,heap_committed_kib,rss_kib,threads,open_files,data_kib,loadavg" >"$out/heap.csv"
sample() {
  local phase="$1" heap used total live
  jcmd "$server_pid" GC.run >/dev/null
  live="$(grep -E 'Pause Full' "$out/gc.log" | tail -1 | sed -E 's/.*->([0-9]+)M\(.*/\1/')"
  heap="$(jcmd "$server_pid" GC.heap_info | grep -m1 -E 'total [0-9]+K, used [0-9]+K')"
  used="$(echo "$heap" | sed -E 's/.*used ([0-9]+)K.*/\1/')"
  total="$(echo "$heap" | sed -E 's/.*total ([0-9]+)K.*/\1/')"
  echo "$(($(date +%s) - start)),$phase,$live,$used,$total,$(awk '/VmRSS/ {print $2}' "/proc/$server_pid/status"),$(awk '/Threads/ {print $2}' "/proc/$server_pid/status"),$(ls "/proc/$server_pid/fd" | wc -l),$(du -sk "$work/data" 2>/dev/null | cut -f1),$(cut -d' ' -f1 /proc/loadavg)" \
    | tee -a "$out/heap.csv"
}

sample idle
timeout $((duration + 1800)) java -Xmx1g -cp "$work/benchmarks.jar" dev.tabula.bench.soak.SoakMain \
  --endpoint "http://127.0.0.1:$port/devstoreaccount1" --duration "$duration" --entities "$entities" \
  >"$out/driver.log" 2>&1 &
pids+=($!)
driver_pid=$!
await_line "$driver_pid" "$out/driver.log" 1200 '^soak: load started' >/dev/null
sample loaded
jcmd "$server_pid" VM.native_memory summary >"$out/native-memory-start.txt"
for _ in $(seq 1 $((duration / interval + 60))); do
  sleep "$interval"
  kill -0 "$driver_pid" 2>/dev/null || break
  grep -q '^soak: load finished' "$out/driver.log" && break
  sample load
done
set +e
wait "$driver_pid"
status=$?
set -e
jcmd "$server_pid" VM.native_memory summary >"$out/native-memory-end.txt"
sample after
jcmd "$server_pid" GC.class_histogram | head -45 >"$out/heap-histogram-end.txt"

# The price of a connection: open many idle keep-alive connections, sample, close them.
python3 - "$port" "$connections" >"$out/connections.log" 2>&1 <<'EOF' &
import socket, sys, time
port, count = int(sys.argv[1]), int(sys.argv[2])
held = [socket.create_connection(("127.0.0.1", port)) for _ in range(count)]
print("open", len(held), flush=True)
time.sleep(90)
EOF
pids+=($!)
probe_pid=$!
await_line "$probe_pid" "$out/connections.log" 60 '^open' >/dev/null
sample "idle-connections-$connections"
kill -TERM "$probe_pid" 2>/dev/null || true

python3 - "$out/heap.csv" "$connections" <<'EOF' | tee "$out/summary.txt"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
# The slope is taken over the samples under load and just after it, not from the idle server:
# per-thread buffers and caches fill during the first minute, which is growth but not a leak.
loaded = [r for r in rows if r["phase"] == "loaded"][0]
load = [r for r in rows if r["phase"] in ("load", "after")]
def col(rs, name): return [int(r[name]) for r in rs]
t, heap, rss = col(load, "elapsed_s"), col(load, "live_after_gc_mib"), col(load, "rss_kib")
n = len(t)
mt, mh = sum(t) / n, sum(heap) / n
den = sum((x - mt) ** 2 for x in t) or 1
slope = sum((x - mt) * (y - mh) for x, y in zip(t, heap)) / den * 60
print(f"live heap after full GC (MiB): idle {rows[0]['live_after_gc_mib']}, "
      f"read table loaded {loaded['live_after_gc_mib']}")
print(f"samples under load: {n} over {t[-1] - t[0]} s")
print(f"live heap after full GC (MiB): first {heap[0]}, last {heap[-1]}, min {min(heap)}, "
      f"max {max(heap)}; least-squares slope {slope:+.2f} MiB/min")
print(f"resident memory (KiB): first {rss[0]}, last {rss[-1]}, max {max(rss)}")
after, probe = rows[-2], rows[-1]
k = int(sys.argv[2])
dh = int(probe["heap_used_kib"]) - int(after["heap_used_kib"])
dr = int(probe["rss_kib"]) - int(after["rss_kib"])
print(f"{k} idle connections: heap {dh:+d} KiB ({dh * 1024 / k:.0f} B each), "
      f"resident {dr:+d} KiB ({dr * 1024 / k:.0f} B each)")
EOF
echo "driver exit status $status; output kept in $out" >&2
exit "$status"
