#!/usr/bin/env bash
# The fault lane: a three-node Apache Cassandra 5.0 cluster on 127.0.0.1, 127.0.0.2 and 127.0.0.3
# (Linux routes all of 127.0.0.0/8 to the loopback device; macOS needs `ifconfig lo0 alias
# 127.0.0.N` first), and ClusterNodeCrashIT against it: two Tabula servers write at QUORUM with
# replication factor 3 while node 3 is killed with SIGKILL and restarted; nothing acknowledged may
# be lost, no batch may be partial, and the restarted node must end up holding everything.
#
# Ports differ from the single-node lane's (ci-lane.sh), so the two never collide: CQL
# 127.0.0.N:19142, storage 127.0.0.N:17100, JMX 127.0.0.1:17250/17350/17450. Heaps are 512 MiB
# (about 1 GiB RSS per node). Every step has a hard time limit; the nodes are stopped by the PIDs
# node.sh recorded, also when a step fails or the lane is interrupted.
#
# Beside them, the outage node: one more node, a cluster of its own (CQL 127.0.0.1:19542, storage
# 17500, JMX 17850, 512 MiB heap), for CassandraOutageIT (frozen with SIGSTOP, killed, restarted)
# and CassandraDiskFullIT (its data and commit log on a 256 MiB tmpfs the lane mounts when it runs
# as root, filled by the test; skipped otherwise). The tests drive it through a wrapper of node.sh
# that carries its directory and ports. Its commit log is synced before each acknowledgement
# (commitlog_sync: batch): with one replica, Cassandra's default (periodic, every 10 s) loses the
# writes of the last seconds when the node is killed, and CassandraOutageIT checks that nothing
# acknowledged is lost (it went red with periodic: an entity acknowledged seconds before the kill was
# gone after the restart).
set -euo pipefail
cd "$(dirname "$0")/../.."
node=build/cassandra/node.sh
export TABULA_CASSANDRA_NODES=3 TABULA_CASSANDRA_HEAP=${TABULA_CASSANDRA_HEAP:-512m}
export TABULA_CASSANDRA_CQL_PORT=19142 TABULA_CASSANDRA_STORAGE_PORT=17100 TABULA_CASSANDRA_JMX_BASE=17150
export TABULA_CASSANDRA_DIR
TABULA_CASSANDRA_DIR=$(mktemp -d /tmp/tabula-cassandra-fault.XXXXXX)
t0=$(date +%s)
elapsed() { echo "$(( $(date +%s) - t0 )) s"; }
outage_dir=$TABULA_CASSANDRA_DIR/outage
outage_node=$outage_dir/node.sh
outage_disk=""
cleanup() {
  local n
  for n in 1 2 3; do "$node" kill "$n" > /dev/null 2>&1 || true; done
  if [[ -x $outage_node ]]; then "$outage_node" kill 1 > /dev/null 2>&1 || true; fi
  if [[ -n $outage_disk ]]; then umount "$outage_disk" || true; fi
  rm -rf "$TABULA_CASSANDRA_DIR"
}
trap cleanup EXIT
trap 'exit 130' INT TERM   # through the EXIT trap, so the nodes go too

timeout 900 "$node" fetch   # once per machine: ~80 MB from Maven Central
mkdir -p "$outage_dir/n1"
cat > "$outage_node" << EOF
#!/usr/bin/env bash
exec env TABULA_CASSANDRA_DIR="$outage_dir" TABULA_CASSANDRA_NODES=1 TABULA_CASSANDRA_HEAP=512m TABULA_CASSANDRA_COMMITLOG_SYNC=batch \
  TABULA_CASSANDRA_CQL_PORT=19542 TABULA_CASSANDRA_STORAGE_PORT=17500 TABULA_CASSANDRA_JMX_BASE=17750 \
  "$PWD/$node" "\$@"
EOF
chmod +x "$outage_node"
# Not CLEAN=1 for the outage node: its directory is new, and may hold the tmpfs mount.
if [[ $(id -u) == 0 ]] && mkdir -p "$outage_dir/n1/disk" \
    && mount -t tmpfs -o size=256m tmpfs "$outage_dir/n1/disk"; then
  outage_disk=$outage_dir/n1/disk
  mkdir -p "$outage_disk/data" "$outage_disk/commitlog"
  ln -s "$outage_disk/data" "$outage_dir/n1/data"
  ln -s "$outage_disk/commitlog" "$outage_dir/n1/commitlog"
else
  echo "fault lane: no tmpfs for the outage node (not root?): CassandraDiskFullIT is skipped"
fi
for n in 1 2 3; do CLEAN=1 "$node" start "$n"; done   # together: no bootstrap, all are seeds
"$outage_node" start 1
for n in 1 2 3; do timeout 240 "$node" wait "$n" 220; done
timeout 240 "$outage_node" wait 1 220
echo "fault lane: 3 nodes and the outage node up after $(elapsed)"

contact_points=127.0.0.1:$TABULA_CASSANDRA_CQL_PORT,127.0.0.2:$TABULA_CASSANDRA_CQL_PORT
contact_points+=,127.0.0.3:$TABULA_CASSANDRA_CQL_PORT
timeout 720 mvn -B -ntp test -pl tabula-conformance -am \
  -Dtest='ClusterNodeCrashIT,CassandraOutageIT,CassandraDiskFullIT' -Dsurefire.failIfNoSpecifiedTests=false \
  -Dtabula.cassandra.cluster="$contact_points" \
  -Dtabula.cassandra.nodeScript="$PWD/$node" \
  -Dtabula.cassandra.outageNode=127.0.0.1:19542 -Dtabula.cassandra.outageNodeScript="$outage_node" \
  -Dtabula.cassandra.outageNodeDisk="$outage_disk"

echo "fault lane: done in $(elapsed)"
