package dev.tabula.bench.load;

/**
 * A query followed through its continuations to the end (or until it failed or ran out of time).
 *
 * @param pages the pages received
 * @param entities the entities received, over all pages
 * @param mismatches entities without the expected property value
 * @param disorder entities not in ascending key order, within and across pages
 * @param first the first entity's key, or null when none came back
 * @param last the last entity's key, or null
 * @param nanos the time from the first request to the last response
 * @param error what went wrong (a status, a time-out), or null when the query completed
 */
public record FullQuery(
    int pages,
    long entities,
    long mismatches,
    long disorder,
    RowId first,
    RowId last,
    long nanos,
    String error) {

  /**
   * Runs {@code filter} over {@code table} page by page, recording each page's latency.
   *
   * @param maxPages a guard against a server that never stops sending continuations
   * @param deadline the System.nanoTime() after which no further page is requested
   */
  public static FullQuery run(
      TableClient client, String table, String filter, FeedReader reader,
      Latencies pageLatencies, int maxPages, long deadline) {
    long start = System.nanoTime();
    int pages = 0;
    long entities = 0;
    long mismatches = 0;
    long disorder = 0;
    RowId first = null;
    RowId last = null;
    Continuation next = null;
    String error = null;
    do {
      if (pages >= maxPages || System.nanoTime() - deadline > 0) {
        error = "stopped after " + pages + " pages (page or time bound)";
        break;
      }
      QueryPage page = client.queryPage(table, filter, next, reader);
      pages++;
      pageLatencies.record(page.nanos());
      if (page.status() != 200) {
        error = "page " + pages + " answered " + page.status() + ": " + page.error();
        break;
      }
      FeedSummary feed = page.feed();
      entities += feed.count();
      mismatches += feed.mismatches();
      disorder += feed.disorder();
      if (feed.first() != null) {
        disorder += last != null && feed.first().compareTo(last) <= 0 ? 1 : 0;
        first = first == null ? feed.first() : first;
        last = feed.last();
      }
      next = page.next();
    } while (next != null);
    return new FullQuery(pages, entities, mismatches, disorder, first, last, System.nanoTime() - start, error);
  }
}
