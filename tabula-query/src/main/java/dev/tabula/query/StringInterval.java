package dev.tabula.query;

import dev.tabula.model.EntityKey;
import java.util.Comparator;
import org.jspecify.annotations.Nullable;

/**
 * A set of strings between two ends in code-point order (the key order); a null end is unbounded.
 * Used by the planner for the PartitionKeys and RowKeys a filter can match.
 */
record StringInterval(
    @Nullable String lower,
    boolean lowerInclusive,
    @Nullable String upper,
    boolean upperInclusive) {
  private static final Comparator<String> ORDER = EntityKey.KEY_ORDER;

  /** Every string. */
  static final StringInterval ALL = new StringInterval(null, false, null, false);

  /**
   * The strings {@code s} with {@code s op value}; {@code ne} is not an interval (see {@link
   * KeySpace}).
   */
  static StringInterval of(ComparisonOperator op, String value) {
    return switch (op) {
      case EQ -> new StringInterval(value, true, value, true);
      case GT -> new StringInterval(value, false, null, false);
      case GE -> new StringInterval(value, true, null, false);
      case LT -> new StringInterval(null, false, value, false);
      case LE -> new StringInterval(null, false, value, true);
      case NE -> throw new IllegalArgumentException("ne is two intervals");
    };
  }

  /** True when no string lies in this interval. */
  boolean isEmpty() {
    if (lower == null || upper == null) {
      return false;
    }
    int order = ORDER.compare(lower, upper);
    return order > 0 || (order == 0 && !(lowerInclusive && upperInclusive));
  }

  /** True when exactly one string lies in this interval. */
  boolean isPoint() {
    return lower != null && lower.equals(upper) && lowerInclusive && upperInclusive;
  }

  /** The strings in both intervals (possibly empty). */
  StringInterval intersect(StringInterval other) {
    String lo = lower;
    boolean loIn = lowerInclusive;
    if (other.lower != null) {
      int order = lower == null ? -1 : ORDER.compare(lower, other.lower);
      if (order < 0 || (order == 0 && !other.lowerInclusive)) {
        lo = other.lower;
        loIn = other.lowerInclusive;
      }
    }
    String hi = upper;
    boolean hiIn = upperInclusive;
    if (other.upper != null) {
      int order = upper == null ? 1 : ORDER.compare(upper, other.upper);
      if (order > 0 || (order == 0 && !other.upperInclusive)) {
        hi = other.upper;
        hiIn = other.upperInclusive;
      }
    }
    return new StringInterval(lo, loIn, hi, hiIn);
  }
}
