package dev.tabula.query;

import dev.tabula.model.EntityKey;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Turns a {@link KeySpace} into key ranges, ordered and disjoint. A box with one PartitionKey
 * becomes a range inside that partition, bounded by its RowKey interval; any other box becomes the
 * range of its PartitionKey interval (its RowKey condition is left to the residual filter).
 * Exclusive string ends use the immediate successor {@code s + U+0000}: in code-point order no
 * string lies between {@code s} and it.
 */
final class KeyRanges {
  private static final String SUCCESSOR = "\u0000";
  private static final Comparator<QueryRange> BY_LOWER =
      Comparator.comparing(KeyRanges::lowerKey, Comparator.nullsFirst(Comparator.naturalOrder()));

  private KeyRanges() {}

  /**
   * The ranges covering every key of the space, sorted, with overlapping or touching ones merged.
   */
  static List<QueryRange> of(KeySpace space) {
    List<QueryRange> ranges = new ArrayList<>();
    for (KeyBox box : space.boxes()) {
      QueryRange range = toRange(box);
      if (!isEmpty(range)) {
        ranges.add(range);
      }
    }
    ranges.sort(BY_LOWER);
    return merge(ranges);
  }

  private static List<QueryRange> merge(List<QueryRange> sorted) {
    List<QueryRange> merged = new ArrayList<>();
    for (QueryRange next : sorted) {
      if (merged.isEmpty()) {
        merged.add(next);
        continue;
      }
      QueryRange last = merged.get(merged.size() - 1);
      EntityKey lastUpper = upperKey(last);
      if (lastUpper == null) {
        break; // the last range runs to the end of the table and covers the rest
      }
      EntityKey nextLower = lowerKey(next);
      if (nextLower == null || nextLower.compareTo(lastUpper) <= 0) {
        EntityKey nextUpper = upperKey(next);
        RangeBound upper =
            nextUpper == null || nextUpper.compareTo(lastUpper) > 0 ? next.upper() : last.upper();
        merged.set(merged.size() - 1, new QueryRange(last.lower(), upper));
      } else {
        merged.add(next);
      }
    }
    return merged;
  }

  /**
   * Whether the ranges of {@code space} hold only its keys: they do unless a box spanning more than
   * one partition also bounds its RowKeys, which a range cannot express.
   */
  static boolean exact(KeySpace space) {
    for (KeyBox box : space.boxes()) {
      if (!box.partitionKeys().isPoint() && !box.rowKeys().equals(StringInterval.ALL)) {
        return false;
      }
    }
    return true;
  }

  static QueryRange toRange(KeyBox box) {
    StringInterval pk = box.partitionKeys();
    if (pk.isPoint()) {
      return inPartition(
          Objects.requireNonNull(pk.lower()), box.rowKeys()); // a point has both ends
    }
    @Nullable RangeBound lower =
        pk.lower() == null
            ? null
            : pk.lowerInclusive() ? RangeBound.startOf(pk.lower()) : RangeBound.endOf(pk.lower());
    @Nullable RangeBound upper =
        pk.upper() == null
            ? null
            : pk.upperInclusive() ? RangeBound.endOf(pk.upper()) : RangeBound.startOf(pk.upper());
    return new QueryRange(lower, upper);
  }

  private static QueryRange inPartition(String partitionKey, StringInterval rk) {
    RangeBound lower =
        rk.lower() == null
            ? RangeBound.startOf(partitionKey)
            : RangeBound.at(
                new EntityKey(
                    partitionKey, rk.lowerInclusive() ? rk.lower() : rk.lower() + SUCCESSOR));
    RangeBound upper =
        rk.upper() == null
            ? RangeBound.endOf(partitionKey)
            : RangeBound.at(
                new EntityKey(
                    partitionKey, rk.upperInclusive() ? rk.upper() + SUCCESSOR : rk.upper()));
    return new QueryRange(lower, upper);
  }

  /** The first key at or after a position; after a partition that is the next partition's first. */
  static EntityKey position(RangeBound bound) {
    if (bound instanceof RangeBound.AtKey at) {
      return at.key();
    }
    return EntityKey.firstOf(((RangeBound.AfterPartition) bound).partitionKey() + SUCCESSOR);
  }

  /** The position a range starts at, or null from the first key. */
  static @Nullable EntityKey lowerKey(QueryRange range) {
    return range.lower() == null ? null : position(range.lower());
  }

  /** The position a range ends at (exclusive), or null to the last key. */
  static @Nullable EntityKey upperKey(QueryRange range) {
    return range.upper() == null ? null : position(range.upper());
  }

  private static boolean isEmpty(QueryRange range) {
    EntityKey lower = lowerKey(range);
    EntityKey upper = upperKey(range);
    return lower != null && upper != null && lower.compareTo(upper) >= 0;
  }
}
