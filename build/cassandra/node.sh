#!/usr/bin/env bash
# Runs real Apache Cassandra nodes for Tabula's tests, from Maven Central jars (no Docker, no tarball).
#
#   build/cassandra/node.sh fetch             download cassandra-all and its dependencies into $TABULA_CASSANDRA_LIB
#   build/cassandra/node.sh start N           start node N (1..3) on 127.0.0.N, data in $TABULA_CASSANDRA_DIR/nN
#   build/cassandra/node.sh wait N [SECONDS]  wait until node N answers CQL (default 180 s)
#   build/cassandra/node.sh stop N            SIGTERM, then SIGKILL after 30 s
#   build/cassandra/node.sh kill N            SIGKILL, and wait until the process is gone
#   build/cassandra/node.sh pause N           SIGSTOP: the node freezes, its sockets stay open unanswered
#   build/cassandra/node.sh resume N          SIGCONT: a paused node goes on
#   build/cassandra/node.sh status N
#
# Environment:
#   TABULA_CASSANDRA_DIR   parent of the node directories (default: /tmp/tabula-cassandra)
#   TABULA_CASSANDRA_LIB   jar cache (default: ~/.cache/tabula/cassandra-5.0.6)
#   TABULA_CASSANDRA_NODES how many nodes form the cluster (seeds), default 1
#   TABULA_CASSANDRA_HEAP  heap per node, default 768m
#   JAVA_HOME              a Java 17 (or 11) JDK: Cassandra 5.0 does not start on newer Java
#   TABULA_CASSANDRA_CQL_PORT, TABULA_CASSANDRA_STORAGE_PORT, TABULA_CASSANDRA_JMX_BASE
#                          ports (defaults 19042, 17000, 17099); JMX of node N is JMX_BASE + 100 * N
#   TABULA_CASSANDRA_COMMITLOG_SYNC  periodic (default, Cassandra's own: acknowledges before the commit
#                          log is synced, so a killed node loses up to 10 s of acknowledged writes) or
#                          batch (synced before each acknowledgement)
#   TABULA_CASSANDRA_YAML_EXTRA  cassandra.yaml lines appended to the generated config (settings
#                          cassandra.yaml.in does not set, e.g. request timeouts)
#   CLEAN=1                wipe the node's directory before starting
#
# Ports are non-default so a developer's own Cassandra keeps 9042: CQL 127.0.0.N:19042, storage
# 127.0.0.N:17000, JMX 127.0.0.1:17N99 (JMX always binds 127.0.0.1, so it needs one port per node).
# A second cluster (the fault lane's) picks other ports, so the two never collide.
# Processes are only ever stopped by the PID this script recorded, after checking that the PID is
# still this node's JVM.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=${TABULA_CASSANDRA_DIR:-/tmp/tabula-cassandra}
LIB=${TABULA_CASSANDRA_LIB:-$HOME/.cache/tabula/cassandra-5.0.6}
JAVA=${JAVA_HOME:-/usr/lib/jvm/java-17-openjdk-amd64}/bin/java
CQL_PORT=${TABULA_CASSANDRA_CQL_PORT:-19042}
STORAGE_PORT=${TABULA_CASSANDRA_STORAGE_PORT:-17000}
JMX_BASE=${TABULA_CASSANDRA_JMX_BASE:-17099}
TOKENS=(x -9223372036854775808 -3074457345618258603 3074457345618258602)

usage() { sed -n '2,13p' "$0"; exit 2; }
cmd=${1:-}; [[ -n $cmd ]] || usage

fetch() {
  if [[ -f $LIB/.complete ]]; then return 0; fi
  mkdir -p "$LIB"
  mvn -q -B -ntp -f "$HERE/pom.xml" dependency:copy-dependencies -DoutputDirectory="$LIB"
  touch "$LIB/.complete"
}

if [[ $cmd == fetch ]]; then fetch; echo "cassandra jars in $LIB"; exit 0; fi
N=${2:-}; [[ $N =~ ^[1-3]$ ]] || usage
IP=127.0.0.$N
DIR=$ROOT/n$N
PIDF=$DIR/pid

