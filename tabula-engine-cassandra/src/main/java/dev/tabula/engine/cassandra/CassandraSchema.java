package dev.tabula.engine.cassandra;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.servererrors.InvalidQueryException;
import java.util.List;

/**
 * Tabula's tables in its keyspace, created when absent and migrated by version.
 *
 * <ul>
 *   <li>{@code entities}: one row per entity. The Cassandra partition is (table id, PartitionKey),
 *       so an entity group transaction is a single-partition conditional batch; RowKey is the
 *       clustering column, so a partition reads in RowKey order. {@code ts} is the commit time in
 *       100 ns ticks (the ETag), {@code value} the engine codec's encoding of the entity.
 *   <li>{@code partitions}: the ordered partition directory. Murmur3 (and ScyllaDB) return
 *       partitions in token order, so cross-partition scans walk this list of PartitionKeys per
 *       table, which Cassandra keeps sorted as clustering keys.
 *   <li>{@code tables}: the catalog by account and lower-cased name, with the table's id, its
 *       stored access policies and (since version 2) its extension settings ({@link
 *       dev.tabula.engine.codec.TableSettingsCodec}; null for none).
 *   <li>{@code sequences}: counters advanced by compare-and-set (table ids, the commit clock
 *       floor).
 *   <li>{@code account_settings}: opaque values per account and name.
 *   <li>{@code reclaim}: ids of deleted tables whose data still has to be removed, with (since
 *       version 3) the ids of the indexes they had.
 *   <li>{@code index_entries} (since version 3): the secondary-index entries ({@link
 *       CassandraIndexEntries}), one Cassandra partition per index, clustered by the entry's bytes
 *       (blob clustering sorts as unsigned bytes, the order {@link
 *       dev.tabula.engine.index.IndexRead} needs). A partition holds one row of about 50 bytes per
 *       entity that has the indexed property, so one index of a 1,000,000-entity table is a ~50 MB
 *       partition: Cassandra reads it by clustering slices, but compaction and repair handle it
 *       whole, and its replicas are the only nodes that serve its reads.
 * </ul>
 *
 * <p>Version {@value #VERSION} is stored in {@code schema_version}. A later release appends a
 * migration to {@link #MIGRATIONS}; every statement must be idempotent, because two servers
 * starting together may both run it.
 */
final class CassandraSchema {
  static final int VERSION = 3;

  /**
   * Cassandra's answers to an ADD of a column that exists (a second server ran it first): 5.0 says
   * "Column with name 'x' already exists", 4.x "... conflicts with an existing column".
   */
  private static final List<String> COLUMN_EXISTS =
      List.of("already exists", "conflicts with an existing column");

  private static final List<List<String>> MIGRATIONS =
      List.of(
          List.of(
              "CREATE TABLE IF NOT EXISTS %s.entities (table_id bigint, pk text, rk text, ts bigint,"
                  + " value blob, PRIMARY KEY ((table_id, pk), rk))",
              "CREATE TABLE IF NOT EXISTS %s.partitions (table_id bigint, pk text,"
                  + " PRIMARY KEY ((table_id), pk))",
              "CREATE TABLE IF NOT EXISTS %s.tables (account text, canonical text, name text, id bigint,"
                  + " policies blob, PRIMARY KEY ((account), canonical))",
              "CREATE TABLE IF NOT EXISTS %s.sequences (name text PRIMARY KEY, value bigint)",
              "CREATE TABLE IF NOT EXISTS %s.account_settings (account text, name text, value blob,"
                  + " PRIMARY KEY ((account), name))",
              "CREATE TABLE IF NOT EXISTS %s.reclaim (shard int, table_id bigint,"
                  + " PRIMARY KEY ((shard), table_id))"),
          List.of("ALTER TABLE %s.tables ADD settings blob"),
          List.of(
              "CREATE TABLE IF NOT EXISTS %s.index_entries (table_id bigint, index_id int,"
                  + " entry blob, PRIMARY KEY ((table_id, index_id), entry))",
              "ALTER TABLE %s.reclaim ADD index_ids set<int>"));

  private CassandraSchema() {}

  /** The statements that bring {@code keyspace} from {@code version} - 1 to {@code version}. */
  static List<String> migration(int version, String keyspace) {
    return MIGRATIONS.get(version - 1).stream().map(s -> String.format(s, keyspace)).toList();
  }

  /**
   * Creates the keyspace (with the configured replication) and every table that is missing, and
   * records the schema version.
   *
   * @throws IllegalStateException when the keyspace was written by a newer release
   */
  static void ensure(CqlSession session, CassandraOptions options) {
    String ks = options.keyspace();
    ddl(
        session,
        "CREATE KEYSPACE IF NOT EXISTS " + ks + " WITH replication = " + options.replication());
    ddl(
        session,
        "CREATE TABLE IF NOT EXISTS "
            + ks
            + ".schema_version (component text PRIMARY KEY, version int)");
    int current = storedVersion(session, ks);
    if (current > VERSION) {
      throw new IllegalStateException(
          "keyspace "
              + ks
              + " has schema version "
              + current
              + "; this release knows up to "
              + VERSION);
    }
    for (int version = current + 1; version <= VERSION; version++) {
      for (String statement : migration(version, ks)) {
        migrate(session, statement);
      }
      session.execute(
          SimpleStatement.newInstance(
                  "INSERT INTO " + ks + ".schema_version (component, version) VALUES ('tabula', ?)",
                  version)
              .setConsistencyLevel(ConsistencyLevel.QUORUM));
    }
  }

  private static int storedVersion(CqlSession session, String ks) {
    Row row =
        session
            .execute(
                SimpleStatement.newInstance(
                    "SELECT version FROM " + ks + ".schema_version WHERE component = 'tabula'"))
            .one();
    return row == null ? 0 : row.getInt(0);
  }

  /**
   * Runs one migration statement. CQL has no {@code ADD ... IF NOT EXISTS} for columns in every
   * supported release, so an ADD that finds its column (another server added it) counts as done.
   */
  private static void migrate(CqlSession session, String cql) {
    try {
      ddl(session, cql);
    } catch (InvalidQueryException e) {
      String message = e.getMessage();
      if (message == null || COLUMN_EXISTS.stream().noneMatch(message::contains)) {
        throw e;
      }
    }
  }

  private static void ddl(CqlSession session, String cql) {
    session.execute(SimpleStatement.newInstance(cql).setTimeout(CassandraSessions.SCHEMA_TIMEOUT));
  }
}
