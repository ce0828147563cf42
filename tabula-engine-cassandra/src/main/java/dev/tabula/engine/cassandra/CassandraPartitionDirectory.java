package dev.tabula.engine.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The ordered list of PartitionKeys of each table ({@code partitions}), which gives cross-partition
 * scans the service's order on any partitioner, ScyllaDB's Murmur3 included.
 *
 * <p>A PartitionKey is recorded before the first entity of its partition is written, so a scan
 * never misses a committed entity; a recorded partition may be empty (its entities deleted, or its
 * first write failed), which costs a scan one read and nothing else. Entries are removed only with
 * their table's data ({@link CassandraReclaimer}), which is why a cache of recorded entries stays
 * true. Directory rows are plain writes on their own table, never mixed with the lightweight
 * transactions on entity rows. Thread-safe.
 */
final class CassandraPartitionDirectory {
  /** Enough to skip the directory write for the hot partitions; cleared when full. */
  private static final int CACHE_LIMIT = 100_000;

  private final CqlSession session;
  private final PreparedStatement record;
  private final PreparedStatement fromInclusive;
  private final PreparedStatement fromExclusive;
  private final PreparedStatement all;
  private final Map<Long, Map<String, Boolean>> recorded = new ConcurrentHashMap<>();
  private int cached;

  CassandraPartitionDirectory(CqlSession session, String keyspace) {
    this.session = session;
    String table = keyspace + ".partitions";
    this.record = session.prepare("INSERT INTO " + table + " (table_id, pk) VALUES (?, ?)");
    String select = "SELECT pk FROM " + table + " WHERE table_id = ?";
    this.fromInclusive = session.prepare(select + " AND pk >= ?");
    this.fromExclusive = session.prepare(select + " AND pk > ?");
    this.all = session.prepare(select);
  }

  /** Records that {@code partitionKey} may hold entities of the table. Idempotent. */
  void record(long tableId, String partitionKey) {
    Map<String, Boolean> known = recorded.computeIfAbsent(tableId, id -> new ConcurrentHashMap<>());
    if (known.containsKey(partitionKey)) {
      return;
    }
    session.execute(record.bind(tableId, partitionKey).setIdempotent(true));
    remember(known, partitionKey);
  }

  private synchronized void remember(Map<String, Boolean> known, String partitionKey) {
    if (++cached > CACHE_LIMIT) {
      recorded.values().forEach(Map::clear);
      cached = 0;
    }
    known.put(partitionKey, Boolean.TRUE);
  }

  /**
   * The table's PartitionKeys in code-point order, from {@code from} (null: the first), fetched
   * lazily page by page.
   */
  Iterator<String> partitions(long tableId, String from, boolean inclusive, int pageSize) {
    BoundStatement statement =
        from == null
            ? all.bind(tableId)
            : (inclusive ? fromInclusive : fromExclusive).bind(tableId, from);
    Iterator<Row> rows =
        session.execute(statement.setPageSize(pageSize).setIdempotent(true)).iterator();
    return new Iterator<>() {
      @Override
      public boolean hasNext() {
        return rows.hasNext();
      }

      @Override
      public String next() {
        return rows.next().getString(0);
      }
    };
  }

  /** Forgets the cached entries of a table whose data is being reclaimed. */
  void forget(long tableId) {
    recorded.remove(tableId);
  }
}
