package dev.tabula.engine.cassandra;

/**
 * How many rows to ask Cassandra for in the next fetch of a page's scan, so that the rows one fetch
 * brings into the driver's memory stay near the page's remaining byte budget whatever the entities'
 * size. Cassandra pages by row count only (the native protocol has no byte-sized pages), so without
 * this a fetch of 1,000 rows of 1 MiB entities would hold about 1 GB for one query.
 *
 * <p>The rule: until a row of the page has been seen, a fetch asks for {@value #FIRST_FETCH} row
 * (see {@link CassandraFetches} for how that first row is used). Every later fetch prices each row
 * at the largest row seen so far in the page, and asks for as many rows as the remaining budget
 * holds, plus one: the page keeps entities until their bytes reach the budget, then needs one more
 * row to learn where the next page starts. A row costs twice its stored bytes (key and value), like
 * the RocksDB engine's measure: close to the service's accounting of 2 bytes per string character.
 * Pricing at the largest row, not the average, means a fetch overshoots the budget only by rows
 * larger than every row the page has seen. Not thread-safe: one per page.
 */
final class CassandraFetchSizer {
  /** Rows in a fetch made before any row's size is known: one, at most about 1 MiB. */
  static final int FIRST_FETCH = 1;

  /**
   * The most rows per fetch, whatever their size: as many as a page may hold (1,000) and the row
   * after them, which tells where the next page starts.
   */
  static final int MAX_ROWS = 1001;

  /** The most bytes (twice the stored bytes) one fetch is sized for, also for unbounded pages. */
  static final long MAX_BYTES = 2L * 1024 * 1024;

  private long largestRowCost;

  /** Whether a row's size is known yet. */
  boolean knowsRowSize() {
    return largestRowCost > 0;
  }

  /** Records a row that came, of {@code storedBytes} (key and value as stored). */
  void saw(long storedBytes) {
    largestRowCost = Math.max(largestRowCost, cost(storedBytes));
  }

  /**
   * The rows to ask for in the next fetch: at least 1 and at most {@code maxRows} (and {@link
   * #MAX_ROWS}).
   *
   * @param remainingBytes what the page may still keep before its byte bound ends it
   * @param maxRows the most rows the page can use (its entity limit plus one)
   */
  int nextFetch(long remainingBytes, int maxRows) {
    int cap = Math.max(1, Math.min(MAX_ROWS, maxRows));
    if (largestRowCost == 0) {
      return Math.min(FIRST_FETCH, cap);
    }
    long budget = Math.max(0, Math.min(remainingBytes, MAX_BYTES));
    long rows = (budget + largestRowCost - 1) / largestRowCost + 1; // ceil, then the resume row
    return (int) Math.min(rows, cap);
  }

  /** What a row of {@code storedBytes} is counted as against the page's bytes. */
  static long cost(long storedBytes) {
    return Math.max(1, 2 * storedBytes);
  }
}
