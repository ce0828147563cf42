#!/usr/bin/env bash
# Tabula on Cassandra against Tabula on RocksDB, side by side, from one jar (issue 25): inserts from 16
# clients, and point reads from 1 and 16 clients on a loaded read table (10,000 entities, 2,000 a
# partition, `--table`). A warm-up pass of every workload on both servers is discarded; then ROUNDS
# rounds in which each workload runs against both servers back to back, the side that goes first
# alternating round by round. Prints each run with the 1-minute load average at its start, then the
# medians per side and their ratio (Cassandra / RocksDB) and the median ratio of back-to-back pairs,
# and the CPU time (user + system, /proc/PID/stat) each run cost per operation: the Tabula server's
# and, for Cassandra, the node's (its PID from CASSANDRA_PID, else none).
#
# Usage: bench/cassandra-vs-rocksdb.sh [ROUNDS]     (default 3 rounds of 8 s runs)
# Env: CASSANDRA_CONTACT (default 127.0.0.1:19142: a node already running, e.g. build/cassandra/node.sh),
#      CASSANDRA_PID (the node's PID, for its CPU time per operation; default: the PID file of
#      build/cassandra/node.sh node 1 under TABULA_CASSANDRA_DIR, if any),
#      CASSANDRA_KEYSPACE (default tabula_bench_cvr, dropped by nobody: each run uses fresh tables),
#      SECONDS_PER_RUN (default 8), JAR_DIR (use tabula.jar and benchmarks.jar from there, e.g. a
#      baseline build copied out of the tree), SKIP_BUILD=1 to reuse the built jars, TABULA_JAVA_OPTS,
#      BENCH_OUT (default bench/results/cassandra-vs-rocksdb-<UTC time>). Loopback only; the two servers
#      are stopped by their PIDs; every client run is bounded (timeout).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
# shellcheck source=lib/processes.sh
. "$root/bench/lib/processes.sh"
rounds=${1:-3}
seconds=${SECONDS_PER_RUN:-8}
contact=${CASSANDRA_CONTACT:-127.0.0.1:19142}
keyspace=${CASSANDRA_KEYSPACE:-tabula_bench_cvr}
workloads=("insert 16" "point-read 1" "point-read 16")
node_pid=${CASSANDRA_PID:-$(cat "${TABULA_CASSANDRA_DIR:-/tmp/tabula-cassandra}/n1/pid" 2>/dev/null || true)}
ticks_per_second=$(getconf CLK_TCK)

# CPU time of process $1 so far, in clock ticks (0 when there is no such process).
cpu_ticks() {
  if [ -n "$1" ] && [ -r "/proc/$1/stat" ]; then
    sed 's/^.*) //' "/proc/$1/stat" | awk '{print $12 + $13}'
  else
    echo 0
  fi
}

# Milliseconds of CPU per operation for a tick difference $1 over $2 operations.
per_op() { awk -v t="$1" -v n="$2" -v hz="$ticks_per_second" 'BEGIN {printf "%.3f", (n > 0 ? t * 1000 / hz / n : 0)}'; }

# Starts Tabula on Cassandra from the copied jar (see start_tabula); sets `cassandra_url`.
start_cassandra_tabula() {
  local listening
  # shellcheck disable=SC2086
  java ${TABULA_JAVA_OPTS:-} -jar "$work/tabula.jar" serve --host 127.0.0.1 --port 0 \
    --engine cassandra --cassandra-contact-points "$contact" --cassandra-keyspace "$keyspace" \
    > "$out/cassandra.log" 2>&1 &
  cassandra_pid=$!
  pids+=("$cassandra_pid")
  listening="$(await_line "$cassandra_pid" "$out/cassandra.log" 120 'Tabula listening on http://127\.0\.0\.1:[0-9]+')"
  cassandra_url="$(grep -oE 'http://127\.0\.0\.1:[0-9]+' <<< "$listening")/devstoreaccount1"
}

# Loads a read table through $1 (a short point-read run that keeps its table); prints its name.
load_table() {
  timeout 600 java -cp "$work/benchmarks.jar" dev.tabula.bench.load.LoadMain --endpoint "$1" \
    --workload point-read --count 1 --duration 60 --warmup 0 --keep-table |
    tee -a "$out/load.log" | sed -n 's/^kept table //p'
}

# One run: endpoint $1, workload $2, clients $3, read table $4, seconds $5, warm-up $6; prints its line.
run() {
  local table=()
  [ "$2" = point-read ] && table=(--table "$4")
  timeout $(($5 + 120)) java -Xmx1g -cp "$work/benchmarks.jar" dev.tabula.bench.load.LoadMain \
    --endpoint "$1" --workload "$2" --concurrency "$3" --duration "$5" --warmup "$6" "${table[@]}" |
    tail -1
}

begin_run cassandra-vs-rocksdb
if [ -n "${JAR_DIR:-}" ]; then
  cp "$JAR_DIR/tabula.jar" "$JAR_DIR/benchmarks.jar" "$work/"
else
  copy_jars
