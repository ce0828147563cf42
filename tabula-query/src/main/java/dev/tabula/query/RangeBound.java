package dev.tabula.query;

import dev.tabula.model.EntityKey;
import java.util.Objects;

/**
 * A position between keys in (PartitionKey, RowKey) order, as a plan's ranges are bounded: just
 * before a key, or just after every key of a partition. A position is needed for the second kind
 * because no key a client can store marks "after the last RowKey of a partition". The query's own
 * type: core hands it to an engine as the engine's bound.
 */
public sealed interface RangeBound {

  /** True when {@code key} lies at or after this position. */
  boolean precedes(EntityKey key);

  /** The position just before {@code key}. */
  record AtKey(EntityKey key) implements RangeBound {
    public AtKey {
      Objects.requireNonNull(key, "key");
    }

    @Override
    public boolean precedes(EntityKey other) {
      return other.compareTo(key) >= 0;
    }
  }

  /** The position just after every key whose PartitionKey is {@code partitionKey}. */
  record AfterPartition(String partitionKey) implements RangeBound {
    public AfterPartition {
      Objects.requireNonNull(partitionKey, "partitionKey");
    }

    @Override
    public boolean precedes(EntityKey other) {
      return EntityKey.KEY_ORDER.compare(other.partitionKey(), partitionKey) > 0;
    }
  }

  /** The position before {@code key}. */
  static RangeBound at(EntityKey key) {
    return new AtKey(key);
  }

  /** The position before the first key of a partition. */
  static RangeBound startOf(String partitionKey) {
    return new AtKey(EntityKey.firstOf(partitionKey));
  }

  /** The position after the last key of a partition. */
  static RangeBound endOf(String partitionKey) {
    return new AfterPartition(partitionKey);
  }
}
