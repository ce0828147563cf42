package dev.tabula.engine;

import dev.tabula.model.EntityKey;
import org.jspecify.annotations.Nullable;

/**
 * The keys between two positions: {@code lower} (null: from the first key) up to {@code upper}
 * (null: to the last key). A key at {@code lower} is included; a key at {@code upper} is not.
 */
public record KeyRange(@Nullable KeyBound lower, @Nullable KeyBound upper) {

  /** Every key of the table. */
  public static final KeyRange ALL = new KeyRange(null, null);

  /** Every key of one partition. */
  public static KeyRange partition(String partitionKey) {
    return new KeyRange(KeyBound.startOf(partitionKey), KeyBound.endOf(partitionKey));
  }

  /** True when the key lies in this range. */
  public boolean contains(EntityKey key) {
    return (lower == null || lower.precedes(key)) && (upper == null || !upper.precedes(key));
  }

  /** True when the key lies after this range, so an ordered scan can stop. */
  public boolean isAfter(EntityKey key) {
    return upper != null && upper.precedes(key);
  }

  /** The same range with its lower bound moved to {@code key}, to resume a scan. */
  public KeyRange resumeAt(EntityKey key) {
    return new KeyRange(KeyBound.at(key), upper);
  }
}
