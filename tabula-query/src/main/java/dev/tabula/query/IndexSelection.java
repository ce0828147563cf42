package dev.tabula.query;

import java.util.List;
import java.util.Objects;

/**
 * What a query reads of one secondary index (docs/design/secondary-indexes.md): the entries of
 * {@code property} in each interval, at most one interval per type section. Every entity the filter
 * matches has an entry in one of them; some entries may belong to entities it does not match, so
 * the filter is still applied to each entity read. No intervals: the filter matches nothing.
 */
public record IndexSelection(String property, List<IndexInterval> intervals) {
  public IndexSelection {
    Objects.requireNonNull(property, "property");
    intervals = List.copyOf(intervals);
  }
}
