package dev.tabula.engine;

import dev.tabula.model.EntityKey;
import java.util.Objects;

/**
 * A position between keys in (PartitionKey, RowKey) order: just before a key, or just after every
 * key of a partition. A position is needed for the second kind because no key marks "after the last
 * RowKey of a partition".
 */
public sealed interface KeyBound {

  /** True when {@code key} lies at or after this position. */
  boolean precedes(EntityKey key);

  /** The position just before {@code key}. */
  record AtKey(EntityKey key) implements KeyBound {
    public AtKey {
      Objects.requireNonNull(key, "key");
    }

    @Override
    public boolean precedes(EntityKey other) {
      return other.compareTo(key) >= 0;
    }
  }

  /** The position just after every key whose PartitionKey is {@code partitionKey}. */
  record AfterPartition(String partitionKey) implements KeyBound {
    public AfterPartition {
      Objects.requireNonNull(partitionKey, "partitionKey");
    }

    @Override
    public boolean precedes(EntityKey other) {
      return EntityKey.KEY_ORDER.compare(other.partitionKey(), partitionKey) > 0;
    }
  }

  /** The position before {@code key}. */
  static KeyBound at(EntityKey key) {
    return new AtKey(key);
  }

  /** The position before the first key of a partition. */
  static KeyBound startOf(String partitionKey) {
    return new AtKey(EntityKey.firstOf(partitionKey));
  }

  /** The position after the last key of a partition. */
  static KeyBound endOf(String partitionKey) {
    return new AfterPartition(partitionKey);
  }
}