fi
start_tabula rocksdb
rocksdb_url=$tabula_url
rocksdb_pid=${pids[0]}
start_cassandra_tabula
echo "# RocksDB $rocksdb_url, Cassandra $cassandra_url (node $contact, keyspace $keyspace)"
echo "# tabula.jar $(sha256sum "$work/tabula.jar" | cut -c1-12); $rounds rounds of $seconds s; cores $(nproc)"
echo "# load average at start $(cut -d' ' -f1-3 /proc/loadavg)"
rocksdb_table=$(load_table "$rocksdb_url")
cassandra_table=$(load_table "$cassandra_url")
[ -n "$rocksdb_table" ] && [ -n "$cassandra_table" ] || { echo "loading failed; see $out/load.log" >&2; exit 1; }

pid_of() { if [ "$1" = cassandra ]; then echo "$cassandra_pid"; else echo "$rocksdb_pid"; fi; }
url_of() { if [ "$1" = cassandra ]; then echo "$cassandra_url"; else echo "$rocksdb_url"; fi; }
table_of() { if [ "$1" = cassandra ]; then echo "$cassandra_table"; else echo "$rocksdb_table"; fi; }

for side in cassandra rocksdb; do # warm-up pass, discarded
  for w in "${workloads[@]}"; do
    read -r name clients <<< "$w"
    run "$(url_of $side)" "$name" "$clients" "$(table_of $side)" 4 1 > /dev/null || true
  done
done

results="$out/results.tsv"
for round in $(seq 1 "$rounds"); do
  order=(cassandra rocksdb)
  [ $((round % 2)) -eq 0 ] && order=(rocksdb cassandra)
  for w in "${workloads[@]}"; do
    read -r name clients <<< "$w"
    for side in "${order[@]}"; do
      load=$(cut -d' ' -f1 /proc/loadavg)
      server_before=$(cpu_ticks "$(pid_of $side)")
      node_before=$(cpu_ticks "$node_pid")
      line=$(run "$(url_of $side)" "$name" "$clients" "$(table_of $side)" "$seconds" 2)
      server_ticks=$(($(cpu_ticks "$(pid_of $side)") - server_before))
      node_ticks=$(($(cpu_ticks "$node_pid") - node_before))
      case $line in *ERROR*|"") echo "a run failed: $line" >&2; exit 1 ;; esac
      # The counts include the client's warm-up, so CPU per operation is over every operation sent.
      total=$(grep -oE '^.* ops=[0-9.]+' <<< "$line" | grep -oE '[0-9.]+$' | cut -d. -f1)
      ops=$(grep -oE 'ops/s=[0-9.]+' <<< "$line" | head -1 | cut -d= -f2)
      p50=$(grep -oE 'p50 ms=[0-9.]+' <<< "$line" | head -1 | cut -d= -f2)
      p99=$(grep -oE 'p99 ms=[0-9.]+' <<< "$line" | head -1 | cut -d= -f2)
      warm=$(awk -v o="$ops" -v t="$total" 'BEGIN {printf "%d", t + o * 2}')
      server_ms=$(per_op "$server_ticks" "$warm")
      node_ms=$(per_op "$node_ticks" "$warm")
      [ "$side" = rocksdb ] && node_ms=0
      echo "round $round  $side  load $load  $line  cpu ms/op server $server_ms node $node_ms"
      printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name c=$clients" "$side" "$round" "$ops" "$p50" "$p99" "$load" "$server_ms" "$node_ms" >> "$results"
    done
  done
done

echo
echo "# medians over $rounds rounds; ratio = Cassandra / RocksDB; per pair = median ratio of the rounds' pairs"
printf '%-16s %14s %14s %7s %9s %18s %18s %26s %16s\n' workload "Cassandra ops/s" "RocksDB ops/s" ratio "per pair" \
  "Cass p50/p99 ms" "Rocks p50/p99 ms" "Cass CPU ms/op server+node" "Rocks CPU ms/op"
for w in "${workloads[@]}"; do
  read -r name clients <<< "$w"
  awk -F'\t' -v w="$name c=$clients" '
    function median(a, n,   i, j, t) {
      for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j-1] > a[j]; j--) { t = a[j]; a[j] = a[j-1]; a[j-1] = t }
      return n % 2 ? a[(n+1)/2] : (a[n/2] + a[n/2+1]) / 2
    }
    $1 == w { s = $2; n[s]++; o[s, n[s]] = $4; p[s, n[s]] = $5; q[s, n[s]] = $6; by[s, $3] = $4
              cs[s, n[s]] = $8; cn[s, n[s]] = $9 }
    END {
      for (s in n) { for (i = 1; i <= n[s]; i++) { a[i] = o[s, i]; b[i] = p[s, i]; c[i] = q[s, i]; d[i] = cs[s, i]; e[i] = cn[s, i] }
        mo[s] = median(a, n[s]); mp[s] = median(b, n[s]); mq[s] = median(c, n[s]); ms[s] = median(d, n[s]); mn[s] = median(e, n[s]) }
      k = 0; for (r = 1; r <= n["cassandra"]; r++) if (by["rocksdb", r] > 0) r2[++k] = by["cassandra", r] / by["rocksdb", r]
      printf "%-16s %14.0f %14.0f %7.2f %9.2f %18s %18s %26s %16s\n", w, mo["cassandra"], mo["rocksdb"],
        mo["cassandra"] / mo["rocksdb"], median(r2, k), mp["cassandra"] "/" mq["cassandra"], mp["rocksdb"] "/" mq["rocksdb"],
        ms["cassandra"] "+" mn["cassandra"], ms["rocksdb"]
    }' "$results"
done
echo "# load average at end $(cut -d' ' -f1-3 /proc/loadavg)"
