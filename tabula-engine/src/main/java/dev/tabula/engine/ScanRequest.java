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
 * @param filter keeps an entity in the page; rejected entities are scanned, not returned
 */
public record ScanRequest(KeyRange range, int limit, long deadlineNanos, Predicate<Entity> filter) {
  public ScanRequest {
    Objects.requireNonNull(range, "range");
    Objects.requireNonNull(filter, "filter");
    if (limit < 1) {
      throw new IllegalArgumentException("limit must be positive: " + limit);
    }
  }

  /** Every entity of the range, up to {@code limit}, within {@code budgetNanos} from now. */
  public static ScanRequest of(KeyRange range, int limit, long budgetNanos) {
    return new ScanRequest(range, limit, System.nanoTime() + budgetNanos, e -> true);
  }
}
