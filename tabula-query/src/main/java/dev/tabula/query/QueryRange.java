package dev.tabula.query;

import dev.tabula.model.EntityKey;
import org.jspecify.annotations.Nullable;

/**
 * The keys a plan reads between two positions: {@code lower} (null: from the first key) up to
 * {@code upper} (null: to the last key). A key at {@code lower} is included; a key at {@code upper}
 * is not. The query's own type: core hands it to an engine as the engine's key range.
 */
public record QueryRange(@Nullable RangeBound lower, @Nullable RangeBound upper) {

  /** Every key of the table. */
  public static final QueryRange ALL = new QueryRange(null, null);

  /** Every key of one partition. */
  public static QueryRange partition(String partitionKey) {
    return new QueryRange(RangeBound.startOf(partitionKey), RangeBound.endOf(partitionKey));
  }

  /** True when the key lies in this range. */
  public boolean contains(EntityKey key) {
    return (lower == null || lower.precedes(key)) && (upper == null || !upper.precedes(key));
  }

  /** True when the key lies after this range, so an ordered read can stop. */
  public boolean isAfter(EntityKey key) {
    return upper != null && upper.precedes(key);
  }

  /** The same range with its lower bound moved to {@code key}, to resume a read. */
  public QueryRange resumeAt(EntityKey key) {
    return new QueryRange(RangeBound.at(key), upper);
  }
}
