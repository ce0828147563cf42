package dev.tabula.engine.cassandra;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@link CassandraDurability} against the CI lane's real node, which runs Cassandra's default
 * {@code commitlog_sync: periodic} (build/cassandra/cassandra.yaml.in): a keyspace of one replica
 * is warned about, one of three replicas is not. Needs a node (see {@link CassandraTestCluster}).
 */
class CassandraDurabilityIT {
  @BeforeAll
  static void requireNode() {
    CassandraTestCluster.assumeNode();
  }

  @AfterAll
  static void closeSession() {
    CassandraTestCluster.closeSession();
  }

  @Test
  void oneReplicaOnAPeriodicNode_isWarned_threeReplicasAreNot() {
    String one = keyspace("one", 1);
    String three = keyspace("three", 3);
    assertThat(CassandraDurability.warnIfLossy(CassandraTestCluster.session(), one))
        .hasValueSatisfying(text -> assertThat(text).contains("one replica"));
    assertThat(CassandraDurability.warnIfLossy(CassandraTestCluster.session(), three)).isEmpty();
  }

  private static String keyspace(String name, int replicas) {
    String keyspace = "tabula_durability_" + name + "_" + ProcessHandle.current().pid();
    CassandraTestCluster.session()
        .execute(
            "CREATE KEYSPACE IF NOT EXISTS "
                + keyspace
                + " WITH replication = {'class':'SimpleStrategy','replication_factor':"
                + replicas
                + "}");
    return keyspace;
  }
}
