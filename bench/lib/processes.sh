# Process helpers shared by the bench scripts (sourced, not run). The caller defines `root` (the
# work tree) before sourcing this file, then calls begin_run.

tabula_jar="$root/tabula-server/target/tabula.jar"
bench_jar="$root/tabula-bench/target/benchmarks.jar"

# Begins a run named $1: the output folder `out` (BENCH_OUT, else bench/results/$1-<UTC time>), a
# temporary folder `work`, no started processes in `pids` yet, and traps that stop them and remove
# `work` however the script ends.
begin_run() {
  out="${BENCH_OUT:-$root/bench/results/$1-$(date -u +%Y%m%dT%H%M%SZ)}"
  work="$(mktemp -d "${TMPDIR:-/tmp}/tabula-$1.XXXXXX")"
  pids=()
  trap stop_all EXIT
  trap 'exit 130' INT TERM
  mkdir -p "$out"
}

# Builds tabula.jar and benchmarks.jar unless SKIP_BUILD=1 and both exist, then copies them into
# `work`: runs use the copies, so that a build started meanwhile in this work tree cannot swap a jar
# under them.
copy_jars() {
  if [ "${SKIP_BUILD:-0}" != "1" ] || [ ! -f "$tabula_jar" ] || [ ! -f "$bench_jar" ]; then
    echo "Building tabula.jar and benchmarks.jar ..." >&2
    timeout 900 mvn -B -q -f "$root/pom.xml" -DskipTests -Dcheckstyle.skip package \
      -pl tabula-server,tabula-bench -am >&2
  fi
  cp "$tabula_jar" "$work/tabula.jar"
  cp "$bench_jar" "$work/benchmarks.jar"
}

# Stops every process in `pids` (TERM, then KILL after 10 s) and removes `work`.
stop_all() {
  local pid
  for pid in "${pids[@]}"; do
    kill -TERM "$pid" 2>/dev/null || true
  done
  for pid in "${pids[@]}"; do
    for _ in $(seq 1 100); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.1
    done
    kill -KILL "$pid" 2>/dev/null || true
  done
  pids=()
  rm -rf "$work"
}

# Waits (at most $3 seconds) until the log $2 of process $1 shows a line matching $4; prints it.
await_line() {
  local pid="$1" log="$2" seconds="$3" pattern="$4" line
  for _ in $(seq 1 $((seconds * 10))); do
    line="$(grep -m1 -E "$pattern" "$log" 2>/dev/null || true)"
    if [ -n "$line" ]; then
      echo "$line"
      return 0
    fi
    if ! kill -0 "$pid" 2>/dev/null; then
      echo "process $pid exited; its log:" >&2
      cat "$log" >&2
      return 1
    fi
    sleep 0.1
  done
  echo "process $pid did not get there in ${seconds}s; its log:" >&2
  cat "$log" >&2
  return 1
}

# Starts Tabula from the copied jar on RocksDB in `work`/$1-data, loopback and a free port, its log in
# `out`/$1.log (with `java` options from TABULA_JAVA_OPTS, and any further `serve` options after $1, such
# as --in-memory or --admin-port 0), records its PID in `pids`, and waits until it listens; sets
# `tabula_url` to its account root (http://127.0.0.1:PORT/devstoreaccount1) and `tabula_admin` to its
# admin listener's root when it has one (else empty).
start_tabula() {
  local name="$1" pid listening
  # shellcheck disable=SC2086
  java ${TABULA_JAVA_OPTS:-} -jar "$work/tabula.jar" serve --host 127.0.0.1 --port 0 \
    --data-dir "$work/$name-data" "${@:2}" > "$out/$name.log" 2>&1 &
  pid=$!
  pids+=("$pid")
  listening="$(await_line "$pid" "$out/$name.log" 60 'Tabula listening on http://127\.0\.0\.1:[0-9]+')"
  tabula_url="$(grep -oE 'http://127\.0\.0\.1:[0-9]+' <<< "$listening")/devstoreaccount1"
  tabula_admin="$(grep -m1 -oE 'admin: http://127\.0\.0\.1:[0-9]+' "$out/$name.log" | cut -d' ' -f2 || true)"
}
