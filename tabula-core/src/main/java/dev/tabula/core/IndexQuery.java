package dev.tabula.core;

import dev.tabula.core.index.IndexRanges;
import dev.tabula.engine.EntityStore;
import dev.tabula.engine.IndexPage;
import dev.tabula.engine.IndexScan;
import dev.tabula.engine.KeyRange;
import dev.tabula.engine.Page;
import dev.tabula.engine.RowFilter;
import dev.tabula.engine.ScanRequest;
import dev.tabula.engine.TableInfo;
import dev.tabula.model.EntityKey;
import dev.tabula.model.IndexDefinition;
import dev.tabula.query.Filter;
import dev.tabula.query.IndexPlanner;
import dev.tabula.query.IndexSelection;
import dev.tabula.query.QueryPlan;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Runs one page of a query through a secondary index when one can serve it
 * (docs/design/secondary-indexes.md): the table has a ready index that {@link IndexPlanner} can use
 * for the filter, and the key plan does not already pin one partition (reading a partition is
 * cheaper than any index). The page is what the key plan's scan would return, entity for entity;
 * its continuation is the next index candidate's key, which the scan plan can equally resume from
 * if the index is gone by the next page. Thread-safe.
 */
final class IndexQuery {
  private final EntityStore store;
  private final QueryCounters counters;
  private final long maxBytes;

  /** What came of trying an index: a page, or nothing with why the index was not used. */
  record Outcome(@Nullable EntityPage page, @Nullable String declined) {
    static final Outcome NOT_INDEXED = new Outcome(null, null);
  }

  IndexQuery(EntityStore store, QueryCounters counters, long maxBytes) {
    this.store = store;
    this.counters = counters;
    this.maxBytes = maxBytes;
  }

  /**
   * One page through an index, or {@link Outcome#NOT_INDEXED} (no index serves the query), or a
   * decline (the index would need too many cursors): the caller then scans.
   */
  Outcome page(
      TableInfo table,
      @Nullable Filter filter,
      QueryPlan plan,
      RowFilter residual,
      @Nullable EntityKey from,
      int limit,
      long deadlineNanos) {
    if (table.settings().indexes().isEmpty()) {
      return Outcome.NOT_INDEXED; // most tables: nothing built per query
    }
    List<IndexDefinition> ready = table.settings().readyIndexes();
    if (ready.isEmpty() || plan.partitionKey() != null || plan.ranges().isEmpty()) {
      return Outcome.NOT_INDEXED;
    }
    Optional<IndexSelection> selection =
        IndexPlanner.select(filter, ready.stream().map(IndexDefinition::property).toList());
    if (selection.isEmpty()) {
      return Outcome.NOT_INDEXED;
    }
    IndexDefinition index =
        ready.stream()
            .filter(i -> i.property().equals(selection.get().property()))
            .findFirst()
            .orElseThrow();
    KeyRange keys =
        plan.ranges().size() == 1 ? ScanTranslation.range(plan.ranges().get(0)) : KeyRange.ALL;
    ScanRequest request =
        new ScanRequest(
            from == null ? keys : keys.resumeAt(from), limit, deadlineNanos, residual, maxBytes);
    IndexPage answer =
        store.scanIndex(table, new IndexScan(index, IndexRanges.of(selection.get()), request));
    if (answer instanceof IndexPage.Declined declined) {
      return new Outcome(null, "index " + index.name() + " declined: " + declined.reason());
    }
    Page page = ((IndexPage.Read) answer).page();
    String description = "index(" + index.name() + ")";
    counters.record(description, page.scanned(), page.entities().size());
    return new Outcome(
        new EntityPage(page.entities(), page.resumeKey(), page.scanned(), description, null), null);
  }
}
