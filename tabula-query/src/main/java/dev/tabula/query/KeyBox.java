package dev.tabula.query;

import org.jspecify.annotations.Nullable;

/**
 * The keys whose PartitionKey lies in one interval and whose RowKey lies in another: what a
 * conjunction of key comparisons can match.
 */
record KeyBox(StringInterval partitionKeys, StringInterval rowKeys) {
  /** Every key. */
  static final KeyBox ALL = new KeyBox(StringInterval.ALL, StringInterval.ALL);

  /** The keys in both boxes, or null when there are none. */
  @Nullable KeyBox intersect(KeyBox other) {
    StringInterval pk = partitionKeys.intersect(other.partitionKeys);
    StringInterval rk = rowKeys.intersect(other.rowKeys);
    return pk.isEmpty() || rk.isEmpty() ? null : new KeyBox(pk, rk);
  }
}
