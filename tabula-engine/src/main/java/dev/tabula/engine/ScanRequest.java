package dev.tabula.engine;

import dev.tabula.model.Entity;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * What to scan and when to stop.
 *
 * @param range the keys to visit, in order
 * @param limit the most entities to return (entities the filter rejects do not count)
 * @param deadlineNanos the {@link System#nanoTime()} after which the scan stops with {@link
 *     StopReason#TIME_LIMIT_REACHED}, returning what it has
 * @param filter keeps a row in the page; rejected rows are scanned, not returned. An engine may
 *     decode only the properties it {@linkplain RowFilter#properties() reads} before deciding.
 */
public record ScanRequest(KeyRange range, int limit, long deadlineNanos, RowFilter filter) {
  public ScanRequest {
    Objects.requireNonNull(range, "range");
    Objects.requireNonNull(filter, "filter");
    if (limit < 1) {
      throw new IllegalArgumentException("limit must be positive: " + limit);
    }
  }

  /** A scan whose filter reads whole entities (see {@link RowFilter#ofEntities}). */
  public ScanRequest(KeyRange range, int limit, long deadlineNanos, Predicate<Entity> filter) {
    this(range, limit, deadlineNanos, RowFilter.ofEntities(filter));
  }

  /** Every entity of the range, up to {@code limit}, within {@code budgetNanos} from now. */
  public static ScanRequest of(KeyRange range, int limit, long budgetNanos) {
    return new ScanRequest(range, limit, System.nanoTime() + budgetNanos, RowFilter.ALL);
  }
}
