package dev.tabula.engine;

import dev.tabula.model.IndexDefinition;
import java.util.List;
import java.util.Objects;

/**
 * A query's read through a secondary index ({@link EntityStore#scanIndex}): the entities that have
 * an entry of {@code index} in one of {@code ranges}, whose keys lie in the request's key range, in
 * (PartitionKey, RowKey) order, filtered and bounded as a {@link ScanRequest} says.
 *
 * @param index the index to read, one of the table's
 * @param ranges the entries to read; none reads nothing
 * @param request what a scan of the same query would be given: its range (a resumed query's lower
 *     bound is the key to resume at), limit, deadline, filter and byte bound
 */
public record IndexScan(IndexDefinition index, List<IndexRange> ranges, ScanRequest request) {
  public IndexScan {
    Objects.requireNonNull(index, "index");
    Objects.requireNonNull(request, "request");
    ranges = List.copyOf(ranges);
  }
}
