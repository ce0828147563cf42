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
 * continuing with the driver's paging state. The driver's own iteration would fetch every page
 * with the statement's one page size; here each fetch is sized from the rows that came before and
 * the page's remaining budget. Rows are handed out only from the fetch in hand, so at most one
 * fetch is held at a time. Not thread-safe.
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
  CassandraFetches(CqlSession session, BoundStatement statement, CassandraFetchSizer sizer,
      IntSupplier fetchSize, LongConsumer fetchedBytes) {
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
    sizer.saw(storedBytes(row, 0) + storedBytes(row, 1));
    return row;
  }

  private void fetchMore() {
    BoundStatement next = statement.setPageSize(fetchSize.getAsInt());
    if (fetch != null) {
      next = next.setPagingState(fetch.getExecutionInfo().getPagingState());
    }
    fetch = session.execute(next);
    fetchedBytes.accept(fetch.getExecutionInfo().getResponseSizeInBytes());
    leftInFetch = fetch.getAvailableWithoutFetching();
  }

  private static long storedBytes(Row row, int column) {
    ByteBuffer bytes = row.getBytesUnsafe(column);
    return bytes == null ? 0 : bytes.remaining();
  }
}