# The recorded PID, only while it is still this node's JVM (guards against stale files and PID reuse).
pid_of_node() {
  local p; p=$(cat "$PIDF" 2>/dev/null) || return 1
  tr '\0' ' ' 2> /dev/null < "/proc/$p/cmdline" | grep -q -- "-Dcassandra.storagedir=$DIR " && echo "$p"
}

seeds() {
  local n s=""; for ((n = 1; n <= ${TABULA_CASSANDRA_NODES:-1}; n++)); do s+="${s:+,}127.0.0.$n:$STORAGE_PORT"; done
  echo "$s"
}

write_config() {
  local sync=${TABULA_CASSANDRA_COMMITLOG_SYNC:-periodic} period
  case $sync in
    periodic) period="commitlog_sync_period: 10000ms" ;;
    batch) period="# commitlog_sync_period: not with batch, which syncs before every acknowledgement" ;;
    *) echo "TABULA_CASSANDRA_COMMITLOG_SYNC: periodic or batch, not $sync"; exit 2 ;;
  esac
  sed -e "s|@COMMITLOG_SYNC@|$sync|g" -e "s|@COMMITLOG_SYNC_PERIOD@|$period|g" \
      -e "s|@DIR@|$DIR|g" -e "s|@IP@|$IP|g" -e "s|@SEEDS@|$(seeds)|g" -e "s|@TOKEN@|${TOKENS[$N]}|g" \
      -e "s|@CQL_PORT@|$CQL_PORT|g" -e "s|@STORAGE_PORT@|$STORAGE_PORT|g" \
      -e "s|@SSL_STORAGE_PORT@|$((STORAGE_PORT + 1))|g" "$HERE/cassandra.yaml.in" > "$DIR/cassandra.yaml"
  if [[ -n ${TABULA_CASSANDRA_YAML_EXTRA:-} ]]; then
    printf '%s\n' "$TABULA_CASSANDRA_YAML_EXTRA" >> "$DIR/cassandra.yaml"
  fi
}

# The module and JVM flags of Cassandra's own jvm17-server.options and cassandra-env.sh.
jvm_options() {
  local heap=${TABULA_CASSANDRA_HEAP:-768m} opt
  echo "-Xms$heap -Xmx$heap -XX:MaxDirectMemorySize=256m -Xss256k -XX:+UseG1GC"
  echo "-XX:+ParallelRefProcEnabled -XX:MaxTenuringThreshold=1 -XX:G1HeapRegionSize=16m"
  echo "-XX:+PerfDisableSharedMem -XX:+ExitOnOutOfMemoryError -Djava.net.preferIPv4Stack=true"
  echo "-Djdk.attach.allowAttachSelf=true -Dio.netty.tryReflectionSetAccessible=true"
  for opt in java.base/jdk.internal.misc java.management.rmi/com.sun.jmx.remote.internal.rmi \
      java.rmi/sun.rmi.registry java.rmi/sun.rmi.server java.sql/java.sql java.base/java.lang.ref \
      jdk.unsupported/sun.misc jdk.compiler/com.sun.tools.javac.file jdk.attach/sun.tools.attach; do
    echo "--add-exports $opt=ALL-UNNAMED"
  done
  for opt in java.base/java.lang.module java.base/jdk.internal.loader java.base/jdk.internal.ref \
      java.base/jdk.internal.reflect java.base/jdk.internal.math java.base/jdk.internal.module \
      java.base/jdk.internal.util.jar jdk.management/com.sun.management.internal java.base/sun.nio.ch \
      java.base/java.io java.base/java.lang.reflect jdk.compiler/com.sun.tools.javac \
      java.base/java.lang java.base/java.util; do
    echo "--add-opens $opt=ALL-UNNAMED"
  done
  echo "-javaagent:$LIB/jamm-0.4.0.jar -Djava.io.tmpdir=$DIR/tmp"
  # A crash report goes with the node's logs, not into the directory the script was run from.
  echo "-XX:ErrorFile=$DIR/logs/hs_err_pid%p.log"
  echo "-Dcassandra.config=file://$DIR/cassandra.yaml -Dcassandra.storagedir=$DIR"
  echo "-Dcassandra.logdir=$DIR/logs -Dlogback.configurationFile=$HERE/logback.xml"
  echo "-Dcassandra-foreground=yes -Dcassandra.jmx.local.port=$((JMX_BASE + 100 * N)) -Dcassandra.available_processors=2"
  # A fresh test cluster need not wait for gossip to settle. The ring delay stays at Cassandra's
  # default (30 s): it is also how long a peer that has not joined the ring yet may stay silent
  # before gossip evicts it, and nodes starting together on a busy machine pause longer than a
  # short delay. An evicted peer forgets the others' messaging versions and then silently skips
  # them when it pushes a schema change, so DDL waited ~60 s for the next schema pull (seen with
  # 1 s here, on 3 nodes sharing 2 cores).
  echo "-Dcassandra.skip_wait_for_gossip_to_settle=0"
}

