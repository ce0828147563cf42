# Process helpers shared by the bench scripts (sourced, not run). The caller defines the array
# `pids` (servers it started) and `work` (its temporary directory) before sourcing this file.

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
