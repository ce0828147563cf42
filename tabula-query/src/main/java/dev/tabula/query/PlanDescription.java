package dev.tabula.query;

import dev.tabula.model.EntityKey;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** Names the shape of a plan's ranges for people reading the query-plan header and metrics. */
final class PlanDescription {
  static final String SCAN = "scan";
  static final String EMPTY = "empty";
  static final String POINT = "point";
  static final String PARTITION = "partition";
  static final String ROW_RANGE = "row-range";
  static final String PARTITION_RANGE = "partition-range";

  private PlanDescription() {}

  static String of(List<QueryRange> ranges) {
    if (ranges.isEmpty()) {
      return EMPTY;
    }
    if (ranges.size() > 1) {
      return "union(" + ranges.size() + ")";
    }
    QueryRange range = ranges.get(0);
    if (range.lower() == null && range.upper() == null) {
      return SCAN;
    }
    String partition = singlePartition(range);
    if (partition == null) {
      return PARTITION_RANGE;
    }
    if (range.equals(QueryRange.partition(partition))) {
      return PARTITION;
    }
    return isPoint(range) ? POINT : ROW_RANGE;
  }

  /** The partition both ends of the range lie in, or null when it spans partitions. */
  static @Nullable String singlePartition(QueryRange range) {
    if (!(range.lower() instanceof RangeBound.AtKey lower)) {
      return null;
    }
    String pk = lower.key().partitionKey();
    if (range.upper() instanceof RangeBound.AfterPartition after
        && after.partitionKey().equals(pk)) {
      return pk;
    }
    if (range.upper() instanceof RangeBound.AtKey upper && upper.key().partitionKey().equals(pk)) {
      return pk;
    }
    return null;
  }

  private static boolean isPoint(QueryRange range) {
    if (!(range.upper() instanceof RangeBound.AtKey upper)
        || !(range.lower() instanceof RangeBound.AtKey lower)) {
      return false;
    }
    EntityKey first = lower.key();
    return upper.key().rowKey().equals(first.rowKey() + "\u0000");
  }
}
