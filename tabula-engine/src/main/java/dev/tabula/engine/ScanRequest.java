package dev.tabula.engine;

import dev.tabula.model.Entity;
import dev.tabula.model.EntityRules;
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
 * @param maxBytes the page ends with {@link StopReason#RETURN_LIMIT_REACHED} once the entities kept
 *     reach this many bytes, checked before reading the next one, so a page always holds at least
 *     one entity; it bounds the memory a page of large entities takes, whatever {@code limit}
 *     allows. Bytes by the service's size accounting ({@link #sizeOf}), or by an engine's cheaper
 *     measure close to it: RocksDB counts twice its stored value's length (the service counts 2
 *     bytes per string character), as decoding every property to size it doubled the cost of a page
 */
public record ScanRequest(
    KeyRange range, int limit, long deadlineNanos, RowFilter filter, long maxBytes) {
  /** No bound on a page's bytes beyond {@code limit}. */
  public static final long UNBOUNDED_BYTES = Long.MAX_VALUE;

  public ScanRequest {
    Objects.requireNonNull(range, "range");
    Objects.requireNonNull(filter, "filter");
    if (limit < 1) {
      throw new IllegalArgumentException("limit must be positive: " + limit);
    }
    if (maxBytes < 1) {
      throw new IllegalArgumentException("maxBytes must be positive: " + maxBytes);
    }
  }

  /** A scan whose pages are bounded by their entity count only. */
  public ScanRequest(KeyRange range, int limit, long deadlineNanos, RowFilter filter) {
    this(range, limit, deadlineNanos, filter, UNBOUNDED_BYTES);
  }

  /** Whether the entities kept so far, totalling {@code keptBytes}, fill the page. */
  public boolean full(int kept, long keptBytes) {
    return kept == limit || keptBytes >= maxBytes;
  }

  /** The size of a kept entity as {@link #full} counts it; 0, not computed, when unbounded. */
  public long sizeOf(Entity entity) {
    return maxBytes == UNBOUNDED_BYTES ? 0 : EntityRules.size(entity);
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