start() {
  if p=$(pid_of_node); then echo "node $N already running (pid $p)"; exit 1; fi
  if ss -ltn | grep -qE " ($IP|0\.0\.0\.0|\*|\[::\]):($CQL_PORT|$STORAGE_PORT) "; then
    echo "node $N: port $CQL_PORT or $STORAGE_PORT on $IP is busy"; exit 1
  fi
  fetch
  [[ ${CLEAN:-0} == 1 ]] && rm -rf "$DIR"
  mkdir -p "$DIR"/{data,commitlog,saved_caches,hints,cdc_raw,logs,tmp}
  write_config
  date +%s%N > "$DIR/started"
  # shellcheck disable=SC2046 # one option per word, by design
  nohup "$JAVA" $(jvm_options) -cp "$LIB/*" org.apache.cassandra.service.CassandraDaemon \
      > "$DIR/logs/stdout.log" 2>&1 < /dev/null &
  echo $! > "$PIDF"
  echo "node $N starting (pid $!, CQL $IP:$CQL_PORT, data $DIR)"
}

wait_for_cql() {
  local limit=${1:-180} i
  for ((i = 0; i < limit * 10; i++)); do
    if ! pid_of_node > /dev/null; then echo "node $N exited"; tail -30 "$DIR/logs/stdout.log"; exit 1; fi
    if (exec 3<> "/dev/tcp/$IP/$CQL_PORT") 2> /dev/null; then
      echo "node $N answers CQL after $(( ($(date +%s%N) - $(cat "$DIR/started")) / 1000000 )) ms"; return 0
    fi
    sleep 0.1
  done
  echo "node $N: no CQL after $limit s"; tail -30 "$DIR/logs/system.log"; exit 1
}

wait_gone() {
  local i; for ((i = 0; i < $1; i++)); do kill -0 "$2" 2> /dev/null || return 0; sleep 0.1; done; return 1
}

case $cmd in
  start) start ;;
  wait) wait_for_cql "${3:-180}" ;;
  stop)
    p=$(pid_of_node) || { echo "node $N not running"; exit 0; }
    kill "$p"; wait_gone 300 "$p" || { kill -9 "$p"; wait_gone 100 "$p" || true; }
    echo "node $N stopped" ;;
  kill)
    p=$(pid_of_node) || { echo "node $N not running"; exit 0; }
    kill -9 "$p"; wait_gone 100 "$p" || true   # until the ports are free again
    echo "node $N killed" ;;
  pause)
    p=$(pid_of_node) || { echo "node $N not running"; exit 1; }
    kill -STOP "$p"; echo "node $N paused" ;;
  resume)
    p=$(pid_of_node) || { echo "node $N not running"; exit 1; }
    kill -CONT "$p"; echo "node $N resumed" ;;
  status)
    if p=$(pid_of_node); then echo "node $N running (pid $p, $(awk '/VmRSS/{print int($2/1024)}' "/proc/$p/status") MiB RSS)"
    else echo "node $N not running"; fi ;;
  *) usage ;;
esac
