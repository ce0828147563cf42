package dev.tabula.query;

import dev.tabula.model.Entity;
import dev.tabula.model.EntityKey;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;

/**
 * How to run a query: read {@link #ranges} in order and keep the entities {@link #residual}
 * accepts. The ranges are sorted and disjoint and cover every entity the filter can match; the
 * residual is the whole filter, applied to every entity read, so the ranges only prune, unless the
 * ranges hold exactly the matching keys, when it keeps every entity. Immutable and thread-safe.
 *
 * @param filter the filter, or null for every entity
 * @param ranges the key ranges to read, in key order; empty when the filter matches nothing
 * @param residual the predicate every entity read must pass
 * @param rowResidual the same predicate over a scanned row's values, which names the properties it
 *     reads so an engine can decide on a partly decoded row
 * @param description a short name of the plan's shape: {@code point}, {@code partition}, {@code
 *     row-range}, {@code partition-range}, {@code union(n)}, {@code scan} or {@code empty}
 */
public record QueryPlan(
    @Nullable Filter filter,
    List<QueryRange> ranges,
    Predicate<Entity> residual,
    RowResidual rowResidual,
    String description) {

  public QueryPlan {
    ranges = List.copyOf(ranges);
    Objects.requireNonNull(residual, "residual");
    Objects.requireNonNull(rowResidual, "rowResidual");
    Objects.requireNonNull(description, "description");
  }

  /** The plan of a query without a filter: the whole table. */
  public static QueryPlan fullScan() {
    return new QueryPlan(
        null, List.of(QueryRange.ALL), entity -> true, RowResidual.ALL, PlanDescription.SCAN);
  }

  /**
   * The ranges still to read when a scan resumes at {@code next}: ranges wholly before it are
   * dropped, the one containing it starts at it, later ones are whole.
   *
   * @param next the continuation key, or null to read every range
   */
  public List<QueryRange> rangesFrom(@Nullable EntityKey next) {
    if (next == null) {
      return ranges;
    }
    List<QueryRange> rest = new ArrayList<>();
    for (QueryRange range : ranges) {
      if (range.isAfter(next)) {
        continue;
      }
      rest.add(range.contains(next) ? range.resumeAt(next) : range);
    }
    return rest;
  }

  /**
   * The one partition every range of this plan lies in (a partition, a point, RowKey ranges of one
   * partition), or null when it reads several partitions or none.
   */
  public @Nullable String partitionKey() {
    String found = null;
    for (QueryRange range : ranges) {
      String partition = PlanDescription.singlePartition(range);
      if (partition == null || (found != null && !found.equals(partition))) {
        return null;
      }
      found = partition;
    }
    return found;
  }

  /** The first key a range can hold, to continue a query at the start of that range. */
  public static EntityKey firstKeyOf(QueryRange range) {
    return range.lower() == null ? EntityKey.firstOf("") : KeyRanges.position(range.lower());
  }
}
