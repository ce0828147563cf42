package dev.tabula.bench.load;

import dev.tabula.bench.load.HttpConnection.Response;
import java.io.IOException;

/**
 * A query followed through its continuations to the end (or until a page failed or the page bound
 * was reached), as a client reads it: every page parsed and checked by a {@link FeedReader}.
 *
 * @param pages the pages received
 * @param entities the entities received, over all pages
 * @param mismatches entities without the expected property value
 * @param disorder entities not in ascending key order, within and across pages
 * @param error what went wrong (a status, the page bound), or null when the query completed
 */
public record FullQuery(int pages, long entities, long mismatches, long disorder, String error) {

  /**
   * Runs {@code filter} over {@code table} page by page.
   *
   * @param select the $select list, or null for every property
   * @param maxPages a guard against a server that never stops sending continuations
   */
  public static FullQuery run(
      TableConnection connection,
      String table,
      String filter,
      String select,
      FeedReader reader,
      int maxPages)
      throws IOException {
    int pages = 0;
    long entities = 0;
    long mismatches = 0;
    long disorder = 0;
    RowId last = null;
    Continuation next = null;
    do {
      if (pages >= maxPages) {
        return new FullQuery(
            pages, entities, mismatches, disorder, "stopped after " + pages + " pages");
      }
      Response page = connection.queryPage(table, filter, select, next);
      pages++;
      if (page.status() != 200) {
        String error = "page " + pages + " answered " + page.status() + ": " + page.bodyText(200);
        return new FullQuery(pages, entities, mismatches, disorder, error);
      }
      FeedSummary feed = reader.read(page.body());
      entities += feed.count();
      mismatches += feed.mismatches();
      disorder += feed.disorder();
      if (feed.first() != null) {
        disorder += last != null && feed.first().compareTo(last) <= 0 ? 1 : 0;
        last = feed.last();
      }
      next = Continuation.of(page);
    } while (next != null);
    return new FullQuery(pages, entities, mismatches, disorder, null);
  }

  /** How many entities {@code table} holds, counted through a keys-only query. */
  public static FullQuery count(TableConnection connection, String table, int maxPages)
      throws IOException {
    return run(connection, table, null, "PartitionKey,RowKey", FeedReader.keysOnly(), maxPages);
  }
}
