package dev.tabula.engine.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DriverException;
import com.datastax.oss.driver.api.core.cql.Row;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Says at startup, in one warning, when one node's crash can lose writes Tabula has acknowledged.
 *
 * <p>Cassandra's default {@code commitlog_sync: periodic} acknowledges a write before its commit
 * log is synced; a node killed a moment later loses it at its restart (seen in {@code
 * CassandraOutageIT}, docs/robustness.md). With replication factor 3 at QUORUM the other replicas
 * still hold it; with one replica, which is what Tabula creates its keyspace with unless told
 * otherwise, nothing does. An operator who starts Tabula on a default single node would never learn
 * that from an error, so the server says it once. Only the node that answers is checked ({@code
 * system_views.settings} is local to each node); a cluster whose nodes differ is not told apart.
 */
final class CassandraDurability {
  private static final Logger LOG = LoggerFactory.getLogger(CassandraDurability.class);

  private CassandraDurability() {}

  /** Reads the keyspace's replication and a node's commit log mode, and warns if they risk loss. */
  static Optional<String> warnIfLossy(CqlSession session, String keyspace) {
    Optional<String> risk;
    try {
      risk = risk(replication(session, keyspace), commitLogSync(session));
    } catch (DriverException | IllegalArgumentException unknown) {
      // Not Cassandra 4.0+ (no system_views.settings, e.g. ScyllaDB): nothing to say for sure.
      LOG.debug("could not check the commit log mode and replication: {}", unknown.toString());
      return Optional.empty();
    }
    risk.ifPresent(LOG::warn);
    return risk;
  }

  /**
   * The warning for a keyspace replicated as {@code replication} (its CQL replication map) on a
   * node whose {@code commitlog_sync} is {@code commitLogSync}; empty when a crash of one node
   * loses no acknowledged write, or when either is unknown.
   */
  static Optional<String> risk(Map<String, String> replication, @Nullable String commitLogSync) {
    if (!"periodic".equals(commitLogSync)) {
      return Optional.empty(); // batch or group: synced before the acknowledgement
    }
    int fewest = fewestReplicas(replication);
    if (fewest != 1) {
      return Optional.empty();
    }
    return Optional.of(
        "Cassandra syncs its commit log periodically (commitlog_sync: periodic) and the keyspace"
            + " has one replica: a node that crashes loses the writes it acknowledged in the last"
            + " seconds. Set commitlog_sync: batch on the nodes, or replicate 3 times and write at"
            + " QUORUM (docs/robustness.md)");
  }

  /** The smallest replica count of any data center in the map, or 0 if it names none. */
  static int fewestReplicas(Map<String, String> replication) {
    int fewest = 0;
    for (Map.Entry<String, String> option : replication.entrySet()) {
      String name = option.getKey();
      if (name.equals("class")) {
        continue;
      }
      // "3", or "3/1" for 3 replicas of which 1 is transient: a transient one holds no data.
      String value = option.getValue();
      int slash = value.indexOf('/');
      int full =
          slash < 0
              ? Integer.parseInt(value.trim())
              : Integer.parseInt(value.substring(0, slash).trim())
                  - Integer.parseInt(value.substring(slash + 1).trim());
      fewest = fewest == 0 ? full : Math.min(fewest, full);
    }
    return fewest;
  }

  private static Map<String, String> replication(CqlSession session, String keyspace) {
    Row row =
        session
            .execute(
                "SELECT replication FROM system_schema.keyspaces WHERE keyspace_name = ?", keyspace)
            .one();
    return row == null ? Map.of() : row.getMap(0, String.class, String.class);
  }

  private static @Nullable String commitLogSync(CqlSession session) {
    Row row =
        session
            .execute("SELECT value FROM system_views.settings WHERE name = 'commitlog_sync'")
            .one();
    return row == null ? null : row.getString(0);
  }
}
