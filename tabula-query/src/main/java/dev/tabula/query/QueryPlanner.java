package dev.tabula.query;

import dev.tabula.model.EdmValue;
import java.util.List;

/**
 * Plans a filter: conditions on {@code PartitionKey} and {@code RowKey} become key ranges (a point,
 * a partition, PartitionKey ranges such as the prefix idiom {@code PartitionKey ge 'Veg' and
 * PartitionKey lt 'Veh'}, RowKey ranges inside one partition, and {@code or} of those as an
 * ordered union); everything else is left to the residual, which is the whole filter. {@code not}
 * is pushed down to the comparisons, where a key comparison with a string flips its operator (keys
 * are always present, so its negation is exact) and any other condition keeps every key.
 * Stateless and thread-safe.
 */
public final class QueryPlanner {
  private QueryPlanner() {}

  /** The plan for a filter; a null filter reads the whole table. */
  public static QueryPlan plan(Filter filter) {
    if (filter == null) {
      return QueryPlan.fullScan();
    }
    List<dev.tabula.engine.KeyRange> ranges = KeyRanges.of(space(filter, false));
    return new QueryPlan(
        filter,
        ranges,
        FilterEvaluator.predicate(filter),
        FilterEvaluator.rowFilter(filter),
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
    return KeySpace.ALL; // a bare boolean property says nothing about keys
  }

  private static KeySpace comparison(Filter.Comparison comparison, boolean negated) {
    boolean partitionKey = comparison.property().equals("PartitionKey");
    if (!partitionKey && !comparison.property().equals("RowKey")) {
      return KeySpace.ALL;
    }
    if (!(comparison.literal() instanceof EdmValue.EdmString literal)) {
      // A key is a string, so a comparison with another type matches no entity at all.
      return negated ? KeySpace.ALL : KeySpace.NONE;
    }
    ComparisonOperator op = negated ? comparison.operator().negate() : comparison.operator();
    if (op == ComparisonOperator.NE) {
      KeySpace below = keys(partitionKey, StringInterval.of(ComparisonOperator.LT, literal.value()));
      return below.or(keys(partitionKey, StringInterval.of(ComparisonOperator.GT, literal.value())));
    }
    return keys(partitionKey, StringInterval.of(op, literal.value()));
  }

  private static KeySpace keys(boolean partitionKey, StringInterval interval) {
    return KeySpace.of(partitionKey
        ? new KeyBox(interval, StringInterval.ALL)
        : new KeyBox(StringInterval.ALL, interval));
  }
}
