package dev.tabula.query;

import dev.tabula.model.EdmValue;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Plans a filter: conditions on {@code PartitionKey} and {@code RowKey} become key ranges (a point,
 * a partition, PartitionKey ranges such as the prefix idiom {@code PartitionKey ge 'Veg' and
 * PartitionKey lt 'Veh'}, RowKey ranges inside one partition, and {@code or} of those as an ordered
 * union); everything else is left to the residual, which is the whole filter. {@code not} is pushed
 * down to the comparisons, where a key comparison flips its operator (keys are always present, so
 * its negation is exact; against a constant of another type it holds for every key or for none) and
 * any other condition keeps every key. When the ranges hold exactly the keys the filter matches,
 * the residual keeps every row read. {@code startswith} on a key (an opt-in extension) is the
 * prefix range {@code ge prefix and lt successor} the Azure documentation teaches. Stateless and
 * thread-safe.
 */
public final class QueryPlanner {
  private QueryPlanner() {}

  /** The plan for a filter; a null filter reads the whole table. */
  public static QueryPlan plan(@Nullable Filter filter) {
    if (filter == null) {
      return QueryPlan.fullScan();
    }
    KeySpace space = space(filter, false);
    List<QueryRange> ranges = KeyRanges.of(space);
    if (space.exact() && KeyRanges.exact(space)) {
      // The ranges hold exactly the matching keys: checking the filter on every row read again
      // was a few percent of a partition query's page (PartitionKey decoded, compared, per row).
      return new QueryPlan(
          filter, ranges, entity -> true, RowResidual.ALL, PlanDescription.of(ranges));
    }
    return new QueryPlan(
        filter,
        ranges,
        FilterEvaluator.predicate(filter),
        FilterEvaluator.rowResidual(filter),
        PlanDescription.of(ranges));
  }

  /** The keys {@code filter} (or, when {@code negated}, {@code not filter}) may match. */
  private static KeySpace space(Filter filter, boolean negated) {
    if (filter instanceof Filter.And and) {
      KeySpace left = space(and.left(), negated);
      KeySpace right = space(and.right(), negated);
      return negated ? left.or(right) : left.and(right);
    }
    if (filter instanceof Filter.Or or) {
      KeySpace left = space(or.left(), negated);
      KeySpace right = space(or.right(), negated);
      return negated ? left.and(right) : left.or(right);
    }
    if (filter instanceof Filter.Not not) {
      return space(not.operand(), !negated);
    }
    if (filter instanceof Filter.Constant constant) {
      return constant.value() != negated ? KeySpace.ALL : KeySpace.NONE;
    }
    if (filter instanceof Filter.Comparison comparison) {
      return comparison(comparison, negated);
    }
    if (filter instanceof Filter.StartsWith startsWith) {
      return startsWith(startsWith, negated);
    }
    return KeySpace.UNDECIDED; // a bare boolean property says nothing about keys
  }

  private static KeySpace comparison(Filter.Comparison comparison, boolean negated) {
    boolean partitionKey = comparison.property().equals("PartitionKey");
    if (!partitionKey && !comparison.property().equals("RowKey")) {
      return KeySpace.UNDECIDED;
    }
    ComparisonOperator op = negated ? comparison.operator().negate() : comparison.operator();
    if (!(comparison.literal() instanceof EdmValue.EdmString literal)) {
      // A key is a string, always present, and a string against a constant of another type
      // answers the same for every entity (ValueComparison.OTHER_TYPE): ne, lt, le hold for all,
      // eq, gt, ge for none. Negation flips the operator, which flips that answer exactly.
      return op.test(ValueComparison.OTHER_TYPE) ? KeySpace.ALL : KeySpace.NONE;
    }
    if (op == ComparisonOperator.NE) {
      KeySpace below =
          keys(partitionKey, StringInterval.of(ComparisonOperator.LT, literal.value()));
      return below.or(
          keys(partitionKey, StringInterval.of(ComparisonOperator.GT, literal.value())));
    }
    return keys(partitionKey, StringInterval.of(op, literal.value()));
  }

  /**
   * {@code startswith} on a key is the prefix range {@code [prefix, successor)} ({@link
   * KeyPrefix}); its negation the keys below the prefix and those from the successor on. Both are
   * exact.
   */
  private static KeySpace startsWith(Filter.StartsWith startsWith, boolean negated) {
    boolean partitionKey = startsWith.property().equals("PartitionKey");
    if (!partitionKey && !startsWith.property().equals("RowKey")) {
      return KeySpace.UNDECIDED;
    }
    String prefix = startsWith.prefix();
    if (prefix.isEmpty()) {
      return negated ? KeySpace.NONE : KeySpace.ALL; // every string starts with ""
    }
    String successor = KeyPrefix.successor(prefix).orElse(null);
    if (!negated) {
      return keys(partitionKey, new StringInterval(prefix, true, successor, false));
    }
    KeySpace below = keys(partitionKey, StringInterval.of(ComparisonOperator.LT, prefix));
    if (successor == null) {
      return below;
    }
    return below.or(keys(partitionKey, StringInterval.of(ComparisonOperator.GE, successor)));
  }

  private static KeySpace keys(boolean partitionKey, StringInterval interval) {
    return KeySpace.of(
        partitionKey
            ? new KeyBox(interval, StringInterval.ALL)
            : new KeyBox(StringInterval.ALL, interval));
  }
}
