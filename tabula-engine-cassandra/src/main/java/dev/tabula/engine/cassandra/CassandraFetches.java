package dev.tabula.engine.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import java.nio.ByteBuffer;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.function.IntSupplier;
import java.util.function.LongConsumer;

/**
 * The rows of one query (a partition read of {@code rk, value}), fetched in round trips whose row
 * count is chosen just before each one ({@code fetchSize}, from a {@link CassandraFetchSizer}),
 * continuing with the driver's paging state. The driver's own iteration would fetch every page with
 * the statement's one page size; here each fetch is sized from the rows that came before and the
 * page's remaining budget. Rows are handed out only from the fetch in hand, so at most one fetch is
 * held at a time.
 *
 * <p>A single fetch sees a conditional batch on the partition whole or not at all; two fetches may
 * see it half applied. So when nothing is known yet of the rows' size, the first round trip asks
 * for one row only, to learn it, and, if the partition holds more, the partition is read again from
 * its start with a fetch sized from that row: a partition whose rows fit one sized fetch (any
 * partition of small entities up to 1,000 rows) is still read in one fetch, as when every fetch was
 * 1,000 rows. One probe per page at most: the size learnt prices the page's later partitions. Not
 * thread-safe.
 */
final class CassandraFetches implements Iterator<Row> {
  private final CqlSession session;
  private final BoundStatement statement;
  private final CassandraFetchSizer sizer;
  private final IntSupplier fetchSize;
  private final LongConsumer fetchedBytes;
  private ResultSet fetch;
  private int leftInFetch;

  /**
   * @param fetchSize the row count of the next fetch, asked just before it is made
   * @param fetchedBytes told the size of each response as it came from Cassandra, for tests
   */
  CassandraFetches(
      CqlSession session,
      BoundStatement statement,
      CassandraFetchSizer sizer,
      IntSupplier fetchSize,
      LongConsumer fetchedBytes) {
    this.session = session;
    this.statement = statement;
    this.sizer = sizer;
    this.fetchSize = fetchSize;
    this.fetchedBytes = fetchedBytes;
  }

  @Override
  public boolean hasNext() {
    while (leftInFetch == 0) {
      if (fetch != null && fetch.isFullyFetched()) {
        return false;
      }
      fetchMore(); // a fetch may come back empty with more to come (e.g. only tombstones)
    }
    return true;
  }

  @Override
  public Row next() {
    if (!hasNext()) {
      throw new NoSuchElementException();
    }
    // Exactly the rows already fetched: the driver fetches more only when iterated past them.
    leftInFetch--;
    Row row = fetch.one();
    sizer.saw(storedBytes(row));
    return row;
  }

  private void fetchMore() {
    if (fetch == null && !sizer.knowsRowSize()) {
      ResultSet probe = execute(statement.setPageSize(CassandraFetchSizer.FIRST_FETCH));
      if (probe.isFullyFetched() || probe.getAvailableWithoutFetching() == 0) {
        use(probe); // the whole partition, or nothing to learn from yet
        return;
      }
      // Learn the row's size, then read again from the start in one fetch sized from it.
      sizer.saw(storedBytes(probe.one()));
    }
    BoundStatement next = statement.setPageSize(fetchSize.getAsInt());
    if (fetch != null) {
      next = next.setPagingState(fetch.getExecutionInfo().getPagingState());
    }
    use(execute(next));
  }

  private ResultSet execute(BoundStatement next) {
    ResultSet result = session.execute(next);
    fetchedBytes.accept(result.getExecutionInfo().getResponseSizeInBytes());
    return result;
  }

  private void use(ResultSet result) {
    fetch = result;
    leftInFetch = result.getAvailableWithoutFetching();
  }

  /** The row's key and value as stored. */
  private static long storedBytes(Row row) {
    return storedBytes(row, 0) + storedBytes(row, 1);
  }

  private static long storedBytes(Row row, int column) {
    ByteBuffer bytes = row.getBytesUnsafe(column);
    return bytes == null ? 0 : bytes.remaining();
  }
}
