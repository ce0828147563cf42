# Process helpers shared by the bench scripts (sourced, not run). The caller defines the array
# `pids` (servers it started) and `work` (its temporary directory) before sourcing this file, and
# `root`, `tabula_jar` and `bench_jar` before calling copy_jars.

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
