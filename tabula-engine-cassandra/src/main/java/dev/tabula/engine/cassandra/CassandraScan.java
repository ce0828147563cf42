package dev.tabula.engine.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import dev.tabula.engine.KeyBound;
import dev.tabula.engine.KeyRange;
import dev.tabula.engine.Page;
import dev.tabula.engine.RowFilter;
import dev.tabula.engine.ScanRequest;
import dev.tabula.engine.StopReason;
import dev.tabula.model.Entity;
import dev.tabula.model.EntityKey;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.LongConsumer;

/**
 * {@link dev.tabula.engine.EntityStore#scan}: walks the partition directory in PartitionKey order
 * and reads each partition in RowKey order (Cassandra's clustering order for text is UTF-8 byte
 * order, which is code-point order). Like every engine it stops before reading the entity after a
 * full page, so the resume key is the next stored key and a page ending the range says so.
 *
 * <p>Each partition read is one Cassandra query, and a single-partition read sees a conditional
 * batch whole or not at all; a partition larger than one fetch is read in several fetches, between
 * which a batch may land. Fetches are sized in bytes as well as rows ({@link CassandraFetchSizer}),
 * so a page of large entities never brings more than about its byte bound into the driver's memory
 * at once. Thread-safe.
 */
final class CassandraScan {
  private static final int DIRECTORY_FETCH = 100;

  private final CqlSession session;
  private final CassandraPartitionDirectory directory;
  private final PreparedStatement partition;
  private final PreparedStatement partitionFrom;
  private final LongConsumer fetchedBytes;

  CassandraScan(CqlSession session, String keyspace, CassandraPartitionDirectory directory) {
    this(session, keyspace, directory, bytes -> {});
  }

  /** As above; {@code fetchedBytes} is told the size of every response of a partition read. */
  CassandraScan(
      CqlSession session,
      String keyspace,
      CassandraPartitionDirectory directory,
      LongConsumer fetchedBytes) {
    this.session = session;
    this.directory = directory;
    this.fetchedBytes = fetchedBytes;
    String select =
        "SELECT rk, value FROM " + keyspace + ".entities" + " WHERE table_id = ? AND pk = ?";
    this.partition = session.prepare(select);
    this.partitionFrom = session.prepare(select + " AND rk >= ?");
  }

  Page page(long tableId, ScanRequest request) {
    KeyRange range = request.range();
    Collector collector = new Collector(request);
    CassandraFetchSizer sizer = new CassandraFetchSizer(); // learns the rows' size for the page
    Iterator<String> partitions = partitionsFrom(tableId, range.lower());
    while (partitions.hasNext()) {
      String partitionKey = partitions.next();
      if (range.isAfter(EntityKey.firstOf(partitionKey))) {
        break;
      }
      Iterator<Row> rows =
          new CassandraFetches(
              session,
              rows(tableId, partitionKey, range.lower()),
              sizer,
              () -> sizer.nextFetch(collector.remainingBytes(), rowsWanted(request)),
              fetchedBytes);
      while (rows.hasNext()) {
        Row row = rows.next();
        Entity entity = CassandraRows.entity(partitionKey, row);
        if (range.isAfter(entity.key())) {
          return collector.exhausted();
        }
        Page stop = collector.stopBefore(entity.key());
        if (stop != null) {
          return stop;
        }
        collector.offer(entity);
      }
    }
    return collector.exhausted();
  }

  private Iterator<String> partitionsFrom(long tableId, KeyBound lower) {
    if (lower instanceof KeyBound.AtKey at) {
      return directory.partitions(tableId, at.key().partitionKey(), true, DIRECTORY_FETCH);
    }
    if (lower instanceof KeyBound.AfterPartition after) {
      return directory.partitions(tableId, after.partitionKey(), false, DIRECTORY_FETCH);
    }
    return directory.partitions(tableId, null, true, DIRECTORY_FETCH);
  }

  /**
   * One row more than the page holds, to learn the resume key without another query. Not reduced by
   * the entities kept so far: with a filter that rejects most rows, fetches stay large.
   */
  private static int rowsWanted(ScanRequest request) {
    return (int) Math.min(Integer.MAX_VALUE, request.limit() + 1L);
  }

  private BoundStatement rows(long tableId, String partitionKey, KeyBound lower) {
    BoundStatement statement =
        lower instanceof KeyBound.AtKey at && at.key().partitionKey().equals(partitionKey)
            ? partitionFrom.bind(tableId, partitionKey, at.key().rowKey())
            : partition.bind(tableId, partitionKey);
    return statement.setIdempotent(true);
  }

  /** The page being filled, and the rules for when it ends. */
  private static final class Collector {
    private final ScanRequest request;
    private final List<Entity> kept = new ArrayList<>();
    private long scanned;
    private long keptBytes;

    Collector(ScanRequest request) {
      this.request = request;
    }

    /** The page to return instead of reading {@code next}, or null to read on. */
    Page stopBefore(EntityKey next) {
      if (request.full(kept.size(), keptBytes)) {
        return new Page(kept, next, StopReason.RETURN_LIMIT_REACHED, scanned, keptBytes);
      }
      if (System.nanoTime() - request.deadlineNanos() >= 0) {
        return new Page(kept, next, StopReason.TIME_LIMIT_REACHED, scanned, keptBytes);
      }
      return null;
    }

    /** What the page may still keep before its byte bound ends it. */
    long remainingBytes() {
      return Math.max(0, request.maxBytes() - keptBytes);
    }

    void offer(Entity entity) {
      scanned++;
      if (request.filter().test(RowFilter.Row.of(entity))) {
        kept.add(entity);
        keptBytes += request.sizeOf(entity);
      }
    }

    Page exhausted() {
      return new Page(kept, null, StopReason.SOURCE_EXHAUSTED, scanned, keptBytes);
    }
  }
}
