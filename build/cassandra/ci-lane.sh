#!/usr/bin/env bash
# The Cassandra lane: starts one real Apache Cassandra 5.0 node (Maven Central jars, 127.0.0.1,
# non-default ports, data in a temporary directory), runs the engine contract (CassandraStorageEngineIT)
# and the SDK conformance suite against a Tabula server on the Cassandra engine (Cassandra*IT), and
# stops the node, also when a step fails. Run after `mvn verify`, which compiles everything and skips
# these classes for want of a node.
set -euo pipefail
cd "$(dirname "$0")/../.."
node=build/cassandra/node.sh
export TABULA_CASSANDRA_DIR
TABULA_CASSANDRA_DIR=$(mktemp -d /tmp/tabula-cassandra-ci.XXXXXX)
t0=$(date +%s)
cleanup() {
  "$node" kill 1 > /dev/null 2>&1 || true     # only the PID node.sh recorded for this node
  rm -rf "$TABULA_CASSANDRA_DIR"
}
trap cleanup EXIT

"$node" fetch
CLEAN=1 "$node" start 1
"$node" wait 1 240
echo "cassandra lane: node up after $(( $(date +%s) - t0 )) s"

mvn -B -ntp verify -pl tabula-engine-cassandra,tabula-conformance -am \
  -Dtest='Cassandra*IT' -Dsurefire.failIfNoSpecifiedTests=false \
  -Dtabula.cassandra.contactPoint=127.0.0.1:19042

"$node" stop 1
echo "cassandra lane: done in $(( $(date +%s) - t0 )) s"
