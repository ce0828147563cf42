#!/usr/bin/env bash
# The Cassandra lane: starts one real Apache Cassandra 5.0 node (Maven Central jars, 127.0.0.1,
# non-default ports, data in a temporary directory), runs the engine contract (CassandraStorageEngineIT)
# and the SDK conformance suite against a Tabula server on the Cassandra engine (every *Contract,
# limited to its Cassandra runs by -Dtabula.engines=cassandra, and the Cassandra*IT classes), and
# stops the node, also when a step fails. Run after `mvn verify`, which compiles everything and skips
# these runs for want of a node.
#
# A second node, a cluster of its own, serves CassandraFailuresIT: its write and CAS contention
# timeouts are 10 ms (Cassandra's floor), so contended lightweight transactions time out for real,
# and the test kills it at the end. Own directory and ports (CQL 19242, storage 17200, JMX 17700),
# 512 MiB heap; it starts together with node 1.
set -euo pipefail
cd "$(dirname "$0")/../.."
node=build/cassandra/node.sh
export TABULA_CASSANDRA_DIR
TABULA_CASSANDRA_DIR=$(mktemp -d /tmp/tabula-cassandra-ci.XXXXXX)
t0=$(date +%s)
tiny_dir=$TABULA_CASSANDRA_DIR/tiny-timeouts
tiny() {
  env TABULA_CASSANDRA_DIR="$tiny_dir" TABULA_CASSANDRA_CQL_PORT=19242 TABULA_CASSANDRA_STORAGE_PORT=17200 \
    TABULA_CASSANDRA_JMX_BASE=17600 TABULA_CASSANDRA_HEAP=512m \
    TABULA_CASSANDRA_YAML_EXTRA=$'write_request_timeout: 10ms\ncas_contention_timeout: 10ms' \
    "$node" "$@"
}
cleanup() {
  "$node" kill 1 > /dev/null 2>&1 || true     # only the PID node.sh recorded for this node
  tiny kill 1 > /dev/null 2>&1 || true
  rm -rf "$TABULA_CASSANDRA_DIR"
}
trap cleanup EXIT

"$node" fetch
CLEAN=1 "$node" start 1
CLEAN=1 tiny start 1
"$node" wait 1 240
tiny wait 1 240
echo "cassandra lane: nodes up after $(( $(date +%s) - t0 )) s"

mvn -B -ntp verify -pl tabula-engine-cassandra,tabula-conformance -am \
  -Dtest='*Contract,Cassandra*IT' -Dtabula.engines=cassandra -Dsurefire.failIfNoSpecifiedTests=false \
  -Dtabula.cassandra.contactPoint=127.0.0.1:19042 \
  -Dtabula.cassandra.tinyTimeoutNode=127.0.0.1:19242 -Dtabula.cassandra.tinyTimeoutNodeDir="$tiny_dir" \
  -Dtabula.cassandra.nodeScript="$PWD/$node"

"$node" stop 1
tiny kill 1   # CassandraFailuresIT killed it already, unless it was skipped
echo "cassandra lane: done in $(( $(date +%s) - t0 )) s"
